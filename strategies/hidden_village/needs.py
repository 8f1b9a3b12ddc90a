"""What the team still needs, as Hidden Village's own strategies read it: the resources the
unbuilt houses and unprepared cakes lack (counted once per decision: `cache_requirements`),
the objectives left, the value of a unit of each resource, the starting cards still to come."""
from collections import namedtuple

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.jit import njit

from .params import P_NEED, P_SPARE

# What the unbuilt houses and the unprepared cakes still require (objectives(), one pass):
# units: per resource, what the houses' roofs and the stock cakes need (a tuple indexed by
# resource); cakes_open: the mask of the requirement kinds (consts.CAKE_*) still unprepared.
Required = namedtuple("Required", ("units", "cakes_open"))


@njit
def need(R, C, st, r):
    """Units of resource r the unbuilt houses and the unprepared stock cakes still lack."""
    if counts_current(st):
        return st.scratch[S.X_REQ_0 + r] - st.stock[r]
    return objectives(R, C, st).units[r] - st.stock[r]


@njit(inline="always")
def counts_current(st):
    """Do REQ_* and CAKES_OPEN hold what the objectives require now? They do until a rule
    builds or destroys a house or prepares a cake (S_OBJ_VER). A state whose houses or cakes
    are edited from Python outside the rules needs st.scratch[X_REQ_VER] = 0."""
    return st.scratch[S.X_REQ_VER] == st.sc[S.S_OBJ_VER] + 1


@njit(inline="always")   # typed into the two choosers: most decisions find the counts current
def cache_requirements(R, C, st):
    """Count what the objectives require, unless the counts kept are current: a decision's
    options then read them instead of recounting the houses and cakes."""
    if not counts_current(st):
        recount_requirements(R, C, st)


@njit
def recount_requirements(R, C, st):
    req = objectives(R, C, st)
    st.scratch[S.X_REQ_0] = req.units[0]
    st.scratch[S.X_REQ_1] = req.units[1]
    st.scratch[S.X_REQ_2] = req.units[2]
    st.scratch[S.X_CAKES_OPEN] = req.cakes_open
    st.scratch[S.X_REQ_VER] = st.sc[S.S_OBJ_VER] + 1


@njit
def objectives(R, C, st):
    """What the unbuilt houses and the unprepared cakes require, in one pass (a Required:
    units per resource, and the mask of the unprepared cakes' requirement kinds)."""
    n0 = 0
    n1 = 0
    n2 = 0
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0:
            roof = st.house_roof[h]
            n0 += R.roof_cost[roof, 0]
            n1 += R.roof_cost[roof, 1]
            n2 += R.roof_cost[roof, 2]
    cakes = 0
    for i in range(st.sc[S.S_N_CAKES]):
        if st.cake_done[i] == 0:
            c = st.cake[i]
            req = R.cake[c, T.CAKE_REQ]
            cakes |= 1 << req
            if req == K.CAKE_STOCK_EACH:
                m = R.cake[c, T.CAKE_N]
                n0 = max(n0, m)
                n1 = max(n1, m)
                n2 = max(n2, m)
            elif req == K.CAKE_STOCK_OF:
                r = R.cake[c, T.CAKE_RES]
                m = R.cake[c, T.CAKE_N]
                if r == 0:
                    n0 = max(n0, m)
                elif r == 1:
                    n1 = max(n1, m)
                elif r == 2:
                    n2 = max(n2, m)
            elif req == K.CAKE_STOCK_TOTAL:
                m = (R.cake[c, T.CAKE_N] + 2) // 3
                n0 = max(n0, m)
                n1 = max(n1, m)
                n2 = max(n2, m)
    return Required((n0, n1, n2), cakes)


@njit
def res_value(R, C, st, params, r):
    return params[P_NEED] if need(R, C, st, r) > 0 else params[P_SPARE]


@njit
def cake_open(R, C, st, req):
    """Is a cake with requirement kind `req` still unprepared?"""
    if counts_current(st):
        return (st.scratch[S.X_CAKES_OPEN] >> req) & 1 != 0
    return (objectives(R, C, st).cakes_open >> req) & 1 != 0


@njit
def starting_cards_left(R, C, st, at_most=1 << 30):
    """Starting Smurf cards in the hands and the discard pile, counted up to `at_most` (the
    count stops there: `at_most=1` asks whether any is left)."""
    n = 0
    for p in range(C.players):
        for s in range(st.hand_n[p]):
            if R.smurf_kind[st.hand[p, s]] == K.KIND_STARTING:
                n += 1
                if n >= at_most:
                    return n
    for i in range(st.pile_n[S.P_DISCARD]):
        if R.smurf_kind[st.piles[S.P_DISCARD, i]] == K.KIND_STARTING:
            n += 1
            if n >= at_most:
                return n
    return n
