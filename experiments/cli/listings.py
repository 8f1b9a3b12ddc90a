"""Commands that list or check what a game has, start a new game, and the benchmark."""
from __future__ import annotations

from typing import Optional

import typer

from experiments.checkgame import DEFAULT_GAMES as DEFAULT_CHECK_GAMES
from simcore.errors import UserError

from . import show
from .common import guarded
from .options import DataOpt, GameOpt

app = typer.Typer()


def _game(name):
    from simcore.games import DEFAULT_GAME, get_game
    return get_game(DEFAULT_GAME if name is None else name)


@app.command()
@guarded
def games():
    """List the games with their defaults, options, built-in grids and extra commands.

    Example: meeplesim games
    """
    from simcore.games import DEFAULT_GAME, all_games
    for i, g in enumerate(all_games()):
        if i:
            typer.echo("")
        typer.echo(f"{g.name}{' (the default)' if g.name == DEFAULT_GAME else ''}: {g.title}")
        typer.echo(f"  players {g.default_players} by default; strategy {g.default_strategy} by default")
        for o in g.options:
            default = "" if o.default is None else f" (default: {show.value(o.default)})"
            typer.echo(f"  {o.flag:<16} {o.help}{default}")
        typer.echo(f"  grids: {', '.join(g.grids) or 'none'}")
        if g.commands:
            typer.echo(f"  commands: meeplesim {g.name} --help")


@app.command(name="strategies")
@guarded
def strategies_cmd(game: GameOpt = None):
    """List the strategies available for a game, with their parameters and defaults: the
    built-in ones and the plug-ins installed through the `meeplesim.strategies` entry point
    group (marked [plug-in], with the function they name)."""
    import strategies
    from simcore import plugins
    g = _game(game)
    installed = plugins.entry_points()
    for name in strategies.available(g.name):
        default = " [default]" if name == g.default_strategy else ""
        if name in strategies.plugin_names():
            mark = f" [plug-in {installed[name].value}]"
            try:
                s = strategies.get(name, g.name, load=False)
            except UserError as e:   # a broken package: listed with why, the others still are
                typer.echo(f"{name:<10} {e} [plug-in]")
                continue
        else:
            mark = ""
            s = strategies.get(name, g.name, load=False)
        typer.echo(f"{name:<10} {s.description}{default}{mark}")
        for line in show.strategy_params(s, strategies.get(s.extends, g.name, load=False)
                                         if s.extends else None):
            typer.echo(line)


@app.command()
@guarded
def levels(game: GameOpt = None, data: DataOpt = None):
    """List a game's difficulty levels in the data, with their counts and mandatory variants."""
    g = _game(game)
    if g.levels is None:
        raise UserError(f"game '{g.name}' has no difficulty levels")
    rows = g.levels(g.load_catalog(data))
    for line in show.table(rows, list(rows[0])):
        typer.echo(line)


@app.command(name="check-data")
@guarded
def check_data(folder: str = typer.Argument(..., help="Folder of rules data files to check."),
               game: GameOpt = None):
    """Validate a folder of rules data files (each file there replaces the game's own).

    Example: meeplesim check-data my-rules/
    """
    from pathlib import Path

    from experiments.checkgame import data_words
    g = _game(game)
    cat = g.load_catalog(folder)
    default_dir = g.folder / "data"
    replaced = [n for n, p in cat.files.items() if Path(p).resolve().parent != default_dir]
    levers = ""
    if g.levers and (Path(folder) / Path(g.levers).name).is_file():   # the folder's own levers
        from experiments import api
        levers = f"; {len(api.levers(g.name, folder))} levers"
    typer.echo(f"ok: {folder}: {', '.join(replaced) or 'no file'} replaced; "
               f"{data_words(g, cat)}{levers}")


