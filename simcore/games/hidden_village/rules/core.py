"""Shared kernels: the game log, decisions, resources, cakes and the victory check."""
from ....harness import event
from ....jit import njit
from .. import consts as K
from .. import state as S
from .. import tables as T
from .decide import decide
from .query import stock_total


@njit
def log(st, kind, a, b, c):
    """Record an event (kind, round, the player whose turn it is, a, b, c) when the game log
    is on (simcore.harness.event)."""
    event(st, kind, st.sc[S.S_ROUND], st.sc[S.S_CUR], a, b, c)


# ------------------------------------------------------------------ resources (HV-R01)
@njit
def gain(R, C, st, r, n):
    """Add n of resource r to the stock (capped by the box's tokens with finite_supply)."""
    if C.finite_supply:
        room = R.setup[T.SU_SUPPLY_CAP] - st.stock[r]
        if n > room:
            n = room
    if n > 0:
        st.stock[r] += n
        log(st, K.EV_GAIN, r, n, 0)


@njit
def give_up_choice(R, C, st, n, kind, event):
    """Give up n resources of the team's choice (decision `kind`), one at a time, as many as
    the stock holds; each is logged as `event` (a loss, or a payment)."""
    for i in range(n):
        k = 0
        for r in range(K.N_RES):
            if st.stock[r] > 0:
                st.options[k] = r
                k += 1
        if k == 0:
            log(st, K.EV_NOTHING, K.NOTHING_TO_LOSE, n - i, 0)
            return
        r = st.options[decide(R, C, st, kind, k)]
        st.stock[r] -= 1
        log(st, event, r, 1, 0)


@njit
def lose_choice(R, C, st, n):
    """Lose n resources of the team's choice (Shortage, Gargamel), as many as possible."""
    give_up_choice(R, C, st, n, K.D_LOSE_ONE, K.EV_LOSE)


@njit
def gain_choice(R, C, st):
    """Gain 1 resource of the team's choice (Find)."""
    k = 0
    for r in range(K.N_RES):
        if not C.finite_supply or st.stock[r] < R.setup[T.SU_SUPPLY_CAP]:
            st.options[k] = r
            k += 1
    if k == 0:
        return
    r = st.options[decide(R, C, st, K.D_GAIN_ONE, k)]
    gain(R, C, st, r, 1)


# ------------------------------------------------------------------ objectives (HV-K01, HV-G01)
@njit
def houses_built(st):
    n = 0
    for h in range(st.sc[S.S_N_HOUSES]):
        n += st.house_built[h]
    return n


@njit(inline="always")   # typed into check_progress, its only caller, asked after every action
def cake_ready(R, st, cake):
    req = R.cake[cake, T.CAKE_REQ]
    n = R.cake[cake, T.CAKE_N]
    if req == K.CAKE_STOCK_TOTAL:
        return stock_total(st) >= n
    if req == K.CAKE_DANGER_STREAK:
        return st.sc[S.S_DANGER_STREAK] >= n
    if req == K.CAKE_BUILDS_IN_ROUND:
        return st.sc[S.S_BUILDS_ROUND] >= n
    if req == K.CAKE_STOCK_EACH:
        return st.stock[0] >= n and st.stock[1] >= n and st.stock[2] >= n
    if req == K.CAKE_STOCK_OF:
        return st.stock[R.cake[cake, T.CAKE_RES]] >= n
    if req == K.CAKE_CRAFTED:
        return st.inv_n[S.I_CRAFTED] >= n
    if req == K.CAKE_RESCUES_IN_ROUND:
        return st.sc[S.S_RESCUES_ROUND] >= n
    if req == K.CAKE_HOUSES_BUILT:
        return houses_built(st) >= n
    if req == K.CAKE_IDEAS:
        return st.inv_n[S.I_IDEAS] >= n
    return False


@njit
def objectives_met(st):
    """HV-G01: the Dark Forest deck is empty, every house built, every cake prepared."""
    if st.pile_n[S.P_FOREST] != 0:
        return False
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0:
            return False
    for i in range(st.sc[S.S_N_CAKES]):
        if st.cake_done[i] == 0:
            return False
    return True


@njit
def objectives_changed(st):
    """A house was built or destroyed or a cake prepared: what the objectives still require
    must be counted again (the strategies' needs.cache_requirements). Every rule that does so calls it."""
    st.sc[S.S_OBJ_VER] += 1


@njit
def check_progress(R, st):
    """Prepare every cake whose prerequisite holds now (HV-K01), then check victory (HV-G01)."""
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    for i in range(st.sc[S.S_N_CAKES]):
        if st.cake_done[i] == 0 and cake_ready(R, st, st.cake[i]):
            st.cake_done[i] = 1
            objectives_changed(st)
            log(st, K.EV_CAKE, st.cake[i], 0, 0)
    if objectives_met(st):
        st.sc[S.S_OUTCOME] = K.WIN
        log(st, K.EV_OUTCOME, K.WIN, 0, 0)


@njit
def move_azrael(st, steps):
    """Azrael advances location by location in ascending order, 8 wrapping to 1 (HV-E03)."""
    if steps > 0:
        before = st.sc[S.S_AZRAEL]
        st.sc[S.S_AZRAEL] = (before + steps) % K.N_LOCATIONS
        log(st, K.EV_AZRAEL, before, st.sc[S.S_AZRAEL], 0)


# ------------------------------------------------------------------ card abilities (HV-T08, HV-T09)


@njit
def log_ability(st, source, card, op):
    """A card's ability changed the game (`source`: consts.FROM_SMURF or FROM_INVENTION)."""
    st.sc[S.S_N_ABILITIES] += 1
    log(st, K.EV_ABILITY, source, card, op)
