"""meeplesim from Python: the functions every command calls, returning plain objects and
pandas DataFrames.

    from experiments import api
    spec = api.RunSpec(options={"level": "complex"}, players=4)   # the default game
    r = api.run(spec, games=20_000)
    r.summary["win_rate"], r.summary["ci_low"], r.summary["ci_high"]
    s = api.sweep("difficulty-ladder", results="results/ladder")
    s.table                     # one row per cell: axes, games, wins, win_rate, ci_low, ci_high
    df = api.read_results("results/ladder")     # one row per game
    api.report(["results/ladder"], out="results/report")

A spec names a game and its options (the game's own by name, see `Game.options`); None
takes the game's defaults. Bad input raises `simcore.errors.UserError` (one line saying
what is wrong); nothing here prints. `progress` is any object with `add_total(n)` and
`advance(n)` (the command line passes a progress bar).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from simcore.errors import IllegalOption, UserError
from simcore.stats import Z95
from simcore.summarykit import accumulator

from . import engine
from .engine import DEFAULT_MAX_GAMES, Cell, Player, make_cell
from .playing import Execution, play_cells, run_identity
from .runs import DEFAULT_CHUNK, Resolved, RunSpec, check_games, resolve
from .scale import ladder_axes, skill_base

__all__ = ["RunSpec", "Resolved", "resolve", "play", "run", "compare", "sweep", "ladder",
           "report", "read_results", "verify", "assumptions", "validate_assumptions", "sensitivity",
           "tune", "tune_calibrated", "levers", "calibrate", "Execution", "DEFAULT_CHUNK", "DEFAULT_MAX_GAMES"]


# ----------------------------------------------------------------------------- play
@dataclass
class Played:
    """One game played with its log on."""
    run: Resolved
    game_index: int
    state: object
    events: object
    row: object

    def records(self) -> list[dict]:
        """The events as JSON-able records."""
        return list(self.run.game.event_records(self.events, self.run.catalog))

    def log(self) -> list[str]:
        """The readable log, ending with the state of the game's objectives."""
        g = self.run.game
        return (list(g.format_log(self.events, self.run.catalog)) + [""]
                + list(g.objectives_summary(self.state, self.run.catalog)))

    def outcome(self) -> str:
        return self.run.game.outcomes.get(int(self.row[0]), str(int(self.row[0])))


def play(spec: RunSpec, game_index: int = 0) -> Played:
    """Play game `game_index` of the spec's seed with the log on."""
    from simcore import plugins
    if game_index < 0:
        raise UserError(f"--game-index must be at least 0, got {game_index}")
    r = resolve(spec)
    try:
        st, events, row = r.game.play_logged(r.catalog, r.config, r.strategy.kernel_id, r.params,
                                             spec.seed, game_index)
    except IllegalOption as e:
        raise e.for_strategy(r.strategy.name, plugins.last_non_index()) from None
    return Played(r, game_index, st, events, row)


# ----------------------------------------------------------------------------- run
@dataclass
class RunResult:
    run: Resolved
    summary: dict              # the game's summary: games, wins, win_rate, ci_low, ci_high, ...
    stopping: dict             # the stopping rule's record (rule "fixed" or sequential)
    z: float
    played: int                # games played by this call (the rest came from `results`)
    seconds: float
    results: str | None = None

    def to_dict(self) -> dict:
        """The `run --json` object."""
        r = self.run
        out = {"game": r.game.name, **r.variant._asdict(), "strategy": r.strategy_name,
               "params": dict(r.spec.params), "seed": r.spec.seed,
               "cards": r.catalog.mix, "catalog": r.catalog.digest, **self.summary,
               "seconds": round(self.seconds, 3)}
        if r.game.assumptions:
            out["assume"] = list(r.assume)
        if self.stopping["rule"] != "fixed":
            out["stopping"] = self.stopping
        if self.results:
            out["results"] = self.results
        return out


