"""`meeplesim new-game NAME` writes a game's folder that plays at once, and `meeplesim
check-game NAME` checks a game's contract by playing it. The new game passes every check, its
own tests and the rules coverage, and plays by the commands new-game prints; a bad name, a
shipped game's or an existing folder writes nothing (one error line). Each broken variant a
test makes from the new game by one edit fails its own check, on a line of its own."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import simcore.games as games
from simcore import scaffold
from tests.clikit import one_error
from tests.clikit import run_cli

ROOT = Path(__file__).resolve().parent.parent
NAME = "dragon-dice"
GAMES = 120                   # each check's games: a variant is a tiny game


def cli(*args, path=None):
    return run_cli(*args, game_path=path, timeout=300)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The new game written by the command line into a folder of its own, and what it printed."""
    where = tmp_path_factory.mktemp("games")
    r = cli("new-game", NAME, "--dir", where)
    assert r.returncode == 0, r.stderr
    return where, r.stdout.splitlines()


@pytest.fixture(scope="module")
def checked(made):
    where, _ = made
    return cli("check-game", NAME, "--games", GAMES, path=where)


def test_new_game_writes_the_game_under_its_name(made):
    where, out = made
    folder = where / "dragon_dice"
    files = ["__init__.py", "consts.py", "rules.py", "data/dragon_dice.toml",
             "rules-checklist.md", "tests/test_dragon_dice.py", "tests/pytest.ini"]
    assert out[0] == f"wrote {folder}: {', '.join(files)}"
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) == sorted(files)
    rules = (folder / "rules.py").read_text()
    assert 'Layout("DragonDiceRules"' in rules and 'Layout("DragonDiceState"' in rules
    assert 'name="dragon-dice", title="Dragon dice"' in (folder / "__init__.py").read_text()
    ids = re.findall(r"^- (DD-[A-Z]\d+) ", (folder / "rules-checklist.md").read_text(), re.M)
    assert ids == ["DD-S01", "DD-T01", "DD-T02", "DD-E01", "DD-E02"]
    test = (folder / "tests" / "test_dragon_dice.py").read_text()
    assert sorted(re.findall(r'mark\.rule\("(DD-[A-Z]\d+)"\)', test)) == sorted(ids)
    assert 'source = "assumed"' in (folder / "data" / "dragon_dice.toml").read_text()
    for path in folder.rglob("*"):
        assert not path.is_file() or "$" not in path.read_text(), path     # every placeholder filled
    assert not list(where.glob(".*")), "the staging folder is gone"


