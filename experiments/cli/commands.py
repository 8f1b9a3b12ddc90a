"""The commands that play games or read results: each parses its options, calls one function
of experiments.api and prints."""
from __future__ import annotations

import json
from typing import List, Optional

import typer

from experiments import api
from experiments.calibrate import DEFAULT_GAMES as CALIBRATE_GAMES, DEFAULT_POINTS as CALIBRATE_POINTS

from . import show
from .common import Bar, guarded
from .options import (BackendOpt, ChunkOpt, DataOpt, GameOpt, GamesOpt, HalfwidthOpt, JobsOpt,
                      JsonOpt, MaxGamesOpt, OptionOpt, ParamOpt, PlayersOpt, ResultsOpt,
                      SchedulerOpt, SeatSkillOpt, SeedOpt, StrategyOpt, make_spec, parse_side,
                      with_game_options)

app = typer.Typer()


def _execution(label, chunk, jobs, backend, scheduler, until_halfwidth, max_games):
    return api.Execution(chunk=chunk, jobs=jobs, backend=backend, scheduler=scheduler,
                         until_halfwidth=until_halfwidth, max_games=max_games,
                         progress=Bar(label), notes=_note)


def _note(line: str):
    """A note on stderr as it happens (a damaged chunk moved aside...)."""
    typer.echo(f"note: {line}", err=True)


def _echo(lines):
    for line in lines:
        typer.echo(line)


def _rows_out(notes, rows, as_json, lines, result):
    """Notes on stderr, then one JSON object per row, or the result's text."""
    for note in notes:
        typer.echo(f"note: {note}", err=True)
    _echo((json.dumps(r) for r in rows) if as_json else lines(result))


@app.command()
@guarded
@with_game_options
def play(
    game: GameOpt = None, players: PlayersOpt = None, strategy: StrategyOpt = None,
    param: ParamOpt = None, seat_skill: SeatSkillOpt = None, seed: SeedOpt = 1,
    data: DataOpt = None, option: OptionOpt = None,
    game_index: int = typer.Option(0, "--game-index", help="Which game of the seed to play."),
    as_json: JsonOpt = False, *, options: dict,
):
    """Play one game and print its log.

    Example: meeplesim play --players 3 --strategy random --seed 7
    """
    p = api.play(make_spec(game, players, strategy, param, seed, data, options, seat_skill), game_index)
    if as_json:
        _echo(json.dumps(rec) for rec in p.records())
        return
    typer.echo(f"{p.run.game.title}: {p.run.describe()}; seed {seed}, game {game_index}")
    _echo(p.log())


@app.command()
@guarded
@with_game_options
def run(
    game: GameOpt = None, players: PlayersOpt = None, strategy: StrategyOpt = None,
    param: ParamOpt = None, seat_skill: SeatSkillOpt = None, seed: SeedOpt = 1,
    data: DataOpt = None, option: OptionOpt = None,
    games: GamesOpt = 10000, as_json: JsonOpt = False, jobs: JobsOpt = None,
    backend: BackendOpt = "loky", scheduler: SchedulerOpt = None, chunk: ChunkOpt = api.DEFAULT_CHUNK,
    results: ResultsOpt = None, until_halfwidth: HalfwidthOpt = None,
    max_games: MaxGamesOpt = None, *, options: dict,
):
    """Play N games of one configuration: the win rate with a 95% Wilson interval and the
    game's own summary (e.g. mean rounds, loss reasons, how far the losses were from the
    objectives; win rate by seat).

    Example: meeplesim run --players 4 --games 20000 --json

    Example: meeplesim run --until-halfwidth 0.005 --results results/run
    """
    spec = make_spec(game, players, strategy, param, seed, data, options, seat_skill)
    ex = _execution("playing", chunk, jobs, backend, scheduler, until_halfwidth, max_games)
    with ex.progress:
        r = api.run(spec, games, results, ex)
    if as_json:
        typer.echo(json.dumps(r.to_dict()))
        return
    _echo(show.run_lines(r) + show.stopping_notes(r.stopping))


