"""The `rollout` strategy's driver: the card to play and the meeple's placement of every turn
are chosen by playouts.

At the start of a turn the driver copies the state into a scratch State and plays the turn
there with the base strategy, tracing its decisions (the probe), to find the turn's first
decision that matters (the card to play, the placement) with more than one option. For each
option, `samples` playouts replay the turn on a fresh copy up to that decision (same state,
same chance: nothing unknown has happened yet), take the option, then re-draw the future
(`imagine_future`: dice streams and face-down decks from the rollout stream) and play on with
the base strategy to the end of the round and `rounds` more, and are scored by
values.state_value. The best average wins; then the next decision of the turn is probed
the same way. Finally the real turn is played with the chosen options queued in st.script.

Every option is tried on the same `samples` imagined futures (common random numbers), drawn
from the game's policy stream: the game's own chance streams are never touched, so a game
stays reproducible for a seed. The scratch State is allocated once per chunk.

The rollout has its own game loop (`run_chunk_rollout`), which the game plays for the rollout's
id (registered with `game.register_loop`), and its own chooser for the decisions outside the
turns it plays: its base strategy's (bound to its id in the rules' chooser table). Importing
this module compiles or loads both; a base strategy's kernels are loaded when a chunk is
played with it (`bind_base`), so a rollout over the planner does not compile greedy.
"""
import importlib

import numpy as np

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.game import record_result, register_loop
from simcore.games.hidden_village.inforce import as_config
from simcore.games.hidden_village.rules.decide import CHOOSERS, choose_bound, imagine_future
from simcore.games.hidden_village.rules.setup import setup_game
from simcore.games.hidden_village.rules.turn import (begin_round, end_of_round, finish_round,
                                                     play_round, play_turn)
from simcore.games.hidden_village.state import new_state
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record
from simcore.policy import FIRST, N_GENERIC, RANDOM
from simcore.rng import mix64, next_u64, randint

from .values import state_value
from .params import GREEDY, P_BASE, P_ROUNDS, P_SAMPLES, PLANNER, ROLLOUT

# the bases that are strategies of this package: their modules, imported (and so compiled and
# bound in the chooser table) only when a rollout plays with them
NO_TOTAL = -1e300   # where the best playout total of a decision starts (below any total)
BASE_MODULES = {GREEDY: f"{__package__}.greedy", PLANNER: f"{__package__}.planner"}


def bind_base(params) -> None:
    """Make sure the rollout's base strategy (params' `base`) is bound in the chooser table."""
    module = BASE_MODULES.get(int(params[P_BASE]))
    if module is not None:
        importlib.import_module(module)


@njit
def copy_state(src, dst):
    """Copy what a playout continues from into dst: the fields of the State's sections in
    S.PLAYOUT_COPY (the game, and the strategies' caches of it), derived from the layout, so
    a new game field is copied without a word here; then the rollout's own queued decisions
    (st.script, control section)."""
    S.copy_playout(src, dst)
    for i in range(src.script.shape[0]):
        dst.script[i] = src.script[i]


@njit
def playout_value(R, C, st, scr, p, base, params, script_n, option, key):
    """Replay player p's turn on a copy with the first script_n queued options and `option`,
    then imagine the future from `key` and play on; the state's value where it stops."""
    copy_state(st, scr)
    scr.script[script_n] = option
    scr.ctl[S.H_SCRIPT_N] = script_n + 1
    scr.ctl[S.H_SCRIPT_POS] = 0
    scr.ctl[S.H_HIDE] = 1
    scr.ctl[S.H_TRACE_ON] = 0
    scr.rng[K.STREAM_ROLLOUT] = key
    play_turn(R, C, scr, p, ROLLOUT, params)   # the queued options first (choose_rollout)
    scr.ctl[S.H_SCRIPT_N] = 0
    scr.ctl[S.H_SCRIPT_POS] = 0
    if scr.sc[S.S_OUTCOME] == K.RUNNING:
        finish_round(R, C, scr, (p + 1) % C.players, base, params)
    for _ in range(int(params[P_ROUNDS])):
        if scr.sc[S.S_OUTCOME] != K.RUNNING:
            break
        play_round(R, C, scr, base, params)
    return state_value(R, C, scr, params)


@njit
def probe(R, C, st, scr, p, base, params, script_n):
    """Play player p's turn on a copy, the first script_n options queued, tracing every
    decision asked; the trace index of the first card or placement decision from script_n
    on, or -1."""
    copy_state(st, scr)
    scr.ctl[S.H_SCRIPT_N] = script_n
    scr.ctl[S.H_SCRIPT_POS] = 0
    scr.ctl[S.H_HIDE] = 0
    scr.ctl[S.H_TRACE_ON] = 1
    scr.ctl[S.H_TRACE_N] = 0
    play_turn(R, C, scr, p, ROLLOUT, params)   # the queued options first (choose_rollout)
    for j in range(script_n, scr.ctl[S.H_TRACE_N]):
        kind = scr.trace[j, 0]
        if kind == K.D_PLAY_CARD or kind == K.D_PLACE:
            return j
    return -1


