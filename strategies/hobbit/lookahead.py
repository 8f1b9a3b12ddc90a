"""The `lookahead` strategy of the Hobbit deck-builder: each option of a buy decision (a Path
card, the top Valor, a fight, the end of the turn) is tried on copies of the game, the rest of
the turn and `rounds` more rounds played there by greedy in every seat (or the game to its end,
rounds = -1), and the option whose outcomes are worth most on average (`state_value`) is taken.
Every other decision (what to play, which card an effect takes, a defense) is greedy's, with
the greedy weights of lookahead's own vector.

What the player sees, and only that: before every playout the copy's hidden order is drawn
anew, from keys drawn from the game's policy stream (its chance streams are re-keyed from the
same keys, so a playout never reads the real coming reshuffles): every player's deck (the
deciding player's own too, but a card his hero put on top of it this turn), the other players'
hands (pooled with their decks and dealt back: their counts are seen), the main deck (pooled
with the cards of its set left in the box: which of them the game uses is not seen either),
and the Loot under each archenemy (pooled with the box's Loot of the same levels: only the
count under an archenemy is seen), and a card another player put face down under an
archenemy (swapped with a card of his hidden deck and hand drawn as the rules chose it:
hide_placed). The Path, the Valor and Corruption stacks, discard piles, Stashes and the
archenemies stay as they are. Each piece is sorted before it is shuffled, so
the copy does not depend on the real order. Every option of one decision is played on the
same `samples` imagined futures (common random numbers).

The copy lives on the chooser's stack (SCRATCH_WORDS words): the State's header is copied (the
event log cut to one row, off), then its "game" sections (packed.section_copier); the control
fields (seats, parameters, counters) are set for the playout, the "work" scratch is the copy's
own. The rules keep no pointer into their buffer, so the copy is a State like any other, and
the playout runs the rules' own kernels: turn.take_buy (the buy option tried), rest_of_turn
and end_turn, then game.play_turns (the next turns, as play_game plays them) and game.finish;
no rule is written twice.

Importing this module compiles (or loads) its chooser, greedy's too (the copy's seats play
greedy through the chooser table), and binds it to its id in the rules' chooser table.
"""
import numba

from simcore.games.hobbit import consts as K
from simcore.games.hobbit import state as S
from simcore.games.hobbit import tables as T
from simcore.games.hobbit.config import as_config
from strategies.hobbit.ids import GREEDY, LOOKAHEAD
from simcore.games.hobbit.decide import CHOOSERS
from simcore.games.hobbit.game import cap_turns, finish, play_turns
from simcore.games.hobbit.turn import end_turn, rest_of_turn, score, take_buy
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.playout import (HEADER_SLOTS, copy_words, event_start, events_last, one_event_row,
                             record_address, reshuffle, stack_words)
from simcore.packed import as_record, section_copier
from simcore.rng import mix64, next_u64, randint

from . import greedy  # noqa: F401  (binds greedy: the copy's seats play it)
from .greedy import choose_at
from .greedy_params import N_PARAMS, PARAMS as GREEDY_PARAMS
from .lookahead_params import (GREEDY_AT, P_ENGINE, P_PROGRESS, P_RESERVE, P_RIVAL, P_ROUNDS,
                               P_SAMPLES, P_WIN, TO_THE_END)
from .values import effects, loot_bit, weights

# the copy: the State's words up to its event log (11 983 with the shipped data: 278 cards in
# the box, 41 words a card), then one row of events; 16 384 words (128 KiB of stack) hold a box
# of about 385
SCRATCH_WORDS = 16384
HEADER_WORDS = len(S.STATE.fields) * HEADER_SLOTS
EVENTS = events_last(S.STATE)                # the copy stops before the event log
GREEDY_DEFAULTS = tuple(float(x) for x in GREEDY_PARAMS.values())   # the rivals' greedy
copy_game = section_copier("game")


scratch_words = stack_words(SCRATCH_WORDS)


