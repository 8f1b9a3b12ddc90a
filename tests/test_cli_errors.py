"""Bad input: malformed data files and bad options each give one clear line and exit code 2."""
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from simcore.games.hidden_village.catalog import DEFAULT_DATA_DIR

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, list(args))


def assert_one_line_error(result, *needles):
    assert result.exit_code == 2, (result.exit_code, result.output)
    out = result.output.strip()
    assert "Traceback" not in out
    lines = out.splitlines()
    assert len(lines) == 1, out
    assert lines[0].startswith("error: ")
    for n in needles:
        assert n in lines[0], (n, lines[0])


def edit(tmp_path: Path, name: str, old: str, new: str, count: int = 1) -> Path:
    """Copy data file `name` into tmp_path with `old` replaced by `new`."""
    text = (DEFAULT_DATA_DIR / name).read_text()
    assert old in text, f"{old!r} not in {name}"
    (tmp_path / name).write_text(text.replace(old, new, count))
    return tmp_path


# (file, old text, new text, words the error line must contain)
MALFORMED = [
    ("board.toml", 'spaces = 1\ncost = {}\ndangerous = true\neffect = "rescue"',
     'spacez = 1\ncost = {}\ndangerous = true\neffect = "rescue"', ["board.toml", "dark-forest-upper", "unknown key 'spacez'"]),
    ("board.toml", 'id = "stream-upper"\nlocation = "stream"\nslot = "upper"\nspaces = 2',
     'id = "stream-upper"\nlocation = "stream"\nslot = "upper"\nspaces = "two"', ["board.toml", "stream-upper", "'spaces' must be a whole number"]),
    ("board.toml", "cost = { berry = 1 }", "cost = { berry = -1 }", ["board.toml", "dark-forest-lower", "must not be negative"]),
    ("board.toml", 'location = "river"\nslot = "upper"', 'location = "lake"\nslot = "upper"', ["board.toml", "river-upper", "unknown location 'lake'"]),
    ("board.toml", "cost = { stone = 1, log = 1 }", "cost = { stone = 1, wood = 1 }", ["board.toml", "shelter-upper", "unknown resource 'wood'"]),
    ("smurfs.toml", 'id = "mellow-smurf"', 'id = "beta-smurf"', ["smurfs.toml", "beta-smurf", "duplicate id"]),
    ("levels.toml", "lost_smurfs = 18", "lost_smurfs = 25", ["levels.toml", "smurfnightmarish", "needs 25 lost Smurfs", "has 20"]),
    ("dice.toml", '    [{ result = "bright-idea" }],\n', "", ["dice.toml", "die 'white'", "6 faces, got 5"]),
    ("gargamel.toml", 'timing = "too-late"', 'timing = "immediate"', ["gargamel.toml", "too-late", "needs at least one entry in 'effects'"]),
    ("setup.toml", "5 = 3 }", "5 = 4 }", ["setup.toml", "hand_size", "5 players x 4 cards needs 20 starting Smurfs"]),
    ("cakes.toml", 'n = 6\nresource = "berry"', "n = 6", ["cakes.toml", "berry-tart", "needs 'resource'"]),
    ("roofs.toml", 'id = "roof-1"\ncost = { log = 2, stone = 1 }\nsource = "assumed"',
     'id = "roof-1"\ncost = { log = 2, stone = 1 }\nsource = "guess"', ["roofs.toml", "roof-1", "unknown source 'guess'"]),
    ("inventions.toml", "cost = 2\n", "cost = 2.5\n", ["inventions.toml", "disguise", "'cost' must be a whole number"]),
    ("levels.toml", "houses = 8\nlost_smurfs = 16", "houses = 9\nlost_smurfs = 16", ["levels.toml", "terrible", "needs 9 houses", "8 roofs"]),
    ("gargamel.toml", 'effects = [{ op = "lose", amount = 2 }]', 'effects = [{ op = "explode", amount = 2 }]',
     ["gargamel.toml", "looting", "unknown op 'explode'"]),
]


@pytest.mark.parametrize("name,old,new,needles", MALFORMED, ids=[f"{m[0]}:{m[3][-1][:30]}" for m in MALFORMED])
def test_malformed_data_file_gives_one_line_and_exit_2(tmp_path, name, old, new, needles):
    edit(tmp_path, name, old, new)
    assert_one_line_error(invoke("run", "--games", "10", "--data", str(tmp_path)), *needles)
    assert_one_line_error(invoke("check-data", str(tmp_path)), *needles)


