"""The skill scale (strategies/hidden_village/skill.py): skill 0 plays the random team's very
games, skill 1 the planner's, and between them the win rate rises with skill (paired seeds);
seats may have their own skill."""
import numpy as np
import pytest

import strategies
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import make_config, run_games
from simcore.errors import UserError

SEED = 17


def play(cat, level, games, strategy="skill", **params):
    C, _ = make_config(cat, level=level, players=3)
    s = strategies.get(strategy)
    return run_games(cat, C, s.kernel_id, s.param_vector(params), SEED, 0, games)


def test_skill_zero_is_the_random_team_and_skill_one_the_planner(cat):
    assert np.array_equal(play(cat, "standard", 60, skill=0.0), play(cat, "standard", 60, "random"))
    assert np.array_equal(play(cat, "terrible", 60, skill=1.0), play(cat, "terrible", 60, "planner"))


def test_the_win_rate_does_not_fall_as_skill_rises_at_terrible(cat):
    """Over a grid of skills on the same seeds, each step's paired difference in wins is
    above zero or within its 95% interval of it; from skill 0 to 1 it rises steeply."""
    wins = {s: (play(cat, "terrible", 600, skill=s)[:, K.R_OUTCOME] == K.WIN).astype(float)
            for s in (0.0, 0.3, 0.5, 0.7, 0.85, 1.0)}
    skills = sorted(wins)
    for lo, hi in zip(skills, skills[1:]):
        d = wins[hi] - wins[lo]
        half = 1.96 * d.std(ddof=1) / np.sqrt(len(d)) if d.std() > 0 else 0.0
        assert d.mean() + half >= 0, f"skill {hi} wins less than {lo}: {d.mean():+.3f} ± {half:.3f}"
    assert wins[1.0].mean() - wins[0.0].mean() > 0.5


def test_a_seat_of_its_own_skill_plays_that_seat_only(cat):
    team = play(cat, "terrible", 200, skill=0.4)
    same = play(cat, "terrible", 200, skill=0.4, seat_1=0.4, seat_2=0.4, seat_3=0.4)
    assert np.array_equal(team, same)                       # a seat's skill equal to the team's
    mixed = play(cat, "terrible", 200, skill=0.4, seat_1=1.0)
    assert not np.array_equal(team, mixed)


@pytest.mark.parametrize("params", [{"skill": 1.5}, {"skill": -0.1}, {"seat_2": 2.0}, {"mistake": 0}])
def test_a_skill_outside_the_scale_is_refused_with_one_line(params):
    with pytest.raises(UserError, match="must be from"):
        strategies.get("skill", load=False).param_values(params)


def test_seat_skill_on_the_command_line_sets_each_seat_and_refuses_a_word():
    from typer.testing import CliRunner

    from experiments.cli import app
    r = CliRunner().invoke(app, ["run", "--strategy", "skill", "--seat-skill", "1,0,0", "--level",
                                 "terrible", "--games", "40", "--jobs", "1", "--json"])
    assert r.exit_code == 0, r.output
    import json
    assert json.loads(r.stdout)["params"] == {"seat_1": 1.0, "seat_2": 0.0, "seat_3": 0.0}
    bad = CliRunner().invoke(app, ["run", "--strategy", "skill", "--seat-skill", "0.9,x"])
    assert bad.exit_code == 2 and bad.output.strip().splitlines() == [
        "error: --seat-skill '0.9,x': seat 2's skill 'x' is not a number (e.g. --seat-skill 0.9,0.4,0.4)"]
