"""Playing games of Gnome Village: the only loop over games, and the Python entry points.

`run_games` plays a chunk of games (a plain range of game indices) and returns one result row
per game; `play_logged` plays one game with the event log on.
"""
from __future__ import annotations


from ...seating import runners
from ...jit import njit
from . import consts as K
from . import state as S
from .config import GAME_NAME, check_strategy
from .decide import H
from .state import new_state
from .turn import play_game, setup_game


@njit
def record_result(R, C, st, row):
    f = st.sc[S.S_FOCAL]
    players = st.sc[S.S_PLAYERS]
    row[K.R_OUTCOME] = st.sc[S.S_OUTCOME]
    row[K.R_LOSS_REASON] = st.sc[S.S_LOSS]
    row[K.R_SEAT] = f
    row[K.R_PLAYERS] = players
    row[K.R_ROUNDS] = st.sc[S.S_ROUND]
    row[K.R_TURNS] = st.sc[S.S_TURN]
    row[K.R_WINNER] = st.sc[S.S_WINNER]
    row[K.R_POINTS] = st.pl[f, S.P_POINTS]
    best = -1
    for p in range(players):
        if p != f and st.pl[p, S.P_POINTS] > best:
            best = st.pl[p, S.P_POINTS]
    row[K.R_MARGIN] = st.pl[f, S.P_POINTS] - best
    row[K.R_TILES] = st.pl[f, S.P_TILES]
    row[K.R_GNOMES] = st.pl[f, S.P_PLACED]
    row[K.R_COINS] = st.pl[f, S.P_COINS]
    row[K.R_HAPPY] = st.sc[S.S_HAPPY]
    for p in range(K.MAX_PLAYERS):
        row[K.R_POINTS_0 + p] = st.pl[p, S.P_POINTS] if p < players else -1
    row[K.R_CUT] = st.sc[S.S_CUT]


# the harness's chunk loop over this game's set-up, play and result row (simcore.harness)
run_chunk = H.chunk_loop(setup_game, play_game, record_result)
run_games, play_logged = runners(H, run_chunk, game=GAME_NAME, title="Gnome Village",
                                 decisions=K.DECISIONS, check_strategy=check_strategy,
                                 new_state=new_state, n_result_fields=K.N_RESULT_FIELDS)
