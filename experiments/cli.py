"""The `meeplesim` command line."""
from __future__ import annotations

import json
import sys
import time
from typing import List, Optional

import typer

from simcore import plugins
from simcore.errors import IllegalOption, UserError

app = typer.Typer(
    add_completion=False, no_args_is_help=True, rich_markup_mode=None,
    help="Monte Carlo balance and difficulty analysis for tabletop games.\n\n"
         "Examples:\n\n"
         "  meeplesim play --level standard --die white --players 3 --seed 7\n\n"
         "  meeplesim run --level complex --players 4 --games 20000\n\n"
         "  meeplesim ladder --games 2000",
)


def fail(message: str, code: int = 2):
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def guarded(fn):
    """Run a command body, turning bad input into one line on stderr and exit code 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except UserError as e:
            fail(str(e))
        except KeyboardInterrupt:
            fail("interrupted", 130)
    return wrapper


# ----------------------------------------------------------------------------- shared options
GameOpt = typer.Option("hidden-village", "--game", help="Game to play.")
LevelOpt = typer.Option(None, "--level", "-l",
                        help="Difficulty level: standard (the default), complex, terrible, "
                             "smurfnightmarish, or a custom level from the data (Hidden Village).")
DieOpt = typer.Option(None, "--die", help="Danger die: white or red (default: the level's).")
HungryOpt = typer.Option(None, "--hungry/--no-hungry",
                         help="Hungry Cracoucass variant (default: the level's; forced on at "
                              "Terrible and Smurfnightmarish).")
PlayersOpt = typer.Option(3, "--players", "-p", help="Number of players, 1 to 5.")
StrategyOpt = typer.Option("random", "--strategy", "-s", help="Strategy name (see `meeplesim strategies`).")
ParamOpt = typer.Option(None, "--param", help="Strategy parameter NAME=VALUE (repeatable).")
SeedOpt = typer.Option(1, "--seed", help="Root seed: the same seed gives the same games.")
TooLateOpt = typer.Option(None, "--too-late",
                          help="Where Too Late goes in the Gargamel deck: bottom, or bottom-K "
                               "(shuffled into the bottom K cards). Default: setup.toml's.")
FiniteOpt = typer.Option(False, "--finite-supply", help="Cap each resource at the box's 20 tokens.")
DataOpt = typer.Option(None, "--data",
                       help="Folder of rules data files; each file there replaces the default one.")
JsonOpt = typer.Option(False, "--json", help="Machine-readable output.")
CardsOpt = typer.Option(None, "--cards",
                        help="A card catalog file (TOML with [[smurf]], [[invention]], [[cake]] and "
                             "[[gargamel]] tables) replacing the four card files.")
OptionOpt = typer.Option(None, "--option", "-o",
                         help="A game's own option NAME=VALUE (repeatable), e.g. for cake-race: "
                              "rivals=adaptive, seat=0 (see the README).")
WithoutOpt = typer.Option(None, "--without",
                          help="Remove a card from the mix by id (repeatable; ids: `meeplesim cards list`).")


def parse_options(items) -> dict:
    """['rivals=adaptive', 'seat=0'] -> {"rivals": "adaptive", "seat": "0"}."""
    out = {}
    for item in items or []:
        k, sep, v = item.partition("=")
        k = k.strip().replace("-", "_")
        if not sep or not k or not v.strip():
            raise UserError(f"--option '{item}' is not of the form NAME=VALUE")
        out[k] = v.strip()
    return out


def _spec(game, level, die, hungry, players, strategy, param, seed, too_late, finite, data,
          cards=None, without=None, option=None):
    import strategies
    from experiments.runs import RunSpec
    return RunSpec(game=game, level=level, die=die, hungry=hungry, players=players,
                   strategy=strategy, params=strategies.parse_params(param), seed=seed,
                   too_late=too_late, finite_supply=finite, data_dir=data, cards=cards,
                   without=tuple(without or ()), options=parse_options(option))


def _describe_variant(v, strategy, mix="default", mod=None):
    if mod is not None and hasattr(mod, "describe"):
        return mod.describe(v, strategy)
    return (f"level {v.level}, {v.die} die, Hungry Cracoucass {'on' if v.hungry else 'off'}, "
            f"{v.players} player{'s' if v.players > 1 else ''}, strategy {strategy}"
            + (f", Too Late {v.too_late}" if v.too_late != "bottom" else "")
            + (", finite supply" if v.finite_supply else "")
            + (f", cards {mix}" if mix != "default" else ""))


# ----------------------------------------------------------------------------- play
@app.command()
@guarded
def play(
    game: str = GameOpt, level: str = LevelOpt, die: Optional[str] = DieOpt,
    hungry: Optional[bool] = HungryOpt, players: int = PlayersOpt, strategy: str = StrategyOpt,
    param: Optional[List[str]] = ParamOpt, seed: int = SeedOpt,
    game_index: int = typer.Option(0, "--game-index", help="Which game of the seed to play."),
    too_late: Optional[str] = TooLateOpt, finite_supply: bool = FiniteOpt,
    data: Optional[str] = DataOpt, cards: Optional[str] = CardsOpt,
    without: Optional[List[str]] = WithoutOpt, option: Optional[List[str]] = OptionOpt,
    as_json: bool = JsonOpt,
):
    """Play one game and print its log.

    Example: meeplesim play --level standard --die white --players 3 --strategy random --seed 7
    """
    from experiments.runs import prepare
    if game_index < 0:
        raise UserError(f"--game-index must be at least 0, got {game_index}")
    spec = _spec(game, level, die, hungry, players, strategy, param, seed, too_late, finite_supply, data,
                 cards, without, option)
    mod, cat, cfg, variant, strat, params = prepare(spec)
    try:
        st, events, row = mod.play_logged(cat, cfg, strat.kernel_id, params, seed, game_index)
    except IllegalOption as e:
        raise e.for_strategy(strat.name, plugins.last_non_index()) from None
    if as_json:
        for rec in mod.event_records(events, cat):
            typer.echo(json.dumps(rec))
        return
    typer.echo(f"{mod.TITLE}: {_describe_variant(variant, strategy, cat.mix, mod)}; seed {seed}, game {game_index}")
    typer.echo("\n".join(mod.format_log(events, cat)))
    typer.echo("")
    typer.echo("\n".join(mod.objectives_summary(st, cat)))


# ----------------------------------------------------------------------------- run
def _progress(total: int, label: str):
    """A rich progress bar on a terminal (games/s and ETA), nothing otherwise."""
    if not sys.stderr.isatty():
        return None, None
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeRemainingColumn)

    class Rate(TextColumn):
        def render(self, task):
            speed = task.finished_speed or task.speed
            from rich.text import Text
            return Text(f"{speed:,.0f} games/s" if speed else "")

    bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), Rate(""),
                   TimeRemainingColumn(), transient=True)
    bar.start()
    task = bar.add_task(label, total=total)
    return bar, (lambda n: bar.advance(task, n))


JobsOpt = typer.Option(None, "--jobs", "-j",
                       help="Worker processes (default: all cores; 1 plays in this process).")
BackendOpt = typer.Option("loky", "--backend",
                          help="loky (local processes) or dask (a dask.distributed cluster, with --scheduler).")
SchedulerOpt = typer.Option(None, "--scheduler", help="The dask scheduler's address, e.g. tcp://host:8786.")
ChunkOpt = typer.Option(2000, "--chunk", help="Games per chunk (the unit of work and of storage).")
ResultsOpt = typer.Option(None, "--results",
                          help="A results folder: one Parquet file per finished chunk and a manifest; "
                               "running the same command again resumes.")
HalfwidthOpt = typer.Option(None, "--until-halfwidth",
                            help="Keep adding games until the 95% interval's half-width is below H "
                                 "(--games is the first look; looks double up to --max-games; each "
                                 "look's interval is widened by a Bonferroni split of the 5% over "
                                 "the looks, so the reported interval keeps 95% coverage).")
MaxGamesOpt = typer.Option(None, "--max-games",
                           help="With --until-halfwidth: at most this many games per cell (default 1 000 000).")


class _Bar:
    """One progress bar (rich, games/s and ETA) on a terminal; nothing otherwise."""

    def __init__(self, label: str):
        self.bar = self.task = None
        if not sys.stderr.isatty():
            return
        bar, _ = _progress(0, label)
        self.bar, self.task = bar, bar.task_ids[0]

    def add_total(self, n: int):
        if self.bar:
            t = self.bar.tasks[0]
            self.bar.update(self.task, total=(t.total or 0) + n)

    def advance(self, n: int):
        if self.bar:
            self.bar.advance(self.task, n)

    def stop(self):
        if self.bar:
            self.bar.stop()


def _open_store(results, kind, identity, cells):
    if results is None:
        return None
    from simcore.store import ResultsStore
    return ResultsStore(results, kind, identity, {c.id: c.definition for c in cells})


def _play(cells, units, games, results, kind, identity, chunk, jobs, backend, scheduler,
          until_halfwidth, max_games, label):
    """Play the units' cells (into a results folder if given); returns (player, stops, z, info)."""
    from experiments import engine
    engine.check_stopping(games, until_halfwidth, max_games)
    from simcore.runner import BACKENDS, check_jobs
    check_jobs(jobs)
    if backend not in BACKENDS:
        raise UserError(f"unknown backend '{backend}' (known: {', '.join(BACKENDS)})")
    if chunk < 1:
        raise UserError(f"--chunk must be at least 1, got {chunk}")
    store = _open_store(results, kind, identity, cells)
    bar = _Bar(label)
    try:
        player = engine.Player(cells, store=store, chunk=chunk, jobs=jobs, backend=backend,
                               scheduler=scheduler, progress=bar)
        stops, z, info = engine.play_units(player, units, games, until_halfwidth, max_games)
    finally:
        bar.stop()
        if store is not None:
            store.close()
    return player, stops, z, info