@app.command()
@guarded
@with_game_options
def compare(
    a: List[str] = typer.Option(..., "--a", help="Configuration A: NAME=VALUE over the options "
                                "(repeatable; e.g. die=white, players=2, strategy=greedy, "
                                "param.k=4, without=wardrobe+robot-assistant)."),
    b: List[str] = typer.Option(..., "--b", help="Configuration B, likewise."),
    game: GameOpt = None, players: PlayersOpt = None, strategy: StrategyOpt = None,
    param: ParamOpt = None, seat_skill: SeatSkillOpt = None, seed: SeedOpt = 1,
    data: DataOpt = None, option: OptionOpt = None,
    games: GamesOpt = 10000, as_json: JsonOpt = False, jobs: JobsOpt = None,
    backend: BackendOpt = "loky", scheduler: SchedulerOpt = None, chunk: ChunkOpt = api.DEFAULT_CHUNK,
    results: ResultsOpt = None,
    until_halfwidth: Optional[float] = typer.Option(
        None, "--until-halfwidth", help="Keep adding games until the paired difference's 95% "
        "interval half-width is below H (same sequential rule as `run`: Bonferroni over the looks)."),
    max_games: MaxGamesOpt = None, *, options: dict,
):
    """Compare two configurations on the same seeds (paired game by game): each win rate with
    its 95% Wilson interval, the paired difference A - B with its 95% interval (normal, on the
    per-game differences), the interval the same difference would have unpaired, and the
    variance reduction the pairing gives. The options outside --a and --b are common to both.

    Example: meeplesim compare --a strategy=greedy --b strategy=planner --players 2
    """
    base = make_spec(game, players, strategy, param, seed, data, options, seat_skill)
    sides = []
    for items, flag in ((a, "--a"), (b, "--b")):
        changes = parse_side(items, flag, base.game)
        if "params" in changes:
            changes["params"] = {**base.params, **changes["params"]}
        sides.append(base.but(**changes))
    ex = _execution("comparing", chunk, jobs, backend, scheduler, until_halfwidth, max_games)
    with ex.progress:
        c = api.compare(sides[0], sides[1], games, results, ex)
    if as_json:
        typer.echo(json.dumps(c.to_dict()))
        return
    _echo(show.compare_lines(c))


@app.command()
@guarded
def sweep(
    experiment: str = typer.Argument(..., help="A built-in grid (`meeplesim games` lists each "
                                     "game's) or a TOML grid file."),
    results: str = typer.Option(..., "--results", help="The results folder (created if needed; "
                                "running the same command again resumes)."),
    games: Optional[int] = typer.Option(None, "--games", "-n", help="Games per cell (default: the grid's)."),
    chunk: Optional[int] = typer.Option(None, "--chunk", help="Games per chunk (default: the grid's, or 2000)."),
    jobs: JobsOpt = None, backend: BackendOpt = "loky", scheduler: SchedulerOpt = None,
    until_halfwidth: HalfwidthOpt = None, max_games: MaxGamesOpt = None, as_json: JsonOpt = False,
):
    """Run a declared grid of configurations into a results folder and print one row per cell.

    Every cell uses the grid's seed, so cells are paired game by game. Cell ids are the axis
    values (die=red,level=standard), sorted; adding a value to an axis keeps the finished
    cells. Combinations the game's data forbid (an option a level makes mandatory, a card mix
    a level lacks cards for) are skipped with a note. A grid with `compare = AXIS` also gets
    each cell's paired difference against the axis's first value.

    Example: meeplesim sweep my-grid.toml --results results/mine --jobs 2
    """
    ex = _execution(experiment, 1, jobs, backend, scheduler, until_halfwidth, max_games)
    with ex.progress:
        s = api.sweep(experiment, results, games, ex, chunk=chunk)
    _rows_out([f"skipped {why}" for why in s.skipped], s.rows, as_json, show.sweep_lines, s)


