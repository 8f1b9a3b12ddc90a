"""The difficulty curve: the win rate against skill for each level (and die) of a game, on the
same seeds, with the skill a team needs for even odds (and for 80%).

A monotone fit (scipy.optimize.isotonic_regression, weighted by games: the win rate may only
rise with skill) through the points; a threshold is where the fitted curve first reaches the
target, by linear interpolation between the skills played. Its 95% interval is a bootstrap over
games: each point's games are drawn again (its wins binomial at its observed rate), the curve is
fitted again and the threshold read again, 1 000 times; the 2.5 and 97.5 percentiles. A target
the curve never reaches (even at skill 1) has no threshold (None)."""
from __future__ import annotations

import numpy as np

TARGETS = (0.5, 0.8)
BOOTSTRAP = 1000


def monotone(skills, wins, games) -> np.ndarray:
    """The win rates fitted non-decreasing in skill (weighted by each point's games)."""
    from scipy.optimize import isotonic_regression
    rates = np.asarray(wins, float) / np.asarray(games, float)
    return isotonic_regression(rates, weights=np.asarray(games, float), increasing=True).x


def crossing(skills, fitted, target: float):
    """The skill at which the fitted curve first reaches `target` (interpolated), or None."""
    s = np.asarray(skills, float)
    above = np.nonzero(fitted >= target)[0]
    if not len(above):
        return None
    i = above[0]
    if i == 0:
        return float(s[0])
    lo, hi = fitted[i - 1], fitted[i]
    return float(s[i - 1] + (target - lo) / (hi - lo) * (s[i] - s[i - 1]))


def thresholds(skills, wins, games, targets=TARGETS, boot=BOOTSTRAP, seed=0) -> list[dict]:
    """For each target: the skill the fitted curve needs, with its bootstrap 95% interval
    (None where the curve, or a resample, never reaches it: `reached` says how many did)."""
    games = np.asarray(games, int)
    fitted = monotone(skills, wins, games)
    rng = np.random.default_rng(seed)
    p = np.asarray(wins, float) / games
    draws = rng.binomial(games, p, size=(boot, len(games)))
    out = []
    for t in targets:
        got = [crossing(skills, monotone(skills, d, games), t) for d in draws]
        ok = np.array([g for g in got if g is not None])
        lo, hi = (np.percentile(ok, [2.5, 97.5]) if len(ok) else (None, None))
        out.append({"target": t, "skill": crossing(skills, fitted, t),
                    "ci_low": None if lo is None else float(lo),
                    "ci_high": None if hi is None else float(hi),
                    "reached": len(ok) / boot})
    return out
