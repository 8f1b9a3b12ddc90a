"""Grids (TOML and built-in), the sweep and compare commands, paired statistics and the
sequential stopping rule."""
import json

import numpy as np
import pytest
from typer.testing import CliRunner

from experiments.cli import app
from experiments.grid import cell_id, expand, load_grid
from simcore.stats import look_schedule, paired_difference, sequential_z, z_for

cli = CliRunner()


def _err(args):
    r = cli.invoke(app, args)
    lines = r.output.strip().splitlines()
    assert r.exit_code == 2, r.output
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


def _jsonl(out):
    return [json.loads(l) for l in out.strip().splitlines() if l.startswith("{")]


@pytest.mark.parametrize("text, words", [
    ("[axes]\ncolour = ['blue']\n", "unknown axis 'colour'"),
    ("[axes\nlevel = ['standard']\n", "not valid TOML"),
    ("games = -5\n", "games must be an integer of at least 1"),
    ("[axes]\nlevel = []\n", "axis 'level' must be a non-empty list"),
    ("[axes]\nplayers = ['three']\n", "players: value 'three' is not a int"),
    ("[[linked]]\nlevel = ['standard', 'complex']\nplayers = [2]\n", "must have as many values each"),
    ("[fixed]\nlevel = 'complex'\n[axes]\nlevel = ['standard']\n", "'level' is both an axis and a fixed option"),
    ("compare = 'die'\n[axes]\nlevel = ['standard']\n", "compare = 'die' is not one of the axes"),
    ("[axes]\nlevel = ['standard', 'hard']\n", "axis level = hard: unknown level 'hard'"),
    ("[axes]\nwithout = [[], ['no-such-card']]\n", "axis without = no-such-card"),
    ("speed = 3\n", "unknown key 'speed'"),
])
def test_bad_grid_files_are_one_line_errors_naming_the_file(tmp_path, text, words):
    f = tmp_path / "grid.toml"
    f.write_text(text)
    line = _err(["sweep", str(f), "--results", str(tmp_path / "r")])
    assert words in line and (str(f) in line or "grid" in line)
    assert not (tmp_path / "r").exists()


def test_unknown_experiment_and_bad_sweep_options_are_errors(tmp_path):
    assert "unknown experiment 'ladderz'" in _err(["sweep", "ladderz", "--results", str(tmp_path / "r")])
    assert "at least 1" in _err(["sweep", "smoke", "--results", str(tmp_path / "r"), "--games", "-3"])
    assert "--until-halfwidth must be between 0 and 1" in _err(
        ["sweep", "smoke", "--results", str(tmp_path / "r2"), "--until-halfwidth", "2"])
    assert not (tmp_path / "r2").exists()
    assert "--max-games goes with --until-halfwidth" in _err(
        ["sweep", "smoke", "--results", str(tmp_path / "r3"), "--max-games", "500"])
    assert "--max-games (100) must be at least" in _err(
        ["run", "--games", "200", "--until-halfwidth", "0.1", "--max-games", "100"])


def test_illegal_level_combinations_are_skipped_with_a_note():
    grid = load_grid("difficulty-ladder")
    cells, skipped = expand(grid)
    ids = [c.id for c in cells]
    assert ids == sorted(ids) and len(ids) == 7
    assert "die=white,level=smurfnightmarish" not in ids
    assert len(skipped) == 1 and skipped[0].startswith("die=white,level=smurfnightmarish: ")
    assert "requires the red super danger die" in skipped[0]


def test_linked_axes_go_together_and_cell_ids_are_sorted_axis_values(tmp_path):
    f = tmp_path / "g.toml"
    f.write_text("[axes]\ndie = ['white', 'red']\n[[linked]]\nlevel = ['standard', 'terrible']\n"
                 "hungry = [false, true]\n")
    cells, skipped = expand(load_grid(str(f)))
    assert [c.id for c in cells] == ["die=red,hungry=false,level=standard", "die=red,hungry=true,level=terrible",
                                     "die=white,hungry=false,level=standard", "die=white,hungry=true,level=terrible"]
    assert skipped == []
    assert cell_id({"without": ["b", "a"], "players": 2}) == "players=2,without=a+b"


