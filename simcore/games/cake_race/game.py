"""Playing cake races: the only loop over games, and the Python entry points.

`run_games` plays a chunk of games (a plain range of game indices) and returns one result row
per game; `play_logged` plays one game with the event log on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ... import plugins
from ...gamekit import game_runners
from ...jit import njit
from ...seats import assign_seats, check_bound, illegal_answer
from . import consts as K
from . import state as S
from .config import Config, check_strategy, seat_strategies
from .decide import CHOOSERS
from .rules import play_game, setup_game
from .state import State, new_state

if TYPE_CHECKING:                   # the loader, for annotations only: kernels import this module
    from .catalog import Catalog


@njit
def record_result(st, row):
    f = st.sc[S.S_FOCAL]
    row[K.R_OUTCOME] = st.sc[S.S_OUTCOME]
    row[K.R_LOSS_REASON] = st.sc[S.S_LOSS]
    row[K.R_SEAT] = f
    row[K.R_PLAYERS] = st.sc[S.S_PLAYERS]
    row[K.R_ROUNDS] = st.sc[S.S_ROUND]
    row[K.R_TURNS] = st.sc[S.S_TURN]
    row[K.R_WINNER] = st.sc[S.S_WINNER]
    row[K.R_SECURED] = st.pl[f, S.P_SECURED]
    row[K.R_MARKERS] = st.pl[f, S.P_MARKERS]
    row[K.R_ELIMINATED] = st.pl[f, S.P_ELIM]
    row[K.R_FIRST_TRIP] = st.pl[f, S.P_FIRST_TRIP]
    elim = 0
    for p in range(st.sc[S.S_PLAYERS]):
        elim += st.pl[p, S.P_ELIM]
    row[K.R_ELIMINATIONS] = elim
    row[K.R_CAKES_LEFT] = st.sc[S.S_CAKE_LEFT]
    row[K.R_REMOVED] = st.sc[S.S_REMOVED]
    row[K.R_RETURNED] = st.sc[S.S_RETURNED]
    row[K.R_CHASES] = st.sc[S.S_N_CHASES]
    row[K.R_CATCHES] = st.sc[S.S_N_CATCHES]
    row[K.R_GARGAMELS] = st.sc[S.S_N_GARG]
    row[K.R_HATS_USED] = st.sc[S.S_N_HATS_USED]
    row[K.R_TRIPS] = st.pl[f, S.P_TRIPS]
    for p in range(K.MAX_PLAYERS):
        row[K.R_SECURED_0 + p] = st.pl[p, S.P_SECURED] if p < st.sc[S.S_PLAYERS] else -1
    row[K.R_CUT] = st.sc[S.S_TIMEOUT]


@njit
def run_chunk(R, cfg, st, fsid, fpar, rsid, rpar, seed, start, out):
    """Play games start .. start + len(out) - 1 of root `seed`, one result row each."""
    for i in range(out.shape[0]):
        setup_game(R, cfg, st, seed, start + i)
        assign_seats(st.sid, st.par, st.sc[S.S_FOCAL], fsid, fpar, rsid, rpar)
        play_game(R, cfg, st)
        record_result(st, out[i])


def _run_chunk(catalog: Catalog, cfg: Config, st: State, strategy_id: int, params, seed: int,
               start: int, out: np.ndarray) -> None:
    check_strategy(catalog, strategy_id, params)
    plugins.bind_state(st, catalog.rules)
    fsid, fpar, rsid, rpar = seat_strategies(cfg, strategy_id, params)
    check_bound(CHOOSERS, "the cake race", (fsid, rsid))
    try:
        run_chunk(catalog.rules, cfg, st, fsid, fpar, rsid, rpar, seed, start, out)
    except ValueError:
        raise illegal_answer(K.DECISIONS, st.ctl, S.H_BAD_KIND) from None


run_games, play_logged = game_runners(_run_chunk, new_state, K.N_RESULT_FIELDS, S.S_EV_N)
