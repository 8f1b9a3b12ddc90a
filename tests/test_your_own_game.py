"""The tutorial (docs/your-own-game.md) on a copy of its game (tests/toy_games/ship_captain_crew/,
brought by MEEPLESIM_GAME_PATH as a user's folder is): the page quotes the game's files as they
are and counts their lines right; the game's own tests pass and cover its checklist; check-game
passes; every command of the page runs (with small game counts); the simulation meets the exact
chance the page computes, within its interval; the generic skill scale plays random's very games
at 0 and the game's own compiled strategy's at 1; the page's plug-in plays that strategy's very
games; a bad data file and a badly declared strategy are each one error line."""
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import simcore.games as games
import strategies
from experiments.runs import RunSpec, resolve
from simcore.policy import SKILL
from simcore.stats import wilson_interval
from tests.test_toy_game import TOYS, game_path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "your-own-game.md"
GAME = TOYS / "ship_captain_crew"
NAME = "ship-captain-crew"
SMALL = 300        # games per command here (the page plays more)


def page() -> str:
    return PAGE.read_text()


def marked(marker: str) -> dict:
    """{name: text} of the page's blocks under a `<!-- marker: name -->` line."""
    return dict(re.findall(rf"<!-- {marker}: (\S+) -->\n```[a-z]*\n(.*?)```", page(), re.S))


def commands() -> list[str]:
    """The page's command lines, in order (its ```sh blocks)."""
    return [line for block in re.findall(r"```sh\n(.*?)```", page(), re.S)
            for line in block.splitlines() if line.strip()]


def cli(*args, cwd, path=TOYS, timeout=300) -> subprocess.CompletedProcess:
    """`meeplesim ARGS` in a process of its own in `cwd`, MEEPLESIM_GAME_PATH=`path` (None:
    unset)."""
    env = {k: v for k, v in os.environ.items() if k != games.GAME_PATH_ENV}
    if path is not None:
        env[games.GAME_PATH_ENV] = str(path)
    return subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, args)], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def toy():
    with game_path(TOYS):
        yield games.get_game(NAME)


def rows(strategy, games_n=2000, players=2, **params):
    r = resolve(RunSpec(game=NAME, strategy=strategy, players=players, params=params))
    return r.game.run_games(r.catalog, r.config, r.strategy.kernel_id, r.params, 1, 0, games_n)


# ----------------------------------------------------------------------------- the page
def test_the_page_quotes_the_games_files_as_they_are():
    quotes = re.findall(r"<!-- quote: (\S+) -->\n```[a-z]*\n(.*?)```", page(), re.S)
    assert {p for p, _ in quotes} == {f"tests/toy_games/ship_captain_crew/{f}" for f in
                                      ("consts.py", "rules.py", "target.py", "__init__.py",
                                       "data/ship_captain_crew.toml")}
    for path, text in quotes:
        assert text in (ROOT / path).read_text(), f"docs/your-own-game.md quotes {path} as it is not"


def test_the_page_counts_the_games_lines_right():
    """The page's line counts: every line, those not blank, and those neither blank, comments
    nor docstrings, of the game's four Python files."""
    import ast
    every = nonblank = code = 0
    sizes = {}
    for f in ("rules.py", "__init__.py", "target.py", "consts.py"):
        text = (GAME / f).read_text()
        lines = text.splitlines()
        docs = set()
        for node in ast.walk(ast.parse(text)):
            body = getattr(node, "body", None)
            if isinstance(node, (ast.Module, ast.FunctionDef)) and body and \
                    isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.update(range(body[0].lineno, body[0].end_lineno + 1))
        sizes[f] = len(lines)
        every += len(lines)
        nonblank += sum(1 for x in lines if x.strip())
        code += sum(1 for i, x in enumerate(lines, 1)
                    if x.strip() and not x.strip().startswith("#") and i not in docs)
    said = (f"The game is {every} lines of Python in four files (`rules.py` {sizes['rules.py']}, "
            f"`__init__.py` {sizes['__init__.py']}, `target.py`\n{sizes['target.py']}, "
            f"`consts.py` {sizes['consts.py']}), docstrings, comments and blank lines included; "
            f"{nonblank} lines that are not\nblank, {code} that are neither blank, comments nor "
            f"docstrings.")
    assert said in page()


