"""Inventions: revealing ideas, crafting, the limit of 4, destruction (HV-L09, HV-I01..I03)."""
from ....jit import njit
from .. import catalog as T
from .. import consts as K
from .. import state as S
from .core import check_progress, decide, log


@njit
def reveal_ideas(C, st, n):
    """Reveal up to n Invention cards into the ideas zone (no size limit, HV-I03). An empty
    Invention deck reveals nothing (assumed: the rulebook never reshuffles it)."""
    for _ in range(n):
        if st.inv_n[S.I_DECK] == 0:
            return
        st.inv_n[S.I_DECK] -= 1
        card = st.inv[S.I_DECK, st.inv_n[S.I_DECK]]
        st.inv[S.I_IDEAS, st.inv_n[S.I_IDEAS]] = card
        st.inv_n[S.I_IDEAS] += 1
        log(C, st, K.EV_IDEA, card, 0, 0)


@njit
def take_from_zone(st, zone, slot):
    card = st.inv[zone, slot]
    last = st.inv_n[zone] - 1
    st.inv[zone, slot] = st.inv[zone, last]
    st.inv_n[zone] = last
    return card


@njit
def discard_crafted(C, st, slot, reason):
    card = take_from_zone(st, S.I_CRAFTED, slot)
    st.sc[S.S_INV_DISCARD] += 1
    log(C, st, K.EV_INV_DISCARD, card, reason, 0)


@njit
def craft(R, C, st, slot, paid, sid, params):
    """HV-I01/I02: move idea `slot` to the inventions zone, paying its Smurfberry cost if `paid`;
    over the limit the team discards one crafted invention of its choice. No new idea."""
    card = take_from_zone(st, S.I_IDEAS, slot)
    cost = R.inv[card, T.INV_COST] if paid else 0
    st.stock[K.BERRY] -= cost
    st.inv[S.I_CRAFTED, st.inv_n[S.I_CRAFTED]] = card
    st.inv_n[S.I_CRAFTED] += 1
    st.sc[S.S_N_CRAFTED] += 1
    log(C, st, K.EV_CRAFT, card, cost, 0)
    n = st.inv_n[S.I_CRAFTED]
    if n > R.setup[T.SU_INVENTIONS_MAX]:
        for i in range(n):
            st.options[i] = i
        discard_crafted(C, st, decide(R, st, K.D_CRAFT_DISCARD, n, sid, params), 0)
    check_progress(R, C, st)


@njit
def destroy_invention(R, C, st, sid, params):
    """Invention destruction: the team discards 1 crafted invention; none crafted, nothing."""
    n = st.inv_n[S.I_CRAFTED]
    if n == 0:
        log(C, st, K.EV_NOTHING, K.NOTHING_TO_DESTROY, 0, 0)
        return
    for i in range(n):
        st.options[i] = i
    discard_crafted(C, st, decide(R, st, K.D_DESTROY_INVENTION, n, sid, params), 1)


@njit
def discard_all_ideas(C, st):
    for i in range(st.inv_n[S.I_IDEAS]):
        st.sc[S.S_INV_DISCARD] += 1
        log(C, st, K.EV_INV_DISCARD, st.inv[S.I_IDEAS, i], 2, 0)
    st.inv_n[S.I_IDEAS] = 0


@njit
def bonus_crafting(R, C, st, sid, params):
    """HV-T07: at this moment of the turn the team may craft ideas it can pay for, one at a
    time, until it passes (option 0)."""
    while st.sc[S.S_OUTCOME] == K.RUNNING:
        k = 1
        st.options[0] = 0
        for i in range(st.inv_n[S.I_IDEAS]):
            if R.inv[st.inv[S.I_IDEAS, i], T.INV_COST] <= st.stock[K.BERRY]:
                st.options[k] = i + 1
                k += 1
        if k == 1:
            return
        opt = st.options[decide(R, st, K.D_CRAFT, k, sid, params)]
        if opt == 0:
            return
        craft(R, C, st, opt - 1, True, sid, params)
