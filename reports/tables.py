"""Tables of a balance report: pure functions from the results table and the game's report
descriptor (`simcore.reportkit.Report`, `Game.report`) to pandas DataFrames.

The results table (`experiments.reporting.load`, built on `simcore.store.read_table`) has one
row per game: `cell`, `game` (the game index), the game's result fields (`outcome` first: 1 a
win; `won` is outcome == 1), and the cell's constant columns: the options as played,
`strategy`, `mix` and `param_<name>` for each strategy parameter. A report built from several
results folders also has a `results` column naming the folder of each game.

One configuration is one cell of one results folder. Cells of one folder share their root
seed, so game i of two cells saw the same deals where the rules allow: differences between
cells are paired by game index and get paired intervals (`simcore.stats.paired_difference`).
Cells of different folders are never paired.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from simcore.stats import (Z95, fdr_marks, not_estimable_words, p_value, paired_difference,
                           wilson_interval)

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
NOT_CONFIG = ("cell", "game", "won", "results", "_config")   # _config: see _with_ids
PAIRED_COLS = ["games", "base_rate", "other_rate", "diff", "diff_ci_low", "diff_ci_high",
               "unpaired_ci_low", "unpaired_ci_high", "correlation", "note"]


# ----------------------------------------------------------------------------- configurations
def config_columns(df: pd.DataFrame, rep) -> list:
    """The configuration columns of the results table: the descriptor's axes present, in its
    order, then every other column that is not a result field (another strategy's params, an
    option the descriptor does not name)."""
    declared = [a.name for a in rep.axes if a.name in df.columns]
    return declared + [c for c in df.columns
                       if c not in NOT_CONFIG and c not in declared and c not in rep.fields]


def _keys(df: pd.DataFrame, rep, skip=()) -> list:
    return [c for c in (["results"] if "results" in df.columns else []) + config_columns(df, rep)
            if c not in skip]


def tidy(df: pd.DataFrame) -> pd.DataFrame:
    """The table with plain (not categorical) columns and `won` (outcome == 1)."""
    df = df.copy()
    for c in df.columns:
        if isinstance(df[c].dtype, pd.CategoricalDtype):
            df[c] = df[c].astype(object)
    if "won" not in df.columns:
        df["won"] = df["outcome"] == 1
    return df


def sort_configs(t: pd.DataFrame, rep) -> pd.DataFrame:
    """Rows in report order: results folder, then each axis in the descriptor's order (its
    declared values first), then the other columns, then the cell."""
    if t.empty:
        return t.reset_index(drop=True)
    cols = [c for c in ["results"] + [a.name for a in rep.axes] if c in t.columns]
    cols += [c for c in t.columns if c.startswith("param_") and c not in cols]
    if "cell" in t.columns:
        cols.append("cell")
    key = pd.DataFrame(index=t.index)
    for c in cols:
        # results folders in the order given (their first appearance), the rest by the axes
        first = {v: i for i, v in enumerate(pd.unique(t["results"]))} if c == "results" else {}
        ranks = [rep.axis(c).rank(v) if c != "results" else (first[v], 0, 0.0, "") for v in t[c]]
        for i in range(4):
            key[f"{c}_{i}"] = [r[i] for r in ranks]
    idx = key.sort_values(list(key.columns), kind="stable").index if len(key.columns) else t.index
    return t.loc[idx].reset_index(drop=True)


def _group(df: pd.DataFrame, rep, skip=()):
    """(configuration dict, games of that configuration) per configuration."""
    keys = _keys(df, rep, skip) + ["cell"]
    for vals, g in df.groupby(keys, sort=False, observed=True, dropna=False):
        yield dict(zip(keys, vals)), g


def _frame(rows, df, rep, cols, skip=()) -> pd.DataFrame:
    return sort_configs(pd.DataFrame(rows, columns=_keys(df, rep, skip) + ["cell"] + cols), rep)


def _mean_ci(x: np.ndarray, z: float = Z95) -> tuple:
    n = len(x)
    m = float(x.mean()) if n else np.nan
    h = z * float(x.std(ddof=1)) / math.sqrt(n) if n > 1 else np.nan
    return m, m - h, m + h


# ----------------------------------------------------------------------------- win odds
def win_odds(df: pd.DataFrame, rep, z: float = Z95, by: str | None = None) -> pd.DataFrame:
    """Win odds per configuration (and per value of the result field `by`, e.g. the seat):
    games, wins, win rate and its Wilson interval (95% by default), the interval's
    half-width, and a count of each of the game's other outcomes (rep.outcomes)."""
    df = tidy(df)
    rows = []
    skip = (by,) if by else ()             # a per-game field, not the configuration's
    for cfg, g in _group(df, rep, skip):
        parts = g.groupby(by, sort=True) if by else [(None, g)]
        for value, s in parts:
            n, w = len(s), int(s["won"].sum())
            lo, hi = wilson_interval(w, n, z)
            rows.append({**cfg, **({by: value} if by else {}), "games": n, "wins": w,
                         "win_rate": w / n, "ci_low": lo, "ci_high": hi, "halfwidth": (hi - lo) / 2,
                         **{words: int((s["outcome"] == code).sum())
                            for code, words in rep.outcomes.items()}})
    # the sort is stable: a configuration's rows stay in the order of `by`'s values
    return _frame(rows, df, rep, ([by] if by else []) + ["games", "wins", "win_rate", "ci_low",
                                                        "ci_high", "halfwidth", *rep.outcomes.values()],
                  skip)


