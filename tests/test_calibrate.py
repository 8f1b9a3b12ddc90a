"""`meeplesim calibrate` (experiments/calibrate.py, experiments/calibration.py): the skill that
explains a table's playtests, its interval and the test of one skill for every row, on
synthetic counts; the command's JSON object, its error lines and its resumable results folder
(on the cake race, the cheapest game)."""
import json

import numpy as np
import pytest

from experiments import api
from experiments import calibration as C
from tests.clikit import cli, one_error
from experiments.cli import app

SKILLS = np.linspace(0, 1, 11)
OFFSETS = np.array([-2.0, 0.0, 1.5])          # three configurations: easy, middling, hard


def rate(skill, offset):
    return 1 / (1 + np.exp(-(8 * np.asarray(skill) - 4 - offset)))


def simulated(games=2000):
    """The three configurations' curves as a simulation would give them (exact counts)."""
    wins = np.array([np.round(games * rate(SKILLS, o)) for o in OFFSETS])
    fine = C.fine_grid(SKILLS)
    a, b = C.beta_on_grid(wins, np.full_like(wins, games), SKILLS, fine)
    return a, b, fine


def test_many_games_at_one_skill_give_that_skill_a_narrow_interval_and_a_good_fit():
    a, b, fine = simulated()
    n = np.array([400, 400, 400])
    k = np.round(n * rate(0.6, OFFSETS)).astype(int)
    f = C.fit(k, n, a, b, fine, boot=200)
    assert abs(f.skill - 0.6) <= 0.01 and f.low <= 0.6 <= f.high and f.high - f.low < 0.08
    assert f.fit_p > 0.5 and abs(f.post.sum() - 1) < 1e-9


def test_rows_made_by_two_skills_fail_the_fit_and_the_misfit_row_has_the_largest_share():
    a, b, fine = simulated()
    n = np.array([60, 60, 60])
    k = np.round(n * rate(np.array([0.3, 0.3, 0.9]), OFFSETS)).astype(int)   # the hard one: 0.9
    f = C.fit(k, n, a, b, fine, boot=400)
    assert f.fit_p < 0.01 and f.chi2_p < 0.01
    assert int(np.argmax(f.row_deviance)) in (0, 2)      # one end of the disagreement
    assert f.df == 2 and f.deviance == pytest.approx(f.row_deviance.sum())


def test_the_simulations_error_widens_the_interval_and_the_prediction_carries_the_skills():
    n = np.array([200, 200, 200])
    k = np.round(n * rate(0.5, OFFSETS)).astype(int)
    wide = [C.fit(k, n, *simulated(g)[:2], C.fine_grid(SKILLS), boot=50) for g in (30, 3000)]
    assert wide[0].high - wide[0].low > wide[1].high - wide[1].low
    a, b, fine = simulated()
    f = C.fit(k, n, a, b, fine, boot=50)
    mean, lo, hi = C.predict(a[1], b[1], f.post)
    assert lo < rate(0.5, 0.0) < hi and lo < mean < hi
    # the prediction's interval covers the rate across the skill's interval
    assert lo <= rate(f.low, 0.0) + 0.02 and hi >= rate(f.high, 0.0) - 0.02


def test_a_flat_likelihood_gives_the_whole_flat_stretch():
    wins = np.array([[2000] * 11])
    fine = C.fine_grid(SKILLS)
    a, b = C.beta_on_grid(wins, np.full_like(wins, 2000), SKILLS, fine)
    f = C.fit([5], [5], a, b, fine)
    assert (f.low, f.high) == (0.0, 1.0) and f.skill == pytest.approx(0.5) and f.fit_p is None