def _ci_words(info, z):
    if info["rule"] == "fixed":
        return "95% CI"
    return f"95% CI, sequential: z {z:.3f} over {len(info['looks'])} looks"


@app.command()
@guarded
def run(
    game: str = GameOpt, level: str = LevelOpt, die: Optional[str] = DieOpt,
    hungry: Optional[bool] = HungryOpt, players: int = PlayersOpt, strategy: str = StrategyOpt,
    param: Optional[List[str]] = ParamOpt, seed: int = SeedOpt,
    games: int = typer.Option(10000, "--games", "-n", help="Number of games to play (the first look with --until-halfwidth)."),
    too_late: Optional[str] = TooLateOpt, finite_supply: bool = FiniteOpt,
    data: Optional[str] = DataOpt, cards: Optional[str] = CardsOpt,
    without: Optional[List[str]] = WithoutOpt, option: Optional[List[str]] = OptionOpt,
    as_json: bool = JsonOpt,
    jobs: Optional[int] = JobsOpt, backend: str = BackendOpt, scheduler: Optional[str] = SchedulerOpt,
    chunk: int = ChunkOpt, results: Optional[str] = ResultsOpt,
    until_halfwidth: Optional[float] = HalfwidthOpt, max_games: Optional[int] = MaxGamesOpt,
):
    """Play N games of one configuration: win rate with a 95% Wilson interval, mean rounds,
    loss reasons.

    Example: meeplesim run --level complex --players 4 --games 20000 --without beta-smurf

    Example: meeplesim run --level standard --until-halfwidth 0.005 --results results/std

    Example: meeplesim run --game cake-race --players 3 --strategy threshold --param k=6 -o rivals=adaptive
    """
    from experiments import engine, runs
    runs.check_games(games)
    spec = _spec(game, level, die, hungry, players, strategy, param, seed, too_late, finite_supply, data,
                 cards, without, option)
    mod, cat, cfg, variant, strat, params = runs.prepare(spec)
    cell = engine.make_cell("run", spec)
    t0 = time.perf_counter()
    player, stops, z, info = _play([cell], [("run",)], games, results, "run",
                                   {"game": game, "seed": seed, "code": engine.code_version(game)},
                                   chunk, jobs, backend, scheduler, until_halfwidth, max_games, "playing")
    secs = time.perf_counter() - t0
    n = stops[("run",)]
    s = runs.summarize(player.rows("run", n), mod.RESULT_FIELDS, mod.LOSS_REASONS, mod)
    if info["rule"] != "fixed":
        s.update({k: v for k, v in engine.win_stats(player.wins("run", n), z).items()
                  if k in ("ci_low", "ci_high")})
    if hasattr(mod, "summary_lines"):        # a game with its own summary
        if as_json:
            out = {"game": game, **variant._asdict(), "strategy": strategy, "params": spec.params,
                   "seed": seed, "catalog": cat.digest, **s, "seconds": round(secs, 3)}
            if info["rule"] != "fixed":
                out["stopping"] = info
            if results:
                out["results"] = results
            typer.echo(json.dumps(out))
            return
        typer.echo(f"{mod.TITLE}: {_describe_variant(variant, strategy, cat.mix, mod)}; seed {seed}")
        for line in mod.summary_lines(s, _ci_words(info, z)):
            typer.echo(line)
        typer.echo(f"time         {secs:.1f} s ({player.played / max(secs, 1e-9):,.0f} games/s played"
                   + (f", {s['games'] - player.played} games from {results}" if s['games'] > player.played else "")
                   + ")")
        return
    if as_json:
        out = {"game": game, "level": variant.level, "die": variant.die, "hungry": variant.hungry,
               "players": variant.players, "strategy": strategy, "params": spec.params,
               "seed": seed, "too_late": variant.too_late, "finite_supply": variant.finite_supply,
               "cards": cat.mix, "catalog": cat.digest, **s, "seconds": round(secs, 3)}
        if info["rule"] != "fixed":
            out["stopping"] = info
        if results:
            out["results"] = results
        typer.echo(json.dumps(out))
        return
    typer.echo(f"{mod.TITLE}: {_describe_variant(variant, strategy, cat.mix)}; seed {seed}")
    typer.echo(f"games        {s['games']}")
    typer.echo(f"wins         {s['wins']}")
    typer.echo(f"win rate     {100 * s['win_rate']:.2f}%  ({_ci_words(info, z)} {100 * s['ci_low']:.2f}% - {100 * s['ci_high']:.2f}%)")
    typer.echo(f"mean rounds  {s['mean_rounds']:.2f}")
    if s["loss_reasons"]:
        typer.echo("loss reasons " + ", ".join(f"{k} {v}" for k, v in s["loss_reasons"].items()))
    if s["losses_mean_left"]:
        left = s["losses_mean_left"]
        typer.echo(f"losses left  {left['forest_left']:.2f} lost Smurfs, {left['houses_left']:.2f} houses, "
                   f"{left['cakes_left']:.2f} cakes (mean)")
    typer.echo(f"time         {secs:.1f} s ({player.played / max(secs, 1e-9):,.0f} games/s played"
               + (f", {s['games'] - player.played} games from {results}" if s['games'] > player.played else "")
               + ")")


