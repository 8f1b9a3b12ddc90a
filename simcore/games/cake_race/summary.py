"""What `run` reports for the cake race: the focal seat's win rate (Wilson 95%), win rate by
seat, cakes secured, eliminations, game length and why the focal seat lost."""
from __future__ import annotations

import numpy as np

from ...stats import mean_ci, wilson_interval
from . import consts as K


def _mean_ci(x: np.ndarray) -> tuple[float, float, float]:
    x = x.astype(np.int64)
    return mean_ci(int(x.sum()), int((x * x).sum()), int(x.shape[0]))


def summarize(results: np.ndarray) -> dict:
    f = {n: i for i, n in enumerate(K.RESULT_FIELDS)}
    col = lambda name: results[:, f[name]]
    games = int(results.shape[0])
    wins = int((col("outcome") == K.WIN).sum())
    ties = int((col("outcome") == K.TIE).sum())
    lo, hi = wilson_interval(wins, games)
    by_seat = {}
    for s in sorted(set(col("seat").tolist())):
        sel = col("seat") == s
        n, w = int(sel.sum()), int((col("outcome")[sel] == K.WIN).sum())
        a, b = wilson_interval(w, n)
        by_seat[int(s)] = {"games": n, "wins": w, "win_rate": w / n, "ci_low": a, "ci_high": b,
                           "mean_secured": float(col("secured")[sel].mean())}
    reasons = {}
    for code, name in K.LOSS_REASONS.items():
        if name:
            n = int(((col("outcome") == K.LOSS) & (col("loss_reason") == code)).sum())
            if n:
                reasons[name] = n
    sec, sec_lo, sec_hi = _mean_ci(col("secured").astype(np.float64))
    elim = int(col("eliminated").sum())
    return {
        "games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
        "ci_low": lo, "ci_high": hi, "shared_wins": ties, "by_seat": by_seat,
        "mean_secured": sec, "secured_ci_low": sec_lo, "secured_ci_high": sec_hi,
        "eliminated_rate": elim / games if games else 0.0,
        "mean_eliminations": float(col("eliminations").mean()),
        "mean_rounds": float(col("rounds").mean()), "mean_turns": float(col("turns").mean()),
        "mean_first_trip": float(col("first_trip").mean()),
        "mean_removed": float(col("cakes_removed").mean()),
        "mean_returned": float(col("cakes_returned").mean()),
        "timeouts": int((col("loss_reason") == K.LOSS_TIMEOUT).sum()),
        "loss_reasons": reasons,
    }


def summary_lines(s: dict, ci_words: str = "95% CI") -> list[str]:
    pct = lambda x: f"{100 * x:.2f}%"
    out = [f"games        {s['games']}",
           f"wins         {s['wins']} (+ {s['shared_wins']} shared)",
           f"win rate     {pct(s['win_rate'])}  ({ci_words} {pct(s['ci_low'])} - {pct(s['ci_high'])})",
           "by seat      " + ", ".join(
               f"{seat}: {pct(v['win_rate'])} ({pct(v['ci_low'])} - {pct(v['ci_high'])}, n {v['games']})"
               for seat, v in s["by_seat"].items()),
           f"secured      {s['mean_secured']:.2f} cakes (95% CI {s['secured_ci_low']:.2f} - "
           f"{s['secured_ci_high']:.2f}); first trip home {s['mean_first_trip']:.2f}",
           f"eliminated   {pct(s['eliminated_rate'])} of games (all seats: {s['mean_eliminations']:.2f} per game)",
           f"game length  {s['mean_rounds']:.1f} rounds, {s['mean_turns']:.1f} turns (mean)",
           f"cakes        {s['mean_removed']:.2f} removed by the cat, {s['mean_returned']:.2f} returned "
           f"by Gargamel (mean per game)"]
    if s["loss_reasons"]:
        out.append("loss reasons " + ", ".join(f"{k} {v}" for k, v in s["loss_reasons"].items()))
    return out


def describe(variant, strategy: str, mix: str = "default") -> str:
    p = variant.players
    return (f"{p} player{'s' if p > 1 else ''}, focal seat {variant.seat} plays {strategy}, "
            f"rivals {variant.rivals}" + (f", data {mix}" if mix != "default" else ""))


def cell_extras(results: np.ndarray) -> dict:
    """A sweep cell's own numbers beside its win rate: cakes secured by the focal seat, how
    often it was eliminated, and the game length."""
    f = {n: i for i, n in enumerate(K.RESULT_FIELDS)}
    n = max(1, results.shape[0])
    return {"mean_secured": float(results[:, f["secured"]].mean()) if results.shape[0] else 0.0,
            "eliminated_rate": float(results[:, f["eliminated"]].sum()) / n,
            "mean_rounds": float(results[:, f["rounds"]].mean()) if results.shape[0] else 0.0}