def run(spec: RunSpec, games: int = 10_000, results: str | None = None,
        execution: Execution | None = None) -> RunResult:
    """Play `games` games of one configuration (or, with execution.until_halfwidth, until the
    win rate's interval is that narrow) and summarize them the game's way."""
    ex = execution or Execution()
    check_games(games)
    cell = make_cell("run", spec)
    t0 = time.perf_counter()
    player, stops, z, info = play_cells([cell], [("run",)], games, results, "run",
                                   run_identity(cell.run.game.name, spec.seed), ex)
    secs = time.perf_counter() - t0
    n = stops[("run",)]
    acc, wins = player.stats("run", n)
    summary = accumulator(cell.run.game.summarize).finish(acc["summary"])
    if info["rule"] != "fixed":
        s = engine.win_stats(wins, n, z)
        summary.update(ci_low=s["ci_low"], ci_high=s["ci_high"])
    return RunResult(cell.run, summary, info, z, player.played, secs, results)


# ----------------------------------------------------------------------------- compare
@dataclass
class CompareResult:
    a: Resolved
    b: Resolved
    stats: dict                # a, b (win stats), diff, diff_ci_low/high, unpaired_ci_low/high,
                               # variance_reduction, correlation
    stopping: dict
    z: float
    games: int

    def common(self) -> dict:
        """What both sides played alike."""
        pa, pb = self.a.played(), self.b.played()
        return {k: v for k, v in pa.items() if k in pb and pb[k] == v}

    def differences(self) -> tuple[dict, dict]:
        """What each side played that the other did not."""
        pa, pb = self.a.played(), self.b.played()
        keys = [k for k in pa if pa.get(k) != pb.get(k)]
        return {k: pa.get(k) for k in keys}, {k: pb.get(k) for k in keys}

    def to_dict(self) -> dict:
        """The `compare --json` object: each side's full configuration with its win rate,
        the paired difference, and the options both sides share at the top level."""
        out = {**self.stats,
               "a": {**self.a.played(), **self.stats["a"]},
               "b": {**self.b.played(), **self.stats["b"]}}
        common = self.common()
        for k in ("game", "players", "strategy", *self.a.game.headline_options, "seed"):
            if k in common:
                out[k] = common[k]
        if self.stopping["rule"] != "fixed":
            out["stopping"] = self.stopping
        return out


def compare(a: RunSpec, b: RunSpec, games: int = 10_000, results: str | None = None,
            execution: Execution | None = None) -> CompareResult:
    """Two configurations played on the same seeds, game by game, and their paired
    difference A - B (until its interval is execution.until_halfwidth narrow, if given)."""
    ex = execution or Execution()
    check_games(games)
    if a.seed != b.seed:
        raise UserError("the two sides of a comparison share one seed")
    if a.game != b.game:
        raise UserError(f"both sides must play the same game (got {a.game} and {b.game})")
    cells = [make_cell("a", a), make_cell("b", b)]
    if cells[0].definition == cells[1].definition:
        raise UserError("--a and --b give the same configuration: nothing to compare")
    player, stops, z, info = play_cells(cells, [("a", "b")], games, results, "compare",
                                   run_identity(a.game, a.seed), ex)
    n = stops[("a", "b")]
    return CompareResult(cells[0].run, cells[1].run, engine.paired(player, "a", "b", n, z), info,
                         z, n)


# ----------------------------------------------------------------------------- sweep
@dataclass
class SweepResult:
    grid: object               # experiments.grid.Grid
    cells: list                # Cell, in natural order of their ids
    rows: list                 # one dict per cell (what `sweep --json` prints)
    pairs: list                # (baseline cell id, other cell id)
    skipped: list              # 'cell id: why'
    stopping: dict
    z: float
    results: str
    extra_columns: list = field(default_factory=list)   # the game's own per-cell numbers

    @property
    def table(self):
        """The rows as a DataFrame (one row per cell)."""
        import pandas as pd
        return pd.DataFrame(self.rows)


