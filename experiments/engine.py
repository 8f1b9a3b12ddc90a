"""Playing cells (one configuration each) at scale: chunks through simcore.runner, results
kept in memory or in a results folder (simcore.store), fixed game counts or sequential
precision targets, win rates and paired differences.

A cell is one RunSpec; its id is stable (built from its axis values by the caller). Game i of
every cell of a run uses the same root seed, so any two cells are paired game by game.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcore import runner as R
from simcore.errors import UserError
from simcore.stats import Z95, look_schedule, paired_from_counts, sequential_z, wilson_interval
from simcore.summarykit import accumulator, merge

from .runs import DEFAULT_CHUNK, Resolved, RunSpec, resolve

DEFAULT_MAX_GAMES = 1_000_000
STOP_RULE = ("sequential: looks at a fixed schedule (the first game count, then doubling up to "
             "--max-games); each look's 95% interval is widened by a Bonferroni split "
             "(alpha 0.05 / number of looks), so the interval reported when a cell stops keeps "
             "at least 95% coverage")


@dataclass
class Cell:
    id: str
    axes: dict                 # axis name -> value (JSON-able)
    run: Resolved              # the spec resolved against its game's data
    job: R.Job
    definition: dict           # what was played (the manifest's cell entry)
    constants: dict            # columns every result row of the cell carries

    @property
    def result_fields(self) -> tuple:
        return self.run.game.result_fields

    @property
    def mix(self) -> str:
        return self.run.catalog.mix


def code_version(game: str | None = None) -> str:
    """The package version and a hash of the kernel sources: the generic kernel modules and
    `game`'s package (every game package when None)."""
    from importlib.metadata import PackageNotFoundError, version

    from simcore import jit
    try:
        v = version("meeplesim")
    except PackageNotFoundError:  # pragma: no cover
        v = "unknown"
    package = None
    if game is not None:
        from simcore.games import GAMES
        package = GAMES[game].rsplit(".", 1)[-1] if game in GAMES else None
    return f"{v}+{jit._source_hash(package)}"


def make_cell(cell_id: str, spec: RunSpec | Resolved, axes: dict | None = None) -> Cell:
    """Resolve a spec (raises UserError on bad input) into a cell the runner can play."""
    r = spec if isinstance(spec, Resolved) else resolve(spec)
    game, variant = r.game, r.variant._asdict()
    param_values = r.param_values()
    job = R.Job.make(game.name, {"data_dir": r.spec.data, **game.catalog_options(r.options)},
                     variant, r.strategy.kernel_id, r.params, r.spec.seed,
                     strategy=r.strategy.name, kernels=r.kernels,
                     plugin_params=param_values if r.strategy.plugin else None,
                     digest=r.catalog.digest, code=R.code_of(game))
    # result rows carry the options as played (make_config's, and the catalog's that its mix
    # does not name) and every strategy parameter (param_k); a result field recording an
    # option game by game (Game.option_fields: the cake race's players, seat) stands for it
    constants = {**{k: (v if isinstance(v, (bool, int, float)) else str(v))
                    for k, v in variant.items() if k not in game.result_fields},
                 **{k: column_value(v) for k, v in game.catalog_options(r.options).items()
                    if k not in game.mix_options and k != "assume" and k not in game.result_fields},
                 "strategy": r.strategy.name, "mix": r.catalog.mix,
                 **{f"param_{k}": float(v) for k, v in param_values.items()}}
    if game.assumptions:          # the knobs in force, "+"-joined ("none": the data as shipped)
        constants["assume"] = "+".join(r.assume) or "none"
    return Cell(cell_id, dict(axes or {}), r, job, r.played(), constants)


def column_value(v):
    """A catalog option's value as a results column: a number or a word as given, a list as
    its words "+"-joined ("none" when empty), "default" when not given (the data's own)."""
    if v is None:
        return "default"
    if isinstance(v, (list, tuple)):
        return "+".join(sorted(map(str, v))) or "none"
    return v if isinstance(v, (bool, int, float)) else str(v)