def test_file_that_is_not_toml(tmp_path):
    (tmp_path / "board.toml").write_text("[[location]\nid = ")
    assert_one_line_error(invoke("play", "--data", str(tmp_path)), "board.toml", "not valid TOML")


def test_unknown_file_in_data_folder(tmp_path):
    shutil.copy(DEFAULT_DATA_DIR / "smurfs.toml", tmp_path / "smurf.toml")
    assert_one_line_error(invoke("run", "--data", str(tmp_path)), "smurf.toml", "not a rules data file")


def test_missing_data_folder(tmp_path):
    assert_one_line_error(invoke("run", "--data", str(tmp_path / "nope")), "nope", "data folder not found")


def test_valid_override_is_accepted(tmp_path):
    edit(tmp_path, "board.toml", "cost = { stone = 1, log = 1 }", "cost = { stone = 2, log = 1 }")
    r = invoke("check-data", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert re.search(r"ok: .*board.toml replaced", r.output)


BAD_OPTIONS = [
    (["run", "--level", "impossible"], ["unknown level 'impossible'", "standard"]),
    (["run", "--die", "blue"], ["unknown die 'blue'"]),
    (["run", "--players", "0"], ["players must be 1 to 5, got 0"]),
    (["run", "--players", "6"], ["players must be 1 to 5, got 6"]),
    (["run", "--games", "-5"], ["at least 1, got -5"]),
    (["run", "--games", "0"], ["at least 1, got 0"]),
    (["run", "--seed", "-1"], ["seed must be between 0"]),
    (["run", "--strategy", "genius"], ["unknown strategy 'genius'", "random"]),
    (["run", "--param", "depth"], ["--param 'depth' is not of the form NAME=VALUE"]),
    (["run", "--param", "depth=3"], ["strategy 'planner' has no parameter 'depth'"]),
    (["run", "--too-late", "middle"], ["unknown Too Late placement 'middle'"]),
    (["run", "--too-late", "bottom-40"], ["deeper than the 10-card Gargamel deck"]),
    (["run", "--level", "terrible", "--no-hungry"], ["requires the Hungry Cracoucass"]),
    (["run", "--level", "smurfnightmarish", "--die", "white"], ["requires the red super danger die"]),
    (["play", "--game", "chess"], ["unknown game 'chess'"]),
    (["play", "--game-index", "-2"], ["--game-index must be at least 0"]),
    (["ladder", "--games", "-1"], ["at least 1, got -1"]),
    (["run", "--without", "nobody"], ["--without: no card 'nobody' in the mix 'default'"]),
    (["play", "--without", "beta-smurff"], ["--without: no card 'beta-smurff'", "did you mean 'beta-smurf'"]),
    (["ladder", "--without", "nobody"], ["--without: no card 'nobody' in the mix"]),
    (["run", "--without", "too-late"], ["'too-late' is the Too Late card"]),
    (["run", "--level", "smurfnightmarish", "--without", "poet-smurf", "--without", "willow", "--without", "storm"],
     ["level 'smurfnightmarish' needs 18 lost Smurfs; the mix 'default-without-poet-smurf+storm+willow' has 17"]),
    (["run", "--players", "5"] + [a for c in ("beta-smurf", "mellow-smurf", "lazy-smurf", "baby-smurf", "vain-smurf")
                                  for a in ("--without", c)],
     ["5 players x 3 cards needs 15 starting Smurfs; the mix", "has 10"]),
    (["run", "--cards", "no-such-cards.toml"], ["no-such-cards.toml: file not found"]),
    (["run", "--cards", "cards.csv"], ["cards.csv: a card catalog is a .toml file"]),
    (["hidden-village", "cards", "show", "nobody"], ["no card 'nobody' in the mix 'default'"]),
    (["hidden-village", "cards", "list", "--without", "nobody"], ["--without: no card 'nobody'"]),
]


@pytest.mark.parametrize("args,needles", BAD_OPTIONS, ids=[" ".join(a[0]) for a in BAD_OPTIONS])
def test_bad_option_gives_one_line_and_exit_2(args, needles):
    assert_one_line_error(invoke(*args), *needles)


def test_non_numeric_option_is_a_usage_error_without_traceback():
    r = invoke("run", "--players", "three")
    assert r.exit_code == 2
    assert "Traceback" not in r.output