# ----------------------------------------------------------------------------- paired deltas
CONFIG_ID = "_config"       # a configuration's number in tidy()'s table: what games pair within


def _with_ids(df: pd.DataFrame, rep) -> pd.DataFrame:
    """`df` with a number per configuration (results folder, cell and every configuration
    column): tables read with or without a `results` column, two folders' `run` cells are
    then two configurations, never one."""
    keys = _keys(df, rep) + ["cell"]
    df = df.copy()
    df[CONFIG_ID] = df.groupby(keys, sort=False, observed=True, dropna=False).ngroup()
    return df


def _configs(df: pd.DataFrame, rep) -> pd.DataFrame:
    """One row per configuration: its columns, cell and number (df from _with_ids)."""
    return df[_keys(df, rep) + ["cell", CONFIG_ID]].drop_duplicates(CONFIG_ID).reset_index(drop=True)


def _rest(df, rep, axis) -> list:
    """The columns two configurations share when compared along `axis`: all but the axis,
    and, along the strategy, but the strategies' parameters (param_<name>: each strategy has
    its own)."""
    return [k for k in _keys(df, rep)
            if k != axis and not (axis == "strategy" and k.startswith("param_"))]


def _pairs_on(df, rep, axis, base, other):
    """Pairs of configurations of one folder equal but for `axis` (base in one, other in the
    second): (base number, other number, the shared values and the other's parameters)."""
    from simcore.reportkit import select
    cfg = _configs(df, rep)
    rest = _rest(df, rep, axis)
    own = [k for k in _keys(df, rep) if k not in rest and k != axis]
    a, b = select(cfg, **{axis: base}), select(cfg, **{axis: other})
    m = a.merge(b, on=rest, suffixes=("_base", "_other"))
    # two configurations under one cell id come from two folders (a folder's ids are unique)
    # read without a `results` column: they are not paired
    m = m[m["cell_base"] != m["cell_other"]]
    m = m[untangled(m, axis)]
    return [(r[f"{CONFIG_ID}_base"], r[f"{CONFIG_ID}_other"],
             {**{k: r[k] for k in rest}, **{k: r[f"{k}_other"] for k in own}})
            for _, r in m.iterrows()]


def twin_id(cell, axis: str) -> str:
    """A grid cell's id without its value of `axis` (and, along the strategy, its
    parameters): what a cell shares with its partner along `axis` (experiments.grid.cell_id
    joins name=value parts)."""
    drop = (f"{axis}=",) + (("params=",) if axis == "strategy" else ())
    return ",".join(p for p in str(cell).split(",") if not p.startswith(drop))


