"""Hidden Village's own strategies (greedy, planner) compiled apart from the rules: one
C-callable kernel exported as SYMBOL, reached from the rules' `decide` through `choose_own`
(simcore.linked says why: the rule kernels no longer each carry a copy of the strategies).

Importing this module registers the symbol; rules/decide.py imports it, so it happens before
any rule kernel is compiled or loaded. Under NUMBA_DISABLE_JIT (plain Python) `choose_own`
calls the strategies directly."""
import numba

from ...jit import cfunc, njit
from ...linked import CHOOSE_SIGNATURE, chooser_call, export
from ...packed import as_record
from .heuristics import GREEDY, choose_greedy
from .planner import PLANNER, choose_planner

SYMBOL = "meeplesim_hidden_village_choose"


@njit(inline="always")   # typed into choose_exported: no separately compiled copy
def choose_by_id(R, st, kind, n, sid, params):
    """The game's own strategy `sid` answers; -1 for any other id."""
    if sid == GREEDY:
        return choose_greedy(R, st, kind, n, params)
    if sid == PLANNER:
        return choose_planner(R, st, kind, n, params)
    return -1


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, state, kind, n, sid, params):
    """The strategies read the parameter vector through its address (`params[i]` on the
    pointer): one machine word on every call between their kernels, where an array is seven
    (greedy measured +10% games/s)."""
    return choose_by_id(as_record(rules, "HiddenVillageRules"), as_record(state, "HiddenVillageState"),
                        kind, n, sid, params)


if numba.config.DISABLE_JIT:
    choose_own = choose_by_id
else:
    export(SYMBOL, choose_exported)
    choose_own = chooser_call(SYMBOL)
