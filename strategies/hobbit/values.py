"""What the Hobbit strategies think cards and options are worth: greedy's valuation, which
skill reads as it is and lookahead uses for every decision but the buys.

A card is valued by its effect rows (tables.fx: when, what, A, B): each row's worth is a named
weight times A (the parameters of greedy_params.py, read from the seat's vector at an offset:
greedy's own vector holds them first, lookahead's and skill's after their own parameters), and
its Victory Points by `vp`. The game's phase (0 at the start of An Unexpected Journey, 0.5 at
the chapter change, 1 when The Desolation of Smaug's main deck or its archenemies are spent)
turns effects into points: a card's effects are worth `fade` less at the end, a Victory Point
`vp_early` of `vp` at the start and all of it at the end. The mode is the Config's: in co-op no
VP count, an Attack hits a partner (its harm counts against the card), every fight is taken
first; in Impossible and co-op Power counts `rush` times and a Path card bought costs `path`
(the main deck is the clock: the Company loses when the Path cannot be refilled).

What a strategy sees: its hand, the Path, the top Valor, discard piles, Stashes, the archenemy
on top and the count of Loot under it, and what every player owns (every gain is public: a
rival's VP are counted, never the order of his deck or his hand). The Loot under an archenemy is
face down (a fight's option names no card for it, st.optcard -1): a fight that gains one is
valued at the average worth of the Loot it may be (those of its levels not yet seen: under the
archenemy and left in the box); a card a player put there (Escape the Flames, Impossible
Smaug's hoard) is known to him alone (State.arch_by): the others value it by what they can know
of it (placed_worth).

Every hero ability of the vocabulary (docs/hobbit-effects.md) counts where it acts: first-power,
first-draw, draw-more and destroy-power in the worth of each play of a card that triggers them
(hero_bonus); big-gain and top-deck in a gain's worth (hero_gain_bonus: a buy, a defeat's card);
defeat-power in a fight's worth (the Power it gives back); destroy-power in the choice to destroy
too; stash-start in what a Stash is expected to gain (stash_ahead); valor-discount in the Power a
Valor buy takes (option_cost, zones.effective_cost: what a pair of buys has left); ambush-guard
in the choice of the card Tauriel discards against an Ambush (fill_card, ASK_TAURIEL).

The fixed weights (W_*) are the details of the valuation, named here; the parameters are the
priorities. A value is in "points": about a Victory Point at the end, a Power early.
"""
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from simcore.games.hobbit import consts as K
from simcore.games.hobbit import state as S
from simcore.games.hobbit import tables as T
from simcore.games.hobbit.turn import owned_of_type, score
from simcore.games.hobbit.zones import arch_top, effective_cost, hero_row, hero_value, loot_under
from simcore.jit import njit

from .greedy_params import (P_ATTACK, P_CORRUPTION, P_DEFENSE, P_DESTROY, P_DILUTE, P_DRAW,
                            P_FADE, P_LOCATION, P_LOOT, P_PATH, P_POWER, P_RUSH, P_STASH, P_VP,
                            P_VP_EARLY)

# --- fixed weights: the details of a row's worth (in the units of its parameter)
W_SIFT = 0.3            # per card a draw-discard discards: the hand filtered (in `draw`s)
W_IF_ODDS = 0.6         # power-if: the chance another card of the type was played this turn
W_PER_COUNT = 1.0       # power-per: other cards of the type played in a turn, about
W_BARGE = 0.2           # The Barge: a cheap card off the Path (points)
W_BURGLE = 2.0          # burgle: a Loot gained (in `loot`s: a defeat's card without the fight)
W_TAPESTRY = 1.8        # Durin's Line Tapestry: cards drawn, about (in `draw`s)
W_BALLISTA = 1.5        # Lake-town Ballista: an Ally and an Enemy back to the hand (in `draw`s)
W_GUARDS = 1.0          # Lake-town Guards: a card of one's discard Stashed (in `stash`es)
W_BARRELS = 1.5         # River Barrels: up to two cards of the discard Stashed (in `stash`es)
W_CUP = 0.8             # A Small Cup: the next card played Stashed (in `stash`es)
W_SEND_OFF = 0.5        # A Warm Send-Off: another copy Stashed when it is gained (in `stash`es)
W_HIDE_SEEK = 0.7       # Hide and Seek: a Stashed card back to the hand (in `draw`s)
W_BOLG = 0.3            # Bolg: every deck's top card Stashed, one's own too (points)
W_HERO_TYPE = 0.5       # a card that can trigger the hero's first-time ability (first-power,
                        # first-draw: its type; draw-more: it draws; destroy-power: it destroys):
                        # its share of the ability (other cards of the deck trigger it too)
