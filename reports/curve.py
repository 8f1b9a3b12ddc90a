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
import pandas as pd

from simcore.reportkit import SKILL

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


# ----------------------------------------------------------------------------- in the report
MIN_POINTS = 3               # skills a setting needs to count as a curve (as `meeplesim curve`)
POINT_COLS = ["skill", "games", "wins", "win_rate", "ci_low", "ci_high"]
THRESHOLD_COLS = ["target", "skill_needed", "skill_ci_low", "skill_ci_high", "reached"]


def _curve_keys(df: pd.DataFrame, rep) -> list:
    """The columns that tell one curve from another: the results folder and every configuration
    column but the skill itself (columns with no value in these rows left out)."""
    from .tables import _keys
    return [k for k in _keys(df, rep) if k != SKILL and df[k].notna().any()]


def split(df: pd.DataFrame, rep) -> tuple:
    """(the games the other tables speak of, the games of difficulty curves or None). A curve
    is a setting (everything but the skill equal) played at `MIN_POINTS` skills or more: a
    skill team played at one or two skills stays in the other tables (which read no game when
    curves are all the table holds)."""
    if SKILL not in df.columns or not df[SKILL].notna().any():
        return df, None
    has = df[SKILL].notna()
    sk = df[has]
    keys = _curve_keys(sk, rep)
    n = sk.groupby(keys, dropna=False, sort=False)[SKILL].transform("nunique") if keys else \
        pd.Series(sk[SKILL].nunique(), index=sk.index)
    curve_idx = sk.index[(n >= MIN_POINTS).to_numpy()]
    if not len(curve_idx):
        return df, None
    curves = df.loc[curve_idx]
    rest = df.drop(index=curve_idx)
    return rest, curves


def analyse(df: pd.DataFrame, rep, boot: int = BOOTSTRAP) -> tuple:
    """(points, thresholds) of a table of curve games (`split`): per curve and skill its
    games, wins, win rate and Wilson 95% interval; per curve and target (`TARGETS`) the skill
    the monotone fit needs with its bootstrap interval (`thresholds`). Both carry the curve's
    configuration columns (the results folder, level, die, players, strategy...)."""
    from simcore.stats import wilson_interval
    df = df.copy()
    df["won"] = df["outcome"] == 1 if "won" not in df.columns else df["won"]
    keys = _curve_keys(df, rep)
    pts, ths = [], []
    groups = df.groupby(keys, dropna=False, sort=False) if keys else [((), df)]
    for vals, g in groups:
        vals = vals if isinstance(vals, tuple) else (vals,)
        at = dict(zip(keys, vals))
        rows = []
        for s, h in g.groupby(SKILL, sort=True):
            n, k = len(h), int(h["won"].sum())
            lo, hi = wilson_interval(k, n)
            rows.append({**at, "skill": float(s), "games": n, "wins": k, "win_rate": k / n,
                         "ci_low": lo, "ci_high": hi})
        pts += rows
        for t in thresholds([r["skill"] for r in rows], [r["wins"] for r in rows],
                            [r["games"] for r in rows], boot=boot):
            # no interval beside a target the curve itself does not reach
            none = t["skill"] is None
            ths.append({**at, "target": t["target"], "skill_needed": t["skill"],
                        "skill_ci_low": None if none else t["ci_low"],
                        "skill_ci_high": None if none else t["ci_high"], "reached": t["reached"]})
    points = pd.DataFrame(pts, columns=keys + POINT_COLS)
    thr = pd.DataFrame(ths, columns=keys + THRESHOLD_COLS)
    from .tables import sort_configs
    return (sort_configs(points, rep).reset_index(drop=True),
            sort_configs(thr, rep).reset_index(drop=True))


def fitted_at(points: pd.DataFrame, skill: float) -> float:
    """One curve's monotone fit read at `skill` (interpolated between the skills played)."""
    p = points.sort_values("skill")
    f = monotone(p["skill"], p["wins"], p["games"])
    return float(np.interp(skill, p["skill"].to_numpy(float), f))
