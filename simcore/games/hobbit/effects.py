"""What the Hobbit deck-builder's cards do: the effect vocabulary (docs/hobbit-effects.md) as
kernels. A card's text is rows of Rules.fx (when, what, A, B); `apply_op` does one row for one
player. Attacks, Ambushes and Group Ambushes hit players through `avoided` (a Defense card,
HB-C04, HB-C07; Tauriel, HB-H02). Rule IDs refer to ../rules-checklist.md."""
from ...jit import njit
from ...rng import randint
from . import consts as K
from . import state as S
from . import tables as T
from .decide import decide
from .zones import (arch_shuffle, arch_take, destroy, draw, ev, find, hero_row, hero_value,
                    loot_under, push, put_under_top, spop, take, top_card)


# ------------------------------------------------------------------ asking for a card
@njit
def ask(R, C, st, p, what, src, n, optional):
    """Seat p picks one of the n positions listed in st.options (st.optcard: their cards) for
    `what` (consts.ASK_*) of card `src`; with `optional`, "none" is one more option. Returns
    the position, or NONE."""
    if optional:
        st.options[n] = K.NONE
        st.optcard[n] = -1
        n += 1
    if n == 0:
        return K.NONE
    st.sc[S.S_ASK] = what
    st.sc[S.S_ASK_CARD] = src
    return st.options[decide(R, C, st, p, K.D_CARD, n)]


@njit
def list_zone(st, p, z, n):
    """Add player p's zone z's cards to the options from n; returns the new count."""
    for i in range(st.zn[p, z]):
        if n >= K.MAX_OPTIONS - 1:
            break
        st.options[n] = z * K.POS + i
        st.optcard[n] = st.z[p, z, i]
        n += 1
    return n


@njit
def list_typed(R, st, p, z, n, typ):
    """list_zone for the cards of type typ only."""
    for i in range(st.zn[p, z]):
        if n >= K.MAX_OPTIONS - 1:
            break
        c = st.z[p, z, i]
        if R.card[c, T.C_TYPE] == typ:
            st.options[n] = z * K.POS + i
            st.optcard[n] = c
            n += 1
    return n


