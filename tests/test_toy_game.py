"""The toy game of docs/adding-a-game.md (tests/toy_games/coin_race/), a folder nothing else
names, brought by MEEPLESIM_GAME_PATH: it passes the interface checks the shipped games pass,
its rules have their scenario tests, and it is played through `run`, `sweep` and `report`, in
this process and in subprocesses and their workers. With the variable unset the games are
exactly simcore/games/'s; a bad value is one error line. The kernel cache keys it by its
sources wherever its folder is. And the contract page names every `Game` field and quotes the
toy's files as they are."""
import contextlib
import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import simcore.games as games
from simcore import harness, jit, kernel_sources
from simcore.errors import UserError
from simcore.gamekit import Game
from simcore.policy import FIRST
from tests import test_bench, test_game_interface as interface, test_named_codes as named
from tests.clikit import run_cli

ROOT = Path(__file__).resolve().parent.parent
TOYS = ROOT / "tests" / "toy_games"
TOY = TOYS / "coin_race"
NAME = "coin-race"
DOC = ROOT / "docs" / "adding-a-game.md"
SHIPPED = sorted(p.name.replace("_", "-") for p in (ROOT / "simcore" / "games").iterdir()
                 if (p / "__init__.py").is_file())


@contextlib.contextmanager
def game_path(value):
    """MEEPLESIM_GAME_PATH set to `value` (None: unset) and the registry read again; both as
    they were afterwards."""
    old = os.environ.get(games.GAME_PATH_ENV)
    try:
        if value is None:
            os.environ.pop(games.GAME_PATH_ENV, None)
        else:
            os.environ[games.GAME_PATH_ENV] = str(value)
        games.refresh()
        yield
    finally:
        if old is None:
            os.environ.pop(games.GAME_PATH_ENV, None)
        else:
            os.environ[games.GAME_PATH_ENV] = old
        games.refresh()


@pytest.fixture(scope="module")
def toy():
    """The toy game registered for this module's tests only (subprocesses inherit the
    variable); the registry is back to the shipped games afterwards."""
    with game_path(TOYS):
        yield games.get_game(NAME)
    assert sorted(games.GAMES) == SHIPPED


@pytest.fixture(scope="module")
def parts(toy):
    from simcore.games.coin_race import rules as R
    return toy, toy.load_catalog(None), R


def cli(*args, env_value=TOYS):
    return run_cli(*args, game_path=env_value)


# ----------------------------------------------------------------------------- discovery
def test_unset_the_games_are_exactly_simcore_games():
    with game_path(None):
        assert sorted(games.GAMES) == SHIPPED and games.__path__ == [str(ROOT / "simcore" / "games")]
        assert games.game_names() == SHIPPED
        with pytest.raises(UserError, match=f"unknown game '{NAME}'"):
            games.get_game(NAME)


def test_the_variable_adds_the_toy_as_a_package_of_simcore_games(toy):
    assert games.game_names() == sorted([*SHIPPED, NAME, "ship-captain-crew"])   # the tutorial's
    assert toy.package == "simcore.games.coin_race" and toy.folder == TOY
    assert sys.modules[toy.package].__file__ == str(TOY / "__init__.py")


@pytest.mark.parametrize("make, words", [
    (lambda tmp: f"{TOYS}{os.pathsep}{tmp / 'no-such-folder'}",
     "MEEPLESIM_GAME_PATH: '{tmp}/no-such-folder' is not a folder"),
    (lambda tmp: (tmp / "cake_race").mkdir() or (tmp / "cake_race" / "__init__.py").touch() or tmp,
     "MEEPLESIM_GAME_PATH: game package 'cake_race' in {tmp} is also in"),
], ids=["missing-folder", "a-shipped-name"])
def test_a_bad_value_is_one_error_line(tmp_path, make, words):
    value = make(tmp_path)
    words = words.format(tmp=tmp_path)
    with game_path(value):
        for call in (games.game_names, games.all_games, lambda: games.get_game("cake-race")):
            with pytest.raises(UserError, match=re.escape(words)):
                call()
    r = cli("run", "--game", "cake-race", "--games", "10", env_value=value)
    assert r.returncode == 2 and r.stdout == "", r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: " + words), r.stderr


