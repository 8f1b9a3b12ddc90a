"""The coin race's kernels, its Rules and State layouts (simcore/packed.py) and its Config."""
from ...harness import control_fields, event, game_kernels
from ...jit import njit
from ...packed import Layout
from ...rng import randint
from ...seating import config_class
from . import consts as K

K_GOAL, K_HEADS, K_MAX_ROUNDS, N_K = range(4)           # Rules.k: data/race.toml
RULES = Layout("CoinRaceRules", [("k", "i8", (N_K,))])
S_ROUND, S_WINNER, S_FOCAL, S_PLAYERS, N_S = range(5)   # State.sc: the game's scalars
HARNESS, EVENTS = control_fields(K.MAX_PLAYERS, 8, 2, len(K.DECISIONS), K.EVENT_FIELDS)
STATE = Layout("CoinRaceState", [("sc", "i8", (N_S,), "game"), ("rng", "u8", (K.N_STREAMS,), "game"),
                                 ("pos", "i8", (K.MAX_PLAYERS,), "game"), *HARNESS, *EVENTS])
Config = config_class(__name__, {"players": None}, K.MAX_PLAYERS)
H = game_kernels(__name__, K.STREAM_POLICY)
decide = H.decide     # seat p picks one of st.options[:n] (simcore.harness)


@njit
def move(R, C, st, p, flipped, heads):
    """CN-T01, CN-T02: a step moves one space, a flip `heads` spaces on heads, none on tails;
    CN-E01: the first at the goal wins."""
    steps = (R.k[K_HEADS] if heads else 0) if flipped else 1
    st.pos[p] += steps
    event(st, K.EV_MOVE, st.sc[S_ROUND], p, steps, st.pos[p], flipped)
    if st.pos[p] >= R.k[K_GOAL]:
        st.sc[S_WINNER] = p


@njit
def setup_game(R, C, st, game):
    """CN-S01: every seat starts at 0. The focal seat: C.seat, or game mod players."""
    st.sc[:], st.pos[:] = 0, 0
    st.sc[S_WINNER], st.sc[S_PLAYERS] = -1, C.players
    st.sc[S_FOCAL] = C.seat if C.seat >= 0 else game % C.players
    return st.sc[S_FOCAL]


@njit
def play_game(R, C, st):
    """CN-T01: seats move in turn, seat 0 first; CN-T02: a flip is heads (1) or tails (0),
    from the coin's own stream; CN-E02: the round cap ends a game nobody won."""
    while st.sc[S_WINNER] < 0 and st.sc[S_ROUND] < R.k[K_MAX_ROUNDS]:
        st.sc[S_ROUND] += 1
        for p in range(C.players):
            st.options[0], st.options[1] = K.STEP, K.FLIP
            flipped = st.options[decide(R, C, st, p, K.D_MOVE, 2)] == K.FLIP
            move(R, C, st, p, flipped, randint(st.rng, K.STREAM_COIN, 2) if flipped else 0)
            if st.sc[S_WINNER] >= 0:
                break
    event(st, K.EV_END, st.sc[S_ROUND], 0, st.sc[S_WINNER], 0, 0)


@njit
def record_result(R, C, st, row):
    """The focal seat's result: a win, or outrun by another seat (1), or cut by the cap (2)."""
    w, f = st.sc[S_WINNER], st.sc[S_FOCAL]
    row[K.R_OUTCOME] = K.WIN if w == f else K.LOSS
    row[K.R_LOSS_REASON] = 0 if w == f else (1 if w >= 0 else 2)
    row[K.R_SEAT], row[K.R_PLAYERS], row[K.R_ROUNDS] = f, C.players, st.sc[S_ROUND]
    row[K.R_POSITION] = st.pos[f]


run_chunk = H.chunk_loop(setup_game, play_game, record_result)