# ----------------------------------------------------------------------------- compare
def _parse_side(items, flag, game="hidden-village"):
    """--a die=white --a players=2 -> {"die": "white", "players": 2}; a game's own options
    (e.g. --a rivals=adaptive) and strategy parameters (--a param.k=4) too."""
    from experiments.grid import AXIS_OPTIONS, _game_axes
    game_axes = _game_axes(game)
    options = AXIS_OPTIONS + game_axes
    out = {}
    for item in items or []:
        if "=" not in item:
            raise UserError(f"{flag} {item}: expected NAME=VALUE (e.g. {flag} die=red)")
        k, v = (x.strip() for x in item.split("=", 1))
        if k.startswith("param."):
            import strategies
            out.setdefault("params", {}).update(strategies.parse_params([f"{k[6:]}={v}"]))
            continue
        k = k.replace("-", "_")
        if k not in options or k == "params":
            known = [a for a in options if a != "params"] + ["param.NAME"]
            raise UserError(f"{flag} {item}: unknown option '{k}' (known: {', '.join(known)})")
        if k in ("hungry", "finite_supply"):
            if v.lower() not in ("true", "false", "on", "off", "yes", "no"):
                raise UserError(f"{flag} {item}: {k} must be true or false")
            v = v.lower() in ("true", "on", "yes")
        elif k == "players":
            try:
                v = int(v)
            except ValueError:
                raise UserError(f"{flag} {item}: players must be a whole number")
        elif k == "without":
            v = sorted(x for x in v.split("+") if x) if v not in ("", "none") else []
        out[k] = v
    if not out:
        raise UserError(f"{flag}: give at least one NAME=VALUE (e.g. {flag} die=red)")
    return out


