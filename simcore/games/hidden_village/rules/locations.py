"""Placing a meeple and performing location actions (HV-T03, HV-T04, HV-L01..L11, HV-A01,
HV-A04)."""
from ....jit import njit
from .. import catalog as T
from .. import consts as K
from .. import state as S
from .cards import draw_lost_smurf, relocate
from .core import check_progress, decide, gain, log
from .dice import roll_and_apply
from .inventions import craft, reveal_ideas


@njit
def next_free_space(R, st, a):
    """Index of the first free space of action a, or -1 if it is full (HV-L02)."""
    for s in range(R.act[a, T.A_SPACES]):
        if st.occ[a, s] < 0:
            return s
    return -1


@njit
def action_cost(R, st, a, house, r):
    """What performing action a costs in resource r: its printed cost, Gargamel's lasting
    extra cost, and for a build the roof of `house` (HV-L05, HV-L11)."""
    n = R.act[a, T.A_COST + r] + st.loc_mod[R.act[a, T.A_LOC], S.LM_EXTRA + r]
    if house >= 0:
        n += R.roof_cost[st.house_roof[house], r]
    return n


@njit
def affordable(R, st, a, house):
    for r in range(K.N_RES):
        if st.stock[r] < action_cost(R, st, a, house, r):
            return False
    return True


@njit
def can_perform(R, st, a):
    """HV-L05: the stock can pay the action (for a build: some unbuilt house's roof too)."""
    if R.act[a, T.A_EFFECT] == K.ACT_BUILD:
        for h in range(st.sc[S.S_N_HOUSES]):
            if st.house_built[h] == 0 and affordable(R, st, a, h):
                return True
        return False
    return affordable(R, st, a, -1)


@njit
def placement_legal(R, st, a):
    """A meeple may go to a free space of action a, unless Gargamel blocks the location, or the
    space is the last one and the action cannot be paid (HV-L05)."""
    if st.loc_mod[R.act[a, T.A_LOC], S.LM_BLOCKED]:
        return False
    s = next_free_space(R, st, a)
    if s < 0:
        return False
    if s == R.act[a, T.A_SPACES] - 1:
        return can_perform(R, st, a)
    return True


@njit
def enumerate_placements(R, st):
    k = 0
    for a in range(K.N_ACTIONS):
        if placement_legal(R, st, a):
            st.options[k] = a
            k += 1
    return k


@njit
def rescue(R, C, st, p, sid, params):
    """HV-L07: draw 1 lost Smurf into the hand and/or send 1 nest meeple back to the esplanade.
    Taking from the additional pile is optional ('you may'), so with an empty Dark Forest the
    team may also decline to draw (option 0)."""
    can_draw = st.pile_n[S.P_FOREST] > 0 or st.pile_n[S.P_EXTRA] > 0
    can_free = st.sc[S.S_NEST] > 0
    k = 0
    if can_draw and st.pile_n[S.P_FOREST] == 0:
        st.options[k] = 0
        k += 1
    if can_draw:
        st.options[k] = 1
        k += 1
    if can_free:
        st.options[k] = 2
        k += 1
    if can_draw and can_free:
        st.options[k] = 3
        k += 1
    if k == 0:
        log(C, st, K.EV_NOTHING, K.NOTHING_EFFECT, 0, 0)
        return
    mode = st.options[decide(R, st, K.D_RESCUE, k, sid, params)]
    if mode & 1:
        src = draw_lost_smurf(C, st, p)
        if src > 0:
            st.sc[S.S_N_RESCUES] += 1
        if src == 1:
            st.sc[S.S_RESCUES_ROUND] += 1
    if mode & 2:
        st.sc[S.S_NEST] -= 1
        st.sc[S.S_ESPLANADE] += 1
        log(C, st, K.EV_RESCUE_NEST, st.sc[S.S_NEST], 0, 0)