class Player:
    """Plays games of cells, in memory or into a results folder, and gives their statistics.

    Memory stays flat whatever the number of games: a finished chunk's rows are written (with
    a results folder) or folded into the cell's sufficient statistics (in memory: the game's
    Accumulating summaries, the win count, and the joint win counts of each pair in `pairs`),
    then dropped. With a results folder the statistics of games 0 .. n - 1 are read back chunk
    by chunk when asked for (`stats`, `pair`)."""

    def __init__(self, cells: list, store=None, chunk: int = DEFAULT_CHUNK, jobs: int | None = None,
                 backend: str = "loky", scheduler: str | None = None, progress=None,
                 pairs: list | tuple = ()):
        if chunk < 1:
            raise UserError(f"--chunk must be at least 1, got {chunk}")
        R.check_jobs(jobs)
        self.cells = {c.id: c for c in cells}
        self.store = store
        self.chunk = chunk
        self.jobs = jobs
        self.backend = backend
        self.scheduler = scheduler
        self.progress = progress
        self.pairs = [tuple(p) for p in pairs]
        self.played = 0
        self.notes: list = []           # damaged chunks moved aside, in words
        # in memory: per cell the game ranges folded, the merged partials, games and wins
        self.mem: dict = {c.id: [] for c in cells}      # (start, n) folded
        self.acc: dict = {c.id: {} for c in cells}      # accumulator name -> merged partial
        self.won: dict = {c.id: [0, 0] for c in cells}  # games, wins
        self.joint: dict = {p: [0, 0, 0, 0] for p in self.pairs}   # n11, n10, n01, n00
        self._waiting: dict = {}       # (cell id, start) -> wins, until its pairs are counted

    def add(self, cells: list):
        """Play these cells too (a tune's candidates, made as its search goes); with a results
        folder they are declared in its manifest."""
        new = [c for c in cells if c.id not in self.cells]
        if self.store is not None and new:
            self.store.add_cells({c.id: c.definition for c in new})
        for c in new:
            self.cells[c.id] = c
            self.mem[c.id], self.acc[c.id], self.won[c.id] = [], {}, [0, 0]

    def accumulators(self, cell: Cell) -> dict:
        """name -> Accumulating: what is folded for a cell (the game's summary and a sweep
        cell's own numbers)."""
        g = cell.run.game
        out = {"summary": accumulator(g.summarize)}
        if g.cell_extras:
            out["extras"] = accumulator(g.cell_extras)
        return out

    def _missing(self, cell: Cell, games: int, finished):
        if self.store is not None:
            return self.store.missing(cell.id, games, finished)
        from simcore.store import _gaps
        return _gaps(sorted(self.mem[cell.id]), games)

    def ensure(self, targets: dict):
        """Play whatever games 0 .. targets[cell id] - 1 of each cell are not finished yet."""
        finished = None
        if self.store is not None:
            self.store.want(targets)
            finished = self.store.finished()
        tasks = []
        for cid, games in targets.items():
            cell = self.cells[cid]
            for a, b in self._missing(cell, games, finished):
                for start, n in R.chunk_ranges(a, b, self.chunk):
                    tasks.append(R.Task(cell.job, start, n, tag=cid))
        if not tasks:
            return
        # game range first, cells after: the chunks of a pair's two cells finish close together,
        # so few wait for their partner
        tasks.sort(key=lambda t: t.start)
        if self.progress:
            self.progress.add_total(sum(t.n for t in tasks))
        for task, rows in R.execute(tasks, jobs=self.jobs, backend=self.backend,
                                    scheduler=self.scheduler,
                                    progress=self.progress.advance if self.progress else None):
            cell = self.cells[task.tag]
            if self.store is not None:
                self.store.write_chunk(cell.id, task.start, rows, cell.result_fields, cell.constants)
            else:
                self._fold(cell, task.start, rows)
            self.played += task.n

    def _fold(self, cell: Cell, start: int, rows: np.ndarray):
        cid = cell.id
        for name, acc in self.accumulators(cell).items():
            self.acc[cid][name] = merge(self.acc[cid].get(name), acc.partial(rows))
        wins = rows[:, cell.result_fields.index("outcome")] == 1
        self.won[cid][0] += rows.shape[0]
        self.won[cid][1] += int(wins.sum())
        self.mem[cid].append((start, rows.shape[0]))
        mine = set()                   # this chunk's pairs whose partner chunk is not in yet
        for pair in self.pairs:
            if cid not in pair:
                continue
            other = pair[1] if pair[0] == cid else pair[0]
            entry = self._waiting.get((other, start))
            if entry is None or pair not in entry[1]:
                mine.add(pair)
                continue
            a, b = (wins, entry[0]) if pair[0] == cid else (entry[0], wins)
            _add_joint(self.joint[pair], a, b)
            entry[1].discard(pair)
            if not entry[1]:
                del self._waiting[(other, start)]
        if mine:
            self._waiting[(cid, start)] = (wins, mine)

    def stats(self, cell_id: str, games: int) -> tuple[dict, int]:
        """(accumulator name -> merged partial, wins) of games 0 .. games - 1 of a cell."""
        cell = self.cells[cell_id]
        accs = self.accumulators(cell)
        if self.store is None:
            if self.won[cell_id][0] != games:
                raise UserError(f"cell '{cell_id}': expected {games} games, found {self.won[cell_id][0]}")
            return self.acc[cell_id], self.won[cell_id][1]
        out, wins = {}, 0
        k = cell.result_fields.index("outcome")
        for _, rows in self.store.iter_rows(cell_id, games, cell.result_fields):
            for name, acc in accs.items():
                out[name] = merge(out.get(name), acc.partial(rows))
            wins += int((rows[:, k] == 1).sum())
        return out, wins

    def pair(self, a: str, b: str, games: int) -> tuple:
        """Joint win counts (n11, n10, n01, n00) of games 0 .. games - 1 of cells a and b."""
        if self.store is None:
            if (a, b) in self.joint:
                j = self.joint[(a, b)]
            else:
                n11, n10, n01, n00 = self.joint[(b, a)]
                j = [n11, n01, n10, n00]
            if sum(j) != games:
                raise UserError(f"cells '{a}' and '{b}': expected {games} paired games, found {sum(j)}")
            return tuple(j)
        j = [0, 0, 0, 0]
        ka = self.cells[a].result_fields.index("outcome")
        kb = self.cells[b].result_fields.index("outcome")
        sa = (r[:, ka] == 1 for _, r in self.store.iter_rows(a, games, self.cells[a].result_fields))
        sb = (r[:, kb] == 1 for _, r in self.store.iter_rows(b, games, self.cells[b].result_fields))
        for wa, wb in _aligned(sa, sb):
            _add_joint(j, wa, wb)
        if sum(j) != games:
            raise UserError(f"cells '{a}' and '{b}': expected {games} paired games, found {sum(j)}")
        return tuple(j)

    def rows(self, cell_id: str, games: int) -> np.ndarray:
        """Result rows of games 0 .. games - 1 of a cell (int32[games, fields]), read from the
        results folder (all of them in memory: for tests and small runs)."""
        cell = self.cells[cell_id]
        parts = [r for _, r in self.store.iter_rows(cell_id, games, cell.result_fields)]
        out = np.concatenate(parts) if parts else np.zeros((0, len(cell.result_fields)), np.int32)
        if out.shape[0] != games:
            raise UserError(f"cell '{cell_id}': expected {games} games, found {out.shape[0]}")
        return out


