"""Tables of a balance report: pure functions from the results table (one row per game, the
schema of `simcore.store.read_table`) to pandas DataFrames, plus the text table of
`meeplesim ladder`.

The results table has, per game: `cell`, `game` (the game index), the cell's configuration
(`level`, `die`, `hungry`, `players`, `strategy`, `mix`) and the result fields (`outcome`: 1 win,
2 loss; `loss_reason`: 1 Too Late, 2 Gargamel deck empty; `rounds`; `forest_left`,
`houses_left`, `cakes_left`: the objectives left at the end; ...). A report built from several
results folders also has a `results` column naming the folder each game comes from.

One configuration is one cell (of one results folder). Cells of one folder share their root
seed, so game i of two cells saw the same deals where the rules allow: differences between
cells are paired by game index and get paired intervals (`simcore.stats.paired_difference`).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from simcore.stats import Z95, paired_difference, wilson_interval

# configuration columns, in the order tables list them
CONFIG = ["level", "die", "hungry", "players", "strategy", "mix"]
LEVEL_ORDER = ["standard", "complex", "terrible", "smurfnightmarish"]
DIE_ORDER = ["white", "red"]
STRATEGY_ORDER = ["random", "first", "greedy", "planner", "rollout"]
LOSS_REASONS = {1: "too-late", 2: "gargamel-deck-empty"}   # the results schema's loss_reason codes
OBJECTIVES = {"forest_left": "lost Smurfs", "houses_left": "houses", "cakes_left": "cakes"}
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)


def odds_table(rows: list[dict]) -> str:
    """The win-odds table of `meeplesim ladder`: one line per level and die."""
    head = (f"{'level':<18}{'die':<7}{'hungry':<8}{'games':>7}{'wins':>7}{'win rate':>10}"
            f"   {'95% CI':<17}{'rounds':>7}")
    lines = [head, "-" * len(head)]
    for r in rows:
        ci = f"{100 * r['ci_low']:.2f}-{100 * r['ci_high']:.2f}%"
        lines.append(f"{r['level']:<18}{r['die']:<7}{'yes' if r['hungry'] else 'no':<8}"
                     f"{r['games']:>7}{r['wins']:>7}{100 * r['win_rate']:>9.2f}%   {ci:<17}"
                     f"{r['mean_rounds']:>7.2f}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- helpers
def _rank(values, order):
    """Sort key: known values in `order`, then the others alphabetically."""
    known = {v: i for i, v in enumerate(order)}
    return [(known.get(v, len(order)), str(v)) for v in values]


def _extra(cell: str) -> str:
    """The parts of a cell id not carried by a configuration column (params, too_late,
    finite_supply...): two cells differing only there are different configurations."""
    parts = [p for p in str(cell).split(",") if "=" in p]
    return ",".join(p for p in parts if p.split("=", 1)[0] not in CONFIG + ["without"])


def _keys(df: pd.DataFrame) -> list:
    return (["results"] if "results" in df.columns else []) + CONFIG


def _configs(df: pd.DataFrame) -> pd.DataFrame:
    """One row per configuration: its key columns plus `cell` and `extra`."""
    keys = _keys(df)
    cfg = df[keys + ["cell"]].drop_duplicates().copy()
    cfg["extra"] = cfg["cell"].map(_extra)
    return cfg.reset_index(drop=True)


def sort_configs(t: pd.DataFrame) -> pd.DataFrame:
    """Rows in report order: level, die, Hungry off then on, players, strategy, mix."""
    if t.empty:
        return t.reset_index(drop=True)
    order = {}
    for col, ranks in (("level", LEVEL_ORDER), ("die", DIE_ORDER), ("strategy", STRATEGY_ORDER)):
        if col in t.columns:
            order[col] = _rank(t[col].tolist(), ranks)
    key = pd.DataFrame({c: t[c] for c in t.columns if c in _keys(t) + ["extra", "cell"]})
    for col, r in order.items():
        key[col] = [x[0] for x in r]
        key[col + "_name"] = [x[1] for x in r]
    cols = [c for c in ["results", "level", "level_name", "die", "die_name", "hungry", "players",
                        "strategy", "strategy_name", "mix", "extra", "cell"] if c in key.columns]
    idx = key.sort_values(cols, kind="stable").index
    return t.loc[idx].reset_index(drop=True)


def _group(df: pd.DataFrame):
    """(config row dict, games of that configuration) per configuration."""
    for cell_keys, g in df.groupby(_keys(df) + ["cell"], sort=False, observed=True, dropna=False):
        yield dict(zip(_keys(df) + ["cell"], cell_keys)), g


def _tidy(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    for c in df.columns:
        if isinstance(df[c].dtype, pd.CategoricalDtype):
            df[c] = df[c].astype(object)
    if "hungry" in df.columns:
        df["hungry"] = df["hungry"].astype(bool)
    if "players" in df.columns:
        df["players"] = df["players"].astype(int)
    return df


# ----------------------------------------------------------------------------- win odds
def win_odds(df: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """Win odds per configuration (level x die x Hungry x players x strategy x mix): games,
    wins, win rate and its Wilson interval (95% by default), and the interval's half-width."""
    df = _tidy(df)
    rows = []
    for cfg, g in _group(df):
        n = len(g)
        w = int((g["outcome"] == 1).sum())
        lo, hi = wilson_interval(w, n, z)
        rows.append({**cfg, "games": n, "wins": w, "win_rate": w / n, "ci_low": lo, "ci_high": hi,
                     "halfwidth": (hi - lo) / 2})
    cols = _keys(df) + ["cell", "games", "wins", "win_rate", "ci_low", "ci_high", "halfwidth"]
    return sort_configs(pd.DataFrame(rows, columns=cols))