def test_the_new_game_plays_and_tests_by_the_commands_printed(made):
    where, out = made
    play, test, check = out[1:]
    assert play == f"play it:  MEEPLESIM_GAME_PATH={where} meeplesim run --game {NAME}"
    assert test == (f"test it:  MEEPLESIM_GAME_PATH={where} python -m pytest "
                    f"{where / 'dragon_dice' / 'tests'} -q")
    assert check == f"check it: MEEPLESIM_GAME_PATH={where} meeplesim check-game {NAME}"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop(games.GAME_PATH_ENV, None)
    run = subprocess.run(play.split(":  ", 1)[1] + " --games 500 --json", shell=True, env=env,
                         cwd=where, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["game"] == NAME and summary["games"] == 500 and 0 < summary["wins"] < 500
    own = subprocess.run(test.split(":  ", 1)[1], shell=True, env=env, cwd=where,
                         capture_output=True, text=True, timeout=300)
    assert own.returncode == 0 and "4 passed" in own.stdout, own.stdout + own.stderr
    cover = subprocess.run([sys.executable, str(ROOT / "scripts" / "rules-coverage"), "--game", NAME],
                           capture_output=True, text=True, cwd=ROOT, timeout=60,
                           env={**os.environ, games.GAME_PATH_ENV: str(where)})
    assert cover.stdout.strip().splitlines()[-1] == "RULES covered=5 total=5", cover.stdout


def test_check_game_passes_the_new_game(checked):
    assert checked.returncode == 0, checked.stdout + checked.stderr
    lines = checked.stdout.splitlines()
    assert all(x.startswith("ok: ") for x in lines[:-1]), checked.stdout
    assert lines[-1] == f"{NAME}: {len(lines) - 1} of {len(lines) - 1} checks passed"
    text = "\n".join(lines)
    for words in ("ok: result fields outcome, loss_reason, seat, players, rounds, position: named",
                  "every entry's source checked; 1 assumed values",
                  f"ok: random: {GAMES} games played, every decision answered legally",
                  "ok: random: every outcome in Game.outcomes (win ",
                  "ok: random: every loss_reason in Game.loss_reasons (none ",
                  "ok: random: the same seed gives the same rows",
                  f"ok: random: the rows do not depend on the chunk size (one chunk of {GAMES}, chunks of 21)",
                  "ok: random: the rows do not depend on the number of worker processes (1 and 2)",
                  "ok: first: the rows do not depend on the chunk size",
                  f"ok: random: the game's invariants hold after each of {GAMES} games",
                  f"ok: skill: the game's invariants hold after each of {GAMES} games"):
        assert words in text


def past_the_last(decision, options, state, rules, params):
    """A plug-in strategy answering one past the last legal option."""
    return len(options)


def test_check_game_fails_an_illegal_answer_on_its_own_line(made):
    where, _ = made
    r = cli("check-game", NAME, "--strategy", "tests.test_new_game:past_the_last", "--games", 20,
            path=where)
    assert r.returncode == 1, r.stdout + r.stderr
    s = "tests.test_new_game:past_the_last"
    assert r.stdout.splitlines()[2:] == [
        f"FAIL: {s}: playing 20 games: strategy '{s}' returned option 2 for decision 'move', "
        f"which has 2 legal options (0..1)", f"{NAME}: 2 of 3 checks passed"]


def test_a_game_compiles_after_another_games_folder_left_the_path(tmp_path):
    """From an empty kernel cache: game alpha compiles and plays; then, with alpha's folder
    no longer on MEEPLESIM_GAME_PATH, game beta compiles and plays. (No kernel cached in the
    generic folder lists a game's types: its index would name alpha's, which beta's process
    cannot import.)"""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    for name in ("alpha", "beta"):
        where = tmp_path / name
        where.mkdir()
        scaffold.new_game(name, where)
        r = subprocess.run([sys.executable, "-m", "experiments.cli", "run", "--game", name,
                            "--games", "50", "--jobs", "1", "--json"], cwd=ROOT, timeout=300,
                           env={**env, games.GAME_PATH_ENV: str(where)}, capture_output=True,
                           text=True)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["games"] == 50


# ----------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("name, words", [
    ("Dragon", "'Dragon' is not a game name"),
    ("1dice", "'1dice' is not a game name"),
    ("dragon--dice", "'dragon--dice' is not a game name"),
    ("dragon.dice", "'dragon.dice' is not a game name"),
    ("class", "'class' is not a game name"),
    ("cake-race", "'cake-race' is a game already"),
    ("cake_race", "'cake-race' is a game already"),
])
def test_a_bad_name_is_one_error_line_and_writes_nothing(tmp_path, name, words):
    line = one_error("new-game", name, "--dir", tmp_path)
    assert line.startswith(f"error: new-game: {words}"), line
    assert not list(tmp_path.iterdir())


def test_an_existing_folder_or_a_missing_dir_is_one_error_line(tmp_path):
    (tmp_path / "dragon_dice").mkdir()
    (tmp_path / "dragon_dice" / "mine.txt").write_text("kept")
    line = one_error("new-game", NAME, "--dir", tmp_path)
    assert line == f"error: new-game: {tmp_path / 'dragon_dice'} already exists: pick another name or folder"
    assert [p.name for p in tmp_path.rglob("*")] == ["dragon_dice", "mine.txt"]
    line = one_error("new-game", NAME, "--dir", tmp_path / "nowhere")
    assert line == f"error: new-game: --dir {tmp_path / 'nowhere'}: not a folder"


def test_check_game_refuses_bad_input_in_one_line():
    assert "unknown game 'no-such-game'" in one_error("check-game", "no-such-game")
    assert "--games must be at least 2, got 1" in one_error("check-game", "cake-race", "--games", "1")
    assert "unknown strategy 'nope'" in one_error("check-game", "cake-race", "--strategy", "nope")


