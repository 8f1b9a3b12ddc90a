"""A turn of the Hobbit deck-builder: its start (Ambushes, Stack Ongoing), playing the hand,
buying and fighting, the nine steps of its end (HB-T02..T10), the chapter change after Azog
(HB-D01..D10) and the final score (HB-K03, HB-E03). Rule IDs refer to ../rules-checklist.md."""
from ...jit import njit
from ...rng import shuffle
from . import consts as K
from . import state as S
from . import tables as T
from .decide import decide
from .effects import (ambush, apply_op, attack, gain, group_ambush, has_rows, stash, take_loot)
from .zones import (arch_push, arch_top, destroy, draw, effective_cost, ev, find, hero_row,
                    hero_value, loot_under, move_all, pile_take, push, spop, spush,
                    stack_ongoing_live, take)


# ------------------------------------------------------------------ playing a card
@njit
def first_time(R, C, st, p, typ):
    """The hero's and p's Locations' first-time abilities for a card of type typ."""
    h = st.pl[p, S.P_HERO]
    for r in range(R.hero[h, T.HR_NFX]):
        op, b = R.hfx[h, r, T.FX_OP], R.hfx[h, r, T.FX_B]
        if (op == K.OP_FIRST_POWER or op == K.OP_FIRST_DRAW) and (b == K.ANY_TYPE or b == typ):
            apply_op(R, C, st, p, -1, K.OP_POWER if op == K.OP_FIRST_POWER else K.OP_DRAW,
                     R.hfx[h, r, T.FX_A], 0, 0)
    for i in range(st.zn[p, K.Z_LOCATIONS]):
        loc = st.z[p, K.Z_LOCATIONS, i]
        for r in range(R.card[loc, T.C_NFX]):
            if R.fx[loc, r, T.FX_TRIG] != K.TR_ONGOING:
                continue
            op, b = R.fx[loc, r, T.FX_OP], R.fx[loc, r, T.FX_B]
            if (op == K.OP_FIRST_POWER or op == K.OP_FIRST_DRAW) and (b == K.ANY_TYPE or b == typ):
                apply_op(R, C, st, p, loc, K.OP_POWER if op == K.OP_FIRST_POWER else K.OP_DRAW,
                         R.fx[loc, r, T.FX_A], 0, 0)


@njit
def play_card(R, C, st, p, i):
    """HB-T01: p plays the card at position i of his hand: its play rows, its Attacks (an
    attack-or card's one chosen first, HB-K09); Stack Ongoing rows do nothing (HB-K01)."""
    card = take(st, p, K.Z_HAND, i)
    typ = R.card[card, T.C_AS_TYPE]
    if st.sc[S.S_CUP] > 0:                                           # HB-K21
        st.sc[S.S_CUP] -= 1
        st.cup[st.sc[S.S_CUP_N]] = card
        st.sc[S.S_CUP_N] += 1
    bit = 1 << typ
    if st.pl[p, S.P_TYPES_PLAYED] & bit == 0:
        first_time(R, C, st, p, typ)
    if R.card[card, T.C_TYPE] == K.T_LOCATION and R.k[T.K_LOCATIONS_STAY]:
        push(st, p, K.Z_LOCATIONS, card)                             # HB-C05
    else:
        push(st, p, K.Z_PLAYED, card)
    n_or = 0
    for r in range(R.card[card, T.C_NFX]):
        trig = R.fx[card, r, T.FX_TRIG]
        if trig == K.TR_PLAY:
            apply_op(R, C, st, p, card, R.fx[card, r, T.FX_OP], R.fx[card, r, T.FX_A],
                     R.fx[card, r, T.FX_B], 1)
        elif trig == K.TR_ATTACK:
            attack(R, C, st, p, card, r)
        elif trig == K.TR_ATTACK_OR:
            n_or += 1
    if n_or > 0:
        n = 0
        for r in range(R.card[card, T.C_NFX]):
            if R.fx[card, r, T.FX_TRIG] == K.TR_ATTACK_OR:
                st.options[n] = r
                st.optcard[n] = R.fx[card, r, T.FX_OP]
                n += 1
        st.sc[S.S_ASK_CARD] = card
        attack(R, C, st, p, card, st.options[decide(R, C, st, p, K.D_ATTACK, n)])
    ev(st, K.EV_PLAY, p, card, st.sc[S.S_POWER], 0)
    st.tcount[typ] += 1
    st.pl[p, S.P_TYPES_PLAYED] |= bit


