"""Hidden Village's own strategies (greedy, planner) compiled apart from the rules: one
C-callable kernel exported as SYMBOL, reached from the rules' `decide` through `choose_own`
(simcore.linked says why: the rule kernels no longer each carry a copy of the strategies).

Importing this module registers the symbol; rules/decide.py imports it, so it happens before
any rule kernel is compiled or loaded. Under NUMBA_DISABLE_JIT (plain Python) `choose_own`
calls the strategies directly."""
import numba

from ...jit import cfunc
from ...linked import CHOOSE_SIGNATURE, chooser_call, export
from ...packed import as_record
from .heuristics import GREEDY, choose_greedy
from .planner import PLANNER, choose_planner

SYMBOL = "meeplesim_hidden_village_choose"


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, state, kind, n, sid, params, n_params):
    R = as_record(rules, "HiddenVillageRules")
    st = as_record(state, "HiddenVillageState")
    p = numba.carray(params, n_params)
    if sid == GREEDY:
        return choose_greedy(R, st, kind, n, p)
    if sid == PLANNER:
        return choose_planner(R, st, kind, n, p)
    return -1


def _choose_directly(R, st, kind, n, sid, params):
    if sid == GREEDY:
        return choose_greedy(R, st, kind, n, params)
    if sid == PLANNER:
        return choose_planner(R, st, kind, n, params)
    return -1


if numba.config.DISABLE_JIT:
    choose_own = _choose_directly
else:
    export(SYMBOL, choose_exported)
    choose_own = chooser_call(SYMBOL)
