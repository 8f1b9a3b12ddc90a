"""The effect vocabulary in action: instant effects of played cards and used inventions,
resource collection with every modifier, and the bonus actions of a turn (HV-T07, HV-I01,
HV-I05, HV-I07, HV-N02..N11, HV-N13, HV-N15). See docs/effects.md."""
from ....jit import njit
from .. import consts as K
from .. import state as S
from .. import tables as T
from .cards import add_to_hand, draw_from_deck, draw_lost_smurf
from .core import check_progress, gain, log, log_ability, move_azrael, objectives_changed
from .decide import decide
from .dice import roll_and_apply
from .inventions import craft, discard_crafted, price_less, reveal_ideas, used_up
from .query import carries, inv_slot, inv_sum, played_on, played_val


@njit
def choose_resource(R, C, st, kind, exclude):
    """The team picks a resource type (not `exclude`, -1 for none excluded)."""
    k = 0
    for r in range(K.N_RES):
        if r != exclude:
            st.options[k] = r
            k += 1
    return st.options[decide(R, C, st, kind, k)]


@njit
def offer_craft(R, C, st, discount):
    """Baker Smurf: the team may craft 1 idea it can pay for at `discount` less (option 0 = no)."""
    k = 1
    st.options[0] = -1
    less = discount + inv_sum(R, st, K.OP_CRAFT_DISCOUNT)
    for i in range(st.inv_n[S.I_IDEAS]):
        if price_less(R, st.inv[S.I_IDEAS, i], less) <= st.stock[K.BERRY]:
            st.options[k] = i
            k += 1
    if k == 1:
        return False
    slot = st.options[decide(R, C, st, K.D_OPTIONAL, k)]
    if slot < 0:
        return False
    craft(R, C, st, slot, True, discount)
    return True


@njit
def instant(R, C, st, table, card, source, p):
    """Resolve the instant ops of `card` (row of `table`: Rules.smurf_op or Rules.inv_op) in
    the order of consts.INSTANT_OPS, then check progress (HV-K01, HV-G01). `source` is 0 for
    a Smurf card, 1 for an invention. A card without instant ops changes nothing here, so there
    is no progress to check either (most Smurf cards: one test)."""
    ops = R.smurf_ops[card] if source == 0 else R.inv_ops[card]
    if ops & K.INSTANT_BITS == 0:
        return
    for op in K.INSTANT_OPS:
        if not carries(ops, op):
            continue
        n = table[card, op, K.OPV_AMOUNT]
        done = True
        if op == K.OP_LOSE:
            r = table[card, op, K.OPV_RES]
            m = min(n, st.stock[r])
            done = m > 0
            if done:
                st.stock[r] -= m
                log(st, K.EV_LOSE, r, m, 0)
        elif op == K.OP_ROLL_DANGER:
            log_ability(st, source, card, op)
            roll_and_apply(R, C, st, C.danger_die, p)
            done = False
        elif op == K.OP_DRAW:
            # HV-T06: drawing by an effect may exceed the hand size
            got = 0
            for _ in range(n):
                c = draw_from_deck(st)
                if c < 0:
                    break
                add_to_hand(st, p, c)
                log(st, K.EV_DRAW, c, 0, 0)
                got += 1
            done = got > 0
        elif op == K.OP_GAIN_CHOICE:
            for _ in range(n):
                gain(R, C, st, choose_resource(R, C, st, K.D_GAIN_ONE, -1), 1)
        elif op == K.OP_GAIN_SAME:
            gain(R, C, st, choose_resource(R, C, st, K.D_GAIN_ONE, -1), n)
        elif op == K.OP_FREE_NEST:
            m = min(n, st.sc[S.S_NEST])
            done = m > 0
            for _ in range(m):
                st.sc[S.S_NEST] -= 1
                st.sc[S.S_ESPLANADE] += 1
                log(st, K.EV_RESCUE_NEST, st.sc[S.S_NEST], 0, 0)
        elif op == K.OP_DRAW_LOST:
            # HV-N13: not a rescue (no rescue counters, no rescue triggers)
            got = 0
            for _ in range(n):
                if draw_lost_smurf(st, p) == 0:
                    break
                got += 1
            done = got > 0
        elif op == K.OP_REVEAL_IDEAS:
            before = st.inv_n[S.I_DECK]
            reveal_ideas(st, n)
            done = st.inv_n[S.I_DECK] < before
        elif op == K.OP_MOVE_AZRAEL:
            move_azrael(st, n)
        elif op == K.OP_AZRAEL_TO:
            for loc in range(K.N_LOCATIONS):
                st.options[loc] = loc
            to = st.options[decide(R, C, st, K.D_AZRAEL_TO, K.N_LOCATIONS)]
            move_azrael(st, (to - st.sc[S.S_AZRAEL]) % K.N_LOCATIONS)
        elif op == K.OP_PREPARE_CAKE:
            k = 0
            for i in range(st.sc[S.S_N_CAKES]):
                if st.cake_done[i] == 0:
                    st.options[k] = i
                    k += 1
            done = k > 0
            if done:
                i = st.options[decide(R, C, st, K.D_PREPARE_CAKE, k)]
                st.cake_done[i] = 1
                objectives_changed(st)
                log(st, K.EV_CAKE, st.cake[i], 0, 0)
        elif op == K.OP_CRAFT_DISCOUNT:
            done = offer_craft(R, C, st, n)
        if done and op != K.OP_ROLL_DANGER:
            log_ability(st, source, card, op)
    check_progress(R, st)


