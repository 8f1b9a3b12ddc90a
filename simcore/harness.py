"""The harness every game plays through: the decision call and the loop over a chunk of games.

A game supplies its rules as kernels and simcore drives them:

    setup_game(R, C, st, game) -> focal seat         set up game number `game` (its random
                                                      streams already seeded)
    play_game(R, C, st)                               play it to the end
    record_result(R, C, st, row)                      write its result row

and its rule kernels ask a seat's strategy through `decide(R, C, st, p, kind, n)`, after
listing the n legal options in st.options[:n]. A game whose turns a strategy may plan as a
whole (by playouts of the turn: Hidden Village's rollout) calls `plan_turn(R, C, st, p)` before
each turn. `game_kernels` builds them for one game:

    H = game_kernels(__name__, K.STREAM_POLICY)            # H.decide, H.plan_turn, for the rules
    run_chunk = H.chunk_loop(setup_game, play_game, record_result)   # once the rules exist

The State carries the harness's fields, `control_fields(...)` (the *control* section, never
copied into a playout): `ctl` (the words H_*), `options`, `sid` and `par` (each seat's
strategy id and parameter row) and `decisions` (decisions asked, by kind), and its `events`.

How one kernel serves every game and still caches. The kernels below are written once, as
plain functions whose free names (`setup_game`, `choose_bound`, `STREAM_POLICY`...) are
bound per game: `game_kernels` makes a new function from the same code with the game's
bindings as its globals and compiles it as a kernel *of the game's module*, so numba caches
it in the game's own kernel cache, keyed by the game's kernel sources (simcore/jit.py): an
edit to the game's rules, or to this file, compiles it afresh. numba keys its cache index by
the function's file, name and argument types; a game's folder holds only that game's copy,
so two games' copies never meet in one index. (Two other ways were tried and measured:
docs/performance.md, change 46.)
"""
from __future__ import annotations

import types as pytypes
from typing import NamedTuple

from . import jit
from .eventlog import append_event
from .linked import PLUGIN_SLOT, chooser_call
from .policy import (N_GENERIC, P_SKILL, P_STRONG, P_STRONG_PARAMS, PLUGIN, SKILL, choose_generic,
                     plays_strong)
from .rng import randint, stream_state
from .seats import checked_answer

# st.ctl: the harness's words
H_ASKED = 0          # decisions asked of a strategy this game (the scripted strategy's index)
H_SEAT = 1           # the seat deciding now (a chooser reads it)
H_BAD_KIND = 2       # an illegal answer: the decision's kind, its option count, the answer
H_BAD_N = 3          #   (seats.checked_answer; the runner raises seats.illegal_answer)
H_BAD_INDEX = 4
H_EV_N = 5           # events written this game (st.events[:n]; `event`)
H_LOG = 6            # 1: this game writes its events (the Config's log_on; 0 in a playout's copy)
N_H = 7


def control_fields(max_players: int, max_params: int, max_options: int, n_decisions: int,
                   event_fields: int, game_words: int = 0) -> tuple[list, list]:
    """The harness's fields of a State layout (simcore.packed), all in the *control* section:
    (fixed-shape fields, placed with the game's fixed ones; the event log, sized when the
    state is allocated, placed last). `game_words`: words of st.ctl after the harness's that
    the game names itself (st.ctl[N_H], ...: e.g. a test's queued dice)."""
    return ([("ctl", "i8", (N_H + game_words,), "control"),
             ("options", "i8", (max_options,), "control"),
             ("sid", "i8", (max_players,), "control"),
             ("par", "f8", (max_players, max_params), "control"),
             ("decisions", "i8", (max(1, n_decisions),), "control")],
            [("events", "i8", (None, event_fields), "control")])


# ----------------------------------------------------------------------------- the kernels
# `event` and `start_game` take a game's own types, so they are not cached on their own: each
# is compiled into the kernels of the game calling it, which its game's folder caches. Cached
# here, their one index in the generic folder would list every game's State type, and a
# process that cannot import one of those games (a game folder no longer on
# MEEPLESIM_GAME_PATH) could not read that index: its next compile of any game would fail.
@jit.njit(inline="always", cache=False)
def event(st, kind, rnd, p, a, b, c):
    """With the log on (st.ctl[H_LOG]), write the event (kind, round or turn, seat, a, b, c);
    off, one test and nothing else."""
    if st.ctl[H_LOG]:
        append_event(st.events, st.ctl, H_EV_N, kind, rnd, p, a, b, c)


@jit.njit(inline="always", cache=False)
def start_game(C, st, seed, game):
    """Before a game's set-up: its random streams seeded from (seed, stream, game) (simcore.rng:
    results depend on neither chunking nor workers), no decision asked, no event written, the
    log on if the Config says so (C.log_on)."""
    st.ctl[H_ASKED] = 0
    st.ctl[H_EV_N] = 0
    st.ctl[H_LOG] = C.log_on
    for s in range(st.rng.shape[0]):
        st.rng[s] = stream_state(seed, s, game)


# Written once; the free names are each game's (game_kernels): STREAM_POLICY, choose_bound,
# plan_bound, setup_game, play_game, record_result.

