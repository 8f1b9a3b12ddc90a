"""How much the unknown rules matter: pure functions from the games of a sensitivity sweep
(experiments.sensitivity) to tables.

The games table has one row per game: `cell`, `game` (the game index), `won`, and the cell's
`setting` (e.g. "level=terrible"), `rules` (the rule set's name: `default`, `KNOB=ALT`,
`sample-07`, `pessimistic`, `optimistic`, `KNOB=ALT+KNOB=ALT`), `rule_kind` (default, single,
sample, pessimistic, optimistic, pair) and `assume` (the knobs in force, "+"-joined, "none").
Every rule set of a setting is compared with that setting's default on the same game indices
(paired game by game: reports.tables.paired_row).

Ranked lists of many paired comparisons mark which effects survive a Benjamini-Hochberg
false-discovery-rate correction at 5% (`fdr_marks`): with 44 alternatives tested at 95%, about
two would look significant by chance alone.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from simcore.reportkit import SKILL
from simcore.stats import Z95, fdr_marks, p_value, wilson_interval

from .tables import paired_row

RULE_COLS = ["rules", "rule_kind", "assume", "games", "wins", "win_rate", "ci_low", "ci_high",
             "diff", "diff_ci_low", "diff_ci_high", "p_value", "note"]


# ----------------------------------------------------------------------------- one setting
def _wins(df: pd.DataFrame) -> dict:
    out = {}
    for rules, g in df.groupby("rules", sort=False):
        games, first = np.unique(g["game"].to_numpy(), return_index=True)
        out[rules] = (games, g["won"].to_numpy()[first].astype(np.float64))
    return out


def _split(assume: str) -> list:
    return [] if assume in ("none", "") else [tuple(x.split("=", 1)) for x in assume.split("+")]


def analyse(df: pd.DataFrame, z: float = Z95) -> dict:
    """The sensitivity of one setting's games (one `setting` value): {"rule_sets": every rule
    set with its win rate and Wilson interval and its paired difference from the default,
    "knobs": the single alternatives ranked for a tornado (by the knob's largest effect, then
    the alternative's) with p-values and `fdr` (survives Benjamini-Hochberg at 5%),
    "envelope": the range of the win rate over each kind of rule set, "interactions": each
    pair rule set's joint effect against the sum of its two single effects}."""
    wins = _wins(df)
    meta = df.drop_duplicates("rules").set_index("rules")
    rows = []
    for rules, (games, w) in wins.items():
        n, k = len(w), int(w.sum())
        lo, hi = wilson_interval(k, n, z)
        row = {"rules": rules, "rule_kind": meta.at[rules, "rule_kind"],
               "assume": meta.at[rules, "assume"], "games": n, "wins": k, "win_rate": k / n if n else np.nan,
               "ci_low": lo, "ci_high": hi, "diff": 0.0, "diff_ci_low": np.nan,
               "diff_ci_high": np.nan, "p_value": np.nan, "note": ""}
        if rules != "default" and "default" in wins:
            r = paired_row(wins, "default", rules, z)
            if r is not None:
                row.update(diff=r["diff"], diff_ci_low=r["diff_ci_low"],
                           diff_ci_high=r["diff_ci_high"], note=r["note"],
                           p_value=p_value(r["diff"], r["diff_ci_low"], r["diff_ci_high"], z))
        rows.append(row)
    order = {k: i for i, k in enumerate(("default", "single", "pessimistic", "optimistic",
                                         "sample", "pair"))}
    rs = pd.DataFrame(rows, columns=RULE_COLS)
    rs = rs.sort_values(["rule_kind", "rules"], key=lambda s: s.map(order) if s.name == "rule_kind" else s,
                        kind="stable").reset_index(drop=True)
    return {"rule_sets": rs, "knobs": knob_table(rs), "envelope": envelope(rs),
            "interactions": interaction_table(wins, rs, z)}


def knob_table(rs: pd.DataFrame) -> pd.DataFrame:
    """The single alternatives, ranked as a tornado: knobs by their largest |effect|, each
    knob's alternatives by |effect|; `fdr` marks the effects that survive Benjamini-Hochberg
    over every alternative of the setting."""
    s = rs[rs["rule_kind"] == "single"].copy()
    cols = ["rank", "knob", "alternative", "games", "win_rate", "diff", "diff_ci_low",
            "diff_ci_high", "p_value", "significant", "fdr", "note"]
    if s.empty:
        return pd.DataFrame(columns=cols)
    s["knob"] = [_split(a)[0][0] for a in s["assume"]]
    s["alternative"] = [_split(a)[0][1] for a in s["assume"]]
    s["significant"] = (s["diff_ci_low"] > 0) | (s["diff_ci_high"] < 0)
    s["fdr"] = fdr_marks(s["p_value"].fillna(1.0))
    s["_abs"] = s["diff"].abs()
    s["_knob"] = s.groupby("knob")["_abs"].transform("max")
    s = s.sort_values(["_knob", "knob", "_abs"], ascending=[False, True, False], kind="stable")
    ranks = {k: i + 1 for i, k in enumerate(dict.fromkeys(s["knob"]))}
    s["rank"] = s["knob"].map(ranks)
    return s[cols].reset_index(drop=True)


def envelope(rs: pd.DataFrame) -> dict:
    """The win rate's range over each kind of rule set: the default (with its interval), the
    single alternatives, the sample of many knobs at once, the pessimistic and optimistic
    sets, and over every rule set but the pairs (envelope_low, envelope_high)."""
    d = rs[rs["rule_kind"] == "default"]
    out = {}
    if len(d):
        r = d.iloc[0]
        out.update(default=float(r["win_rate"]), default_ci_low=float(r["ci_low"]),
                   default_ci_high=float(r["ci_high"]), games=int(r["games"]))
    for kind in ("single", "sample"):
        k = rs[rs["rule_kind"] == kind]
        out[f"{kind}_low"] = float(k["win_rate"].min()) if len(k) else None
        out[f"{kind}_high"] = float(k["win_rate"].max()) if len(k) else None
        out[f"{kind}_count"] = int(len(k))
        if len(k):
            out[f"{kind}_low_rules"] = str(k.loc[k["win_rate"].idxmin(), "rules"])
            out[f"{kind}_high_rules"] = str(k.loc[k["win_rate"].idxmax(), "rules"])
    for kind in ("pessimistic", "optimistic"):
        k = rs[rs["rule_kind"] == kind]
        out[kind] = float(k["win_rate"].iloc[0]) if len(k) else None
    every = rs[rs["rule_kind"] != "pair"]
    out["envelope_low"] = float(every["win_rate"].min()) if len(every) else None
    out["envelope_high"] = float(every["win_rate"].max()) if len(every) else None
    out["rule_sets"] = int(len(every))
    return out


def interaction_table(wins: dict, rs: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """Each pair rule set A+B: its effect, the sum of A's and B's single effects, and the
    interaction (joint - A - B), estimated game by game as w_AB - w_A - w_B + w_default with
    a normal 95% interval; `named` when that interval excludes 0 and survives
    Benjamini-Hochberg over the pairs."""
    cols = ["a", "b", "games", "diff_a", "diff_b", "diff_sum", "diff_joint", "interaction",
            "interaction_ci_low", "interaction_ci_high", "p_value", "named"]
    pairs = rs[rs["rule_kind"] == "pair"]
    rows = []
    for _, p in pairs.iterrows():
        parts = _split(p["assume"])
        names = ["=".join(x) for x in parts]
        if len(names) != 2 or not all(n in wins for n in names + ["default"]):
            continue
        common = wins["default"][0]
        for n in names + [p["rules"]]:
            common = np.intersect1d(common, wins[n][0], assume_unique=True)
        if len(common) < 2:
            continue

        def at(n):
            g, w = wins[n]
            return w[np.searchsorted(g, common)]
        w0, wa, wb, wab = at("default"), at(names[0]), at(names[1]), at(p["rules"])
        x = wab - wa - wb + w0
        m, sd = float(x.mean()), float(x.std(ddof=1))
        h = z * sd / math.sqrt(len(x))
        lo, hi = (m - h, m + h) if sd > 0 else (np.nan, np.nan)
        da, db = float((wa - w0).mean()), float((wb - w0).mean())
        rows.append({"a": names[0], "b": names[1], "games": len(x), "diff_a": da, "diff_b": db,
                     "diff_sum": da + db, "diff_joint": float((wab - w0).mean()),
                     "interaction": m, "interaction_ci_low": lo, "interaction_ci_high": hi,
                     "p_value": p_value(m, lo, hi, z)})
    t = pd.DataFrame(rows, columns=cols[:-1])
    t["named"] = fdr_marks(t["p_value"]) & ((t["interaction_ci_low"] > 0) | (t["interaction_ci_high"] < 0))
    return t.sort_values("interaction", key=abs, ascending=False, kind="stable").reset_index(drop=True)


def top_knobs(analysis: dict, n: int) -> list:
    """The (knob, alternative) of the `n` knobs with the largest single effects (each knob's
    largest alternative): the pairs among them are played for interactions."""
    k = analysis["knobs"]
    out = []
    for knob, g in k.groupby("knob", sort=False):
        r = g.iloc[0]
        out.append((knob, r["alternative"]))
        if len(out) == n:
            break
    return out


def most_sensitive(analysis: dict, n: int = 3) -> list:
    """The `n` knobs whose alternatives move the win rate most ("knob" words), those that
    survive the FDR correction first."""
    k = analysis["knobs"]
    k = k[k["fdr"]] if k["fdr"].any() else k
    return list(dict.fromkeys(k["knob"]))[:n]


def to_json(analysis: dict, knobs=None) -> dict:
    """The `sensitivity --json` fields of one setting: `knobs` (id, alternative, diff,
    diff_ci_low, diff_ci_high, and more), `envelope_low`, `envelope_high`, `rule_sets`,
    `envelope` (by kind of rule set), `interactions`."""
    def num(v):
        return None if v is None or (isinstance(v, float) and v != v) else \
            (round(float(v), 6) if isinstance(v, (float, np.floating)) else v)
    direction = {}
    if knobs is not None:
        direction = {(k.id, a.id): a.direction for k in knobs for a in k.alternatives}
    env = analysis["envelope"]
    return {
        "knobs": [{"id": r["knob"], "alternative": r["alternative"], "diff": num(r["diff"]),
                   "diff_ci_low": num(r["diff_ci_low"]), "diff_ci_high": num(r["diff_ci_high"]),
                   "win_rate": num(r["win_rate"]), "p_value": num(r["p_value"]),
                   "significant": bool(r["significant"]), "fdr": bool(r["fdr"]),
                   "rank": int(r["rank"]),
                   **({"direction": direction[(r["knob"], r["alternative"])]}
                      if (r["knob"], r["alternative"]) in direction else {})}
                  for _, r in analysis["knobs"].iterrows()],
        "envelope_low": num(env.get("envelope_low")), "envelope_high": num(env.get("envelope_high")),
        "envelope": {k: num(v) for k, v in env.items()},
        "rule_sets": [{"name": r["rules"], "kind": r["rule_kind"],
                       "assume": [] if r["assume"] == "none" else r["assume"].split("+"),
                       "games": int(r["games"]), "win_rate": num(r["win_rate"]),
                       "ci_low": num(r["ci_low"]), "ci_high": num(r["ci_high"]),
                       "diff": num(r["diff"]), "diff_ci_low": num(r["diff_ci_low"]),
                       "diff_ci_high": num(r["diff_ci_high"])}
                      for _, r in analysis["rule_sets"].iterrows()],
        "interactions": [{k: (num(v) if not isinstance(v, (bool, np.bool_)) else bool(v))
                          for k, v in r.items()} for _, r in analysis["interactions"].iterrows()],
    }


# ----------------------------------------------------------------------------- the report
SENS_COLS = ("setting", "rules", "rule_kind")


def is_sensitivity(df: pd.DataFrame) -> bool:
    return all(c in df.columns for c in SENS_COLS)


def setting_axes(df: pd.DataFrame, rep) -> list:
    """The configuration columns that describe a setting (the descriptor's axes but the knobs
    in force and the card mix, which a rule set may change; and the skill of a skill team)."""
    return [a.name for a in rep.axes if a.name in df.columns and a.name not in ("assume", "mix")] \
        + ([SKILL] if SKILL in df.columns and df[SKILL].notna().any() else [])


def report_analyses(df: pd.DataFrame, rep, z: float = Z95) -> list:
    """[(setting values as played by its default rules, analysis)] of every (results folder,
    setting) of a sensitivity sweep's games (`df` as reports.tables reads it)."""
    df = df.copy()
    df["won"] = df["outcome"] == 1 if "won" not in df.columns else df["won"]
    if "assume" not in df.columns:    # a game with no knobs: its default rules alone
        df["assume"] = "none"
    for c in SENS_COLS + ("assume",):
        df[c] = df[c].astype(str)
    keys = (["results"] if "results" in df.columns else []) + ["setting"]
    axes = setting_axes(df, rep)
    out = []
    for vals, g in df.groupby(keys, sort=False):
        d = g[g["rules"] == "default"]
        if d.empty:
            continue
        first = d.iloc[0]
        values = {**dict(zip(keys, vals if isinstance(vals, tuple) else (vals,))),
                  **{a: (first[a].item() if hasattr(first[a], "item") else first[a]) for a in axes
                     if not (isinstance(first[a], float) and first[a] != first[a])}}
        out.append((values, analyse(g, z)))
    # in report order: the folder as given, then each axis in the descriptor's order
    order = [a for a in axes]
    return sorted(out, key=lambda va: [rep.axis(a).rank(va[0].get(a)) for a in order])


def band_words(env: dict, knobs: list) -> str:
    """'7-60% across plausible rules; most sensitive to: wardrobe, too-late'."""
    lo, hi = env.get("envelope_low"), env.get("envelope_high")
    if lo is None:
        return ""
    k = 0 if hi - lo >= 0.1 else 1
    return (f"{100 * lo:.{k}f}-{100 * hi:.{k}f}% across plausible rules"
            + (f"; most sensitive to: {', '.join(knobs)}" if knobs else ""))


def varied(analyses: list) -> bool:
    """Whether any setting played a rule set besides the default (a game with no knobs
    plays its default rules alone: no envelope, no band, no tornado)."""
    return any(a["envelope"].get("rule_sets", 0) > 1 for _, a in analyses)


def envelope_table(analyses: list) -> pd.DataFrame:
    """One row per setting: its values, the default's win rate and interval, the range over the
    single alternatives and over the sample, the pessimistic and optimistic sets, the whole
    envelope, and the knobs it is most sensitive to."""
    rows = []
    for values, a in analyses:
        e = a["envelope"]
        rows.append({**{k: v for k, v in values.items() if k != "setting"},
                     "games": e.get("games"), "win_rate": e.get("default"),
                     "ci_low": e.get("default_ci_low"), "ci_high": e.get("default_ci_high"),
                     "single_low": e.get("single_low"), "single_high": e.get("single_high"),
                     "sample_low": e.get("sample_low"), "sample_high": e.get("sample_high"),
                     "samples": e.get("sample_count"),
                     "pessimistic": e.get("pessimistic"), "optimistic": e.get("optimistic"),
                     "envelope_low": e.get("envelope_low"), "envelope_high": e.get("envelope_high"),
                     "most_sensitive_to": ", ".join(most_sensitive(a))})
    return pd.DataFrame(rows)


def stacked(analyses: list, part: str) -> pd.DataFrame:
    """One analysis part (knobs, interactions, rule_sets) of every setting, with the setting's
    values in front."""
    parts = []
    for values, a in analyses:
        t = a[part].copy()
        for i, (k, v) in enumerate((k, v) for k, v in values.items() if k != "setting"):
            t.insert(i, k, v)
        parts.append(t)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def _say(rep, axis: str, v) -> str:
    return rep.axis(axis).say(v) or f"{rep.label(axis)} {rep.axis(axis).word(v)}"


def robust_conclusions(analyses: list, rep, limit: int = 6) -> list:
    """Statements the default rules make, each checked in every rule set played at all the
    settings it compares (pairs of knobs apart): that each value of the descriptor's x axis
    (e.g. each level, at its usual variant) is harder than the one before, and that each
    declared comparison (e.g. the red die against the white) keeps its sign. A statement holds
    in a rule set when the rule set's two win rates are ordered as the default's. Returns
    dicts: statement, holds (bool), rule_sets (checked), broken_by (names), broken (words)."""
    out = []
    by_folder: dict = {}
    for values, a in analyses:
        by_folder.setdefault(values.get("results"), []).append((values, a))
    for _, items in by_folder.items():
        rest_axes = [k for k in items[0][0] if k not in ("results", "setting", rep.x, *rep.variants)]
        groups: dict = {}
        for values, a in items:
            groups.setdefault(tuple(values.get(k) for k in rest_axes), []).append((values, a))
        for key, group in groups.items():
            where = rep.phrase(dict(zip(rest_axes, key)))
            pairs = []
            # the x axis, each value at its usual variant (the first played, in report order)
            xs = sorted({v[rep.x] for v, _ in group if rep.x in v}, key=rep.axis(rep.x).rank)
            chosen = []
            for xv in xs:
                at = sorted([(v, a) for v, a in group if v.get(rep.x) == xv],
                            key=lambda va: [rep.axis(n).rank(va[0].get(n)) for n in rep.variants])
                chosen.append(at[0])
            for (va, aa), (vb, ab) in zip(chosen, chosen[1:]):
                pairs.append((va, aa, vb, ab, f"{_say(rep, rep.x, vb[rep.x])} is harder than "
                              f"{_say(rep, rep.x, va[rep.x])}", "harder"))
            for c in rep.comparisons:
                for va, aa in group:
                    if va.get(c.axis) != c.base:
                        continue
                    for vb, ab in group:
                        same = all(vb.get(k) == va.get(k) for k in va if k not in (c.axis, "setting"))
                        if vb.get(c.axis) == c.other and same:
                            ctx = {k: va[k] for k in (rep.x, *rep.variants) if k in va and k != c.axis}
                            pairs.append((va, aa, vb, ab, f"{_say(rep, c.axis, c.other)} is "
                                          f"{{word}} than {_say(rep, c.axis, c.base)} at "
                                          f"{rep.phrase(ctx)}", None))
            for va, aa, vb, ab, words, fixed in pairs:
                ra = aa["rule_sets"].set_index("rules")
                rb = ab["rule_sets"].set_index("rules")
                common = [r for r in ra.index if r in rb.index and ra.at[r, "rule_kind"] != "pair"]
                if "default" not in common:
                    continue
                d0 = rb.at["default", "win_rate"] - ra.at["default", "win_rate"]
                word = fixed or ("harder" if d0 < 0 else "easier")
                sign = -1 if word == "harder" else 1
                broken = [r for r in common
                          if sign * (rb.at[r, "win_rate"] - ra.at[r, "win_rate"]) <= 0]
                text = words.format(word=word) + (f" ({where})" if where else "")
                out.append({"statement": text, "holds": not broken, "rule_sets": len(common),
                            "broken_by": broken,
                            "broken": "; ".join(
                                f"{r} ({100 * rb.at[r, 'win_rate']:.1f}% against "
                                f"{100 * ra.at[r, 'win_rate']:.1f}%)" for r in broken[:limit])
                            + (f"; and {len(broken) - limit} more" if len(broken) > limit else "")})
    return out