def test_adding_an_axis_value_keeps_the_finished_cells(tmp_path):
    f = tmp_path / "g.toml"
    f.write_text("name = 'grow'\ngames = 120\nchunk = 60\n[axes]\ndie = ['white']\n")
    first = cli.invoke(app, ["sweep", str(f), "--results", str(tmp_path / "r"), "--json", "--jobs", "1"])
    assert first.exit_code == 0, first.output
    white = {p: p.stat().st_mtime_ns for p in (tmp_path / "r" / "chunks").glob("*.parquet")}
    f.write_text("name = 'grow'\ngames = 120\nchunk = 60\n[axes]\ndie = ['white', 'red']\n")
    second = cli.invoke(app, ["sweep", str(f), "--results", str(tmp_path / "r"), "--json", "--jobs", "1"])
    assert second.exit_code == 0, second.output
    assert all(p.stat().st_mtime_ns == t for p, t in white.items())
    assert len(list((tmp_path / "r" / "chunks").glob("*.parquet"))) == 4
    rows = _jsonl(second.output)
    assert [r["cell"] for r in rows] == ["die=red", "die=white"]
    assert rows[1] == _jsonl(first.output)[0]


def test_sweep_json_has_one_object_per_cell_with_the_contract_fields(tmp_path):
    r = cli.invoke(app, ["sweep", "smoke", "--results", str(tmp_path / "r"), "--json", "--games", "60"])
    assert r.exit_code == 0, r.output
    rows = _jsonl(r.output)
    assert len(rows) == 2
    for row in rows:
        for key in ("cell", "die", "games", "wins", "win_rate", "ci_low", "ci_high"):
            assert key in row
        assert row["games"] == 60 and 0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1


def test_compare_json_contract_and_the_pairing_on_the_same_games(tmp_path):
    args = ["compare", "--a", "die=white", "--b", "die=red", "--level", "complex", "--strategy", "greedy",
            "--games", "400", "--chunk", "200", "--json", "--results", str(tmp_path / "c")]
    r = cli.invoke(app, args)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    for side in ("a", "b"):
        for key in ("games", "win_rate", "ci_low", "ci_high"):
            assert key in out[side]
        assert out[side]["games"] == 400
    for key in ("diff", "diff_ci_low", "diff_ci_high", "unpaired_ci_low", "unpaired_ci_high"):
        assert key in out
    assert out["diff"] == pytest.approx(out["a"]["win_rate"] - out["b"]["win_rate"])
    # each side equals a plain run of that configuration on the same seed
    for side, die in (("a", "white"), ("b", "red")):
        run = json.loads(cli.invoke(app, ["run", "--level", "complex", "--strategy", "greedy", "--die", die,
                                          "--games", "400", "--json", "--jobs", "1"]).output)
        assert (run["wins"], run["ci_low"]) == (out[side]["wins"], out[side]["ci_low"])
    # the stored table pairs game i of a with game i of b
    from simcore.store import read_table
    t = read_table(tmp_path / "c", columns=["outcome"])
    a, b = t[t.cell == "a"], t[t.cell == "b"]
    assert list(a.game) == list(b.game) == list(range(400))


def test_compare_bad_sides_are_errors():
    assert "unknown option 'colour'" in _err(["compare", "--a", "colour=red", "--b", "die=red"])
    assert "expected NAME=VALUE" in _err(["compare", "--a", "die", "--b", "die=red"])
    assert "same configuration" in _err(["compare", "--a", "die=white", "--b", "die=white"])
    assert "unknown die 'blue'" in _err(["compare", "--a", "die=white", "--b", "die=blue"])


def test_paired_difference_against_hand_computed_values():
    a = np.array([1, 1, 0, 0, 1, 0, 1, 1])
    b = np.array([1, 0, 0, 0, 1, 0, 1, 0])
    d = paired_difference(a, b)
    diffs = a - b
    half = 1.959963984540054 * np.sqrt(diffs.var(ddof=1) / 8)
    assert d["diff"] == pytest.approx(0.25)
    assert (d["diff_ci_low"], d["diff_ci_high"]) == pytest.approx((0.25 - half, 0.25 + half))
    uhalf = 1.959963984540054 * np.sqrt((0.625 * 0.375 + 0.375 * 0.625) / 8)
    assert (d["unpaired_ci_low"], d["unpaired_ci_high"]) == pytest.approx((0.25 - uhalf, 0.25 + uhalf))
    assert d["variance_reduction"] == pytest.approx(1 - (diffs.var(ddof=1) / 8) / (uhalf / 1.959963984540054) ** 2)


