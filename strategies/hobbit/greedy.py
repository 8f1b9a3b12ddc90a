"""The `greedy` strategy of the Hobbit deck-builder: every option valued by values.fill_values
(a card by its effect rows and VP with named weights, the phase and the mode considered), the
first of the best taken.

Importing this module compiles (or loads from the kernel cache) greedy's chooser and binds it
to its id in the rules' chooser table (simcore.linked): only a run that seats greedy pays for
it.
"""
from simcore.games.hobbit import state as S
from simcore.games.hobbit.config import as_config
from strategies.hobbit.ids import GREEDY
from simcore.games.hobbit.decide import CHOOSERS
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record

from .values import best_index, fill_values, option_floats


@njit
def choose_at(R, C, st, kind, n, params, off):
    """Greedy's choice with its weights read from params[off:] (lookahead and skill hold them
    after their own parameters)."""
    out = option_floats()
    fill_values(R, C, st, st.ctl[S.H_SEAT], kind, n, params, off, out)
    return best_index(out, n)


@njit
def choose_greedy(R, C, st, kind, n, params):
    return choose_at(R, C, st, kind, n, params, 0)


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """greedy as the rules call it: the records and the parameter vector by address."""
    return choose_greedy(as_record(rules, "HobbitRules"), as_config(config),
                         as_record(state, "HobbitState"), kind, n, params)


bind(CHOOSERS, GREEDY, choose_exported, choose_greedy)
