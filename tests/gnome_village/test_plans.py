"""Greedy's two plans (workshop-first, business-first: its `plan` parameter), and the seat
cells the report pairs: with greedy in every seat, the focal seat fixed at 0 or at 1 plays the
very same games (chance is keyed by game index), so the seats' cells pair game by game."""
import numpy as np

import strategies
from experiments.grid import load_grid
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village.config import make_config

from .scenario import CAT

GREEDY = strategies.get("greedy", "gnome-village")
WORKSHOP = strategies.get("workshop-first", "gnome-village")
BUSINESS = strategies.get("business-first", "gnome-village")


def run(strategy, players=3, rivals="greedy", seat="rotate", n=200, seed=5):
    cfg, _ = make_config(CAT, players=players, rivals=rivals, seat=seat)
    return G.run_games(CAT, cfg, strategy.kernel_id, np.asarray(strategy.param_vector(), np.float64),
                       seed, 0, n)


def test_the_plans_are_greedy_leaning_its_early_purchases_both_ways():
    assert WORKSHOP.kernel_id == BUSINESS.kernel_id == GREEDY.kernel_id
    assert np.asarray(GREEDY.param_vector()).tolist() == [1.0, 0.0]
    assert np.asarray(WORKSHOP.param_vector()).tolist() == [1.0, 2.0]
    assert np.asarray(BUSINESS.param_vector()).tolist() == [1.0, -2.0]
    assert np.asarray(WORKSHOP.param_vector({"plan": 0.0})).tolist() == [1.0, 0.0]
    assert "plan" in WORKSHOP.param_help and "workshop" in WORKSHOP.description
    from strategies.gnome_village import greedy
    assert greedy.EARLY_TURNS == 6


def test_the_plans_play_other_games_than_greedy_on_the_same_deals():
    g, w, b = run(GREEDY), run(WORKSHOP), run(BUSINESS)
    assert (g[:, K.R_SEAT] == w[:, K.R_SEAT]).all()          # the same seat in game i
    for r in (w, b):
        assert (r[:, K.R_POINTS] != g[:, K.R_POINTS]).any()
    assert (w[:, K.R_POINTS] != b[:, K.R_POINTS]).any()
    # plan 0 is greedy itself, game for game
    assert (run(strategies.Strategy("plain", GREEDY.kernel_id, "", params={"coin": 1.0, "plan": 0.0})) == g).all()


def test_every_fixed_seat_plays_the_same_games_with_greedy_in_every_seat():
    seats = [run(GREEDY, rivals="same", seat=str(s), n=120) for s in range(3)]
    for s, r in enumerate(seats):
        assert (r[:, K.R_SEAT] == s).all()
        assert (r[:, K.R_WINNER] == seats[0][:, K.R_WINNER]).all()
        assert (r[:, K.R_ROUNDS] == seats[0][:, K.R_ROUNDS]).all()
    # exactly one seat wins a game that is not shared
    won = np.stack([r[:, K.R_OUTCOME] == K.WIN for r in seats])
    tie = np.stack([r[:, K.R_OUTCOME] == K.TIE for r in seats]).any(axis=0)
    assert (won.sum(axis=0) == np.where(tie, 0, 1)).all()


def test_the_seats_grid_has_every_seat_of_every_player_count_and_the_plans_grid_both_plans():
    g = load_grid("gnome-seats")
    cells = [dict(zip(names, v)) for names, vals in g.groups for v in vals]
    assert [(c["players"], c["seat"]) for c in cells] == [
        (2, "0"), (2, "1"), (3, "0"), (3, "1"), (3, "2"), (4, "0"), (4, "1"), (4, "2"), (4, "3")]
    p = load_grid("gnome-plans")
    assert p.fixed["rivals"] == "greedy"
    assert [v for names, vals in p.groups for v in vals] == [("greedy",), ("workshop-first",), ("business-first",)]
