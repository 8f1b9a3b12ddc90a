"""Placing a meeple and performing actions (HV-T03, HV-T04, HV-L01..L11, HV-A01, HV-A04,
HV-I04), with the placement limits and cost changes of the card played this turn (HV-N01,
HV-N08..N10) and of crafted inventions."""
from ....jit import njit
from .. import catalog as T
from .. import consts as K
from .. import state as S
from .cards import draw_lost_smurf, relocate
from .core import (check_progress, gain, give_up_choice, inv_slot, log, log_ability, played_on,
                   played_val, stock_total)
from .decide import decide
from .dice import roll_and_apply
from .effects import collect, collect_pair, instant
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
    """What performing action a costs in resource r before the any-resource changes (Handy
    Smurf, Grumpy Smurf): its printed cost, Gargamel's lasting extra cost, for a build the
    roof of `house` less Scaffolding's discount, less the Tailor Smurf's discount."""
    loc = R.act[a, T.A_LOC]
    n = R.act[a, T.A_COST + r] + st.loc_mod[loc, S.LM_EXTRA + r]
    if house >= 0:
        roof = R.roof_cost[st.house_roof[house], r]
        slot = inv_slot(R, st, K.OP_BUILD_DISCOUNT)
        if slot >= 0 and roof > 0 and R.inv_op[st.inv[S.I_CRAFTED, slot], K.OP_BUILD_DISCOUNT, K.OPV_RES] == r:
            roof -= R.inv_op[st.inv[S.I_CRAFTED, slot], K.OP_BUILD_DISCOUNT, K.OPV_AMOUNT]
            if roof < 0:
                roof = 0
        n += roof
    if played_on(R, st, K.OP_DISCOUNT) and played_val(R, st, K.OP_DISCOUNT, K.OPV_RES) == r \
            and (played_val(R, st, K.OP_DISCOUNT, K.OPV_MASK) >> loc) & 1:
        n -= played_val(R, st, K.OP_DISCOUNT, K.OPV_AMOUNT)
    return n if n > 0 else 0


@njit
def total_cost(R, st, a, house):
    return action_cost(R, st, a, house, 0) + action_cost(R, st, a, house, 1) + action_cost(R, st, a, house, 2)


@njit
def builder_discount(R, st, a):
    """The Handy Smurf's 'pay 1 resource less of your choice' applies to builds only."""
    if R.act[a, T.A_EFFECT] != K.ACT_BUILD:
        return 0
    return played_val(R, st, K.OP_BUILD_DISCOUNT, K.OPV_AMOUNT)


@njit
def payable_with(R, st, a, house, discounted):
    """Can the stock pay action a (for `house`) with the any-resource discount on resource
    `discounted` (-1 for none), including the Grumpy Smurf's extra resource?"""
    b = builder_discount(R, st, a) if discounted >= 0 else 0
    total = 0
    for r in range(K.N_RES):
        need = action_cost(R, st, a, house, r)
        if r == discounted:
            need = need - b if need > b else 0
        if st.stock[r] < need:
            return False
        total += need
    grumpy = played_val(R, st, K.OP_EXTRA_COST, K.OPV_AMOUNT)
    if grumpy > 0 and total_cost(R, st, a, house) > 0 and stock_total(st) - total < grumpy:
        return False
    return True


@njit
def affordable(R, st, a, house):
    if builder_discount(R, st, a) > 0:
        for r in range(K.N_RES):
            if action_cost(R, st, a, house, r) > 0 and payable_with(R, st, a, house, r):
                return True
    return payable_with(R, st, a, house, -1)


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
def location_has_meeple(R, st, loc):
    for a in range(2 * loc, 2 * loc + 2):
        for s in range(K.MAX_SPACES):
            if st.occ[a, s] >= 0:
                return True
    return False


@njit
def card_allows(R, st, a):
    """The placement limits of the card played this turn (Beta, Grouchy... Lazy, Baby, Vain,
    Timid, Sleepy, Scaredy: HV-N01, HV-N08..N10)."""
    card = st.sc[S.S_PLAYED]
    if card < 0:
        return True
    loc = R.act[a, T.A_LOC]
    ops = R.smurf_op[card]
    if ops[K.OP_FORBID_LOCATIONS, K.OPV_ON] and (ops[K.OP_FORBID_LOCATIONS, K.OPV_MASK] >> loc) & 1:
        return False
    if ops[K.OP_LAZY, K.OPV_ON] and location_has_meeple(R, st, loc):
        return False
    if ops[K.OP_VAIN, K.OPV_ON] and not location_has_meeple(R, st, loc):
        return False
    if ops[K.OP_BABY, K.OPV_ON] and next_free_space(R, st, a) == R.act[a, T.A_SPACES] - 1:
        return False
    if ops[K.OP_NO_DANGEROUS, K.OPV_ON] and (R.act[a, T.A_DANGER] or st.loc_mod[loc, S.LM_DANGER]):
        return False
    if ops[K.OP_ONE_SPACE_ONLY, K.OPV_ON] and R.act[a, T.A_SPACES] != 1:
        return False
    if ops[K.OP_AVOID_AZRAEL, K.OPV_ON] and loc == st.sc[S.S_AZRAEL]:
        return False
    return True