W_TOP_DECK = 0.5        # top-deck: the card bought goes on top of the deck, its effects played
                        # next turn rather than after a reshuffle (in that card's plays)
W_STASH_START = 6.5     # stash-start: cards the hero's start-of-turn Stash adds to the Stash over
                        # a game, beyond W_STASH_AHEAD (10 against 3.5 for the others, measured)
W_STASH_AHEAD = 3.0     # vp-per-stash: cards the Stash will still gain over the whole game
# the harm a row does to the player it hits (points; a Corruption's is the `corruption` parameter)
W_HIT_DISCARD = 0.6     # per card discarded: that card's play lost
W_HIT_FIMBUL = 1.5      # the costliest card of the Stash destroyed
W_HIT_STASH_RANDOM = 0.3   # a random card of the hand Stashed
W_HIT_HOARD = 1.0       # a card to Smaug's Loot, or a Corruption
W_HIT_FLAMES = 1.5      # the costliest card of the hand lost to Smaug
W_HIT_OTHER = 0.3       # any other row, per A (at least one)
W_COOP_HARM = 2.0       # co-op: an Attack's harm to the partners counts this many times (their
                        # decks are the team's)
# decisions
W_ALWAYS = 1.0e6        # an option taken whenever it is legal (a fight in co-op, a defense)
W_TIE = 0.01            # a buy's own worth breaks ties between equal pairs of buys
PLAY_BASE = 1.0         # D_PLAY: a card's value before its order bonuses
PLAY_DRAW = 2.0         # D_PLAY: per card it draws (drawing first: more to play)
PLAY_PICKER = 0.5       # D_PLAY: a card that destroys or Stashes from the hand: before the others
PLAY_COMBO = 0.8        # D_PLAY: power-if / power-per: after the cards they count
PLAY_DEAD = 0.9         # D_PLAY: a card with nothing to play: last (a destroy may take it first)
PLAY_HELD = -2.0        # D_PLAY: an Attack held back in co-op (below stopping, PLAY_STOP)
PLAY_STOP = -1.0        # D_PLAY: NONE in co-op; elsewhere never taken (-W_ALWAYS)
BARGE_ROOM = 0.5        # The Barge: a Path slot freed for a new card, to all (points)
HOARD_DELAY = 4.0       # Impossible: a card under Smaug is one more fight (13 Power) before he
                        # falls: a Corruption is taken instead unless the Stack runs out
TARGET_SELF = 1.0       # Lake-town Guards: Stash in one's own discard pile


def local_floats_intrinsic(size: int):
    """An intrinsic `floats()`: the address of `size` float64 slots on the calling kernel's
    stack (its frame's lifetime; uninitialised): a decision's option values, no allocation."""
    @intrinsic
    def floats(typingctx):
        def codegen(context, builder, sig, args):
            block = cgutils.alloca_once(builder, ir.ArrayType(ir.DoubleType(), size))
            return builder.bitcast(block, ir.DoubleType().as_pointer())
        return types.CPointer(types.float64)(), codegen
    return floats


option_floats = local_floats_intrinsic(2 * K.MAX_OPTIONS)   # values, and D_BUY's plain worths


# ------------------------------------------------------------------ the phase and the mode
@njit
def set_count(R, card_set):
    n = 0
    for k in range(R.card.shape[0]):
        if R.card[k, T.C_SET] == card_set:
            n += R.card[k, T.C_COUNT]
    return n


@njit
def phase(R, st):
    """0 at the start of the journey, 0.5 at the chapter change, 1 at its end: half a
    chapter per chapter, and within one the larger of the share of its main deck gone and the
    share of its archenemy stack (archenemies and Loot) defeated."""
    ch = 1 if st.sc[S.S_CHAPTER] > 0 else 0
    if ch == 0:
        full = min(set_count(R, K.SET_AUJ), R.k[T.K_AUJ_DECK])
        arch = set_count(R, K.SET_ARCH_AUJ) + R.k[T.K_LOOT1_UNDER] + R.k[T.K_LOOT2_UNDER] + \
            set_count(R, K.SET_RING)
    else:
        full = min(set_count(R, K.SET_DOS), R.k[T.K_DOS_DECK])
        arch = set_count(R, K.SET_SMAUG) + set_count(R, K.SET_LOOT4)
    n = st.sc[S.S_MAIN_N]
    dep = 0.0
    if full > 0:
        dep = 1.0 - min(n, full) / full
    if arch > 0:
        dep = max(dep, 1.0 - min(st.sc[S.S_ARCH_N], arch) / arch)
    return 0.5 * (ch + dep)


