"""Knobs: a game's assumptions with their plausible alternatives as patches of its data files
(simcore/assumptions.py; Hidden Village's data/assumptions.toml), played with --assume, as a
compare side and a grid axis; a knob is data and never recompiles a kernel."""
import json
import shutil
from pathlib import Path

import numba
import numpy as np
import pytest
from typer.testing import CliRunner

from experiments import api
from experiments.cli import app
from simcore import assumptions as A
from simcore import jit
from simcore.errors import DataError, UserError
from simcore.games import get_game
from simcore.games.hidden_village import game as hv_game
from simcore.games.hidden_village.catalog import DEFAULT_DATA_DIR, KNOBS_FILE, load_catalog
from simcore.games.hidden_village.config import make_config
from tests.test_cli_errors import assert_one_line_error

runner = CliRunner()
GAME = get_game("hidden-village")
KNOBS = A.load(KNOBS_FILE)
ALTERNATIVES = [(k.id, a.id) for k in KNOBS for a in k.alternatives]


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


# ----------------------------------------------------------------------------- the file
def test_hidden_village_declares_at_least_25_knobs_each_complete():
    assert GAME.knobs_file() == KNOBS_FILE
    assert len(KNOBS) >= 25
    for k in KNOBS:
        assert k.question.endswith("?") and k.default and k.default_evidence
        assert k.alternatives
        for a in k.alternatives:
            assert a.evidence and a.patches and a.direction in A.DIRECTIONS


@pytest.mark.parametrize("topic", [
    "white-die", "red-die", "azrael-die", "dark-forest-upper", "roof-costs", "invention-costs",
    "disguise", "wardrobe", "shovel", "hand-size", "gargamel-deck", "too-late", "supply",
    "end-of-round", "azrael-timing", "bushes-amount", "fit-of-rage"])
def test_the_issues_list_of_assumptions_is_covered(topic):
    assert topic in KNOBS.knobs


def test_dice_have_a_milder_and_a_harsher_alternative():
    for die in ("white-die", "red-die", "azrael-die"):
        d = {a.id: a.direction for a in KNOBS.get(die).alternatives}
        assert d == {"milder": "optimistic", "harsher": "pessimistic"}


def test_every_knobs_rule_ids_are_in_the_checklist():
    import re
    ids = set(re.findall(r"HV-[A-Z]\d+", GAME.checklist.read_text()))
    assert all(r in ids for k in KNOBS for r in k.rules)


def test_the_shipped_file_validates():
    knobs, lines = api.validate_assumptions()
    assert lines == [] and len(knobs) == len(KNOBS)


# ----------------------------------------------------------------------------- applying
@pytest.mark.parametrize("knob,alt", ALTERNATIVES)
def test_every_alternative_loads_changes_the_data_and_plays(knob, alt):
    base = load_catalog()
    cat = load_catalog(assume=(f"{knob}={alt}",))
    assert cat.digest != base.digest and cat.assume == (f"{knob}={alt}",)
    assert any(e == f"knob '{knob}'" for _, e, _ in cat.assumptions)
    level = "smurfnightmarish" if knob == "red-die" else "standard"
    cfg, _ = make_config(cat, level=level, players=3)
    rows = GAME.run_games(cat, cfg, 0, np.zeros(1), 1, 0, 4)          # random team, 4 games
    assert set(rows[:, 0]) <= {1, 2}


def test_a_knob_changes_only_values_never_the_kernels_types_nor_their_compiled_code():
    """The Rules record and the Config keep their numba types under every knob (so numba's
    cache index finds the same machine code), the kernel cache key does not depend on the data,
    and playing every alternative adds no compiled signature to the game's kernel."""
    base = load_catalog()
    cfg, _ = make_config(base, players=3)
    GAME.run_games(base, cfg, 0, np.zeros(1), 1, 0, 1)
    signatures = list(hv_game.run_chunk.signatures)
    key = jit._source_hash("hidden_village")
    rules_type, cfg_type = numba.typeof(base.rules), numba.typeof(cfg)
    for knob, alt in ALTERNATIVES + [("all", "pessimistic"), ("all", "optimistic")]:
        cat = load_catalog(assume=(f"{knob}={alt}",))
        c, _ = make_config(cat, players=3, level="smurfnightmarish" if knob == "red-die" else "standard")
        assert numba.typeof(cat.rules) == rules_type, (knob, alt)
        assert numba.typeof(c) == cfg_type, (knob, alt)
        GAME.run_games(cat, c, 0, np.zeros(1), 1, 0, 1)
    assert list(hv_game.run_chunk.signatures) == signatures
    assert jit._source_hash("hidden_village") == key