@njit
def riddles(R, C, st, p):
    """HB-K06: in The Desolation of Smaug a Riddle Game in the hand is Stashed and replaced."""
    if st.sc[S.S_CHAPTER] == 0:
        return
    i = 0
    while i < st.zn[p, K.Z_HAND]:
        c = st.z[p, K.Z_HAND, i]
        if has_rows(R, c, K.TR_IN_HAND):
            stash(st, p, take(st, p, K.Z_HAND, i))
            draw(st, p, 1)
            i = 0
        else:
            i += 1


@njit
def play_hand(R, C, st, p):
    """HB-T01: the player plays the cards of his hand in the order he picks, until he stops
    (co-operative play may hold back an Attack, HB-I06) or his hand is empty."""
    while st.sc[S.S_END] == 0:
        riddles(R, C, st, p)
        n = st.zn[p, K.Z_HAND]
        if n == 0:
            return
        for i in range(n):
            st.options[i] = i
            st.optcard[i] = st.z[p, K.Z_HAND, i]
        st.options[n] = K.NONE                       # play no more: the rest is discarded
        st.optcard[n] = -1
        i = st.options[decide(R, C, st, p, K.D_PLAY, n + 1)]
        if i == K.NONE:
            return
        play_card(R, C, st, p, i)


# ------------------------------------------------------------------ buying and fighting
@njit
def fight_gain(R, st):
    """What defeating the archenemy on top would gain: its Loot, the card itself (worth VP,
    or Smaug the Terrible), -1 when it cannot be fought (0 VP and no Loot left, HB-T08)."""
    top = arch_top(st)
    if top < 0:
        return -1
    k = loot_under(R, st)
    if k > 0:
        return st.arch[st.sc[S.S_ARCH_N] - 2]
    if R.card[top, T.C_ZERO_VP] and not R.card[top, T.C_FINAL]:
        return -1
    return top


@njit
def can_fight(R, st):
    if st.sc[S.S_AZOG_FELL] or fight_gain(R, st) < 0:
        return False
    if R.k[T.K_FIGHTS] > 0 and st.sc[S.S_FIGHTS] >= R.k[T.K_FIGHTS]:
        return False
    return st.sc[S.S_POWER] >= R.card[arch_top(st), T.C_COST]


@njit
def fight(R, C, st, p):
    """HB-T05, HB-C02: p pays the archenemy's cost: he gains the Loot under it (its Group
    Ambush then due, HB-T07), or the archenemy itself; Smaug the Terrible ends the game
    (HB-E01, HB-D13); Azog's fall changes the chapter at the turn's end (HB-D01)."""
    top = arch_top(st)
    cost = R.card[top, T.C_COST]
    st.sc[S.S_POWER] -= cost
    st.sc[S.S_FIGHTS] += 1
    st.pl[p, S.P_DEFEATS] += 1
    st.sc[S.S_POWER] += hero_value(R, st, p, K.OP_DEFEAT_POWER)
    loot = take_loot(R, st)
    if loot >= 0:
        ev(st, K.EV_FIGHT, p, top, cost, loot)
        gain(R, C, st, p, loot, False)
        st.sc[S.S_GROUP_DUE] = 1
        return
    spop(st.arch, st.sc, S.S_ARCH_N)
    ev(st, K.EV_FIGHT, p, top, cost, top)
    gain(R, C, st, p, top, False)
    if R.card[top, T.C_FINAL]:
        st.sc[S.S_SMAUG_FELL] = 1
        st.sc[S.S_END] = K.END_SMAUG
        return
    if st.sc[S.S_ARCH_N] == 0 and st.sc[S.S_CHAPTER] == 0:
        st.sc[S.S_AZOG_FELL] = 1
    elif st.sc[S.S_ARCH_N] > 0:
        st.sc[S.S_GROUP_DUE] = 1                                     # the next one appears


@njit
def rest_of_turn(R, C, st, p, drawn):
    """HB-T01: p buys and fights (buy_phase); with play_after_buy, when cards were drawn since
    st.sc[S_DRAWN] was `drawn` (a hero's big-gain while buying), he plays his hand again and
    buys on, until he ends buying with nothing new drawn."""
    while st.sc[S.S_END] == 0:
        buy_phase(R, C, st, p)
        if st.sc[S.S_END] != 0 or R.k[T.K_PLAY_AFTER_BUY] == 0 or st.sc[S.S_DRAWN] == drawn \
                or st.zn[p, K.Z_HAND] == 0:
            return
        play_hand(R, C, st, p)
        drawn = st.sc[S.S_DRAWN]


