"""The `rollout` strategy: the card to play and the meeple's placement of every turn are
chosen by playouts.

Before each turn (the rules call the harness's `plan_turn`, simcore.harness) the rollout
copies the state and plays the turn on the copy with the base strategy, tracing its decisions
(the probe), to find the turn's first decision that matters (the card to play, the placement)
with more than one option. For each option, `samples` playouts replay the turn on a fresh copy
up to that decision (same state, same chance: nothing unknown has happened yet), take the
option, then re-draw the future (`imagine_future`: dice streams and face-down decks from the
rollout stream) and play on with the base strategy to the end of the round and `rounds` more,
and are scored by values.state_value. The best average wins; then the next decision of the
turn is probed the same way. The chosen options are queued in st.script, and the rules then
play the real turn: the rollout's chooser takes them first.

Every option is tried on the same `samples` imagined futures (common random numbers), drawn
from the game's policy stream: the game's own chance streams are never touched, so a game
stays reproducible for a seed.

The copy lives on the planner's stack (simcore.playout, SCRATCH_WORDS words): the State's
header (the event log cut to one row, off), then the sections a playout continues from
(S.PLAYOUT_COPY: the game and the strategies' caches of it) and the turn's queued decisions;
the copy's control words are its own (cleared: no forced die, no log). The rules keep no
pointer into their buffer, so the copy is a State like any other, and the playouts run the
rules' own kernels (play_turn, finish_round, play_round): no rule is written twice.

The rollout's chooser answers the decisions outside the turns it plans with its base
strategy's answer. Importing this module compiles or loads its planner and chooser and binds
them in the rules' tables; its base's kernels are loaded before a chunk plays with it
(`bind_base`), so a rollout over the planner does not compile greedy.
"""
import importlib

import numpy as np

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.inforce import as_config
from simcore.games.hidden_village.rules.decide import (CHOOSERS, PLANNERS, H, imagine_future)
from simcore.games.hidden_village.rules.turn import finish_round, play_round, play_turn
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind, bind_prepare
from simcore.packed import as_record
from simcore.playout import (HEADER_SLOTS, copy_words, declare_stack_copy, events_last,
                             one_event_row, record_address, stack_words)
from simcore.policy import FIRST, N_GENERIC, RANDOM
from simcore.rng import mix64, next_u64, randint

from .values import state_value
from .params import GREEDY, P_BASE, P_ROUNDS, P_SAMPLES, PLANNER, ROLLOUT

NO_TOTAL = -1e300   # where the best playout total of a decision starts (below any total)
# the bases that are strategies of this package: their modules, imported (and so compiled and
# bound in the chooser table) only when a rollout plays with them
BASE_MODULES = {GREEDY: f"{__package__}.greedy", PLANNER: f"{__package__}.planner"}
# the copy: the state's words up to its event log (2 230 with the shipped cards), then one row
# of events; 16 384 words (128 KiB of stack) leave room for some 3 000 more cards
SCRATCH_WORDS = 16384
HEADER_WORDS = len(S.STATE.fields) * HEADER_SLOTS
EVENTS = events_last(S.STATE)
scratch_words = stack_words(SCRATCH_WORDS)
choose_bound = H.choose_bound


def bind_base(params) -> None:
    """Make sure the rollout's base strategy (params' `base`) is bound in the chooser table
    (simcore.linked.bind_prepare: before a chunk the rollout plays)."""
    module = BASE_MODULES.get(int(params[P_BASE]))
    if module is not None:
        importlib.import_module(module)