@njit
def weights(R, C, st, params, off):
    """The decision's context: (phase, a VP's worth, the effects' scale, a Power's worth,
    co-op?, Impossible or co-op?)."""
    f = phase(R, st)
    coop = C.mode == K.MODE_COOP
    clock = C.mode != K.MODE_NORMAL
    vw = 0.0 if coop else params[off + P_VP] * (params[off + P_VP_EARLY] +
                                                (1.0 - params[off + P_VP_EARLY]) * f)
    es = 1.0 - params[off + P_FADE] * f
    pw = params[off + P_POWER] * (params[off + P_RUSH] if clock else 1.0)
    return f, vw, es, pw, coop, clock


# ------------------------------------------------------------------ a card's worth
@njit
def row_gain(R, op, a, b, params, off, pw):
    """What one row does for its owner when it acts (in points, before the phase's scale)."""
    dw = params[off + P_DRAW]
    if op == K.OP_POWER or op == K.OP_FIRST_POWER:
        return pw * a
    if op == K.OP_DRAW or op == K.OP_FIRST_DRAW or op == K.OP_END_DRAW:
        return dw * a
    if op == K.OP_DRAW_DISCARD:
        return dw * (a - b) + dw * W_SIFT * b
    if op == K.OP_DESTROY:
        return params[off + P_DESTROY] * a
    if op == K.OP_STASH:
        return params[off + P_STASH] * a
    if op == K.OP_POWER_IF:
        return pw * a * W_IF_ODDS
    if op == K.OP_POWER_PER:
        return pw * a * W_PER_COUNT
    if op == K.OP_BARGE:
        return W_BARGE
    if op == K.OP_BURGLE:
        return params[off + P_LOOT] * W_BURGLE
    if op == K.OP_TAPESTRY:
        return dw * W_TAPESTRY
    if op == K.OP_BALLISTA:
        return max(dw * W_BALLISTA, pw * a)
    if op == K.OP_GUARDS:
        return params[off + P_STASH] * W_GUARDS
    if op == K.OP_BARRELS:
        return params[off + P_STASH] * W_BARRELS
    if op == K.OP_SMALL_CUP:
        return params[off + P_STASH] * W_CUP
    if op == K.OP_SEND_OFF:
        return params[off + P_STASH] * W_SEND_OFF
    if op == K.OP_HIDE_SEEK:
        return dw * W_HIDE_SEEK
    if op == K.OP_RIDDLE:
        return dw
    if op == K.OP_BOLG:
        return W_BOLG
    return 0.0


@njit
def hit_harm(op, a, params, off):
    """The harm a row does to the player it hits (an Attack, an Ambush, a Group Ambush)."""
    if op == K.OP_CORRUPT:
        return params[off + P_CORRUPTION] * a
    if op == K.OP_DISCARD:
        return W_HIT_DISCARD * a
    if op == K.OP_FIMBUL:
        return W_HIT_FIMBUL
    if op == K.OP_STASH_RANDOM:
        return W_HIT_STASH_RANDOM
    if op == K.OP_HOARD_OR:
        return W_HIT_HOARD
    if op == K.OP_FLAMES:
        return W_HIT_FLAMES
    if op == K.OP_NONE:
        return 0.0
    return W_HIT_OTHER * max(a, 1)


@njit
def rows_harm(R, card, trig, params, off):
    """The harm of card's rows of trigger trig to the player they hit."""
    h = 0.0
    for r in range(R.card[card, T.C_NFX]):
        if R.fx[card, r, T.FX_TRIG] == trig:
            h += hit_harm(R.fx[card, r, T.FX_OP], R.fx[card, r, T.FX_A], params, off)
    return h


@njit
def is_attack(R, c):
    """Does card c attack (an attack or attack-or row)?"""
    for r in range(R.card[c, T.C_NFX]):
        trig = R.fx[c, r, T.FX_TRIG]
        if trig == K.TR_ATTACK or trig == K.TR_ATTACK_OR:
            return True
    return False


@njit
def hero_bonus(R, st, p, c, params, off, pw):
    """What p's hero's first-time abilities add to each play of card c: first-power and
    first-draw for a card of their type, draw-more for a card that draws, destroy-power for a
    card that destroys (W_HERO_TYPE of the ability: the first such card of a turn triggers it)."""
    h = st.pl[p, S.P_HERO]
    typ = R.card[c, T.C_AS_TYPE]
    draws, destroys = False, False
    for r in range(R.card[c, T.C_NFX]):
        if R.fx[c, r, T.FX_TRIG] == K.TR_PLAY:
            op = R.fx[c, r, T.FX_OP]
            if op == K.OP_DRAW or op == K.OP_DRAW_DISCARD or op == K.OP_TAPESTRY:
                draws = True
            elif op == K.OP_DESTROY:
                destroys = True
    v = 0.0
    for r in range(R.hero[h, T.HR_NFX]):
        op, a, b = R.hfx[h, r, T.FX_OP], R.hfx[h, r, T.FX_A], R.hfx[h, r, T.FX_B]
        if (op == K.OP_FIRST_POWER or op == K.OP_FIRST_DRAW) and (b == typ or b == K.ANY_TYPE):
            v += W_HERO_TYPE * row_gain(R, op, a, b, params, off, pw)
        elif op == K.OP_DRAW_MORE and draws:
            v += W_HERO_TYPE * params[off + P_DRAW] * max(a, 1)
        elif op == K.OP_DESTROY_POWER and destroys:
            v += W_HERO_TYPE * pw * max(a, 1)
    return v