@app.command()
@guarded
def compare(
    a: List[str] = typer.Option(..., "--a", help="Configuration A: NAME=VALUE over the common options "
                                                 "(repeatable; e.g. die=white, players=2, strategy=greedy, "
                                                 "without=beta-smurf+robot-assistant)."),
    b: List[str] = typer.Option(..., "--b", help="Configuration B, likewise."),
    game: str = GameOpt, level: str = LevelOpt, die: Optional[str] = DieOpt,
    hungry: Optional[bool] = HungryOpt, players: int = PlayersOpt, strategy: str = StrategyOpt,
    param: Optional[List[str]] = ParamOpt, seed: int = SeedOpt,
    games: int = typer.Option(10000, "--games", "-n", help="Games of each configuration (the first look with --until-halfwidth)."),
    too_late: Optional[str] = TooLateOpt, finite_supply: bool = FiniteOpt,
    data: Optional[str] = DataOpt, cards: Optional[str] = CardsOpt,
    without: Optional[List[str]] = WithoutOpt, option: Optional[List[str]] = OptionOpt,
    as_json: bool = JsonOpt,
    jobs: Optional[int] = JobsOpt, backend: str = BackendOpt, scheduler: Optional[str] = SchedulerOpt,
    chunk: int = ChunkOpt, results: Optional[str] = ResultsOpt,
    until_halfwidth: Optional[float] = typer.Option(
        None, "--until-halfwidth", help="Keep adding games until the paired difference's 95% interval "
        "half-width is below H (same sequential rule as `run`: Bonferroni over the looks)."),
    max_games: Optional[int] = MaxGamesOpt,
):
    """Compare two configurations on the same seeds (paired game by game): each win rate with
    its 95% Wilson interval, the paired difference A - B with its 95% interval (normal, on the
    per-game differences), the interval the same difference would have unpaired, and the
    variance reduction the pairing gives.

    Example: meeplesim compare --a die=white --b die=red --level standard --strategy greedy
    """
    from experiments import engine, runs
    from experiments.grid import DEFAULTS, spec_from_options as grid_spec
    runs.check_games(games)
    sa, sb = _parse_side(a, "--a", game), _parse_side(b, "--b", game)
    base = {**DEFAULTS, "game": game, "level": level, "die": die, "hungry": hungry, "players": players,
            "strategy": strategy, "params": __import__("strategies").parse_params(param),
            "too_late": too_late, "finite_supply": finite_supply, "data": data, "cards": cards,
            "without": sorted(without or []), **parse_options(option)}
    for side in (sa, sb):
        if "params" in side:
            side["params"] = {**base["params"], **side["params"]}
    cells = [engine.make_cell("a", grid_spec({**base, **sa}, seed), sa),
             engine.make_cell("b", grid_spec({**base, **sb}, seed), sb)]
    if cells[0].definition == cells[1].definition:
        raise UserError("--a and --b give the same configuration: nothing to compare")
    player, stops, z, info = _play(cells, [("a", "b")], games, results, "compare",
                                   {"game": game, "seed": seed, "code": engine.code_version(game)},
                                   chunk, jobs, backend, scheduler, until_halfwidth, max_games, "comparing")
    n = stops[("a", "b")]
    r = engine.paired(player, "a", "b", n, z)
    for side, cell in (("a", cells[0]), ("b", cells[1])):
        r[side] = {**{k: v for k, v in cell.axes.items()}, **r[side], "mix": cell.mix}
    if as_json:
        from simcore.games import get_game, has_options
        out = {**r, "seed": seed, "players": players, "strategy": strategy}
        if not has_options(get_game(game)):
            out["level"] = level or "standard"
        if info["rule"] != "fixed":
            out["stopping"] = info
        typer.echo(json.dumps(out))
        return
    words = _ci_words(info, z)
    desc = lambda d: ", ".join(f"{k}={v}" if k != "params" else
                               ", ".join(f"param.{pk}={pv:g}" for pk, pv in v.items()) for k, v in d.items())
    typer.echo(f"paired comparison on seed {seed}, {n} games each (common options: "
               + (f"level {level or 'standard'}, " if game == "hidden-village" else f"game {game}, ")
               + f"{players} players, strategy {strategy})")
    for side, d in (("A", sa), ("B", sb)):
        s = r[side.lower()]
        typer.echo(f"{side}  {desc(d):<28} win rate {100 * s['win_rate']:6.2f}%  ({words} "
                   f"{100 * s['ci_low']:.2f}% - {100 * s['ci_high']:.2f}%)")
    typer.echo(f"A - B  {100 * r['diff']:+.2f} points  (paired {words} {100 * r['diff_ci_low']:+.2f} .. "
               f"{100 * r['diff_ci_high']:+.2f}; unpaired {100 * r['unpaired_ci_low']:+.2f} .. "
               f"{100 * r['unpaired_ci_high']:+.2f})")
    typer.echo(f"pairing removes {100 * r['variance_reduction']:.1f}% of the unpaired variance "
               f"(correlation of the outcomes {r['correlation']:.3f})")


