"""Placing a meeple and performing actions (HV-T03, HV-T04, HV-L01..L11, HV-A01, HV-A04,
HV-I04), with the placement limits and cost changes of the card played this turn (HV-N01,
HV-N08..N10) and of crafted inventions."""
from ....jit import njit
from .. import consts as K
from .. import state as S
from .. import tables as T
from .cards import draw_lost_smurf, relocate
from .core import check_progress, gain, give_up_choice, log, log_ability, objectives_changed
from .decide import decide
from .dice import roll_and_apply
from .effects import collect, collect_pair, instant
from .inventions import craft, reveal_ideas, used_up
from .query import (affordable_under, can_pay, can_perform, cost_of, cost_rules, handy_discount,
                    inv_slot, invention_cost, next_free_space, of_res, played_on, played_val)


@njit
def rescue(R, C, st, p):
    """HV-L07: draw 1 lost Smurf into the hand and/or send 1 nest meeple back to the esplanade.
    Taking from the additional pile is optional ('you may'), so with an empty Dark Forest the
    team may also decline to draw (option 0). Then Willow's second card (HV-N04), the
    Wardrobe's (HV-N17, not a rescue), and the Poet's 2 different resources (HV-N03)."""
    can_draw = st.pile_n[S.P_FOREST] > 0 or st.pile_n[S.P_EXTRA] > 0
    can_free = st.sc[S.S_NEST] > 0
    k = 0
    if can_draw and st.pile_n[S.P_FOREST] == 0:
        st.options[k] = K.RESCUE_NONE
        k += 1
    if can_draw:
        st.options[k] = K.RESCUE_DRAW
        k += 1
    if can_free:
        st.options[k] = K.RESCUE_FREE
        k += 1
    if can_draw and can_free:
        st.options[k] = K.RESCUE_DRAW | K.RESCUE_FREE
        k += 1
    if k == 0:
        log(st, K.EV_NOTHING, K.NOTHING_EFFECT, 0, 0)
        return
    mode = st.options[decide(R, C, st, K.D_RESCUE, k)]
    card = st.sc[S.S_PLAYED]
    rescued = False
    if mode & K.RESCUE_DRAW:
        src = draw_lost_smurf(st, p)
        if src > 0:
            rescued = True
            st.sc[S.S_N_RESCUES] += 1
            if src == 1:
                st.sc[S.S_RESCUES_ROUND] += 1
            if played_on(R, st, K.OP_RESCUE_SECOND_DRAW) and (st.pile_n[S.P_FOREST] > 0 or st.pile_n[S.P_EXTRA] > 0):
                st.options[0] = 0
                st.options[1] = 1
                if st.options[decide(R, C, st, K.D_SECOND_DRAW, 2)] == 1:
                    src2 = draw_lost_smurf(st, p)
                    st.sc[S.S_N_RESCUES] += 1
                    if src2 == 1:
                        st.sc[S.S_RESCUES_ROUND] += 1
                    log_ability(st, K.FROM_SMURF, card, K.OP_RESCUE_SECOND_DRAW)
            slot = inv_slot(R, st, K.OP_SECOND_LOST)
            if slot >= 0 and draw_lost_smurf(st, p) > 0:
                log_ability(st, K.FROM_INVENTION, st.inv[S.I_CRAFTED, slot], K.OP_SECOND_LOST)
                used_up(R, C, st, slot)   # a single-use Wardrobe goes
    if mode & K.RESCUE_FREE:
        rescued = True
        st.sc[S.S_NEST] -= 1
        st.sc[S.S_ESPLANADE] += 1
        log(st, K.EV_RESCUE_NEST, st.sc[S.S_NEST], 0, 0)
    if rescued and played_on(R, st, K.OP_RESCUE_GAIN_DIFFERENT):
        log_ability(st, K.FROM_SMURF, card, K.OP_RESCUE_GAIN_DIFFERENT)
        k = 0
        for r1 in range(K.N_RES):
            for r2 in range(r1 + 1, K.N_RES):
                st.options[k] = K.PAIR_BASE * r1 + r2
                k += 1
        opt = st.options[decide(R, C, st, K.D_GAIN_PAIR, k)]
        gain(R, C, st, opt // K.PAIR_BASE, 1)
        gain(R, C, st, opt % K.PAIR_BASE, 1)


@njit
def free_craft(R, C, st):
    """HV-L09 upper: move 1 idea of the team's choice to the inventions zone for free."""
    n = st.inv_n[S.I_IDEAS]
    if n == 0:
        log(st, K.EV_NOTHING, K.NOTHING_EFFECT, 0, 0)
        return
    for i in range(n):
        st.options[i] = i
    craft(R, C, st, decide(R, C, st, K.D_FREE_CRAFT, n), False, 0)


@njit
def choose_house(R, C, st, a):
    k = 0
    cr = cost_rules(R, st)
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0 and affordable_under(R, st, cr, a, h):
            st.options[k] = h
            k += 1
    return st.options[decide(R, C, st, K.D_BUILD, k)]


@njit
def pay_action(R, C, st, a, house):
    """HV-L05: pay the action's cost; the Handy Smurf's discount on a resource of the team's
    choice (HV: builds only); the Grumpy Smurf's extra resource of the team's choice."""
    card = st.sc[S.S_PLAYED]
    cr = cost_rules(R, st)
    c0 = cost_of(R, st, cr, a, house, 0)
    c1 = cost_of(R, st, cr, a, house, 1)
    c2 = cost_of(R, st, cr, a, house, 2)
    discounted = -1
    b = handy_discount(R, cr, a)
    if b > 0:
        k = 0
        for r in range(K.N_RES):
            if of_res(c0, c1, c2, r) > 0 and can_pay(st, cr.grumpy, c0, c1, c2, r, b):
                st.options[k] = r
                k += 1
        if k > 0:
            discounted = st.options[decide(R, C, st, K.D_DISCOUNT, k)]
            log_ability(st, K.FROM_SMURF, card, K.OP_BUILD_DISCOUNT)
    for r in range(K.N_RES):
        n = of_res(c0, c1, c2, r)
        if r == discounted:
            n = n - b if n > b else 0
        if n > 0:
            st.stock[r] -= n
            log(st, K.EV_PAY, r, n, 0)
    grumpy = cr.grumpy
    if grumpy > 0 and c0 + c1 + c2 > 0:
        log_ability(st, K.FROM_SMURF, card, K.OP_EXTRA_COST)
        pay_extra(R, C, st, grumpy)


@njit
def pay_extra(R, C, st, n):
    """Pay n more resources, each of the team's choice (Grumpy Smurf)."""
    give_up_choice(R, C, st, n, K.D_EXTRA_COST, K.EV_PAY)


@njit
def azrael_roll(R, C, st, p):
    """HV-A01: the Azrael die for a meeple placed where he is, unless it is the Nat Smurf."""
    if played_on(R, st, K.OP_SKIP_AZRAEL):
        log_ability(st, K.FROM_SMURF, st.sc[S.S_PLAYED], K.OP_SKIP_AZRAEL)
        return
    roll_and_apply(R, C, st, K.DIE_AZRAEL, p)


@njit(inline="always")   # typed into its caller: one compiled copy fewer
def perform(R, C, st, a, p):
    """HV-T04: pay, roll what must be rolled, then apply the effect (HV-L05, HV-L06, HV-A04).
    A build chooses its house when paying, since the roof is part of the cost. When the
    Azrael die was rolled at placement (setup.toml `azrael_roll = "at-placement"`) and its
    result left the stock unable to pay, the action is not performed: nothing is paid, the
    meeple stays."""
    loc = R.act[a, T.A_LOC]
    eff = R.act[a, T.A_EFFECT]
    card = st.sc[S.S_PLAYED]
    at_placement = R.setup[T.SU_AZRAEL_AT_PLACEMENT] != 0
    if at_placement and not can_perform(R, st, a):
        log(st, K.EV_NOTHING, K.NOTHING_UNPAID, a, 0)
        return
    house = -1
    if eff == K.ACT_BUILD:
        house = choose_house(R, C, st, a)
    pay_action(R, C, st, a, house)
    dangerous = R.act[a, T.A_DANGER] != 0 or st.loc_mod[loc, S.LM_DANGER] != 0
    st.sc[S.S_N_ACTIONS] += 1
    log(st, K.EV_ACTION, a, 1 if dangerous else 0, 0)
    if st.sc[S.S_AZRAEL] == loc and not at_placement:
        azrael_roll(R, C, st, p)
    if dangerous:
        st.sc[S.S_N_DANGEROUS] += 1
        st.sc[S.S_DANGER_STREAK] += 1
        if played_on(R, st, K.OP_SKIP_DANGER):
            log_ability(st, K.FROM_SMURF, card, K.OP_SKIP_DANGER)
        else:
            roll_and_apply(R, C, st, C.danger_die, p)
    else:
        st.sc[S.S_DANGER_STREAK] = 0
        if played_on(R, st, K.OP_FORCE_DANGER):
            log_ability(st, K.FROM_SMURF, card, K.OP_FORCE_DANGER)
            roll_and_apply(R, C, st, C.danger_die, p)
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    if eff == K.ACT_RESCUE:
        rescue(R, C, st, p)
    elif eff == K.ACT_COLLECT:
        collect(R, C, st, R.act[a, T.A_RES], R.act[a, T.A_AMOUNT], True)
    elif eff == K.ACT_COLLECT_DIFFERENT:
        collect_pair(R, C, st)
    elif eff == K.ACT_CRAFT_FREE:
        free_craft(R, C, st)
    elif eff == K.ACT_REVEAL_IDEAS:
        reveal_ideas(st, R.act[a, T.A_AMOUNT])
    elif eff == K.ACT_RELOCATE:
        relocate(R, C, st, False)
    elif eff == K.ACT_BUILD:
        st.house_built[house] = 1
        objectives_changed(st)
        st.sc[S.S_BUILDS_ROUND] += 1
        log(st, K.EV_BUILD, house, st.house_roof[house], 0)
        check_progress(R, st)
        if st.sc[S.S_OUTCOME] == K.RUNNING:
            relocate(R, C, st, True)
    if played_on(R, st, K.OP_PERFORM_REVEAL_IDEAS) and st.sc[S.S_OUTCOME] == K.RUNNING:
        log_ability(st, K.FROM_SMURF, card, K.OP_PERFORM_REVEAL_IDEAS)
        reveal_ideas(st, played_val(R, st, K.OP_PERFORM_REVEAL_IDEAS, K.OPV_AMOUNT))
    check_progress(R, st)


@njit
def perform_invention(R, C, st, slot, p):
    """HV-I04: a meeple on a new-action invention performs its action: pay its cost, then its
    effect. This turn's Smurf ability applies as to any action it performs (Grumpy's extra
    resource, Clumsy's danger roll, collection modifiers, Sassette's idea), but not the
    Shovel (an invention is no location). It is a non-dangerous action (HV-K02)."""
    card = st.inv[S.I_CRAFTED, slot]
    played = st.sc[S.S_PLAYED]
    st.inv_occ[slot] = p + 1
    st.sc[S.S_ESPLANADE] -= 1
    log(st, K.EV_PLACE, K.N_ACTIONS + card, 0, 1)
    st.sc[S.S_N_INV_USED] += 1
    st.sc[S.S_N_ACTIONS] += 1
    st.sc[S.S_DANGER_STREAK] = 0
    log(st, K.EV_USE, card, 1, 0)
    cr, n = invention_cost(R, card)
    if cr >= 0:
        st.stock[cr] -= n
        log(st, K.EV_PAY, cr, n, 0)
        grumpy = played_val(R, st, K.OP_EXTRA_COST, K.OPV_AMOUNT)
        if grumpy > 0:
            log_ability(st, K.FROM_SMURF, played, K.OP_EXTRA_COST)
            pay_extra(R, C, st, grumpy)
    if played_on(R, st, K.OP_FORCE_DANGER):
        log_ability(st, K.FROM_SMURF, played, K.OP_FORCE_DANGER)
        roll_and_apply(R, C, st, C.danger_die, p)
        if st.sc[S.S_OUTCOME] != K.RUNNING:
            return
    if R.inv_op[card, K.OP_COLLECT, K.OPV_ON]:
        log_ability(st, K.FROM_INVENTION, card, K.OP_COLLECT)
        collect(R, C, st, R.inv_op[card, K.OP_COLLECT, K.OPV_RES],
                R.inv_op[card, K.OP_COLLECT, K.OPV_AMOUNT], False)
    else:
        instant(R, C, st, R.inv_op, card, 1, p)
    if played_on(R, st, K.OP_PERFORM_REVEAL_IDEAS) and st.sc[S.S_OUTCOME] == K.RUNNING:
        log_ability(st, K.FROM_SMURF, played, K.OP_PERFORM_REVEAL_IDEAS)
        reveal_ideas(st, played_val(R, st, K.OP_PERFORM_REVEAL_IDEAS, K.OPV_AMOUNT))
    check_progress(R, st)


@njit(inline="always")   # typed into its caller: one compiled copy fewer
def place_meeple(R, C, st, a, p):
    """HV-T03/T04: put a meeple from the esplanade on the next free space of action a (or on a
    new-action invention, a >= N_ACTIONS); perform the action if the space was the last one;
    the Azrael die is rolled for every meeple placed where he is (HV-A01), together with the
    danger die for a dangerous action (HV-A04)."""
    if a >= K.N_ACTIONS:
        perform_invention(R, C, st, a - K.N_ACTIONS, p)
        return
    s = next_free_space(R, st, a)
    st.occ[a, s] = p
    st.sc[S.S_ESPLANADE] -= 1
    filled = s == R.act[a, T.A_SPACES] - 1
    log(st, K.EV_PLACE, a, s, 1 if filled else 0)
    # the Azrael die at step 2 (placement), before step 3 pays: setup.toml `azrael_roll`
    early = R.setup[T.SU_AZRAEL_AT_PLACEMENT] != 0
    if st.sc[S.S_AZRAEL] == R.act[a, T.A_LOC] and (early or not filled):
        azrael_roll(R, C, st, p)
        check_progress(R, st)
        if st.sc[S.S_OUTCOME] != K.RUNNING:
            return
    if filled:
        perform(R, C, st, a, p)
