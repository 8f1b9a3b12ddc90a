"""The balance report: results table in, `tables/*.csv`, `figures/*.png` and one
self-contained `index.html` out. `answers()` and `headline()` are pure; `build()` does the
writing. The caller (the CLI) reads the results folders and the rules' assumptions.
"""
from __future__ import annotations

import base64
import html
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from . import figures as F
from . import tables as T


@dataclass
class Source:
    """One results folder: its path and its manifest (as read from manifest.json)."""
    path: str
    manifest: dict


@dataclass
class Context:
    """What the report says besides the games: where they come from and the rules in force."""
    title: str = "Balance report"
    sources: list = field(default_factory=list)        # Source, one per results folder
    assumptions: list = field(default_factory=list)    # (file, entry, what) in force
    assumption_notes: list = field(default_factory=list)   # rules sets that could not be loaded
    card_names: dict = field(default_factory=dict)     # card id -> name
    loss_reasons: dict = field(default_factory=lambda: dict(T.LOSS_REASONS))


def _pct(x: float, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%"


def _pts(x: float) -> str:
    """Percentage points, signed; two decimals below one point."""
    return f"{100 * x:+.2f}" if abs(x) < 0.01 else f"{100 * x:+.1f}"


def _digits(half: float) -> int:
    return 2 if half < 0.005 else 1


def rate_words(rate: float, low: float, high: float) -> str:
    """'71.0% ± 0.6%' when the interval is nearly symmetric about the rate, else the interval
    itself ('99.7% (95% CI 99.1% to 99.9%)'): Wilson intervals near 0% or 100% are lopsided."""
    half = (high - low) / 2
    k = _digits(half)
    if abs((low + high) / 2 - rate) <= 0.2 * half:
        return f"{100 * rate:.{k}f}% ± {100 * half:.{k}f}%"
    return f"{100 * rate:.{k}f}% (95% CI {100 * low:.{k}f}% to {100 * high:.{k}f}%)"


def _base_variant(t: pd.DataFrame, level: str):
    """The (die, hungry) a level is played with by default in these results: the white die
    and no Hungry Cracoucass where played, else the first played."""
    s = t[t["level"] == level]
    opts = sorted({(d, bool(h)) for d, h in zip(s["die"], s["hungry"])},
                  key=lambda v: (T._rank([v[0]], T.DIE_ORDER)[0], v[1]))
    return opts[0] if opts else None


def _players(t: pd.DataFrame) -> int:
    ps = sorted(t["players"].unique())
    return 3 if 3 in ps else int(t["players"].value_counts().idxmax())


def _strong_first(strategies) -> list:
    vals = list(dict.fromkeys(strategies))
    return [v for _, v in sorted(zip(T._rank(vals, T.STRATEGY_ORDER), vals), reverse=True)]


def main_results(odds: pd.DataFrame):
    """The results folder the overview speaks of: with several folders, the one with the most
    full-mix configurations (the first such if tied); None with one folder."""
    if odds is None or odds.empty or "results" not in odds.columns or odds["results"].nunique() < 2:
        return None
    full = odds[~odds["mix"].astype(str).str.contains("-without-")]
    full = full if len(full) else odds
    return str(full.groupby("results", sort=False)["cell"].nunique().idxmax())


def _full_mix(t: pd.DataFrame, main=None) -> pd.DataFrame:
    """The rows the overview (headline, answers, win-rate figures) speaks of: the main results
    folder's (see main_results), with the mixes that remove no card (or every row if every
    mix removes some)."""
    if t is None or t.empty:
        return t
    if main is not None and "results" in t.columns:
        t = t[t["results"] == main]
    full = t[~t["mix"].astype(str).str.contains("-without-")]
    return full if len(full) else t


def headline(odds: pd.DataFrame) -> pd.DataFrame:
    """The headline table: at the player count most played (3 if present), one row per level,
    die and Hungry setting, one column per strategy (strongest first): 'win rate +/- half-width'."""
    t = _full_mix(odds, main_results(odds))
    if t.empty:
        return pd.DataFrame()
    p = _players(t)
    t = t[t["players"] == p]
    strategies = _strong_first(t["strategy"])
    rows = []
    keys = sorted({(lv, d, bool(h)) for lv, d, h in zip(t["level"], t["die"], t["hungry"])},
                  key=lambda r: (T._rank([r[0]], T.LEVEL_ORDER)[0], T._rank([r[1]], T.DIE_ORDER)[0], r[2]))
    for lv, d, h in keys:
        row = {"level": F.level_name(lv), "die": d, "hungry": "on" if h else "off", "players": p}
        for s in strategies:
            m = t[(t["level"] == lv) & (t["die"] == d) & (t["hungry"] == h) & (t["strategy"] == s)]
            if len(m):
                r = m.iloc[0]
                row[s] = rate_words(r["win_rate"], r["ci_low"], r["ci_high"])
            else:
                row[s] = "-"
        rows.append(row)
    return pd.DataFrame(rows)


def answers(odds, die_d, hungry_d, skill, losses, impact, card_names=None) -> list[str]:
    """The questions a designer asks, answered in plain sentences from the tables."""
    out = []
    main = main_results(odds)
    t = _full_mix(odds, main)
    if t.empty:
        return out
    p = _players(t)
    levels = F._levels(t["level"])
    strategies = _strong_first(t["strategy"])
    best = strategies[0]
    # 1. how hard is each level
    for lv in levels:
        v = _base_variant(t[t["players"] == p], lv)
        if v is None:
            continue
        s = t[(t["level"] == lv) & (t["players"] == p) & (t["die"] == v[0]) & (t["hungry"] == v[1])]
        parts = []
        for strat in strategies:
            m = s[s["strategy"] == strat]
            if len(m):
                r = m.iloc[0]
                parts.append(f"a {strat} team wins {rate_words(r['win_rate'], r['ci_low'], r['ci_high'])}")
        if parts:
            out.append(f"At {F.level_name(lv)} ({F.variant_label(*v)}) with {p} players, "
                       + "; ".join(parts) + f" ({int(s['games'].iloc[0])} games each).")
    # 2. the red die, 3. the Hungry Cracoucass
    for d, what in ((die_d, "The red die instead of the white one"),
                    (hungry_d, "The Hungry Cracoucass")):
        if d is None or d.empty:
            continue
        s = _full_mix(d, main)
        s = s[(s["players"] == p) & (s["strategy"] == best)]
        keep = []
        for lv in F._levels(s["level"]):        # per level: Hungry off / the white die if played
            sl = s[s["level"] == lv]
            for col, pref in (("hungry", False), ("die", "white")):
                if col in sl.columns and (sl[col] == pref).any():
                    sl = sl[sl[col] == pref]
            keep.append(sl.head(1))
        s = pd.concat(keep) if keep else s.head(0)
        parts = [f"{_pts(r['diff'])} points at {F.level_name(r['level'])} "
                 f"({_pts(r['diff_ci_low'])} to {_pts(r['diff_ci_high'])})"
                 for _, r in s.iterrows()]
        if parts:
            out.append(f"{what} changes a {best} team's win rate ({p} players) by "
                       + ", ".join(parts) + " (paired 95% intervals).")
    # 4. how much skill matters
    if skill is not None and not skill.empty:
        s = _full_mix(skill, main)
        s = s[s["players"] == p]
        parts = []
        for lv in levels:
            v = _base_variant(s, lv)
            if v is None:
                continue
            r = s[(s["level"] == lv) & (s["die"] == v[0]) & (s["hungry"] == v[1])].iloc[0]
            parts.append(f"{_pts(r['diff'])} points at {F.level_name(lv)} ({r['best']}, "
                         f"{_pts(r['diff_ci_low'])} to {_pts(r['diff_ci_high'])})")
        if parts:
            out.append(f"Skill: the best strategy wins more often than a random team ({p} players) by "
                       + ", ".join(parts) + ".")
    # 5. how close losses come, at the hardest level for the best strategy
    if losses is not None and not losses.empty:
        s = _full_mix(losses, main)
        s = s[(s["players"] == p) & (s["strategy"] == best) & (s["losses"] > 0)]
        if len(s):
            rates = t.set_index("cell")["win_rate"]
            r = s.loc[s["cell"].map(rates).idxmin()]
            reasons = [(n, r[f"{n}_share"]) for n in T.LOSS_REASONS.values() if f"{n}_share" in r]
            why = ", ".join(f"{_pct(v, 0)} {n.replace('-', ' ')}" for n, v in reasons if v > 0)
            out.append(f"When a {best} team loses at {F.level_name(r['level'])} "
                       f"({F.variant_label(r['die'], r['hungry'])}, {p} players; {int(r['losses'])} "
                       f"losses: {why}), it ends on average {r['mean_forest_left']:.1f} lost Smurfs, "
                       f"{r['mean_houses_left']:.1f} houses and {r['mean_cakes_left']:.1f} cakes short; "
                       f"{_pct(r['one_step_share'], 0)} of those losses were one item from victory.")
    # 6. which cards matter
    if impact is not None and not impact.empty:
        names = card_names or {}
        label = lambda ids: " + ".join(names.get(i, i) for i in ids.split("+"))
        lo, hi = impact.iloc[0], impact.iloc[-1]
        where = (f"{F.level_name(lo['level'])}, {lo['strategy']} team, {int(lo['players'])} players")
        sig = impact[(impact["diff_ci_high"] < 0) | (impact["diff_ci_low"] > 0)]
        ci = lambda r: f"{_pts(r['diff'])} points, {_pts(r['diff_ci_low'])} to {_pts(r['diff_ci_high'])}"
        words = [f"removing {label(lo['removed'])} "
                 + ("hurts the team most" if lo["diff"] < 0 else "helps the team least") + f" ({ci(lo)})"]
        if len(impact) > 1:
            words.append(f"removing {label(hi['removed'])} "
                         + ("helps it most" if hi["diff"] > 0 else "hurts it least") + f" ({ci(hi)})")
        out.append(f"Cards ({where}, {int(lo['games'])} games per mix): " + "; ".join(words)
                   + f"; {len(sig)} of {len(impact)} removals change the win rate beyond their "
                   f"paired 95% interval.")
    return out


# ----------------------------------------------------------------------------- the report
def compute(df: pd.DataFrame, ctx: Context) -> dict:
    """Every table of the report, by file stem."""
    odds = T.win_odds(df)
    tables = {
        "win_odds": odds,
        "die_delta": T.paired_deltas(df, "die"),
        "hungry_delta": T.paired_deltas(df, "hungry"),
        "strategy_delta": T.paired_deltas(df, "strategy"),
        "rounds": T.rounds_played(df),
        "survival": T.survival(df),
        "loss_reasons": T.loss_reasons(df, ctx.loss_reasons),
        "loss_proximity": T.loss_proximity(df),
        "card_impact": T.card_impact(df),
        "skill_gap": T.skill_gap(df),
    }
    tables["headline"] = headline(odds)
    if ctx.card_names and not tables["card_impact"].empty:
        ci = tables["card_impact"]
        ci.insert(ci.columns.get_loc("removed") + 1, "card",
                  ci["removed"].map(lambda ids: " + ".join(ctx.card_names.get(i, i) for i in ids.split("+"))))
    return tables


def _slug(s: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in str(s)).strip("-").lower()


def make_figures(tables: dict) -> dict:
    """The report's figures by file stem."""
    main = main_results(tables["win_odds"])
    odds = T.sort_configs(_full_mix(tables["win_odds"], main))
    surv, prox = tables["survival"], tables["loss_proximity"]
    if main is not None:            # cell ids are unique within a folder only
        surv, prox = surv[surv["results"] == main], prox[prox["results"] == main]
    figs = {}
    if odds.empty:
        return figs
    strategies = _strong_first(odds["strategy"])
    for s in strategies:
        figs[f"win_rate_by_level-{_slug(s)}"] = F.win_rate_by_level(odds, s)
    figs["level_players_heatmap"] = F.level_players_heatmap(odds, strategies)
    # one line per level: its default variant, the strongest strategy, the usual player count
    p = _players(odds)
    for s in strategies[:1]:
        label_of = {}
        for lv in F._levels(odds["level"]):
            sel = odds[(odds["players"] == p) & (odds["strategy"] == s)]
            v = _base_variant(sel, lv)
            if v is None:
                continue
            r = sel[(sel["level"] == lv) & (sel["die"] == v[0]) & (sel["hungry"] == v[1])].iloc[0]
            label_of[r["cell"]] = f"{F.level_name(lv)} ({F.variant_label(*v)})"
        if label_of:
            who = f" ({s} team, {p} players)"
            f1 = F.survival_curves(surv, label_of)
            f1.suptitle("How long games last" + who)
            figs[f"survival-{_slug(s)}"] = f1
            f2 = F.loss_proximity_histograms(prox, label_of)
            f2.suptitle("How close losses came" + who)
            figs[f"loss_proximity-{_slug(s)}"] = f2
    ci = tables["card_impact"]
    if not ci.empty:
        keys = [k for k in ["results", "level", "die", "hungry", "players", "strategy"] if k in ci.columns]
        for i, (vals, g) in enumerate(ci.groupby(keys, sort=False)):
            d = dict(zip(keys, vals))
            g = g.assign(removed=g["card"] if "card" in g.columns else g["removed"])
            title = (f"Card impact at {F.level_name(d['level'])} ({F.variant_label(d['die'], d['hungry'])}, "
                     f"{d['strategy']} team, {d['players']} players, {int(g['games'].min())} games per mix)")
            figs["card_impact" + (f"-{i + 1}" if i else "")] = F.card_impact_bars(g, title)
    return figs


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return buf.getvalue()


def _html_table(t: pd.DataFrame, max_rows: int | None = None) -> str:
    if t is None or t.empty:
        return "<p class='none'>Nothing in these results.</p>"
    t = t.drop(columns=[c for c in ("cell",) if c in t.columns])
    fmt = t.copy()
    for c in fmt.columns:
        if fmt[c].dtype.kind == "f":
            pct = c in ("win_rate", "ci_low", "ci_high", "halfwidth", "base_rate", "other_rate",
                        "diff", "diff_ci_low", "diff_ci_high", "unpaired_ci_low", "unpaired_ci_high",
                        "share", "running", "won") or c.endswith("_share")
            fmt[c] = [("" if pd.isna(v) else f"{100 * v:.2f}" if pct else f"{v:.2f}") for v in fmt[c]]
    more = ""
    if max_rows is not None and len(fmt) > max_rows:
        more = f"<p class='none'>First {max_rows} of {len(fmt)} rows; all in the CSV file.</p>"
        fmt = fmt.head(max_rows)
    return fmt.to_html(index=False, escape=True, border=0, classes="t") + more


TABLE_INTRO = {
    "headline": "Win rate with its 95% interval (± half-width where the interval is nearly "
                "symmetric), per level, die and Hungry Cracoucass setting (rows) and strategy "
                "(columns).",
    "win_odds": "Every configuration: games, wins, win rate with its 95% Wilson interval "
                "(rates in %).",
    "die_delta": "Red die minus white die, everything else equal, paired game by game "
                 "(points; paired and unpaired 95% intervals).",
    "hungry_delta": "Hungry Cracoucass on minus off, everything else equal, paired game by game "
                    "(points).",
    "strategy_delta": "One strategy (other) minus another (base), everything else equal, paired "
                      "game by game (points).",
    "skill_gap": "The best strategy minus a random team, per level, die, Hungry setting and "
                 "player count (points, paired).",
    "rounds": "Rounds played: mean, quantiles (q10 .. q90), maximum, mean of won and of lost games.",
    "loss_reasons": "Losses by reason (count and share in %), and for losses the mean of each "
                    "objective left undone; one_step_share: losses one item from victory (%).",
    "card_impact": "Win rate without the card minus with it (points), paired game by game, "
                   "ranked: the removal that hurts most first.",
}
SHOWN = ["headline", "win_odds", "die_delta", "hungry_delta", "skill_gap", "strategy_delta",
         "rounds", "loss_reasons", "card_impact"]
TITLES = {"headline": "Headline", "win_odds": "Win odds", "die_delta": "Red die vs white die",
          "hungry_delta": "Hungry Cracoucass on vs off", "skill_gap": "Skill gap",
          "strategy_delta": "Strategy vs strategy", "rounds": "Rounds played",
          "loss_reasons": "Loss reasons and how far losses were from victory",
          "card_impact": "Card impact"}

CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:1180px;margin:2em auto;
padding:0 1em;color:#222;line-height:1.45}
h1{margin-bottom:.2em} h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:2em}
.sub{color:#666;margin-top:0} ul.answers li{margin:.4em 0}
figure{margin:1.5em 0} figure img{max-width:100%;border:1px solid #eee}
figcaption{color:#444;font-size:.92em;margin-top:.3em}
table.t{border-collapse:collapse;font-size:.82em;margin:.5em 0}
table.t th,table.t td{padding:.2em .6em;border-bottom:1px solid #eee;text-align:right}
table.t th{background:#f5f5f5;position:sticky;top:0}
.scroll{max-height:28em;overflow:auto;border:1px solid #eee;display:inline-block;max-width:100%}
.none{color:#777;font-style:italic} code{background:#f4f4f4;padding:0 .2em}
details{margin:.6em 0} summary{cursor:pointer;color:#335}
table.kv td{text-align:left} nav a{margin-right:1em}
"""


def _config_html(ctx: Context, df: pd.DataFrame) -> str:
    parts = []
    for src in ctx.sources:
        m = src.manifest
        ident = m.get("identity", {})
        cells = m.get("cells", {})
        name = src.path
        sub = df[df["results"] == name] if "results" in df.columns else df
        counts = sub.groupby("cell", observed=True).size() if len(sub) else pd.Series(dtype=int)
        rows = "".join(
            f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in [
                ("results folder", src.path), ("kind", m.get("kind")),
                ("experiment", ident.get("experiment", "-")), ("game", ident.get("game")),
                ("root seed", ident.get("seed")), ("code version", ident.get("code")),
                ("axes", ", ".join(ident.get("axes", [])) or "-"), ("created", m.get("created")),
                ("cells", f"{len(cells)} in the manifest, {len(counts)} with games"),
                ("games per cell", (f"{counts.min()}" if counts.min() == counts.max() else
                                    f"{counts.min()} to {counts.max()}") if len(counts) else "0"),
                ("games in all", int(counts.sum()) if len(counts) else 0)])
        cell_rows = "".join(
            f"<tr><td>{html.escape(c)}</td><td>{int(counts.get(c, 0))}</td>"
            f"<td style='text-align:left'><code>{html.escape(json.dumps(d))}</code></td></tr>"
            for c, d in cells.items())
        parts.append(
            f"<h3>{html.escape(src.path)}</h3><table class='t kv'>{rows}</table>"
            f"<details><summary>Every cell's configuration ({len(cells)})</summary><div class='scroll'>"
            f"<table class='t'><tr><th>cell</th><th>games</th><th>configuration</th></tr>{cell_rows}"
            f"</table></div></details>")
    return "".join(parts) + (
        "<p>Game <i>i</i> of every cell of a results folder is dealt from the same root seed, "
        "so cells are compared game by game (common random numbers).</p>")


def _assumptions_html(ctx: Context) -> str:
    if not ctx.assumptions and not ctx.assumption_notes:
        return "<p>No rule value in force is marked <code>source = \"assumed\"</code>.</p>"
    rows = "".join(f"<tr><td>{html.escape(f)}</td><td style='text-align:left'>{html.escape(e)}</td>"
                   f"<td style='text-align:left'>{html.escape(w)}</td></tr>"
                   for f, e, w in ctx.assumptions)
    notes = "".join(f"<p class='none'>{html.escape(n)}</p>" for n in ctx.assumption_notes)
    return (f"<p>{len(ctx.assumptions)} entries of the rules data in force are marked "
            f"<code>source = \"assumed\"</code>: values the rulebook does not give, authored "
            f"for the simulation. Results depend on them; correct them in a copy of the data "
            f"(<code>--data</code>, <code>--cards</code>) and run again.</p>{notes}"
            f"<div class='scroll'><table class='t'><tr><th>file</th><th>entry</th><th>what is "
            f"assumed</th></tr>{rows}</table></div>")


def render_html(ctx: Context, df: pd.DataFrame, tables: dict, pngs: dict, captions: dict,
                lines: list) -> str:
    figs = "".join(
        f"<figure id='{stem}'><img alt='{html.escape(stem)}' src='data:image/png;base64,"
        f"{base64.b64encode(png).decode()}'><figcaption>{html.escape(captions[stem])} "
        f"(<a href='figures/{stem}.png'>{stem}.png</a>)</figcaption></figure>"
        for stem, png in pngs.items())
    secs = []
    for stem in SHOWN:
        t = tables.get(stem)
        secs.append(f"<h3 id='t-{stem}'>{TITLES[stem]}</h3><p>{TABLE_INTRO[stem]} "
                    f"(<a href='tables/{stem}.csv'>{stem}.csv</a>)</p>"
                    f"<div class='scroll'>{_html_table(t, 400)}</div>")
    games = len(df)
    answers_html = "".join(f"<li>{html.escape(s)}</li>" for s in lines) or \
        "<li class='none'>These results hold too little to answer.</li>"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(ctx.title)}</title>
<style>{CSS}</style></head><body>
<h1>{html.escape(ctx.title)}</h1>
<p class="sub">{games:,} games in {df['cell'].nunique() if games else 0} configurations, from
{html.escape(', '.join(s.path for s in ctx.sources))}. Intervals are 95%: Wilson for win rates,
paired (game by game) for differences; differences are in percentage points.</p>
<nav><a href="#answers">Answers</a><a href="#figures">Figures</a><a href="#tables">Tables</a>
<a href="#configuration">Configuration and seeds</a><a href="#assumptions">Rules assumed</a></nav>
<h2 id="answers">Answers</h2><ul class="answers">{answers_html}</ul>
<h2 id="figures">Figures</h2>{figs or "<p class='none'>No figure: no games.</p>"}
<h2 id="tables">Tables</h2>{''.join(secs)}
<h2 id="configuration">Configuration and seeds</h2>{_config_html(ctx, df)}
<h2 id="assumptions">Rules assumed</h2>{_assumptions_html(ctx)}
</body></html>
"""


def build(df: pd.DataFrame, ctx: Context, out) -> dict:
    """Write `out/tables/*.csv`, `out/figures/*.png` and `out/index.html`; returns
    {"index": path, "tables": {stem: path}, "figures": {stem: path}, "headline": DataFrame,
    "answers": [sentences]}."""
    import matplotlib.pyplot as plt
    out = Path(out)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    (out / "figures").mkdir(parents=True, exist_ok=True)
    tables = compute(df, ctx)
    lines = answers(tables["win_odds"], tables["die_delta"], tables["hungry_delta"],
                    tables["skill_gap"], tables["loss_reasons"], tables["card_impact"], ctx.card_names)
    written = {"tables": {}, "figures": {}}
    for stem, t in tables.items():
        p = out / "tables" / f"{stem}.csv"
        t.to_csv(p, index=False)
        written["tables"][stem] = p
    pngs, captions = {}, {}
    for stem, fig in make_figures(tables).items():
        pngs[stem] = _png(fig)
        captions[stem] = fig.caption
        plt.close(fig)
        p = out / "figures" / f"{stem}.png"
        p.write_bytes(pngs[stem])
        written["figures"][stem] = p
    index = out / "index.html"
    tmp = out / ".index.html.tmp"
    tmp.write_text(render_html(ctx, df, tables, pngs, captions, lines), encoding="utf-8")
    tmp.replace(index)
    written.update(index=index, headline=tables["headline"], answers=lines)
    return written