def decide(R, C, st, p, kind, n):
    """Seat p's strategy picks one of st.options[:n] (0 without asking when n <= 1): a generic
    strategy (simcore.policy) compiled in, the generic skill scale (policy.SKILL) as random or
    as its strong strategy, any other through the game's chooser table (simcore.linked); an
    answer out of range stops the game (seats.checked_answer)."""
    st.decisions[kind] += 1
    if n <= 1:
        return 0
    sid = st.sid[p]
    par = st.par[p]
    st.ctl[H_SEAT] = p
    if sid < N_GENERIC:
        i = choose_generic(sid, st.rng, STREAM_POLICY, n, par, st.ctl[H_ASKED])  # noqa: F821
    elif sid == SKILL:      # the generic skill scale: the strong strategy's answer, or random's
        strong = int(par[P_STRONG])
        if not plays_strong(st.rng, STREAM_POLICY, par[P_SKILL]):  # noqa: F821
            i = randint(st.rng, STREAM_POLICY, n)  # noqa: F821
        elif strong < N_GENERIC:
            i = choose_generic(strong, st.rng, STREAM_POLICY, n, par[P_STRONG_PARAMS:],  # noqa: F821
                               st.ctl[H_ASKED])
        else:
            i = choose_bound(R, C, st, kind, n, strong, par[P_STRONG_PARAMS:])  # noqa: F821
    else:
        i = choose_bound(R, C, st, kind, n, PLUGIN_SLOT if sid == PLUGIN else sid,  # noqa: F821
                         par)
    st.ctl[H_ASKED] += 1
    return checked_answer(st.ctl, H_BAD_KIND, kind, n, i)


def plan_turn(R, C, st, p):
    """Before seat p's turn, called by a game whose strategies may plan whole turns: the seat's
    strategy plans it now if it is bound in the game's planner table (a rollout: playouts of the
    turn's options on copies of the state, its choices queued for the turn's decisions); any
    other strategy, nothing (one load and a test)."""
    sid = st.sid[p]
    if sid >= N_GENERIC and sid != PLUGIN:
        st.ctl[H_SEAT] = p
        plan_bound(R, C, st, 0, p, sid, st.par[p])  # noqa: F821


def run_chunk(R, C, st, per_seat, sids, pars, seed, start, out):
    """Games start .. start + len(out) - 1 of root `seed`, one result row each: each started
    (`start_game`), set up, seated, played and recorded. per_seat 1: seat q plays sids[q] with pars[q]; 0: the
    focal seat (setup_game's answer) plays sids[0], pars[0] and every other sids[1], pars[1]."""
    for i in range(out.shape[0]):
        start_game(C, st, seed, start + i)
        focal = setup_game(R, C, st, start + i)  # noqa: F821
        for p in range(st.sid.shape[0]):
            r = p if per_seat else (0 if p == focal else 1)
            st.sid[p] = sids[r]
            for j in range(st.par.shape[1]):
                st.par[p, j] = pars[r, j]
        play_game(R, C, st)  # noqa: F821
        record_result(R, C, st, out[i])  # noqa: F821


def _kernel(template, module: str, bindings: dict):
    """`template`'s code as a kernel of `module` (cached with that module's game), its free
    names bound to `bindings` over this module's own globals."""
    scope = dict(globals())
    scope.update(bindings)
    scope["__name__"] = module
    f = pytypes.FunctionType(template.__code__, scope, template.__name__, template.__defaults__)
    f.__qualname__ = template.__qualname__
    f.__doc__ = template.__doc__
    return jit.njit(f)


class GameKernels(NamedTuple):
    module: str
    choosers: str
    decide: object
    bindings: dict
    planners: str                # the planner table's symbol (`plan_turn`)
    plan_turn: object

    @property
    def choose_bound(self):
        """The call of a strategy bound in the game's chooser table (simcore.linked.chooser_call):
        for a strategy that asks another (a rollout's base)."""
        return self.bindings["choose_bound"]

    def chunk_loop(self, setup_game, play_game, record_result):
        """The game's chunk loop (`run_chunk` above) over its own three rule kernels."""
        return _kernel(run_chunk, self.module, dict(self.bindings, setup_game=setup_game,
                                                    play_game=play_game,
                                                    record_result=record_result))


def chooser_symbol(module: str) -> str:
    """The chooser table's symbol (simcore.linked) of the game whose rules live in `module`:
    `meeplesim_<its package>_choosers`."""
    parts = module.split(".")
    return f"meeplesim_{parts[2] if parts[:2] == ['simcore', 'games'] else parts[0]}_choosers"


def game_kernels(module: str, policy_stream: int, choosers: str = "") -> GameKernels:
    """The harness's `decide` (and `plan_turn`) for the game whose rules live in `module` (its
    dotted name: the game's kernel cache holds the kernels): strategies beyond the generic ones
    are called through the game's chooser table (`choosers`, by default
    `chooser_symbol(module)`; its turn planners through `meeplesim_<game>_planners`), the
    random one draws from the state's random stream `policy_stream`."""
    choosers = choosers or chooser_symbol(module)
    planners = choosers.removesuffix("_choosers") + "_planners"
    bindings = {"STREAM_POLICY": policy_stream, "choose_bound": chooser_call(choosers),
                "plan_bound": chooser_call(planners)}
    return GameKernels(module, choosers, _kernel(decide, module, bindings), bindings, planners,
                       _kernel(plan_turn, module, bindings))

