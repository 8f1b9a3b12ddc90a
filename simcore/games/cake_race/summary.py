"""What `run` reports for the cake race: the focal seat's win rate (Wilson 95%), win rate by
seat, cakes secured, eliminations, game length and why the focal seat lost."""
from __future__ import annotations

import numpy as np

from ...stats import mean_ci
from ...summarykit import (Accumulating, loss_lines, pct, seat_finish, seat_lines,
                           seat_partial, total)
from . import consts as K


_SUMS = ("rounds", "turns", "first_trip", "cakes_removed", "cakes_returned", "eliminations",
         "eliminated", "secured")


def _partial(results: np.ndarray) -> dict:
    """Sufficient statistics of some games (exact integer sums: they add up chunk by chunk)."""
    f = {n: i for i, n in enumerate(K.RESULT_FIELDS)}
    col = lambda name: results[:, f[name]]
    sec = col("secured").astype(np.int64)
    return {
        **seat_partial(results, K.RESULT_FIELDS, K, "secured"),
        "timeouts": int(col("cut").sum()),
        "secured_sq": int((sec * sec).sum()),
        **{name: total(col(name)) for name in _SUMS},
    }


def _finish(p: dict) -> dict:
    games = p["games"]
    sec, sec_lo, sec_hi = mean_ci(p["secured"], p["secured_sq"], games)
    shared = seat_finish(p, K, "secured")
    reasons = shared.pop("loss_reasons")     # last, as the summary's lines and JSON have it
    return {
        **shared,
        "mean_secured": sec, "secured_ci_low": sec_lo, "secured_ci_high": sec_hi,
        "eliminated_rate": p["eliminated"] / games if games else 0.0,
        "mean_eliminations": p["eliminations"] / games,
        "mean_rounds": p["rounds"] / games, "mean_turns": p["turns"] / games,
        "mean_first_trip": p["first_trip"] / games,
        "mean_removed": p["cakes_removed"] / games,
        "mean_returned": p["cakes_returned"] / games,
        "timeouts": p["timeouts"],
        "loss_reasons": reasons,
    }


def _extras(p: dict) -> dict:
    """A sweep cell's own numbers beside its win rate: cakes secured by the focal seat, how
    often it was eliminated, and the game length."""
    games = p["games"]
    return {"mean_secured": p["secured"] / games if games else 0.0,
            "eliminated_rate": p["eliminated"] / max(1, games),
            "mean_rounds": p["rounds"] / games if games else 0.0}


# run's summary and a sweep cell's numbers, accumulated chunk by chunk (simcore.summarykit)
summarize = Accumulating(_partial, _finish)
cell_extras = Accumulating(_partial, _extras)


def summary_lines(s: dict, ci_words: str = "95% CI") -> list[str]:
    out = seat_lines(s, ci_words) + [
           f"secured      {s['mean_secured']:.2f} cakes (95% CI {s['secured_ci_low']:.2f} - "
           f"{s['secured_ci_high']:.2f}); first trip home {s['mean_first_trip']:.2f}",
           f"eliminated   {pct(s['eliminated_rate'])} of games (all seats: {s['mean_eliminations']:.2f} per game)",
           f"game length  {s['mean_rounds']:.1f} rounds, {s['mean_turns']:.1f} turns (mean)",
           f"cakes        {s['mean_removed']:.2f} removed by the cat, {s['mean_returned']:.2f} returned "
           f"by Gargamel (mean per game)"]
    if s["timeouts"]:
        out.append(f"round cap    {s['timeouts']} games cut by the round cap (scored by cakes secured)")
    return out + loss_lines(s)


def describe(variant, strategy: str, mix: str = "default") -> str:
    p = variant.players
    return (f"{p} player{'s' if p > 1 else ''}, focal seat {variant.seat} plays {strategy}, "
            f"rivals {variant.rivals}" + (f", data {mix}" if mix != "default" else ""))