def sweep(experiment: str, results: str, games: int | None = None,
          execution: Execution | None = None, chunk: int | None = None) -> SweepResult:
    """Play a declared grid (a built-in name or a TOML file) into a results folder
    (resumable), with each cell's win rate and, for grids with `compare`, the paired
    differences against the axis's first value."""
    from .grid import expand, load_grid, pairs
    ex = execution or Execution()
    grid = load_grid(experiment)
    if games is not None and games < 1:
        raise UserError(f"the number of games must be at least 1, got {games}")
    n_games = grid.games if games is None else games
    ex.chunk = grid.chunk if chunk is None else chunk
    cells, skipped = expand(grid)
    prs = pairs(grid, cells)
    in_pair = {c for p in prs for c in p}
    units = prs + [(c.id,) for c in cells if c.id not in in_pair]
    game = cells[0].run.game
    player, stops, z, info = play_cells(cells, units, n_games, results, "sweep",
                                   run_identity(game.name, grid.seed, experiment=grid.name,
                                             axes=grid.axis_names), ex)
    n_of: dict = {}
    for u, n in stops.items():          # a baseline cell is in several pairs: its largest count
        for cid in u:
            n_of[cid] = max(n, n_of.get(cid, 0))
    rows = []
    extra = []
    for c in cells:
        acc, wins = player.stats(c.id, n_of[c.id])
        row = {"cell": c.id, **c.axes, "mix": c.mix, **engine.win_stats(wins, n_of[c.id], z)}
        more = accumulator(game.cell_extras).finish(acc["extras"]) if game.cell_extras else {}
        extra = extra or list(more)
        rows.append({**row, **more})
    by_id = {r["cell"]: r for r in rows}
    for base, other in prs:
        d = engine.paired(player, base, other, stops[(base, other)], z)
        # the difference other - base: positive when the other value wins more often
        by_id[other].update({"diff_vs": base, "diff": -d["diff"], "diff_ci_low": -d["diff_ci_high"],
                             "diff_ci_high": -d["diff_ci_low"], "unpaired_ci_low": -d["unpaired_ci_high"],
                             "unpaired_ci_high": -d["unpaired_ci_low"]})
    return SweepResult(grid, cells, rows, prs, skipped, info, z, results, extra)


# ----------------------------------------------------------------------------- ladder
@dataclass
class LadderResult:
    base: Resolved             # the configuration every cell shares but for its axes
    axes: list                 # the options the ladder varies (e.g. level, die)
    rows: list                 # one dict per cell: its axes, players, strategy, the summary
    notes: list                # cells the game could not set up, and why
    games: int

    @property
    def table(self):
        import pandas as pd
        return pd.DataFrame(self.rows)


def ladder(spec: RunSpec, games: int = 2000, execution: Execution | None = None) -> LadderResult:
    """The game's difficulty ladder (Game.ladder: e.g. every level with each die) played on
    the same seeds, in parallel; UserError for a game without levels."""
    ex = execution or Execution()
    check_games(games)
    base = resolve(spec)
    if base.game.ladder is None:
        raise UserError(f"game '{base.game.name}' has no difficulty levels: use `meeplesim sweep` "
                        f"or `run`")
    axes_list, notes = base.game.ladder(base.catalog)
    if not axes_list:
        raise UserError("the card mix cannot set up any level: " + "; ".join(notes))
    from .grid import cell_id
    cells = []
    for axes in axes_list:
        try:
            cells.append(make_cell(cell_id(axes), spec.but(options=axes), axes))
        except UserError as e:          # a combination the other options forbid
            notes.append(f"{cell_id(axes)}: {e}")
    if not cells:
        raise UserError("no level can be played with these options: " + "; ".join(notes))
    player, stops, z, info = play_cells(cells, [(c.id,) for c in cells], games, None, "ladder",
                                   run_identity(base.game.name, spec.seed), ex)
    rows = []
    for c in cells:
        s = accumulator(c.run.game.summarize).finish(player.stats(c.id, games)[0]["summary"])
        rows.append({**c.axes, **{k: v for k, v in c.run.variant._asdict().items() if k not in c.axes},
                     "strategy": c.run.strategy_name, "seed": spec.seed, "cards": c.mix, **s})
    return LadderResult(base, list(axes_list[0]), rows, notes, games)