# ----------------------------------------------------------------------------- sweep
@app.command()
@guarded
def sweep(
    experiment: str = typer.Argument(..., help="A built-in name (smoke, difficulty-ladder, die-duel, "
                                               "card-impact, balance, or a game's own, e.g. cake-thresholds) "
                                               "or a TOML grid file."),
    results: str = typer.Option(..., "--results", help="The results folder (created if needed; "
                                                      "running the same command again resumes)."),
    games: Optional[int] = typer.Option(None, "--games", "-n", help="Games per cell (default: the grid's)."),
    chunk: Optional[int] = typer.Option(None, "--chunk", help="Games per chunk (default: the grid's, or 2000)."),
    jobs: Optional[int] = JobsOpt, backend: str = BackendOpt, scheduler: Optional[str] = SchedulerOpt,
    until_halfwidth: Optional[float] = HalfwidthOpt, max_games: Optional[int] = MaxGamesOpt,
    as_json: bool = JsonOpt,
):
    """Run a declared grid of configurations into a results folder and print one row per cell.

    Every cell uses the grid's seed, so cells are paired game by game. Cell ids are the axis
    values (die=red,level=standard), sorted; adding a value to an axis keeps the finished
    cells. Combinations a level forbids (white die at Smurfnightmarish, no Hungry Cracoucass at
    Terrible or Smurfnightmarish) or a mix lacks cards for are skipped with a note. A grid with
    `compare = AXIS` also gets each cell's paired difference against the axis's first value
    (card-impact: ranked by the change).

    Example: meeplesim sweep difficulty-ladder --results results/ladder --jobs 2
    """
    from experiments import engine
    from experiments.grid import expand, load_grid, pairs
    grid = load_grid(experiment)
    if games is not None and games < 1:
        raise UserError(f"the number of games must be at least 1, got {games}")
    n_games = grid.games if games is None else games
    cells, skipped = expand(grid)
    for why in skipped:
        typer.echo(f"note: skipped {why}", err=True)
    prs = pairs(grid, cells)
    in_pair = {c for p in prs for c in p}
    units = prs + [(c.id,) for c in cells if c.id not in in_pair]
    sweep_game = grid.fixed.get("game", "hidden-village")
    identity = {"game": sweep_game, "seed": grid.seed,
                "code": engine.code_version(sweep_game), "experiment": grid.name, "axes": grid.axis_names}
    player, stops, z, info = _play(cells, units, n_games, results, "sweep", identity,
                                   chunk or grid.chunk, jobs, backend, scheduler, until_halfwidth,
                                   max_games, grid.name)
    n_of: dict = {}
    for u, n in stops.items():          # a baseline cell is in several pairs: its largest count
        for cid in u:
            n_of[cid] = max(n, n_of.get(cid, 0))
    from simcore.games import get_game
    extras = getattr(get_game(sweep_game), "cell_extras", None)   # a game's own per-cell numbers
    rows = []
    for c in cells:
        rows.append({"cell": c.id, **c.axes, "mix": c.mix, **engine.win_stats(player.wins(c.id, n_of[c.id]), z)})
        if extras is not None:
            rows[-1].update(extras(player.rows(c.id, n_of[c.id])))
    by_id = {r["cell"]: r for r in rows}
    for base, other in prs:
        n = stops[(base, other)]
        d = engine.paired(player, base, other, n, z)
        # the difference other - base: positive when the other value wins more often
        by_id[other].update({"diff_vs": base, "diff": -d["diff"], "diff_ci_low": -d["diff_ci_high"],
                             "diff_ci_high": -d["diff_ci_low"], "unpaired_ci_low": -d["unpaired_ci_high"],
                             "unpaired_ci_high": -d["unpaired_ci_low"]})
    if as_json:
        for r in rows:
            typer.echo(json.dumps(r))
        return
    words = _ci_words(info, z)
    typer.echo(f"{grid.name}: {len(cells)} cells, seed {grid.seed}, results in {results}"
               + (f" ({len(skipped)} skipped)" if skipped else ""))
    width = max(len("cell"), *(len(c.id) for c in cells))
    extra_keys = list(extras(player.rows(cells[0].id, 1))) if extras else []
    ci_width = 24 if extra_keys else 0
    typer.echo(f"{'cell':<{width}}  {'games':>8}  {'wins':>8}  {'win rate':>8}  {words:<{ci_width}}"
               + "".join(f"  {k:>14}" for k in extra_keys))
    for r in rows:
        ci = f"{100 * r['ci_low']:.2f}% - {100 * r['ci_high']:.2f}%"
        typer.echo(f"{r['cell']:<{width}}  {r['games']:>8}  {r['wins']:>8}  {100 * r['win_rate']:7.2f}%  "
                   f"{ci:<{ci_width}}" + "".join(f"  {r[k]:>14.3f}" for k in extra_keys))
    if prs:
        typer.echo("")
        typer.echo(f"paired differences against {grid.compare} = "
                   f"{next(r for r in rows if r['cell'] == prs[0][0])[grid.compare] or 'none'}"
                   + (", ranked by the change" if grid.compare == "without" else ""))
        diffs = [by_id[o] for _, o in prs]
        if grid.compare == "without":
            diffs.sort(key=lambda r: r["diff"])
        for r in diffs:
            typer.echo(f"{r['cell']:<{width}}  {100 * r['diff']:+7.2f} points  (paired {100 * r['diff_ci_low']:+.2f} .. "
                       f"{100 * r['diff_ci_high']:+.2f}; unpaired {100 * r['unpaired_ci_low']:+.2f} .. "
                       f"{100 * r['unpaired_ci_high']:+.2f})")


