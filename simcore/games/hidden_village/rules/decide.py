"""Every decision of the game goes through `decide`: the kernel has listed the legal options
in st.options[:n]; the strategy picks one. Generic strategies (simcore.policy) and this game's
own (heuristics.py) are compiled in and chosen by id."""
from ....jit import njit
from ....policy import N_GENERIC, choose_generic
from .. import state as S
from ..heuristics import GREEDY, choose_greedy


@njit
def decide(R, st, kind, n, sid, params):
    """Ask the strategy for an index into st.options[:n]; a forced move (n == 1) is not asked."""
    st.decisions[kind] += 1
    if n == 1:
        return 0
    if sid < N_GENERIC:
        idx = choose_generic(sid, st.rng, 3, n, params, st.sc[S.S_ASKED])
    elif sid == GREEDY:
        idx = choose_greedy(R, st, kind, n, params)
    else:
        idx = -1
    st.sc[S.S_ASKED] += 1
    if idx < 0 or idx >= n:
        raise ValueError("strategy returned an index outside the legal options")
    return idx