@njit
def main_phase(R, C, st, p):
    """HB-T01: p plays his hand, then buys and fights (playing what he draws while buying)."""
    play_hand(R, C, st, p)
    if st.sc[S.S_END] == 0:
        rest_of_turn(R, C, st, p, st.sc[S.S_DRAWN])


@njit
def buy_phase(R, C, st, p):
    """HB-T01, HB-T05: buy Path cards or the top Valor, fight the archenemy, until p ends."""
    while st.sc[S.S_END] == 0:
        n = 0
        power = st.sc[S.S_POWER]
        for s in range(K.MAX_PATH):
            c = st.path[s]
            if c >= 0 and effective_cost(R, st, p, c) <= power:
                st.options[n] = s
                st.optcard[n] = c
                n += 1
        if st.sc[S.S_VALOR_N] > 0:
            c = st.valor[st.sc[S.S_VALOR_N] - 1]
            if effective_cost(R, st, p, c) <= power:
                st.options[n] = K.OPT_VALOR
                st.optcard[n] = c
                n += 1
        if can_fight(R, st):
            st.options[n] = K.OPT_FIGHT                              # the card it gains, -1
            st.optcard[n] = fight_gain(R, st) if loot_under(R, st) == 0 else -1   # if face down
            n += 1
        st.options[n] = K.OPT_END
        st.optcard[n] = -1
        n += 1
        o = st.options[decide(R, C, st, p, K.D_BUY, n)]
        if o == K.OPT_END:
            return
        take_buy(R, C, st, p, o)


@njit
def take_buy(R, C, st, p, o):
    """HB-T05: p takes buy option o (consts.OPT_FIGHT, OPT_VALOR or a Path slot) and pays for
    it (a lookahead's playout takes its options through here too)."""
    if o == K.OPT_FIGHT:
        fight(R, C, st, p)
    elif o == K.OPT_VALOR:
        c = spop(st.valor, st.sc, S.S_VALOR_N)
        cost = effective_cost(R, st, p, c)
        st.sc[S.S_POWER] -= cost
        ev(st, K.EV_BUY, p, c, cost, 1)
        gain(R, C, st, p, c, True)
    else:
        c = st.path[o]
        cost = effective_cost(R, st, p, c)
        st.path[o] = -1                                              # HB-T06: no refill now
        st.sc[S.S_POWER] -= cost
        ev(st, K.EV_BUY, p, c, cost, 0)
        gain(R, C, st, p, c, True)


# ------------------------------------------------------------------ the Path
@njit
def refill(R, st, pending):
    """HB-T06: the Path's empty slots from the main deck; an Ambush entering is recorded to
    hit the next player (HB-T10). False when a slot cannot be filled (HB-E02)."""
    for s in range(R.k[T.K_PATH]):
        if st.path[s] >= 0:
            continue
        if st.sc[S.S_MAIN_N] == 0:
            return False
        c = spop(st.main, st.sc, S.S_MAIN_N)
        st.path[s] = c
        ev(st, K.EV_REFILL, st.sc[S.S_CUR], c, s, 0)
        if pending and has_rows(R, c, K.TR_AMBUSH) and st.sc[S.S_PEND_N] < K.MAX_PENDING:
            st.pend[st.sc[S.S_PEND_N]] = s
            st.sc[S.S_PEND_N] += 1
    return True


@njit
def scorch(R, C, st, p, a):
    """HB-D12, HB-I04: at the start of p's turn the main deck's top card goes into the Path and
    destroys the cheaper Path cards (with a > 0: a card costing a destroys every card of
    another cost). A full Path takes it into a slot beyond its five (up to MAX_PATH; with
    scorch_slots off, into the slot of a card it destroys, or it is destroyed itself when it
    destroys none); its Ambush hits p only with scorch_ambush (HB-T10 names the refill)."""
    if st.sc[S.S_MAIN_N] == 0:
        return
    c = spop(st.main, st.sc, S.S_MAIN_N)
    slots = K.MAX_PATH if R.k[T.K_SCORCH_SLOTS] else R.k[T.K_PATH]
    at = -1
    for s in range(slots):
        if st.path[s] < 0:
            at = s
            break
    cost = R.card[c, T.C_COST]
    for s in range(K.MAX_PATH):
        o = st.path[s]
        if o < 0:
            continue
        oc = R.card[o, T.C_COST]
        if (a == 0 and oc < cost) or (a > 0 and cost == a and oc != a):
            st.path[s] = -1
            destroy(R, st, o, 10 + s)
            if at < 0 and s < slots:
                at = s
    if at < 0:
        destroy(R, st, c, 10 + K.MAX_PATH)
        return
    st.path[at] = c
    ev(st, K.EV_REFILL, st.sc[S.S_CUR], c, at, 1)
    if R.k[T.K_SCORCH_AMBUSH]:
        ambush(R, C, st, p, c)