# ----------------------------------------------------------------------------- curve
@dataclass
class CurveResult:
    base: Resolved
    axes: list                 # the options each curve is drawn for (e.g. level, die)
    points: list               # per curve and skill: its axes, skill, games, wins, win rate, CI
    thresholds: list           # per curve and target: its axes, target, skill, ci_low, ci_high
    notes: list
    games: int

    def to_dict(self) -> dict:
        return {"points": self.points, "thresholds": self.thresholds, "games": self.games,
                "strategy": self.base.strategy_name, "players": self.base.variant.players,
                "seed": self.base.spec.seed, "notes": self.notes}


def curve(spec: RunSpec, levels: list | None = None, points: int = 11, games: int = 2000,
          execution: Execution | None = None) -> CurveResult:
    """The difficulty curve of each level of the game's ladder (each level with each die it
    allows; `levels` keeps some), or for a game without levels one curve at the spec's
    options: the strategy's `skill` from 0 to 1 in `points` steps, every point on
    the same seeds, in parallel; then the skill each curve needs for even odds and for 80%
    (reports.curve). The strategy must have a `skill` parameter (default: `skill`)."""
    from reports import curve as K
    from .grid import cell_id
    ex = execution or Execution()
    check_games(games)
    if points < 3:
        raise UserError(f"--points must be at least 3, got {points}")
    spec, base = skill_base(spec)
    notes: list = []
    axes_list = ladder_axes(base, spec, notes, levels)
    skills = [round(i / (points - 1), 6) for i in range(points)]
    cells = []
    for axes in axes_list:
        for s in skills:
            cells.append(make_cell(cell_id({**axes, "skill": s}),
                                   spec.but(options=axes, params={**spec.params, "skill": s}),
                                   {**axes, "skill": s}))
    player, stops, z, info = play_cells(cells, [(c.id,) for c in cells], games, None, "curve",
                                   run_identity(base.game.name, spec.seed), ex)
    point_rows, thresh = [], []
    for axes in axes_list:
        mine = [c for c in cells if all(c.axes[k] == v for k, v in axes.items())]
        rows = []
        for c in mine:
            s = accumulator(c.run.game.summarize).finish(player.stats(c.id, games)[0]["summary"])
            rows.append({**axes, "skill": c.axes["skill"], "games": int(s["games"]),
                         "wins": int(round(s["win_rate"] * s["games"])), "win_rate": s["win_rate"],
                         "ci_low": s["ci_low"], "ci_high": s["ci_high"]})
        point_rows += rows
        for t in K.thresholds([r["skill"] for r in rows], [r["wins"] for r in rows],
                              [r["games"] for r in rows]):
            thresh.append({**axes, **t})
    return CurveResult(base, list(axes_list[0]), point_rows, thresh, notes, games)


# ----------------------------------------------------------------------------- calibrate
def calibrate(playtests: str, spec: RunSpec, across: dict | None = None, games: int | None = None,
              points: int | None = None, results: str | None = None,
              execution: Execution | None = None, band_games: int | None = None,
              band_samples: int = 16):
    """A real table's playtests (a CSV file) placed on the game's skill scale, with the fit's
    test and the table's predicted win rate at every level and die (experiments/calibrate.py);
    with `band_games`, the band of the knobs beside each prediction."""
    from . import calibrate as K
    return K.calibrate(playtests, spec, across, K.DEFAULT_GAMES if games is None else games,
                       K.DEFAULT_POINTS if points is None else points, results, execution,
                       band_games=band_games, band_samples=band_samples)