@njit
def invention_cost(R, card):
    """(resource, amount) an invention's action costs; (-1, 0) if free."""
    if R.inv_op[card, K.OP_COLLECT, K.OPV_ON] and R.inv_op[card, K.OP_COLLECT, K.OPV_COST_RES] >= 0:
        return R.inv_op[card, K.OP_COLLECT, K.OPV_COST_RES], R.inv_op[card, K.OP_COLLECT, K.OPV_COST]
    return -1, 0


@njit
def invention_placement_legal(R, st, slot):
    """HV-I04: a meeple may go on a crafted new-action invention that holds none, if its cost
    (and the Grumpy Smurf's extra resource) can be paid; not while inventions are forbidden
    (Beta)."""
    card = st.inv[S.I_CRAFTED, slot]
    if R.inv[card, T.INV_TYPE] != K.INV_NEW_ACTION or st.inv_occ[slot] or st.sc[S.S_NO_INV]:
        return False
    cr, n = invention_cost(R, card)
    if cr >= 0:
        if st.stock[cr] < n:
            return False
        if stock_total(st) - n < played_val(R, st, K.OP_EXTRA_COST, K.OPV_AMOUNT):
            return False
    return True


@njit
def card_allows_invention(R, st):
    """Lazy, Vain and Baby limit the meeple to locations (a first space for Baby): an
    invention is neither a location nor a first space."""
    return not (played_on(R, st, K.OP_LAZY) or played_on(R, st, K.OP_VAIN) or played_on(R, st, K.OP_BABY))


@njit
def enumerate_placements(R, st):
    """Legal placements into st.options: action a, or N_ACTIONS + crafted slot for a
    new-action invention. A card's placement limit never makes the turn impossible: when no
    space satisfies it, it is lifted (the rulebook says so for the Lazy Smurf)."""
    inventions_ok = card_allows_invention(R, st)
    for limits in range(2):
        k = 0
        for a in range(K.N_ACTIONS):
            if placement_legal(R, st, a) and (limits == 1 or card_allows(R, st, a)):
                st.options[k] = a
                k += 1
        for i in range(st.inv_n[S.I_CRAFTED]):
            if invention_placement_legal(R, st, i) and (limits == 1 or inventions_ok):
                st.options[k] = K.N_ACTIONS + i
                k += 1
        if k > 0:
            return k
    return 0


@njit
def rescue(R, C, st, p, sid, params):
    """HV-L07: draw 1 lost Smurf into the hand and/or send 1 nest meeple back to the esplanade.
    Taking from the additional pile is optional ('you may'), so with an empty Dark Forest the
    team may also decline to draw (option 0). Then Willow's second card (HV-N04), the
    Wardrobe's (HV-N17, not a rescue), and the Poet's 2 different resources (HV-N03)."""
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
    card = st.sc[S.S_PLAYED]
    rescued = False
    if mode & 1:
        src = draw_lost_smurf(C, st, p)
        if src > 0:
            rescued = True
            st.sc[S.S_N_RESCUES] += 1
            if src == 1:
                st.sc[S.S_RESCUES_ROUND] += 1
            if played_on(R, st, K.OP_RESCUE_SECOND_DRAW) and (st.pile_n[S.P_FOREST] > 0 or st.pile_n[S.P_EXTRA] > 0):
                st.options[0] = 0
                st.options[1] = 1
                if st.options[decide(R, st, K.D_SECOND_DRAW, 2, sid, params)] == 1:
                    src2 = draw_lost_smurf(C, st, p)
                    st.sc[S.S_N_RESCUES] += 1
                    if src2 == 1:
                        st.sc[S.S_RESCUES_ROUND] += 1
                    log_ability(C, st, 0, card, K.OP_RESCUE_SECOND_DRAW)
            slot = inv_slot(R, st, K.OP_SECOND_LOST)
            if slot >= 0 and draw_lost_smurf(C, st, p) > 0:
                log_ability(C, st, 1, st.inv[S.I_CRAFTED, slot], K.OP_SECOND_LOST)
    if mode & 2:
        rescued = True
        st.sc[S.S_NEST] -= 1
        st.sc[S.S_ESPLANADE] += 1
        log(C, st, K.EV_RESCUE_NEST, st.sc[S.S_NEST], 0, 0)
    if rescued and played_on(R, st, K.OP_RESCUE_GAIN_DIFFERENT):
        log_ability(C, st, 0, card, K.OP_RESCUE_GAIN_DIFFERENT)
        k = 0
        for r1 in range(K.N_RES):
            for r2 in range(r1 + 1, K.N_RES):
                st.options[k] = 3 * r1 + r2
                k += 1
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
    craft(R, C, st, decide(R, st, K.D_FREE_CRAFT, n, sid, params), False, 0, sid, params)