# ------------------------------------------------------------------ a turn
@njit
def start_turn(R, C, st, p):
    """Reset the turn's counters; the Ambushes of the last refill hit p (HB-T10); the Stack
    Ongoing of the archenemy on top acts (HB-K01, HB-D12; of every archenemy in the stack with
    stack_live whole-stack); a hero's stash-start (while his Stash holds fewer cards than its
    cap, if it has one)."""
    st.sc[S.S_POWER] = 0
    st.sc[S.S_FIGHTS] = 0
    st.sc[S.S_CUP] = 0
    st.sc[S.S_CUP_N] = 0
    st.tcount[:] = 0
    st.pl[p, S.P_TYPES_PLAYED] = 0
    st.pl[p, S.P_DREW] = 0
    st.pl[p, S.P_BIG_GAINED] = 0
    st.pl[p, S.P_DESTROYED] = 0
    st.pl[p, S.P_TOPPED] = 0
    st.pl[p, S.P_TURNS] += 1
    ev(st, K.EV_TURN, p, st.sc[S.S_ROUND], st.pl[p, S.P_HERO], 0)
    for j in range(st.sc[S.S_PEND_N]):
        c = st.path[st.pend[j]]
        if c >= 0:
            ambush(R, C, st, p, c)
    st.sc[S.S_PEND_N] = 0
    for i in range(st.sc[S.S_ARCH_N] - 1, -1, -1):
        if not stack_ongoing_live(R, st, i):
            continue
        a = st.arch[i]
        for r in range(R.card[a, T.C_NFX]):
            if R.fx[a, r, T.FX_TRIG] == K.TR_STACK and R.fx[a, r, T.FX_OP] == K.OP_SCORCH:
                scorch(R, C, st, p, R.fx[a, r, T.FX_A])
    r = hero_row(R, st, p, K.OP_STASH_START)
    if r >= 0:
        cap = R.hfx[st.pl[p, S.P_HERO], r, T.FX_A]        # 0: no cap
        if cap == 0 or st.zn[p, K.Z_STASH] < cap:
            apply_op(R, C, st, p, -1, K.OP_STASH, 1, 0, 0)


@njit
def cup_stash(R, st, p, card):
    """HB-K21: the card a Small Cup marked is Stashed wherever it is (p's zones first, then
    the destroyed piles)."""
    for z in (K.Z_PLAYED, K.Z_LOCATIONS, K.Z_DISCARD, K.Z_HAND, K.Z_DECK):
        i = find(st, p, z, card)
        if i >= 0:
            stash(st, p, take(st, p, z, i))
            return
    for i in range(st.sc[S.S_DESTROYED_DOS_N] - 1, -1, -1):
        if st.destroyed_dos[i] == card:
            stash(st, p, pile_take(st.destroyed_dos, st.sc, S.S_DESTROYED_DOS_N, i))
            return
    for i in range(st.sc[S.S_DESTROYED_AUJ_N] - 1, -1, -1):
        if st.destroyed_auj[i] == card:
            stash(st, p, pile_take(st.destroyed_auj, st.sc, S.S_DESTROYED_AUJ_N, i))
            return