@njit
def hero_gain_bonus(R, C, st, p, c, bought, params, off, ctx):
    """What p's hero's gain abilities add to gaining card c now: big-gain draws when c costs
    enough and none did this turn (HB-H03: a bought card, a Loot or an archenemy gained by a
    defeat); top-deck puts a bought card of its type on top of the deck, its effects played
    sooner (W_TOP_DECK), the first of a turn."""
    f, vw, es, pw, coop, clock = ctx
    h = st.pl[p, S.P_HERO]
    v = 0.0
    for r in range(R.hero[h, T.HR_NFX]):
        op, a, b = R.hfx[h, r, T.FX_OP], R.hfx[h, r, T.FX_A], R.hfx[h, r, T.FX_B]
        if op == K.OP_BIG_GAIN and st.pl[p, S.P_BIG_GAINED] == 0 and R.card[c, T.C_COST] >= b:
            v += params[off + P_DRAW] * max(a, 1)
        elif op == K.OP_TOP_DECK and bought and st.pl[p, S.P_TOPPED] == 0 and \
                (b == K.ANY_TYPE or b == R.card[c, T.C_TYPE]):
            v += W_TOP_DECK * effects(R, C, st, p, c, params, off, ctx)
    return v


@njit
def stash_ahead(R, st, p):
    """Cards p's Stash will still gain over a whole game: W_STASH_AHEAD, and W_STASH_START
    more with a hero's stash-start."""
    h = st.pl[p, S.P_HERO]
    for r in range(R.hero[h, T.HR_NFX]):
        if R.hfx[h, r, T.FX_OP] == K.OP_STASH_START:
            return W_STASH_AHEAD + W_STASH_START
    return W_STASH_AHEAD


@njit
def effects(R, C, st, p, c, params, off, ctx):
    """What card c's text does for p each time it is played (or, a Location, each turn it
    stays), in points at this phase: its own rows, its Attacks (co-op: their harm to the
    partners, counted against it), its Defense, the hero's abilities it triggers."""
    f, vw, es, pw, coop, clock = ctx
    v = 0.0
    or_max, or_min, n_or = 0.0, 1.0e30, 0
    for r in range(R.card[c, T.C_NFX]):
        trig, op = R.fx[c, r, T.FX_TRIG], R.fx[c, r, T.FX_OP]
        a, b = R.fx[c, r, T.FX_A], R.fx[c, r, T.FX_B]
        if trig == K.TR_PLAY or trig == K.TR_END_TURN or trig == K.TR_GAINED or \
                trig == K.TR_IN_HAND:
            v += row_gain(R, op, a, b, params, off, pw)
        elif trig == K.TR_ONGOING:
            if R.k[T.K_LOCATIONS_STAY]:
                v += params[off + P_LOCATION] * row_gain(R, op, a, b, params, off, pw)
        elif trig == K.TR_ATTACK:
            h = hit_harm(op, a, params, off)
            v += -W_COOP_HARM * (C.players - 1) * params[off + P_ATTACK] * h if coop \
                else params[off + P_ATTACK] * h
        elif trig == K.TR_ATTACK_OR:
            h = hit_harm(op, a, params, off)
            or_max = max(or_max, h)
            or_min = min(or_min, h)
            n_or += 1
        elif trig == K.TR_DEFENSE:
            v += params[off + P_DEFENSE]
    if n_or > 0:
        v += -W_COOP_HARM * (C.players - 1) * params[off + P_ATTACK] * or_min if coop \
            else params[off + P_ATTACK] * or_max
    v += hero_bonus(R, st, p, c, params, off, pw)
    return v * es