@njit
def choose_house(R, st, a, sid, params):
    k = 0
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0 and affordable(R, st, a, h):
            st.options[k] = h
            k += 1
    return st.options[decide(R, st, K.D_BUILD, k, sid, params)]


@njit
def pay_action(R, C, st, a, house, sid, params):
    """HV-L05: pay the action's cost; the Handy Smurf's discount on a resource of the team's
    choice (HV: builds only); the Grumpy Smurf's extra resource of the team's choice."""
    card = st.sc[S.S_PLAYED]
    discounted = -1
    b = builder_discount(R, st, a)
    if b > 0:
        k = 0
        for r in range(K.N_RES):
            if action_cost(R, st, a, house, r) > 0 and payable_with(R, st, a, house, r):
                st.options[k] = r
                k += 1
        if k > 0:
            discounted = st.options[decide(R, st, K.D_DISCOUNT, k, sid, params)]
            log_ability(C, st, 0, card, K.OP_BUILD_DISCOUNT)
    total = 0
    for r in range(K.N_RES):
        n = action_cost(R, st, a, house, r)
        if r == discounted:
            n = n - b if n > b else 0
        if n > 0:
            st.stock[r] -= n
            total += n
            log(C, st, K.EV_PAY, r, n, 0)
    grumpy = played_val(R, st, K.OP_EXTRA_COST, K.OPV_AMOUNT)
    if grumpy > 0 and total_cost(R, st, a, house) > 0:
        log_ability(C, st, 0, card, K.OP_EXTRA_COST)
        pay_extra(R, C, st, grumpy, sid, params)


@njit
def pay_extra(R, C, st, n, sid, params):
    """Pay n more resources, each of the team's choice (Grumpy Smurf)."""
    give_up_choice(R, C, st, n, K.D_EXTRA_COST, K.EV_PAY, sid, params)


@njit
def azrael_roll(R, C, st, p, sid, params):
    """HV-A01: the Azrael die for a meeple placed where he is, unless it is the Nat Smurf."""
    if played_on(R, st, K.OP_SKIP_AZRAEL):
        log_ability(C, st, 0, st.sc[S.S_PLAYED], K.OP_SKIP_AZRAEL)
        return
    roll_and_apply(R, C, st, K.DIE_AZRAEL, p, sid, params)


@njit
def perform(R, C, st, a, p, sid, params):
    """HV-T04: pay, roll what must be rolled, then apply the effect (HV-L05, HV-L06, HV-A04).
    A build chooses its house when paying, since the roof is part of the cost."""
    loc = R.act[a, T.A_LOC]
    eff = R.act[a, T.A_EFFECT]
    card = st.sc[S.S_PLAYED]
    house = -1
    if eff == K.ACT_BUILD:
        house = choose_house(R, st, a, sid, params)
    pay_action(R, C, st, a, house, sid, params)
    dangerous = R.act[a, T.A_DANGER] != 0 or st.loc_mod[loc, S.LM_DANGER] != 0
    st.sc[S.S_N_ACTIONS] += 1
    log(C, st, K.EV_ACTION, a, 1 if dangerous else 0, 0)
    if st.sc[S.S_AZRAEL] == loc:
        azrael_roll(R, C, st, p, sid, params)
    if dangerous:
        st.sc[S.S_N_DANGEROUS] += 1
        st.sc[S.S_DANGER_STREAK] += 1
        if played_on(R, st, K.OP_SKIP_DANGER):
            log_ability(C, st, 0, card, K.OP_SKIP_DANGER)
        else:
            roll_and_apply(R, C, st, C.danger_die, p, sid, params)
    else:
        st.sc[S.S_DANGER_STREAK] = 0
        if played_on(R, st, K.OP_FORCE_DANGER):
            log_ability(C, st, 0, card, K.OP_FORCE_DANGER)
            roll_and_apply(R, C, st, C.danger_die, p, sid, params)
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    if eff == K.ACT_RESCUE:
        rescue(R, C, st, p, sid, params)
    elif eff == K.ACT_COLLECT:
        collect(R, C, st, R.act[a, T.A_RES], R.act[a, T.A_AMOUNT], True, sid, params)
    elif eff == K.ACT_COLLECT_DIFFERENT:
        collect_pair(R, C, st, sid, params)
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
    if played_on(R, st, K.OP_PERFORM_REVEAL_IDEAS) and st.sc[S.S_OUTCOME] == K.RUNNING:
        log_ability(C, st, 0, card, K.OP_PERFORM_REVEAL_IDEAS)
        reveal_ideas(C, st, played_val(R, st, K.OP_PERFORM_REVEAL_IDEAS, K.OPV_AMOUNT))
    check_progress(R, C, st)


