"""Chunked batch runs: plain ranges of game indices played on local processes (joblib/loky)
or on a dask.distributed cluster, with one progress callback.

The runner knows no game: a `Job` names the game (found through `simcore.games.get_game`),
the keyword arguments of its `load_catalog` and `make_config`, the strategy's kernel id and
parameter vector and the root seed. A `Task` is a range of game indices of one job. Since
game i of root seed s draws only from streams keyed by (s, purpose, i), the rows of a game
are the same whatever the chunking, the number of workers or the backend.

Only the caller (the parent process) writes results: tasks return their rows, and `execute`
yields them as they finish, with a bounded number of tasks in flight, so memory does not grow
with the number of games.
"""
from __future__ import annotations

import importlib
import itertools
import os
import threading
import warnings
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

import numpy as np

from . import plugins
from .errors import IllegalOption, UserError
from .games import get_game
from .policy import PLUGIN

BACKENDS = ("loky", "dask")


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play games of one configuration (picklable, hashable)."""
    game: str
    catalog: tuple                 # sorted (name, value) pairs: keyword arguments of load_catalog
    config: tuple                  # sorted (name, value) pairs: keyword arguments of make_config
    strategy_id: int
    params: tuple                  # the strategy's parameter vector
    seed: int
    strategy: str = ""             # its name: for errors, and to load a plug-in in the worker
    plugin_params: tuple = ()      # a plug-in's parameters, sorted (name, value) pairs
    plugin_dir: str = ""           # the folder a `module:function` plug-in is imported from
    kernels: tuple = ()            # the modules binding the seated strategies' kernels (the
                                   # run's and, in a game whose seats differ, the others')
    digest: str = ""               # the digest of the rules data as the caller loaded them: a
                                   # worker's own load must match, and a worker that kept an
                                   # older load of the same files never serves it (_prepared)
    code: str = ""                 # the hash of the game's kernel sources the caller runs: a
                                   # worker that imported other sources (a dask worker started
                                   # before an edit) refuses the job instead of playing them

    @staticmethod
    def make(game: str, catalog: dict, config: dict, strategy_id: int, params, seed: int,
             strategy: str = "", plugin_params: dict | None = None,
             kernels: str | tuple = (), digest: str = "", code: str = "") -> "Job":
        # a plug-in module in the caller's current folder: a worker (started earlier, maybe
        # from another folder, and reused) looks for it there too
        plugin_dir = os.getcwd() if strategy_id == PLUGIN and ":" in strategy else ""
        return Job(game, tuple(sorted(catalog.items())), tuple(sorted(config.items())),
                   int(strategy_id), tuple(float(x) for x in np.asarray(params).ravel()), int(seed),
                   strategy, tuple(sorted((plugin_params or {}).items())), plugin_dir,
                   (kernels,) if isinstance(kernels, str) else tuple(kernels), str(digest),
                   str(code))


@dataclass(frozen=True)
class Task:
    """Games start .. start + n - 1 of a job; `tag` is the caller's (e.g. the cell id)."""
    job: Job
    start: int
    n: int
    tag: object = field(default=None, compare=False)


# Per worker process (or thread of a dask worker): loaded catalogs and configs by job.
_PREPARED: dict = {}
_LOCK = threading.Lock()


def _prepared(job: Job):
    with _LOCK:
        hit = _PREPARED.get(job)
    if hit is not None:
        return hit
    mod = get_game(job.game)      # its Game
    if job.code and job.code != code_of(mod):
        raise UserError(f"a worker runs other code of {job.game} than this run (kernel sources "
                        f"{code_of(mod)}, the run's {job.code}): restart the workers")
    for module in job.kernels:    # a game's own strategies: each module binds its compiled kernel
        if module:
            importlib.import_module(module)
    cat = mod.load_catalog(**dict(job.catalog))
    if job.digest and cat.digest != job.digest:
        data = dict(job.catalog).get("data_dir") or "the shipped data"
        raise UserError(f"the rules data ({data}) changed after the run read them: "
                        f"run again to play the new data")
    cfg, _ = mod.make_config(cat, **dict(job.config))
    params = np.asarray(job.params, np.float64)
    # Warm the kernels once per worker: the first call loads the machine code from the disk
    # cache (compiled with cache=True), so the timed chunks do not pay for it.
    _play(job, mod, cat, cfg, params, 0, 1)
    with _LOCK:
        _PREPARED[job] = (mod, cat, cfg, params)
    return mod, cat, cfg, params


def code_of(game) -> str:
    """The hash of the kernel sources of `game` (a Game) as this process imported them."""
    from .jit import _source_hash
    return _source_hash(game.package.rsplit(".", 1)[-1])


def _play(job: Job, mod, cat, cfg, params, start: int, n: int) -> np.ndarray:
    """run_games, with a plug-in strategy bound to this thread first, and a strategy's illegal
    answer turned into the one-line UserError naming it and the decision."""
    if job.strategy_id == PLUGIN:
        found = plugins.load(job.strategy, job.plugin_dir or None)
        if found is None:
            raise UserError(f"strategy '{job.strategy}' is not installed on this worker")
        from . import plugin_chooser   # compiles the chooser: only when a plug-in plays
        plugin_chooser.activate(found[0], dict(job.plugin_params), list(mod.decisions))
    try:
        return mod.run_games(cat, cfg, job.strategy_id, params, job.seed, start, n)
    except IllegalOption as e:
        raise e.for_strategy(job.strategy or f"#{job.strategy_id}", plugins.last_non_index()) from None


def play_task(task: Task) -> np.ndarray:
    """The result rows (int32[n, len(RESULT_FIELDS)]) of one task, in game-index order."""
    mod, cat, cfg, params = _prepared(task.job)
    return _play(task.job, mod, cat, cfg, params, task.start, task.n)


