"""What every command shares: one error line for bad input, and one progress bar."""
from __future__ import annotations

import functools
import sys

import typer

from simcore.errors import UserError


def fail(message: str, code: int = 2):
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def known_games() -> list:
    """Every game, for what the command line declares at start (flags, game commands,
    examples); none when MEEPLESIM_GAME_PATH is wrong: then each command that asks for a game
    says so in one error line (simcore.games) instead of the start failing with a traceback."""
    from simcore.games import all_games
    try:
        return all_games()
    except UserError:
        return []


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is (as Ctrl-C raises KeyboardInterrupt), so a
    command stops the same way: finished chunks kept, temporary files removed."""


def on_sigterm(signum, frame):
    raise Terminated()


INTERRUPTED = ("interrupted{by}; the finished chunks of a results folder are kept: run the "
               "same command again to resume")


def guarded(fn):
    """Run a command body, turning bad input into one line on stderr and exit code 2 (130 on
    Ctrl-C, 143 on SIGTERM; 1 for a results folder that cannot be written)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except UserError as e:
            fail(str(e), getattr(e, "exit_code", 2))
        except Terminated:
            fail(INTERRUPTED.format(by=" (SIGTERM)"), 143)
        except KeyboardInterrupt:
            fail(INTERRUPTED.format(by=""), 130)
    return wrapper


class Bar:
    """The progress bar of every command that plays many games: rich, with games/s and the
    time left, on a terminal; nothing otherwise. The API calls add_total(n) when it plans
    games, advance(n) as they finish, and status(text) (optional) to say where it is; use it
    as a context manager."""

    def __init__(self, label: str):
        self.bar = self.task = None
        if not sys.stderr.isatty():
            return
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeRemainingColumn)
        from rich.text import Text

        class Rate(TextColumn):
            def render(self, task):
                speed = task.finished_speed or task.speed
                return Text(f"{speed:,.0f} games/s" if speed else "")

        self.bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), Rate(""),
                            TimeRemainingColumn(), TextColumn("{task.fields[status]}"), transient=True)
        self.bar.start()
        self.task = self.bar.add_task(label, total=0, status="")

    def add_total(self, n: int):
        if self.bar:
            self.bar.update(self.task, total=(self.bar.tasks[0].total or 0) + n)

    def advance(self, n: int):
        if self.bar:
            self.bar.advance(self.task, n)

    def status(self, text: str):
        """A word on where the work is, after the bar (e.g. a tune's nearest value so far)."""
        if self.bar:
            self.bar.update(self.task, status=text)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.bar:
            self.bar.stop()