def test_patched_returns_copies_and_leaves_the_data_alone():
    data = {n: __import__("tomllib").loads((DEFAULT_DATA_DIR / n).read_text())
            for n in ("inventions.toml", "setup.toml")}
    before = json.dumps(data, sort_keys=True)
    out = A.patched(data, KNOBS, {"wardrobe": "single-use", "too-late": "bottom-3"})
    assert json.dumps(data, sort_keys=True) == before
    ward = next(r for r in out["inventions.toml"]["invention"] if r["id"] == "wardrobe")
    assert ward["type"] == "single-use"
    assert out["setup.toml"]["too_late"] == "bottom-k" and out["setup.toml"]["too_late_k"] == 3


def test_add_patches_clamp_and_apply_to_every_entry():
    cat = load_catalog(assume=("invention-costs=cheaper",))
    base = load_catalog()
    for a, b in zip(base.inventions, cat.inventions):
        assert b["cost"] == max(1, a["cost"] - 1)
    slow = load_catalog(assume=("gargamel-azrael=slower",))
    assert [g["azrael"] for g in slow.gargamel] == [max(0, g["azrael"] - 1) for g in base.gargamel]


def test_the_extreme_sets_take_each_knobs_first_alternative_in_that_direction():
    pess = KNOBS.extreme("pessimistic")
    assert pess["wardrobe"] == "single-use" and pess["too-late"] == "bottom-3"
    assert "end-of-round" not in pess
    cat = load_catalog(assume=("all=pessimistic",))
    assert cat.assume == A.words(pess)
    # a knob named beside all= wins
    cat = load_catalog(assume=("all=pessimistic", "too-late=bottom-2"))
    assert "too-late=bottom-2" in cat.assume


def test_naming_the_default_is_the_data_as_shipped():
    assert load_catalog(assume=("wardrobe=durable",)).digest == load_catalog().digest
    assert load_catalog(assume=("wardrobe=default",)).assume == ()


def test_two_knobs_changing_the_same_key_are_refused(tmp_path):
    text = KNOBS_FILE.read_text() + '''
[[knob]]
id = "wardrobe-cost"
question = "What does the Wardrobe cost?"
default = "3"
default_evidence = "ours"
[[knob.alternative]]
id = "cheap"
direction = "optimistic"
evidence = "ours"
patch = [{ file = "inventions.toml", table = "invention", entry = "wardrobe", set = { type = "durable", cost = 1 } }]
'''
    f = tmp_path / "assumptions.toml"
    f.write_text(text)
    with pytest.raises(UserError, match="knobs 'wardrobe' and 'wardrobe-cost' both change"):
        load_catalog(assume=("wardrobe=single-use", "wardrobe-cost=cheap"), assumptions_file=f)


def test_a_data_folders_own_knobs_file_replaces_the_games(tmp_path):
    f = tmp_path / "assumptions.toml"
    f.write_text('''[[knob]]
id = "meeples"
question = "How many meeples?"
default = "8"
default_evidence = "rulebook"
[[knob.alternative]]
id = "seven"
direction = "pessimistic"
evidence = "a test"
patch = [{ file = "setup.toml", set = { meeples = 7 } }]
''')
    assert GAME.knobs_file(tmp_path) == f
    cat = load_catalog(tmp_path, assume=("meeples=seven",))
    assert cat.setup["meeples"] == 7
    with pytest.raises(UserError, match="unknown knob 'wardrobe'"):
        load_catalog(tmp_path, assume=("wardrobe=single-use",))


# ----------------------------------------------------------------------------- validate
MALFORMED = '''[[knob]]
id = "Bad Id"
question = "no question mark"
default = "x"
default_evidence = "e"
colour = "red"
[[knob.alternative]]
id = "y"
direction = "sideways"
evidence = "e"
patch = [{ file = "setup.toml", set = { meeples = 7 } }]

[[knob]]
id = "ok-shape"
question = "Does the patch fit the data?"
default = "x"
default_evidence = "e"
[[knob.alternative]]
id = "y"
direction = "neutral"
evidence = "e"
patch = [{ file = "inventions.toml", table = "invention", entry = "no-such-card", set = { cost = 1 } }]

[[knob]]
id = "bad-value"
question = "Does the patched data load?"
default = "x"
default_evidence = "e"
[[knob.alternative]]
id = "y"
direction = "neutral"
evidence = "e"
patch = [{ file = "setup.toml", set = { meeples = 99 } }]

[[knob]]
id = "no-alternative"
question = "Where are the alternatives?"
default = "x"
default_evidence = "e"
'''