# ----------------------------------------------------------------------------- paired deltas
def _pairs_on(df: pd.DataFrame, axis: str, base, other):
    """Pairs of configurations equal but for `axis` (= base in one, other in the second)."""
    cfg = _configs(df)
    rest = [k for k in _keys(df) if k != axis] + ["extra"]
    a = cfg[cfg[axis] == base]
    b = cfg[cfg[axis] == other]
    m = a.merge(b, on=rest, suffixes=("_base", "_other"))
    return [(r["cell_base"], r["cell_other"], {k: r[k] for k in rest if k != "extra"})
            for _, r in m.iterrows()]


def _wins(df: pd.DataFrame) -> dict:
    """cell -> (sorted game indices, 1.0 where won / 0.0) of that cell."""
    out = {}
    for cell, g in df.groupby("cell", sort=False, observed=True):
        order = np.argsort(g["game"].to_numpy(), kind="stable")
        out[cell] = (g["game"].to_numpy()[order],
                     (g["outcome"].to_numpy()[order] == 1).astype(np.float64))
    return out


def _paired_row(wins: dict, cell_a, cell_b, z):
    """Paired statistics of cells a and b over the game indices both played."""
    (ga, wa), (gb, wb) = wins[cell_a], wins[cell_b]
    _, ia, ib = np.intersect1d(ga, gb, assume_unique=True, return_indices=True)
    wa, wb = wa[ia], wb[ib]
    n = len(ia)
    if n < 2:
        return None
    d = paired_difference(wb, wa, z)            # other - base
    return {"games": n, "base_rate": float(wa.mean()), "other_rate": float(wb.mean()),
            "diff": d["diff"], "diff_ci_low": d["diff_ci_low"], "diff_ci_high": d["diff_ci_high"],
            "unpaired_ci_low": d["unpaired_ci_low"], "unpaired_ci_high": d["unpaired_ci_high"],
            "correlation": d["correlation"]}


PAIRED_COLS = ["games", "base_rate", "other_rate", "diff", "diff_ci_low", "diff_ci_high",
               "unpaired_ci_low", "unpaired_ci_high", "correlation"]


def paired_deltas(df: pd.DataFrame, axis: str, pairs=None, z: float = Z95) -> pd.DataFrame:
    """The change in win rate when one configuration column changes and nothing else does:
    for each (base, other) value pair of `axis` and each configuration having both, the
    paired difference other - base over the games both played (paired by game index), with
    its 95% interval (normal, on the per-game differences) and the unpaired one.

    `pairs` defaults to: die white -> red; hungry False -> True; strategy: every pair of the
    strategies present (the weaker-ranked one as base, in STRATEGY_ORDER)."""
    df = _tidy(df)
    if pairs is None:
        pairs = default_pairs(df, axis)
    rows = []
    wins = _wins(df)
    for base, other in pairs:
        for cell_a, cell_b, cfg in _pairs_on(df, axis, base, other):
            r = _paired_row(wins, cell_a, cell_b, z)
            if r is not None:
                rows.append({"axis": axis, "base": base, "other": other, **cfg, **r})
    rest = [k for k in _keys(df) if k != axis]
    t = pd.DataFrame(rows, columns=["axis", "base", "other"] + rest + PAIRED_COLS)
    return sort_configs(t)