@app.command()
@guarded
@with_game_options
def sensitivity(
    game: GameOpt = None, players: PlayersOpt = None, strategy: StrategyOpt = None,
    param: ParamOpt = None, seed: SeedOpt = 1, data: DataOpt = None, option: OptionOpt = None,
    across: Optional[List[str]] = typer.Option(
        None, "--across", help="Also vary an option: NAME=V1,V2,... (repeatable; crossed), e.g. "
        "level=standard,terrible or players=2,3. Each value is a setting of its own."),
    games: int = typer.Option(2000, "--games", "-n", help="Games per rule set (the first look "
                              "with --until-halfwidth)."),
    samples: int = typer.Option(64, "--samples", help="Rule sets of many knobs at once (a Latin "
                                "hypercube over the knobs' readings)."),
    interactions: int = typer.Option(4, "--interactions", help="Play every pair among this many "
                                     "knobs with the largest single effects (0: none)."),
    top: int = typer.Option(0, "--top", help="List only the knobs of this rank or better (0: all)."),
    as_json: JsonOpt = False, jobs: JobsOpt = None, backend: BackendOpt = "loky",
    scheduler: SchedulerOpt = None, chunk: ChunkOpt = api.DEFAULT_CHUNK, results: ResultsOpt = None,
    until_halfwidth: Optional[float] = typer.Option(
        None, "--until-halfwidth", help="Per rule set: keep adding games until its paired "
        "difference from the default has a 95% interval half-width below H (sequential rule of "
        "`compare`)."),
    max_games: MaxGamesOpt = None, *, options: dict,
):
    """How much the unknown rules matter: the game's default rules against every alternative
    of every knob (`meeplesim assumptions list`) on the same seeds, paired game by game and
    ranked by the change in win rate with paired 95% intervals (a tornado; marks for the
    effects that survive a Benjamini-Hochberg false-discovery-rate correction); then the
    envelope of the win rate over every single alternative, over a space-filling sample of
    many knobs at once, and over the all-pessimistic and all-optimistic rule sets; and the
    interactions among the knobs with the largest effects. A game with no knobs has nothing
    in its rules assumed open: it says so and plays its default rules alone. Resumable with
    --results.

    Example: meeplesim sensitivity --level smurfnightmarish --strategy planner --json

    Example: meeplesim sensitivity --across level=standard,terrible --results results/sens
    """
    from experiments.sensitivity import parse_across
    spec = make_spec(game, players, strategy, param, seed, data, options)
    ex = _execution("sensitivity", chunk, jobs, backend, scheduler, until_halfwidth, max_games)
    with ex.progress:
        r = api.sensitivity(spec, parse_across(across), games, samples, interactions, results, ex)
    if as_json:
        _echo(json.dumps(d) for d in r.to_dicts())
        return
    _echo(show.sensitivity_lines(r, top or None))


@app.command()
@guarded
@with_game_options
def ladder(
    game: GameOpt = None, players: PlayersOpt = None, strategy: StrategyOpt = None,
    param: ParamOpt = None, seat_skill: SeatSkillOpt = None, seed: SeedOpt = 1,
    data: DataOpt = None, option: OptionOpt = None,
    games: int = typer.Option(2000, "--games", "-n", help="Games per cell."),
    jobs: JobsOpt = None, as_json: JsonOpt = False, *, options: dict,
):
    """The win odds of every difficulty level of a game (e.g. each level with each danger
    die), on the same seeds, as a table.

    A combination a level forbids (a die it does not allow) has no row; a level the card mix
    has too few cards for is left out, with a note.

    Example: meeplesim ladder --games 2000 --players 3
    """
    spec = make_spec(game, players, strategy, param, seed, data, options, seat_skill)
    ex = api.Execution(jobs=jobs, progress=Bar("ladder"))
    with ex.progress:
        l = api.ladder(spec, games, ex)
    _rows_out([f"left out: {why}" for why in l.notes], l.rows, as_json, show.ladder_lines, l)