# ----------------------------------------------------------------------------- sensitivity
def sensitivity(spec: RunSpec, across: dict | None = None, games: int = 2000, samples: int = 64,
                interactions: int = 4, results: str | None = None,
                execution: Execution | None = None):
    """How much the game's unknown rules (its knobs) move the win rate, at the spec's setting
    crossed with `across` ({option: [values]}): see experiments.sensitivity. Returns a
    SensitivityResult (`to_dicts()`: the `--json` objects, one per setting)."""
    from .sensitivity import sensitivity as _sensitivity
    return _sensitivity(spec, across, games, samples, interactions, results, execution)


# ----------------------------------------------------------------------------- tune
def levers(game: str | None = None, data: str | None = None) -> list:
    """The levers a tune may move (simcore.levers.Lever: id, field, range, step, current
    value), from the game's levers file (a --data folder's own levers.toml, else the game's)."""
    from simcore.games import DEFAULT_GAME, get_game

    from .tune import game_levers
    return list(game_levers(get_game(game or DEFAULT_GAME), data)[0])


def tune(spec: RunSpec, targets: list, levers: list | tuple = (), games: int = 500,
         max_games: int = 16_000, confirm_games: int = 10_000, band_games: int = 1_000,
         results: str | None = None, execution: Execution | None = None,
         exhaustive: bool = False, optimiser: str = "optuna", trials: int = 0):
    """Design mode: the lever values that bring each target win rate ("KEY=P": a level, or
    `win`) within reach: one lever per target by a noisy bisection on paired seeds
    (exhaustive: every value of the range), several by an optimiser over the squared miss
    (optuna, or nevergrad; `trials` points, 0: 20 + 30 per lever); the proposal replayed on
    fresh seeds with its interval and its band over the knobs; see experiments.tune. Returns
    a TuneResult (`to_dict()`: the `tune --json` object)."""
    from .tune import tune as _tune
    return _tune(spec, targets, levers, games, max_games, confirm_games, band_games, results,
                 execution, exhaustive, optimiser, trials)


def tune_calibrated(playtests: str, spec: RunSpec, targets: list, calibration_games: int = 1000,
                    points: int = 11, levers: list | tuple = (), games: int = 500,
                    max_games: int = 16_000, confirm_games: int = 10_000, band_games: int = 1_000,
                    results: str | None = None, execution: Execution | None = None,
                    exhaustive: bool = False, optimiser: str = "optuna", trials: int = 0):
    """Design mode for a real table: its playtests calibrated (`calibrate`, into
    RESULTS/calibration), the levers tuned for the `skill` strategy at the middle of the
    skill's 95% interval, each proposal replayed at both ends of it (`TuneResult.ends`; the
    `tune --json` object gains "calibrated"); see experiments.tune.calibrated."""
    from .tune import calibrated
    return calibrated(playtests, spec, targets, calibration_games, points, results, execution,
                      lever_items=levers, games=games, max_games=max_games,
                      confirm_games=confirm_games, band_games=band_games, full_grid=exhaustive,
                      optimiser=optimiser, trials=trials)


# ----------------------------------------------------------------------------- results
def read_results(folder: str, cells=None):
    """Every game of a results folder, one row per game: the cell, the game index, the game's
    result fields, the configuration's columns, and `won` (outcome 1). UserError for a
    folder that is not one."""
    from .reporting import load
    df, _ = load([folder])
    if cells is not None:
        df = df[df["cell"].isin(list(cells))]
    return df


def report(folders: list, out: str | None = None, title: str | None = None) -> dict:
    """Build the balance report of results folders (see reports.build): returns what was
    written (index, tables, figures) and the headline and answers."""
    from .reporting import build_report
    return build_report(list(folders), out, title)


# ----------------------------------------------------------------------------- verify
@dataclass
class VerifyResult:
    folder: str
    before: object             # simcore.store.Health as found
    after: object = None       # with repair: as left
    quarantined: list = field(default_factory=list)    # note lines: chunks moved aside
    played: int = 0            # games replayed by the repair

    @property
    def ok(self) -> bool:
        return (self.after or self.before).ok