@njit
def perform_invention(R, C, st, slot, p, sid, params):
    """HV-I04: a meeple on a new-action invention performs its action: pay its cost, then its
    effect. This turn's Smurf ability applies as to any action it performs (Grumpy's extra
    resource, Clumsy's danger roll, collection modifiers, Sassette's idea), but not the
    Shovel (an invention is no location). It is a non-dangerous action (HV-K02)."""
    card = st.inv[S.I_CRAFTED, slot]
    played = st.sc[S.S_PLAYED]
    st.inv_occ[slot] = p + 1
    st.sc[S.S_ESPLANADE] -= 1
    log(C, st, K.EV_PLACE, K.N_ACTIONS + card, 0, 1)
    st.sc[S.S_N_INV_USED] += 1
    st.sc[S.S_N_ACTIONS] += 1
    st.sc[S.S_DANGER_STREAK] = 0
    log(C, st, K.EV_USE, card, 1, 0)
    cr, n = invention_cost(R, card)
    if cr >= 0:
        st.stock[cr] -= n
        log(C, st, K.EV_PAY, cr, n, 0)
        grumpy = played_val(R, st, K.OP_EXTRA_COST, K.OPV_AMOUNT)
        if grumpy > 0:
            log_ability(C, st, 0, played, K.OP_EXTRA_COST)
            pay_extra(R, C, st, grumpy, sid, params)
    if played_on(R, st, K.OP_FORCE_DANGER):
        log_ability(C, st, 0, played, K.OP_FORCE_DANGER)
        roll_and_apply(R, C, st, C.danger_die, p, sid, params)
        if st.sc[S.S_OUTCOME] != K.RUNNING:
            return
    if R.inv_op[card, K.OP_COLLECT, K.OPV_ON]:
        log_ability(C, st, 1, card, K.OP_COLLECT)
        collect(R, C, st, R.inv_op[card, K.OP_COLLECT, K.OPV_RES],
                R.inv_op[card, K.OP_COLLECT, K.OPV_AMOUNT], False, sid, params)
    else:
        instant(R, C, st, R.inv_op, card, 1, p, sid, params)
    if played_on(R, st, K.OP_PERFORM_REVEAL_IDEAS) and st.sc[S.S_OUTCOME] == K.RUNNING:
        log_ability(C, st, 0, played, K.OP_PERFORM_REVEAL_IDEAS)
        reveal_ideas(C, st, played_val(R, st, K.OP_PERFORM_REVEAL_IDEAS, K.OPV_AMOUNT))
    check_progress(R, C, st)


@njit
def place_meeple(R, C, st, a, p, sid, params):
    """HV-T03/T04: put a meeple from the esplanade on the next free space of action a (or on a
    new-action invention, a >= N_ACTIONS); perform the action if the space was the last one;
    the Azrael die is rolled for every meeple placed where he is (HV-A01), together with the
    danger die for a dangerous action (HV-A04)."""
    if a >= K.N_ACTIONS:
        perform_invention(R, C, st, a - K.N_ACTIONS, p, sid, params)
        return
    s = next_free_space(R, st, a)
    st.occ[a, s] = p
    st.sc[S.S_ESPLANADE] -= 1
    filled = s == R.act[a, T.A_SPACES] - 1
    log(C, st, K.EV_PLACE, a, s, 1 if filled else 0)
    if filled:
        perform(R, C, st, a, p, sid, params)
    elif st.sc[S.S_AZRAEL] == R.act[a, T.A_LOC]:
        azrael_roll(R, C, st, p, sid, params)
        check_progress(R, C, st)