@njit
def rollout_turn(R, C, st, scr, p, params):
    base = int(params[P_BASE])
    samples = max(1, int(params[P_SAMPLES]))
    m = 0
    while m < st.script.shape[0] - 1:
        j = probe(R, C, st, scr, p, base, params, m)
        if j < 0:
            break
        for i in range(m, j):          # the base strategy's answers before the decision
            st.script[i] = scr.trace[i, 2]
        n = scr.trace[j, 1]
        key0 = next_u64(st.rng, K.STREAM_POLICY)
        best = NO_TOTAL
        bo = 0
        for o in range(n):
            total = 0.0
            for s in range(samples):
                key = mix64(key0 + np.uint64(s))   # sample s's imagined future
                total += playout_value(R, C, st, scr, p, base, params, j, o, key)
            if total > best:
                best = total
                bo = o
        st.script[j] = bo
        m = j + 1
    st.ctl[S.H_SCRIPT_N] = m
    st.ctl[S.H_SCRIPT_POS] = 0
    play_turn(R, C, st, p, ROLLOUT, params)
    st.ctl[S.H_SCRIPT_POS] = m   # spent (st.script[:m] stays readable: the turn's choices)


@njit
def play_round_rollout(R, C, st, scr, params):
    """A round whose turns are chosen by rollout_turn (HV-T01/E05 as in rules/turn.py)."""
    p = begin_round(C, st)
    while st.sc[S.S_ESPLANADE] > 0:
        rollout_turn(R, C, st, scr, p, params)
        if st.sc[S.S_OUTCOME] != K.RUNNING:
            return
        p = (p + 1) % C.players
    end_of_round(R, C, st, int(params[P_BASE]), params)


@njit
def run_chunk_rollout(R, C, st, scr, params, seed, start, out):
    """The game's run_chunk for the rollout strategy; `scr` is its scratch State."""
    for i in range(out.shape[0]):
        setup_game(R, C, st, seed, start + i)
        while st.sc[S.S_OUTCOME] == K.RUNNING:
            play_round_rollout(R, C, st, scr, params)
        record_result(st, out[i])


def play_chunk(rules, cfg, st, params, seed, start, out):
    """The rollout's games of a chunk (the game calls it for the rollout's id)."""
    bind_base(params)
    scr = new_state(rules, event_capacity=1)
    run_chunk_rollout(rules, cfg, st, scr, params, seed, start, out)


@njit
def choose_base(R, C, st, kind, n, params):
    """The decisions outside the turns a rollout plays: its base strategy's."""
    base = int(params[P_BASE])
    if base == FIRST:
        return 0
    if base == RANDOM:
        return randint(st.rng, K.STREAM_POLICY, n)
    if base < N_GENERIC or base == ROLLOUT:   # scripted, or itself: not a base
        return -1
    return choose_bound(R, C, st, kind, n, base, params)


@njit
def choose_rollout(R, C, st, kind, n, params):
    """The rollout's chooser: a turn being replayed (by a probe, a playout or the real turn)
    first takes the option indices queued in st.script; with H_HIDE set, the moment they run
    out the future is re-drawn (the rules' imagine_future), so a playout never sees the real
    game's coming dice or card order. Then, and outside the turns the rollout plays, its base
    decides. With H_TRACE_ON every answer is traced (kind, n, index) in st.trace."""
    pos = st.ctl[S.H_SCRIPT_POS]
    if pos < st.ctl[S.H_SCRIPT_N]:
        idx = st.script[pos]
        st.ctl[S.H_SCRIPT_POS] = pos + 1
        if pos + 1 == st.ctl[S.H_SCRIPT_N] and st.ctl[S.H_HIDE]:
            st.ctl[S.H_HIDE] = 0
            imagine_future(R, st)
    else:
        idx = choose_base(R, C, st, kind, n, params)
    if st.ctl[S.H_TRACE_ON] and st.ctl[S.H_TRACE_N] < st.trace.shape[0]:
        t = st.trace[st.ctl[S.H_TRACE_N]]
        t[0] = kind
        t[1] = n
        t[2] = idx
        st.ctl[S.H_TRACE_N] += 1
    return idx


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    return choose_rollout(as_record(rules, "HiddenVillageRules"), as_config(config),
                          as_record(state, "HiddenVillageState"), kind, n, params)


bind(CHOOSERS, ROLLOUT, choose_exported, choose_rollout)
register_loop(ROLLOUT, play_chunk)
