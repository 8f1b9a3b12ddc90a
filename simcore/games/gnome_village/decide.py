"""Every decision of Gnome Village goes through `decide`: the kernel has listed the legal options
in st.options[:n]; the deciding seat's strategy picks one, by id. The generic strategies
(simcore.policy: first, random, scripted) are compiled in; any other id is looked up in the
game's chooser table, CHOOSERS (simcore.linked): Gnome Village's own strategies
(strategies/gnome_village/) bind their compiled kernels there when they are imported, and a
plug-in's Python callback is bound at PLUGIN_SLOT. The rules import no strategy; an id nothing
bound answers -1, which `decide` reports as an illegal answer.

A chooser receives `choose(rules, config, state, kind, n, params)`: the Rules and the State as
the addresses of their buffers (read back with `as_rules` / `as_state`), the Config as a word
tuple (config.as_config), the decision (consts.D_*), the option count and the deciding seat's
parameter row. The deciding seat is `st.ctl[H_SEAT]`.
"""
from ...harness import game_kernels
from . import consts as K

# the harness's decision call (simcore.harness.decide), compiled as this module's kernel
H = game_kernels(__name__, K.STREAM_POLICY)
CHOOSERS = H.choosers            # the chooser table's symbol
decide = H.decide
