"""Every axis a results folder varies reaches its report: a result field named like an option
(or like a column every results row has) is refused when its game loads.

The toy game's variants here are packages in a test's own folder, brought by
MEEPLESIM_GAME_PATH beside tests/toy_games: they play the toy's compiled kernels
(`from ..coin_race import rules`), so nothing compiles for them."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import simcore.games as games
from simcore.errors import UserError
from tests.test_toy_game import ROOT, TOY, TOYS, game_path

def toy_variant(folder: Path, package: str, edits: dict) -> str:
    """A copy of the toy's loader as game package `package` in `folder` (its game named
    after it), playing the toy's own kernels; `edits`: text of its __init__.py -> the text
    replacing it (each must be found). Returns the game's name."""
    name = package.replace("_", "-")
    dst = folder / package
    shutil.copytree(TOY, dst, ignore=shutil.ignore_patterns("__pycache__", "rules.py", "consts.py"))
    init = dst / "__init__.py"
    text = init.read_text()
    for old, new in {"from . import consts as K": "from ..coin_race import consts as K",
                     "from . import rules as R": "from ..coin_race import rules as R",
                     "from ...gamekit import Game,": "from ...gamekit import Game, Option,",
                     'name="coin-race"': f'name="{name}"',
                     '"coin-smoke"': f'"{name}-smoke"', **edits}.items():
        assert old in text, old
        text = text.replace(old, new)
    init.write_text(text)
    return name


def cli(*args, path):
    env = {**os.environ, games.GAME_PATH_ENV: path}
    return subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, args)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


# ----------------------------------------------------------------------------- loading a game
@pytest.mark.parametrize("package, edits, words", [
    ("coin_option", {"options=()": 'options=(Option("position", "int", 0, "Where seat 0 starts."),)'},
     "result field 'position' has the name of its option 'position'"),
    ("coin_column", {"result_fields=tuple(K.RESULT_FIELDS)":
                     'result_fields=(*K.RESULT_FIELDS[:-1], "strategy")'},
     "result field 'strategy' has the name of the results column 'strategy'"),
], ids=["an-option", "a-results-column"])
def test_a_result_field_named_like_an_option_or_a_column_is_refused_at_load(tmp_path, package,
                                                                             edits, words):
    name = toy_variant(tmp_path, package, edits)
    path = f"{TOYS}{os.pathsep}{tmp_path}"
    with game_path(path):
        with pytest.raises(UserError, match=re.escape(f"game '{name}': {words}")):
            games.get_game(name)
        assert "coin-race" in games.game_names()          # the other games still load
    r = cli("run", "--game", name, "--games", "10", path=path)
    assert r.returncode == 2 and r.stdout == "", r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: game '{name}': {words}"), r.stderr


def test_the_shipped_games_declare_the_fields_that_record_an_option():
    """The competitive games' players and seat (and the Hobbit's mode) are result fields that
    record the option game by game: declared, so they load; the others collide with nothing."""
    for g in games.all_games():
        options = {o.name for o in g.options} | {"players"}
        assert set(g.option_fields) == options & set(g.result_fields), g.name
