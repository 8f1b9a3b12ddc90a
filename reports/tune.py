"""Design mode in the report: the games of a tune's results folder (experiments.tune) as the
section "Proposed levels". A tune's rows carry `tune_target` (the target's key, e.g. a level),
`tune_goal` (its win rate), `lever`, `value` and `current` (the value the data held; with
several levers, comma-separated in the same order) and `phase`: `search` (the search's paired
games), `retest` (several levers: the best point's neighbours on seeds of their own) or
`confirm` (the proposal's replay on fresh seeds), and for a calibrated tune `confirm-skill` (the
proposal replayed by a team at each end of the calibrated skill's interval). A `seats` target (every seat's win rate at
the fair share) is shown seat by seat, a `rounds` target (a game's length) by its mean rounds
with their normal 95% interval."""
from __future__ import annotations

import pandas as pd

from simcore.stats import Z95, wilson_interval

TUNE_COLS = ["tune_target", "tune_goal", "lever", "value", "current", "phase"]


def split_tune(df: pd.DataFrame) -> tuple:
    """(the other games, a tune's games or None): a tune's candidates are other rules than
    the data's, so no other table reads them."""
    if "lever" not in df.columns:
        return df, None
    mask = df["lever"].notna().to_numpy()
    rest = df[~mask].drop(columns=[c for c in TUNE_COLS if c in df.columns])
    return rest, (df[mask] if mask.any() else None)


def _rate_row(g: pd.DataFrame, z: float) -> dict:
    n, w = len(g), int(g["won"].sum())
    lo, hi = wilson_interval(w, n, z)
    return {"games": n, "wins": w, "win_rate": w / n, "ci_low": lo, "ci_high": hi}


def proposed(tune: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """One row per target: the lever, its current and proposed values, the proposal's win
    rate on fresh seeds with its 95% interval, the goal and whether the interval holds it."""
    rows = []
    fresh = tune[tune["phase"].astype(str) == "confirm"]
    # one row per proposal: every column a row names is a key (a folder reused with other
    # settings holds several proposals per target, which must not merge into one rate)
    for (key, lever, goal, current, value), g in fresh.groupby(
            ["tune_target", "lever", "tune_goal", "current", "value"], sort=False):
        goal = float(goal)
        # a seats target: one row per seat (the focal seat rotates), each against the fair share
        parts = ([(f"{key}: seat {int(k) + 1}", x) for k, x in g.groupby("seat", sort=True)]
                 if key == "seats" and "seat" in g.columns else [(key, g)])
        for label, part in parts:
            r = _rate_row(part, z)
            met = r["ci_low"] <= goal <= r["ci_high"]
            extra = {"goal": goal}
            if key == "rounds" and "rounds" in part.columns:     # a game length: its mean rounds
                x = part["rounds"].astype(float)
                half = z * float(x.std(ddof=1)) / len(x) ** 0.5 if len(x) > 1 else float("nan")
                extra = {"goal": None, "goal_rounds": goal, "mean_rounds": float(x.mean()),
                         "rounds_ci_low": float(x.mean()) - half, "rounds_ci_high": float(x.mean()) + half}
                met = extra["rounds_ci_low"] <= goal <= extra["rounds_ci_high"]
            rows.append({"tuned_for": label, "lever": lever, "current": str(current),
                         "proposed": str(value), **extra, **r, "met": bool(met)})
    cols = ["tuned_for", "lever", "current", "proposed", "goal", "games", "wins", "win_rate",
            "ci_low", "ci_high", "met"]
    if any("mean_rounds" in r for r in rows):
        cols[5:5] = ["goal_rounds", "mean_rounds", "rounds_ci_low", "rounds_ci_high"]
    return pd.DataFrame(rows, columns=cols)


def at_skill_ends(tune: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """A calibrated tune's proposal (`tune --calibrated`) replayed by a team at each end of the
    calibrated skill's 95% interval, on the confirmation's fresh seeds (phase `confirm-skill`):
    one row per target and skill, the win rate with its 95% interval and whether that interval
    holds the goal. Empty for any other tune."""
    cols = ["tuned_for", "lever", "proposed", "skill", "goal", "games", "wins", "win_rate",
            "ci_low", "ci_high", "met"]
    ends = tune[tune["phase"].astype(str) == "confirm-skill"]
    if ends.empty or "param_skill" not in ends.columns:
        return pd.DataFrame(columns=cols)
    rows = []
    for (key, lever, goal, value, skill), g in ends.groupby(
            ["tune_target", "lever", "tune_goal", "value", "param_skill"], sort=True):
        goal = float(goal)
        r = _rate_row(g, z)
        rows.append({"tuned_for": key, "lever": lever, "proposed": str(value),
                     "skill": float(skill), "goal": goal, **r,
                     "met": bool(r["ci_low"] <= goal <= r["ci_high"])})
    return pd.DataFrame(rows, columns=cols)


def searched(tune: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """Every value the search played, per target: its paired games and win rate."""
    rows = []
    search = tune[tune["phase"].astype(str) == "search"]
    for (key, lever, value), g in search.groupby(["tune_target", "lever", "value"], sort=True):
        rows.append({"tuned_for": key, "lever": lever, "value": str(value), **_rate_row(g, z),
                     **({"mean_rounds": float(g["rounds"].mean())}
                        if key == "rounds" and "rounds" in g.columns else {})})
    rows.sort(key=lambda r: (r["tuned_for"], r["lever"], [int(x) for x in r["value"].split(",")]))
    cols = ["tuned_for", "lever", "value", "games", "wins", "win_rate", "ci_low", "ci_high"]
    if any("mean_rounds" in r for r in rows):
        cols.insert(4, "mean_rounds")
    return pd.DataFrame(rows, columns=cols)