@pytest.mark.parametrize("a, b, why", [
    ([1, 1, 1, 1], [1, 1, 1, 1], "every game won on both sides"),
    ([0, 0, 0, 0], [0, 0, 0, 0], "every game lost on both sides"),
    ([1, 0, 1, 1], [1, 0, 1, 1], "both sides had the same outcome in every game (75.0% won)"),
    ([1, 1, 1, 1], [0, 0, 0, 0], "A won and B lost every game"),
    ([0, 0, 0, 0], [1, 1, 1, 1], "B won and A lost every game"),
])
def test_a_paired_difference_with_no_spread_says_what_happened(a, b, why):
    """Both sides with the same outcome in every game, some won and some lost, is not 'every
    game lost on both sides' (it once read so at 68%)."""
    d = paired_difference(np.array(a), np.array(b))
    assert d["estimable"] is False and d["why_not_estimable"] == why


def test_look_schedule_and_bonferroni_z():
    assert look_schedule(1000, 5000) == [1000, 2000, 4000, 5000]
    assert look_schedule(1000, 1000) == [1000]
    assert sequential_z(1) == pytest.approx(1.959964, abs=1e-6)
    assert sequential_z(4) == pytest.approx(z_for(1 - 0.05 / 4)) == pytest.approx(2.497705, abs=1e-6)


def test_the_sequential_rule_keeps_its_coverage_on_simulated_coins():
    # 2000 simulated runs of a p = 0.3 coin with the rule of --until-halfwidth 0.03: the
    # stopped interval must cover 0.3 at least 95% of the time (binomial noise: > 93.5%)
    from simcore.stats import wilson_interval
    rng = np.random.default_rng(12)
    looks = look_schedule(100, 3200)
    z = sequential_z(len(looks))
    covered = 0
    for _ in range(2000):
        x = rng.random(looks[-1]) < 0.3
        for n in looks:
            lo, hi = wilson_interval(int(x[:n].sum()), n, z)
            if (hi - lo) / 2 < 0.03 or n == looks[-1]:
                break
        covered += lo <= 0.3 <= hi
    assert covered / 2000 > 0.935


def test_run_until_halfwidth_stops_when_precise_enough(tmp_path):
    r = cli.invoke(app, ["run", "--level", "complex", "--strategy", "greedy", "--games", "200", "--chunk", "200",
                         "--until-halfwidth", "0.04", "--max-games", "3200", "--json", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    st = out["stopping"]
    assert st["looks"] == [200, 400, 800, 1600, 3200] and st["z"] == pytest.approx(sequential_z(5))
    assert out["games"] in st["looks"]
    assert (out["ci_high"] - out["ci_low"]) / 2 < 0.04 or out["games"] == 3200
    if out["games"] > 200:   # the look before did not reach the target
        prev = json.loads(cli.invoke(app, ["run", "--level", "complex", "--strategy", "greedy", "--games",
                                           str(out["games"] // 2), "--json", "--jobs", "1"]).output)
        from simcore.stats import wilson_interval
        lo, hi = wilson_interval(prev["wins"], prev["games"], st["z"])
        assert (hi - lo) / 2 >= 0.04


def test_a_grid_with_compare_gives_the_paired_difference_of_the_compare_command(tmp_path):
    f = tmp_path / "duel.toml"
    f.write_text("name = 'duel'\ngames = 300\nchunk = 150\ncompare = 'die'\n[fixed]\nstrategy = 'greedy'\n"
                 "level = 'complex'\n[axes]\ndie = ['white', 'red']\n")
    r = cli.invoke(app, ["sweep", str(f), "--results", str(tmp_path / "s"), "--json", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    red, white = _jsonl(r.output)
    assert "diff" not in white and red["diff_vs"] == "die=white"
    c = json.loads(cli.invoke(app, ["compare", "--a", "die=red", "--b", "die=white", "--level", "complex",
                                    "--strategy", "greedy", "--games", "300", "--json", "--jobs", "1"]).output)
    for key in ("diff", "diff_ci_low", "diff_ci_high", "unpaired_ci_low", "unpaired_ci_high"):
        assert red[key] == pytest.approx(c[key])
    text = cli.invoke(app, ["sweep", str(f), "--results", str(tmp_path / "s")]).output
    assert "paired differences against die = white" in text and "die=red" in text.splitlines()[-1]