@app.command()
@guarded
@with_game_options
def curve(
    game: GameOpt = None, players: PlayersOpt = None, strategy: StrategyOpt = None,
    param: ParamOpt = None, seat_skill: SeatSkillOpt = None, seed: SeedOpt = 1,
    data: DataOpt = None, option: OptionOpt = None,
    points: int = typer.Option(11, "--points", help="Skills from 0 to 1 (at least 3; 11: steps of 0.1)."),
    games: int = typer.Option(2000, "--games", "-n", help="Games per point."),
    jobs: JobsOpt = None, as_json: JsonOpt = False, *, options: dict,
):
    """The difficulty curve: the win rate against the team's skill (the `skill` strategy, 0 to
    1) for each level and die, every point on the same seeds; with the skill needed for even
    odds and for 80% (a monotone fit, and a 95% interval by bootstrap over games). A game
    without levels draws one curve at the options given (a competitive game's: its focal
    seat's win rate against that seat's skill).

    A level or die option (--level, --die) keeps the curves that match it; --seat-skill fixes
    some seats while the others follow the curve's skill.

    Example: meeplesim curve --level terrible --games 2000
    """
    spec = make_spec(game, players, strategy, param, seed, data, options, seat_skill)
    ex = api.Execution(jobs=jobs, progress=Bar("curve"))
    with ex.progress:
        c = api.curve(spec, points=points, games=games, execution=ex)
    _rows_out(c.notes, [c.to_dict()], as_json, show.curve_lines, c)


@app.command()
@guarded
@with_game_options
def calibrate(
    playtests: str = typer.Argument(..., metavar="PLAYTESTS.csv", help="The table's games: one "
                                    "column per option that varies (level, die, players, mode, "
                                    "seat...), then games and wins, or won (1 or 0) a row."),
    game: GameOpt = None, players: PlayersOpt = None, strategy: StrategyOpt = None,
    param: ParamOpt = None, seed: SeedOpt = 1, data: DataOpt = None, option: OptionOpt = None,
    across: Optional[List[str]] = typer.Option(
        None, "--across", help="Also predict at these values of an option: NAME=V1,V2,... "
        "(repeatable; crossed with every level and die), e.g. players=2,4."),
    points: int = typer.Option(CALIBRATE_POINTS, "--points", help="Skills simulated from 0 to 1 "
                               "(at least 3; 11: steps of 0.1)."),
    games: int = typer.Option(CALIBRATE_GAMES, "--games", "-n", help="Games per configuration "
                              "and skill (each on the same seeds)."),
    band: bool = typer.Option(False, "--band", help="Also the band of the knobs beside each "
                              "prediction: the win rate's envelope over the rulebook's readings "
                              "(as `meeplesim sensitivity`) for a team of the calibrated skill."),
    band_games: int = typer.Option(500, "--band-games", help="With --band: games per rule set."),
    band_samples: int = typer.Option(16, "--band-samples", help="With --band: rule sets of many "
                                     "knobs at once (a Latin hypercube over the knobs' readings)."),
    jobs: JobsOpt = None, chunk: ChunkOpt = 500, results: ResultsOpt = None,
    as_json: JsonOpt = False, *, options: dict,
):
    """Place a real table on the game's skill scale (the `skill` strategy, 0 to 1) from its
    playtests, and predict its win rate everywhere else.

    Every configuration the playtests name, and every level and die of the game, is played
    at each skill on the same seeds; the likelihood of the table's wins at each skill (the
    simulation's Monte Carlo error integrated out) gives the skill and its 95% interval; a
    deviance test says whether one skill explains every row, and which configuration the table
    finds harder or easier than predicted; the predictions carry the skill's uncertainty.
    Options not in the file take the command line's values or the game's defaults; --band adds
    the band of the knobs at the calibrated skill. Resumable with --results.

    Example: meeplesim calibrate playtests.csv --players 3 --results results/our-table
    """
    from experiments.sensitivity import parse_across
    spec = make_spec(game, players, strategy, param, seed, data, options)
    ex = api.Execution(jobs=jobs, chunk=chunk, progress=Bar("calibrate"), notes=_note)
    with ex.progress:
        c = api.calibrate(playtests, spec, parse_across(across), games, points, results, ex,
                          band_games if band else None, band_samples)
    _rows_out(c.notes, [c.to_dict()], as_json, show.calibrate_lines, c)