def untangled(m: pd.DataFrame, axis: str) -> list:
    """Which candidate pairs (cell_base, cell_other, a row each) to keep: every one, unless a
    configuration has several partners that no column tells apart (cells of one folder that
    differ in something no column records, e.g. a grid's `data` axis); such a configuration
    keeps the partners whose cell ids are its own but for `axis`, and none when none is."""
    if m.empty:
        return []
    nb = m.groupby(f"{CONFIG_ID}_base")[f"{CONFIG_ID}_other"].transform("size")
    no = m.groupby(f"{CONFIG_ID}_other")[f"{CONFIG_ID}_base"].transform("size")
    return [bool(x == 1 and y == 1) or twin_id(cb, axis) == twin_id(co, axis)
            for x, y, cb, co in zip(nb, no, m["cell_base"], m["cell_other"])]


def _wins(df: pd.DataFrame) -> dict:
    """Configuration number -> (its game indices, sorted and unique; 1.0 where won / 0.0)."""
    out = {}
    for k, g in df.groupby(CONFIG_ID, sort=False):
        games, first = np.unique(g["game"].to_numpy(), return_index=True)
        out[k] = (games, g["won"].to_numpy()[first].astype(np.float64))
    return out


def _why_not(wa: np.ndarray, wb: np.ndarray) -> str:
    """Why a paired interval cannot be estimated: every game gave the same difference."""
    return not_estimable_words(float(wa.mean()), float(wb.mean()))


def paired_row(wins: dict, key_a, key_b, z: float = Z95):
    """Paired statistics of configurations a (base) and b (other) over the game indices both
    played: other - base, its paired and unpaired intervals; when every game gave the same
    difference the paired interval is not estimable (NaN, and `note` says why)."""
    (ga, wa), (gb, wb) = wins[key_a], wins[key_b]
    _, ia, ib = np.intersect1d(ga, gb, assume_unique=True, return_indices=True)    # both unique
    wa, wb = wa[ia], wb[ib]
    if len(ia) < 2:
        return None
    d = paired_difference(wb, wa, z)
    note = ""
    if np.all(wb - wa == wb[0] - wa[0]):
        note = _why_not(wa, wb)
        d.update(diff_ci_low=np.nan, diff_ci_high=np.nan)
    if wa.mean() in (0.0, 1.0) and wb.mean() in (0.0, 1.0):    # no variance on either side
        d.update(unpaired_ci_low=np.nan, unpaired_ci_high=np.nan)
    return {"games": len(ia), "base_rate": float(wa.mean()), "other_rate": float(wb.mean()),
            **{k: d[k] for k in PAIRED_COLS[3:9]}, "note": note}


def default_pairs(df: pd.DataFrame, rep, axis: str) -> list:
    """Every pair of the values of `axis` present, the earlier in report order as the base."""
    from simcore.reportkit import Overview
    values = Overview(rep, {}, 0, []).values(df, axis)
    return [(values[i], values[j]) for i in range(len(values)) for j in range(i + 1, len(values))]


def per_game_axis(df: pd.DataFrame, rep, axis: str) -> tuple:
    """(the games of the cells holding one value of the result field `axis`, a descriptor
    reading `axis` as a configuration column): a cell with a fixed seat is a configuration of
    that seat; a cell whose seat rotates game by game is left out (each of its games is one
    seat's, so no game of it pairs with another seat's)."""
    from dataclasses import replace
    one = df.groupby(_keys(df, rep) + ["cell"], sort=False, observed=True,
                     dropna=False)[axis].transform("nunique") == 1
    fields = {k: v for k, v in rep.fields.items() if k != axis}
    return df[one.to_numpy()], replace(rep, fields=fields)


def comparison_pairs(df: pd.DataFrame, rep, c) -> list:
    """The (base, other) value pairs of a declared Comparison: its one pair, or, with `other`
    None, the base against every other value of the axis present."""
    if c.other is not None:
        return [(c.base, c.other)]
    from simcore.reportkit import Overview, _same
    values = Overview(rep, {}, 0, []).values(df, c.axis) if c.axis in df.columns else []
    return [(c.base, v) for v in values if not _same(v, c.base)]