def _play_tagged(i: int, task: Task):
    return i, play_task(task)


def chunk_ranges(start: int, stop: int, chunk: int) -> list[tuple[int, int]]:
    """[start, stop) cut into (start, n) pieces of at most `chunk` games, aligned on multiples
    of `chunk` so that the same chunk size always cuts a cell at the same game indices."""
    if chunk < 1:
        raise UserError(f"the chunk size must be at least 1, got {chunk}")
    out = []
    i = start
    while i < stop:
        end = min(stop, (i // chunk + 1) * chunk)
        out.append((i, end - i))
        i = end
    return out


def default_jobs() -> int:
    return os.cpu_count() or 1


def check_jobs(jobs: int | None) -> int:
    if jobs is None:
        return default_jobs()
    if jobs < 1:
        raise UserError(f"--jobs must be at least 1, got {jobs}")
    return jobs


def execute(tasks: Iterable[Task], jobs: int | None = None, backend: str = "loky",
            scheduler: str | None = None, progress: Callable[[int], None] | None = None
            ) -> Iterator[tuple[Task, np.ndarray]]:
    """Play the tasks; yield (task, rows) as each finishes (in no particular order).

    backend "loky": `jobs` local worker processes (all cores by default; 1 plays in this
    process). backend "dask": the tasks go to the dask.distributed scheduler at `scheduler`
    (tcp://host:port), at most twice its thread count in flight.
    """
    tasks = list(tasks)
    if backend not in BACKENDS:
        raise UserError(f"unknown backend '{backend}' (known: {', '.join(BACKENDS)})")
    if backend == "dask":
        if not scheduler:
            raise UserError("--backend dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)")
        yield from _execute_dask(tasks, scheduler, progress)
        return
    if scheduler:
        raise UserError("--scheduler is only for --backend dask")
    jobs = check_jobs(jobs)
    if jobs == 1 or len(tasks) <= 1:
        for t in tasks:
            rows = play_task(t)
            if progress:
                progress(t.n)
            yield t, rows
        return
    from joblib import Parallel, delayed
    # one chunk per batch: each chunk comes back (and is written) as soon as it is played. With
    # joblib's automatic batching, fast chunks travel in batches of dozens, so a Ctrl-C or a
    # crash lost every chunk of the batches in flight, and the progress bar moved in jumps.
    par = Parallel(n_jobs=min(jobs, len(tasks)), backend="loky", return_as="generator_unordered",
                   pre_dispatch="2*n_jobs", batch_size=1, initializer=_worker_ignores_ctrl_c)
    _quiet_resource_tracker()
    with warnings.catch_warnings():
        # on an interruption joblib warns of the chunks played but not yet handed over: they
        # were never written, and the one error line already says what was kept
        warnings.filterwarnings("ignore", message=r".*tasks have been successfully executed",
                                category=UserWarning)
        for i, rows in par(delayed(_play_tagged)(i, t) for i, t in enumerate(tasks)):
            t = tasks[i]
            if progress:
                progress(t.n)
            yield t, rows


def _worker_ignores_ctrl_c() -> None:
    """A local worker's start: Ctrl-C is the parent's to handle (it stops the pool and keeps
    the finished chunks). A terminal sends it to the whole process group, and a worker caught
    by it between two chunks (in loky's own bookkeeping) printed a traceback of its own."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# On Ctrl-C or SIGTERM the pool's workers are killed mid-chunk, and loky's resource tracker (a
# process of its own, sharing our stderr, started with the environment of the first pool) may
# warn at its exit of a "leaked" semaphore that it then removes, or finds already gone (seen once
# in CI after Ctrl-C). Nothing is lost, and the one error line already says what was kept: the
# tracker's own warnings are ignored, by their message's prefix, in the processes this one starts.
TRACKER_WARNINGS = "ignore:resource_tracker:UserWarning"


def _quiet_resource_tracker() -> None:
    """Add TRACKER_WARNINGS to PYTHONWARNINGS (keeping what the user set) before a pool starts."""
    now = os.environ.get("PYTHONWARNINGS", "")
    if TRACKER_WARNINGS not in now.split(","):
        os.environ["PYTHONWARNINGS"] = f"{now},{TRACKER_WARNINGS}" if now else TRACKER_WARNINGS


def _execute_dask(tasks: list, scheduler: str, progress):
    try:
        from distributed import Client, as_completed
        from distributed.scheduler import KilledWorker
    except ImportError as e:  # pragma: no cover - distributed is a dependency
        raise UserError(f"--backend dask needs the 'distributed' package: {e}")
    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError) as e:
        raise UserError(f"cannot reach the dask scheduler at '{scheduler}': {e}")
    try:
        threads = max(1, sum(client.nthreads().values()))
        limit = 2 * threads
        todo = iter(enumerate(tasks))
        first = [client.submit(_play_tagged, *nxt, pure=False)
                 for nxt in itertools.islice(todo, limit)]
        if not first:
            return
        pending = as_completed(first)
        for fut in pending:
            try:
                i, rows = fut.result()
            except KilledWorker as e:
                # dask resubmits the tasks of a worker that dies; a task whose workers died
                # more than `distributed.scheduler.allowed-failures` times ends here
                raise UserError(f"dask workers kept dying while playing a chunk ({e}); the "
                                f"finished chunks are kept: run the same command again to "
                                f"resume") from None
            del fut
            nxt = next(todo, None)
            if nxt is not None:
                pending.add(client.submit(_play_tagged, *nxt, pure=False))
            t = tasks[i]
            if progress:
                progress(t.n)
            yield t, rows
    finally:
        client.close()