# ----------------------------------------------------------------------------- ladder
@app.command()
@guarded
def ladder(
    game: str = GameOpt, players: int = PlayersOpt, strategy: str = StrategyOpt,
    param: Optional[List[str]] = ParamOpt, seed: int = SeedOpt,
    games: int = typer.Option(2000, "--games", "-n", help="Games per level and die."),
    data: Optional[str] = DataOpt, cards: Optional[str] = CardsOpt,
    without: Optional[List[str]] = WithoutOpt, as_json: bool = JsonOpt,
):
    """Win odds of every level with the white and the red die, as a table.

    A level that requires the red die (Smurfnightmarish) has no white row. A level the card
    mix has too few cards for is left out, with a note.
    Example: meeplesim ladder --games 2000 --players 3
    """
    import importlib

    from experiments import runs
    from reports.tables import odds_table
    from simcore.games import get_game
    runs.check_games(games)
    mod = get_game(game)
    if not hasattr(mod, "load_catalog") or hasattr(mod, "OPTIONS"):
        raise UserError(f"game '{game}' has no difficulty levels: use `meeplesim sweep` or `run`")
    cat = mod.load_catalog(data, cards=cards, without=tuple(without or ()))
    mix_shortfall = importlib.import_module(f"{mod.__name__}.config").mix_shortfall
    cells = []
    skipped = []
    for level, lv in cat.levels.items():
        why = mix_shortfall(cat, level)
        if why:
            skipped.append(why)
            continue
        for die in ("white", "red"):
            if die == "white" and lv["super_danger_die"]:
                continue
            cells.append((level, die))
    if not cells:
        raise UserError("the card mix cannot set up any level: " + "; ".join(skipped))
    for why in skipped:
        typer.echo(f"note: left out: {why}", err=True)
    bar, tick = _progress(games * len(cells), "ladder")
    rows = []
    try:
        for level, die in cells:
            spec = _spec(game, level, die, None, players, strategy, param, seed, None, False, data,
                         cards, without)
            results = runs.run(spec, games, progress=tick)
            s = runs.summarize(results, mod.RESULT_FIELDS, mod.LOSS_REASONS)
            hungry = bool(cat.levels[level]["hungry_cracoucass"])
            rows.append({"level": level, "die": die, "hungry": hungry, "players": players,
                         "strategy": strategy, "seed": seed, "cards": cat.mix, **s})
    finally:
        if bar:
            bar.stop()
    if as_json:
        for r in rows:
            typer.echo(json.dumps(r))
        return
    typer.echo(f"{mod.TITLE}: win odds by level and die; {players} players, strategy {strategy}, "
               f"{games} games each, seed {seed}" + (f", cards {cat.mix}" if cat.mix != "default" else ""))
    typer.echo(odds_table(rows))


# ----------------------------------------------------------------------------- report
@app.command()
@guarded
def report(
    results: List[str] = typer.Argument(..., metavar="RESULTS_DIR...",
                                        help="One or more results folders (made by sweep, run "
                                             "or compare with --results)."),
    out: Optional[str] = typer.Option(None, "--out", "-o",
                                      help="The report folder (default: RESULTS_DIR/report); "
                                           "tables/*.csv, figures/*.png and index.html go there."),
):
    """Build the balance report of results folders: tables (CSV), figures (PNG) and one
    self-contained index.html (figures embedded) with the answers in plain words, the tables,
    the figures, the run's configuration and seeds, and every assumed rule value in force.

    Several folders (e.g. a balance sweep and a card-impact sweep) make one report; cells of
    different folders are never paired. Prints the path of index.html and the headline table.

    Example: meeplesim sweep balance --results results/balance && meeplesim report results/balance --out results/report
    """
    from pathlib import Path

    from experiments import reporting
    df, sources = reporting.load(results)         # only reads: check the folders first
    out_dir = reporting.check_out(out or str(Path(results[0]) / "report"), results)
    found, notes, names = reporting.assumptions(sources)
    from reports.build import Context, build
    from simcore.games import get_game
    games = {s.manifest.get("identity", {}).get("game", "hidden-village") for s in sources}
    titles = []
    for g in sorted(games):
        try:
            mod = get_game(g)
            titles.append(mod.TITLE)
        except UserError:
            titles.append(g)
    reasons = {}
    for g in sorted(games):
        try:
            reasons.update(get_game(g).LOSS_REASONS)
        except UserError:
            pass
    ctx = Context(title=f"Balance report: {', '.join(titles)}", sources=sources, assumptions=found,
                  assumption_notes=notes, card_names=names, loss_reasons=reasons or None)
    if ctx.loss_reasons is None:
        from reports.tables import LOSS_REASONS
        ctx.loss_reasons = dict(LOSS_REASONS)
    t0 = time.perf_counter()
    w = build(df, ctx, out_dir)
    secs = time.perf_counter() - t0
    typer.echo(f"report: {w['index']}  ({len(df):,} games, {len(w['tables'])} tables, "
               f"{len(w['figures'])} figures, {len(found)} assumed rule values; {secs:.1f} s)")
    head = w["headline"]
    if not head.empty:
        typer.echo("")
        typer.echo(f"win rate and 95% interval, {int(head['players'].iloc[0])} players:")
        typer.echo(head.drop(columns=["players"]).to_string(index=False))
    for line in w["answers"]:
        typer.echo("")
        typer.echo(line)