# ----------------------------------------------------------------------------- the contract
def test_the_toy_passes_the_interface_checks_of_the_shipped_games(toy):
    interface.test_every_game_declares_itself_completely(NAME)
    for prefix, names in (("D_", "DECISIONS"), ("R_", "RESULT_FIELDS")):
        named.test_each_code_names_the_entry_at_its_index(NAME, prefix, names)
    interface.test_no_module_outside_a_game_folder_names_a_game()     # the toy's words included
    interface.test_games_lists_every_game_with_its_options_and_grids()
    out = interface.ok("check-data", str(toy.folder / "data"), "--game", NAME)
    assert out.startswith("ok: ") and "1 assumed values" in out
    test_bench.test_every_game_declares_bench_rows_and_the_default_game_one_headline()
    assert {f.name for f in dataclasses.fields(Game)} >= {"name", "report", "bench"}


def test_its_rules_checklist_is_fully_covered():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "rules-coverage"), "--game", NAME],
                       capture_output=True, text=True, cwd=ROOT, timeout=60,
                       env={**os.environ, games.GAME_PATH_ENV: str(TOYS)})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "RULES covered=5 total=5", r.stdout


# ----------------------------------------------------------------------------- the rules
def _ready(parts, players=2, log=1):
    game, cat, R = parts
    st = game.new_state(cat.rules)
    st.sc[R.S_WINNER] = -1
    st.ctl[harness.H_LOG] = log
    return cat.rules, R.Config(players, log), st, R


@pytest.mark.rule("CN-T01")
@pytest.mark.rule("CN-T02")
def test_a_step_moves_one_a_flip_three_on_heads_and_none_on_tails(parts):
    Rules, C, st, R = _ready(parts)
    R.move(Rules, C, st, 0, False, 0)                  # step (the coin is not read)
    R.move(Rules, C, st, 0, True, 1)                   # heads
    R.move(Rules, C, st, 0, True, 0)                   # tails
    assert st.pos[0] == 1 + 3 + 0 and st.sc[R.S_WINNER] == -1
    ev = [tuple(int(x) for x in e) for e in st.events[: st.ctl[harness.H_EV_N]]]
    assert [e[3:] for e in ev] == [(1, 1, 0), (3, 4, 1), (0, 4, 1)]


@pytest.mark.rule("CN-E01")
def test_the_first_seat_at_the_goal_wins(parts):
    Rules, C, st, R = _ready(parts)
    st.pos[1] = 9
    R.move(Rules, C, st, 1, False, 0)
    assert st.sc[R.S_WINNER] == 1


@pytest.mark.rule("CN-S01")
def test_seats_start_at_zero_and_seat_0_moves_first(parts):
    game, cat, R = parts
    st, events, row = game.play_logged(cat, game.make_config(cat, players=2)[0], FIRST,
                                       np.zeros(1), seed=1)
    moves = [(int(e[1]), int(e[2]), int(e[4])) for e in events if e[0] == 0]
    assert moves[:4] == [(1, 0, 1), (1, 1, 1), (2, 0, 2), (2, 1, 2)]
    assert row.tolist() == [1, 0, 0, 2, 10, 10]     # seat 0, always stepping, is there first
    assert game.format_log(events, cat)[-1] == "game over after round 10: player 0 wins"


@pytest.mark.rule("CN-E02")
def test_the_round_cap_ends_a_game_nobody_won_as_a_loss(parts, tmp_path):
    game, _, R = parts
    (tmp_path / "race.toml").write_text('[race]\ngoal = 1000\nheads = 3\nmax_rounds = 4\n'
                                        'source = "assumed"\n')
    cat = game.load_catalog(tmp_path)
    rows = game.run_games(cat, game.make_config(cat, players=3)[0], FIRST, np.zeros(1), 1, 0, 5)
    assert (rows[:, 0] == 2).all() and (rows[:, 1] == 2).all() and (rows[:, 4] == 4).all()
    assert game.summary_lines(game.summarize(rows))[-1] == "loss reasons cut 5"


