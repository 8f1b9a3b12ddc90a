"""The difficulty curve (experiments/curve.py, `meeplesim curve`): a monotone fit through the
win rates by skill, the skill a target needs read off it, its bootstrap interval; the command's
JSON fields and its error lines."""
import json

import numpy as np
from typer.testing import CliRunner

from experiments import curve as K
from experiments.cli import app

cli = CliRunner()


def test_the_fit_never_falls_and_the_threshold_interpolates_between_skills():
    skills = [0.0, 0.25, 0.5, 0.75, 1.0]
    fitted = K.monotone(skills, [0, 30, 25, 70, 90], [100] * 5)   # a dip at 0.5 is pooled
    assert all(b >= a for a, b in zip(fitted, fitted[1:]))
    assert np.allclose(fitted, [0.0, 0.275, 0.275, 0.7, 0.9])
    assert K.crossing(skills, fitted, 0.5) == 0.5 + (0.5 - 0.275) / (0.7 - 0.275) * 0.25
    assert K.crossing(skills, fitted, 0.95) is None


def test_the_threshold_interval_holds_the_estimate_and_narrows_with_games():
    skills = [i / 10 for i in range(11)]
    rates = np.clip((np.array(skills) - 0.3) * 1.4, 0, 0.95)
    few = K.thresholds(skills, (rates * 200).round(), [200] * 11)[0]
    many = K.thresholds(skills, (rates * 5000).round(), [5000] * 11)[0]
    for t in (few, many):
        assert t["target"] == 0.5 and t["ci_low"] <= t["skill"] <= t["ci_high"]
    assert many["ci_high"] - many["ci_low"] < few["ci_high"] - few["ci_low"]


def test_curve_prints_points_and_thresholds_as_json():
    r = cli.invoke(app, ["curve", "--level", "standard", "--die", "white", "--points", "3",
                         "--games", "60", "--jobs", "1", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert [p["skill"] for p in d["points"]] == [0.0, 0.5, 1.0]
    for p in d["points"]:
        assert {"skill", "games", "wins", "win_rate", "ci_low", "ci_high"} <= set(p)
        assert p["level"] == "standard" and p["die"] == "white" and p["games"] == 60
    assert d["points"][0]["wins"] == 0 and d["points"][-1]["win_rate"] > 0.9
    assert [t["target"] for t in d["thresholds"]] == [0.5, 0.8]
    for t in d["thresholds"]:
        assert {"level", "die", "target", "skill", "ci_low", "ci_high"} <= set(t)


def test_curve_refuses_too_few_points_and_a_strategy_without_skill_in_one_line():
    for args, words in ((["--points", "2"], "--points must be at least 3"),
                        (["--strategy", "planner"], "has no skill scale")):
        r = cli.invoke(app, ["curve", "--games", "10", *args])
        lines = r.output.strip().splitlines()   # (a cold kernel cache adds the compile notice)
        assert r.exit_code == 2 and lines[-1].startswith("error: ") and words in lines[-1]
        assert "Traceback" not in r.output and len(lines) <= 2
