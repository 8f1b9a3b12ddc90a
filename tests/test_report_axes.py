"""Every axis a results folder varies reaches its report, and no number of the report speaks of
one configuration for several: a result field named like an option (or like a column every
results row has) is refused when its game loads; options that change the rules data are
columns of the rows; the headline, the figures and the answers split every axis that varies,
declared by the game or not, and say so in words where rows are pooled.

The toy game's variants here are packages in a test's own folder, brought by
MEEPLESIM_GAME_PATH beside tests/toy_games: they play the toy's compiled kernels
(`from ..coin_race import rules`), so nothing compiles for them."""
import os
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

import simcore.games as games
from simcore.errors import UserError
from simcore.reportkit import rate_words
from tests.test_toy_game import TOY, TOYS, game_path
from tests.clikit import run_cli

CATALOG_OPTIONS = '''(
    Option("goal", "int", None, "The track's length (default: race.toml's).", catalog=True),
    Option("heads", "int", None, "Spaces a flip's heads moves (default: race.toml's).",
           catalog=True))'''


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
                     "from ...seating import": "from ...gamekit import Option\nfrom ...seating import",
                     'name="coin-race"': f'name="{name}"', **edits}.items():
        assert old in text, old
        text = text.replace(old, new)
    init.write_text(text)
    return name


def cli(*args, path):
    return run_cli(*args, game_path=path)