# ------------------------------------------------------------------ the hidden order
@njit
def hide_decks(scr, p):
    """Every deck reshuffled (p's own but a card topped this turn); the other players' hands
    pooled with their decks and dealt back in their counts."""
    for q in range(scr.sc[S.S_PLAYERS]):
        nd = scr.zn[q, K.Z_DECK]
        if q == p:
            keep = 1 if scr.pl[p, S.P_TOPPED] and nd > 0 else 0
            if keep:                       # the topped card stays on top: shuffle under it
                top = scr.z[p, K.Z_DECK, nd - 1]
                reshuffle(scr.z[p, K.Z_DECK], nd - 1, scr.rng, K.STREAM_SETUP)
                scr.z[p, K.Z_DECK, nd - 1] = top
            else:
                reshuffle(scr.z[p, K.Z_DECK], nd, scr.rng, K.STREAM_SETUP)
            continue
        nh = scr.zn[q, K.Z_HAND]
        for i in range(nh):
            scr.z[q, K.Z_DECK, nd + i] = scr.z[q, K.Z_HAND, i]
        reshuffle(scr.z[q, K.Z_DECK], nd + nh, scr.rng, K.STREAM_SETUP)
        for i in range(nh):
            scr.z[q, K.Z_HAND, i] = scr.z[q, K.Z_DECK, nd + i]


@njit
def hide_main(R, scr):
    """The main deck pooled with the box's cards of its set (the chapter's), reshuffled, and
    dealt back: the main deck its count, the box the rest in the same slots."""
    want = K.SET_DOS if scr.sc[S.S_CHAPTER] > 0 else K.SET_AUJ
    m = scr.sc[S.S_MAIN_N]
    for i in range(m):
        scr.work[i] = scr.main[i]
    for i in range(scr.sc[S.S_BOX_N]):
        if R.card[scr.box[i], T.C_SET] == want:
            scr.work[m] = scr.box[i]
            m += 1
    reshuffle(scr.work, m, scr.rng, K.STREAM_SETUP)
    k = 0
    for i in range(scr.sc[S.S_MAIN_N]):
        scr.main[i] = scr.work[k]
        k += 1
    for i in range(scr.sc[S.S_BOX_N]):
        if R.card[scr.box[i], T.C_SET] == want:
            scr.box[i] = scr.work[k]
            k += 1


@njit
def stacked_archenemy(R, scr, i):
    """Is entry i of the archenemy stack an archenemy the rules stacked (not a card a player
    put under one, Azog by Escape the Flames included)?"""
    return scr.arch_by[i] == 0 and R.card[scr.arch[i], T.C_TYPE] == K.T_ARCHENEMY


@njit
def set_up_loot(R, scr, i):
    """The Loot level bit (values.loot_bit) of entry i if set-up put it there, else 0."""
    return loot_bit(R, scr.arch[i]) if scr.arch_by[i] == 0 else 0


@njit
def hide_loot(R, scr):
    """The Loot set-up put under each archenemy (a run of the stack between archenemies)
    pooled with the box's Loot of its levels, reshuffled and dealt back in the same slots; the
    cards a player put there are hide_placed's."""
    n = scr.sc[S.S_ARCH_N]
    lo = 0
    while lo < n:
        if stacked_archenemy(R, scr, lo):
            lo += 1
            continue
        hi = lo
        mask = 0
        while hi < n and not stacked_archenemy(R, scr, hi):
            mask |= set_up_loot(R, scr, hi)
            hi += 1
        if mask != 0:
            m = 0
            for i in range(lo, hi):
                if set_up_loot(R, scr, i) != 0:
                    scr.work[m] = scr.arch[i]
                    m += 1
            for i in range(scr.sc[S.S_BOX_N]):
                if loot_bit(R, scr.box[i]) & mask:
                    scr.work[m] = scr.box[i]
                    m += 1
            reshuffle(scr.work, m, scr.rng, K.STREAM_SETUP)
            k = 0
            for i in range(lo, hi):
                if set_up_loot(R, scr, i) != 0:
                    scr.arch[i] = scr.work[k]
                    k += 1
            for i in range(scr.sc[S.S_BOX_N]):
                if loot_bit(R, scr.box[i]) & mask:
                    scr.box[i] = scr.work[k]
                    k += 1
        lo = hi


@njit
def hidden_card(scr, q, j):
    """Card j of seat q's deck and hand taken as one row (the deck first)."""
    nd = scr.zn[q, K.Z_DECK]
    return scr.z[q, K.Z_DECK, j] if j < nd else scr.z[q, K.Z_HAND, j - nd]