# ----------------------------------------------------------------------------- listings
@app.command()
@guarded
def bench(
    out: str = typer.Option("bench.json", "--out", help="Where to write the measurements (JSON)."),
    no_compile: bool = typer.Option(False, "--no-compile",
                                    help="Skip the empty-cache compile measurement (it takes "
                                         "minutes); compile_s is then reported as nan."),
    seconds: float = typer.Option(3.0, "--seconds",
                                  help="Seconds of play per speed measurement (the median of "
                                       "five equal windows is reported)."),
    scaling_games: int = typer.Option(200000, "--scaling-games",
                                      help="Games of the 1-worker vs 2-worker measurement."),
):
    """Measure speed (games/s per core for random, greedy and planner at Standard and
    Smurfnightmarish), the 2-worker speed-up, plain-Python speed, warm start-up and compile
    time; print a table, write bench.json, and end with the BENCH line.

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


@app.command(name="strategies")
@guarded
def strategies_cmd(game: str = GameOpt):
    """List the strategies available for a game."""
    import strategies
    from simcore.games import get_game
    get_game(game)
    for name in strategies.available(game):
        s = strategies.get(name, game)
        params = ", ".join(f"{k}={v}" for k, v in s.params.items())
        typer.echo(f"{name:<10} {s.description}" + (f" (params: {params})" if params else ""))


@app.command()
@guarded
def levels(game: str = GameOpt, data: Optional[str] = DataOpt):
    """List the difficulty levels in the data, with their counts and mandatory variants."""
    from simcore.games import get_game
    mod = get_game(game)
    cat = mod.load_catalog(data)
    if not hasattr(cat, "levels"):
        raise UserError(f"game '{game}' has no difficulty levels")
    typer.echo(f"{'level':<18}{'houses':>7}{'lost':>6}{'cakes':>6}{'gargamel':>9}  mandatory")
    for lid, lv in cat.levels.items():
        forced = [n for n, k in (("Hungry Cracoucass", "hungry_cracoucass"),
                                 ("red die", "super_danger_die")) if lv[k]]
        typer.echo(f"{lid:<18}{lv['houses']:>7}{lv['lost_smurfs']:>6}{lv['cakes']:>6}"
                   f"{lv['gargamel_cards']:>9}  {', '.join(forced) or '-'}")


@app.command(name="check-data")
@guarded
def check_data(folder: str = typer.Argument(..., help="Folder of rules data files to check."),
               game: str = GameOpt):
    """Validate a folder of rules data files (each file there replaces the default one).

    Example: meeplesim check-data my-rules/
    """
    from pathlib import Path

    from simcore.games import get_game
    mod = get_game(game)
    cat = mod.load_catalog(folder)
    default_dir = Path(mod.__file__).resolve().parent / "data"
    replaced = [n for n, p in cat.files.items() if Path(p).resolve().parent != default_dir]
    if not hasattr(cat, "smurfs"):
        typer.echo(f"ok: {folder}: {', '.join(replaced) or 'no file'} replaced; "
                   f"{len(cat.assumptions)} assumed values")
        return
    typer.echo(f"ok: {folder}: {', '.join(replaced) or 'no file'} replaced; "
               f"{len(cat.smurfs)} Smurf cards, {len(cat.inventions)} inventions, {len(cat.cakes)} cakes, "
               f"{len(cat.gargamel)} Gargamel cards, {len(cat.levels)} levels; "
               f"{len(cat.assumptions)} assumed values")


# ----------------------------------------------------------------------------- cards
cards_app = typer.Typer(
    add_completion=False, no_args_is_help=True, rich_markup_mode=None,
    help="The cards of the mix: list them, show one, validate a card catalog file.\n\n"
         "Examples:\n\n"
         "  meeplesim cards list\n\n"
         "  meeplesim cards show beta-smurf\n\n"
         "  meeplesim cards validate my-cards.toml",
)
app.add_typer(cards_app, name="cards")


def _hv_catalog():
    from simcore.games.hidden_village import catalog
    return catalog


def _load_mix(data, cards, without):
    return _hv_catalog().load_catalog(data, cards=cards, without=tuple(without or ()))


def _inline(value):
    """A data value as TOML inline syntax ({ op = "draw", amount = 2 })."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return json.dumps(value)