@app.command()
@guarded
def report(
    results: List[str] = typer.Argument(..., metavar="RESULTS_DIR...",
                                        help="One or more results folders (made by sweep, run "
                                             "or compare with --results), all of one game."),
    out: Optional[str] = typer.Option(None, "--out", "-o",
                                      help="The report folder (default: RESULTS_DIR/report); "
                                           "tables/*.csv, figures/*.png and index.html go there."),
    title: Optional[str] = typer.Option(None, "--title", help="The report's title (default: "
                                        "'Balance report: ' and the game's name)."),
):
    """Build the balance report of results folders: tables (CSV), figures (PNG) and one
    self-contained index.html (figures embedded) with the answers in plain words, the tables,
    the figures, the run's configuration and seeds, and every assumed rule value in force.

    Several folders (e.g. a balance sweep and a card-impact sweep) make one report; cells of
    different folders are never paired. Prints the path of index.html and the headline table.

    Example: meeplesim report results/mine --out results/report --title "Our first sweep"
    """
    w = api.report(results, out, title)
    from simcore.reportkit import count
    typer.echo(f"report: {w['index']}  ({w['games']:,} games, {count(len(w['tables']), 'table')}, "
               f"{count(len(w['figures']), 'figure')}, {w['assumptions']} assumed rule values; "
               f"{w['seconds']:.1f} s)")
    head = w["headline"]
    if head is not None and not head.empty:
        typer.echo("")
        typer.echo(w["headline_title"])
        typer.echo(head.to_string(index=False))
    for line in w["answers"]:
        typer.echo("")
        typer.echo(line)