def _add_joint(j: list, a: np.ndarray, b: np.ndarray):
    n11 = int((a & b).sum())
    n10 = int((a & ~b).sum())
    n01 = int((~a & b).sum())
    j[0] += n11
    j[1] += n10
    j[2] += n01
    j[3] += a.shape[0] - n11 - n10 - n01


def _aligned(sa, sb):
    """Two streams of consecutive pieces of equal total length, cut into aligned pairs."""
    a = b = np.zeros(0, bool)
    while True:
        if not a.shape[0]:
            a = next(sa, None)
            if a is None:
                return
        if not b.shape[0]:
            b = next(sb, None)
            if b is None:
                return
        k = min(a.shape[0], b.shape[0])
        yield a[:k], b[:k]
        a, b = a[k:], b[k:]


def win_stats(wins: int, games: int, z: float = Z95) -> dict:
    lo, hi = wilson_interval(wins, games, z)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
            "ci_low": lo, "ci_high": hi}


def check_stopping(games: int, until_halfwidth: float | None, max_games: int | None):
    """Check the stopping options (before anything is written); the max games in force."""
    if until_halfwidth is None:
        if max_games is not None:
            raise UserError("--max-games goes with --until-halfwidth (without it, --games is the count)")
        return None
    if not 0 < until_halfwidth < 1:
        raise UserError(f"--until-halfwidth must be between 0 and 1, got {until_halfwidth}")
    max_games = DEFAULT_MAX_GAMES if max_games is None else max_games
    if max_games < games:
        raise UserError(f"--max-games ({max_games}) must be at least the first look's --games ({games})")
    return max_games


def play_units(player: Player, units: list, games: int, until_halfwidth: float | None,
               max_games: int | None):
    """Play every unit (a tuple of cell ids measured together: one cell, or a pair whose
    paired difference is the measure) to `games` games, or sequentially until each unit's
    interval half-width is below `until_halfwidth`.

    Returns (per unit: number of games it stopped at, the z of its intervals, info dict)."""
    max_games = check_stopping(games, until_halfwidth, max_games)
    if until_halfwidth is None:
        player.ensure({cid: games for u in units for cid in u})
        return {u: games for u in units}, Z95, {"rule": "fixed", "looks": [games]}
    looks = look_schedule(games, max_games)
    z = sequential_z(len(looks))
    stopped: dict = {}
    short: dict = {}           # units stopped at max_games above the target: their half-width
    active = list(units)
    for n in looks:
        player.ensure({cid: n for u in active for cid in u})
        still = []
        for u in active:
            half = unit_halfwidth(player, u, n, z)
            if half < until_halfwidth or n == looks[-1]:
                stopped[u] = n
                if half >= until_halfwidth:
                    short[u] = half
            else:
                still.append(u)
        active = still
        if not active:
            break
    return stopped, z, {"rule": "sequential-bonferroni", "looks": looks, "z": z,
                        "halfwidth_target": until_halfwidth, "max_games": max_games,
                        "target_missed": {"+".join(u): round(h, 6) for u, h in short.items()}}


def unit_halfwidth(player: Player, unit: tuple, n: int, z: float) -> float:
    if len(unit) == 1:
        s = win_stats(player.stats(unit[0], n)[1], n, z)
        return (s["ci_high"] - s["ci_low"]) / 2
    d = paired_from_counts(*player.pair(unit[0], unit[1], n), z)
    return (d["diff_ci_high"] - d["diff_ci_low"]) / 2


def paired(player: Player, a: str, b: str, games: int, z: float = Z95) -> dict:
    """Win rates of cells a and b over their first `games` games and the paired difference."""
    n11, n10, n01, n00 = player.pair(a, b, games)
    return {"a": win_stats(n11 + n10, games, z), "b": win_stats(n11 + n01, games, z),
            **paired_from_counts(n11, n10, n01, n00, z)}