@njit
def vp_worth(R, st, p, c, params, off, ctx):
    """Card c's Victory Points to p at this phase: printed, and its end-game formulas read on
    p's cards now (the Stash as it will grow)."""
    f, vw, es, pw, coop, clock = ctx
    if vw == 0.0:
        return 0.0
    v = R.card[c, T.C_VP] + 0.0
    stash_n = st.zn[p, K.Z_STASH]
    for r in range(R.card[c, T.C_NFX]):
        if R.fx[c, r, T.FX_TRIG] != K.TR_END_GAME:
            continue
        op, a, b = R.fx[c, r, T.FX_OP], R.fx[c, r, T.FX_A], R.fx[c, r, T.FX_B]
        if op == K.OP_VP_PER_STASH and b > 0:
            v += a * (stash_n + stash_ahead(R, st, p) * (1.0 - f)) / b
        elif op == K.OP_HOARDING and b > 0:
            v -= a * stash_n / b
        elif op == K.OP_VP_PER_TYPE:
            v += a * owned_of_type(R, st, p, b)
    return vw * v


@njit
def keep_value(R, C, st, p, c, params, off, ctx):
    """What owning card c is worth to p: its effects, less the deck's dilution, and its VP."""
    return effects(R, C, st, p, c, params, off, ctx) - params[off + P_DILUTE] + \
        vp_worth(R, st, p, c, params, off, ctx)


@njit
def stash_marginal(R, st, p, params, off, ctx):
    """What one more card in p's Stash is worth in VP: p's vp-per-stash and Hoarding cards."""
    f, vw, es, pw, coop, clock = ctx
    if vw == 0.0:
        return 0.0
    v = 0.0
    for z in range(K.N_PLAYER_ZONES):
        for i in range(st.zn[p, z]):
            c = st.z[p, z, i]
            for r in range(R.card[c, T.C_NFX]):
                if R.fx[c, r, T.FX_TRIG] != K.TR_END_GAME:
                    continue
                op, a, b = R.fx[c, r, T.FX_OP], R.fx[c, r, T.FX_A], R.fx[c, r, T.FX_B]
                if op == K.OP_VP_PER_STASH and b > 0:
                    v += a / b
                elif op == K.OP_HOARDING and b > 0:
                    v -= a / b
    return vw * v


@njit
def stash_value(R, C, st, p, c, params, off, ctx, marginal):
    """Stashing card c of p's: out of the cycle (its effects lost, the deck thinner), its VP
    kept, one more card in the Stash."""
    return params[off + P_DILUTE] - effects(R, C, st, p, c, params, off, ctx) + marginal


# ------------------------------------------------------------------ the options
@njit
def play_value(R, C, st, p, c, params, off, ctx):
    """D_PLAY: the order cards are played in: draws first, then the cards that destroy or
    Stash from the hand (more to pick from, the dead cards still there), then the rest, the
    power-if / power-per cards after what they count, the dead cards last; the card after A
    Small Cup is the one best Stashed; in co-op an Attack whose harm to the partners outweighs
    what it gives is held back."""
    f, vw, es, pw, coop, clock = ctx
    if coop and is_attack(R, c) and effects(R, C, st, p, c, params, off, ctx) < 0.0:
        return PLAY_HELD
    if st.sc[S.S_CUP] > 0:
        return PLAY_BASE + stash_value(R, C, st, p, c, params, off, ctx, 0.0)
    v = PLAY_BASE
    live = False
    for r in range(R.card[c, T.C_NFX]):
        trig, op = R.fx[c, r, T.FX_TRIG], R.fx[c, r, T.FX_OP]
        a, b = R.fx[c, r, T.FX_A], R.fx[c, r, T.FX_B]
        if trig == K.TR_PLAY:
            live = True
            if op == K.OP_DRAW:
                v += PLAY_DRAW * a
            elif op == K.OP_DRAW_DISCARD:
                v += PLAY_DRAW * (a - b)
            elif op == K.OP_TAPESTRY:
                v += PLAY_DRAW * W_TAPESTRY
            elif op == K.OP_BALLISTA or op == K.OP_HIDE_SEEK:
                v += PLAY_DRAW
            elif op == K.OP_DESTROY or op == K.OP_STASH:
                v += PLAY_PICKER
            elif op == K.OP_POWER_IF or op == K.OP_POWER_PER:
                v -= PLAY_COMBO
        elif trig == K.TR_ATTACK or trig == K.TR_ATTACK_OR or trig == K.TR_ONGOING:
            live = True
    if not live:
        v -= PLAY_DEAD
    return v


LOOT_SETS = (K.SET_LOOT1, K.SET_LOOT2, K.SET_RING, K.SET_LOOT4)   # the Loot set-up deals face down


@njit
def loot_bit(R, c):
    """The bit of card c's Loot level among LOOT_SETS, 0 if it is no Loot of set-up's."""
    s = R.card[c, T.C_SET]
    for j in range(len(LOOT_SETS)):
        if s == LOOT_SETS[j]:
            return 1 << j
    return 0


