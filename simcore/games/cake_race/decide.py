"""Decisions of the cake race: every question goes to the seat's strategy through `decide`.

Seats may play different strategies: the state holds each seat's strategy id (`st.sid[p]`)
and parameter row (`st.par[p]`). The generic strategies (simcore.policy: first, random,
scripted) are compiled in; any other id is looked up in the cake race's chooser table,
CHOOSERS (simcore.linked): the cake race's own strategies (strategies/cake_race/: threshold,
adaptive, at the ids config.py gives them) bind their compiled kernels there when they are imported, and a plug-in's Python
callback is bound at PLUGIN_SLOT when a plug-in plays (simcore.plugin_chooser). The rules
import no strategy; an id nothing bound answers -1, which `decide` reports as an illegal answer.

A chooser receives `choose(rules, config, state, kind, n, params)` (simcore.linked's
CHOOSE_SIGNATURE): the Rules (the rules in force: board, die faces, deck, and the rule
choices in `R.k`) and the State as the addresses of their buffers (read back with
simcore.packed's `as_record`), the Config as a word tuple (`config.as_config`: players, focal seat,
rivals), the decision, and the deciding seat's parameter row. The deciding seat is the one
whose turn it is, `st.sc[S_CUR]` (every decision is asked in its own turn).

Options:
  stay-at-cake  0 stay (roll, take, turn a card), 1 leave
  move, flee    destination points, nearest to the goal first (option 0 is the greedy walk)
"""
from ...harness import game_kernels
from . import consts as K

# the harness's decision call (simcore.harness.decide), compiled as this module's kernel
H = game_kernels(__name__, K.STREAM_POLICY)
CHOOSERS = H.choosers            # the chooser table's symbol
decide = H.decide