@njit
def take_at(st, p, pos):
    """Take the card at option position pos (zone * POS + index) of player p's zones."""
    return take(st, p, pos // K.POS, pos % K.POS)


# ------------------------------------------------------------------ gaining and stashing
@njit
def stash(st, p, card):
    """HB-K02: a card put under player p's hero."""
    push(st, p, K.Z_STASH, card)
    ev(st, K.EV_STASH, p, card, p, 0)


@njit
def gain_corruption(R, st, p, n):
    """HB-C03: n Corruptions off the top of the Corruption stack (none once it is empty)."""
    for _ in range(n):
        if st.sc[S.S_CORR_N] == 0:
            return
        c = spop(st.corr, st.sc, S.S_CORR_N)
        push(st, p, K.Z_DISCARD, c)
        st.pl[p, S.P_CORRUPTIONS] += 1
        ev(st, K.EV_GAIN, p, c, p, 0)


@njit
def gain(R, C, st, p, card, bought):
    """Player p gains `card` (bought, or gained by a defeat or an effect): to his discard pile,
    or on top of his deck (a hero's top-deck), then its `gained` rows and the hero's big-gain
    (HB-H03: one gain per card, a Loot gained by a defeat included)."""
    typ = R.card[card, T.C_TYPE]
    r = hero_row(R, st, p, K.OP_TOP_DECK)
    h = st.pl[p, S.P_HERO]
    if bought and r >= 0 and st.pl[p, S.P_TOPPED] == 0 and \
            (R.hfx[h, r, T.FX_B] == K.ANY_TYPE or R.hfx[h, r, T.FX_B] == typ):
        st.pl[p, S.P_TOPPED] = 1
        push(st, p, K.Z_DECK, card)
    else:
        push(st, p, K.Z_DISCARD, card)
    ev(st, K.EV_GAIN, p, card, p, bought)
    r = hero_row(R, st, p, K.OP_BIG_GAIN)
    if r >= 0 and st.pl[p, S.P_BIG_GAINED] == 0 and R.card[card, T.C_COST] >= R.hfx[h, r, T.FX_B]:
        st.pl[p, S.P_BIG_GAINED] = 1
        draw(st, p, max(1, R.hfx[h, r, T.FX_A]))
    for r in range(R.card[card, T.C_NFX]):
        if R.fx[card, r, T.FX_TRIG] == K.TR_GAINED and R.fx[card, r, T.FX_OP] == K.OP_SEND_OFF:
            send_off(R, C, st, p, card)


@njit
def send_off(R, C, st, p, card):
    """HB-K22: p may Stash another copy he has (hand, played, discard; not the one gained)."""
    n = 0
    skip = st.zn[p, K.Z_DISCARD] - 1 if find(st, p, K.Z_DISCARD, card) == st.zn[p, K.Z_DISCARD] - 1 \
        else -1
    for z in (K.Z_HAND, K.Z_PLAYED, K.Z_DISCARD):
        for i in range(st.zn[p, z]):
            if st.z[p, z, i] == card and not (z == K.Z_DISCARD and i == skip) and n < K.MAX_OPTIONS - 1:
                st.options[n] = z * K.POS + i
                st.optcard[n] = card
                n += 1
    pos = ask(R, C, st, p, K.ASK_SEND_OFF, card, n, True)
    if pos != K.NONE:
        stash(st, p, take_at(st, p, pos))


# ------------------------------------------------------------------ drawing, destroying
@njit
def draw_played(R, st, p, n, played):
    """Draw n; HB-H01: the first time each turn a card p played draws, Bombur draws more."""
    got = draw(st, p, n)
    if played and got > 0 and st.pl[p, S.P_DREW] == 0:
        more = hero_value(R, st, p, K.OP_DRAW_MORE)
        st.pl[p, S.P_DREW] = 1
        if more > 0:
            draw(st, p, more)
    return got


@njit
def destroy_own(R, C, st, p, pos):
    card = take_at(st, p, pos)
    destroy(R, st, card, pos // K.POS)
    if st.pl[p, S.P_DESTROYED] == 0:
        st.pl[p, S.P_DESTROYED] = 1
        st.sc[S.S_POWER] += hero_value(R, st, p, K.OP_DESTROY_POWER)


@njit
def discard_from_hand(R, C, st, p, src, n):
    """p discards n cards of his hand, choosing which (HB-C04: the player hit chooses)."""
    for _ in range(n):
        k = list_zone(st, p, K.Z_HAND, 0)
        if k == 0:
            return
        pos = ask(R, C, st, p, K.ASK_DISCARD, src, k, False)
        card = take_at(st, p, pos)
        push(st, p, K.Z_DISCARD, card)
        ev(st, K.EV_DISCARD, p, card, p, 0)


@njit
def costliest(R, st, p, z, skip_type):
    """The position in p's zone z of its costliest card (not of type skip_type), -1 if none."""
    best, at = -1, -1
    for i in range(st.zn[p, z]):
        c = st.z[p, z, i]
        if R.card[c, T.C_TYPE] != skip_type and R.card[c, T.C_COST] > best:
            best, at = R.card[c, T.C_COST], i
    return at


# ------------------------------------------------------------------ archenemy Loot
@njit
def take_loot(R, st):
    """The Loot taken from under the archenemy on top (HB-C02, HB-D15): the one immediately
    under it, or, under an Impossible Smaug, one at random of his Loot shuffled (HB-I08);
    -1 if there is none."""
    k = loot_under(R, st)
    if k == 0:
        return -1
    n = st.sc[S.S_ARCH_N]
    i = n - 2
    if R.card[st.arch[n - 1], T.C_SET] == K.SET_SMAUG_IMPOSSIBLE and k > 1:
        arch_shuffle(st, n - 1 - k, k, K.STREAM_CHANCE)
        i = n - 1 - k + randint(st.rng, K.STREAM_CHANCE, k)
    return arch_take(st, i)


# ------------------------------------------------------------------ one effect row
@njit
def apply_op(R, C, st, p, src, op, a, b, played):
    """Effect `op` (A = a, B = b) of card src, on player p (the player hit, in an Attack or an
    Ambush); `played`: it comes from a card p played on his turn (Bombur, HB-H01)."""
    if op == K.OP_POWER:
        st.sc[S.S_POWER] += a
    elif op == K.OP_DRAW:
        draw_played(R, st, p, a, played)
    elif op == K.OP_DRAW_DISCARD:                                    # HB-K05: the replacement Magic
        draw_played(R, st, p, a, played)
        discard_from_hand(R, C, st, p, src, b)
    elif op == K.OP_DESTROY:
        for _ in range(a):
            n = list_zone(st, p, K.Z_HAND, 0)
            n = list_zone(st, p, K.Z_DISCARD, n)
            pos = ask(R, C, st, p, K.ASK_DESTROY, src, n, True)
            if pos == K.NONE:
                break
            destroy_own(R, C, st, p, pos)
    elif op == K.OP_STASH:
        for _ in range(a):
            n = list_zone(st, p, K.Z_HAND, 0)
            pos = ask(R, C, st, p, K.ASK_STASH, src, n, True)
            if pos == K.NONE:
                break
            stash(st, p, take_at(st, p, pos))
    elif op == K.OP_CORRUPT:
        gain_corruption(R, st, p, a)
    elif op == K.OP_DISCARD:
        discard_from_hand(R, C, st, p, src, a)
    elif op == K.OP_POWER_IF:
        if st.tcount[b] > 0:
            st.sc[S.S_POWER] += a
    elif op == K.OP_POWER_PER:
        st.sc[S.S_POWER] += a * st.tcount[b]
    elif op == K.OP_BARGE:
        barge(R, C, st, p, src)
    elif op == K.OP_BURGLE:                                          # HB-K12: no Group Ambush follows
        loot = take_loot(R, st)
        if loot >= 0:
            gain(R, C, st, p, loot, False)
    elif op == K.OP_TAPESTRY:
        tapestry(R, st, p, played)
    elif op == K.OP_BALLISTA:
        ballista(R, C, st, p, src, a)
    elif op == K.OP_GUARDS:
        guards(R, C, st, p, src)
    elif op == K.OP_BARRELS:                                         # HB-K20
        for typ in (K.T_ALLY, K.T_ENEMY):
            n = list_typed(R, st, p, K.Z_DISCARD, 0, typ)
            pos = ask(R, C, st, p, K.ASK_BARRELS, src, n, True)
            if pos != K.NONE:
                stash(st, p, take_at(st, p, pos))
    elif op == K.OP_SMALL_CUP:                                       # HB-K21
        st.sc[S.S_CUP] += 1
    elif op == K.OP_HIDE_SEEK:                                       # HB-K04
        n = list_zone(st, p, K.Z_STASH, 0)
        pos = ask(R, C, st, p, K.ASK_HIDE_SEEK, src, n, True)
        if pos != K.NONE:
            push(st, p, K.Z_HAND, take_at(st, p, pos))
    elif op == K.OP_FIMBUL:                                          # HB-K04
        i = costliest(R, st, p, K.Z_STASH, K.T_CORRUPTION)
        if i >= 0:
            destroy(R, st, take(st, p, K.Z_STASH, i), K.Z_STASH)
    elif op == K.OP_FLAMES:
        flames(R, C, st, p, src)
    elif op == K.OP_BOLG:                                            # HB-K13: every player
        for j in range(st.sc[S.S_PLAYERS]):
            q = (p + j) % st.sc[S.S_PLAYERS]
            c = top_card(st, q)
            if c >= 0 and R.card[c, T.C_COST] > 0:
                st.zn[q, K.Z_DECK] -= 1
                stash(st, q, c)
    elif op == K.OP_STASH_RANDOM:                                    # HB-K18, HB-D14
        n = st.zn[p, K.Z_HAND]
        if n > 0:
            stash(st, p, take(st, p, K.Z_HAND, randint(st.rng, K.STREAM_CHANCE, n)))
    elif op == K.OP_HOARD_OR:                                        # HB-I03
        n = list_zone(st, p, K.Z_HAND, 0)
        pos = ask(R, C, st, p, K.ASK_HOARD, src, n, True)
        if pos != K.NONE and st.sc[S.S_ARCH_N] > 0:
            put_under_top(st, take_at(st, p, pos), p, K.PUT_HOARD)
        else:
            gain_corruption(R, st, p, 1)


@njit
def barge(R, C, st, p, src):
    """HB-K11: p may destroy one of the Path's lowest-cost cards."""
    low = 1 << 30
    for s in range(K.MAX_PATH):
        c = st.path[s]
        if c >= 0 and R.card[c, T.C_COST] < low:
            low = R.card[c, T.C_COST]
    n = 0
    for s in range(K.MAX_PATH):
        c = st.path[s]
        if c >= 0 and R.card[c, T.C_COST] == low:
            st.options[n] = K.ZP_PATH * K.POS + s
            st.optcard[n] = c
            n += 1
    pos = ask(R, C, st, p, K.ASK_BARGE, src, n, True)
    if pos != K.NONE:
        s = pos % K.POS
        c = st.path[s]
        st.path[s] = -1
        destroy(R, st, c, 10 + s)


@njit
def tapestry(R, st, p, played):
    """HB-K14: draw; draw again while each card costs at least the one before; the first
    cheaper card is drawn and stops the chain."""
    got = draw(st, p, 1)
    if got == 0:
        return
    last = R.card[st.z[p, K.Z_HAND, st.zn[p, K.Z_HAND] - 1], T.C_COST]
    total = 1
    while True:
        if draw(st, p, 1) == 0:
            break
        total += 1
        cost = R.card[st.z[p, K.Z_HAND, st.zn[p, K.Z_HAND] - 1], T.C_COST]
        if cost < last:
            break
        last = cost
    st.sc[S.S_LAST_DRAWN] = last
    if played and st.pl[p, S.P_DREW] == 0:
        more = hero_value(R, st, p, K.OP_DRAW_MORE)
        st.pl[p, S.P_DREW] = 1
        if more > 0:
            draw(st, p, more)


@njit
def ballista(R, C, st, p, src, a):
    """HB-K16: return an Ally and an Enemy from the discard pile to the hand, what there is;
    +a Power only if none was returned."""
    back = 0
    for typ in (K.T_ALLY, K.T_ENEMY):
        n = list_typed(R, st, p, K.Z_DISCARD, 0, typ)
        if n > 0:
            pos = ask(R, C, st, p, K.ASK_BALLISTA, src, n, False)
            push(st, p, K.Z_HAND, take_at(st, p, pos))
            back += 1
    if back == 0:
        st.sc[S.S_POWER] += a


@njit
def guards(R, C, st, p, src):
    """HB-K17: not an Attack. Every player, p too, discards his deck's top card; p chooses a
    player (himself allowed) and a card of that player's discard pile, Stashed under that
    player's hero."""
    players = st.sc[S.S_PLAYERS]
    for j in range(players):
        q = (p + j) % players
        c = top_card(st, q)
        if c >= 0:
            st.zn[q, K.Z_DECK] -= 1
            push(st, q, K.Z_DISCARD, c)
            ev(st, K.EV_DISCARD, q, c, q, 1)
    n = 0
    for j in range(players):
        q = (p + j) % players
        if st.zn[q, K.Z_DISCARD] > 0:
            st.options[n] = q
            st.optcard[n] = -1
            n += 1
    if n == 0:
        return
    st.sc[S.S_ASK] = K.ASK_GUARDS
    st.sc[S.S_ASK_CARD] = src
    q = st.options[decide(R, C, st, p, K.D_TARGET, n)]
    n = 0
    for i in range(st.zn[q, K.Z_DISCARD]):
        if n >= K.MAX_OPTIONS - 1:
            break
        st.options[n] = K.ZP_STASH_OF * K.POS + i
        st.optcard[n] = st.z[q, K.Z_DISCARD, i]
        n += 1
    pos = ask(R, C, st, p, K.ASK_GUARDS, src, n, False)
    stash(st, q, take(st, q, K.Z_DISCARD, pos % K.POS))


@njit
def flames(R, C, st, p, src):
    """HB-K15: the costliest card of p's hand (he picks among ties) goes face down under the
    current Smaug, as Loot."""
    if st.zn[p, K.Z_HAND] == 0 or st.sc[S.S_ARCH_N] == 0:
        return
    i = costliest(R, st, p, K.Z_HAND, -99)
    high = R.card[st.z[p, K.Z_HAND, i], T.C_COST]
    n = 0
    for j in range(st.zn[p, K.Z_HAND]):
        c = st.z[p, K.Z_HAND, j]
        if R.card[c, T.C_COST] == high:
            st.options[n] = K.Z_HAND * K.POS + j
            st.optcard[n] = c
            n += 1
    pos = ask(R, C, st, p, K.ASK_FLAMES, src, n, False)
    put_under_top(st, take_at(st, p, pos), p, K.PUT_FLAMES)


# ------------------------------------------------------------------ being hit
@njit
def avoided(R, C, st, q, src, ambush):
    """Does player q avoid an Attack (ambush 0) or an Ambush (1) of card src? A Defense card
    of his hand, discarded, avoids it and does its defense rows (HB-C04; an Ambush too with
    defense_ambush, HB-C07); Tauriel may discard any card against an Ambush (HB-H02)."""
    if not ambush or R.k[T.K_DEFENSE_AMBUSH]:
        n = 0
        for i in range(st.zn[q, K.Z_HAND]):
            c = st.z[q, K.Z_HAND, i]
            if R.card[c, T.C_DEFENSE] and n < K.MAX_OPTIONS - 1:
                st.options[n] = K.Z_HAND * K.POS + i
                st.optcard[n] = c
                n += 1
        if n > 0:
            st.options[n] = K.NONE
            st.optcard[n] = -1
            st.sc[S.S_ASK_CARD] = src
            pos = st.options[decide(R, C, st, q, K.D_DEFEND, n + 1)]
            if pos != K.NONE:
                c = take_at(st, q, pos)
                push(st, q, K.Z_DISCARD, c)
                ev(st, K.EV_DEFEND, q, c, q, src)
                for r in range(R.card[c, T.C_NFX]):
                    if R.fx[c, r, T.FX_TRIG] == K.TR_DEFENSE:
                        apply_op(R, C, st, q, c, R.fx[c, r, T.FX_OP], R.fx[c, r, T.FX_A],
                                 R.fx[c, r, T.FX_B], 0)
                return True
    if ambush and hero_row(R, st, q, K.OP_AMBUSH_GUARD) >= 0 and st.zn[q, K.Z_HAND] > 0:
        n = list_zone(st, q, K.Z_HAND, 0)
        pos = ask(R, C, st, q, K.ASK_TAURIEL, src, n, True)
        if pos != K.NONE:
            c = take_at(st, q, pos)
            push(st, q, K.Z_DISCARD, c)
            ev(st, K.EV_DISCARD, q, c, q, 2)
            return True
    return False


@njit
def hit_rows(R, C, st, q, card, trig):
    """Card's rows of trigger trig on player q (he is hit: no Bombur)."""
    for r in range(R.card[card, T.C_NFX]):
        if R.fx[card, r, T.FX_TRIG] == trig:
            apply_op(R, C, st, q, card, R.fx[card, r, T.FX_OP], R.fx[card, r, T.FX_A],
                     R.fx[card, r, T.FX_B], 0)


@njit
def has_rows(R, card, trig):
    for r in range(R.card[card, T.C_NFX]):
        if R.fx[card, r, T.FX_TRIG] == trig:
            return True
    return False


@njit
def ambush(R, C, st, q, card):
    """HB-T10: a Path card's Ambush hits player q, unless he avoids it."""
    if not has_rows(R, card, K.TR_AMBUSH):
        return
    a = avoided(R, C, st, q, card, True)
    ev(st, K.EV_AMBUSH, q, card, q, 1 if a else 0)
    if not a:
        hit_rows(R, C, st, q, card, K.TR_AMBUSH)


@njit
def group_ambush(R, C, st, first, card, trig):
    """HB-T07, HB-D06: card's rows of trig hit every player in turn order from `first`, each
    unless he avoids it."""
    if not has_rows(R, card, trig):
        return
    players = st.sc[S.S_PLAYERS]
    for j in range(players):
        q = (first + j) % players
        a = avoided(R, C, st, q, card, True)
        ev(st, K.EV_GROUP, q, card, q, 1 if a else 0)
        if not a:
            hit_rows(R, C, st, q, card, trig)


@njit
def attack(R, C, st, p, card, row):
    """HB-C04: an Attack row of card hits each opponent of p in turn order, unless avoided."""
    players = st.sc[S.S_PLAYERS]
    for j in range(1, players):
        q = (p + j) % players
        a = avoided(R, C, st, q, card, False)
        ev(st, K.EV_ATTACK, p, card, q, 1 if a else 0)
        if not a:
            apply_op(R, C, st, q, card, R.fx[card, row, T.FX_OP], R.fx[card, row, T.FX_A],
                     R.fx[card, row, T.FX_B], 0)