# ----------------------------------------------------------------------------- played through
def test_run_sweep_and_report_through_the_api(toy, tmp_path):
    from experiments import api
    ex = lambda: api.Execution(jobs=1, chunk=200)
    r = api.run(api.RunSpec(game=NAME, strategy="random", players=2), games=400,
                results=str(tmp_path / "run"), execution=ex())
    s = r.summary
    assert s["games"] == 400 and 0.3 < s["win_rate"] < 0.8 and s["ci_low"] < s["win_rate"] < s["ci_high"]
    assert s["loss_reasons"] == {"outrun": 400 - s["wins"]}
    sw = api.sweep("coin-race-smoke", results=str(tmp_path / "sweep"), games=200, execution=ex())
    table = sw.table.set_index("cell")
    assert len(table) == 4 and (table["games"] == 200).all()
    one = table[table["players"] == 1]
    assert (one["win_rate"] == 1.0).all()             # alone, a player always gets there
    df = api.read_results(str(tmp_path / "sweep"))
    assert len(df) == 800 and set(df["strategy"]) == {"first", "random"}
    w = api.report([str(tmp_path / "sweep")], out=str(tmp_path / "report"))
    html = Path(w["index"]).read_text()
    assert "The coin race (a toy)" in html and "outrun" in html
    head = w["headline"]
    assert len(head) and "players" in head.columns


