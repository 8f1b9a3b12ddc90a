"""The command line as the tests call it (typer's CliRunner): a command that must succeed, and
one whose bad input must be one error line with exit code 2."""
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