def test_validate_lists_every_problem_one_line_each_and_exits_2(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text(MALFORMED)
    r = invoke("assumptions", "validate", f)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    lines = r.output.strip().splitlines()
    errors = [line for line in lines if line.startswith("error: ")]
    for needle in ("unknown key 'colour'", "kebab-case", "must be a question",
                   "'direction' must be one of", "has no invention 'no-such-card'",
                   "needs at least one [[knob.alternative]]",
                   "knob 'bad-value' alternative 'y': "):
        assert sum(needle in e for e in errors) == 1, (needle, lines)
    assert lines[-1] == f"{f}: {len(errors)} problems"


def test_validate_runs_the_loader_on_each_alternatives_data(tmp_path):
    f = tmp_path / "mine.toml"
    bad_value = "[[knob]]" + MALFORMED.split("[[knob]]")[3]      # its patch sets 99 meeples
    assert 'id = "bad-value"' in bad_value
    f.write_text(bad_value)
    r = invoke("assumptions", "validate", f)
    assert r.exit_code == 2, r.output
    errors = [line for line in r.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "knob 'bad-value' alternative 'y'" in errors[0] and "meeples" in errors[0]


def test_validate_of_a_missing_or_unreadable_file_is_one_line(tmp_path):
    assert_one_line_error(invoke("assumptions", "validate", tmp_path / "nope.toml"), "file not found")
    (tmp_path / "bad.toml").write_text("[[knob]\n")
    r = invoke("assumptions", "validate", tmp_path / "bad.toml")
    assert r.exit_code == 2 and "not valid TOML" in r.output and "Traceback" not in r.output


# ----------------------------------------------------------------------------- commands
def test_list_shows_every_knob_with_question_default_alternatives_and_evidence():
    r = invoke("assumptions", "list", "--json")
    assert r.exit_code == 0, r.output
    recs = [json.loads(x) for x in r.stdout.splitlines()]
    knobs = [x for x in recs if x["kind"] == "knob"]
    assert len(knobs) >= 25
    for k in knobs:
        assert k["question"] and k["default"] and k["default_evidence"]
        assert all(a["evidence"] and a["direction"] for a in k["alternatives"])
    assumed = [x for x in recs if x["kind"] == "assumed"]
    assert any(x["entry"] == "invention 'wardrobe'" and x["what"].startswith("type") for x in assumed)
    text = invoke("assumptions", "list").output
    assert "wardrobe: Is the Wardrobe durable or single-use?" in text
    assert "single-use (pessimistic):" in text and "default durable:" in text


def test_show_gives_one_knob_with_its_patches():
    out = invoke("assumptions", "show", "wardrobe").output
    assert "inventions.toml [[invention]] wardrobe: type = \"single-use\"" in out
    assert_one_line_error(invoke("assumptions", "show", "wardrob"), "unknown knob 'wardrob'",
                          "did you mean 'wardrobe'?")


@pytest.mark.parametrize("args,needles", [
    (["--assume", "nope=x"], ["unknown knob 'nope'", "known: white-die"]),
    (["--assume", "wardrobe=bad"], ["knob 'wardrobe' has no alternative 'bad'", "single-use"]),
    (["--assume", "wardrobe"], ["expected KNOB=ALTERNATIVE"]),
    (["--assume", "all=sideways"], ["all= takes pessimistic or optimistic"]),
    (["--assume", "wardrobe=single-use", "--assume", "wardrobe=durable"], ["given twice"]),
])
@pytest.mark.parametrize("command", ["play", "run", "compare"])
def test_a_bad_assume_is_one_error_line(command, args, needles):
    extra = ["--a", "die=white", "--b", "die=red"] if command == "compare" else []
    assert_one_line_error(invoke(command, *args, *extra, "--games" if command != "play" else "--seed",
                                 "10" if command != "play" else "1"), *needles)


def test_a_bad_assume_on_a_compare_side_or_in_a_grid_is_one_line(tmp_path):
    assert_one_line_error(invoke("compare", "--a", "assume=nope=x", "--b", "die=red", "--games", "10"),
                          "unknown knob 'nope'")
    grid = tmp_path / "g.toml"
    grid.write_text('[axes]\nassume = [[], ["wardrobe=nope"]]\n')
    assert_one_line_error(invoke("sweep", grid, "--results", tmp_path / "r"),
                          "axis assume = wardrobe=nope", "has no alternative 'nope'")


def test_run_json_and_the_log_say_which_knobs_were_in_force():
    r = invoke("run", "--games", "20", "--jobs", "1", "--json", "--assume", "wardrobe=single-use",
               "--assume", "too-late=bottom-3")
    d = json.loads(r.stdout)
    assert d["assume"] == ["too-late=bottom-3", "wardrobe=single-use"] and d["too_late"] == "bottom-3"
    out = invoke("play", "--seed", "3", "--assume", "end-of-round=gargamel-first").output
    assert "assuming end-of-round=gargamel-first" in out.splitlines()[0]


def test_compare_pairs_an_edited_data_folder_against_the_default_game_by_game(tmp_path):
    """A designer's edited copy (the Wardrobe made single-use by hand) against the shipped
    data: the same games, and the same difference as the knob gives."""
    text = (DEFAULT_DATA_DIR / "inventions.toml").read_text()
    old = 'id = "wardrobe"\nname = "Wardrobe"\ntype = "durable"'
    assert old in text
    (tmp_path / "inventions.toml").write_text(text.replace(old, old.replace("durable", "single-use")))
    common = ["--games", "200", "--jobs", "1", "--json", "--strategy", "greedy", "--level", "terrible"]
    by_data = json.loads(invoke("compare", "--a", f"data={tmp_path}", "--b", "data=default", *common).stdout)
    by_knob = json.loads(invoke("compare", "--a", "assume=wardrobe=single-use", "--b", "assume=none",
                                *common).output)
    assert by_data["a"]["data"] == str(tmp_path) and by_data["b"]["data"] is None
    assert by_data["b"]["wins"] == by_knob["b"]["wins"]
    assert by_data["diff"] == by_knob["diff"] and by_data["diff"] < 0
    assert by_data["correlation"] > 0.3            # paired: the same deals, game by game


def test_a_grid_axis_assume_records_the_knobs_and_resumes(tmp_path):
    grid = tmp_path / "g.toml"
    grid.write_text('games = 40\nchunk = 20\ncompare = "assume"\n[fixed]\nstrategy = "greedy"\n'
                    '[axes]\nassume = [[], ["wardrobe=single-use"], ["all=optimistic"]]\n'
                    'data = ["default"]\n')
    res = tmp_path / "r"
    first = api.sweep(str(grid), str(res), execution=api.Execution(jobs=1))
    assert [r["cell"] for r in first.rows] == [
        "assume=all=optimistic,data=default", "assume=none,data=default",
        "assume=wardrobe=single-use,data=default"]
    manifest = json.loads((res / "manifest.json").read_text())
    cells = manifest["cells"]
    assert cells["assume=wardrobe=single-use,data=default"]["assume"] == ["wardrobe=single-use"]
    assert "too-late=bottom-3" not in cells["assume=all=optimistic,data=default"]["assume"]
    assert "end-of-round=gargamel-first" in cells["assume=all=optimistic,data=default"]["assume"]
    again = api.sweep(str(grid), str(res), games=60, execution=api.Execution(jobs=1))
    assert all(r["games"] == 60 for r in again.rows)
    df = api.read_results(str(res))
    assert set(df["assume"]) >= {"none", "wardrobe=single-use"}
    fresh = api.sweep(str(grid), str(tmp_path / "fresh"), games=60, execution=api.Execution(jobs=1))
    assert [(r["cell"], r["wins"]) for r in fresh.rows] == [(r["cell"], r["wins"]) for r in again.rows]


def test_the_report_lists_the_knobs_in_force(tmp_path):
    res = tmp_path / "r"
    invoke("run", "--games", "20", "--jobs", "1", "--assume", "supply=box-20", "--results", res)
    from experiments.reporting import assumptions, load
    _, sources = load([str(res)])
    found, notes, _ = assumptions(sources, GAME)
    assert not notes
    assert any(e == "knob 'supply'" and w.startswith("box-20 instead of unlimited") for _, e, w in found)