# ----------------------------------------------------------------------------- the game
def test_its_own_tests_pass_and_cover_every_rule_of_its_checklist(tmp_path):
    env = {**os.environ, games.GAME_PATH_ENV: str(TOYS)}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        str(GAME / "tests")], cwd=tmp_path, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and " passed" in r.stdout, r.stdout + r.stderr
    r = subprocess.run([str(ROOT / "scripts" / "rules-coverage"), "--game", NAME], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "RULES covered=7 total=7", r.stdout


def test_check_game_passes_every_check(tmp_path):
    r = cli("check-game", NAME, "--games", SMALL, cwd=tmp_path)
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and lines[-1] == f"{NAME}: {len(lines) - 1} of {len(lines) - 1} checks passed"
    assert any(x.startswith("ok: skill: ") for x in lines) and any(x.startswith("ok: target: ") for x in lines)


def test_every_command_of_the_page_runs(tmp_path):
    """The page's commands in a folder of their own, in order, with its grid and plug-in files
    written there and fewer games; `new-game` writes the scaffold as the page's first step
    does (the copy under tests/ is the game, already on MEEPLESIM_GAME_PATH)."""
    for name, text in {**marked("grid"), **marked("example")}.items():
        (tmp_path / name).write_text(text)
    lines = commands()
    assert lines[:3] == ["mkdir my-games", "meeplesim new-game ship-captain-crew --dir my-games",
                         "export MEEPLESIM_GAME_PATH=$PWD/my-games"]
    (tmp_path / "my-games").mkdir()
    r = cli("new-game", NAME, "--dir", "my-games", cwd=tmp_path, path=None)
    assert r.returncode == 0 and (tmp_path / "my-games" / "ship_captain_crew" / "rules.py").is_file()
    ran = []
    for line in lines[3:]:
        words = line.split()
        if words[0] == "python":                           # the game's tests; exact.py
            if words[1] == "exact.py":
                r = subprocess.run([sys.executable, "exact.py"], cwd=tmp_path,
                                   capture_output=True, text=True, timeout=120)
                assert r.returncode == 0 and r.stdout in page(), r.stdout + r.stderr
            continue
        args = words[1:]
        if "--games" in args:
            args[args.index("--games") + 1] = str(SMALL)
        if args[0] == "sweep":
            args += ["--games", str(SMALL)]
        if args[0] == "tune":
            args += ["--max-games", "2000", "--confirm-games", "500", "--band-games", "0"]
        r = cli(*args, cwd=tmp_path)
        assert r.returncode == 0, (line, r.stdout, r.stderr)
        ran.append(args[0])
    assert ran == ["check-game", "play", "run", "compare", "sweep", "report", "tune", "curve",
                   "run", "run"]
    assert (tmp_path / "results" / "scc-report" / "index.html").is_file()


def test_the_simulation_meets_the_exact_chance_within_its_interval(toy):
    """Alone, a player wins when they load within three rolls: the page's exact chance,
    computed again here by exact.py, lies in the 95% interval of 20 000 solo games."""
    scope = {}
    exec(compile(marked("example")["exact.py"].split("\n\nfor rolls")[0], "exact.py", "exec"), scope)
    exact = scope["loaded"](0, 3)
    assert exact == Fraction(42314697971, 78364164096)
    out = rows("random", 20000, players=1)
    wins = int((out[:, 0] == 1).sum())
    lo, hi = wilson_interval(wins, 20000)
    assert lo <= exact <= hi, (wins, lo, float(exact), hi)


def test_the_generic_skill_scale_runs_from_random_to_the_games_own_target(toy):
    s = strategies.get("skill", NAME, load=False)
    assert s.kernel_id == SKILL and s.param_values()["strong"] == 10.0
    assert (rows("skill", skill=0, rival_skill=-1) == rows("random")).all()
    assert (rows("skill", skill=1, rival_skill=-1) == rows("target")).all()
    assert (rows("skill", skill=1, rival_skill=-1, strong="first") == rows("first")).all()


def test_the_pages_plugin_plays_targets_very_games(tmp_path):
    (tmp_path / "my_target.py").write_text(marked("example")["my_target.py"])
    wins = []
    for strategy in ("my_target:choose", "target"):
        r = cli("run", "--game", NAME, "--strategy", strategy, "--games", 2000, "--json",
                cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        wins.append(re.search(r'"wins": (\d+)', r.stdout).group(1))
    assert wins[0] == wins[1]


# ----------------------------------------------------------------------------- bad input
def test_a_bad_number_in_its_data_is_one_error_line(tmp_path):
    (tmp_path / "ship_captain_crew.toml").write_text(
        '[turn]\nrolls = 0\nsource = "rulebook"\n[end]\nmax_rounds = 20\nsource = "assumed"\n')
    r = cli("check-data", tmp_path, "--game", NAME, cwd=tmp_path)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "turn" in lines[0] and \
        "'rolls' must be at least 1, got 0" in lines[0], r.stderr


@pytest.mark.parametrize("edit, words", [
    (('OwnStrategy("target", 10,', 'OwnStrategy("target", 31,'),
     "strategy 'target' has kernel_id 31: give each of its strategies its own, from 3 to 30"),
    (('OwnStrategy("target", 10,', 'OwnStrategy("random", 10,'),
     "a strategy 'random' plays it already: name its own strategy otherwise"),
    (('strongest="target"', 'strongest="best"'),
     "strongest = 'best' is none of its compiled strategies (target, first)")])
def test_a_badly_declared_strategy_is_one_error_line(tmp_path, edit, words):
    folder = tmp_path / "games" / "ship_captain_crew"
    shutil.copytree(GAME, folder, ignore=shutil.ignore_patterns("__pycache__", "tests"))
    init = folder / "__init__.py"
    assert edit[0] in init.read_text()
    init.write_text(init.read_text().replace(*edit))
    r = cli("strategies", "--game", NAME, cwd=tmp_path, path=tmp_path / "games")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and lines == [f"error: game '{NAME}': {words}"], r.stdout + r.stderr


def test_a_strategy_whose_parameters_a_seat_cannot_hold_is_one_error_line(tmp_path):
    """The generic skill scale's row holds 3 words before its strong strategy's parameters: a
    `target` of 6 parameters does not fit the scaffold's 8 words, and would be cut."""
    folder = tmp_path / "games" / "ship_captain_crew"
    shutil.copytree(GAME, folder, ignore=shutil.ignore_patterns("__pycache__", "tests"))
    init = folder / "__init__.py"
    init.write_text(init.read_text().replace(
        'params=(("target", 8.0),),', 'params=tuple((f"w{i}", 8.0) for i in range(6)),'))
    r = cli("run", "--game", NAME, "--strategy", "skill", "--games", 10, cwd=tmp_path,
            path=tmp_path / "games")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and lines == [
        "error: strategy 'skill' has 9 parameter words, more than a seat of ship-captain-crew "
        "holds (8: the max_params of its control_fields)"], r.stdout + r.stderr
    assert cli("run", "--game", NAME, "--strategy", "target", "--games", 10, cwd=tmp_path,
               path=tmp_path / "games").returncode == 0
