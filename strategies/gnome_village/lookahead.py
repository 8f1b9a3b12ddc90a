"""The `lookahead` strategy of Gnome Village: each Work & Buy and Move option is tried on a copy
of the state, the rest of the turn (further buys, the moves, the business actions) played there
by greedy, then the other players' turns until this player's next one (greedy in their seats),
and the option whose end state is worth most (`state_value`, in points) is taken. Every other
decision (where a tile goes, a Forest card's choice, a business action's target) is greedy's.

What the player sees, and only that (GV-S06..S08): the copy's face-down stacks (roads,
businesses) and the Forest deck are put in canonical order and reshuffled before every
playout, from keys drawn from the game's policy stream, and its chance streams are re-keyed; so a playout never reads the real
order of a stack or the real coming reshuffle. Every option of one decision is tried on the
same `samples` imagined futures (common random numbers): the options are compared on equal
luck.

The copy lives on the chooser's stack (SCRATCH_WORDS words): the state's buffer is copied
word for word up to its event log, which the copy gets one row of (the log is off there). The
rules keep no pointer into their buffer, so the copy is a State like any other.

Move phase: a playout moves the gnome being decided for (turn.move_to) and continues the
rules' own move loop from the next gnome (turn.move_gnomes).

Importing this module compiles (or loads) its chooser, greedy's too (the copy's seats play
greedy through the chooser table), and binds it to its id in the rules' chooser table.
"""
import numba

from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import state as S
from simcore.games.gnome_village import tables as T
from simcore.games.gnome_village.config import as_config
from strategies.gnome_village.ids import GREEDY, GREEDY_PARAMS, LOOKAHEAD
from simcore.games.gnome_village.core import score
from simcore.games.gnome_village.decide import CHOOSERS
from simcore.games.gnome_village.turn import (buy, end_of_turn, finish, move_gnomes, move_phase,
                                              move_to, next_turn, work_and_buy)
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.playout import (copy_words, event_start, events_last, one_event_row, record_address,
                             reshuffle, stack_words)
from simcore.packed import as_record
from simcore.rng import mix64, next_u64

from .greedy import choose_valued
from .lookahead_params import (P_ACTIVE, P_BUSINESS, P_BUSINESS_EARN, P_COIN, P_DARK, P_EARN, P_PLAN,
                               P_GNOME, P_RIVAL, P_ROAD, P_SAMPLES, P_SPARE, P_TOKEN, P_TURNS,
                               P_WIN, P_WORKSHOP, UNTIL_MY_TURN)


# the copy: the state's words up to its event log (5 046 with the shipped data), then one row
# of events; 8 192 words (64 KiB of stack) leave room for decks up to about 750 cards each
SCRATCH_WORDS = 8192
EVENTS = events_last(S.STATE)                # the copy stops before the event log


scratch_words = stack_words(SCRATCH_WORDS)
TILE_BREAK = 1000    # points before tiles (GV-E03): a village holds fewer than 1 000 tiles
GREEDY_PARAMS_COIN = GREEDY_PARAMS["coin"]   # the rivals' greedy in a playout: greedy's default
GREEDY_PARAMS_PLAN = GREEDY_PARAMS["plan"]   # (coin, plan, plan_until: greedy's parameter order)
GREEDY_PARAMS_UNTIL = GREEDY_PARAMS["plan_until"]   # lookahead's lean stops where greedy's does


@njit
def copy_hidden(st, words, n_words, p, key, params):
    """Copy st into the scratch `words` (its first n_words, the event log apart), then hide
    what p cannot see: the face-down stacks and the Forest deck reshuffled, the chance streams
    re-keyed from `key`; every seat plays greedy there (p with its own coin weight)."""
    copy_words(words, record_address(st), n_words)
    one_event_row(words, EVENTS)                 # one row of events, and the log is off
    scr = as_record(words, "GnomeVillageState")
    scr.ctl[S.H_LOG] = 0                        # the copy writes no event
    for s in range(K.N_STREAMS):
        scr.rng[s] = mix64(key + numba.uint64(s + 1))
    reshuffle(scr.bizs, scr.sc[S.S_BIZ_N], scr.rng, K.STREAM_SETUP)
    reshuffle(scr.roads, scr.sc[S.S_ROAD_N], scr.rng, K.STREAM_SETUP)
    reshuffle(scr.forest, scr.sc[S.S_FOREST_N], scr.rng, K.STREAM_SETUP)
    for q in range(K.MAX_PLAYERS):
        scr.sid[q] = GREEDY
        for j in range(scr.par.shape[1]):
            scr.par[q, j] = 0.0
        scr.par[q, 0] = params[P_COIN] if q == p else GREEDY_PARAMS_COIN
        scr.par[q, 1] = params[P_PLAN] if q == p else GREEDY_PARAMS_PLAN
        scr.par[q, 2] = GREEDY_PARAMS_UNTIL
    return scr


