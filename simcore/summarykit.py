"""Summaries accumulated chunk by chunk: a game declares its `summarize` (and `cell_extras`)
as an `Accumulating`: `partial(rows)` gives sufficient statistics of some games (counts,
integer sums, histograms: plain ints in nested dicts), `merge` adds two of them, `finish`
turns the sum into the summary. `summarize(rows)` stays a plain call: finish(partial(rows)).

Integer sums make the merged statistics exact and independent of how the games were cut
into chunks and in which order the chunks finished, so the summary of a million games needs
one chunk's rows in memory at a time, and equals the summary computed from all rows at once.
Generic layers call `accumulator(fn)`: a game whose summarize is a plain function still works
(its rows are then kept until the end).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np


@dataclass(frozen=True)
class Accumulating:
    partial: Callable          # rows (int32[n, fields]) -> sufficient statistics
    finish: Callable           # merged statistics -> the summary dict

    def __call__(self, rows):
        return self.finish(self.partial(rows))


def merge(a, b):
    """The sum of two partial statistics: ints and floats add, dicts merge key by key, lists
    concatenate; None is the empty statistic."""
    if a is None:
        return b
    if b is None:
        return a
    if isinstance(a, dict):
        out = dict(a)
        for k, v in b.items():
            out[k] = merge(out.get(k), v)
        return out
    if isinstance(a, list):
        return a + b
    return a + b


def accumulator(fn) -> Accumulating:
    """`fn` as an Accumulating: itself if it is one, else one that keeps the rows."""
    if isinstance(fn, Accumulating):
        return fn
    return Accumulating(lambda rows: {"rows": [rows]},
                        lambda p: fn(np.concatenate(p["rows"])))


def total(column) -> int:
    """The exact integer sum of a column."""
    return int(np.asarray(column).sum(dtype=np.int64))