@app.command()
@guarded
@with_game_options
def tune(
    target: Optional[List[str]] = typer.Option(
        None, "--target", help="A target win rate KEY=P (repeatable): KEY a difficulty level "
        "(e.g. terrible=0.5), or win for the setting given (a game without levels)."),
    targets: Optional[str] = typer.Option(
        None, "--targets", help="A TOML file of targets ([target] KEY = P), and optionally the "
        "strategy, players and params that play them."),
    lever: Optional[List[str]] = typer.Option(
        None, "--lever", help="A lever the tune may move: ID or ID=LOW..HIGH (repeatable; a lever "
        "declared per level moves each target level's own; default: the game's first lever "
        "that fits each target; `--list-levers`)."),
    list_levers: bool = typer.Option(False, "--list-levers", help="List the game's levers "
                                     "(id, field, range, step, current value) and stop."),
    game: GameOpt = None, players: PlayersOpt = None, strategy: StrategyOpt = None,
    param: ParamOpt = None, seat_skill: SeatSkillOpt = None, seed: SeedOpt = 1,
    data: DataOpt = None, option: OptionOpt = None,
    games: int = typer.Option(500, "--games", "-n", help="A candidate value's first look (games; "
                              "looks double up to --max-games)."),
    max_games: int = typer.Option(16000, "--max-games", help="A candidate value's last look: a "
                                  "value whose interval still holds the target there is the answer."),
    confirm_games: int = typer.Option(10000, "--confirm-games", help="Games of the proposal on "
                                      "fresh seeds (its reported win rate and interval)."),
    band_games: int = typer.Option(1000, "--band-games", help="Games per rule set of the band "
                                   "over the assumption knobs at the proposal (0: no band)."),
    exhaustive: bool = typer.Option(False, "--exhaustive", help="Play every value of each lever's "
                                    "range at --max-games paired games instead of the bisection "
                                    "(the search's check)."),
    optimiser: str = typer.Option("optuna", "--optimiser", help="Several levers for a target: "
                                  "optuna (TPE) or nevergrad (NGOpt; pip install nevergrad)."),
    trials: int = typer.Option(0, "--trials", help="Several levers: points asked of the "
                               "optimiser (0: 20 + 30 per lever)."),
    calibrated: Optional[str] = typer.Option(
        None, "--calibrated", metavar="PLAYTESTS.csv", help="Tune for a real table: its "
        "playtests placed on the skill scale (as `meeplesim calibrate`), the levers tuned for "
        "the `skill` strategy at the middle of its 95% skill interval, and the proposal "
        "replayed at both ends of the interval."),
    calibration_games: Optional[int] = typer.Option(
        None, "--calibration-games", help=f"With --calibrated: games per configuration and skill "
        f"(default {CALIBRATE_GAMES})."),
    calibration_points: Optional[int] = typer.Option(
        None, "--calibration-points", help=f"With --calibrated: skills simulated from 0 to 1 "
        f"(default {CALIBRATE_POINTS})."),
    as_json: JsonOpt = False, jobs: JobsOpt = None, backend: BackendOpt = "loky",
    scheduler: SchedulerOpt = None, chunk: ChunkOpt = api.DEFAULT_CHUNK, results: ResultsOpt = None,
    *, options: dict,
):
    """Design mode: the value of a data field (a lever: a level's lost Smurfs, the cake
    supply...) that brings a win rate to a target, found by a noisy bisection on paired seeds
    (the lever's direction measured first), or, with several levers for a target, by an
    optimiser over the squared miss; then replayed on fresh seeds for its 95% interval, with
    the band of that win rate over the assumption knobs. Resumable with --results.

    Example: meeplesim tune --target terrible=0.5 --strategy greedy

    Example: meeplesim tune --target standard=0.85 --target complex=0.65 --lever lost-smurfs --json

    Example: meeplesim tune --target terrible=0.4 --lever lost-smurfs --lever gargamel-cards

    Example: meeplesim tune --list-levers

    Example: meeplesim tune --calibrated playtests.csv --target terrible=0.5
    """
    if list_levers:
        rows = [lv.row() for lv in api.levers(game, data)]
        _echo((json.dumps(r) for r in rows) if as_json else show.lever_lines(rows))
        return
    items = list(target or [])
    if targets:
        from experiments.tune import targets_file
        more_items, more = targets_file(targets)
        items = more_items + items
        strategy = strategy or more.get("strategy")
        players = players if players is not None else more.get("players")
        param = [f"{k}={v}" for k, v in more.get("params", {}).items()] + list(param or [])
    spec = make_spec(game, players, strategy, param, seed, data, options, seat_skill)
    if calibrated is None and (calibration_games, calibration_points) != (None, None):
        from simcore.errors import UserError
        flag = "--calibration-games" if calibration_games is not None else "--calibration-points"
        raise UserError(f"{flag} goes with --calibrated PLAYTESTS.csv")
    ex = _execution("tuning", chunk, jobs, backend, scheduler, None, None)
    with ex.progress:
        if calibrated is not None:
            r = api.tune_calibrated(calibrated, spec, items,
                                    CALIBRATE_GAMES if calibration_games is None else calibration_games,
                                    CALIBRATE_POINTS if calibration_points is None else calibration_points,
                                    lever or (), games, max_games, confirm_games, band_games,
                                    results, ex, exhaustive, optimiser, trials)
        else:
            r = api.tune(spec, items, lever or (), games, max_games, confirm_games, band_games,
                         results, ex, exhaustive, optimiser, trials)
    if as_json:        # the notes (a lever whose win rate turns) on stderr: stdout is the object
        _rows_out([n for s in r.searches for n in s.notes], [r.to_dict()], True, None, r)
        return
    _echo(show.tune_lines(r))