def fair_share(odds: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """Win odds by seat (a `players` column) with the fair share (1/players) and the win rate
    minus it, with the Wilson interval's bounds minus it."""
    t = odds.copy()
    if t.empty or "players" not in t.columns:
        return t
    t["fair_share"] = 1.0 / t["players"].astype(float)
    t["vs_fair"] = t["win_rate"] - t["fair_share"]
    t["vs_fair_ci_low"] = t["ci_low"] - t["fair_share"]
    t["vs_fair_ci_high"] = t["ci_high"] - t["fair_share"]
    return t


def paired_deltas(df: pd.DataFrame, rep, axis: str, pairs=None, z: float = Z95) -> pd.DataFrame:
    """The change in win rate when one configuration column changes and nothing else does:
    for each (base, other) value pair of `axis` (default: every pair present) and each pair of
    configurations of one folder having them, other - base over the games both played
    (paired by game index), with its 95% interval (normal, on the per-game differences) and
    the unpaired one."""
    df = tidy(df)
    if axis in rep.fields and axis not in config_columns(df, rep) and axis in df.columns:
        df, rep = per_game_axis(df, rep, axis)
        if df.empty:                # every cell rotates the seat: nothing pairs
            return pd.DataFrame(columns=["axis", "base", "other"] + _keys(df, rep) + PAIRED_COLS)
    df = _with_ids(df, rep)
    rest = [k for k in _keys(df, rep) if k != axis]
    cols = ["axis", "base", "other"] + rest + PAIRED_COLS
    if axis not in df.columns:
        return pd.DataFrame(columns=cols)
    rows = []
    wins = _wins(df)
    for base, other in (default_pairs(df, rep, axis) if pairs is None else pairs):
        for key_a, key_b, cfg in _pairs_on(df, rep, axis, base, other):
            r = paired_row(wins, key_a, key_b, z)
            if r is not None:
                rows.append({"axis": axis, "base": base, "other": other, **cfg, **r})
    return sort_configs(pd.DataFrame(rows, columns=cols), rep)


# ----------------------------------------------------------------------------- length
def rounds_played(df: pd.DataFrame, rep, quantiles=QUANTILES) -> pd.DataFrame:
    """The game's length (rep.length) per configuration: mean, quantiles (10%, 25%, median,
    75%, 90% by default), maximum, and the mean over won and over lost games."""
    df = tidy(df)
    rows = []
    qs = [f"q{round(100 * q):02d}" for q in quantiles]
    for cfg, g in _group(df, rep):
        r = g[rep.length].to_numpy(np.float64)
        won = g["won"].to_numpy()
        lost = g["outcome"].to_numpy() == rep.lost
        row = {**cfg, "games": len(g), "mean": float(r.mean())}
        row.update({k: float(np.quantile(r, q, method="lower")) for k, q in zip(qs, quantiles)})
        row["max"] = float(r.max())
        row["mean_won"] = float(r[won].mean()) if won.any() else np.nan
        row["mean_lost"] = float(r[lost].mean()) if lost.any() else np.nan
        rows.append(row)
    return _frame(rows, df, rep, ["games", "mean"] + qs + ["max", "mean_won", "mean_lost"])


def survival(df: pd.DataFrame, rep) -> pd.DataFrame:
    """Per configuration and length r (0 .. the longest game): P(the game is still running
    after r) = P(length > r), and P(won by the end of r) = P(won, length <= r)."""
    df = tidy(df)
    rows = []
    top = int(df[rep.length].max()) if len(df) else 0
    for cfg, g in _group(df, rep):
        r = g[rep.length].to_numpy()
        won = g["won"].to_numpy()
        n = len(g)
        running = (r[None, :] > np.arange(top + 1)[:, None]).sum(axis=1) / n
        won_by = (won[None, :] & (r[None, :] <= np.arange(top + 1)[:, None])).sum(axis=1) / n
        rows += [{**cfg, "round": k, "running": float(running[k]), "won": float(won_by[k])}
                 for k in range(top + 1)]
    return pd.DataFrame(rows, columns=_keys(df, rep) + ["cell", "round", "running", "won"])


# ----------------------------------------------------------------------------- the game's numbers
def measures(df: pd.DataFrame, rep, z: float = Z95) -> pd.DataFrame:
    """The descriptor's measures per configuration: a mean with its normal 95% interval
    (`mean_<field>`, `..._ci_low`, `..._ci_high`) or a rate with its Wilson interval
    (`<field>_rate`, ...)."""
    df = tidy(df)
    ms = [m for m in rep.measures if m.field in df.columns]
    cols = ["games"]
    for m in ms:
        c = f"mean_{m.field}" if m.kind == "mean" else f"{m.field}_rate"
        cols += [c, f"{c}_ci_low", f"{c}_ci_high"]
    rows = []
    for cfg, g in _group(df, rep):
        row = {**cfg, "games": len(g)}
        for m in ms:
            x = g[m.field].to_numpy(np.float64)
            if m.kind == "mean":
                c = f"mean_{m.field}"
                row[c], row[f"{c}_ci_low"], row[f"{c}_ci_high"] = _mean_ci(x, z)
            else:
                c, k = f"{m.field}_rate", int((x != 0).sum())
                row[c] = k / len(x)
                row[f"{c}_ci_low"], row[f"{c}_ci_high"] = wilson_interval(k, len(x), z)
        rows.append(row)
    return _frame(rows, df, rep, cols) if ms else pd.DataFrame()


# ----------------------------------------------------------------------------- losses
def loss_reasons(df: pd.DataFrame, rep) -> pd.DataFrame:
    """Per configuration: games, losses, the count and share of losses of each reason, and,
    for a game with objectives, the mean of each objective left undone at a loss and the
    share of losses one step from victory (exactly one item of one objective left)."""
    df = tidy(df)
    names = [key for key, _ in rep.loss_reasons.values()]
    objs = [o.field for o in rep.objectives]
    rows = []
    for cfg, g in _group(df, rep):
        lost = g[g["outcome"] == rep.lost]
        n = len(lost)
        row = {**cfg, "games": len(g), "losses": n}
        for code, (key, _) in rep.loss_reasons.items():
            k = int((lost["loss_reason"] == code).sum())
            row[key], row[f"{key}_share"] = k, (k / n if n else np.nan)
        for col in objs:
            row[f"mean_{col}"] = float(lost[col].mean()) if n else np.nan
        if objs:
            row["one_step_share"] = float((lost[objs].sum(axis=1) == 1).mean()) if n else np.nan
        rows.append(row)
    cols = ["games", "losses"] + [c for k in names for c in (k, f"{k}_share")]
    cols += [f"mean_{c}" for c in objs] + (["one_step_share"] if objs else [])
    return _frame(rows, df, rep, cols)


def loss_proximity(df: pd.DataFrame, rep) -> pd.DataFrame:
    """How far losses ended from each objective: per configuration, objective and number of
    items left (0, 1, 2, ...), the count and the share of that configuration's losses."""
    df = tidy(df)
    rows = []
    for cfg, g in _group(df, rep):
        lost = g[g["outcome"] == rep.lost]
        for o in rep.objectives if len(lost) else ():
            counts = lost[o.field].value_counts()
            for left in range(int(lost[o.field].max()) + 1):
                k = int(counts.get(left, 0))
                rows.append({**cfg, "objective": o.field, "left": left, "losses": k,
                             "share": k / len(lost)})
    return pd.DataFrame(rows, columns=_keys(df, rep) + ["cell", "objective", "left", "losses", "share"])


# ----------------------------------------------------------------------------- cards
def card_impact(df: pd.DataFrame, rep, z: float = Z95) -> pd.DataFrame:
    """The change in win rate when cards are removed from the mix (rep.card_mix reads a mix's
    name): each configuration whose mix removes cards is paired (by game index) with the one
    of its folder equal but for the mix whose mix removes the most of those cards but not all
    (the closest smaller removal: the full mix in a card-impact sweep; of two such, the one
    whose cell id shares more of its parts); `diff` is without - with, with its paired 95%
    interval.
    Ranked by `diff`, the removal that hurts most first. Empty when the results hold no such
    pair or the game has no card mixes."""
    df = _with_ids(tidy(df), rep)
    rest = [k for k in _keys(df, rep) if k != "mix"]
    cols = rest + ["removed", "mix", "base_mix"] + PAIRED_COLS
    if rep.card_mix is None or "mix" not in df.columns:
        return pd.DataFrame(columns=["rank"] + cols)
    cfg = _configs(df, rep)
    rows = []
    wins = _wins(df)
    for _, group in cfg.groupby(rest, sort=False, dropna=False):
        parts = {r[CONFIG_ID]: (r["mix"], *rep.card_mix(str(r["mix"])))
                 for _, r in group.iterrows()}
        # cells no column tells apart (a grid's `data` axis) share a group: a configuration's
        # base is, among the closest smaller removals, the one whose cell id shares the most
        # of its name=value parts (its own data folder)
        ids = {r[CONFIG_ID]: set(str(r["cell"]).split(",")) for _, r in group.iterrows()}
        for k, (mix, stem, removed) in parts.items():
            bases = [(len(rb), len(ids[k] & ids[kb]), kb, m) for kb, (m, sb, rb) in parts.items()
                     if removed and sb == stem and rb < removed]
            if not bases:
                continue
            _, _, base_key, base_mix = max(bases)
            r = paired_row(wins, base_key, k, z)
            if r is not None:
                first = group[group[CONFIG_ID] == k].iloc[0]
                rows.append({**{c: first[c] for c in rest},
                             "removed": "+".join(sorted(removed - parts[base_key][2])),
                             "mix": mix, "base_mix": base_mix, **r})
    t = pd.DataFrame(rows, columns=cols).sort_values(["diff", "removed"], kind="stable")
    t = t.reset_index(drop=True)
    t.insert(0, "rank", range(1, len(t) + 1))
    return with_fdr(t, rest)


def with_fdr(t: pd.DataFrame, keys: list) -> pd.DataFrame:
    """A ranking of paired differences with each one's two-sided p-value (from its paired
    interval) and `fdr`: True where it survives a Benjamini-Hochberg false-discovery-rate
    correction at 5% over the ranking's rows sharing `keys` (one card-impact sweep: 85
    removals tested at 95% would show about 4 'significant' by chance alone)."""
    t = t.copy()
    t["p_value"] = [p_value(d, lo, hi) for d, lo, hi in
                    zip(t["diff"], t["diff_ci_low"], t["diff_ci_high"])]
    t["fdr"] = False
    keys = [k for k in keys if k in t.columns]
    groups = t.groupby(keys, sort=False, dropna=False).groups.values() if keys else [t.index]
    for idx in groups:
        t.loc[idx, "fdr"] = fdr_marks(t.loc[idx, "p_value"])
    t["fdr"] = t["fdr"].astype(bool)
    return t


# ----------------------------------------------------------------------------- skill
def skill_gap(df: pd.DataFrame, rep, baseline: str = "random", z: float = Z95) -> pd.DataFrame:
    """How much playing well matters: per configuration but the strategy, the best strategy's
    win rate minus `baseline`'s, paired by game index, with its 95% interval. `best` is the
    strategy with the highest win rate there (ties: the one listed first in the strategy
    axis's order), its parameters in the param_<name> columns."""
    df = _with_ids(tidy(df), rep)
    rest = _rest(df, rep, "strategy")
    params = [k for k in _keys(df, rep) if k.startswith("param_")]
    cols = rest + ["best"] + params + ["baseline"] + PAIRED_COLS
    if "strategy" not in df.columns:
        return pd.DataFrame(columns=cols)
    rank = rep.axis("strategy").rank
    cfg = _configs(df, rep)
    wins = _wins(df)
    cfg["win_rate"] = [wins[k][1].mean() for k in cfg[CONFIG_ID]]
    cfg["_r"] = [rank(s)[0] for s in cfg["strategy"]]
    rows = []
    if rest and cfg[cfg["strategy"] == baseline].groupby(rest, dropna=False).size().max() > 1:
        # several baseline configurations no column tells apart (a grid's `data` axis): each
        # with the cells whose ids are its own but for the strategy
        cfg["_twin"] = [twin_id(c, "strategy") for c in cfg["cell"]]
        rest = rest + ["_twin"]
    for _, g in cfg.groupby(rest, sort=False, dropna=False):
        base = g[g["strategy"] == baseline]
        others = g[g["strategy"] != baseline]
        if len(base) != 1 or others.empty:
            continue
        best = others.sort_values(["win_rate", "_r"], ascending=[False, True],
                                  kind="stable").iloc[0]
        r = paired_row(wins, base.iloc[0][CONFIG_ID], best[CONFIG_ID], z)
        if r is not None:
            rows.append({**{k: best[k] for k in rest if k != "_twin"}, "best": best["strategy"],
                         **{k: best[k] for k in params}, "baseline": baseline, **r})
    return sort_configs(pd.DataFrame(rows, columns=cols), rep)
