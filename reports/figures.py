"""Figures of a balance report: pure functions from report tables (reports.tables) and the
game's report descriptor to matplotlib Figures, drawn with the Agg backend (no display
needed). Each figure carries its caption in `fig.caption` (what a reader needs to read it).

A series whose every value is zero says nothing a line at 0% could not say in words: it is
left out and the caption names it; a function whose every series is zero returns None.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from simcore.reportkit import a_an, select  # noqa: E402

# the first variant's values take these colours in order, the second's the dashes of STYLES
COLOURS = ["#4c72b0", "#c44e52", "#55a868", "#8172b3", "#dd8452", "#937860", "#da8bc3",
           "#8c8c8c", "#ccb974", "#64b5cd"]
STYLES = ["-", "--", ":", "-."]


def _new(width, height, caption) -> Figure:
    fig = plt.figure(figsize=(width, height), dpi=100, layout="constrained")
    fig.caption = caption
    return fig


def _title(fig, text: str):
    """A suptitle wrapped to the figure's width (a long one is otherwise cut at both ends)."""
    import textwrap
    fig.suptitle("\n".join(textwrap.wrap(text, max(30, int(fig.get_figwidth() * 10)))))


def _pct_axis(ax, top=100):
    ax.set_ylim(-2, top + 2)
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:.0f}%"))
    ax.grid(axis="y", alpha=0.3)


def _players(t: pd.DataFrame) -> list:
    return sorted(int(p) for p in t["players"].unique()) if "players" in t.columns else [None]


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _games(t: pd.DataFrame) -> str:
    lo, hi = (int(t["games"].min()), int(t["games"].max())) if len(t) else (0, 0)
    return f"{lo if lo == hi else f'{lo} to {hi}'} games"


def variants(t: pd.DataFrame, rep) -> list:
    """The combinations of the variant axes played in `t`, in report order, as dicts."""
    names = [v for v in rep.variants if v in t.columns]
    combos = {tuple(r) for r in t[names].itertuples(index=False, name=None)} if names else {()}
    ordered = sorted(combos, key=lambda c: [rep.axis(n).rank(v) for n, v in zip(names, c)])
    return [dict(zip(names, c)) for c in ordered]


def _look(rep, combo: dict, combos: list) -> dict:
    """A line's colour from its first variant's value, its dash from the second's."""
    names = list(combo)
    if not names:
        return {"color": COLOURS[0], "ls": "-"}
    firsts = list(dict.fromkeys(c[names[0]] for c in combos))
    out = {"color": COLOURS[firsts.index(combo[names[0]]) % len(COLOURS)], "ls": "-"}
    if len(names) > 1:
        seconds = sorted({c[names[1]] for c in combos}, key=rep.axis(names[1]).rank)
        out["ls"] = STYLES[seconds.index(combo[names[1]]) % len(STYLES)]
    return out


