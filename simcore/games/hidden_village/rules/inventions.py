"""Inventions: revealing ideas, crafting, the limit of 4, destruction (HV-L09, HV-I01..I03)."""
from ....jit import njit
from .. import consts as K
from .. import state as S
from .. import tables as T
from .core import check_progress, log
from .decide import decide
from .query import inv_sum


@njit
def reveal_ideas(st, n):
    """Reveal up to n Invention cards into the ideas zone (no size limit, HV-I03). An empty
    Invention deck reveals nothing (assumed: the rulebook never reshuffles it)."""
    for _ in range(n):
        if st.inv_n[S.I_DECK] == 0:
            return
        st.inv_n[S.I_DECK] -= 1
        card = st.inv[S.I_DECK, st.inv_n[S.I_DECK]]
        st.inv[S.I_IDEAS, st.inv_n[S.I_IDEAS]] = card
        st.inv_n[S.I_IDEAS] += 1
        log(st, K.EV_IDEA, card, 0, 0)


@njit
def take_from_zone(R, st, zone, slot):
    card = st.inv[zone, slot]
    last = st.inv_n[zone] - 1
    st.inv[zone, slot] = st.inv[zone, last]
    st.inv_n[zone] = last
    if zone == S.I_CRAFTED:
        st.inv_occ[slot] = st.inv_occ[last]
        st.inv_occ[last] = 0
        recount_crafted_ops(R, st)
    return card


@njit
def recount_crafted_ops(R, st):
    """S_CRAFTED_OPS from the inventions zone: the op masks of the crafted inventions or-ed."""
    ops = 0
    for i in range(st.inv_n[S.I_CRAFTED]):
        ops |= R.inv_ops[st.inv[S.I_CRAFTED, i]]
    st.sc[S.S_CRAFTED_OPS] = ops


@njit
def robot_leaves(R, C, st):
    """HV-N14: the Robot Assistant's meeple leaves play; if the esplanade is empty, a meeple on
    an action (the team's choice) leaves the game instead (else one in the nest)."""
    if st.sc[S.S_ESPLANADE] > 0:
        st.sc[S.S_ESPLANADE] -= 1
    else:
        k = 0
        for a in range(K.N_ACTIONS):
            for s in range(K.MAX_SPACES):
                if st.occ[a, s] >= 0:
                    st.options[k] = a * K.MAX_SPACES + s
                    k += 1
        if k > 0:
            opt = st.options[decide(R, C, st, K.D_ROBOT_REMOVE, k)]
            st.occ[opt // K.MAX_SPACES, opt % K.MAX_SPACES] = -1
        elif st.sc[S.S_NEST] > 0:
            st.sc[S.S_NEST] -= 1
        elif st.sc[S.S_IDLE] > 0:
            st.sc[S.S_IDLE] -= 1
        else:
            st.sc[S.S_INV_ORPHANS] -= 1
    st.sc[S.S_MEEPLES] -= 1
    log(st, K.EV_MEEPLE_OUT, st.sc[S.S_MEEPLES], 0, 0)


@njit
def discard_crafted(R, C, st, slot, reason):
    """A crafted invention leaves the inventions zone. A meeple on it stays in the zone until
    the end of the round (HV-I04); the Robot Assistant takes its meeple along (HV-N14)."""
    if st.inv_occ[slot]:
        st.sc[S.S_INV_ORPHANS] += 1
    card = take_from_zone(R, st, S.I_CRAFTED, slot)
    st.sc[S.S_INV_DISCARD] += 1
    log(st, K.EV_INV_DISCARD, card, reason, 0)
    if R.inv_op[card, K.OP_EXTRA_MEEPLE, K.OPV_ON]:
        robot_leaves(R, C, st)


@njit
def used_up(R, C, st, slot):
    """HV-I05: a single-use invention whose effect acts at its moment (a Wardrobe's second lost
    Smurf, a Shovel's extra resource, in the data's single-use readings) is discarded once it
    has acted; a durable one stays."""
    card = st.inv[S.I_CRAFTED, slot]
    if R.inv[card, T.INV_TYPE] == K.INV_SINGLE_USE:
        st.sc[S.S_N_INV_USED] += 1
        discard_crafted(R, C, st, slot, K.INV_OUT_SPENT)


@njit
def craft(R, C, st, slot, paid, discount):
    """HV-I01/I02: move idea `slot` to the inventions zone, paying its Smurfberry cost if `paid`;
    over the limit the team discards one crafted invention of its choice. No new idea."""
    card = take_from_zone(R, st, S.I_IDEAS, slot)
    cost = craft_cost(R, st, card, discount) if paid else 0
    st.stock[K.BERRY] -= cost
    st.inv[S.I_CRAFTED, st.inv_n[S.I_CRAFTED]] = card
    st.inv_occ[st.inv_n[S.I_CRAFTED]] = 0
    st.inv_n[S.I_CRAFTED] += 1
    st.sc[S.S_CRAFTED_OPS] |= R.inv_ops[card]
    st.sc[S.S_N_CRAFTED] += 1
    log(st, K.EV_CRAFT, card, cost, 0)
    if R.inv_op[card, K.OP_EXTRA_MEEPLE, K.OPV_ON]:
        # HV-N14: the 9th meeple joins the esplanade
        st.sc[S.S_MEEPLES] += 1
        st.sc[S.S_ESPLANADE] += 1
        log(st, K.EV_MEEPLE_IN, st.sc[S.S_MEEPLES], 0, 0)
    n = st.inv_n[S.I_CRAFTED]
    if n > R.setup[T.SU_INVENTIONS_MAX]:
        for i in range(n):
            st.options[i] = i
        out = decide(R, C, st, K.D_CRAFT_DISCARD, n)
        discard_crafted(R, C, st, out, K.INV_OUT_OVER_LIMIT)
    check_progress(R, st)


@njit
def craft_cost(R, st, card, discount):
    """Smurfberries to craft `card`: its printed cost less a discount (Toolbox, Baker Smurf)."""
    return price_less(R, card, discount + inv_sum(R, st, K.OP_CRAFT_DISCOUNT))


@njit
def price_less(R, card, discount):
    """`card`'s printed crafting cost less `discount` (every discount counted), never below 0."""
    cost = R.inv[card, T.INV_COST] - discount
    return cost if cost > 0 else 0


@njit
def destroy_invention(R, C, st):
    """Invention destruction: the team discards 1 crafted invention; none crafted, nothing."""
    n = st.inv_n[S.I_CRAFTED]
    if n == 0:
        log(st, K.EV_NOTHING, K.NOTHING_TO_DESTROY, 0, 0)
        return
    for i in range(n):
        st.options[i] = i
    slot = decide(R, C, st, K.D_DESTROY_INVENTION, n)
    discard_crafted(R, C, st, slot, K.INV_OUT_DESTROYED)


@njit
def discard_all_ideas(st):
    for i in range(st.inv_n[S.I_IDEAS]):
        st.sc[S.S_INV_DISCARD] += 1
        log(st, K.EV_INV_DISCARD, st.inv[S.I_IDEAS, i], K.INV_OUT_BURNED, 0)
    st.inv_n[S.I_IDEAS] = 0
