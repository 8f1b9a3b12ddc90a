"""The coin race's kernels, its Rules and State layouts (simcore/packed.py) and its Config."""
from typing import NamedTuple

from ...eventlog import append_event
from ...jit import njit
from ...linked import PLUGIN_SLOT, chooser_call
from ...packed import Layout, register_word_tuple
from ...policy import N_GENERIC, PLUGIN, choose_generic
from ...rng import randint, stream_state
from ...seats import assign_seats, checked_answer
from . import consts as K

K_GOAL, K_HEADS, K_MAX_ROUNDS, N_K = range(4)           # Rules.k: data/race.toml
RULES = Layout("CoinRaceRules", [("k", "i8", (N_K,))])
S_ROUND, S_WINNER, S_PLAYERS, S_EV_N, N_S = range(5)    # State.sc: the game's scalars
H_ASKED, H_BAD_KIND, H_BAD_N, H_BAD_INDEX, N_H = range(5)   # State.ctl: the harness's
MAX_PARAMS = 8
STATE = Layout("CoinRaceState", [
    ("sc", "i8", (N_S,), "game"), ("pos", "i8", (K.MAX_PLAYERS,), "game"),
    ("rng", "u8", (K.N_STREAMS,), "game"), ("ctl", "i8", (N_H,), "control"),
    ("options", "i8", (2,), "control"), ("sid", "i8", (K.MAX_PLAYERS,), "control"),
    ("par", "f8", (K.MAX_PLAYERS, MAX_PARAMS), "control"),
    ("events", "i8", (None, K.EVENT_FIELDS), "control")])


@register_word_tuple
class Config(NamedTuple):
    players: int
    log_on: int


CHOOSERS = "meeplesim_coin_race_choosers"   # the chooser table's symbol (simcore.linked)
choose_bound = chooser_call(CHOOSERS)


@njit
def decide(R, C, st, p, kind, n):
    """Seat p's strategy picks one of st.options[:n]: a generic one compiled in, any other
    through the chooser table; an answer out of range stops the game (seats.checked_answer)."""
    sid, par = st.sid[p], st.par[p]
    if sid < N_GENERIC:
        i = choose_generic(sid, st.rng, K.STREAM_POLICY, n, par, st.ctl[H_ASKED])
    else:
        i = choose_bound(R, C, st, kind, n, PLUGIN_SLOT if sid == PLUGIN else sid, par)
    st.ctl[H_ASKED] += 1
    return checked_answer(st.ctl, H_BAD_KIND, kind, n, i)


@njit
def flip_coin(st):
    """CN-T02: heads (1) or tails (0), from the coin's own stream."""
    return randint(st.rng, K.STREAM_COIN, 2)


@njit
def move(R, C, st, p, flipped, heads):
    """CN-T01, CN-T02: a step moves one space, a flip `heads` spaces on heads, none on tails;
    CN-E01: the first at the goal wins."""
    steps = (R.k[K_HEADS] if heads else 0) if flipped else 1
    st.pos[p] += steps
    if C.log_on:
        append_event(st.events, st.sc, S_EV_N, K.EV_MOVE, st.sc[S_ROUND], p, steps, st.pos[p], flipped)
    if st.pos[p] >= R.k[K_GOAL]:
        st.sc[S_WINNER] = p


@njit
def play_game(R, C, st, seed, game):
    """CN-S01: every seat starts at 0; CN-T01: seats move in turn, seat 0 first; CN-E02: the
    round cap ends a game nobody won."""
    for i in range(N_S):
        st.sc[i] = 0
    for p in range(K.MAX_PLAYERS):
        st.pos[p] = 0
    st.sc[S_WINNER], st.sc[S_PLAYERS], st.ctl[H_ASKED] = -1, C.players, 0
    for s in range(K.N_STREAMS):
        st.rng[s] = stream_state(seed, s, game)
    while st.sc[S_WINNER] < 0 and st.sc[S_ROUND] < R.k[K_MAX_ROUNDS]:
        st.sc[S_ROUND] += 1
        for p in range(C.players):
            st.options[0], st.options[1] = K.STEP, K.FLIP
            flipped = st.options[decide(R, C, st, p, K.D_MOVE, 2)] == K.FLIP
            move(R, C, st, p, flipped, flip_coin(st) if flipped else 0)
            if st.sc[S_WINNER] >= 0:
                break
    if C.log_on:
        append_event(st.events, st.sc, S_EV_N, K.EV_END, st.sc[S_ROUND], 0, st.sc[S_WINNER], 0, 0)


@njit
def run_chunk(R, C, st, sid, par, seed, start, out):
    """Games start .. start + len(out) - 1 of root `seed`, every seat playing strategy sid."""
    assign_seats(st.sid, st.par, 0, sid, par, sid, par)
    for i in range(out.shape[0]):
        play_game(R, C, st, seed, start + i)
        w, row = st.sc[S_WINNER], out[i]
        row[K.R_OUTCOME] = K.WIN if w == 0 else K.LOSS
        row[K.R_LOSS_REASON] = 0 if w == 0 else (K.LOSS_OUTRUN if w > 0 else K.LOSS_CUT)
        row[K.R_PLAYERS], row[K.R_ROUNDS], row[K.R_POSITION] = C.players, st.sc[S_ROUND], st.pos[0]