def default_pairs(df: pd.DataFrame, axis: str) -> list:
    if axis == "die":
        return [("white", "red")]
    if axis == "hungry":
        return [(False, True)]
    order = STRATEGY_ORDER if axis == "strategy" else []
    values = sorted(df[axis].unique().tolist(), key=lambda v: _rank([v], order)[0])
    return [(values[i], values[j]) for i in range(len(values)) for j in range(i + 1, len(values))]


# ----------------------------------------------------------------------------- rounds
def rounds_played(df: pd.DataFrame, quantiles=QUANTILES) -> pd.DataFrame:
    """Rounds played per configuration: mean, quantiles (10%, 25%, median, 75%, 90% by
    default), maximum, and the mean over won and over lost games."""
    df = _tidy(df)
    rows = []
    for cfg, g in _group(df):
        r = g["rounds"].to_numpy(np.float64)
        won = g["outcome"].to_numpy() == 1
        row = {**cfg, "games": len(g), "mean": float(r.mean())}
        for q in quantiles:
            row[f"q{round(100 * q):02d}"] = float(np.quantile(r, q, method="lower"))
        row["max"] = float(r.max())
        row["mean_won"] = float(r[won].mean()) if won.any() else np.nan
        row["mean_lost"] = float(r[~won].mean()) if (~won).any() else np.nan
        rows.append(row)
    cols = _keys(df) + ["cell", "games", "mean"] + [f"q{round(100 * q):02d}" for q in quantiles] + \
        ["max", "mean_won", "mean_lost"]
    return sort_configs(pd.DataFrame(rows, columns=cols))


def survival(df: pd.DataFrame) -> pd.DataFrame:
    """Per configuration and round r (0 .. the longest game): P(the game is still running
    after round r) = P(rounds > r), and P(won by the end of round r) = P(won, rounds <= r)."""
    df = _tidy(df)
    rows = []
    top = int(df["rounds"].max()) if len(df) else 0
    for cfg, g in _group(df):
        r = g["rounds"].to_numpy()
        won = g["outcome"].to_numpy() == 1
        n = len(g)
        for k in range(top + 1):
            rows.append({**cfg, "round": k, "running": float((r > k).sum() / n),
                         "won": float((won & (r <= k)).sum() / n)})
    return pd.DataFrame(rows, columns=_keys(df) + ["cell", "round", "running", "won"])


# ----------------------------------------------------------------------------- losses
def loss_reasons(df: pd.DataFrame, reasons: dict = LOSS_REASONS) -> pd.DataFrame:
    """Per configuration: games, losses, the count and share of losses of each reason, and
    for the losses the mean of each objective left undone (lost Smurfs still in the forest,
    houses unbuilt, cakes unprepared) and the share of losses one step from victory (exactly
    one item of one objective left)."""
    df = _tidy(df)
    rows = []
    for cfg, g in _group(df):
        lost = g[g["outcome"] == 2]
        n_lost = len(lost)
        row = {**cfg, "games": len(g), "losses": n_lost}
        for code, name in reasons.items():
            if not name:
                continue
            k = int((lost["loss_reason"] == code).sum())
            row[name] = k
            row[f"{name}_share"] = k / n_lost if n_lost else np.nan
        for col in OBJECTIVES:
            row[f"mean_{col}"] = float(lost[col].mean()) if n_lost else np.nan
        left = lost[list(OBJECTIVES)].sum(axis=1) if n_lost else pd.Series(dtype=float)
        row["one_step_share"] = float((left == 1).mean()) if n_lost else np.nan
        rows.append(row)
    names = [n for n in reasons.values() if n]
    cols = _keys(df) + ["cell", "games", "losses"] + [c for n in names for c in (n, f"{n}_share")] + \
        [f"mean_{c}" for c in OBJECTIVES] + ["one_step_share"]
    return sort_configs(pd.DataFrame(rows, columns=cols))


