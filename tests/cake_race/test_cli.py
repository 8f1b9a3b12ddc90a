"""The generic commands with --game cake-race, the cake race's own `exact` command, and bad
input (one `error:` line, exit code 2)."""
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from simcore.games.cake_race.catalog import DATA_DIR, load_catalog
from simcore.games.cake_race.exact import first_trip_odds
from tests.test_cli_errors import assert_one_line_error

from .scenario import CAT

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_play_prints_a_log_and_the_scores():
    r = invoke("play", "--game", "cake-race", "-p", "2", "-s", "threshold", "--param", "k=4", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("The Smurf cake race: 2 players")
    assert "round 1, Smurf 0 at start-1" in r.output and "game over after round" in r.output
    assert "Smurf 1:" in r.output or "Smurf 1 (focal):" in r.output
    j = invoke("play", "--game", "cake-race", "--seed", "3", "--json")
    recs = [json.loads(x) for x in j.stdout.splitlines()]
    assert recs[0]["event"] == "turn" and recs[-1]["event"] == "end"


def test_run_reports_seats_cakes_eliminations_length():
    r = invoke("run", "--game", "cake-race", "-p", "3", "-s", "threshold", "--param", "k=6",
               "-o", "rivals=adaptive", "-n", "600", "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    assert s["games"] == 600 and s["rivals"] == "adaptive" and s["players"] == 3
    assert sorted(s["by_seat"]) == ["0", "1", "2"]
    assert sum(v["games"] for v in s["by_seat"].values()) == 600
    assert sum(v["wins"] for v in s["by_seat"].values()) == s["wins"]
    for key in ("mean_secured", "eliminated_rate", "mean_rounds", "mean_turns", "mean_first_trip"):
        assert key in s
    text = invoke("run", "--game", "cake-race", "-n", "200", "-j", "1")
    assert "by seat" in text.output and "eliminated" in text.output and "game length" in text.output


def test_run_into_a_results_folder_resumes(tmp_path):
    args = ("run", "--game", "cake-race", "-s", "threshold", "-n", "400", "--chunk", "100", "-j", "1",
            "--results", tmp_path / "res", "--json")
    a = json.loads(invoke(*args).stdout)
    b = json.loads(invoke(*args).stdout)
    assert a["wins"] == b["wins"] and a["mean_secured"] == b["mean_secured"]


def test_compare_thresholds_paired():
    r = invoke("compare", "--game", "cake-race", "-p", "2", "-s", "threshold", "-o", "rivals=adaptive",
               "--a", "param.k=2", "--b", "param.k=7", "-n", "500", "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["a"]["games"] == d["b"]["games"] == 500
    assert d["diff_ci_low"] <= d["diff"] <= d["diff_ci_high"]


def test_sweep_builtin_grid_of_the_game(tmp_path):
    r = invoke("sweep", "cake-smoke", "--results", tmp_path / "s", "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["cell"] for x in rows] == ["params=k:3", "params=k:6"]
    for x in rows:                           # the game's own numbers per cell
        assert x["mean_secured"] > 0 and 0 <= x["eliminated_rate"] <= 1 and x["mean_rounds"] > 0
    from simcore.store import read_table
    df = read_table(tmp_path / "s")
    assert {"param_k", "seat", "secured", "eliminated", "rounds"} <= set(df.columns)
    assert sorted(df["param_k"].unique().tolist()) == [3.0, 6.0]


def test_sweep_grid_file_with_game_axes(tmp_path):
    grid = tmp_path / "g.toml"
    grid.write_text('games = 100\nchunk = 50\n[fixed]\ngame = "cake-race"\nstrategy = "threshold"\n'
                    '[axes]\nrivals = ["random", "threshold-3"]\nplayers = [2, 3]\n')
    r = invoke("sweep", grid, "--results", tmp_path / "r", "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    cells = [json.loads(x)["cell"] for x in r.stdout.splitlines()]
    assert cells == ["players=2,rivals=random", "players=2,rivals=threshold-3",
                     "players=3,rivals=random", "players=3,rivals=threshold-3"]


def test_exact_command_prints_the_table():
    r = invoke("cake-race", "exact", "--threshold", "5")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert "threshold 5" in lines[0]
    probs = [float(x.split()[1]) for x in lines[2:13]]
    assert probs == pytest.approx(first_trip_odds(CAT, 5), abs=1e-6)
    j = json.loads(invoke("cake-race", "exact", "-k", "3", "--json").stdout)
    assert j["threshold"] == 3 and abs(sum(j["probabilities"]) - 1) < 1e-12


@pytest.mark.parametrize("args,needle", [
    (("cake-race", "exact", "--threshold", "0"), "threshold k must be"),
    (("cake-race", "exact", "--threshold", "11"), "carry cap 10"),
    (("cake-race", "exact", "--threshold", "x"), "whole number"),
    (("run", "--game", "cake-race", "-s", "threshold", "--param", "k=0"), "threshold k"),
    (("run", "--game", "cake-race", "-s", "threshold", "--param", "k=2.5"), "threshold k"),
    (("run", "--game", "cake-race", "-s", "adaptive", "--param", "catch_risk=2"), "catch_risk"),
    (("run", "--game", "cake-race", "-o", "rivals=threshold-12"), "rivals threshold-K"),
    (("run", "--game", "cake-race", "-o", "rivals=smart"), "unknown rivals"),
    (("run", "--game", "cake-race", "-o", "seat=3", "-p", "2"), "seat must be"),
    (("run", "--game", "cake-race", "-o", "colour=red"), "no option 'colour'"),
    (("run", "--game", "cake-race", "-o", "rivals"), "NAME=VALUE"),
    (("run", "--game", "cake-race", "-p", "5"), "players must be 1 to 4"),
    (("run", "--game", "cake-race", "--die", "red"), "game 'cake-race' has no option 'die' (its options: rivals, seat, hat_spent, caught_loses, chase_first, exact_home, assume)"),
    (("run", "--game", "cake-race", "-s", "greedy"), "unknown strategy 'greedy'"),
    (("run", "--game", "hidden-village", "-s", "threshold"), "unknown strategy 'threshold'"),
    (("run", "--game", "hidden-village", "-o", "rivals=random"), "no option 'rivals'"),
    (("run", "--game", "cake-racing"), "unknown game 'cake-racing'"),
    (("levels", "--game", "cake-race"), "no difficulty levels"),
    (("run", "--game", "cake-race", "-o", "caught_loses=half"), "unknown caught_loses 'half' (known: all, roll)"),
    (("run", "--game", "cake-race", "--chase-first", "dog"), "unknown chase_first 'dog' (known: smurf, cat)"),
    (("run", "--game", "cake-race", "-o", "exact_home=maybe"), "exact_home must be true or false"),
    (("cake-race", "exact", "-k", "5", "-o", "cat_catch=exact"), "NAME one of hat_spent"),
])
def test_bad_input_is_one_line(args, needle):
    assert_one_line_error(invoke(*args), needle)


@pytest.mark.parametrize("file,old,new,needle", [
    ("board.toml", 'source = "assumed"            # CR-B01', 'source = "guess"            # CR-B01',
     "board: unknown source 'guess' (known: rulebook, review, assumed)"),
    ("board.toml", 'cake = "cake"', 'cake = "pie"', "unknown point 'pie'"),
    ("board.toml", '  ["start-1", "lane1-1"],\n', '', "no path leads"),
    ("board.toml", '[paths]', '[paths', "not valid TOML"),
    ("deck.toml", "count = 10", "count = -1", "integer"),
    ("deck.toml", 'kind = "hat"', 'kind = "wand"', "unknown kind"),
    ("setup.toml", "faces = [1, 2, 3]", "faces = [1, 2, 9]", "faces"),
    ("setup.toml", 'value = "own"                     # CR-C03', 'value = "far"  # CR-C03', "gargamel_to"),
    ("setup.toml", 'value = "all"  ', 'value = "half"  ', "caught_loses: must be one of all, roll"),
    # the choices that became fixed readings are refused with the reading
    ("setup.toml", "[exact_home]", '[cat_catch]\nvalue = "exact"\nsource = "assumed"\n\n[exact_home]',
     "cat_catch: is no longer a setting: the cat catches the Smurf when its roll reaches"),
    ("setup.toml", "[exact_home]", '[cards_in_chase]\nvalue = true\nsource = "assumed"\n\n[exact_home]',
     "cards_in_chase: is no longer a setting"),
])
def test_malformed_data_file_is_one_line(tmp_path, file, old, new, needle):
    text = (DATA_DIR / file).read_text()
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1))
    assert_one_line_error(invoke("run", "--game", "cake-race", "--data", tmp_path, "-n", "10", "-j", "1"),
                   needle, file)


def test_rule_choices_are_options_of_run_compare_and_exact():
    """Each rule choice left open by the rulebook is a game option read from the data at run
    time: the same seeds, another rule, other games; the run says which rules it played."""
    base = json.loads(invoke("run", "--game", "cake-race", "-n", "300", "-j", "1", "--json").stdout)
    assert base["cards"] == "default"                  # the data's own rule choices
    spent = CAT.setup["hat_spent"]
    for flag, key, value in (((f"--{'no-' if spent else ''}hat-spent",), "hat_spent", not spent),
                             (("-o", "caught_loses=roll"), "caught_loses", "roll"),
                             (("--chase-first", "cat"), "chase_first", "cat"),
                             (("--exact-home",), "exact_home", True)):
        r = invoke("run", "--game", "cake-race", "-n", "300", "-j", "1", "--json", *flag)
        assert r.exit_code == 0, r.output
        s = json.loads(r.stdout)
        assert s["catalog"] != base["catalog"] and s["wins"] != base["wins"]
        assert s["cards"] == f"{key}={str(value).lower()}"
    r = invoke("compare", "--game", "cake-race", "--a", "chase_first=smurf", "--b", "chase_first=cat",
               "-n", "300", "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    other = str(not spent).lower()
    ex = json.loads(invoke("cake-race", "exact", "-k", "5", "-o", f"hat_spent={other}", "--json").stdout)
    assert ex["rules"] == f"hat_spent={other}"
    assert ex["probabilities"] == first_trip_odds(load_catalog(hat_spent=not spent), 5)
    assert ex["probabilities"] != first_trip_odds(CAT, 5)


def test_the_cake_races_rule_choices_are_knobs_that_play_as_their_options():
    """Each game gets an assumptions file: the cake race's open rule choices are knobs
    (--assume), and a knob plays the very games of the game option that makes the same
    choice."""
    import json

    from typer.testing import CliRunner

    from experiments.cli import app
    cli = CliRunner()
    listed = cli.invoke(app, ["assumptions", "list", "--game", "cake-race", "--json", "--knobs"])
    assert listed.exit_code == 0, listed.output
    ids = {json.loads(line)["id"] for line in listed.stdout.splitlines()}
    assert {"hat-spent", "caught-loses", "chase-first", "exact-home", "gargamel-to",
            "caught-to", "cake-supply"} <= ids
    ok = cli.invoke(app, ["assumptions", "validate", "--game", "cake-race"])
    assert ok.exit_code == 0 and "each loads" in ok.stdout
    for knob, option in (("hat-spent=spent", "--hat-spent"),
                         ("caught-loses=roll", "--caught-loses=roll"),
                         ("chase-first=cat", "--chase-first=cat"),
                         ("exact-home=yes", "--exact-home")):
        a = cli.invoke(app, ["run", "--game", "cake-race", "--assume", knob, "--games", "300",
                             "--jobs", "1", "--json"])
        b = cli.invoke(app, ["run", "--game", "cake-race", option, "--games", "300",
                             "--jobs", "1", "--json"])
        assert a.exit_code == 0 and b.exit_code == 0, (a.output, b.output)
        ra, rb = json.loads(a.stdout), json.loads(b.stdout)
        assert ra["assume"] == [knob] and ra["win_rate"] == rb["win_rate"], knob
    bad = cli.invoke(app, ["run", "--game", "cake-race", "--assume", "hat-spent=lost"])
    assert bad.exit_code == 2 and bad.output.strip().splitlines()[-1].startswith("error: ")


def test_curve_draws_one_curve_of_the_focal_seats_win_rate_against_its_skill():
    """A game without levels: one curve at the options given, its points and thresholds
    without level or die keys; the rivals play at rival_skill (0.5) unless seated otherwise."""
    r = invoke("curve", "--game", "cake-race", "--points", "3", "--games", "400", "--jobs", "1",
               "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert [p["skill"] for p in d["points"]] == [0.0, 0.5, 1.0]
    for p in d["points"]:
        assert set(p) == {"skill", "games", "wins", "win_rate", "ci_low", "ci_high"}
        assert p["games"] == 400 and p["ci_low"] <= p["win_rate"] <= p["ci_high"]
    assert d["points"][-1]["win_rate"] > d["points"][0]["win_rate"] + 0.1
    assert [t["target"] for t in d["thresholds"]] == [0.5, 0.8]
    for t in d["thresholds"]:
        assert {"target", "skill", "ci_low", "ci_high"} <= set(t) and "level" not in t
    text = invoke("curve", "--game", "cake-race", "--points", "3", "--games", "400", "--jobs", "1")
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert lines[0].startswith("The Smurf cake race: win rate by skill (skill); 2 players")
    assert "rivals same, seat rotate, rival_skill 0.5" in lines
    assert any(ln.startswith("  even odds") for ln in lines)
    adaptive = invoke("curve", "--game", "cake-race", "--points", "3", "--games", "50", "--jobs",
                      "1", "--rivals", "adaptive")
    assert "rivals adaptive, seat rotate" in adaptive.output.splitlines()


def test_curve_of_a_game_without_levels_refuses_a_level():
    from experiments import api
    from simcore.errors import UserError
    with pytest.raises(UserError, match="game 'cake-race' has no difficulty levels"):
        api.curve(api.RunSpec(game="cake-race"), levels=["standard"], points=3, games=10)