def test_the_cli_and_its_workers_find_the_toy(tmp_path):
    """A subprocess, and two loky workers under it, import the toy through the variable they
    inherit; the rows are the same as one process plays."""
    runs = []
    for jobs in (1, 2):
        r = cli("run", "--game", NAME, "--games", "600", "--chunk", "200", "--jobs", jobs, "--json")
        assert r.returncode == 0, r.stderr
        runs.append(json.loads(r.stdout))
    assert runs[0]["games"] == runs[1]["games"] == 600 and runs[0]["wins"] == runs[1]["wins"]
    r = cli("sweep", "coin-race-smoke", "--results", tmp_path / "r", "--games", "100", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    r = cli("report", tmp_path / "r", "--out", tmp_path / "report")
    assert r.returncode == 0, r.stderr
    assert "The coin race (a toy)" in (tmp_path / "report" / "index.html").read_text()


def test_sensitivity_of_a_game_with_no_knobs_says_so_and_plays_the_default_rules_alone(toy, tmp_path):
    """The toy's rules are complete (no knobs file): nothing is varied, one line says why, and
    the default rules' win rate and interval are those `run` gives over the same games."""
    assert not toy.assumptions
    run = cli("run", "--game", NAME, "--games", "300", "--json")
    assert run.returncode == 0, run.stderr
    want = json.loads(run.stdout)
    r = cli("sensitivity", "--game", NAME, "--games", "300", "--results", tmp_path / "sens")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == (f"{NAME} has no knobs: nothing in its rules is assumed open; the default "
                        "rules alone:")
    assert lines[1] == (f"players 2, rivals same, seat rotate, strategy random: win rate {100 * want['win_rate']:.2f}% (95% CI "
                        f"{100 * want['ci_low']:.2f}% - {100 * want['ci_high']:.2f}%, 300 games)")
    assert len(lines) == 3 and lines[2].endswith(f"300 games played; results in {tmp_path / 'sens'}")
    # the report of that folder says the same, with no band and no figure of knobs
    rep = cli("report", tmp_path / "sens", "--out", tmp_path / "report")
    assert rep.returncode == 0, rep.stderr
    page = (tmp_path / "report" / "index.html").read_text()
    assert "This game has no knobs: nothing in its rules is assumed open" in page
    assert "across plausible rules" not in page
    assert not list((tmp_path / "report" / "figures").glob("sensitivity*"))
    j = cli("sensitivity", "--game", NAME, "--games", "300", "--json")
    assert j.returncode == 0, j.stderr
    [d] = [json.loads(x) for x in j.stdout.splitlines()]
    assert d["knobs"] == [] and d["interactions"] == [] and d["games"] == 300
    [rs] = d["rule_sets"]
    assert (rs["name"], rs["kind"], rs["assume"], rs["games"]) == ("default", "default", [], 300)
    assert rs["win_rate"] == pytest.approx(want["win_rate"], abs=1e-6)
    assert (rs["ci_low"], rs["ci_high"]) == (pytest.approx(want["ci_low"], abs=1e-6),
                                             pytest.approx(want["ci_high"], abs=1e-6))
    assert d["envelope_low"] == d["envelope_high"] == rs["win_rate"]


# ----------------------------------------------------------------------------- the kernel cache
def test_the_kernel_cache_keys_the_toy_by_its_sources_wherever_its_folder_is(toy, tmp_path,
                                                                              monkeypatch):
    from simcore.games.coin_race import rules as R
    monkeypatch.setattr(kernel_sources, "MEMO", tmp_path / "memo.json")
    labels = {kernel_sources.source_label(p) for p in jit.key_files("coin_race")}
    assert {"simcore/games/coin_race/rules.py", "simcore/games/coin_race/consts.py",
            "simcore/seats.py", "simcore/linked.py", "simcore/harness.py"} <= labels
    assert "simcore/games/coin_race/__init__.py" not in labels      # the loader: not a kernel's
    assert Path(jit.cache_dir_for(R.__name__)).name == f"numba-coin_race-{jit._source_hash('coin_race')}"
    jit._check_keyed(R.run_chunk.py_func)            # its kernels are among its key's files
    key = jit.source_hash("coin_race")
    moved = tmp_path / "elsewhere"
    shutil.copytree(TOY, moved / "coin_race", ignore=shutil.ignore_patterns("__pycache__"))
    try:
        with game_path(moved):
            kernel_sources.clear()
            assert jit.source_hash("coin_race") == key      # the same sources, another folder
            init = moved / "coin_race" / "__init__.py"
            init.write_text(init.read_text().replace("not a folder", "no such folder"))
            kernel_sources.clear()
            assert jit.source_hash("coin_race") == key      # a loader's message: no recompile
            rules = moved / "coin_race" / "rules.py"
            text = rules.read_text()
            assert "control_fields(K.MAX_PLAYERS, 8," in text
            rules.write_text(text.replace("control_fields(K.MAX_PLAYERS, 8,", "control_fields(K.MAX_PLAYERS, 9,"))
            kernel_sources.clear()
            assert jit.source_hash("coin_race") != key      # a kernel module's edit: a new key
    finally:
        kernel_sources.clear()


# ----------------------------------------------------------------------------- the contract page
def test_the_contract_page_names_every_game_field():
    """A field added to gamekit.Game that docs/adding-a-game.md does not name fails here."""
    page = DOC.read_text()
    missing = [f.name for f in dataclasses.fields(Game) if f"`{f.name}`" not in page]
    assert not missing, f"docs/adding-a-game.md does not name Game's fields {missing}"


def test_the_contract_page_quotes_the_toy_as_it_is():
    """Each block under a `<!-- quote: PATH -->` line is a verbatim excerpt of that file."""
    page = DOC.read_text()
    quotes = re.findall(r"<!-- quote: (\S+) -->\n```[a-z]*\n(.*?)```", page, re.S)
    assert {p for p, _ in quotes} >= {f"tests/toy_games/coin_race/{f}" for f in
                                      ("__init__.py", "consts.py", "rules.py", "data/race.toml")}
    for path, text in quotes:
        assert text in (ROOT / path).read_text(), f"docs/adding-a-game.md quotes {path} as it is not"
