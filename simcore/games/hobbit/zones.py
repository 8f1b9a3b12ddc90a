"""Moving cards between the Hobbit deck-builder's zones (HB-Z01): every move takes a card out
of one zone and puts it into another, so the box's counts are conserved by construction.
Rule IDs refer to ../rules-checklist.md. Kernels never allocate: every buffer is in the State."""
from ...harness import event
from ...jit import njit
from ...rng import randint, shuffle
from . import consts as K
from . import state as S
from . import tables as T


@njit
def ev(st, kind, p, a, b, c):
    """Record an event stamped with its turn when the log is on (simcore.harness.event)."""
    event(st, kind, st.sc[S.S_TURN], p, a, b, c)


# ------------------------------------------------------------------ a player's zones
@njit
def push(st, p, z, card):
    st.z[p, z, st.zn[p, z]] = card
    st.zn[p, z] += 1


@njit
def take(st, p, z, i):
    """Take the card at position i of player p's zone z out of it (the order of the rest kept)."""
    n = st.zn[p, z]
    card = st.z[p, z, i]
    for j in range(i, n - 1):
        st.z[p, z, j] = st.z[p, z, j + 1]
    st.zn[p, z] = n - 1
    return card


@njit
def move_all(st, p, src, dst):
    for i in range(st.zn[p, src]):
        push(st, p, dst, st.z[p, src, i])
    st.zn[p, src] = 0


@njit
def find(st, p, z, card):
    """The last position of `card` in player p's zone z, -1 if none."""
    for i in range(st.zn[p, z] - 1, -1, -1):
        if st.z[p, z, i] == card:
            return i
    return -1


@njit
def reshuffle(st, p):
    """HB-Z02: the discard pile becomes the shuffled deck."""
    n = st.zn[p, K.Z_DISCARD]
    for i in range(n):
        st.z[p, K.Z_DECK, st.zn[p, K.Z_DECK] + i] = st.z[p, K.Z_DISCARD, i]
    st.zn[p, K.Z_DECK] += n
    st.zn[p, K.Z_DISCARD] = 0
    shuffle(st.z[p, K.Z_DECK], st.zn[p, K.Z_DECK], st.rng, K.STREAM_DECK)


@njit
def top_card(st, p):
    """The top card of player p's deck (reshuffling an empty deck, HB-Z02), -1 if none."""
    if st.zn[p, K.Z_DECK] == 0:
        reshuffle(st, p)
    n = st.zn[p, K.Z_DECK]
    return st.z[p, K.Z_DECK, n - 1] if n > 0 else -1


@njit
def draw_one(st, p):
    """Draw one card into the hand: the card, -1 if deck and discard pile are both empty."""
    card = top_card(st, p)
    if card >= 0:
        st.zn[p, K.Z_DECK] -= 1
        push(st, p, K.Z_HAND, card)
        st.sc[S.S_DRAWN] += 1
        ev(st, K.EV_DRAWN, p, card, p, 0)
    return card


@njit
def draw(st, p, n):
    """Draw up to n cards; returns how many were drawn."""
    got = 0
    for _ in range(n):
        if draw_one(st, p) < 0:
            break
        got += 1
    if got:
        ev(st, K.EV_DRAW, p, got, p, 0)
    return got


# ------------------------------------------------------------------ shared stacks
@njit
def spush(arr, sc, at, card):
    arr[sc[at]] = card
    sc[at] += 1


@njit
def spop(arr, sc, at):
    sc[at] -= 1
    return arr[sc[at]]


@njit
def chapter_of(R, card):
    """1 for a card of The Desolation of Smaug's box, 0 for An Unexpected Journey's (HB-C06)."""
    s = R.card[card, T.C_SET]
    return 1 if (s == K.SET_DOS or s == K.SET_HOARDING or s == K.SET_LOOT4 or s == K.SET_SMAUG
                 or s == K.SET_SMAUG_IMPOSSIBLE) else 0


@njit
def corruption_returns(R, st):
    """HB-I07: in Impossible Mode a destroyed Corruption goes back on top of its stack (in the
    whole campaign, or only in The Desolation of Smaug with impossible_auj = 0)."""
    if st.sc[S.S_MODE] == K.MODE_NORMAL:
        return False
    return R.k[T.K_IMPOSSIBLE_AUJ] != 0 or st.sc[S.S_CHAPTER] == 1


@njit
def destroy(R, st, card, where):
    """Put a card taken out of its zone into its chapter's destroyed pile (HB-C06), or back on
    the Corruption stack (HB-I07)."""
    if R.card[card, T.C_TYPE] == K.T_CORRUPTION and corruption_returns(R, st):
        spush(st.corr, st.sc, S.S_CORR_N, card)
    elif chapter_of(R, card):
        spush(st.destroyed_dos, st.sc, S.S_DESTROYED_DOS_N, card)
    else:
        spush(st.destroyed_auj, st.sc, S.S_DESTROYED_AUJ_N, card)
    ev(st, K.EV_DESTROY, st.sc[S.S_CUR], card, where, 0)


@njit
def arch_top(st):
    """The card on top of the archenemy stack, -1 if it is empty."""
    n = st.sc[S.S_ARCH_N]
    return st.arch[n - 1] if n > 0 else -1