def loss_proximity(df: pd.DataFrame) -> pd.DataFrame:
    """How far losses ended from each objective: per configuration, objective and number of
    items left (0, 1, 2, ...), the count and the share of that configuration's losses."""
    df = _tidy(df)
    rows = []
    for cfg, g in _group(df):
        lost = g[g["outcome"] == 2]
        if not len(lost):
            continue
        for col in OBJECTIVES:
            counts = lost[col].value_counts().sort_index()
            for left in range(int(lost[col].max()) + 1):
                k = int(counts.get(left, 0))
                rows.append({**cfg, "objective": col, "left": left, "losses": k,
                             "share": k / len(lost)})
    return pd.DataFrame(rows, columns=_keys(df) + ["cell", "objective", "left", "losses", "share"])


# ----------------------------------------------------------------------------- cards
def _mix_parts(mix: str):
    """'default-without-a+b' -> ('default', {'a', 'b'}); 'default' -> ('default', set())."""
    if "-without-" in mix:
        stem, ids = mix.split("-without-", 1)
        return stem, set(ids.split("+"))
    return mix, set()


def card_impact(df: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """The change in win rate when cards are removed from the mix: each configuration whose
    mix removes cards is paired (by game index) with the configuration equal but for the mix
    whose mix removes the fewest of those cards (the full mix in a card-impact sweep); `diff`
    is without - with, with its paired 95% interval. Ranked by `diff`, the removal that hurts
    most first. Empty when the results hold no such pair."""
    df = _tidy(df)
    cfg = _configs(df)
    rest = [k for k in _keys(df) if k != "mix"] + ["extra"]
    rows = []
    wins = _wins(df)
    for _, group in cfg.groupby(rest, sort=False, dropna=False):
        parts = {r["cell"]: (r["mix"], *_mix_parts(r["mix"])) for _, r in group.iterrows()}
        for cell, (mix, stem, removed) in parts.items():
            if not removed:
                continue
            bases = [(len(rb), c, m) for c, (m, sb, rb) in parts.items()
                     if sb == stem and rb < removed]
            if not bases:
                continue
            _, base_cell, base_mix = max(bases)
            r = _paired_row(wins, base_cell, cell, z)
            if r is None:
                continue
            first = group[group["cell"] == cell].iloc[0]
            rows.append({**{k: first[k] for k in rest if k != "extra"},
                         "removed": "+".join(sorted(removed - parts[base_cell][2])),
                         "mix": mix, "base_mix": base_mix, **r})
    cols = [k for k in _keys(df) if k != "mix"] + ["removed", "mix", "base_mix"] + PAIRED_COLS
    t = pd.DataFrame(rows, columns=cols)
    t = t.sort_values(["diff", "removed"], kind="stable").reset_index(drop=True)
    t.insert(0, "rank", range(1, len(t) + 1))
    return t


# ----------------------------------------------------------------------------- skill
def skill_gap(df: pd.DataFrame, baseline: str = "random", z: float = Z95) -> pd.DataFrame:
    """How much playing well matters: per configuration but the strategy (level x die x
    Hungry x players x mix), the best strategy's win rate minus `baseline`'s, paired by game
    index, with its 95% interval. `best` is the strategy with the highest win rate there
    (ties: the one listed first in STRATEGY_ORDER)."""
    odds = win_odds(df, z)
    df = _tidy(df)
    odds["extra"] = odds["cell"].map(_extra)
    rest = [k for k in _keys(df) if k != "strategy"] + ["extra"]
    rows = []
    wins = _wins(df)
    for _, g in odds.groupby(rest, sort=False, dropna=False):
        base = g[g["strategy"] == baseline]
        others = g[g["strategy"] != baseline]
        if base.empty or others.empty:
            continue
        others = others.assign(_r=[x[0] for x in _rank(others["strategy"].tolist(), STRATEGY_ORDER)])
        best = others.sort_values(["win_rate", "_r"], ascending=[False, True], kind="stable").iloc[0]
        r = _paired_row(wins, base.iloc[0]["cell"], best["cell"], z)
        if r is None:
            continue
        rows.append({**{k: best[k] for k in rest if k != "extra"}, "best": best["strategy"],
                     "baseline": baseline, **r})
    cols = [k for k in _keys(df) if k != "strategy"] + ["best", "baseline"] + PAIRED_COLS
    return sort_configs(pd.DataFrame(rows, columns=cols))
