"""The generic commands with --game gnome-village: `play` prints a readable log with each village
drawn at the end, `run` and `compare` report, the assumptions validate, bad input is one line."""
import json

from typer.testing import CliRunner

from experiments.cli import app
from tests.test_cli_errors import assert_one_line_error

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_play_prints_a_log_and_draws_each_village():
    r = invoke("play", "--game", "gnome-village", "--players", "3", "--seed", "2")
    assert r.exit_code == 0, r.output
    out = r.stdout        # a first run's compile notice goes to stderr
    assert out.startswith("Gnome Village: 3 players")
    assert "round 1, player 0 (4 coins)" in out and "Forest card:" in out and "game over after round" in out
    for p in range(3):
        assert f"player {p}" in out
    # after the log, each village: a header line, then its rows (roads as box lines, gnomes in [])
    lines = out.split("game over")[-1].splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.startswith("player ") and " gnomes, " in ln]
    assert len(heads) == 3
    for a, b in zip(heads, heads[1:] + [len(lines) - 2]):
        grid = lines[a + 1:b]
        assert len(grid) >= 2 and all(ln.startswith("  ") for ln in grid)
        assert any("┼" in ln for ln in grid) and any("[" in ln for ln in grid)
    assert lines[-2].startswith("key: H/h house")
    j = invoke("play", "--game", "gnome-village", "--seed", "2", "--json")
    recs = [json.loads(x) for x in j.stdout.splitlines()]
    assert recs[0]["event"] == "turn" and recs[-1]["event"] == "end"


def test_run_reports_win_rate_points_and_length():
    r = invoke("run", "--game", "gnome-village", "-p", "4", "-o", "rivals=random", "-n", "200",
               "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    assert s["games"] == 200 and s["win_rate"] > 0.8 and s["mean_rounds"] > 3
    assert set(s["by_seat"]) == {"0", "1", "2", "3"}


def test_compare_the_childrens_variant():
    r = invoke("compare", "--game", "gnome-village", "--a", "family=false", "--b", "family=true",
               "-p", "2", "-n", "200", "-j", "1")
    assert r.exit_code == 0, r.output


def test_assumptions_validate():
    r = invoke("assumptions", "validate", "--game", "gnome-village")
    assert r.exit_code == 0, r.output


def test_bad_players_is_one_line():
    r = invoke("run", "--game", "gnome-village", "-p", "5", "-n", "10")
    assert_one_line_error(r, "players must be 2 to 4")


def test_compare_without_a_business_is_paired():
    r = invoke("compare", "--game", "gnome-village", "--a", "without=none", "--b", "without=thief",
               "-o", "rivals=first", "-p", "3", "-n", "200", "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["a"]["mix"] == "default" and d["b"]["mix"] == "without=thief"
    assert d["a"]["games"] == d["b"]["games"] == 200 and d["a"]["seed"] == d["b"]["seed"]
    assert d["diff_ci_low"] <= d["diff"] <= d["diff_ci_high"]


def test_run_with_a_strategy_per_seat():
    r = invoke("run", "--game", "gnome-village", "-p", "3", "--seat-strategy", "greedy,random,random",
               "-o", "seat=0", "-n", "60", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["win_rate"] > 0.8, out
    bad = invoke("run", "--game", "gnome-village", "-p", "3", "--seat-strategy", "greedy,random", "-n", "10")
    assert_one_line_error(bad, "one strategy per seat")