@njit
def collect_different(R, C, st, sid, params):
    """HV-L08: 2 different resources of the team's choice (option = 3 * first + second).
    With finite_supply, pairs whose two types both have tokens left come first: if there is
    one, only those are offered; otherwise every pair, and the gain takes what is left."""
    k = 0
    for pass_ in range(2):
        for r1 in range(K.N_RES):
            for r2 in range(r1 + 1, K.N_RES):
                if pass_ == 1 or not C.finite_supply or (
                        st.stock[r1] < R.setup[T.SU_SUPPLY_CAP] and st.stock[r2] < R.setup[T.SU_SUPPLY_CAP]):
                    st.options[k] = 3 * r1 + r2
                    k += 1
        if k > 0:
            break
    opt = st.options[decide(R, st, K.D_GAIN_PAIR, k, sid, params)]
    gain(R, C, st, opt // 3, 1)
    gain(R, C, st, opt % 3, 1)


@njit
def free_craft(R, C, st, sid, params):
    """HV-L09 upper: move 1 idea of the team's choice to the inventions zone for free."""
    n = st.inv_n[S.I_IDEAS]
    if n == 0:
        log(C, st, K.EV_NOTHING, K.NOTHING_EFFECT, 0, 0)
        return
    for i in range(n):
        st.options[i] = i
    craft(R, C, st, decide(R, st, K.D_FREE_CRAFT, n, sid, params), False, sid, params)


@njit
def choose_house(R, st, a, sid, params):
    k = 0
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0 and affordable(R, st, a, h):
            st.options[k] = h
            k += 1
    return st.options[decide(R, st, K.D_BUILD, k, sid, params)]


@njit
def perform(R, C, st, a, p, sid, params):
    """HV-T04: pay, roll what must be rolled, then apply the effect (HV-L05, HV-L06, HV-A04).
    A build chooses its house when paying, since the roof is part of the cost."""
    loc = R.act[a, T.A_LOC]
    eff = R.act[a, T.A_EFFECT]
    house = -1
    if eff == K.ACT_BUILD:
        house = choose_house(R, st, a, sid, params)
    for r in range(K.N_RES):
        n = action_cost(R, st, a, house, r)
        if n > 0:
            st.stock[r] -= n
            log(C, st, K.EV_PAY, r, n, 0)
    dangerous = R.act[a, T.A_DANGER] != 0 or st.loc_mod[loc, S.LM_DANGER] != 0
    st.sc[S.S_N_ACTIONS] += 1
    log(C, st, K.EV_ACTION, a, 1 if dangerous else 0, 0)
    if st.sc[S.S_AZRAEL] == loc:
        roll_and_apply(R, C, st, K.DIE_AZRAEL, p, sid, params)
    if dangerous:
        st.sc[S.S_N_DANGEROUS] += 1
        st.sc[S.S_DANGER_STREAK] += 1
        roll_and_apply(R, C, st, C.danger_die, p, sid, params)
    else:
        st.sc[S.S_DANGER_STREAK] = 0
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    if eff == K.ACT_RESCUE:
        rescue(R, C, st, p, sid, params)
    elif eff == K.ACT_COLLECT:
        gain(R, C, st, R.act[a, T.A_RES], R.act[a, T.A_AMOUNT])
    elif eff == K.ACT_COLLECT_DIFFERENT:
        collect_different(R, C, st, sid, params)
    elif eff == K.ACT_CRAFT_FREE:
        free_craft(R, C, st, sid, params)
    elif eff == K.ACT_REVEAL_IDEAS:
        reveal_ideas(C, st, R.act[a, T.A_AMOUNT])
    elif eff == K.ACT_RELOCATE:
        relocate(R, C, st, False, sid, params)
    elif eff == K.ACT_BUILD:
        st.house_built[house] = 1
        st.sc[S.S_BUILDS_ROUND] += 1
        log(C, st, K.EV_BUILD, house, st.house_roof[house], 0)
        check_progress(R, C, st)
        if st.sc[S.S_OUTCOME] == K.RUNNING:
            relocate(R, C, st, True, sid, params)
    check_progress(R, C, st)


@njit
def place_meeple(R, C, st, a, p, sid, params):
    """HV-T03/T04: put a meeple from the esplanade on the next free space of action a; perform
    the action if the space was the last one; the Azrael die is rolled for every meeple
    placed where he is (HV-A01), together with the danger die for a dangerous action (HV-A04)."""
    s = next_free_space(R, st, a)
    st.occ[a, s] = p
    st.sc[S.S_ESPLANADE] -= 1
    filled = s == R.act[a, T.A_SPACES] - 1
    log(C, st, K.EV_PLACE, a, s, 1 if filled else 0)
    if filled:
        perform(R, C, st, a, p, sid, params)
    elif st.sc[S.S_AZRAEL] == R.act[a, T.A_LOC]:
        roll_and_apply(R, C, st, K.DIE_AZRAEL, p, sid, params)
        check_progress(R, C, st)
