"""Flat memory: the parent folds each chunk into sufficient statistics (or writes it) and drops
its rows, so the traced peak of run, compare and sweep does not grow with the game count."""
import tracemalloc

import pytest

from experiments import api
from simcore.summarykit import Accumulating, accumulator, merge

GRID = """
name = "flat"
games = {games}
seed = 2
chunk = 500
compare = "die"
[fixed]
strategy = "random"
[axes]
die = ["white", "red"]
"""


def _peak(fn):
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _calls(tmp_path):
    ex = lambda: api.Execution(chunk=500, jobs=1)
    spec = api.RunSpec(strategy="random", seed=3)

    def run(games, results=None):
        return lambda: api.run(spec, games, results, ex())

    def compare(games, results=None):
        return lambda: api.compare(spec.but(options={"die": "white"}), spec.but(options={"die": "red"}),
                                   games, results, ex())

    def sweep(games, results):
        g = tmp_path / f"g{games}.toml"
        g.write_text(GRID.format(games=games))
        return lambda: api.sweep(str(g), results, execution=ex())
    return run, compare, sweep


@pytest.mark.parametrize("what", ["run", "run-results", "compare", "compare-results", "sweep"])
def test_the_parents_traced_peak_is_the_same_at_two_game_counts(tmp_path, what):
    run, compare, sweep = _calls(tmp_path)
    name, _, stored = what.partition("-")
    make = {"run": run, "compare": compare, "sweep": sweep}[name]
    folder = lambda n: str(tmp_path / f"r{n}") if (stored or name == "sweep") else None
    make(500, folder(500))()                 # warm: kernels, pyarrow, first imports
    small, big = 1_000, 10_000
    peaks = [_peak(make(n, folder(n))) for n in (small, big)]
    # ten times the games, the same peak (keeping the rows measured 5 to 9 times the peak here)
    assert peaks[1] < 1.10 * peaks[0] + 100_000, peaks


def test_accumulated_summaries_equal_the_summary_of_all_rows_at_once():
    import numpy as np

    from experiments.runs import RunSpec, resolve, run
    for spec in (RunSpec(strategy="random", seed=5, options={"level": "complex"}),
                 RunSpec(game="cake-race", seed=5, players=3)):
        r = resolve(spec)
        rows = run(r, 900)
        for fn in filter(None, (r.game.summarize, r.game.cell_extras)):
            acc = accumulator(fn)
            assert isinstance(acc, Accumulating)
            parts = None
            for piece in (rows[:7], rows[7:500], rows[500:]):     # any cut, any order
                parts = merge(acc.partial(piece), parts)
            assert acc.finish(parts) == fn(rows)
        assert np.array_equal(rows, run(r, 900, chunk=77))