@njit
def hide_placed(R, scr, p):
    """A card another seat put face down under an archenemy (State.arch_by) was not seen by p:
    it is swapped with a card of that seat's deck and hand (hidden from p too) drawn the way
    the rules chose it: the costliest of a random hand (Escape the Flames, HB-K15), or any one
    (Impossible Smaug's hoard, HB-I03); the card itself is among those drawn from. The cards p
    put there himself stay."""
    for i in range(scr.sc[S.S_ARCH_N]):
        by = scr.arch_by[i]
        q = by % K.MAX_PLAYERS
        if by == 0 or q == p:
            continue
        m = scr.zn[q, K.Z_DECK] + scr.zn[q, K.Z_HAND] + 1      # m - 1: the card placed
        for j in range(m):
            scr.work[j] = j
        draws = min(R.k[T.K_HAND], m) if by // K.MAX_PLAYERS == K.PUT_FLAMES else 1
        best, high = m - 1, -1
        for d in range(draws):
            j = d + randint(scr.rng, K.STREAM_CHANCE, m - d)
            t = scr.work[d]
            scr.work[d] = scr.work[j]
            scr.work[j] = t
            at = scr.work[d]
            c = scr.arch[i] if at == m - 1 else hidden_card(scr, q, at)
            if R.card[c, T.C_COST] > high:
                best, high = at, R.card[c, T.C_COST]
        if best == m - 1:
            continue
        nd = scr.zn[q, K.Z_DECK]
        c = hidden_card(scr, q, best)
        if best < nd:
            scr.z[q, K.Z_DECK, best] = scr.arch[i]
        else:
            scr.z[q, K.Z_HAND, best - nd] = scr.arch[i]
        scr.arch[i] = c


@njit
def copy_hidden(R, st, words, p, key, params):
    """Copy st into the scratch `words` (its header with a one-row event log, its game
    sections), then hide what p cannot see (the decks, the other hands, the main deck, the
    Loot), the streams re-keyed from `key`; every seat plays greedy there (p with lookahead's
    greedy weights, the others with greedy's defaults)."""
    copy_words(words, record_address(st), HEADER_WORDS)
    one_event_row(words, EVENTS)                 # one row of events, and the log is off
    scr = as_record(words, "HobbitState")
    copy_game(st, scr)
    scr.ctl[S.H_LOG] = 0                        # the copy writes no event
    for i in range(scr.ctl.shape[0]):
        scr.ctl[i] = 0
    for i in range(scr.decisions.shape[0]):
        scr.decisions[i] = 0
    for s in range(K.N_STREAMS):
        scr.rng[s] = mix64(key + numba.uint64(s + 1))
    hide_decks(scr, p)
    hide_main(R, scr)
    hide_loot(R, scr)
    hide_placed(R, scr, p)
    for q in range(K.MAX_PLAYERS):
        scr.sid[q] = GREEDY
        for j in range(scr.par.shape[1]):
            scr.par[q, j] = 0.0
        for j in range(N_PARAMS):
            scr.par[q, j] = params[GREEDY_AT + j] if q == p else GREEDY_DEFAULTS[j]
    return scr


# ------------------------------------------------------------------ the playout
@njit
def hand_worth(R, C, st, p, params, ctx):
    """Greedy's worth of an average hand of p's deck: the cards still in his cycle (deck,
    hand, played, discard, Locations), their effects averaged, times a hand's size."""
    total, n = 0.0, 0
    for z in (K.Z_DECK, K.Z_HAND, K.Z_PLAYED, K.Z_DISCARD, K.Z_LOCATIONS):
        for i in range(st.zn[p, z]):
            total += effects(R, C, st, p, st.z[p, z, i], params, GREEDY_AT, ctx)
            n += 1
    return R.k[T.K_HAND] * total / n if n > 0 else 0.0