@njit
def end_turn(R, C, st, p):
    """HB-T02..T10: the nine steps of the end of p's turn."""
    players = st.sc[S.S_PLAYERS]
    move_all(st, p, K.Z_HAND, K.Z_DISCARD)                           # step 2
    for i in range(st.zn[p, K.Z_PLAYED]):                            # step 3
        c = st.z[p, K.Z_PLAYED, i]
        for r in range(R.card[c, T.C_NFX]):
            if R.fx[c, r, T.FX_TRIG] == K.TR_END_TURN:
                apply_op(R, C, st, p, c, R.fx[c, r, T.FX_OP], R.fx[c, r, T.FX_A],
                         R.fx[c, r, T.FX_B], 0)
    for k in range(st.sc[S.S_CUP_N]):
        cup_stash(R, st, p, st.cup[k])
    st.sc[S.S_CUP_N] = 0
    move_all(st, p, K.Z_PLAYED, K.Z_DISCARD)                         # step 4
    st.sc[S.S_POWER] = 0
    draw(st, p, R.k[T.K_HAND])                                       # step 5
    for i in range(st.zn[p, K.Z_LOCATIONS]):
        loc = st.z[p, K.Z_LOCATIONS, i]
        for r in range(R.card[loc, T.C_NFX]):
            if R.fx[loc, r, T.FX_TRIG] == K.TR_ONGOING and R.fx[loc, r, T.FX_OP] == K.OP_END_DRAW:
                draw(st, p, R.fx[loc, r, T.FX_A])                    # HB-H01: not Bombur's
    if not refill(R, st, True):                                      # step 6, HB-E02
        st.sc[S.S_END] = K.END_PATH
        return
    top = arch_top(st)                                               # step 7
    if top >= 0 and (st.sc[S.S_GROUP_DUE] or R.k[T.K_GROUP_WHEN] == K.GROUP_EVERY_TURN):
        group_ambush(R, C, st, (p + 1) % players, top, K.TR_GROUP)
    st.sc[S.S_GROUP_DUE] = 0
    top = arch_top(st)                                               # step 8
    # a 0-VP archenemy left with no Loot is removed whether it was defeated or robbed (The
    # Burglar, HB-K12): no defeat could gain anything from it, so it would bar the stack
    if top >= 0 and R.card[top, T.C_ZERO_VP] and not R.card[top, T.C_FINAL] and \
            loot_under(R, st) == 0 and st.sc[S.S_ARCH_N] > 0:
        spush(st.removed, st.sc, S.S_REMOVED_N, spop(st.arch, st.sc, S.S_ARCH_N))
        ev(st, K.EV_REMOVE, p, top, 0, 0)
        if st.sc[S.S_ARCH_N] > 0:
            st.sc[S.S_GROUP_DUE] = 1
    if st.sc[S.S_AZOG_FELL]:
        chapter_change(R, C, st, p)


# ------------------------------------------------------------------ the chapter change
@njit
def box_take_set(R, st, card_set, dst, at, top):
    """Move every card of set card_set from the box onto the shared pile dst (counted by
    sc[at]): on top, or with top = False under what is there."""
    i = 0
    while i < st.sc[S.S_BOX_N]:
        c = st.box[i]
        if R.card[c, T.C_SET] == card_set:
            pile_take(st.box, st.sc, S.S_BOX_N, i)
            if top:
                spush(dst, st.sc, at, c)
            else:
                n = st.sc[at]
                for j in range(n, 0, -1):
                    dst[j] = dst[j - 1]
                dst[0] = c
                st.sc[at] = n + 1
        else:
            i += 1


@njit
def box_take_card(R, st, card_set, order):
    """Take from the box the card of set card_set with that order (-1: any), -1 if none."""
    for i in range(st.sc[S.S_BOX_N]):
        c = st.box[i]
        if R.card[c, T.C_SET] == card_set and (order < 0 or R.card[c, T.C_ORDER] == order):
            return pile_take(st.box, st.sc, S.S_BOX_N, i)
    return -1


@njit
def smaug_set(st):
    return K.SET_SMAUG if st.sc[S.S_MODE] == K.MODE_NORMAL else K.SET_SMAUG_IMPOSSIBLE