@njit
def gain_extra_different(R, C, st, a, b, n):
    """n extra resources that differ from the two collected (a, b) (Storm, Shovel at the
    Stream): the third type, or the team's pick of the other two if a == b."""
    for _ in range(n):
        if a != b:
            gain(R, C, st, 3 - a - b, 1)
        else:
            gain(R, C, st, choose_resource(R, C, st, K.D_GAIN_ONE, a), 1)


@njit
def collect(R, C, st, r, n, at_location):
    """HV-L08: collect n of resource r, with this turn's Smurf modifiers (Mellow, Fleur de Lys,
    Storm, Hefty, Farmer, Miner) and, at a location, the Shovel (once per turn)."""
    card = st.sc[S.S_PLAYED]
    t = r
    if played_on(R, st, K.OP_COLLECT_ANY_TYPE):
        t = choose_resource(R, C, st, K.D_GAIN_ONE, -1)
        if t != r:
            log_ability(st, K.FROM_SMURF, card, K.OP_COLLECT_ANY_TYPE)
    delta = played_val(R, st, K.OP_COLLECT_DELTA, K.OPV_AMOUNT)
    if delta != 0:
        log_ability(st, K.FROM_SMURF, card, K.OP_COLLECT_DELTA)
    gain(R, C, st, t, max(0, n + delta))
    bonus_extra(R, C, st, r, -1, t, at_location)


@njit
def collect_pair(R, C, st):
    """HV-L08 'collect 2 different' (the Stream), with this turn's modifiers: Saxophonist (2
    identical), Fleur de Lys (identical allowed), Mellow (1 fewer), Storm and Shovel (an
    extra of a third type)."""
    card = st.sc[S.S_PLAYED]
    if played_on(R, st, K.OP_COLLECT_IDENTICAL):
        a = choose_resource(R, C, st, K.D_GAIN_ONE, -1)
        b = a
        log_ability(st, K.FROM_SMURF, card, K.OP_COLLECT_IDENTICAL)
    elif played_on(R, st, K.OP_COLLECT_ANY_TYPE):
        a = choose_resource(R, C, st, K.D_GAIN_ONE, -1)
        b = choose_resource(R, C, st, K.D_GAIN_ONE, -1)
        if a == b:
            log_ability(st, K.FROM_SMURF, card, K.OP_COLLECT_ANY_TYPE)
    else:
        k = 0
        for pass_ in range(2):
            for r1 in range(K.N_RES):
                for r2 in range(r1 + 1, K.N_RES):
                    if pass_ == 1 or not C.finite_supply or (
                            st.stock[r1] < R.setup[T.SU_SUPPLY_CAP] and st.stock[r2] < R.setup[T.SU_SUPPLY_CAP]):
                        st.options[k] = K.PAIR_BASE * r1 + r2
                        k += 1
            if k > 0:
                break
        opt = st.options[decide(R, C, st, K.D_GAIN_PAIR, k)]
        a = opt // K.PAIR_BASE
        b = opt % K.PAIR_BASE
    if played_val(R, st, K.OP_COLLECT_DELTA, K.OPV_AMOUNT) < 0:
        log_ability(st, K.FROM_SMURF, card, K.OP_COLLECT_DELTA)
        gain(R, C, st, a, 1)
    else:
        gain(R, C, st, a, 1)
        gain(R, C, st, b, 1)
    bonus_extra(R, C, st, a, b, a, True)