@njit
def state_value(R, C, st, p, params):
    """What the copy's state is worth to p: in normal mode his VP less `rival` times the best
    rival's, `engine` per point of his deck's average hand as far as the game has still to
    run, `win` more if the playout ended the game with him alone on top (less if another);
    in Impossible and co-op the way to Smaug's fall: `progress` per defeat of the Company,
    `reserve` per main-deck card left, the deck's hands (the Company's in co-op), `win` for
    Smaug's fall and against the Path run dry (Impossible: VP count as in normal mode too)."""
    players = st.sc[S.S_PLAYERS]
    ctx = weights(R, C, st, params, GREEDY_AT)
    f = ctx[0]
    end = st.sc[S.S_END]
    v = 0.0
    if C.mode != K.MODE_COOP:
        mine = score(R, st, p)
        best = -(1 << 30)
        for q in range(players):
            if q != p:
                best = max(best, score(R, st, q))
        v += mine - params[P_RIVAL] * best
        if end != 0 and (C.mode == K.MODE_NORMAL or end == K.END_SMAUG):
            v += params[P_WIN] if mine > best else (-params[P_WIN] if mine < best else 0.0)
    if C.mode == K.MODE_NORMAL:
        return v + params[P_ENGINE] * (1.0 - f) * hand_worth(R, C, st, p, params, ctx)
    if st.sc[S.S_SMAUG_FELL]:
        return v + params[P_WIN]
    if end != 0:
        return v - params[P_WIN]
    defeats = 0
    for q in range(players):
        defeats += st.pl[q, S.P_DEFEATS]
    v += params[P_PROGRESS] * defeats + params[P_RESERVE] * st.sc[S.S_MAIN_N]
    if C.mode == K.MODE_COOP:
        team = 0.0
        for q in range(players):
            team += hand_worth(R, C, st, q, params, ctx)
        return v + params[P_ENGINE] * (1.0 - f) * team / players
    return v + params[P_ENGINE] * (1.0 - f) * hand_worth(R, C, st, p, params, ctx)


@njit
def play_out(R, C, scr, p, o, params):
    """On the copy: p takes buy option o, his turn played on by greedy (more buys, its end),
    then the next turns as game.play_game plays them, `rounds` rounds of every seat (or to the
    end); the value of where it stops."""
    players = scr.sc[S.S_PLAYERS]
    if o != K.OPT_END:
        drawn = scr.sc[S.S_DRAWN]
        take_buy(R, C, scr, p, o)
        if scr.sc[S.S_END] == 0:
            rest_of_turn(R, C, scr, p, drawn)
    if scr.sc[S.S_END] == 0:
        end_turn(R, C, scr, p)
    cap_turns(R, scr)
    turns = -1 if params[P_ROUNDS] == TO_THE_END else int(params[P_ROUNDS]) * players
    play_turns(R, C, scr, (p + 1) % players, turns)
    if scr.sc[S.S_END] != 0:
        finish(R, C, scr)
    return state_value(R, C, scr, p, params)


@njit
def choose_lookahead(R, C, st, kind, n, params):
    """The buy options by playouts on hidden copies (in Impossible and co-op a fight, when
    there is one, is taken first, as greedy takes it: playouts of a round or two cannot see
    the fights it saves later); the rest greedy's."""
    if kind != K.D_BUY:
        return choose_at(R, C, st, kind, n, params, GREEDY_AT)
    n_words = event_start(record_address(st), EVENTS)
    if n_words + K.EVENT_FIELDS > SCRATCH_WORDS:     # a box larger than the copy holds
        return choose_at(R, C, st, kind, n, params, GREEDY_AT)
    if C.mode != K.MODE_NORMAL:
        for i in range(n):
            if st.options[i] == K.OPT_FIGHT:    # as greedy: the Company fights first
                return i
    words = scratch_words()
    p = st.ctl[S.H_SEAT]
    samples = max(1, int(params[P_SAMPLES]))
    key0 = next_u64(st.rng, K.STREAM_POLICY)
    best = -1e300
    bi = 0
    for i in range(n):
        o = st.options[i]
        total = 0.0
        for s in range(samples):
            scr = copy_hidden(R, st, words, p, mix64(key0 + numba.uint64(s)), params)
            total += play_out(R, C, scr, p, o, params)
        if total > best:
            best = total
            bi = i
    return bi


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """lookahead as the rules call it: the records and the parameter vector by address."""
    return choose_lookahead(as_record(rules, "HobbitRules"), as_config(config),
                            as_record(state, "HobbitState"), kind, n, params)


bind(CHOOSERS, LOOKAHEAD, choose_exported, choose_lookahead)
