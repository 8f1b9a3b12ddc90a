"""Every rule of every game's checklist has a test: `scripts/rules-coverage` shows full coverage
for each game package that keeps a rules-checklist.md, so a rule added without a test (or a
test's rule marker removed) fails the suite. And bad input gives one line and exit 2."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "rules-coverage"
GAMES = ROOT / "simcore" / "games"
# game folders found on disk, not listed, so a new game's checklist is checked as soon as it exists
WITH_CHECKLIST = sorted(p.name.replace("_", "-") for p in GAMES.iterdir()
                        if (p / "__init__.py").is_file() and (p / "rules-checklist.md").is_file())


def coverage(*args):
    # sys.executable stands in for the plain python3 a hook uses: the script needs only the stdlib
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_every_game_package_keeps_a_checklist():
    assert {"hidden-village", "cake-race"} <= set(WITH_CHECKLIST)


@pytest.mark.parametrize("game", WITH_CHECKLIST)
def test_every_rule_of_the_checklist_has_a_test(game):
    r = coverage("--game", game)
    assert r.returncode == 0, r.stderr
    last = r.stdout.strip().splitlines()[-1]
    m = re.fullmatch(r"RULES covered=(\d+) total=(\d+)", last)
    assert m, last
    covered, total = map(int, m.groups())
    assert total > 0, f"{game}: no rule IDs read from its checklist"
    assert covered == total, f"{game}: rules without a test:\n{r.stdout}"


def test_default_game_is_read_from_simcore_games():
    from simcore.games import DEFAULT_GAME
    assert coverage().stdout == coverage("--game", DEFAULT_GAME).stdout


@pytest.mark.parametrize("args, needle", [
    (["--game", "no-such-game"], "unknown game 'no-such-game' (known: "),
    (["--checklist", "no-such-file.md"], "checklist not found: no-such-file.md"),
    (["--no-such-option"], "unrecognized arguments"),
])
def test_bad_input_is_one_line_and_exit_2(args, needle):
    r = coverage(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], r.stderr
    if args[0] == "--game":
        for name in WITH_CHECKLIST:
            assert name in lines[0]


def test_a_game_brought_by_the_game_path_has_its_own_tests_counted(tmp_path):
    """A copy of the toy game outside the project, its rule IDs renamed so that no test of the
    project marks them: 0 covered from the project's tests alone; its own tests beside it (any
    file under its tests/, a test_*.py in its folder) count, and a file there that is not a
    test does not."""
    import os
    import shutil
    prefix = "ZQ"          # built, not written: the project's tests must not mark these IDs
    folder = tmp_path / "games" / "own_race"
    shutil.copytree(ROOT / "tests" / "toy_games" / "coin_race", folder,
                    ignore=shutil.ignore_patterns("__pycache__"))
    checklist = folder / "rules-checklist.md"
    checklist.write_text(checklist.read_text().replace("CN-", f"{prefix}-"))
    env = {**os.environ, "MEEPLESIM_GAME_PATH": str(tmp_path / "games")}

    def last():
        r = subprocess.run([sys.executable, str(SCRIPT), "--game", "own-race"], capture_output=True,
                           text=True, cwd=ROOT, timeout=60, env=env)
        assert r.returncode == 0, r.stderr
        return r.stdout.strip().splitlines()

    assert last()[-1] == "RULES covered=0 total=5"

    def marked(*ids):
        return "".join(f'@pytest.mark.rule("{prefix}-{i}")\n' for i in ids)
    (folder / "tests").mkdir()
    head = "import tomllib\nfrom pathlib import Path\n\nimport pytest\n\n\n"
    (folder / "tests" / "test_turn.py").write_text(head + marked("T01", "T02") + (
        "def test_heads_moves_three_spaces():\n"
        "    race = tomllib.loads((Path(__file__).parent.parent / 'data' / 'race.toml').read_text())\n"
        "    assert race['race']['heads'] == 3\n"))
    (folder / "test_end.py").write_text(head + marked("E01", "E02") + (
        "def test_the_goal_is_space_10_within_the_round_cap():\n"
        "    race = tomllib.loads((Path(__file__).parent / 'data' / 'race.toml').read_text())\n"
        "    assert race['race']['goal'] == 10 < race['race']['max_rounds']\n"))
    (folder / "notes.py").write_text("# not a test: " + marked("S01"))
    out = last()
    assert out[-1] == "RULES covered=4 total=5"
    assert out[:3] == ["Setup: 0/1  uncovered: ZQ-S01", "Turn: 2/2", "End: 2/2"]