# ----------------------------------------------------------------------------- the command
def write(tmp_path, text, name="table.csv"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


CAKE = ["--game", "cake-race", "--games", "200", "--points", "3", "--jobs", "1"]


def test_calibrate_prints_the_issues_json_object(tmp_path):
    p = write(tmp_path, "players,games,wins\n2,20,12\n3,10,3\n")
    r = cli.invoke(app, ["calibrate", p, *CAKE, "--across", "players=2,4", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert list(d) == ["game", "skill", "skill_low", "skill_high", "fit_p", "games_simulated",
                       "rows", "predictions"]
    assert d["game"] == "cake-race" and 0 <= d["skill_low"] <= d["skill"] <= d["skill_high"] <= 1
    assert 0 < d["fit_p"] <= 1 and d["games_simulated"] == 3 * 3 * 200   # players 2, 3, 4
    assert [(r["players"], r["games"], r["wins"]) for r in d["rows"]] == [(2, 20, 12), (3, 10, 3)]
    for row in d["rows"]:
        assert list(row)[-3:] == ["fitted", "fitted_low", "fitted_high"]
        assert row["fitted_low"] <= row["fitted"] <= row["fitted_high"]
    assert [p["players"] for p in d["predictions"]] == [2, 4]
    for p in d["predictions"]:
        assert set(p) == {"players", "win_rate", "ci_low", "ci_high"}
        assert p["ci_low"] <= p["win_rate"] <= p["ci_high"]


@pytest.mark.parametrize("game, text, configurations", [
    # the rows' 2 and 4 players, and the prediction at the default 3
    ("gnome-village", "players,games,wins\n2,20,11\n4,12,2\n", 3),
    # the rows, and the predictions for each mode at the default 4 players (4 normal: a row's)
    ("hobbit", "players,mode,games,wins\n4,normal,20,5\n3,coop,10,7\n", 4),
])
def test_calibrate_places_a_table_of_each_competitive_game_on_its_skill_scale(tmp_path, game, text,
                                                                              configurations):
    """Gnome Village's and the Hobbit's own skill scales: the focal seat's skill, the rivals at
    the scale's `rival_skill`; every row fitted inside its interval."""
    p = write(tmp_path, text)
    r = cli.invoke(app, ["calibrate", p, "--game", game, "--games", "200", "--points", "3",
                         "--jobs", "1", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["game"] == game and 0 <= d["skill_low"] <= d["skill"] <= d["skill_high"] <= 1
    assert d["games_simulated"] == configurations * 3 * 200 and 0 < d["fit_p"] <= 1
    assert [(row["games"], row["wins"]) for row in d["rows"]] == \
        [tuple(int(x) for x in line.split(",")[-2:]) for line in text.splitlines()[1:]]
    for row in d["rows"]:
        assert 0 <= row["fitted_low"] <= row["fitted"] <= row["fitted_high"] <= 1


def test_calibrate_run_again_on_its_results_folder_plays_nothing_new(tmp_path):
    p = write(tmp_path, "seat,won\n0,1\n0,0\n1,1\n")
    spec = api.RunSpec(game="cake-race", seed=3)
    ex = lambda: api.Execution(jobs=1, chunk=100)
    first = api.calibrate(p, spec, games=200, points=3, results=str(tmp_path / "res"), execution=ex())
    again = api.calibrate(p, spec, games=200, points=3, results=str(tmp_path / "res"), execution=ex())
    # seats 0 and 1 of 2 players, and the prediction's rotating seat
    assert first.played == 3 * 3 * 200 and again.played == 0
    assert again.to_dict() == first.to_dict()


BAD = [
    ("players,colour,games,wins\n2,blue,3,1\n", ["row 1, column 2 (colour)", "no option"]),
    ("players,games,wins\n2,3,4\n", ["row 2, column wins", "4 wins of 3 games"]),
    ("players,games,wins\n2,-1,0\n", ["row 2, column games", "must not be negative"]),
    ("players,games,wins\n2,3,1\n2,3\n", ["row 3", "2 values"]),
    ("players,seat,won\n2,5,1\n", ["row 2, column seat", "seat must be rotate or 0 to 1"]),
    ("players,games,wins\n9,3,1\n", ["row 2, column players"]),
]


@pytest.mark.parametrize("text,words", BAD)
def test_every_bad_playtests_file_is_one_error_line_and_exit_2(tmp_path, text, words):
    line = one_error("calibrate", write(tmp_path, text), *CAKE)
    for w in words:
        assert w in line, (w, line)


def test_an_unknown_level_a_missing_file_and_a_column_given_twice_are_one_line(tmp_path):
    line = one_error("calibrate", write(tmp_path, "level,games,wins\ncomplex,3,1\nhard,2,1\n"),
                     "--games", "10", "--points", "3", "--jobs", "1")
    assert "row 3, column level" in line and "hard" in line
    assert "no such file" in one_error("calibrate", str(tmp_path / "none.csv"), *CAKE)
    line = one_error("calibrate", write(tmp_path, "die,won\nred,1\n"), "--across", "level=complex")
    assert "--across level: every level of the ladder is predicted already" in line
    line = one_error("calibrate", write(tmp_path, "players,won\n2,1\n"), *CAKE, "--players", "2")
    assert "column players" in line and "--players" in line


# ----------------------------------------------------------------------------- coverage
def test_playtests_drawn_at_a_known_skill_are_covered_and_two_skills_are_told_apart():
    """A small version of scripts/calibrate-coverage (docs/calibrate.md): 40 repetitions of 2
    or 3 rows of 5 to 40 games at Standard, Complex and Terrible (white die)."""
    from experiments.calibrate_coverage import coverage
    labels = [{"level": lv, "die": "white"} for lv in ("standard", "complex", "terrible")]
    r = coverage(api.RunSpec(), labels, [0.5], (0.2, 0.8), reps=40, games=200, points=6,
                 boot=200, execution=api.Execution(jobs=1))
    one, two = r["scenarios"]
    assert one["coverage"] >= 0.85 and one["rejected"] <= 0.15
    assert two["rejected"] >= 0.5


def test_the_knob_band_sits_beside_each_prediction_only_when_asked(tmp_path):
    p = write(tmp_path, "players,games,wins\n2,20,12\n")
    plain = json.loads(cli.invoke(app, ["calibrate", p, *CAKE, "--json"]).stdout)
    assert all("band_low" not in x for x in plain["predictions"])
    r = cli.invoke(app, ["calibrate", p, *CAKE, "--across", "players=2,3", "--band",
                         "--band-games", "100", "--band-samples", "2", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["rows"] == plain["rows"] and d["skill"] == plain["skill"]
    for x in d["predictions"]:
        assert list(x)[-2:] == ["band_low", "band_high"] and 0 <= x["band_low"] <= x["band_high"] <= 1