@njit
def comb(n, k):
    """n choose k, as a float (0 when k > n)."""
    if k < 0 or k > n:
        return 0.0
    v = 1.0
    for j in range(k):
        v = v * (n - j) / (j + 1)
    return v


@njit
def placed_worth(R, C, st, p, by, params, off, ctx):
    """What p can know of a card seat q (by % MAX_PLAYERS) put face down under an archenemy
    and p did not see: q's cards outside his Stash (every gain, discard and Stash is seen, so
    they are known as a whole), each weighted by its chance of being the one the rules took:
    the costliest of a random hand of them (Escape the Flames, HB-K15: ties equally likely),
    or any one (Impossible Smaug's hoard, HB-I03)."""
    q = by % K.MAX_PLAYERS
    flames = by // K.MAX_PLAYERS == K.PUT_FLAMES
    n = 0
    for z in range(K.N_PLAYER_ZONES):
        if z != K.Z_STASH:
            n += st.zn[q, z]
    if n == 0:
        return 0.0
    h = min(R.k[T.K_HAND], n)
    total = comb(n, h)
    v = 0.0
    for z in range(K.N_PLAYER_ZONES):
        if z == K.Z_STASH:
            continue
        for i in range(st.zn[q, z]):
            c = st.z[q, z, i]
            w = 1.0 / n
            if flames:
                cost = R.card[c, T.C_COST]
                low, same = 0, 0
                for y in range(K.N_PLAYER_ZONES):
                    if y == K.Z_STASH:
                        continue
                    for j in range(st.zn[q, y]):
                        o = R.card[st.z[q, y, j], T.C_COST]
                        if o < cost:
                            low += 1
                        elif o == cost:
                            same += 1
                w = (comb(low + same, h) - comb(low, h)) / (same * total)
            v += w * keep_value(R, C, st, p, c, params, off, ctx)
    return v


@njit
def loot_worth(R, C, st, p, params, off, ctx):
    """What the face-down Loot a defeat gains now is worth to p: the card immediately under
    the archenemy (under an Impossible Smaug, any of his Loot at random, HB-I08: their mean).
    A card set-up dealt is worth the mean over the Loot of the levels set-up dealt there and not
    yet seen (under this archenemy, and in the box: set-up dealt a random few); a card a player
    put there is worth what it is to p if p put it there (he saw it), else placed_worth."""
    n = st.sc[S.S_ARCH_N]
    k = loot_under(R, st)
    mask, pooled, m = 0, 0.0, 0
    for i in range(n - 1 - k, n - 1):
        b = loot_bit(R, st.arch[i]) if st.arch_by[i] == 0 else 0
        if b != 0:
            mask |= b
            pooled += keep_value(R, C, st, p, st.arch[i], params, off, ctx)
            m += 1
    for i in range(st.sc[S.S_BOX_N]):
        if loot_bit(R, st.box[i]) & mask:
            pooled += keep_value(R, C, st, p, st.box[i], params, off, ctx)
            m += 1
    if m > 0:
        pooled /= m
    lo = n - 2
    if R.card[st.arch[n - 1], T.C_SET] == K.SET_SMAUG_IMPOSSIBLE and k > 1:
        lo = n - 1 - k
    v = 0.0
    for i in range(lo, n - 1):
        by = st.arch_by[i]
        if by == 0:
            v += pooled if loot_bit(R, st.arch[i]) != 0 else \
                keep_value(R, C, st, p, st.arch[i], params, off, ctx)
        elif by % K.MAX_PLAYERS == p:
            v += keep_value(R, C, st, p, st.arch[i], params, off, ctx)
        else:
            v += placed_worth(R, C, st, p, by, params, off, ctx)
    return v / (n - 1 - lo)


@njit
def gain_value(R, C, st, p, g, params, off, ctx):
    """OPT_FIGHT: what the defeat gains (a Loot, face down: loot_worth; or the archenemy) and
    `loot` more; co-op and Impossible fight whenever they can; in normal mode the fall of Smaug
    the Terrible ends the game: taken when p ends it alone on top, never otherwise."""
    f, vw, es, pw, coop, clock = ctx
    if clock:
        return W_ALWAYS
    hero = pw * hero_value(R, st, p, K.OP_DEFEAT_POWER)      # defeat-power: Power to spend on
    if loot_under(R, st) > 0:
        r = hero_row(R, st, p, K.OP_BIG_GAIN)
        if r >= 0 and st.pl[p, S.P_BIG_GAINED] == 0:
            h = st.pl[p, S.P_HERO]
            hero += params[off + P_DRAW] * max(R.hfx[h, r, T.FX_A], 1) * \
                loot_share_costing(R, st, R.hfx[h, r, T.FX_B])
        return loot_worth(R, C, st, p, params, off, ctx) + params[off + P_LOOT] + hero
    if R.card[g, T.C_FINAL]:
        mine = score(R, st, p) + R.card[g, T.C_VP]
        for q in range(st.sc[S.S_PLAYERS]):
            if q != p and score(R, st, q) >= mine:
                return -W_ALWAYS
        return W_ALWAYS
    return keep_value(R, C, st, p, g, params, off, ctx) + params[off + P_LOOT] + hero + \
        hero_gain_bonus(R, C, st, p, g, False, params, off, ctx)