def _cells_of(manifest: dict) -> list:
    """The cells of a results folder, rebuilt from their definitions in its manifest (what
    each was played with); UserError naming a cell that cannot be rebuilt as it was."""
    from simcore.games import get_game
    from simcore.store import _diff
    cells = []
    for cid, d in manifest["cells"].items():
        game = get_game(d.get("game") or manifest.get("identity", {}).get("game"))
        # an empty text is an option not given (a game's config keeps "" for it)
        options = {o.name: d[o.name] for o in game.options if d.get(o.name) not in (None, "")}
        spec = RunSpec(game=game.name, players=d.get("players"), strategy=d.get("strategy"),
                       params=dict(d.get("params") or {}), seed=d.get("seed", 1),
                       data=d.get("data"), options=options)
        try:
            cell = make_cell(cid, spec)
        except UserError as e:
            raise UserError(f"cell '{cid}' cannot be replayed here: {e}")
        diff = _diff(d, cell.definition)
        if diff:
            raise UserError(f"cell '{cid}' cannot be replayed as it was played ({diff})")
        cells.append(cell)
    return cells


def verify(folder: str, repair: bool = False, execution: Execution | None = None) -> VerifyResult:
    """Check every chunk of a results folder (`meeplesim verify`): bad chunks and why, games
    missing. With `repair`, move the bad chunks into DIR/quarantine/ and replay every missing
    game, then check again. Reads only without `repair`."""
    from pathlib import Path

    from simcore.store import ResultsStore, health, read_manifest
    path = Path(folder)
    if not path.is_dir():
        raise UserError(f"{folder}: {'no such folder' if not path.exists() else 'not a folder'}")
    manifest = read_manifest(path / "manifest.json")
    out = VerifyResult(str(folder), health(path, manifest))
    if not repair or out.before.ok:
        return out
    ex = execution or Execution()
    cells = _cells_of(manifest)
    identity = {**manifest["identity"],
                "code": engine.code_version(manifest["identity"].get("game"))}
    with ResultsStore(folder, manifest["kind"], identity,
                      {c.id: c.definition for c in cells}) as store:
        out.quarantined = store.notes()
        player = Player(cells, store=store, chunk=ex.chunk, jobs=ex.jobs, backend=ex.backend,
                        scheduler=ex.scheduler, progress=ex.progress)
        player.ensure({c.id: out.before.targets[c.id] for c in cells
                       if out.before.targets.get(c.id)})
        out.played = player.played
    out.after = health(path)
    return out


# ----------------------------------------------------------------------------- assumptions
@dataclass
class Assumptions:
    """A game's knobs (simcore.assumptions.Knobs) and the assumed values of its data."""
    game: object
    knobs: object
    assumed: list              # (file, entry, what) of every value marked assumed


def _knobs_game(game: str | None):
    from simcore.games import DEFAULT_GAME, get_game
    g = get_game(DEFAULT_GAME if game is None else game)
    if not g.assumptions:
        raise UserError(f"game '{g.name}' declares no assumptions file (Game.assumptions)")
    return g


def assumptions(game: str | None = None, data: str | None = None) -> Assumptions:
    """The knobs of a game (a data folder's assumptions.toml, else the game's) and every value
    of its data (a data folder's files, else its own) marked assumed."""
    from simcore import assumptions as A
    g = _knobs_game(game)
    return Assumptions(g, A.load(g.knobs_file(data)), list(g.load_catalog(data).assumptions))


def validate_assumptions(file: str | None = None, game: str | None = None,
                         data: str | None = None) -> tuple:
    """(Knobs, every problem as one line) of a knobs file (default: the game's) checked
    against the game's data (simcore.assumptions.validate_for)."""
    from simcore import assumptions as A
    g = _knobs_game(game)
    return A.validate_for(g, file if file is not None else g.knobs_file(data), data)
