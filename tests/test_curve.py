"""The difficulty curve (reports/curve.py, `meeplesim curve`): a monotone fit through the
win rates by skill, the skill a target needs read off it, its bootstrap interval; the command's
JSON fields and its error lines."""
import json

import numpy as np
from typer.testing import CliRunner

from reports import curve as K
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


# --------------------------------------------------------------------------- in the report
import pandas as pd  # noqa: E402

from reports.answers import answers  # noqa: E402
from reports.build import compute, make_figures  # noqa: E402
from simcore.games import get_game  # noqa: E402

HV = get_game("hidden-village").report


def skill_games(level, die, wins_by_skill, games=100, hungry=False, skill_col=True):
    """Rows of a skill team's games: at each skill, `wins` of `games` won (game i is the
    i-th game of every skill: the points share seeds)."""
    parts = []
    for s, w in wins_by_skill.items():
        parts.append(pd.DataFrame({
            "cell": f"die={die},level={level},params=skill:{s}", "game": range(games),
            "level": level, "die": die, "hungry": hungry, "players": 3, "strategy": "skill",
            "mix": "default", **({"param_skill": float(s)} if skill_col else {}),
            "param_mistake": 2.0, "outcome": [1] * w + [2] * (games - w), "rounds": 5,
            "loss_reason": [0] * w + [1] * (games - w), "forest_left": 0, "houses_left": 0,
            "cakes_left": 0}))
    return pd.concat(parts, ignore_index=True)


CURVES = {("standard", "white"): {0.0: 0, 0.25: 40, 0.5: 95, 0.75: 99, 1.0: 100},
          ("terrible", "white"): {0.0: 0, 0.25: 1, 0.5: 35, 0.75: 78, 1.0: 92},
          ("terrible", "red"): {0.0: 0, 0.25: 0, 0.5: 12, 0.75: 45, 1.0: 70}}


def curve_results():
    return pd.concat([skill_games(lv, die, w, hungry=lv == "terrible")
                      for (lv, die), w in CURVES.items()], ignore_index=True)


def test_the_report_splits_skill_curves_from_the_other_tables_and_reads_their_thresholds():
    planner = skill_games("standard", "white", {1.0: 90}, skill_col=False).assign(
        strategy="planner", cell="strategy=planner")
    one_skill = skill_games("complex", "white", {0.6: 50}).assign(cell="complex-0.6")
    t = compute(pd.concat([curve_results(), planner, one_skill], ignore_index=True), HV)
    # the curves' 15 points leave the win-odds table; a skill played alone stays in it
    assert sorted(t["win_odds"]["cell"]) == ["complex-0.6", "strategy=planner"]
    pts, thr = t["difficulty_curve"], t["skill_thresholds"]
    assert len(pts) == 15 and set(pts["skill"]) == {0.0, 0.25, 0.5, 0.75, 1.0}
    w = pts[(pts["level"] == "terrible") & (pts["die"] == "white") & (pts["skill"] == 0.5)].iloc[0]
    assert (w["games"], w["wins"], w["win_rate"]) == (100, 35, 0.35)
    assert w["ci_low"] < 0.35 < w["ci_high"]
    half = thr[(thr["target"] == 0.5)].set_index(["level", "die"])["skill_needed"]
    # standard white: 40% at 0.25, 95% at 0.5 -> 0.25 + 0.1/0.55 * 0.25
    assert abs(half[("standard", "white")] - (0.25 + 0.10 / 0.55 * 0.25)) < 1e-9
    assert abs(half[("terrible", "red")] - (0.75 + 0.05 / 0.25 * 0.25)) < 1e-9
    eighty = thr[(thr["target"] == 0.8) & (thr["die"] == "red")].iloc[0]
    # 70% at skill 1: not reached, and no interval beside a threshold that does not exist
    assert eighty["skill_needed"] is None or eighty["skill_needed"] != eighty["skill_needed"]
    assert eighty["skill_ci_low"] is None or eighty["skill_ci_low"] != eighty["skill_ci_low"]


def test_the_answers_start_with_the_skill_05_team_and_the_even_odds_skills():
    t = compute(curve_results(), HV)
    lines = answers(t, HV)
    assert lines[0] == ("A team that plays at skill 0.5 (3 players, white die unless said) wins "
                        "95% at Standard and 35% at Terrible (Hungry).")
    assert lines[1].startswith("Even odds need skill 0.30 at Standard and 0.59 at Terrible "
                               "(white die); 0.80 at Terrible (red die)")


def test_the_difficulty_figure_draws_a_line_and_a_band_per_curve():
    t = compute(curve_results(), HV)
    figs, _ = make_figures(t, HV)
    ax = figs["difficulty_curve"].axes[0]
    lines = [ln for ln in ax.get_lines() if ln.get_label() and not ln.get_label().startswith("_")]
    assert [ln.get_label() for ln in lines] == ["Standard, white die", "Terrible, white die, Hungry",
                                                "Terrible, red die, Hungry"]
    assert list(lines[1].get_ydata()) == [0.0, 1.0, 35.0, 78.0, 92.0]
    assert lines[2].get_linestyle() == "--"           # the red die dashed
    assert len(ax.collections) == 3                   # one interval band per curve


def test_the_difficulty_grid_plays_every_ladder_cell_at_eleven_skills_on_shared_seeds():
    from experiments.grid import expand, load_grid
    g = load_grid("difficulty")
    cells, skipped = expand(g)
    assert not skipped and len(cells) == 7 * 11 and g.seed == 1
    assert {c.axes["params"]["skill"] for c in cells} == {i / 10 for i in range(11)}
    assert {(c.axes["level"], c.axes["die"]) for c in cells} == {
        (lv, d) for lv in ("standard", "complex", "terrible") for d in ("white", "red")} | {
        ("smurfnightmarish", "red")}
    assert {c.run.strategy_name for c in cells} == {"skill"}