@njit
def chapter_change(R, C, st, p):
    """HB-D01..D10: the nine steps at the end of the turn Azog fell (p defeated him); the
    player to p's left then takes the first turn of The Desolation of Smaug."""
    players = st.sc[S.S_PLAYERS]
    st.sc[S.S_AZOG_FELL] = 0
    st.sc[S.S_CHAPTER] = 1
    st.sc[S.S_CHAPTER_TURN] = st.sc[S.S_TURN]
    ev(st, K.EV_CHAPTER, p, 1, 0, 0)                                 # each step's header first
    while st.sc[S.S_MAIN_N] > 0:                                     # 1
        destroy(R, st, spop(st.main, st.sc, S.S_MAIN_N), 20)
    ev(st, K.EV_CHAPTER, p, 2, 0, 0)
    for s in range(K.MAX_PATH):                                      # 2
        if st.path[s] >= 0:
            destroy(R, st, st.path[s], 10 + s)
            st.path[s] = -1
    box_take_set(R, st, K.SET_HOARDING, st.corr, S.S_CORR_N,         # 3, HB-I01
                 st.sc[S.S_MODE] != K.MODE_NORMAL)
    ev(st, K.EV_CHAPTER, p, 3, 0, 0)
    box_take_set(R, st, K.SET_DOS, st.main, S.S_MAIN_N, True)        # 4
    shuffle(st.main, st.sc[S.S_MAIN_N], st.rng, K.STREAM_SETUP)
    while st.sc[S.S_MAIN_N] > R.k[T.K_DOS_DECK]:                     # the dos_deck lever
        spush(st.box, st.sc, S.S_BOX_N, spop(st.main, st.sc, S.S_MAIN_N))
    ev(st, K.EV_CHAPTER, p, 4, st.sc[S.S_MAIN_N], 0)
    st.sc[S.S_PEND_N] = 0
    ev(st, K.EV_CHAPTER, p, 5, 0, 0)
    ok = refill(R, st, True)                                         # 5
    first = (p + 1) % players
    ev(st, K.EV_CHAPTER, p, 6, 0, 0)
    while st.sc[S.S_PEND_N] > 0:                                     # 6
        n = st.sc[S.S_PEND_N]
        for j in range(n):
            st.options[j] = j
            st.optcard[j] = st.path[st.pend[j]]
        j = st.options[decide(R, C, st, first, K.D_ORDER, n)]
        c = st.path[st.pend[j]]
        for k in range(j, n - 1):
            st.pend[k] = st.pend[k + 1]
        st.sc[S.S_PEND_N] = n - 1
        group_ambush(R, C, st, first, c, K.TR_AMBUSH)
    ss = smaug_set(st)
    st.arch_by[:] = 0                                                # the stack is empty: Azog fell
    arch_push(st, box_take_card(R, st, ss, 1))                       # 7
    ev(st, K.EV_CHAPTER, p, 7, 0, 0)
    n0 = st.sc[S.S_ARCH_N]                                           # 8
    box_take_set(R, st, K.SET_LOOT4, st.arch, S.S_ARCH_N, True)
    shuffle(st.arch[n0:], st.sc[S.S_ARCH_N] - n0, st.rng, K.STREAM_SETUP)
    ev(st, K.EV_CHAPTER, p, 8, st.sc[S.S_ARCH_N] - n0, 0)
    arch_push(st, box_take_card(R, st, ss, 0))                       # 9
    ev(st, K.EV_CHAPTER, p, 9, 0, 0)
    # HB-T07: Smaug the Magnificent comes to the top: his Group Ambush is due at the end of the
    # first turn (not with group_when not-at-start)
    st.sc[S.S_GROUP_DUE] = 0 if R.k[T.K_GROUP_WHEN] == K.GROUP_NOT_AT_START else 1
    if not ok:
        st.sc[S.S_END] = K.END_PATH


# ------------------------------------------------------------------ the score
@njit
def score(R, st, p):
    """HB-K03, HB-K19: the VP of every card p owns, his Stash included (its Corruptions too),
    and the end-of-game formulas, the Stash counted before it joins the deck."""
    stash_n = st.zn[p, K.Z_STASH]
    vp = R.k[T.K_SEAT_VP_0 + p]
    for z in range(K.N_PLAYER_ZONES):
        for i in range(st.zn[p, z]):
            c = st.z[p, z, i]
            vp += R.card[c, T.C_VP]
            for r in range(R.card[c, T.C_NFX]):
                if R.fx[c, r, T.FX_TRIG] != K.TR_END_GAME:
                    continue
                op, a, b = R.fx[c, r, T.FX_OP], R.fx[c, r, T.FX_A], R.fx[c, r, T.FX_B]
                if op == K.OP_VP_PER_STASH and b > 0:
                    vp += a * (stash_n // b)
                elif op == K.OP_HOARDING and b > 0:
                    vp -= a * (stash_n // b)
                elif op == K.OP_VP_PER_TYPE:
                    vp += a * owned_of_type(R, st, p, b)
    return vp


@njit
def owned_of_type(R, st, p, typ):
    n = 0
    for z in range(K.N_PLAYER_ZONES):
        for i in range(st.zn[p, z]):
            if R.card[st.z[p, z, i], T.C_TYPE] == typ:
                n += 1
    return n