@cards_app.command("list")
@guarded
def cards_list(data: Optional[str] = DataOpt, cards: Optional[str] = CardsOpt,
               without: Optional[List[str]] = WithoutOpt, as_json: bool = JsonOpt):
    """List every card of the mix: id, name, kind, source, text.

    One row per card, grouped Smurf, Invention, Cake, Gargamel. --json prints JSON lines with
    the effects, invention costs, Azrael values and cake prerequisites too.

    Example: meeplesim cards list --without beta-smurf
    """
    catalog = _hv_catalog()
    cat = _load_mix(data, cards, without)
    records = catalog.card_records(cat)
    if as_json:
        for rec in records:
            typer.echo(json.dumps(rec))
        return
    cols = ("category", "id", "name", "kind", "source")
    width = {c: max([len(c)] + [len(str(r[c])) for r in records]) for c in cols}
    typer.echo("  ".join(c.ljust(width[c]) for c in cols) + "  text")
    for r in records:
        typer.echo("  ".join(str(r[c]).ljust(width[c]) for c in cols) + "  " + r["text"])
    n = {c: sum(1 for r in records if r["category"] == c) for c in catalog.CATEGORY_TITLES}
    typer.echo(f"{len(records)} cards: " + ", ".join(f"{n[c]} {t}" for c, t in catalog.CATEGORY_TITLES.items())
               + f"; mix {cat.mix}")


@cards_app.command("show")
@guarded
def cards_show(card_id: str = typer.Argument(..., help="The card's id (see `meeplesim cards list`)."),
               data: Optional[str] = DataOpt, cards: Optional[str] = CardsOpt,
               without: Optional[List[str]] = WithoutOpt, as_json: bool = JsonOpt):
    """Every field of one card, as in its data file.

    Example: meeplesim cards show robot-assistant
    """
    import difflib
    catalog = _hv_catalog()
    cat = _load_mix(data, cards, without)
    found = [(c, row) for c, rows in (("smurf", cat.smurfs), ("invention", cat.inventions),
                                      ("cake", cat.cakes), ("gargamel", cat.gargamel))
             for row in rows if row["id"] == card_id]
    if not found:
        ids = sorted({r["id"] for r in catalog.card_records(cat)})
        near = difflib.get_close_matches(card_id, ids, n=1)
        raise UserError(f"no card '{card_id}' in the mix '{cat.mix}'"
                        + (f" (did you mean '{near[0]}'?)" if near else " (see `meeplesim cards list`)"))
    if as_json:
        recs = {r["id"] + r["category"]: r for r in catalog.card_records(cat)}
        for category, row in found:
            typer.echo(json.dumps(recs[card_id + category]))
        return
    for i, (category, row) in enumerate(found):
        if i:
            typer.echo("")
        fields = {"id": row["id"], "category": category, "kind": catalog.card_kind(category, row), **row}
        width = max(len(k) for k in fields)
        for key, value in fields.items():
            if key == "effects" and value:
                typer.echo(f"{key.ljust(width)}  {_inline(value[0])}")
                for eff in value[1:]:
                    typer.echo(f"{'': <{width}}  {_inline(eff)}")
            else:
                typer.echo(f"{key.ljust(width)}  {value if isinstance(value, str) else _inline(value)}")


@cards_app.command("validate")
@guarded
def cards_validate(file: str = typer.Argument(..., help="The card catalog file to check."),
                   data: Optional[str] = typer.Option(
                       None, "--data", help="Folder of rules data files to check against "
                                            "(board, levels, setup); default: the shipped ones.")):
    """Check a card catalog file and report every problem.

    The file holds [[smurf]], [[invention]], [[cake]] and [[gargamel]] tables, in the format of
    the four card files. Each problem is one line naming the file, the card and the field;
    the exit code is 2 if there is any.

    Example: meeplesim cards validate my-cards.toml
    """
    problems, summary = _hv_catalog().validate_cards(file, data)
    if problems:
        for e in problems:
            typer.echo(f"error: {e}", err=True)
        n = len(problems)
        typer.echo(f"{file}: {n} problem{'s' if n > 1 else ''}", err=True)
        raise typer.Exit(2)
    for note in summary["notes"]:
        typer.echo(f"note: {note}: that cannot be played with these cards")
    typer.echo(f"ok: {file}: {summary['smurfs']} Smurf cards ({summary['starting']} starting, "
               f"{summary['lost']} lost), {summary['inventions']} inventions, {summary['cakes']} cakes, "
               f"{summary['gargamel']} Gargamel cards; mix {summary['mix']}")


def _mount_game_commands():
    """A game package with a `commands` module gets its own command group, named after the
    game (`meeplesim <game> ...`); the module's `app` is a typer.Typer."""
    import importlib
    import pkgutil

    from simcore.games import GAMES
    for name, path in sorted(GAMES.items()):
        spec = importlib.util.find_spec(path)
        locations = spec.submodule_search_locations if spec else None
        if locations and any(m.name == "commands" for m in pkgutil.iter_modules(locations)):
            app.add_typer(importlib.import_module(f"{path}.commands").app, name=name)


import importlib.util  # noqa: E402
_mount_game_commands()


def main():
    app()


if __name__ == "__main__":
    main()
