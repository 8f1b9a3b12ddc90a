"""Every command-line option, declared once and shared by the commands that take it, and the
game options every game declares (simcore.gamekit.Option) added to the commands that
configure a game (`play`, `run`, `compare`, `ladder`)."""
from __future__ import annotations

import functools
import inspect
from typing import Annotated, List, Optional

import typer

from simcore.errors import UserError

GameOpt = Annotated[Optional[str], typer.Option(
    "--game", help="The game (`meeplesim games` lists them; default: the flagship).")]
PlayersOpt = Annotated[Optional[int], typer.Option(
    "--players", "-p", help="Number of players (default: the game's).")]
StrategyOpt = Annotated[Optional[str], typer.Option(
    "--strategy", "-s", help="Strategy name or a plug-in module:function (default: the game's "
    "strongest fast strategy; see `meeplesim strategies`).")]
ParamOpt = Annotated[Optional[List[str]], typer.Option(
    "--param", help="Strategy parameter NAME=VALUE (repeatable).")]
SeatSkillOpt = Annotated[Optional[str], typer.Option(
    "--seat-skill", help="Each seat's own skill, in seat order (e.g. 0.9,0.4,0.4): the strategy's "
    "seat_1, seat_2, ... parameters (the `skill` strategy; seats left out play its `skill`).")]
SeedOpt = Annotated[int, typer.Option("--seed", help="Root seed: the same seed gives the same games.")]
DataOpt = Annotated[Optional[str], typer.Option(
    "--data", help="Folder of rules data files; each file there replaces the game's own.")]
