"""The command line as the tests call it (typer's CliRunner): a command that must succeed, and
one whose bad input must be one error line with exit code 2; and `run_cli`, the command line in
a process of its own with a given MEEPLESIM_GAME_PATH."""
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from experiments.cli import app

cli = CliRunner()


def ok(*args) -> str:
    r = cli.invoke(app, [str(a) for a in args])
    assert r.exit_code == 0, r.output
    return r.output


def one_error(*args) -> str:
    r = cli.invoke(app, [str(a) for a in args])
    lines = r.output.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


def run_cli(*args, game_path=None, timeout: int = 120) -> subprocess.CompletedProcess:
    """`python -m experiments.cli ARGS` from the project's folder, with MEEPLESIM_GAME_PATH set
    to `game_path` (None: unset)."""
    from simcore.games import GAME_PATH_ENV
    env = {k: v for k, v in os.environ.items() if k != GAME_PATH_ENV}
    if game_path is not None:
        env[GAME_PATH_ENV] = str(game_path)
    return subprocess.run([sys.executable, "-m", "experiments.cli", *map(str, args)],
                          cwd=Path(__file__).resolve().parent.parent, env=env,
                          capture_output=True, text=True, timeout=timeout)
