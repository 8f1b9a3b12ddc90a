"""The `meeplesim` command line: a thin shell over experiments.api. Options are declared once
(options.py), commands parse, call one API function and print (show.py formats)."""
from __future__ import annotations

import importlib

import typer

from .common import guarded, known_games as _games
from .assumptions import app as _assumptions
from .commands import app as _commands
from .listings import app as _listings
from .results import app as _results

app = typer.Typer(
    add_completion=False, no_args_is_help=True, rich_markup_mode=None,
    help="Monte Carlo balance and difficulty analysis for tabletop games.\n\n"
         "Examples:\n\n"
         "  meeplesim games\n\n"
         "  meeplesim play --seed 7\n\n"
         "  meeplesim run --players 4 --games 20000\n\n"
         "  meeplesim ladder --games 2000\n\n"
         "  meeplesim COMMAND --help   (each command's own examples)",
)
for group in (_commands, _listings, _results):
    app.registered_commands += group.registered_commands
app.add_typer(_assumptions, name="assumptions")


def _mount_game_commands():
    """A game with its own commands (Game.commands: a module with a typer `app`) gets them as
    `meeplesim <game> ...`; bad input there is one error line, as everywhere."""
    for game in _games():
        if not game.commands:
            continue
        sub = importlib.import_module(game.commands).app
        _guard(sub)
        app.add_typer(sub, name=game.name)


def _guard(group: typer.Typer):
    for info in group.registered_commands:
        info.callback = guarded(info.callback)
    for sub in group.registered_groups:
        _guard(sub.typer_instance)


_mount_game_commands()


def _game_examples():
    """Each game's own examples (Game.examples) join the help of the command they run."""
    games = _games()
    for info in app.registered_commands:
        name = info.name or info.callback.__name__.replace("_cmd", "").replace("_", "-")
        lines = [e for g in games for e in g.examples if e.split()[1:2] == [name]]
        if lines:
            doc = info.help or info.callback.__doc__ or ""
            info.help = doc.rstrip() + "\n\n" + "\n\n".join(f"    Example: {e}" for e in lines)


_game_examples()


def main():
    import signal

    from .common import on_sigterm
    signal.signal(signal.SIGTERM, on_sigterm)
    app()