@njit
def copy_state(st, words, sid):
    """The playout's copy of st in `words`: its header (a one-row event log), the sections of
    S.PLAYOUT_COPY and the queued decisions (st.script); its control words cleared (no forced
    die, no trace, the log off), every seat playing `sid` with st's parameters."""
    copy_words(words, record_address(st), HEADER_WORDS)
    one_event_row(words, EVENTS)
    scr = as_record(words, "HiddenVillageState")
    S.copy_playout(st, scr)
    for i in range(scr.ctl.shape[0]):
        scr.ctl[i] = 0
    for i in range(scr.decisions.shape[0]):
        scr.decisions[i] = 0
    for i in range(st.script.shape[0]):
        scr.script[i] = st.script[i]
    for q in range(st.sid.shape[0]):
        scr.sid[q] = sid
        for j in range(st.par.shape[1]):
            scr.par[q, j] = st.par[q, j]
    return scr


@njit
def playout_value(R, C, st, words, p, base, script_n, option, key, params):
    """Replay player p's turn on a copy with the first script_n queued options and `option`,
    then imagine the future from `key` and play on with `base`; the state's value where it
    stops."""
    scr = copy_state(st, words, ROLLOUT)
    scr.script[script_n] = option
    scr.ctl[S.H_SCRIPT_N] = script_n + 1
    scr.ctl[S.H_HIDE] = 1
    scr.rng[K.STREAM_ROLLOUT] = key
    play_turn(R, C, scr, p)   # the queued options first (choose_rollout)
    scr.ctl[S.H_SCRIPT_N] = 0
    scr.ctl[S.H_SCRIPT_POS] = 0
    for q in range(scr.sid.shape[0]):
        scr.sid[q] = base
    if scr.sc[S.S_OUTCOME] == K.RUNNING:
        finish_round(R, C, scr, (p + 1) % C.players)
    for _ in range(int(params[P_ROUNDS])):
        if scr.sc[S.S_OUTCOME] != K.RUNNING:
            break
        play_round(R, C, scr)
    return state_value(R, C, scr, params)


@njit
def probe(R, C, scr, p, script_n):
    """Play player p's turn on the copy `scr`, the first script_n options queued, tracing every
    decision asked; the trace index of the first card or placement decision from script_n
    on, or -1."""
    scr.ctl[S.H_SCRIPT_N] = script_n
    scr.ctl[S.H_TRACE_ON] = 1
    play_turn(R, C, scr, p)   # the queued options first (choose_rollout)
    for j in range(script_n, scr.ctl[S.H_TRACE_N]):
        kind = scr.trace[j, 0]
        if kind == K.D_PLAY_CARD or kind == K.D_PLACE:
            return j
    return -1


@njit
def plan_rollout(R, C, st, kind, p, params):
    """Player p's turn planned (simcore.harness.plan_turn; `kind` unused): its card and
    placement decisions chosen by playouts, queued in st.script for the rules' turn."""
    words = scratch_words()
    base = int(params[P_BASE])
    samples = max(1, int(params[P_SAMPLES]))
    m = 0
    while m < st.script.shape[0] - 1:
        scr = copy_state(st, words, ROLLOUT)
        j = probe(R, C, scr, p, m)
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
                total += playout_value(R, C, st, words, p, base, j, o, key, params)
            if total > best:
                best = total
                bo = o
        st.script[j] = bo
        m = j + 1
    st.ctl[S.H_SCRIPT_N] = m
    st.ctl[S.H_SCRIPT_POS] = 0
    return 0


@njit
def choose_base(R, C, st, kind, n, params):
    """The decisions outside the turns a rollout plans: its base strategy's."""
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
    game's coming dice or card order. Then, and outside the turns the rollout plans, its base
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


@cfunc(CHOOSE_SIGNATURE)
def plan_exported(rules, config, state, kind, p, params):
    return plan_rollout(as_record(rules, "HiddenVillageRules"), as_config(config),
                        as_record(state, "HiddenVillageState"), kind, p, params)


bind(CHOOSERS, ROLLOUT, choose_exported, choose_rollout)
bind(PLANNERS, ROLLOUT, plan_exported, plan_rollout)
bind_prepare(CHOOSERS, ROLLOUT, bind_base)
declare_stack_copy(CHOOSERS, ROLLOUT, SCRATCH_WORDS, EVENTS)