# ----------------------------------------------------------------------------- loading a game
@pytest.mark.parametrize("package, edits, words", [
    ("coin_option", {"players=(1, 2),": 'players=(1, 2), options=(Option("position", "int", 0, "Where seat 0 starts."),),'},
     "result field 'position' has the name of its option 'position'"),
    ("coin_column", {"players=(1, 2),":
                     'players=(1, 2), result_fields=(*K.RESULT_FIELDS[:-1], "strategy"),'},
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


# ----------------------------------------------------------------------------- sweeps
def sweep(tmp_path, grid: str, name: str):
    from experiments import api
    (tmp_path / "grid.toml").write_text(grid)
    api.sweep(str(tmp_path / "grid.toml"), results=str(tmp_path / "r"),
              execution=api.Execution(jobs=1, chunk=1000))
    w = api.report([str(tmp_path / "r")], out=str(tmp_path / "report"))
    return api.read_results(str(tmp_path / "r")), w, pd.read_csv(tmp_path / "report" / "tables" / "win_odds.csv")


def each_cell_has_its_own_headline_row(head: pd.DataFrame, odds: pd.DataFrame, axes: dict):
    """Every cell's win rate is in the headline row of its axis values (`axes`: column of
    the win odds -> the headline's header), once."""
    assert len(head) == len(odds), head
    for _, r in odds.iterrows():
        m = head
        for col, header in axes.items():
            m = m[m[header].astype(str) == rep_word(r[col])]
        assert len(m) == 1, (r["cell"], head)
        cells = [c for c in m.columns if c not in axes.values()]
        assert rate_words(r["win_rate"], r["ci_low"], r["ci_high"]) in m[cells].iloc[0].tolist()


def rep_word(v) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)


def test_two_catalog_options_are_columns_and_both_axes_of_the_report(tmp_path):
    name = toy_variant(tmp_path / "games", "coin_rules", {
        "players=(1, 2),": f"players=(1, 2), options={CATALOG_OPTIONS},",
        "def load_rules(f: DataFile):": "def load_rules(f: DataFile, goal=None, heads=None):",
        "    assumed = [": "    k[R.K_GOAL] = k[R.K_GOAL] if goal is None else goal\n"
                          "    k[R.K_HEADS] = k[R.K_HEADS] if heads is None else heads\n"
                          "    assumed = ["})
    with game_path(f"{TOYS}{os.pathsep}{tmp_path / 'games'}"):
        rows, w, odds = sweep(tmp_path, f'games = 300\nseed = 1\n[fixed]\ngame = "{name}"\n'
                              f'strategy = "random"\nplayers = 2\n'
                              f'[axes]\ngoal = [3, 12]\nheads = [0, 6]\n', name)
    assert {"goal", "heads"} <= set(rows.columns)
    assert sorted(set(zip(rows["goal"], rows["heads"]))) == [(3, 0), (3, 6), (12, 0), (12, 6)]
    head = w["headline"]
    assert {"goal", "heads"} <= set(head.columns)
    each_cell_has_its_own_headline_row(head, odds, {"goal": "goal", "heads": "heads"})
    assert len(set(odds["win_rate"])) > 1             # the rules do change the game


def test_two_rule_choices_of_the_cake_race_are_the_data_axis_of_its_headline(tmp_path):
    """The cake race names its rule choices in its mix (Game.mix_options): its `data` axis,
    declared but not a variant, gets a headline row per mix."""
    _, w, odds = sweep(tmp_path, 'games = 200\nseed = 1\n[fixed]\ngame = "cake-race"\n'
                       'strategy = "threshold"\nplayers = 2\n[axes]\nhat_spent = [true, false]\n'
                       'exact_home = [true, false]\n', "cake-race")
    assert odds["mix"].nunique() == 4
    each_cell_has_its_own_headline_row(w["headline"], odds, {"mix": "data"})


def test_every_column_of_a_results_row_is_an_option_a_field_or_a_declared_column(tmp_path):
    from experiments import api
    from simcore.gamekit import RESULT_COLUMNS
    api.sweep("cake-smoke", results=str(tmp_path / "r"), games=20,
              execution=api.Execution(jobs=1, chunk=1000))
    rows = api.read_results(str(tmp_path / "r"))
    g = games.get_game("cake-race")
    known = set(g.result_fields) | {o.name for o in g.options} | set(RESULT_COLUMNS)
    assert {c for c in rows.columns if not c.startswith("param_")} <= known


def test_cells_no_column_tells_apart_are_told_apart_by_their_cell(tmp_path):
    """A grid axis no column records (two data folders of the same mix) still splits."""
    data = tmp_path / "long"
    data.mkdir()
    (data / "race.toml").write_text((TOY / "data" / "race.toml").read_text()
                                    .replace("goal = 10", "goal = 40"))
    with game_path(TOYS):
        _, w, odds = sweep(tmp_path, f'games = 300\nseed = 1\n[fixed]\ngame = "coin-race"\n'
                           f'strategy = "random"\nplayers = 2\n[axes]\ndata = ["default", "{data}"]\n',
                           "coin-race")
    assert "cell" in w["headline"].columns
    each_cell_has_its_own_headline_row(w["headline"], odds, {"cell": "cell"})


@pytest.mark.parametrize("game", ["cake-race"])
def test_a_sweep_of_an_undeclared_strategy_parameter_shows_each_value(tmp_path, game):
    """catch_risk is an adaptive player's parameter the cake race's report does not declare:
    the headline has a row per value, each its own cell's rate, and the answers name it."""
    _, w, odds = sweep(tmp_path, f'games = 200\nseed = 1\n[fixed]\ngame = "{game}"\n'
                       'strategy = "adaptive"\nplayers = 2\n[axes]\n'
                       'params = [{catch_risk = 0.0}, {catch_risk = 0.5}, {catch_risk = 1.0}]\n', game)
    head = w["headline"]
    assert "parameter catch_risk" in head.columns
    each_cell_has_its_own_headline_row(head, odds, {"param_catch_risk": "parameter catch_risk"})
    first = w["answers"][0]
    assert "catch_risk 0" in first and "catch_risk 1" in first, first


def test_a_headline_cell_of_several_rows_says_it_pooled_them():
    from reports.answers import cell_words
    t = pd.DataFrame({"games": [100, 300], "wins": [50, 60], "win_rate": [0.5, 0.2],
                      "ci_low": [0.4, 0.16], "ci_high": [0.6, 0.25]})
    words = cell_words(t)
    assert words.startswith("27.5%") and "pooled: 2 configurations, 400 games" in words
    assert cell_words(t.head(1)) == rate_words(0.5, 0.4, 0.6) and cell_words(t.head(0)) == "-"


def test_paired_tables_pair_cells_no_column_tells_apart_by_their_ids():
    """Two data folders, random and first in each: a strategy is compared with the other in
    its own folder only, never across folders (their columns are equal)."""
    from reports import tables as T
    rep = games_report()
    rows = []
    for data, rates in (("a", (0, 1)), ("b", (1, 0))):       # random loses in a, wins in b
        for s, won in zip(("random", "first"), rates):
            for i in range(4):
                rows.append({"cell": f"data={data},strategy={s}", "game": i, "players": 2,
                             "strategy": s, "mix": "default", "outcome": 1 if won else 2,
                             "loss_reason": 0, "rounds": 3, "position": 1})
    df = pd.DataFrame(rows)
    d = T.paired_deltas(df, rep, "strategy")
    assert sorted(zip(d["base"], d["other"], d["diff"])) == [("random", "first", -1.0),
                                                             ("random", "first", 1.0)]
    g = T.skill_gap(df, rep)
    assert sorted(g["diff"]) == [-1.0, 1.0]


def games_report():
    from simcore.reportkit import Axis, Report
    return Report(axes=(Axis("players", "players"), Axis("strategy", "strategy", ("random", "first"))),
                  x="players", fields={f: f for f in ("outcome", "loss_reason", "rounds", "position")})


def test_card_impact_pairs_a_removal_with_the_full_mix_of_its_own_data_folder():
    """Two data folders with the same cards: a removal is compared with its own folder's
    full mix, not with the other folder's (their columns are equal)."""
    from reports import tables as T
    from tests.test_reports import HV, cell
    g = [0, 1, 2, 3]
    df = pd.concat([cell("data=a,without=none", g, [1, 1, 1, 1]),
                    cell("data=a,without=x", g, [2, 2, 1, 1], mix="default-without-x"),
                    cell("data=b,without=none", g, [2, 2, 2, 2]),
                    cell("data=b,without=x", g, [2, 2, 2, 1], mix="default-without-x")])
    t = T.card_impact(df, HV)
    assert sorted(t["diff"]) == [-0.5, 0.25]
