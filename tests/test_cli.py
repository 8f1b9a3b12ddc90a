"""The commands a user runs: play, run, ladder, strategies, levels (through typer's CliRunner)."""
import json

from typer.testing import CliRunner

from experiments.cli import app

runner = CliRunner()


def ok(*args):
    """The command's standard output (what --json writes; a note on stderr, such as the first
    run's "compiling the game kernels", stays out of it)."""
    r = runner.invoke(app, list(args))
    assert r.exit_code == 0, r.output
    return r.stdout


def test_run_json_has_the_contract_fields():
    out = json.loads(ok("run", "--games", "200", "--seed", "3", "--json", "--strategy", "random"))
    for key in ("games", "wins", "win_rate", "ci_low", "ci_high", "mean_rounds"):
        assert key in out
    assert out["games"] == 200
    assert 0 <= out["ci_low"] <= out["win_rate"] <= out["ci_high"] <= 1
    # random never wins; Too Late ends round 10 at Standard, or earlier when a Rewind Spell
    # used before it made Gargamel reveal two cards in one round
    assert 9.0 <= out["mean_rounds"] <= 10.0
    assert out["loss_reasons"] == {"too-late": 200}


def test_run_is_reproducible_for_a_seed():
    a = ok("run", "--games", "300", "--seed", "11", "--json", "--level", "complex")
    b = ok("run", "--games", "300", "--seed", "11", "--json", "--level", "complex")
    strip = lambda s: {k: v for k, v in json.loads(s).items() if k != "seconds"}
    assert strip(a) == strip(b)


def test_run_text_output_names_the_configuration():
    out = ok("run", "--games", "100", "--level", "terrible", "--players", "2")
    assert "level terrible, white die, Hungry Cracoucass on, 2 players" in out
    assert "win rate" in out and "95% CI" in out and "mean rounds" in out and "loss reasons" in out


def test_play_prints_a_log_that_ends_with_the_objectives():
    out = ok("play", "--level", "standard", "--die", "white", "--players", "3", "--strategy", "random", "--seed", "7")
    lines = out.strip().splitlines()
    assert lines[0].startswith("The Smurfs: Hidden Village: level standard, white die")
    assert any(l.startswith("== Round 1 ==") for l in lines)
    assert any("Gargamel reveals Too Late" in l for l in lines)
    assert "** The Smurfs lose (too-late) **" in out
    assert lines[-3].startswith("Rescue the lost Smurfs:")
    assert lines[-2].startswith("Build the mushroom houses:")
    assert lines[-1].startswith("Prepare the cakes:")


def test_play_json_is_one_event_per_line():
    out = ok("play", "--seed", "7", "--json", "--strategy", "random")
    recs = [json.loads(l) for l in out.strip().splitlines()]
    assert recs[-1]["event"] == "outcome" and recs[-1]["outcome"] == "loss"
    assert recs[-1]["loss_reason"] == "too-late"
    kinds = {r["event"] for r in recs}
    assert {"round", "turn", "play", "place", "gargamel", "return"} <= kinds
    rolls = [r for r in recs if r["event"] == "roll"]
    assert rolls and all(r["die"] in ("white", "azrael") and 1 <= r["face"] <= 6 for r in rolls)


def test_play_is_the_same_game_for_the_same_seed():
    assert ok("play", "--seed", "5", "--json") == ok("play", "--seed", "5", "--json")
    assert ok("play", "--seed", "5", "--json") != ok("play", "--seed", "6", "--json")


def test_ladder_has_one_row_per_level_and_allowed_die():
    out = ok("ladder", "--games", "50", "--json")
    rows = [json.loads(l) for l in out.strip().splitlines()]
    cells = [(r["level"], r["die"]) for r in rows]
    assert cells == [("standard", "white"), ("standard", "red"), ("complex", "white"), ("complex", "red"),
                     ("terrible", "white"), ("terrible", "red"), ("smurfnightmarish", "red")]
    assert all(r["games"] == 50 for r in rows)
    assert [r["hungry"] for r in rows] == [False, False, False, False, True, True, True]


def test_ladder_table_lists_every_level():
    out = ok("ladder", "--games", "20")
    for level in ("standard", "complex", "terrible", "smurfnightmarish"):
        assert level in out
    assert "win rate" in out and "95% CI" in out


def test_strategies_lists_random_and_first():
    out = ok("strategies")
    assert out.startswith("first") and "\nrandom" in out
    assert "scripted" not in out


def test_strategies_lists_installed_plugins_beside_the_built_in_ones(monkeypatch):
    """Two plug-ins installed through the `meeplesim.strategies` entry point group (the
    lookup simcore.plugins makes, answered here by a fake package's entry points): each is
    listed among the built-in strategies, marked as a plug-in with the function it names and
    its parameters; one whose package does not load is listed with why, the others still."""
    import importlib.metadata as md
    from simcore.plugins import ENTRY_POINT_GROUP
    installed = md.EntryPoints([
        md.EntryPoint("rescuer", "tests.test_strategies:prefer_rescue", ENTRY_POINT_GROUP),
        md.EntryPoint("broken", "no_such_package.mod:choose", ENTRY_POINT_GROUP)])
    everything = md.entry_points
    monkeypatch.setattr(md, "entry_points", lambda **kw: installed if kw.get("group") == ENTRY_POINT_GROUP
                        else everything(**kw))
    lines = ok("strategies").splitlines()
    names = [l.split()[0] for l in lines if not l.startswith(" ")]
    assert names == sorted(names) and {"first", "random", "greedy", "rescuer", "broken"} <= set(names)
    i = names.index("rescuer")
    rescuer = [l for l in lines if not l.startswith(" ")][i]
    assert rescuer == ("rescuer    Places on the action with the highest id among the legal ones; "
                       "otherwise the first. [plug-in tests.test_strategies:prefer_rescue]")
    assert lines[lines.index(rescuer) + 1].split() == ["weight", "=", "2"]    # its module's PARAMS
    broken = next(l for l in lines if l.startswith("broken "))
    assert "entry point no_such_package.mod:choose failed to load" in broken
    assert broken.endswith("[plug-in]")
    built_in = [l for l in lines if l.startswith(("first ", "random ", "greedy "))]
    assert len(built_in) == 3 and not any("plug-in" in l for l in built_in)


def test_levels_lists_the_rulebook_table():
    out = ok("levels")
    assert "standard" in out and "smurfnightmarish" in out
    line = next(l for l in out.splitlines() if l.startswith("complex"))
    assert line.split()[1:5] == ["7", "14", "3", "11"]


def test_help_has_examples():
    for cmd in ("play", "run", "ladder"):
        out = ok(cmd, "--help")
        assert "Example" in out


def test_odds_table_formats_exact_numbers():
    from experiments.cli.show import odds_table
    rows = [{"level": "standard", "die": "white", "hungry": False, "games": 2000, "wins": 123,
             "win_rate": 0.0615, "ci_low": 0.0517, "ci_high": 0.0730, "mean_rounds": 9.5}]
    lines = odds_table(rows).splitlines()
    assert lines[0].split() == ["level", "die", "hungry", "games", "wins", "win", "rate", "95%", "CI", "rounds"]
    assert lines[2].split() == ["standard", "white", "no", "2000", "123", "6.15%", "5.17-7.30%", "9.50"]