@njit
def bonus_extra(R, C, st, r, b, t, at_location):
    """Extras after a collection of printed type r (and b for a pair; b = -1 otherwise) gained
    as type t: Storm and Shovel (+ the location's type), Hefty/Farmer (+ if t matches), Miner."""
    card = st.sc[S.S_PLAYED]
    extra = played_val(R, st, K.OP_COLLECT_EXTRA_SAME, K.OPV_AMOUNT)
    if extra > 0:
        log_ability(st, K.FROM_SMURF, card, K.OP_COLLECT_EXTRA_SAME)
    if at_location:
        slot = inv_slot(R, st, K.OP_COLLECT_EXTRA_SAME)
        if slot >= 0 and not st.inv_used[st.inv[S.I_CRAFTED, slot]]:
            inv = st.inv[S.I_CRAFTED, slot]
            st.inv_used[inv] = 1
            extra += R.inv_op[inv, K.OP_COLLECT_EXTRA_SAME, K.OPV_AMOUNT]
            log_ability(st, K.FROM_INVENTION, inv, K.OP_COLLECT_EXTRA_SAME)
            used_up(R, C, st, slot)
    if extra > 0:
        if b >= 0:
            gain_extra_different(R, C, st, r, b, extra)
        else:
            gain(R, C, st, r, extra)
    if played_on(R, st, K.OP_COLLECT_BONUS):
        # each type collected that the card names gains the bonus (at the Stream: both of a pair)
        mask = played_val(R, st, K.OP_COLLECT_BONUS, K.OPV_MASK)
        for q in range(2):
            u = t if q == 0 else b
            if u >= 0 and (q == 0 or u != t) and (mask >> u) & 1:
                log_ability(st, K.FROM_SMURF, card, K.OP_COLLECT_BONUS)
                gain(R, C, st, u, played_val(R, st, K.OP_COLLECT_BONUS, K.OPV_AMOUNT))
    if played_on(R, st, K.OP_COLLECT_ALSO):
        log_ability(st, K.FROM_SMURF, card, K.OP_COLLECT_ALSO)
        gain(R, C, st, played_val(R, st, K.OP_COLLECT_ALSO, K.OPV_RES),
             played_val(R, st, K.OP_COLLECT_ALSO, K.OPV_AMOUNT))


@njit
def usable_single_use(R, st, card):
    """A single-use invention usable as a bonus action (timed ones wait for their moment)."""
    return (R.inv[card, T.INV_TYPE] == K.INV_SINGLE_USE) & (R.inv_ops[card] & _TIMED_BITS == 0)


# single-use inventions used at their moment, never as a bonus action of their own
_TIMED_BITS = K.op_bits(K.OP_IGNORE_DANGER, K.OP_REWIND, K.OP_SECOND_LOST, K.OP_COLLECT_EXTRA_SAME)


@njit
def bonus_actions(R, C, st, p):
    """HV-T07: at this moment of the turn the team may craft ideas it can pay for (HV-I01) and
    use single-use inventions (HV-I05, HV-I07), one at a time, until it passes (option 0)."""
    while st.sc[S.S_OUTCOME] == K.RUNNING:
        k = 1
        st.options[0] = K.BONUS_PASS
        if st.inv_n[S.I_IDEAS] > 0:
            # the Toolbox's discount (none under Beta Smurf; asked only if inventions are crafted)
            less = inv_sum(R, st, K.OP_CRAFT_DISCOUNT) if st.inv_n[S.I_CRAFTED] > 0 else 0
            berries = st.stock[K.BERRY]
            for i in range(st.inv_n[S.I_IDEAS]):
                st.options[k] = K.BONUS_CRAFT + i
                k += price_less(R, st.inv[S.I_IDEAS, i], less) <= berries
        if not st.sc[S.S_NO_INV]:
            for i in range(st.inv_n[S.I_CRAFTED]):
                st.options[k] = K.BONUS_USE + i
                k += usable_single_use(R, st, st.inv[S.I_CRAFTED, i])
        if k == 1:
            return
        opt = st.options[decide(R, C, st, K.D_BONUS, k)]
        if opt == K.BONUS_PASS:
            return
        before_card = st.sc[S.S_PLAYED] < 0   # the bonus window before the card (step 1)
        if opt < K.BONUS_USE:
            idea = st.inv[S.I_IDEAS, opt - K.BONUS_CRAFT]
            if before_card and R.inv[idea, T.INV_COST] > 0 and inv_sum(R, st, K.OP_CRAFT_DISCOUNT) > 0:
                st.sc[S.S_INV_BEFORE_CARD] = 1   # a crafted invention's discount acted (HV-N01)
            craft(R, C, st, opt - K.BONUS_CRAFT, True, 0)
        else:
            slot = opt - K.BONUS_USE
            card = st.inv[S.I_CRAFTED, slot]
            if before_card:
                st.sc[S.S_INV_BEFORE_CARD] = 1   # HV-N01
            st.sc[S.S_N_INV_USED] += 1
            log(st, K.EV_USE, card, 0, 0)
            discard_crafted(R, C, st, slot, K.INV_OUT_SPENT)   # HV-I05: discarded after use
            instant(R, C, st, R.inv_op, card, 1, p)
