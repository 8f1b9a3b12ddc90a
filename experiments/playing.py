"""Playing a list of cells, into a results folder if given: the one place every command that
plays many games (run, compare, sweep, ladder, curve, sensitivity) goes through."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from simcore.errors import UserError

from . import engine
from .engine import Player
from .runs import DEFAULT_CHUNK


@dataclass
class Execution:
    """Where and how games are played (every command that plays many games takes these)."""
    chunk: int = DEFAULT_CHUNK
    jobs: int | None = None            # worker processes (None: all cores)
    backend: str = "loky"
    scheduler: str | None = None       # the dask scheduler, with backend "dask"
    until_halfwidth: float | None = None
    max_games: int | None = None
    progress: object = None
    notes: object = None               # called with each note line (a chunk quarantined...)

    def check(self, games: int):
        """Every option checked before anything is played or written."""
        from simcore.runner import BACKENDS, check_jobs
        engine.check_stopping(games, self.until_halfwidth, self.max_games)
        check_jobs(self.jobs)
        if self.backend not in BACKENDS:
            raise UserError(f"unknown backend '{self.backend}' (known: {', '.join(BACKENDS)})")
        if self.chunk < 1:
            raise UserError(f"--chunk must be at least 1, got {self.chunk}")


def play_cells(cells: list, units: list, games: int, results: str | None, kind: str,
          identity: dict, ex: Execution, pairs: list = ()):
    """Play the units' cells (into a results folder if given): (player, stops, z, info).
    A results folder's damaged chunks are moved into its quarantine/ and their games
    replayed; `player.notes` says which."""
    ex.check(games)
    store = None
    if results is not None:
        from simcore.store import ResultsStore
        store = ResultsStore(results, kind, identity, {c.id: c.definition for c in cells})
    try:
        player = Player(cells, store=store, chunk=ex.chunk, jobs=ex.jobs, backend=ex.backend,
                        scheduler=ex.scheduler, progress=ex.progress,
                        pairs=[u for u in units if len(u) == 2])
        if store is not None:
            player.notes = store.notes()
            if ex.notes is not None:
                for line in player.notes:
                    ex.notes(line)
        stops, z, info = engine.play_units(player, units, games, ex.until_halfwidth, ex.max_games)
    finally:
        if store is not None:
            store.close()
    return player, stops, z, info


def run_identity(game: str, seed: int, **more) -> dict:
    """The identity a results folder is written under: the game, the seed and its code version."""
    return {"game": game, "seed": seed, "code": engine.code_version(game), **more}


@contextmanager
def folder_or_temporary(results: str | None, kind: str):
    """The results folder given, or a temporary one for this command (removed afterwards):
    what the commands that always play into a folder (sensitivity, tune) play into."""
    if results is not None:
        yield results
        return
    import tempfile
    with tempfile.TemporaryDirectory(prefix=f"meeplesim-{kind}-") as tmp:
        yield tmp
