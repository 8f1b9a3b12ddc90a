"""Playing cake races: the only loop over games, and the Python entry points.

`run_games` plays a chunk of games (a plain range of game indices) and returns one result row
per game; `play_logged` plays one game with the event log on.
"""
from __future__ import annotations

import numpy as np

from ...seating import registry_check, runners
from ...jit import njit
from . import consts as K
from . import state as S
from .config import GAME, Config, seat_strategies
from .decide import H
from .rules import play_game, setup_game
from .state import new_state


@njit
def record_result(R, C, st, row):
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


def _seats(cfg: Config, strategy_id: int, params, width: int) -> tuple:
    """The focal seat's strategy and the rivals' (threshold-K's own K: config.seat_strategies)."""
    fsid, fpar, rsid, rpar = seat_strategies(cfg, strategy_id, params)
    return 0, np.array([fsid, rsid], np.int64), np.stack([fpar, rpar])


# the harness's chunk loop over this game's set-up, play and result row (simcore.harness)
run_chunk = H.chunk_loop(setup_game, play_game, record_result)
# a strategy of the registry's for the cake race, its parameters checked (its own `check`)
check_strategy = registry_check(GAME, "the cake race")
run_games, play_logged = runners(H, run_chunk, game=GAME, title="the cake race",
                                 decisions=K.DECISIONS, check_strategy=check_strategy,
                                 new_state=new_state, n_result_fields=K.N_RESULT_FIELDS,
                                 seats=_seats)
