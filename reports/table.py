"""The report's section "Your table": a calibration's results folder (`meeplesim calibrate ...
--results DIR`) keeps its playtests and its fit beside its games (reports.build.Source's
`calibration`, written by experiments/calibrate.py `CalibrateResult.record`). The section shows
the fitted skill with its interval, the misfit in words, the playtests drawn on the curves they
were placed on (each at the fitted skill, with its Wilson interval), the rows with the fit and
the predictions: the same numbers as `calibrate --json`.

The curves are the folder's games: the first `games` games of each cell the fit read. A folder
whose games no longer give the wins the fit was made from gets no section but a sentence saying
so (the calibration is then not the folder's): the report never shows a fit its games do not
support."""
from __future__ import annotations

import pandas as pd

ROWS = "your_table_playtests"
PREDICTIONS = "your_table_predictions"
VALUES = ("games", "wins", "fitted", "fitted_low", "fitted_high", "win_rate", "ci_low", "ci_high",
          "band_low", "band_high")


def _games_of(df: pd.DataFrame, path: str, n: int) -> pd.DataFrame:
    """Per cell of the folder `path`: its first `n` games' count and wins."""
    g = df[df["results"] == path] if "results" in df.columns else df
    g = g[g["game"] < n]
    return g.groupby("cell", observed=True)["won"].agg(["size", "sum"])


def entries(df: pd.DataFrame, sources: list) -> list[dict]:
    """One entry a calibrated folder: {"source", "calibration", "stale": the cells whose games
    differ from those the fit read, "rows", "predictions" (tables, as `calibrate --json`'s with
    the observed rate's Wilson interval and each row's share of the deviance), "points" (each
    playtest configuration's curve: win rate and Wilson interval per skill)}."""
    from simcore.stats import wilson_interval
    out = []
    many = "results" in df.columns
    for src in sources:
        c = src.calibration
        if c is None:
            continue
        n = int(c["games"])
        got = _games_of(df, src.path, n)
        stale = sorted(cid for cid, w in c["wins"].items()
                       if cid not in got.index or int(got.loc[cid, "size"]) != n
                       or int(got.loc[cid, "sum"]) != int(w))
        e = {"source": src.path, "calibration": c, "stale": stale}
        out.append(e)
        if stale:
            continue
        res, where = c["result"], ({"results": src.path} if many else {})
        rows, points = [], []
        for i, (r, d) in enumerate(zip(res["rows"], c["rows"])):
            opts = {k: v for k, v in r.items() if k not in VALUES}
            rows.append({**where, **opts, "games": r["games"], "wins": r["wins"],
                         "win_rate": d["win_rate"], "ci_low": d["ci_low"], "ci_high": d["ci_high"],
                         "fitted": r["fitted"], "fitted_ci_low": r["fitted_low"],
                         "fitted_ci_high": r["fitted_high"], "misfit": d["misfit"]})
            label = ", ".join(f"{k} {v}" for k, v in opts.items()) or "the configuration given"
            for s, cid in zip(c["skills"], d["cells"]):
                w = int(c["wins"][cid])
                lo, hi = wilson_interval(w, n)
                points.append({"row": i, "label": label, "skill": float(s), "games": n,
                               "wins": w, "win_rate": w / n, "ci_low": lo, "ci_high": hi})
        preds = [{**where, **{k: v for k, v in p.items() if k not in VALUES},
                  **{k: p[k] for k in ("win_rate", "ci_low", "ci_high", "band_low", "band_high")
                     if k in p}} for p in res["predictions"]]
        e.update(rows=pd.DataFrame(rows), predictions=pd.DataFrame(preds),
                 points=pd.DataFrame(points))
    return out


def tables(df: pd.DataFrame, sources: list) -> dict:
    """The section's tables by file stem (none without a calibrated folder), and
    `_your_table`: the entries the section and its figure are drawn from."""
    es = entries(df, sources)
    if not es:
        return {}
    ok = [e for e in es if not e["stale"]]
    out = {"_your_table": es}
    if ok:
        out[ROWS] = pd.concat([e["rows"] for e in ok], ignore_index=True)
        out[PREDICTIONS] = pd.concat([e["predictions"] for e in ok], ignore_index=True)
    return out


def stale_words(e: dict) -> str:
    """Why a calibrated folder has no section."""
    n = len(e["stale"])
    return (f"{e['source']}: the calibration it keeps was made from other games than the folder "
            f"holds now ({n} of its {len(e['calibration']['wins'])} cells differ, e.g. "
            f"'{e['stale'][0]}'): no section \"Your table\" for it; run `meeplesim calibrate "
            f"{e['calibration']['playtests']['file']} ... --results {e['source']}` again.")
