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