def _looks(rep, combos: list) -> list:
    """Each combination's look (_look); when two would look alike (more values of the second
    variant than dashes, a third variant), a colour and dash per combination instead."""
    looks = [_look(rep, c, combos) for c in combos]
    if len({(d["color"], d["ls"]) for d in looks}) < len(combos):
        looks = [{"color": COLOURS[k % len(COLOURS)], "ls": STYLES[k // len(COLOURS) % len(STYLES)]}
                 for k in range(len(combos))]
    return looks


def _label(rep, combo: dict) -> str:
    return rep.phrase(combo) or ", ".join(rep.axis(k).word(v) for k, v in combo.items()) or "all games"


# ----------------------------------------------------------------------------- by the x axis
def by_x(t: pd.DataFrame, rep, strategy: str, y: str = "win_rate", low: str = "ci_low",
         high: str = "ci_high", pct: bool = True, what: str = "") -> Figure | None:
    """`y` (the win rate by default) with its 95% interval as error bars along the
    descriptor's x axis, one line per combination of its variant axes, one panel per player
    count, for one strategy. None when every value is zero."""
    t = t[t["strategy"] == strategy] if "strategy" in t.columns else t
    x = rep.axis(rep.x)
    xs = sorted(t[rep.x].unique().tolist(), key=x.rank) if rep.x in t.columns else [None]
    x_of = {v: i for i, v in enumerate(xs)}
    combos = variants(t, rep)
    looks = _looks(rep, combos)
    players = _players(t)
    who = f"{a_an(strategy)} {rep.who}"
    what = what or "Win rate"
    left_out, drawn = [], False
    fig = _new(max(6.0, 1.8 + 3.0 * len(players)), 4.6, "")
    axes = fig.subplots(1, max(1, len(players)), sharey=True, squeeze=False)[0]
    for ax, p in zip(axes, players):
        tp = select(t, players=p) if p is not None else t
        for k, combo in enumerate(combos):
            s = select(tp, **combo)
            if s.empty:
                continue
            label = _label(rep, combo)
            if not (s[y].fillna(0) != 0).any():
                left_out.append(label + (f" ({_s(p, 'player')})" if len(players) > 1 else ""))
                continue
            s = s.assign(_x=s[rep.x].map(x_of) if rep.x in s.columns else 0).sort_values("_x")
            scale = 100 if pct else 1
            err = scale * np.vstack([s[y] - s[low], s[high] - s[y]]).clip(min=0)
            off = (k - (len(combos) - 1) / 2) * 0.06
            ax.errorbar(s["_x"].to_numpy() + off, scale * s[y].to_numpy(), yerr=err, marker="o",
                        ms=4, capsize=3, lw=1.5, label=label, **looks[k])
            drawn = True
        ax.set_xticks(range(len(xs)), [x.say(v) if rep.x in t.columns else "" for v in xs],
                      rotation=30 if len(xs) > 3 else 0, ha="right" if len(xs) > 3 else "center")
        ax.set_xlabel(x.label)
        ax.set_title(_s(p, "player") if p is not None else "")
        if pct:
            _pct_axis(ax)
        else:
            ax.grid(axis="y", alpha=0.3)
    if not drawn:
        plt.close(fig)
        return None
    axes[0].set_ylabel("win rate (% of games won)" if y == "win_rate" else what)
    handles = {}
    for ax in axes:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(lab, h)
    if len(handles) > 1 or combos[0]:
        # below the panels: at the right it crowded a long title
        # no more columns than fit the figure's width (about 13 characters an inch at size 8)
        fit = max(1, int(13 * fig.get_figwidth()) // (4 + max(len(h) for h in handles)))
        fig.legend(list(handles.values()), list(handles), loc="outside lower center", fontsize=8,
                   ncols=min(4, len(handles), fit),
                   title=", ".join(rep.axis(v).label for v in combos[0]) or None, title_fontsize=8)
    _title(fig, f"How often {who} wins, by {x.label}" if y == "win_rate"
           else f"{what} ({strategy} {rep.who}), by {x.label}")
    whose = f"{what} of {who}" if y == "win_rate" else f"{what} ({who})"
    fig.caption = (f"{whose} by {x.label}, one panel per player count. Bars: 95% "
                   f"{'Wilson ' if y == 'win_rate' else ''}interval ({_games(t)} per point)."
                   + (f" Not drawn, every value zero: {'; '.join(left_out)}." if left_out else ""))
    return fig


def heatmap(odds: pd.DataFrame, rep, strategies: list) -> Figure | None:
    """Win rate (%) as a heatmap, one panel per strategy: a row per x value and variant, a
    column per player count, each cell annotated with its rate and its 95% interval. A
    strategy that lost every game gets no panel (the caption says so); None if none is left."""
    t = odds[odds["strategy"].isin(strategies)]
    lost = [s for s in strategies if not (t[t["strategy"] == s]["win_rate"] > 0).any()]
    strategies = [s for s in strategies if s not in lost]
    if not strategies:
        return None
    players = _players(t)
    names = [c for c in (rep.x, *rep.variants) if c in t.columns]
    rows = sorted({tuple(r) for r in t[names].itertuples(index=False, name=None)},
                  key=lambda r: [rep.axis(n).rank(v) for n, v in zip(names, r)])
    dims = ", ".join(rep.axis(n).label for n in names)
    ticks = [", ".join(p for p in (rep.axis(n).say(v) for n, v in zip(names, r)) if p) for r in rows]
    # a row label longer than 30 characters (an axis the game does not declare) widens the figure
    wide = 0.07 * max(0, max(map(len, ticks), default=0) - 30)
    fig = _new(max(5.0, 2.8 + 1.0 * max(1, len(players)) * len(strategies)) + wide,
               1.6 + 0.45 * max(1, len(rows)),
               f"Win rate (%) for each {dims} (rows) and player count (columns), one panel per "
               f"strategy; under each rate, its 95% Wilson interval."
               + (f" Not drawn, every game lost: the {' and '.join(lost)} "
                  f"{rep.who}{'s' if len(lost) > 1 else ''}." if lost else ""))
    axes = fig.subplots(1, len(strategies), sharey=True, squeeze=False)[0]
    im = None
    for ax, strategy in zip(axes, strategies):
        grid = np.full((len(rows), len(players)), np.nan)
        low, high = grid.copy(), grid.copy()
        for _, r in t[t["strategy"] == strategy].iterrows():
            i = rows.index(tuple(r[n] for n in names))
            j = players.index(int(r["players"])) if "players" in r else 0
            grid[i, j] = 100 * r["win_rate"]
            low[i, j], high[i, j] = 100 * r["ci_low"], 100 * r["ci_high"]
        im = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=100, aspect="auto")
        for i in range(len(rows)):
            for j in range(len(players)):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, f"{grid[i, j]:.1f}%\n{low[i, j]:.1f}–{high[i, j]:.1f}", ha="center",
                            va="center", fontsize=7.5,
                            color="white" if grid[i, j] < 20 or grid[i, j] > 88 else "black")
        ax.set_xticks(range(len(players)), [str(p) for p in players])
        ax.set_xlabel("players")
        ax.set_title(f"{strategy} {rep.who}")
    axes[0].set_yticks(range(len(rows)), ticks)
    fig.colorbar(im, ax=list(axes), label="win rate (%)", shrink=0.8)
    _title(fig, f"Win rate by {rep.axis(rep.x).label} and player count")
    return fig


# ----------------------------------------------------------------------------- game length
def survival_curves(surv: pd.DataFrame, rep, label_of: dict) -> Figure:
    """Two panels over the game's length: the share of games still running after r and the
    share already won by the end of r, one line per configuration. `surv` is
    tables.survival(); `label_of` maps the cells to draw to their line labels (in order). A
    configuration that never won has no line on the right (the caption says so); when none
    won, there is no right panel."""
    unit = rep.length_unit
    never = [label_of[c] for c in label_of
             if not (surv[surv["cell"] == c]["won"] > 0).any()]
    won = len(never) < len(label_of)
    fig = _new(12 if won else 7.5, 4.0,
               f"{'Left: s' if won else 'S'}hare of games still running after each {unit} (a "
               f"game ends with {rep.ends_words})."
               + (f" Right: share of games already won by the end of each {unit}; its last "
                  f"value is the win rate." if won else " No game shown here was won.")
               + (f" Never won, so not drawn on the right: {'; '.join(never)}."
                  if won and never else ""))
    axes = fig.subplots(1, 2 if won else 1, sharex=True, squeeze=False)[0]
    ax_run = axes[0]
    for k, (cell, label) in enumerate(label_of.items()):
        s = surv[surv["cell"] == cell].sort_values("round")
        colour = COLOURS[k % len(COLOURS)]
        ax_run.step(s["round"], 100 * s["running"], where="post", color=colour, label=label)
        if won and label not in never:
            axes[1].step(s["round"], 100 * s["won"], where="post", color=colour, label=label)
    for ax, title in zip(axes, (f"Game still running after {unit} r",
                                f"Game already won by the end of {unit} r")):
        ax.set_xlabel(f"{unit} r")
        ax.set_title(title)
        _pct_axis(ax)
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    ax_run.set_ylabel("% of games")
    fig.legend(*ax_run.get_legend_handles_labels(), loc="outside right upper", fontsize=8)
    fig.suptitle("How long games last")
    return fig


def loss_proximity_histograms(prox: pd.DataFrame, rep, label_of: dict) -> Figure:
    """For lost games, the share of losses with 0, 1, 2, ... items of each objective left
    (one panel per objective, one bar series per configuration). `prox` is
    tables.loss_proximity(); `label_of` maps cells to series labels."""
    objs = list(rep.objectives)
    words = ", ".join(o.left_words for o in objs[:-1]) + (" or " if len(objs) > 1 else "") + \
        objs[-1].left_words
    fig = _new(13, 4.0, "How far lost games ended from victory: for each objective, the share "
               f"of losses that ended with that many {words} (0 = that objective was done).")
    axes = fig.subplots(1, len(objs), sharey=True, squeeze=False)[0]
    colour = {c: COLOURS[k % len(COLOURS)] for k, c in enumerate(label_of)}
    prox = prox[prox["cell"].isin(list(label_of))]
    cells = [c for c in label_of if c in set(prox["cell"])]
    width = 0.8 / max(1, len(cells))
    for ax, o in zip(axes, objs):
        p = prox[prox["objective"] == o.field]
        top = int(p["left"].max()) if len(p) else 0
        for k, cell in enumerate(cells):
            s = p[p["cell"] == cell]
            n = int(s["losses"].sum())
            ax.bar(s["left"] + (k - (len(cells) - 1) / 2) * width, 100 * s["share"], width=width,
                   color=colour[cell], label=f"{label_of[cell]}: {n} loss{'es' if n != 1 else ''}")
        ax.set_xlim(-0.6, top + 0.6)
        ax.set_xticks(range(0, top + 1, -(-(top + 1) // 10)))
        ax.set_xlabel(f"{o.name} left at the end")
        ax.set_title(f"{o.name[0].upper()}{o.name[1:]} left")
        _pct_axis(ax)
    axes[0].set_ylabel("% of lost games")
    if cells:
        fig.legend(*axes[-1].get_legend_handles_labels(), loc="outside right upper", fontsize=8)
    fig.suptitle("How close losses came")
    return fig


# ----------------------------------------------------------------------------- fair shares
def fair_shares(t: pd.DataFrame, rep, by: str = "seat") -> Figure | None:
    """The win rate by `by` (the seat) with its 95% Wilson interval, one panel per player
    count, and a dashed line at the fair share (1/players). `t`: win odds by `by` with a
    `players` column, one row per player count and value. None when every rate is zero."""
    if t.empty or not (t["win_rate"] != 0).any():
        return None
    players = _players(t)
    b = rep.axis(by)
    fig = _new(max(6.0, 1.8 + 3.0 * len(players)), 4.2,
               f"Win rate by {b.label}, one panel per player count, {by} 0 playing first; bars: "
               f"95% Wilson interval ({_games(t)} per {by}); dashed: the fair share (1/players). "
               f"A shared win counts as no win, so the rates of a player count add up to a "
               f"little less than 100%. Paired differences from {by} 0 in the table below.")
    axes = fig.subplots(1, len(players), sharey=True, squeeze=False)[0]
    top = 0.0
    for ax, p in zip(axes, players):
        s = select(t, players=p).sort_values(by, key=lambda c: c.map(lambda v: b.rank(v)))
        xs = np.arange(len(s))
        err = 100 * np.vstack([s["win_rate"] - s["ci_low"], s["ci_high"] - s["win_rate"]]).clip(min=0)
        ax.bar(xs, 100 * s["win_rate"].to_numpy(), yerr=err, color=COLOURS[0], alpha=0.85,
               capsize=3)
        ax.axhline(100 / p, color="black", ls="--", lw=1, label="fair share")
        ax.set_xticks(xs, [b.word(v) for v in s[by]])
        ax.set_xlabel(b.label)
        ax.set_title(_s(p, "player"))
        ax.grid(axis="y", alpha=0.3)
        top = max(top, float(s["ci_high"].max()))
    axes[0].set_ylim(0, min(100, 100 * top + 8))
    axes[0].yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:.0f}%"))
    axes[0].set_ylabel("win rate (% of games won)")
    axes[0].legend(fontsize=8, loc="upper left")
    strategy = t["strategy"].iloc[0] if "strategy" in t.columns else ""
    _title(fig, f"How often each {b.label} wins" + (f", playing {strategy}" if strategy else ""))
    return fig


# ----------------------------------------------------------------------------- cards
def card_impact_bars(impact: pd.DataFrame, title: str = "", who: str = "team",
                     thing: str = "card") -> Figure | None:
    """The change in win rate when each card (or `thing`: "business type") is removed, ranked,
    as horizontal bars with the paired 95% interval: left of zero the card helps the players,
    right of zero it hurts. None when no removal changed any game's outcome."""
    if not (impact["diff"] != 0).any():
        return None
    n = len(impact)
    fig = _new(9, 1.4 + 0.22 * max(1, n),
               f"Change in win rate (points) when the {thing} is removed from the mix, on the same "
               f"seeds as the full mix; whiskers: paired 95% interval. Red: the {who} misses the "
               f"{thing} (it helps); blue: the {who} is better off without it; grey: no change "
               f"beyond the interval. With many {thing}s, a few grey-zone ones land outside by "
               "chance (about 1 in 20); a star marks the removals that survive a "
               "Benjamini-Hochberg false-discovery-rate correction at 5%.")
    ax = fig.subplots()
    t = impact.sort_values("diff", ascending=False, kind="stable")
    y = np.arange(n)
    d = 100 * t["diff"].to_numpy()
    # an interval that cannot be estimated (every game the same difference) has no whisker
    err = 100 * np.nan_to_num(np.vstack([t["diff"] - t["diff_ci_low"],
                                         t["diff_ci_high"] - t["diff"]]))
    # red: removing the card lowers the win rate beyond its interval; blue: raises it; grey:
    # the interval holds zero (or cannot be estimated)
    colours = ["#c44e52" if hi < 0 else "#4c72b0" if lo > 0 else "#b0b0b0"
               for lo, hi in zip(t["diff_ci_low"], t["diff_ci_high"])]
    ax.barh(y, d, xerr=err, color=colours, alpha=0.85, error_kw={"elinewidth": 1, "capsize": 2})
    # a card whose effect survives the Benjamini-Hochberg correction is starred
    fdr = t["fdr"].tolist() if "fdr" in t.columns else [False] * n
    ax.set_yticks(y, [f"{r} *" if f else str(r) for r, f in zip(t["removed"], fdr)], fontsize=8)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("change in win rate when removed (percentage points)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_title(title or f"{thing[0].upper()}{thing[1:]} impact: win rate without the {thing} "
                 f"minus with it")
    return fig


def tornado(knobs: pd.DataFrame, title: str, top: int = 15) -> Figure | None:
    """The knobs' single effects as a tornado: per knob (the largest effect at the top), a bar
    for each alternative's change in win rate from the default rules, with its paired 95%
    interval. Dark: survives the Benjamini-Hochberg correction; light: beyond its interval
    only; grey: within it. None without knobs."""
    if knobs is None or knobs.empty:
        return None
    t = knobs[knobs["rank"] <= top]
    n = len(t)
    fig = _new(9, 1.6 + 0.24 * n,
               "Change in win rate (points) when one assumption takes one of its plausible "
               "alternatives, everything else as in the default rules, on the same seeds; "
               "whiskers: paired 95% interval. Knobs ranked by their largest effect"
               + (f" (the {top} largest of {knobs['rank'].max()})" if knobs["rank"].max() > top else "")
               + ". Dark bars survive a Benjamini-Hochberg false-discovery-rate correction at 5% "
               "over every alternative; light bars only clear their own interval; grey: no change "
               "beyond the interval.")
    ax = fig.subplots()
    y = np.arange(n)[::-1]
    d = 100 * t["diff"].to_numpy()
    err = 100 * np.nan_to_num(np.vstack([t["diff"] - t["diff_ci_low"], t["diff_ci_high"] - t["diff"]]))
    colours = []
    for _, r in t.iterrows():
        up = r["diff"] > 0
        if r["fdr"]:
            colours.append("#4c72b0" if up else "#c44e52")
        elif r["significant"]:
            colours.append("#9db4d8" if up else "#e3a3a5")
        else:
            colours.append("#b0b0b0")
    ax.barh(y, d, xerr=err, color=colours, error_kw={"elinewidth": 1, "capsize": 2})
    ax.set_yticks(y, [f"{k} = {a}" for k, a in zip(t["knob"], t["alternative"])], fontsize=8)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("change in win rate from the default rules (percentage points)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_ylim(-0.6, n - 0.4)
    _title(fig, title)
    return fig


def envelope(env: pd.DataFrame, labels: list, samples: list, title: str) -> Figure | None:
    """Each setting's win rate under the default rules (black, with its 95% interval) beside
    its range across plausible rules: every sampled rule set of many knobs at once (grey dots),
    the range over single alternatives (blue bar), the all-pessimistic (red triangle) and
    all-optimistic (green triangle) sets. `samples`: per row, the sample's win rates."""
    if env is None or env.empty:
        return None
    n = len(env)
    fig = _new(11, 2.2 + 0.55 * n,
               "Win rate under the default rules (black dot, 95% interval) and across plausible "
               "rules: blue bar, the range over every single alternative of every knob; grey "
               "dots, each rule set of a space-filling sample of many knobs at once; red and "
               "green triangles, every knob at its pessimistic or optimistic reading at once.")
    ax = fig.subplots()
    for i, (_, r) in enumerate(env.iterrows()):
        y = n - 1 - i
        if r.get("single_low") is not None and r["single_low"] == r["single_low"]:
            ax.plot([100 * r["single_low"], 100 * r["single_high"]], [y, y], color="#4c72b0",
                    lw=7, alpha=0.45, solid_capstyle="butt",
                    label="single alternatives" if i == 0 else None)
        xs = 100 * np.asarray(samples[i], float)
        if len(xs):
            jitter = (np.arange(len(xs)) % 5 - 2) * 0.06
            ax.scatter(xs, y + 0.22 + jitter, s=9, color="#808080", alpha=0.7,
                       label="sample of many knobs" if i == 0 else None)
        for key, colour, mark in (("pessimistic", "#c44e52", "v"), ("optimistic", "#55a868", "^")):
            v = r.get(key)
            if v is not None and v == v:
                ax.scatter([100 * v], [y - 0.22], marker=mark, s=45, color=colour, zorder=3,
                           label=f"all {key}" if i == 0 else None)
        ax.errorbar([100 * r["win_rate"]], [y], xerr=[[100 * (r["win_rate"] - r["ci_low"])],
                    [100 * (r["ci_high"] - r["win_rate"])]], fmt="o", color="black", capsize=3,
                    zorder=4, label="default rules (95% CI)" if i == 0 else None)
    ax.set_yticks(np.arange(n)[::-1], labels, fontsize=9)
    ax.set_xlim(-2, 102)
    ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:.0f}%"))
    ax.set_xlabel("win rate")
    ax.grid(axis="x", alpha=0.3)
    ax.set_ylim(-0.7, n - 0.3)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.15 - 0.1 / max(n, 1)), ncol=3,
              frameon=False)
    _title(fig, title)
    return fig


# ----------------------------------------------------------------------------- difficulty curves
def difficulty_curves(points: pd.DataFrame, thresholds: pd.DataFrame, rep,
                      title: str) -> Figure | None:
    """The win rate against the team's skill (reports.curve), one line per curve: its colour
    from the x axis's value (e.g. the level), its dash from the first variant's (e.g. the
    die); a band for each point's 95% Wilson interval and a diamond where the monotone fit
    reaches even odds. None without points."""
    from .curve import fitted_at
    if points is None or points.empty:
        return None
    keys = [c for c in points.columns if c not in ("skill", "games", "wins", "win_rate",
                                                   "ci_low", "ci_high")]
    varying = [k for k in keys if points[k].nunique(dropna=False) > 1]
    x = rep.x if rep.x in points.columns else None
    xs = sorted(points[x].unique().tolist(), key=rep.axis(x).rank) if x else [None]
    var = next((v for v in rep.variants if v in varying), None)
    vs = sorted(points[var].unique().tolist(), key=rep.axis(var).rank) if var else [None]
    fig = _new(7.5, 5.2, "")
    ax = fig.subplots()
    for vals, p in points.groupby(keys, sort=False, dropna=False):
        at = dict(zip(keys, vals if isinstance(vals, tuple) else (vals,)))
        p = p.sort_values("skill")
        colour = COLOURS[xs.index(at[x]) % len(COLOURS)] if x else COLOURS[0]
        dash = STYLES[vs.index(at[var]) % len(STYLES)] if var else "-"
        label = ", ".join(w for w in (rep.axis(k).say(at[k]) for k in varying) if w) or "all games"
        s = p["skill"].to_numpy(float)
        ax.fill_between(s, 100 * p["ci_low"].to_numpy(float), 100 * p["ci_high"].to_numpy(float),
                        color=colour, alpha=0.15, lw=0)
        ax.plot(s, 100 * p["win_rate"].to_numpy(float), color=colour, ls=dash, marker="o", ms=3,
                lw=1.6, label=label)
        mine = select(thresholds, **at)
        half = mine[(mine["target"] == 0.5) & mine["skill_needed"].notna()] if len(mine) else mine
        if len(half):
            sk = float(half.iloc[0]["skill_needed"])
            ax.plot([sk], [100 * fitted_at(p, sk)], marker="D", ms=6, color=colour,
                    markeredgecolor="black", ls="none")
    ax.axhline(50, color="#555555", lw=0.8, ls=":")
    ax.set_xlim(0, 1)
    ax.set_xlabel("skill of the team (0 plays like random, 1 like the strongest strategy)")
    ax.set_ylabel("win rate (% of games won)")
    _pct_axis(ax)
    ax.legend(loc="upper left", fontsize=8)
    _title(fig, title)
    n = _games(points)
    fig.caption = (f"Win rate against skill, one line per {' and '.join(rep.label(k) for k in varying) or 'curve'}: "
                   f"{n} per point on the same seeds, band: 95% Wilson interval; a diamond marks "
                   f"the skill the monotone fit needs for even odds (the dotted line at 50%).")
    return fig


# ----------------------------------------------------------------------------- your table
def your_table(points: pd.DataFrame, rows: pd.DataFrame, skill: float, low: float, high: float,
               title: str) -> Figure | None:
    """A calibration's playtests on their curves (reports.table): per playtest configuration
    the simulated win rate against skill (band: each point's 95% Wilson interval) and the
    table's observed rate drawn at the fitted skill with its 95% Wilson interval; the skill's
    95% interval shaded. None without points."""
    if points is None or points.empty:
        return None
    fig = _new(7.5, 5.2, "")
    ax = fig.subplots()
    ax.axvspan(low, high, color="#999999", alpha=0.18, lw=0,
               label=f"skill's 95% interval ({low:.2f} - {high:.2f})")
    ax.axvline(skill, color="#555555", lw=1, ls="--")
    for i, p in points.groupby("row", sort=True):
        colour = COLOURS[int(i) % len(COLOURS)]
        p = p.sort_values("skill")
        s = p["skill"].to_numpy(float)
        ax.fill_between(s, 100 * p["ci_low"].to_numpy(float), 100 * p["ci_high"].to_numpy(float),
                        color=colour, alpha=0.15, lw=0)
        ax.plot(s, 100 * p["win_rate"].to_numpy(float), color=colour, marker="o", ms=3, lw=1.6,
                label=f"{p['label'].iloc[0]}: simulated")
        r = rows.iloc[int(i)]
        y = 100 * float(r["win_rate"])
        ax.errorbar([skill], [y], yerr=[[y - 100 * float(r["ci_low"])],
                                        [100 * float(r["ci_high"]) - y]],
                    color=colour, marker="s", ms=8, markeredgecolor="black", capsize=5, lw=1.6,
                    ls="none", label=f"{p['label'].iloc[0]}: won {int(r['wins'])} of "
                                     f"{int(r['games'])}", zorder=5)
    ax.set_xlim(0, 1)
    ax.set_xlabel("skill of the team (the game's skill scale, 0 plays like random)")
    ax.set_ylabel("win rate (% of games won)")
    _pct_axis(ax)
    ax.legend(loc="upper left", fontsize=8)
    _title(fig, title)
    fig.caption = (f"The playtests placed on the skill scale: each configuration's simulated win "
                   f"rate against skill ({_games(points)} per point on the same seeds, band: 95% "
                   f"Wilson interval), and the table's own win rate there (square, with its 95% "
                   f"Wilson interval) drawn at the fitted skill {skill:.2f} (dashed line; shaded: "
                   f"its 95% interval). A square far off its curve is a row one skill does not "
                   f"explain.")
    return fig