# ----------------------------------------------------------------------------- broken variants
# name -> (edits of the new game's files, the FAIL lines check-game must print: each a
# pattern, and no other FAIL line)
VARIANTS = {
    # record_result writes the declared but unlisted TIE code for a loss
    "outcome": ([("rules.py", "K.WIN if w == f else K.LOSS", "K.WIN if w == f else K.TIE")],
                [r"random: outcome code 3 \(\d+ games\) not in Game\.outcomes \(1 win, 2 loss\)",
                 r"first: outcome code 3 \(\d+ games\) not in Game\.outcomes",
                 r"skill: outcome code 3 \(\d+ games\) not in Game\.outcomes"]),
    # the coin drawn from numba's own generator, not from the state's seeded stream
    "seed": ([("rules.py", "randint(st.rng, K.STREAM_COIN, 2)", "np.random.randint(0, 2)"),
              ("rules.py", "from ...harness import", "import numpy as np\n\nfrom ...harness import")],
             [r"random: the same seed gives the same rows: two runs of seed 1: \d+ of 120 games differ",
              r"random: the rows do not depend on the chunk size: ",
              r"random: the rows do not depend on the number of worker processes: 1 against 2: ",
              r"skill: the same seed gives the same rows: two runs of seed 1: \d+ of 120 games differ",
              r"skill: the rows do not depend on the chunk size: "]),
    # a result field named like the seating option `rivals`
    "field": ([("consts.py", '"rounds", "position"]', '"rounds", "rivals"]'),
               ("__init__.py", 'per_seat="position"', 'per_seat="rivals"')],
              [r"result fields: game 'v-field': result field 'rivals' has the name of its option "
               r"'rivals'", r"plays: not played \(the game is refused for its result fields\)"]),
    # the data's table without its source
    "source": ([("data/v_source.toml", 'source = "assumed"\n', "")],
               [r"data: .*v_source\.toml: race: missing key 'source'",
                r"plays: not played \(the game's data do not load\)"]),
    # a round goes on after a seat won: a later seat reaches the goal too
    "invariant": ([("rules.py", "            if st.sc[S_WINNER] >= 0:\n                break\n", "")],
                  [r"random: the game's invariants: a seat other than the winner at the goal "
                   r"\(\d+ games\) \(the first: game \d+\)",
                   r"first: the game's invariants: a seat other than the winner at the goal",
                   r"skill: the game's invariants: a seat other than the winner at the goal"]),
    # set-up leaves the seats where the chunk's last game left them
    "chunk": ([("rules.py", "st.sc[:], st.pos[:] = 0, 0", "st.sc[:] = 0")],
              [r"random: the rows do not depend on the chunk size: one chunk of 120 against chunks "
               r"of 21: \d+ of 120 games differ \(the first: game 21\)",
               r"random: the rows do not depend on the number of worker processes: ",
               r"first: the rows do not depend on the chunk size: ",
               r"skill: the rows do not depend on the chunk size: ",
               # a game that starts where the last one ended: a seat already at the goal
               r"skill: the game's invariants: a seat other than the winner at the goal"]),
}


@pytest.fixture(scope="module")
def variants(tmp_path_factory, checked):
    """check-game's output on each variant, each a game of its own name in a folder of its
    own, checked in parallel subprocesses. They compile after the new game has (`checked`),
    each in a process where no other of these games is on MEEPLESIM_GAME_PATH."""
    procs = {}
    for key, (edits, _) in VARIANTS.items():
        where = tmp_path_factory.mktemp(f"variant-{key}")
        folder = scaffold.new_game(f"v-{key}", where).folder
        for file, old, new in edits:
            path = folder / file
            text = path.read_text()
            assert old in text, (key, file, old)
            path.write_text(text.replace(old, new))
        env = {**os.environ, games.GAME_PATH_ENV: str(where)}
        procs[key] = subprocess.Popen(
            [sys.executable, "-m", "experiments.cli", "check-game", f"v-{key}", "--games", str(GAMES)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    done = {}
    for key, p in procs.items():
        out, err = p.communicate(timeout=300)
        done[key] = (p.returncode, out, err)
    return done


@pytest.mark.parametrize("key", VARIANTS)
def test_check_game_fails_a_broken_variant_on_its_own_line(variants, key):
    code, out, err = variants[key]
    lines = out.splitlines()
    fails = [x[len("FAIL: "):] for x in lines if x.startswith("FAIL: ")]
    assert code == 1, out + err
    patterns = VARIANTS[key][1]
    assert len(fails) == len(patterns), out
    for pattern, line in zip(patterns, fails):
        assert re.match(pattern, line), (pattern, line)
    assert all(x.startswith(("ok: ", "FAIL: ")) for x in lines[:-1]), out
    assert lines[-1] == f"v-{key}: {len(lines) - 1 - len(fails)} of {len(lines) - 1} checks passed"
