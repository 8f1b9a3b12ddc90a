"""Playing games of Gnome Village: the only loop over games, and the Python entry points.

`run_games` plays a chunk of games (a plain range of game indices) and returns one result row
per game; `play_logged` plays one game with the event log on.
"""
from __future__ import annotations

import numpy as np

from ... import plugins
from ...gamekit import game_runners
from ...jit import njit
from ...seats import assign_seats, check_bound, illegal_answer
from . import consts as K
from . import state as S
from .config import check_strategy, seat_rows, seat_strategies
from .decide import CHOOSERS
from .state import new_state
from .turn import play_game, setup_game


@njit
def record_result(st, row):
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


@njit
def run_chunk(R, C, st, fsid, fpar, rsid, rpar, seed, start, out):
    """Play games start .. start + len(out) - 1 of root `seed`, one result row each."""
    for i in range(out.shape[0]):
        setup_game(R, C, st, seed, start + i)
        assign_seats(st.sid, st.par, st.sc[S.S_FOCAL], fsid, fpar, rsid, rpar)
        play_game(R, C, st)
        record_result(st, out[i])


@njit
def run_chunk_seats(R, C, st, sids, pars, seed, start, out):
    """run_chunk with a strategy per seat (seat_strategy): seat q plays sids[q], pars[q]."""
    for i in range(out.shape[0]):
        setup_game(R, C, st, seed, start + i)
        for p in range(K.MAX_PLAYERS):
            st.sid[p] = sids[p]
            for j in range(st.par.shape[1]):
                st.par[p, j] = pars[p, j]
        play_game(R, C, st)
        record_result(st, out[i])


def _run_chunk(catalog, cfg, st, strategy_id: int, params, seed: int, start: int,
               out: np.ndarray) -> None:
    check_strategy(catalog, strategy_id, params)
    plugins.bind_state(st, catalog.rules)
    fsid, fpar, rsid, rpar = seat_strategies(cfg, strategy_id, params)
    per_seat = seat_rows(cfg, strategy_id, params)
    check_bound(CHOOSERS, "Gnome Village", (fsid, rsid) if per_seat is None else per_seat[0])
    try:
        if per_seat is None:
            run_chunk(catalog.rules, cfg, st, fsid, fpar, rsid, rpar, seed, start, out)
        else:
            run_chunk_seats(catalog.rules, cfg, st, per_seat[0], per_seat[1], seed, start, out)
    except ValueError:
        raise illegal_answer(K.DECISIONS, st.ctl, S.H_BAD_KIND) from None


run_games, play_logged = game_runners(_run_chunk, new_state, K.N_RESULT_FIELDS, S.S_EV_N)
