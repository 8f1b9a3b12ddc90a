"""Ship, Captain and Crew's kernels, its Rules and State layouts and its Config."""
from ...harness import control_fields, event, game_kernels
from ...jit import njit
from ...packed import Layout
from ...rng import randint
from ...seating import config_class
from . import consts as K

K_ROLLS, K_MAX_ROUNDS, N_K = range(3)                   # Rules.k: data/ship_captain_crew.toml
RULES = Layout("ShipCaptainCrewRules", [("k", "i8", (N_K,))])
S_ROUND, S_WINNER, S_FOCAL, S_PLAYERS, S_BEST, N_S = range(6)  # S_BEST: the round's best yet
HARNESS, EVENTS = control_fields(K.MAX_PLAYERS, 8, 2, len(K.DECISIONS), K.EVENT_FIELDS)
STATE = Layout("ShipCaptainCrewState", [
    ("sc", "i8", (N_S,), "game"), ("rng", "u8", (K.N_STREAMS,), "game"),
    ("dice", "i8", (K.N_DICE,), "game"), ("score", "i8", (K.MAX_PLAYERS,), "game"),
    ("live", "i8", (K.MAX_PLAYERS,), "game"), *HARNESS, *EVENTS])
Config = config_class(__name__, {"players": None}, K.MAX_PLAYERS)
H = game_kernels(__name__, K.STREAM_POLICY)
decide = H.decide


@njit
def set_aside(dice, n, held):
    """SCC-T02: of the n dice rolled (dice[:n]), the ship (6), then the captain (5), then the
    crew (4) go aside, in that order: (how many are aside now, the other dice's total)."""
    rest, seen = 0, 0                       # seen: bit f set when a die shows face f
    for i in range(n):
        rest, seen = rest + dice[i], seen | 1 << dice[i]
    while held < 3 and seen >> (K.SHIP - held) & 1:
        rest, held = rest - (K.SHIP - held), held + 1
    return held, rest


@njit
def turn(R, C, st, p):
    """SCC-T01: up to `rolls` rolls of the dice not aside; SCC-T03: loaded with a roll left,
    keep the cargo or roll both its dice again (the new total stands); SCC-T04: the score."""
    held, st.score[p] = 0, 0
    for r in range(R.k[K_ROLLS]):
        n = K.N_DICE - held
        for i in range(n):
            st.dice[i] = 1 + randint(st.rng, K.STREAM_DICE, 6)
        held, cargo = set_aside(st.dice, n, held)
        st.score[p] = cargo if held == 3 else 0
        event(st, K.EV_ROLL, st.sc[S_ROUND], p, n, held, st.score[p])
        st.options[0], st.options[1] = K.KEEP, K.ROLL
        if held == 3 and (r + 1 == R.k[K_ROLLS] or decide(R, C, st, p, K.D_CARGO, 2) == 0):
            break


@njit
def setup_game(R, C, st, game):
    """SCC-S01: every seat plays; the focal seat: C.seat, or game mod players."""
    st.sc[:], st.score[:], st.live[:] = 0, 0, 1
    st.sc[S_WINNER], st.sc[S_PLAYERS] = -1, C.players
    st.sc[S_FOCAL] = C.seat if C.seat >= 0 else game % C.players
    return st.sc[S_FOCAL]


@njit
def play_game(R, C, st):
    """SCC-S01: turns in seat order; SCC-E01: the highest score wins, 0 never; SCC-E02: the
    players tied highest play again, for at most `max_rounds` rounds in all."""
    while st.sc[S_WINNER] < 0 and st.sc[S_ROUND] < R.k[K_MAX_ROUNDS]:
        st.sc[S_ROUND], st.sc[S_BEST], n = st.sc[S_ROUND] + 1, 0, 0
        for p in range(C.players):
            if st.live[p]:
                turn(R, C, st, p)
                st.sc[S_BEST] = max(st.sc[S_BEST], st.score[p])
        for p in range(C.players):
            st.live[p] = st.live[p] == 1 and 0 < st.score[p] == st.sc[S_BEST]
            n, st.sc[S_WINNER] = n + st.live[p], p if st.live[p] else st.sc[S_WINNER]
        st.sc[S_WINNER] = st.sc[S_WINNER] if n == 1 else -1
        if n == 0:
            break
    event(st, K.EV_END, st.sc[S_ROUND], 0, st.sc[S_WINNER], 0, 0)


@njit
def record_result(R, C, st, row):
    """The focal seat's result: a win, or outscored (1), nobody loaded (2), or the cap (3)."""
    w, f = st.sc[S_WINNER], st.sc[S_FOCAL]
    row[K.R_OUTCOME] = K.WIN if w == f else K.LOSS
    row[K.R_LOSS_REASON] = 0 if w == f else 1 if w >= 0 else 2 if st.sc[S_BEST] == 0 else 3
    row[K.R_SEAT], row[K.R_PLAYERS], row[K.R_ROUNDS] = f, C.players, st.sc[S_ROUND]
    row[K.R_SCORE] = st.score[f]


run_chunk = H.chunk_loop(setup_game, play_game, record_result)
