"""The cake race's skill scale (strategies/cake_race/skill.py): skill 0 plays random's very
games, skill 1 adaptive's; between them a stay-or-leave choice follows the softmax over
adaptive's values, and the focal seat's win rate does not fall as its skill rises (paired
seeds); the rivals play the scale at their own skill; a skill off the scale is one line."""
from math import exp

import numpy as np
import pytest

import strategies
from simcore.harness import start_game
from simcore.errors import UserError
from simcore.games.cake_race import consts as K
from simcore.games.cake_race import game
from simcore.games.cake_race.config import make_config
from simcore.games.cake_race.game import check_strategy

from .scenario import CAT, R, Game

SEED = 23


def play(strategy, games=1500, players=2, rivals="same", **params):
    cfg, _ = make_config(CAT, players=players, rivals=rivals)
    s = strategies.get(strategy, "cake-race")
    return game.run_games(CAT, cfg, s.kernel_id, s.param_vector(params), SEED, 0, games)


@pytest.mark.parametrize("players,rivals", [(2, "same"), (3, "adaptive"), (4, "threshold-4")])
def test_skill_zero_plays_randoms_games_and_skill_one_adaptives(players, rivals):
    import strategies.cake_race.threshold  # noqa: F401  (the threshold rivals' kernel)
    same = {"rival_skill": -1.0} if rivals == "same" else {}
    assert np.array_equal(play("skill", players=players, rivals=rivals, skill=0.0, **same),
                          play("random", players=players, rivals=rivals))
    assert np.array_equal(play("skill", players=players, rivals=rivals, skill=1.0, **same),
                          play("adaptive", players=players, rivals=rivals))


def test_the_rivals_play_the_scale_at_rival_skill():
    """With --rivals same the rivals play at rival_skill: 0 is the random rivals' games, 1 the
    adaptive rivals'; -1 seats every player at the focal seat's skill."""
    assert np.array_equal(play("skill", skill=0.7, rival_skill=0.0),
                          play("skill", rivals="random", skill=0.7))
    assert np.array_equal(play("skill", skill=0.7, rival_skill=1.0),
                          play("skill", rivals="adaptive", skill=0.7))
    assert np.array_equal(play("skill", skill=0.3, rival_skill=-1.0),
                          play("skill", skill=0.3, rival_skill=0.3))


def stay_or_leave(skill, draws=4000, mistake=1.0):
    """Seat 0 at the cake with 4 cakes: adaptive's values of staying and leaving, and how often
    the skill scale leaves over many draws of the policy stream."""
    from strategies.cake_race.adaptive import stay_values
    from strategies.cake_race.skill import choose_skill
    s = strategies.get("skill", "cake-race")
    params = np.asarray(s.param_vector({"skill": skill, "mistake": mistake}), np.float64)
    g = Game(players=2).place(0, "cake", carried=4)    # seat 0's turn, the focal seat
    ruled, v_stay, v_leave = stay_values(R, g.st, 0, params)
    assert not ruled
    leaves = sum(choose_skill(R, g.cfg, g.st, K.D_STAY, 2, params) for _ in range(draws))
    return v_stay, v_leave, leaves / draws


@pytest.mark.parametrize("skill", [0.25, 0.5, 0.8])
def test_stay_or_leave_follows_the_softmax_over_adaptives_values(skill):
    v_stay, v_leave, leave_rate = stay_or_leave(skill)
    beta = skill / (1.0 - skill)                     # mistake 1
    expected = 1.0 / (1.0 + exp(beta * (v_stay - v_leave)))
    assert abs(leave_rate - expected) < 4 * np.sqrt(expected * (1 - expected) / 4000)


def test_the_win_rate_does_not_fall_as_skill_rises():
    """Over a grid of skills on the same seeds (against rivals at the default rival_skill
    0.5), each step's paired difference in the focal seat's wins is above zero or within its
    95% interval of it; from skill 0 to 1 it rises by more than 15 points."""
    wins = {s: (play("skill", 3000, skill=s)[:, K.R_OUTCOME] == K.WIN).astype(float)
            for s in (0.0, 0.25, 0.5, 0.75, 0.9, 1.0)}
    skills = sorted(wins)
    for lo, hi in zip(skills, skills[1:]):
        d = wins[hi] - wins[lo]
        half = 1.96 * d.std(ddof=1) / np.sqrt(len(d)) if d.std() > 0 else 0.0
        assert d.mean() + half >= 0, f"skill {hi} wins less than {lo}: {d.mean():+.3f} ± {half:.3f}"
    assert wins[1.0].mean() - wins[0.0].mean() > 0.15