@njit
def loot_share_costing(R, st, cost):
    """The chance the face-down Loot a defeat gains now costs `cost` or more, as p can know it:
    the share of such cards among the set-up Loot of the levels dealt under the archenemy and
    not yet seen (under it and in the box, as loot_worth pools them); a card a player put there
    counts as one of them."""
    n = st.sc[S.S_ARCH_N]
    k = loot_under(R, st)
    mask, m, dear = 0, 0, 0
    for i in range(n - 1 - k, n - 1):
        b = loot_bit(R, st.arch[i]) if st.arch_by[i] == 0 else 0
        if b != 0:
            mask |= b
            m += 1
            if R.card[st.arch[i], T.C_COST] >= cost:
                dear += 1
    for i in range(st.sc[S.S_BOX_N]):
        if loot_bit(R, st.box[i]) & mask:
            m += 1
            if R.card[st.box[i], T.C_COST] >= cost:
                dear += 1
    return dear / m if m > 0 else 0.0


@njit
def buy_single(R, C, st, p, i, params, off, ctx):
    """D_BUY option i on its own: a card's worth to p (co-op: never an Attack; Impossible and
    co-op: a Path card costs `path`), a fight's gain, 0 for ending the turn."""
    f, vw, es, pw, coop, clock = ctx
    o = st.options[i]
    if o == K.OPT_END:
        return 0.0
    c = st.optcard[i]
    if o == K.OPT_FIGHT:
        return gain_value(R, C, st, p, c, params, off, ctx)
    if coop and is_attack(R, c):
        return -W_ALWAYS
    v = keep_value(R, C, st, p, c, params, off, ctx) + \
        hero_gain_bonus(R, C, st, p, c, True, params, off, ctx)
    if clock and o != K.OPT_VALOR:
        v -= params[off + P_PATH]
    return v


@njit
def option_cost(R, st, p, i):
    """The Power option i of D_BUY takes."""
    o = st.options[i]
    if o == K.OPT_END:
        return 0
    if o == K.OPT_FIGHT:
        return R.card[arch_top(st), T.C_COST]
    return effective_cost(R, st, p, st.optcard[i])


@njit
def fill_values(R, C, st, p, kind, n, params, off, out):
    """out[:n]: greedy's value of each option of decision `kind` for seat p (the best is
    greedy's choice, the first of equals)."""
    ctx = weights(R, C, st, params, off)
    f, vw, es, pw, coop, clock = ctx
    if kind == K.D_BUY:
        fill_buy_pairs(R, C, st, p, n, params, off, ctx, out)
        return
    if kind == K.D_PLAY:
        for i in range(n):
            c = st.optcard[i]
            if st.options[i] == K.NONE:
                out[i] = PLAY_STOP if coop else -W_ALWAYS
            else:
                out[i] = play_value(R, C, st, p, c, params, off, ctx)
        return
    if kind == K.D_CARD:
        fill_card(R, C, st, p, n, params, off, ctx, out)
        return
    if kind == K.D_DEFEND:
        for i in range(n):
            if st.options[i] == K.NONE:
                out[i] = 0.0
            else:
                out[i] = W_ALWAYS - effects(R, C, st, p, st.optcard[i], params, off, ctx)
        return
    if kind == K.D_TARGET:
        for i in range(n):
            out[i] = TARGET_SELF if st.options[i] == p else 0.0
        return
    if kind == K.D_ATTACK:
        src = st.sc[S.S_ASK_CARD]
        for i in range(n):
            h = hit_harm(st.optcard[i], R.fx[src, st.options[i], T.FX_A], params, off)
            out[i] = -h if coop else h
        return
    for i in range(n):          # D_ORDER: the Ambushes' order, the first listed first
        out[i] = 0.0


