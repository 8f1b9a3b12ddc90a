"""Commands that list or check what a game has, and the benchmark."""
from __future__ import annotations

import typer

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
    g = _game(game)
    cat = g.load_catalog(folder)
    default_dir = g.folder / "data"
    replaced = [n for n, p in cat.files.items() if Path(p).resolve().parent != default_dir]
    what = f"{g.data_summary(cat)}; " if g.data_summary else ""
    levers = ""
    if g.levers and (Path(folder) / Path(g.levers).name).is_file():   # the folder's own levers
        from experiments import api
        levers = f"; {len(api.levers(g.name, folder))} levers"
    typer.echo(f"ok: {folder}: {', '.join(replaced) or 'no file'} replaced; {what}"
               f"{len(cat.assumptions)} assumed values{levers}")


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
