"""What `run` reports for Gnome Village: the focal seat's win rate (Wilson 95%), win rate by
seat, its points and margin to the best other seat, gnomes and tiles, game length, how often
the Happy Gnome was held, and why the focal seat lost."""
from __future__ import annotations

import numpy as np

from ...seating import seats_words
from ...stats import mean_ci
from ...summarykit import (Accumulating, loss_lines, pct, seat_finish, seat_lines,
                           seat_partial, total)
from . import consts as K

_SUMS = ("rounds", "turns", "points", "margin", "tiles", "gnomes", "coins")


def _partial(results: np.ndarray) -> dict:
    """Sufficient statistics of some games (exact integer sums: they add up chunk by chunk)."""
    f = {n: i for i, n in enumerate(K.RESULT_FIELDS)}
    col = lambda name: results[:, f[name]]
    pts = col("points").astype(np.int64)
    return {
        **seat_partial(results, K.RESULT_FIELDS, K, "points"),
        "cuts": int(col("cut").sum()),
        "happy": int((col("happy") == col("seat")).sum()),
        "points_sq": int((pts * pts).sum()),
        **{name: total(col(name)) for name in _SUMS},
    }


def _finish(p: dict) -> dict:
    games = p["games"]
    pts, pts_lo, pts_hi = mean_ci(p["points"], p["points_sq"], games)
    per = lambda key: p[key] / games if games else 0.0
    shared = seat_finish(p, K, "points")
    reasons = shared.pop("loss_reasons")     # last, as the summary's lines and JSON have it
    return {
        **shared,
        "mean_points": pts, "points_ci_low": pts_lo, "points_ci_high": pts_hi,
        "mean_margin": per("margin"), "mean_tiles": per("tiles"), "mean_gnomes": per("gnomes"),
        "mean_coins": per("coins"), "happy_rate": per("happy"),
        "mean_rounds": per("rounds"), "mean_turns": per("turns"),
        "cuts": p["cuts"],
        "loss_reasons": reasons,
    }


def _extras(p: dict) -> dict:
    """A sweep cell's own numbers beside its win rate: the focal seat's points and margin, and
    the game length."""
    games = max(1, p["games"])
    return {"mean_points": p["points"] / games, "mean_margin": p["margin"] / games,
            "mean_rounds": p["rounds"] / games}


# run's summary and a sweep cell's numbers, accumulated chunk by chunk (simcore.summarykit)
summarize = Accumulating(_partial, _finish)
cell_extras = Accumulating(_partial, _extras)


def summary_lines(s: dict, ci_words: str = "95% CI") -> list[str]:
    out = seat_lines(s, ci_words) + [
           f"points       {s['mean_points']:.2f} (95% CI {s['points_ci_low']:.2f} - "
           f"{s['points_ci_high']:.2f}); margin to the best other seat {s['mean_margin']:+.2f}",
           f"village      {s['mean_gnomes']:.2f} gnomes, {s['mean_tiles']:.1f} tiles, "
           f"{s['mean_coins']:.2f} coins left; Happy Gnome held in {pct(s['happy_rate'])} of games",
           f"game length  {s['mean_rounds']:.1f} rounds, {s['mean_turns']:.1f} turns (mean)"]
    if s["cuts"]:
        out.append(f"round cap    {s['cuts']} games cut by the round cap (scored as they stood)")
    return out + loss_lines(s)


def describe(variant, strategy: str, mix: str = "default") -> str:
    words = [seats_words(variant, strategy)]
    if variant.family:
        words.append("children's variant")
    if variant.expansion:
        words.append("mini-expansion")
    if mix != "default":
        words.append(f"data {mix}")
    return ", ".join(words)