@njit
def fill_buy_pairs(R, C, st, p, n, params, off, ctx, out):
    """D_BUY: each option's worth and the best buy the Power left after it still affords (a
    pair of buys: two cheap cards may beat one dear one; its own worth breaks ties). The Path
    is not refilled during a turn, so the other options stay; a second Valor needs a second
    card on the stack. out[n:2n] holds the plain worths while the pairs go to out[:n]."""
    power = st.sc[S.S_POWER]
    for i in range(n):
        out[n + i] = buy_single(R, C, st, p, i, params, off, ctx)
    for i in range(n):
        o = st.options[i]
        v = out[n + i]
        if o == K.OPT_END or abs(v) >= W_ALWAYS:
            out[i] = v
            continue
        left = power - option_cost(R, st, p, i)
        best = 0.0
        for j in range(n):
            oj = st.options[j]
            if oj == K.OPT_END or (oj == K.OPT_FIGHT and o == K.OPT_FIGHT):
                continue
            if j == i and not (o == K.OPT_VALOR and st.sc[S.S_VALOR_N] >= 2):
                continue
            if option_cost(R, st, p, j) <= left and out[n + j] < W_ALWAYS:
                best = max(best, out[n + j])
        out[i] = v + best + W_TIE * v


@njit
def own_discard_listed(st, p, n):
    """Are the D_CARD options (Lake-town Guards' cards, ZP_STASH_OF) p's own discard pile?"""
    if n != st.zn[p, K.Z_DISCARD]:
        return False
    for i in range(n):
        if st.optcard[i] != st.z[p, K.Z_DISCARD, st.options[i] % K.POS]:
            return False
    return True


@njit
def fill_card(R, C, st, p, n, params, off, ctx, out):
    """D_CARD, by its purpose (st.sc[S_ASK]); NONE, where the choice is optional, is worth 0
    unless said otherwise."""
    f, vw, es, pw, coop, clock = ctx
    ask = st.sc[S.S_ASK]
    marginal = 0.0
    if ask == K.ASK_STASH or ask == K.ASK_BARRELS or ask == K.ASK_SEND_OFF or \
            ask == K.ASK_GUARDS or ask == K.ASK_HIDE_SEEK:
        marginal = stash_marginal(R, st, p, params, off, ctx)
    destroy_power = 0.0                  # destroy-power: the turn's first destroy gives Power
    if ask == K.ASK_DESTROY and st.pl[p, S.P_DESTROYED] == 0:
        destroy_power = pw * hero_value(R, st, p, K.OP_DESTROY_POWER)
    own = True
    if ask == K.ASK_GUARDS:
        own = own_discard_listed(st, p, n)
    for i in range(n):
        c = st.optcard[i]
        if st.options[i] == K.NONE:
            if ask == K.ASK_HOARD:                   # a Corruption instead
                out[i] = -params[off + P_CORRUPTION]
            else:
                out[i] = 0.0
            continue
        if ask == K.ASK_DESTROY:
            out[i] = -keep_value(R, C, st, p, c, params, off, ctx) + destroy_power
        elif ask == K.ASK_STASH or ask == K.ASK_BARRELS or ask == K.ASK_SEND_OFF:
            out[i] = stash_value(R, C, st, p, c, params, off, ctx, marginal)
        elif ask == K.ASK_GUARDS:
            out[i] = stash_value(R, C, st, p, c, params, off, ctx, marginal) if own \
                else effects(R, C, st, p, c, params, off, ctx)
        elif ask == K.ASK_DISCARD:
            out[i] = -effects(R, C, st, p, c, params, off, ctx)
        elif ask == K.ASK_BARGE:
            if clock:
                out[i] = -1.0                        # the Path is the clock: never
            else:
                out[i] = BARGE_ROOM - keep_value(R, C, st, p, c, params, off, ctx)
        elif ask == K.ASK_HIDE_SEEK:
            out[i] = keep_value(R, C, st, p, c, params, off, ctx) - \
                vp_worth(R, st, p, c, params, off, ctx) - marginal
        elif ask == K.ASK_FLAMES:
            out[i] = -keep_value(R, C, st, p, c, params, off, ctx)
        elif ask == K.ASK_HOARD:
            out[i] = -keep_value(R, C, st, p, c, params, off, ctx) - (HOARD_DELAY if clock else 0.0)
        elif ask == K.ASK_TAURIEL:
            src = st.sc[S.S_ASK_CARD]
            out[i] = rows_harm(R, src, K.TR_AMBUSH, params, off) + \
                rows_harm(R, src, K.TR_GROUP, params, off) - effects(R, C, st, p, c, params, off, ctx)
        elif ask == K.ASK_BALLISTA:
            out[i] = effects(R, C, st, p, c, params, off, ctx)
        else:
            out[i] = 0.0


@njit
def best_index(out, n):
    """The first option of the highest value."""
    bi = 0
    for i in range(1, n):
        if out[i] > out[bi]:
            bi = i
    return bi
