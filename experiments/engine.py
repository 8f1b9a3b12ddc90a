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
from simcore.stats import Z95, look_schedule, paired_difference, sequential_z, wilson_interval

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
                     strategy=r.strategy.name, kernels=r.strategy.kernels,
                     plugin_params=param_values if r.strategy.plugin else None)
    # result rows carry the options as played and every strategy parameter (param_k); an
    # option named like a result field (the cake race's players, seat) is left to that field
    constants = {**{k: (v if isinstance(v, (bool, int, float)) else str(v))
                    for k, v in variant.items() if k not in game.result_fields},
                 "strategy": r.strategy.name, "mix": r.catalog.mix,
                 **{f"param_{k}": float(v) for k, v in param_values.items()}}
    return Cell(cell_id, dict(axes or {}), r, job, r.played(), constants)


class Player:
    """Plays games of cells, in memory or into a results folder, and gives their outcomes."""

    def __init__(self, cells: list, store=None, chunk: int = DEFAULT_CHUNK, jobs: int | None = None,
                 backend: str = "loky", scheduler: str | None = None, progress=None):
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
        self.mem: dict = {c.id: [] for c in cells}     # in memory: list of (start, rows)
        self.played = 0

    def _missing(self, cell: Cell, games: int, finished):
        if self.store is not None:
            return self.store.missing(cell.id, games, finished)
        gaps, pos = [], 0
        for start, rows in sorted(self.mem[cell.id], key=lambda x: x[0]):
            if start > pos:
                gaps.append((pos, min(start, games)))
            pos = max(pos, start + rows.shape[0])
        if pos < games:
            gaps.append((pos, games))
        return [(a, b) for a, b in gaps if a < b]

    def ensure(self, targets: dict):
        """Play whatever games 0 .. targets[cell id] - 1 of each cell are not finished yet."""
        finished = self.store.finished() if self.store is not None else None
        tasks = []
        for cid, games in targets.items():
            cell = self.cells[cid]
            for a, b in self._missing(cell, games, finished):
                for start, n in R.chunk_ranges(a, b, self.chunk):
                    tasks.append(R.Task(cell.job, start, n, tag=cid))
        if not tasks:
            return
        if self.progress:
            self.progress.add_total(sum(t.n for t in tasks))
        for task, rows in R.execute(tasks, jobs=self.jobs, backend=self.backend,
                                    scheduler=self.scheduler,
                                    progress=self.progress.advance if self.progress else None):
            cell = self.cells[task.tag]
            if self.store is not None:
                self.store.write_chunk(cell.id, task.start, rows, cell.result_fields, cell.constants)
            else:
                self.mem[cell.id].append((task.start, rows))
            self.played += task.n

    def rows(self, cell_id: str, games: int) -> np.ndarray:
        """Result rows of games 0 .. games - 1 of a cell (int32[games, fields])."""
        cell = self.cells[cell_id]
        if self.store is not None:
            df = self.store.read(cell_id, games, columns=list(cell.result_fields))
            out = df[list(cell.result_fields)].to_numpy(np.int32)
        else:
            parts = sorted(self.mem[cell_id], key=lambda x: x[0])
            out = np.concatenate([r for _, r in parts])[:games] if parts else np.zeros((0, len(cell.result_fields)), np.int32)
        if out.shape[0] != games:
            raise UserError(f"cell '{cell_id}': expected {games} games, found {out.shape[0]}")
        return out

    def wins(self, cell_id: str, games: int) -> np.ndarray:
        """uint8[games]: 1 where game i of the cell was won."""
        cell = self.cells[cell_id]
        k = cell.result_fields.index("outcome")
        if self.store is not None:
            df = self.store.read(cell_id, games, columns=["outcome"])
            w = (df["outcome"].to_numpy() == 1).astype(np.uint8)
        else:
            w = (self.rows(cell_id, games)[:, k] == 1).astype(np.uint8)
        if w.shape[0] != games:
            raise UserError(f"cell '{cell_id}': expected {games} games, found {w.shape[0]}")
        return w


def win_stats(wins: np.ndarray, z: float = Z95) -> dict:
    n = int(wins.shape[0])
    w = int(wins.sum())
    lo, hi = wilson_interval(w, n, z)
    return {"games": n, "wins": w, "win_rate": w / n if n else 0.0, "ci_low": lo, "ci_high": hi}


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
        s = win_stats(player.wins(unit[0], n), z)
        return (s["ci_high"] - s["ci_low"]) / 2
    d = paired_difference(player.wins(unit[0], n), player.wins(unit[1], n), z)
    return (d["diff_ci_high"] - d["diff_ci_low"]) / 2


def paired(player: Player, a: str, b: str, games: int, z: float = Z95) -> dict:
    """Win rates of cells a and b over their first `games` games and the paired difference."""
    wa, wb = player.wins(a, games), player.wins(b, games)
    return {"a": win_stats(wa, z), "b": win_stats(wb, z), **paired_difference(wa, wb, z)}

