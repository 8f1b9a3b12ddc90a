"""Playing games: the game to its end, its result row, and the Python entry points.

The chunk loop is the harness's (simcore.harness); the package's `run_games` and `play_logged`
(simcore.seating.runners: every seat plays the run's strategy) play it from Python.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...jit import njit
from . import consts as K
from . import state as S
from .rules.core import houses_built
from .rules.decide import H
from .rules.setup import setup_game
from .rules.turn import play_round

if TYPE_CHECKING:   # annotations only: the kernel cache key leaves out what no kernel imports
    from .catalog import Catalog
    from .config import Config
    from .state import State


@njit(inline="always")   # typed into the chunk loop: one compiled copy fewer
def play_game(R, C, st):
    """Play the set-up game in `st` to its end (every game ends: the Gargamel deck is finite)."""
    while st.sc[S.S_OUTCOME] == K.RUNNING:
        play_round(R, C, st)


@njit
def record_result(R, C, st, row):
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


# the chunk loop (simcore.harness): games started, set up, seated, played and recorded
run_chunk = H.chunk_loop(setup_game, play_game, record_result)


def compile_aside(catalog: Catalog, cfg: Config, st: State, params) -> tuple:
    """The rule kernels a first run's own process compiles while its helper compiles
    run_chunk (experiments/compile_aside.py): the ones run_chunk's typing reaches last, last
    first, with arguments of the types run_chunk's callers pass them. The helper reaches
    setup_game, then play_turn's bonus actions (about 11 of the rules' 40 s), card play and
    placement enumeration first; a kernel either process is compiling, the other waits for.
    tests/test_compile_aside.py checks each is the version the rules use."""
    from .rules import cards, effects, locations, query, turn
    R, C, p = catalog.rules, cfg._replace(log_on=0), 0
    return ((turn.end_of_round, (R, C, st)),
            (turn.end_turn, (R, C, st, p)),
            (cards.relocate, (R, C, st, False)),
            (locations.free_craft, (R, C, st)),
            (effects.collect_pair, (R, C, st)),
            (locations.rescue, (R, C, st, p)),
            (locations.pay_action, (R, C, st, p, p)),
            (locations.choose_house, (R, C, st, p)),
            (query.can_perform, (R, st, p)),
            (locations.azrael_roll, (R, C, st, p)),
            (locations.perform_invention, (R, C, st, p, p)),
            (query.enumerate_placements, (R, st)))