@app.command(name="new-game")
@guarded
def new_game(name: str = typer.Argument(..., help="The game's name: lower-case letters and "
                                        "digits, words joined by - (its folder joins them by _)."),
             folder: str = typer.Option(".", "--dir", help="The folder to write the game's "
                                        "folder in (it must exist; default: this one).")):
    """Write a new game's folder that plays at once: the smallest competitive game (a race of
    steps and coin flips) under the new name, with its codes, rules, data file (a source per
    entry), rules checklist and a scenario test per rule ID; its comments say what to change.
    Prints the commands that play, test and check it.

    Example: meeplesim new-game dragon-dice --dir ~/my-games
    """
    import shlex

    from simcore.scaffold import new_game as write
    s = write(name, folder)
    where = shlex.quote(str(s.folder.parent))
    typer.echo(f"wrote {s.folder}: {', '.join(s.files)}")
    typer.echo(f"play it:  MEEPLESIM_GAME_PATH={where} meeplesim run --game {s.name}")
    typer.echo(f"test it:  MEEPLESIM_GAME_PATH={where} python -m pytest "
               f"{shlex.quote(str(s.folder / 'tests'))} -q")
    typer.echo(f"check it: MEEPLESIM_GAME_PATH={where} meeplesim check-game {s.name}")


@app.command(name="check-game")
@guarded
def check_game(name: str = typer.Argument(..., help="The game to check (meeplesim games lists "
                                          "them)."),
               strategy: Optional[str] = typer.Option(
                   None, "--strategy", help="Check this strategy alone (default: random and "
                   "every strategy the registry has for the game)."),
               games: int = typer.Option(DEFAULT_CHECK_GAMES, "--games",
                                         help="Games each strategy plays per check."),
               seed: int = typer.Option(1, "--seed", help="The root seed played.")):
    """Check a game's contract by playing it: its result fields named and none named like an
    option or a results column; its data read with every entry's source; then, with random
    and each of its strategies, every decision answered legally, every outcome and loss reason
    code one the game declares, and the same rows for the same seed, in one chunk or several,
    in one process or two. One line per check (ok: or FAIL:); exits 1 if any failed.

    Example: MEEPLESIM_GAME_PATH=~/my-games meeplesim check-game dragon-dice --games 500
    """
    from experiments.checkgame import check_game as checks
    failed = total = 0
    for c in checks(name, strategy, games, seed):
        typer.echo(c.line())
        total += 1
        failed += not c.ok
    typer.echo(f"{name}: {total - failed} of {total} checks passed")
    if failed:
        raise typer.Exit(1)


@app.command()
@guarded
def bench(
    out: str = typer.Option("bench.json", "--out", help="Where to write the measurements (JSON)."),
    no_compile: bool = typer.Option(False, "--no-compile",
                                    help="Skip the empty-cache compile measurements (the "
                                         "strategies the default game names: minutes); compile_s "
                                         "is then reported as nan."),
    seconds: float = typer.Option(3.0, "--seconds",
                                  help="Seconds of play per speed measurement (the median of "
                                       "five equal windows is reported)."),
    scaling_games: int = typer.Option(200000, "--scaling-games",
                                      help="Games of the 1-worker vs 2-worker measurement."),
):
    """Measure every game's speed: games/s per core of the rows each game declares (Hidden
    Village: random, greedy, planner and skill 0.5 at its easiest and hardest level), then, on
    the default game's headline row, the 2-worker speed-up, plain-Python speed, warm start-up
    and compile time; print a table, write bench.json, and end with the BENCH line.

    Example: meeplesim bench --out bench.json
    """
    from pathlib import Path

    from experiments.bench import run_benchmark
    if seconds <= 0 or scaling_games < 1000:
        raise UserError("--seconds must be positive and --scaling-games at least 1000")
    target = Path(out)
    if not target.parent.exists():
        raise UserError(f"--out {out}: folder {target.parent} does not exist")
    run_benchmark(target, measure_compile=not no_compile, seconds=seconds,
                  scaling_games=scaling_games, echo=typer.echo)
