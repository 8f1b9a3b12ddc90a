"""Playing games: the only loop over rounds, and the Python entry points.

`run_games` plays a chunk of games (a plain range of game indices) and returns one result row
per game; `play_logged` plays one game with the event log on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ... import plugins
from ...gamekit import game_runners
from ...jit import njit
from ...packed import as_vector
from ...seats import illegal_answer
from . import consts as K
from . import state as S
from .rules.core import houses_built
from .rules.setup import setup_game
from .rules.turn import play_round
from .state import State, new_state

if TYPE_CHECKING:   # annotations only: the kernel cache key leaves out what no kernel imports
    from .catalog import Catalog
    from .config import Config


@njit(inline="always")   # typed into its caller: one compiled copy fewer
def play_game(R, C, st, sid, params):
    """Play the set-up game in `st` to its end (every game ends: the Gargamel deck is finite)."""
    while st.sc[S.S_OUTCOME] == K.RUNNING:
        play_round(R, C, st, sid, params)


@njit
def record_result(st, row):
    row[K.R_OUTCOME] = st.sc[S.S_OUTCOME]
    row[K.R_LOSS_REASON] = st.sc[S.S_LOSS]
    row[K.R_ROUNDS] = st.sc[S.S_ROUND]
    row[K.R_TURNS] = st.sc[S.S_TURN]
    row[K.R_FOREST_LEFT] = st.pile_n[S.P_FOREST]
    built = houses_built(st)
    row[K.R_HOUSES_LEFT] = st.sc[S.S_N_HOUSES] - built
    done = 0
    for i in range(st.sc[S.S_N_CAKES]):
        done += st.cake_done[i]
    row[K.R_CAKES_LEFT] = st.sc[S.S_N_CAKES] - done
    row[K.R_DANGEROUS] = st.sc[S.S_N_DANGEROUS]
    row[K.R_ATTACKS] = st.sc[S.S_N_ATTACKS]
    row[K.R_RESCUES] = st.sc[S.S_N_RESCUES]
    row[K.R_CRAFTED] = st.sc[S.S_N_CRAFTED]
    row[K.R_HOUSES_BUILT] = built
    row[K.R_CAKES_DONE] = done
    row[K.R_ACTIONS] = st.sc[S.S_N_ACTIONS]
    row[K.R_ABILITIES] = st.sc[S.S_N_ABILITIES]
    row[K.R_INVENTIONS_USED] = st.sc[S.S_N_INV_USED]


@njit
def run_chunk(R, C, st, sid, params, seed, start, out):
    """Play games start .. start + len(out) - 1 of root `seed`, one result row each."""
    for i in range(out.shape[0]):
        setup_game(R, C, st, seed, start + i)
        play_game(R, C, st, sid, params)
        record_result(st, out[i])


# strategies that play whole turns themselves (the rollout) bring their own game loop: strategy
# id -> loop(rules, cfg, st, params, seed, start, out), registered when the strategy is imported
_LOOPS: dict = {}


def register_loop(strategy_id: int, loop) -> None:
    """Play the games of strategy `strategy_id` with `loop` instead of run_chunk."""
    _LOOPS[strategy_id] = loop


def _run_chunk(catalog: Catalog, cfg: Config, st: State, strategy_id: int, params, seed: int,
               start: int, out: np.ndarray) -> None:
    """run_chunk (or the strategy's own loop), with the plug-in binding, and an illegal option
    reported as IllegalOption (naming the decision)."""
    plugins.bind_state(st, catalog.rules)
    params = as_vector(params)   # one word on every call between kernels (simcore.packed)
    try:
        loop = _LOOPS.get(strategy_id)
        if loop is not None:
            loop(catalog.rules, cfg, st, params, seed, start, out)
        else:
            run_chunk(catalog.rules, cfg, st, strategy_id, params, seed, start, out)
    except ValueError:
        raise illegal_answer(K.DECISIONS, st.ctl, S.H_BAD_KIND) from None


run_games, play_logged = game_runners(_run_chunk, new_state, K.N_RESULT_FIELDS, S.S_EV_N)


def compile_aside(catalog: Catalog, cfg: Config, st: State, params) -> tuple:
    """The rule kernels a first run's own process compiles while its helper compiles
    run_chunk (experiments/compile_aside.py): the ones run_chunk's typing reaches last, last
    first, with arguments of the types run_chunk's callers pass them. The helper reaches
    setup_game, then play_turn's bonus actions (about 11 of the rules' 40 s), card play and
    placement enumeration first; a kernel either process is compiling, the other waits for.
    tests/test_compile_aside.py checks each is the version the rules use."""
    from .rules import cards, effects, locations, query, turn
    R, C, p, v = catalog.rules, cfg._replace(log_on=0), 0, as_vector(params)
    return ((turn.end_of_round, (R, C, st, p, v)),
            (turn.end_turn, (R, C, st, p)),
            (cards.relocate, (R, C, st, False, p, v)),
            (locations.free_craft, (R, C, st, p, v)),
            (effects.collect_pair, (R, C, st, p, v)),
            (locations.rescue, (R, C, st, p, p, v)),
            (locations.pay_action, (R, C, st, p, p, p, v)),
            (locations.choose_house, (R, C, st, p, p, v)),
            (query.can_perform, (R, st, p)),
            (locations.azrael_roll, (R, C, st, p, p, v)),
            (locations.perform_invention, (R, C, st, p, p, p, v)),
            (query.enumerate_placements, (R, st)))