OptionOpt = Annotated[Optional[List[str]], typer.Option(
    "--option", "-o", help="A game option NAME=VALUE (repeatable): the same as its own flag, "
    "e.g. -o level=complex, -o rivals=adaptive.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
GamesOpt = Annotated[int, typer.Option(
    "--games", "-n", help="Number of games (the first look with --until-halfwidth).")]
JobsOpt = Annotated[Optional[int], typer.Option(
    "--jobs", "-j", help="Worker processes (default: all cores; 1 plays in this process).")]
BackendOpt = Annotated[str, typer.Option(
    "--backend", help="loky (local processes) or dask (a dask.distributed cluster, with --scheduler).")]
SchedulerOpt = Annotated[Optional[str], typer.Option(
    "--scheduler", help="The dask scheduler's address, e.g. tcp://host:8786.")]
ChunkOpt = Annotated[int, typer.Option("--chunk", help="Games per chunk (the unit of work and of storage).")]
ResultsOpt = Annotated[Optional[str], typer.Option(
    "--results", help="A results folder: one Parquet file per finished chunk and a manifest; "
    "running the same command again resumes.")]
HalfwidthOpt = Annotated[Optional[float], typer.Option(
    "--until-halfwidth", help="Keep adding games until the 95% interval's half-width is below H "
    "(--games is the first look; looks double up to --max-games; each look's interval is widened "
    "by a Bonferroni split of the 5% over the looks, so the reported interval keeps 95% coverage).")]
MaxGamesOpt = Annotated[Optional[int], typer.Option(
    "--max-games", help="With --until-halfwidth: at most this many games per cell (default 1 000 000).")]


def parse_pairs(items, flag: str) -> dict:
    """['rivals=adaptive', 'seat=0'] -> {"rivals": "adaptive", "seat": "0"} (names with - or _)."""
    out = {}
    for item in items or []:
        k, sep, v = item.partition("=")
        k = k.strip().replace("-", "_")
        if not sep or not k:
            raise UserError(f"{flag} '{item}' is not of the form NAME=VALUE")
        out[k] = v
    return out


# ----------------------------------------------------------------------------- game options
def _declared() -> dict:
    """Every game option by name, with the games that declare it: one flag per name. Two
    games declaring one name with different kinds could not share a flag: an error at start."""
    from .common import known_games
    found: dict = {}
    for game in known_games():
        for o in game.options:
            if o.name in found and found[o.name][0].kind != o.kind:
                raise RuntimeError(f"option '{o.name}' has two kinds ({found[o.name][1]}, {game.name})")
            found.setdefault(o.name, (o, []))[1].append(game.name)
    return found


_TYPES = {"str": Optional[str], "int": Optional[int], "bool": Optional[bool],
          "list": Optional[List[str]]}


def _parameter(o, games) -> inspect.Parameter:
    decls = (f"{o.flag}/--no-{o.flag[2:]}",) if o.kind == "bool" else (o.flag,)
    help_ = f"{o.help} [{', '.join(games)}]"
    return inspect.Parameter(f"opt_{o.name}", inspect.Parameter.KEYWORD_ONLY,
                             default=typer.Option(None, *decls, help=help_),
                             annotation=_TYPES[o.kind])


def with_game_options(fn):
    """Add a flag for every game option (`--level`, `--rivals`, ...) to a command; the body
    receives `options`: the ones given (flags and `-o NAME=VALUE`), by name, as typed. The
    game checks them: a flag its game does not have is an error naming the game's options."""
    declared = _declared()
    sig = inspect.signature(fn, eval_str=True)
    own = [p for name, p in sig.parameters.items() if name != "options"]
    extra = [_parameter(o, games) for o, games in declared.values()]

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        options = parse_pairs(kwargs.pop("option", None), "--option")
        for name in declared:
            v = kwargs.pop(f"opt_{name}")
            if v is not None and not (isinstance(v, list) and not v):
                if name in options:
                    raise UserError(f"{name.replace('_', '-')} given twice (its flag and --option)")
                options[name] = v
        return fn(*args, options=options, **kwargs)

    wrapper.__signature__ = sig.replace(parameters=own + extra)
    wrapper.__annotations__ = {**{p.name: p.annotation for p in own},
                               **{p.name: p.annotation for p in extra}}
    del wrapper.__wrapped__          # typer must read the new signature, not the body's
    return wrapper


def make_spec(game, players, strategy, param, seed, data, options, seat_skill=None):
    import strategies
    from experiments.api import RunSpec
    from simcore.games import DEFAULT_GAME
    params = strategies.parse_params(param)
    params.update(seat_params(seat_skill))
    return RunSpec(game=DEFAULT_GAME if game is None else game, players=players,
                   strategy=strategy, params=params, seed=seed, data=data, options=options)


def seat_params(text) -> dict:
    """--seat-skill 0.9,0.4,0.4 -> {seat_1: 0.9, seat_2: 0.4, seat_3: 0.4}."""
    if not text:
        return {}
    out = {}
    for i, v in enumerate(text.split(","), 1):
        try:
            out[f"seat_{i}"] = float(v)
        except ValueError:
            raise UserError(f"--seat-skill '{text}': seat {i}'s skill '{v}' is not a number "
                            f"(e.g. --seat-skill 0.9,0.4,0.4)") from None
    return out


def parse_side(items, flag: str, game_name: str) -> dict:
    """--a die=white --a players=2 --a param.k=4 -> changes to the common spec: players,
    strategy, data, params and the game's own options by name."""
    import strategies
    from simcore.games import get_game
    game = get_game(game_name)
    names = ["players", "strategy", "data"] + [o.name for o in game.options]
    out: dict = {}
    for item in items or []:
        if "=" not in item:
            raise UserError(f"{flag} {item}: expected NAME=VALUE (e.g. {flag} strategy=greedy)")
        k, v = (x.strip() for x in item.split("=", 1))
        if k.startswith("param."):
            out.setdefault("params", {}).update(strategies.parse_params([f"{k[6:]}={v}"]))
            continue
        k = k.replace("-", "_")
        if k not in names:
            raise UserError(f"{flag} {item}: unknown option '{k}' (known: "
                            f"{', '.join(names + ['param.NAME'])})")
        if k == "players":
            try:
                out[k] = int(v)
            except ValueError:
                raise UserError(f"{flag} {item}: players must be a whole number") from None
        elif k in ("strategy", "data"):
            if not v:
                raise UserError(f"{flag} {item}: {k} is empty")
            # data=default: the game's own data files (against a folder of edited ones)
            out[k] = None if (k, v) == ("data", "default") else v
        else:
            out.setdefault("options", {})[k] = game.option(k).parse(v, f"{flag} {item}")
    if not out:
        raise UserError(f"{flag}: give at least one NAME=VALUE (e.g. {flag} strategy=greedy)")
    return out
