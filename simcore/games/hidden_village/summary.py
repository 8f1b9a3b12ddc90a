"""What `run` reports for Hidden Village: the team's win rate (Wilson 95%), the mean game
length, why the team lost, and how far from the three objectives the losses ended."""
from __future__ import annotations

import numpy as np

from ...stats import wilson_interval
from ...summarykit import Accumulating, total
from . import consts as K

# the objectives left undone when a game is lost: result field -> words
OBJECTIVES_LEFT = {"forest_left": "lost Smurfs", "houses_left": "houses", "cakes_left": "cakes"}


def _partial(results: np.ndarray) -> dict:
    """Sufficient statistics of some games (exact integer sums: they add up chunk by chunk)."""
    f = {name: i for i, name in enumerate(K.RESULT_FIELDS)}
    outcome = results[:, f["outcome"]]
    loss = outcome == K.LOSS
    lost = results[loss]
    return {
        "games": int(results.shape[0]), "wins": int((outcome == K.WIN).sum()),
        "losses": int(loss.sum()),
        "reasons": {code: int((loss & (results[:, f["loss_reason"]] == code)).sum())
                    for code, name in K.LOSS_REASONS.items() if name},
        "left": {key: total(lost[:, f[key]]) for key in OBJECTIVES_LEFT},
        "rounds": total(results[:, f["rounds"]]),
        "dangerous_actions": total(results[:, f["dangerous_actions"]]),
        "cracoucass_attacks": total(results[:, f["cracoucass_attacks"]]),
    }


def _finish(p: dict) -> dict:
    """Games, wins, win rate with its 95% Wilson interval, mean rounds, loss reasons, and how
    far from done the losses ended (mean objectives left)."""
    games, wins = p["games"], p["wins"]
    lo, hi = wilson_interval(wins, games)
    reasons = {name: p["reasons"][code] for code, name in K.LOSS_REASONS.items()
               if name and p["reasons"].get(code)}
    left = ({key: round(p["left"][key] / p["losses"], 3) for key in OBJECTIVES_LEFT}
            if p["losses"] else {})
    return {
        "games": games, "wins": wins, "win_rate": wins / games, "ci_low": lo, "ci_high": hi,
        "mean_rounds": p["rounds"] / games,
        "loss_reasons": reasons, "losses_mean_left": left,
        "mean_dangerous_actions": p["dangerous_actions"] / games,
        "mean_cracoucass_attacks": p["cracoucass_attacks"] / games,
    }


# run's summary, accumulated chunk by chunk (simcore.summarykit); summarize(rows) as before
summarize = Accumulating(_partial, _finish)


def summary_lines(s: dict, ci_words: str = "95% CI") -> list[str]:
    out = [f"games        {s['games']}",
           f"wins         {s['wins']}",
           f"win rate     {100 * s['win_rate']:.2f}%  ({ci_words} {100 * s['ci_low']:.2f}% - "
           f"{100 * s['ci_high']:.2f}%)",
           f"mean rounds  {s['mean_rounds']:.2f}"]
    if s["loss_reasons"]:
        out.append("loss reasons " + ", ".join(f"{k} {v}" for k, v in s["loss_reasons"].items()))
    if s["losses_mean_left"]:
        left = s["losses_mean_left"]
        out.append("losses left  " + ", ".join(f"{left[k]:.2f} {words}" for k, words
                                               in OBJECTIVES_LEFT.items()) + " (mean)")
    return out


def describe(variant, strategy: str, mix: str = "default") -> str:
    v = variant
    return (f"level {v.level}, {v.die} die, Hungry Cracoucass {'on' if v.hungry else 'off'}, "
            f"{v.players} player{'s' if v.players > 1 else ''}, strategy {strategy}"
            + (f", Too Late {v.too_late}" if v.too_late != "bottom" else "")
            + (", finite supply" if v.finite_supply else "")
            + (f", cards {mix}" if mix != "default" else ""))


def data_summary(catalog) -> str:
    """What a folder of data holds, in words (`meeplesim check-data`)."""
    c = catalog
    return (f"{len(c.smurfs)} Smurf cards, {len(c.inventions)} inventions, {len(c.cakes)} cakes, "
            f"{len(c.gargamel)} Gargamel cards, {len(c.levels)} levels")
