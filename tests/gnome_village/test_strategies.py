"""Gnome Village's strategies: greedy plays through the chooser table, seats may play different
strategies, games are reproducible from their seed, and a strategy's name may be reused by
another game."""
import numpy as np

import strategies
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village.config import make_config
from simcore.policy import RANDOM

from .scenario import CAT

GREEDY = strategies.get("greedy", "gnome-village")


def run(players, sid, params, rivals="same", n=300, seed=1, start=0):
    cfg, _ = make_config(CAT, players=players, rivals=rivals)
    return G.run_games(CAT, cfg, sid, np.asarray(params, np.float64), seed, start, n)


def test_greedy_beats_random_rivals_at_every_player_count():
    for players in (2, 3, 4):
        r = run(players, GREEDY.kernel_id, GREEDY.param_vector(), rivals="random")
        assert (r[:, K.R_OUTCOME] == K.WIN).mean() > 0.9
        assert (r[:, K.R_CUT] == 0).mean() > 0.98


def test_the_focal_seat_rotates_and_results_are_consistent():
    r = run(3, GREEDY.kernel_id, GREEDY.param_vector(), n=300)
    seat = r[:, K.R_SEAT]
    assert np.bincount(seat).tolist() == [100, 100, 100]
    pts = r[:, K.R_POINTS_0:K.R_POINTS_0 + 3]
    assert (pts[np.arange(300), seat] == r[:, K.R_POINTS]).all() and (r[:, K.R_POINTS_0 + 3] == -1).all()
    won = r[:, K.R_OUTCOME] == K.WIN
    assert (r[won, K.R_WINNER] == seat[won]).all() and (r[won, K.R_MARGIN] >= 0).all()


def test_games_are_reproducible_whatever_the_chunking():
    a = run(3, RANDOM, [0.0], n=40, seed=9)
    b = np.concatenate([run(3, RANDOM, [0.0], n=15, seed=9), run(3, RANDOM, [0.0], n=25, seed=9, start=15)])
    assert (a == b).all()
    assert not (a == run(3, RANDOM, [0.0], n=40, seed=10)).all()


def test_each_game_has_its_own_greedy():
    assert GREEDY.games == ("gnome-village",)
    assert strategies.get("greedy", load=False).games != GREEDY.games     # the default game's
    assert "greedy" in strategies.available("gnome-village")
    assert "threshold" not in strategies.available("gnome-village")