@pytest.mark.parametrize("params,words", [
    ({"skill": 1.5}, "parameter 'skill' must be from 0 to 1"),
    ({"skill": -0.1}, "parameter 'skill' must be from 0 to 1"),
    ({"rival_skill": 2.0}, "parameter 'rival_skill' must be from 0 to 1 (or -1)"),
    ({"mistake": 0}, "parameter 'mistake' must be from"),
])
def test_a_skill_off_the_scale_is_refused_with_one_line(params, words):
    with pytest.raises(UserError, match=words.replace("(", r"\(").replace(")", r"\)")) as e:
        strategies.get("skill", "cake-race", load=False).param_values(params)
    assert "\n" not in str(e.value)


def test_the_game_refuses_a_skill_vector_off_the_scale():
    """The API's own check (a parameter vector not made by param_values)."""
    s = strategies.get("skill", "cake-race", load=False)
    v = np.asarray(s.param_vector(), np.float64).copy()
    v[list(s.params).index("skill")] = 1.2
    with pytest.raises(UserError, match="parameter 'skill' must be from 0 to 1, got '1.2'"):
        check_strategy(CAT, s.kernel_id, v)


def test_a_skill_off_the_scale_on_the_command_line_is_one_error_line():
    from typer.testing import CliRunner

    from experiments.cli import app
    r = CliRunner().invoke(app, ["run", "--game", "cake-race", "--strategy", "skill", "--param",
                                 "skill=1.5", "--games", "10"])
    lines = r.output.strip().splitlines()    # (a cold kernel cache adds the compile notice)
    assert r.exit_code == 2 and lines[-1] == (
        "error: strategy 'skill': parameter 'skill' must be from 0 to 1, got '1.5'")
    assert "Traceback" not in r.output


def test_a_move_errs_toward_the_longer_way_at_the_softmax_odds(tmp_path):
    """On a board where one way of a fork ends a step farther from the cake (a start on the
    trail: a move stops there), skill 1 takes the nearer way, a skill-0.5 player the farther
    one with odds exp(-beta * step * 1) against the nearer."""
    import shutil

    from simcore.games.cake_race.catalog import DATA_DIR, load_catalog
    from simcore.games.cake_race import state as S
    from simcore.games.cake_race.rules import move_options, setup_game
    from simcore.games.cake_race.state import new_state
    from strategies.cake_race.skill import choose_skill
    shutil.copytree(DATA_DIR, tmp_path, dirs_exist_ok=True)
    board = tmp_path / "board.toml"
    board.write_text(board.read_text().replace(
        '  ["trail-a2", "trail-a3"],\n',
        '  ["trail-a2", "trail-a3"],\n  ["trail-a2", "start-3"],\n  ["start-3", "trail-a4"],\n'))
    cat = load_catalog(tmp_path)
    cfg, _ = make_config(cat, players=2, seat="0")
    st = new_state(cat.rules, 16)
    start_game(cfg, st, SEED, 0)
    setup_game(cat.rules, cfg, st, 0)
    st.pl[0, S.P_POS] = cat.points.index("trail-a2")              # seat 0, carrying nothing
    n = move_options(cat.rules, st, st.pl[0, S.P_POS], 2, False)
    assert [cat.points[st.options[i]] for i in range(n)] == ["trail-a4", "start-3"]
    s = strategies.get("skill", "cake-race")
    for skill, expected in ((1.0, 0.0), (0.5, exp(-1.0) / (1 + exp(-1.0)))):
        params = np.asarray(s.param_vector({"skill": skill, "step": 1.0}), np.float64)
        farther = sum(choose_skill(cat.rules, cfg, st, K.D_MOVE, n, params) for _ in range(4000)) / 4000
        assert abs(farther - expected) <= 4 * np.sqrt(expected * (1 - expected) / 4000) + 1e-12
