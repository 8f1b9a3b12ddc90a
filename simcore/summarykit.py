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

from .stats import wilson_interval


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


# --- what every competitive game's summary shares: the focal seat's wins, the win rate of
# each seat (the focal seat rotating gives every seat's record), and why the focal seat lost.
# A game names the result column it sums per seat (`per_seat`, e.g. its points) and adds its
# own numbers beside these.

def seat_partial(results: np.ndarray, fields, K, per_seat: str) -> dict:
    """Sufficient statistics of some games of a competitive game (`fields`: its result field
    names; `K`: its consts with WIN, TIE, LOSS and LOSS_REASONS): games, the focal seat's wins
    and shared wins, per seat its games, wins and the sum of column `per_seat`, and the count of
    each loss reason."""
    f = {n: i for i, n in enumerate(fields)}
    outcome, seat, value = results[:, f["outcome"]], results[:, f["seat"]], results[:, f[per_seat]]
    reason = results[:, f["loss_reason"]]
    seats = {}
    for s in np.unique(seat).tolist():
        sel = seat == s
        seats[int(s)] = {"games": int(sel.sum()), "wins": int((outcome[sel] == K.WIN).sum()),
                         per_seat: total(value[sel])}
    return {"games": int(results.shape[0]), "wins": int((outcome == K.WIN).sum()),
            "ties": int((outcome == K.TIE).sum()), "seats": seats,
            "reasons": {code: int(((outcome == K.LOSS) & (reason == code)).sum())
                        for code, name in K.LOSS_REASONS.items() if name}}


def seat_finish(p: dict, K, per_seat: str) -> dict:
    """seat_partial's statistics (summed) as the summary's shared part: the focal seat's win
    rate with its Wilson 95% interval, shared wins, by seat (win rate, interval and the mean of
    `per_seat`, as `mean_<per_seat>`), and the loss reasons by name."""
    games, wins = p["games"], p["wins"]
    lo, hi = wilson_interval(wins, games)
    by_seat = {}
    for s in sorted(p["seats"]):
        v = p["seats"][s]
        a, b = wilson_interval(v["wins"], v["games"])
        by_seat[s] = {"games": v["games"], "wins": v["wins"], "win_rate": v["wins"] / v["games"],
                      "ci_low": a, "ci_high": b, f"mean_{per_seat}": v[per_seat] / v["games"]}
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
            "ci_low": lo, "ci_high": hi, "shared_wins": p["ties"], "by_seat": by_seat,
            "loss_reasons": {name: p["reasons"][code] for code, name in K.LOSS_REASONS.items()
                             if name and p["reasons"].get(code)}}


def pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def seat_lines(s: dict, ci_words: str = "95% CI") -> list[str]:
    """The first lines of a competitive game's `run` summary (seat_finish's numbers)."""
    return [f"games        {s['games']}",
            f"wins         {s['wins']} (+ {s['shared_wins']} shared)",
            f"win rate     {pct(s['win_rate'])}  ({ci_words} {pct(s['ci_low'])} - {pct(s['ci_high'])})",
            "by seat      " + ", ".join(
                f"{seat}: {pct(v['win_rate'])} ({pct(v['ci_low'])} - {pct(v['ci_high'])}, n {v['games']})"
                for seat, v in s["by_seat"].items())]


def loss_lines(s: dict) -> list[str]:
    """The summary's last line, the focal seat's loss reasons, if it lost any game."""
    if not s["loss_reasons"]:
        return []
    return ["loss reasons " + ", ".join(f"{k} {v}" for k, v in s["loss_reasons"].items())]