@njit
def loot_under(R, st):
    """How many Loot cards lie immediately under the archenemy on top (HB-C02, HB-D15): the
    cards down to the next archenemy the rules stacked; a card a player put there (Escape the
    Flames, Impossible Smaug's hoard) is Loot whatever its type, Azog too."""
    n = st.sc[S.S_ARCH_N]
    k = 0
    for i in range(n - 2, -1, -1):
        if st.arch_by[i] == 0 and R.card[st.arch[i], T.C_TYPE] == K.T_ARCHENEMY:
            break
        k += 1
    return k


@njit
def pile_take(arr, sc, at, i):
    """Take arr[i] out of a shared pile counted by sc[at] (the order of the rest kept)."""
    n = sc[at]
    card = arr[i]
    for j in range(i, n - 1):
        arr[j] = arr[j + 1]
    sc[at] = n - 1
    return card


@njit
def arch_push(st, card):
    """The rules put `card` on top of the archenemy stack (set-up, the chapter change)."""
    st.arch_by[st.sc[S.S_ARCH_N]] = 0
    spush(st.arch, st.sc, S.S_ARCH_N, card)


@njit
def arch_take(st, i):
    """Take the card at position i of the archenemy stack out of it (who put each card there
    moves with it)."""
    n = st.sc[S.S_ARCH_N]
    for j in range(i, n - 1):
        st.arch_by[j] = st.arch_by[j + 1]
    return pile_take(st.arch, st.sc, S.S_ARCH_N, i)


@njit
def arch_shuffle(st, lo, k, stream):
    """Fisher-Yates shuffle of the stack's entries lo .. lo + k - 1 (as rng.shuffle draws),
    who put each card there moving with it."""
    for i in range(k - 1, 0, -1):
        j = randint(st.rng, stream, i + 1)
        t = st.arch[lo + i]
        st.arch[lo + i] = st.arch[lo + j]
        st.arch[lo + j] = t
        t = st.arch_by[lo + i]
        st.arch_by[lo + i] = st.arch_by[lo + j]
        st.arch_by[lo + j] = t


@njit
def put_under_top(st, card, p, how):
    """HB-K15, HB-I03: seat p puts a card face down immediately under the archenemy on top
    (`how`: consts.PUT_*); only p saw it."""
    n = st.sc[S.S_ARCH_N]
    st.arch[n] = st.arch[n - 1]
    st.arch_by[n] = st.arch_by[n - 1]
    st.arch[n - 1] = card
    st.arch_by[n - 1] = how * K.MAX_PLAYERS + p
    st.sc[S.S_ARCH_N] = n + 1
    ev(st, K.EV_UNDER, p, card, p, st.arch[n])


@njit
def stack_ongoing_live(R, st, i):
    """Is the Stack Ongoing of the card at index i of the archenemy stack (the top at
    S_ARCH_N - 1) live (HB-K01)? Only an archenemy the game put there has one (a card a player
    put under Smaug is Loot, whatever its type), and only on top of the stack unless
    stack_live is whole-stack."""
    if i < st.sc[S.S_ARCH_N] - 1 and R.k[T.K_STACK_LIVE] != K.STACK_WHOLE:
        return False
    return st.arch_by[i] == 0 and R.card[st.arch[i], T.C_TYPE] == K.T_ARCHENEMY


@njit
def effective_cost(R, st, p, card):
    """What card costs player p to buy now: its cost, plus the `cost-up` of the Stack Ongoing
    of the archenemy on top (HB-K01; of every archenemy in the stack with stack_live
    whole-stack), less the hero's Valor discount."""
    cost = R.card[card, T.C_COST]
    for i in range(st.sc[S.S_ARCH_N] - 1, -1, -1):
        if not stack_ongoing_live(R, st, i):
            continue
        a = st.arch[i]
        for r in range(R.card[a, T.C_NFX]):
            if R.fx[a, r, T.FX_TRIG] == K.TR_STACK and R.fx[a, r, T.FX_OP] == K.OP_COST_UP:
                b = R.fx[a, r, T.FX_B]
                if b == K.ANY_TYPE or b == R.card[card, T.C_TYPE]:
                    cost += R.fx[a, r, T.FX_A]
    if R.card[card, T.C_TYPE] == K.T_VALOR:
        h = st.pl[p, S.P_HERO]
        for r in range(R.hero[h, T.HR_NFX]):
            if R.hfx[h, r, T.FX_OP] == K.OP_VALOR_DISCOUNT:
                cost -= R.hfx[h, r, T.FX_A]
    return cost if cost > 0 else 0


@njit
def hero_value(R, st, p, op):
    """The A of the first ability `op` of player p's hero, 0 if it has none."""
    h = st.pl[p, S.P_HERO]
    for r in range(R.hero[h, T.HR_NFX]):
        if R.hfx[h, r, T.FX_OP] == op:
            a = R.hfx[h, r, T.FX_A]
            return a if a != 0 else 1
    return 0


@njit
def hero_row(R, st, p, op):
    """The row of player p's hero holding ability `op`, -1 if none."""
    h = st.pl[p, S.P_HERO]
    for r in range(R.hero[h, T.HR_NFX]):
        if R.hfx[h, r, T.FX_OP] == op:
            return r
    return -1