@njit
def income(R, st, p):
    """The coins p's gnomes standing on its businesses will earn at its next Earn (GV-T03)."""
    coins = 0
    for g in range(K.MAX_GNOMES):
        if st.gnome[p, g, S.GN_STATE] == S.GS_ACTIVE and st.gnome[p, g, S.GN_HOST] == p:
            r, c = st.gnome[p, g, S.GN_ROW], st.gnome[p, g, S.GN_COL]
            if st.kind[p, r, c] == K.T_BUSINESS:
                coins += R.biz[st.arg[p, r, c], T.BZ_EARN]
    return coins


@njit
def state_value(R, st, p, params):
    """What the state is worth to p, in points: its score (GV-E02), what its village would
    still bring (greedy's values of its tiles, gnomes, tokens and its next income), less a
    share of the best rival's score; a game the playout ended is worth `win` more if p is
    alone on top (GV-E03), `win` less if not. The village's worth is counted in an ended game
    too: with it dropped there, ending the game looked like a loss of that worth, and at 2
    players 11% of lookahead's games reached the 200-round cap (measured, 1 000 games)."""
    v = score(R, st, p) + 0.0
    darks = 0
    for r in range(K.GRID):
        for c in range(K.GRID):
            kind = st.kind[p, r, c]
            if kind == K.T_BUSINESS:
                v += params[P_BUSINESS] + params[P_BUSINESS_EARN] * R.biz[st.arg[p, r, c], T.BZ_EARN]
            elif kind == K.T_WORKSHOP:
                v += params[P_WORKSHOP] + params[P_ACTIVE] * st.flag[p, r, c]
            elif kind == K.T_HOUSE and st.arg[p, r, c] == 0:
                darks += 1
            elif kind == K.T_ROAD:
                v += params[P_ROAD]
    for w in range(K.N_WORKSHOPS):
        v += params[P_TOKEN] * st.prod[p, w]
    v += params[P_EARN] * income(R, st, p) + params[P_GNOME] * st.pl[p, S.P_PLACED]
    if darks > 0:
        v += params[P_DARK] + params[P_SPARE] * (darks - 1)
    best = 0
    for q in range(st.sc[S.S_PLAYERS]):
        if q != p:
            best = max(best, score(R, st, q))
    v -= params[P_RIVAL] * best
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        mine = st.pl[p, S.P_POINTS] * TILE_BREAK + st.pl[p, S.P_TILES]
        top = 0
        for q in range(st.sc[S.S_PLAYERS]):
            if q != p:
                top = max(top, st.pl[q, S.P_POINTS] * TILE_BREAK + st.pl[q, S.P_TILES])
        v += params[P_WIN] if mine > top else -params[P_WIN]
    return v


@njit
def play_out(R, C, scr, p, kind, o, params):
    """On the copy: take option o of decision `kind`, p's turn played on by greedy, then the
    other players' turns; the value of where it stops."""
    if kind == K.D_BUY:
        if o != K.BUY_END * K.BUY_ARG:
            buy(R, C, scr, p, o)
            work_and_buy(R, C, scr, p)
        move_phase(R, C, scr, p)
    else:
        g = scr.sc[S.S_MOVING]
        move_to(R, C, scr, p, g, o)
        move_gnomes(R, C, scr, p, g + 1)
    end_of_turn(R, scr, p)
    players = scr.sc[S.S_PLAYERS]
    turns = players - 1 if params[P_TURNS] == UNTIL_MY_TURN else int(params[P_TURNS])
    # what the rules' next_turn does after a turn: the turn counted; after the round's last
    # turn, the end of the game (GV-E01, GV-E04)
    scr.sc[S.S_TURN] += 1
    if p == players - 1 and (scr.sc[S.S_END] or scr.sc[S.S_ROUND] >= R.k[T.K_MAX_ROUNDS]):
        finish(R, scr)
        return state_value(R, scr, p, params)
    for _ in range(turns):
        if next_turn(R, C, scr):
            break
    return state_value(R, scr, p, params)


@njit
def choose_lookahead(R, C, st, kind, n, params):
    """The Work & Buy and Move options by playouts on a hidden copy; the rest greedy's."""
    if kind != K.D_BUY and kind != K.D_MOVE:
        return choose_valued(R, C, st, kind, n, params[P_COIN], params[P_PLAN], GREEDY_PARAMS_UNTIL)
    n_words = event_start(record_address(st), EVENTS)
    if n_words + K.EVENT_FIELDS > SCRATCH_WORDS:     # decks larger than the copy holds
        return choose_valued(R, C, st, kind, n, params[P_COIN], params[P_PLAN], GREEDY_PARAMS_UNTIL)
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
            scr = copy_hidden(st, words, n_words, p, mix64(key0 + numba.uint64(s)), params)
            total += play_out(R, C, scr, p, kind, o, params)
        if total > best:
            best = total
            bi = i
    return bi


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """lookahead as the rules call it: the records and the parameter vector by address."""
    return choose_lookahead(as_record(rules, "GnomeVillageRules"), as_config(config),
                            as_record(state, "GnomeVillageState"), kind, n, params)


bind(CHOOSERS, LOOKAHEAD, choose_exported, choose_lookahead)
