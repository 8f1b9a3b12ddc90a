"""Per-seat strategies (`--seat-strategy`): each seat plays its own strategy, the result rows
stay the focal seat's, the existing options keep their meaning, and bad input is one line."""
import numpy as np
import pytest

import strategies
from simcore.errors import UserError
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village.config import make_config, seated
from simcore.policy import RANDOM

from .scenario import CAT

GREEDY = strategies.get("greedy", "gnome-village")


def run(sid, params, n=60, seed=3, **options):
    cfg, _ = make_config(CAT, **options)
    return G.run_games(CAT, cfg, sid, np.asarray(params, np.float64), seed, 0, n)


def test_seats_named_play_as_the_focal_and_rivals_options_do():
    """greedy,random,random with the focal seat 0 is greedy against random rivals, game for
    game (the same kernels, the same streams); and with seat 1 focal, seat 1's random."""
    a = run(RANDOM, [0.0], players=3, seat="0", seat_strategy="greedy,random,random")
    b = run(GREEDY.kernel_id, GREEDY.param_vector(), players=3, seat="0", rivals="random")
    assert (a == b).all()
    c = run(GREEDY.kernel_id, GREEDY.param_vector(), players=3, seat="1",
            seat_strategy="greedy,random,random")
    assert (c[:, K.R_SEAT] == 1).all()
    assert (c[:, K.R_POINTS_0:K.R_POINTS_0 + 3] == a[:, K.R_POINTS_0:K.R_POINTS_0 + 3]).all()
    assert (c[:, K.R_OUTCOME] == K.WIN).mean() < 0.1 < (a[:, K.R_OUTCOME] == K.WIN).mean()


def test_a_rotating_focal_seat_reports_each_seat_and_the_runs_parameters_go_to_its_seats():
    r = run(GREEDY.kernel_id, GREEDY.param_vector(), players=2, seat_strategy="random,greedy")
    won = r[:, K.R_OUTCOME] == K.WIN
    assert won[r[:, K.R_SEAT] == 1].mean() > 0.8 and won[r[:, K.R_SEAT] == 0].mean() < 0.2
    # a coin weight of 10 makes greedy hoard: the seat playing the run's strategy gets it
    hoard = run(GREEDY.kernel_id, [10.0], players=2, seat_strategy="random,greedy")
    assert not (hoard == r).all()
    dflt = run(RANDOM, [0.0], players=2, seat_strategy="random,greedy")
    assert (dflt == r).all()                     # the run's strategy seats nobody: defaults


def test_seated_names_the_strategies_to_load():
    _, v = make_config(CAT, players=3, seat_strategy="lookahead,greedy,greedy")
    assert seated(v) == ("lookahead", "greedy") and v.seat_strategy == "lookahead,greedy,greedy"
    _, v = make_config(CAT, players=3, rivals="random")
    assert seated(v) == ("random",) and v.seat_strategy == ""


@pytest.mark.parametrize("options, message", [
    (dict(players=3, seat_strategy="greedy,random"), "one strategy per seat: 3 for 3 players, got 2"),
    (dict(players=2, seat_strategy="greedy,nobody"), "unknown strategy 'nobody'"),
    (dict(players=2, seat_strategy="greedy,random", rivals="random"), "either --rivals or --seat-strategy"),
])
def test_bad_seat_strategies_are_one_line_errors(options, message):
    with pytest.raises(UserError, match=message) as e:
        make_config(CAT, **options)
    assert "\n" not in str(e.value)
