"""Figures of a balance report: pure functions from report tables (reports.tables) to
matplotlib Figures, drawn with the Agg backend (no display needed). Each figure carries its
caption in `fig.caption` (one or two sentences a reader needs to read it)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from .tables import DIE_ORDER, LEVEL_ORDER, OBJECTIVES, _rank  # noqa: E402

DIE_COLOURS = {"white": "#4c72b0", "red": "#c44e52"}
LEVEL_COLOURS = ["#4c72b0", "#dd8452", "#c44e52", "#8172b3", "#55a868", "#937860"]


def level_name(level: str) -> str:
    return str(level).replace("-", " ").replace("_", " ").title()


def variant_label(die: str, hungry: bool) -> str:
    return f"{die} die" + (", Hungry" if hungry else "")


def _levels(values) -> list:
    vals = list(dict.fromkeys(values))
    return [v for _, v in sorted(zip(_rank(vals, LEVEL_ORDER), vals))]


def _new(width, height, caption) -> Figure:
    fig = plt.figure(figsize=(width, height), dpi=100, layout="constrained")
    fig.caption = caption
    return fig


def _pct_axis(ax, top=100):
    ax.set_ylim(-2, top + 2)
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:.0f}%"))
    ax.grid(axis="y", alpha=0.3)


# ----------------------------------------------------------------------------- win rates
def win_rate_by_level(odds: pd.DataFrame, strategy: str) -> Figure:
    """Win rate by level with its 95% interval as error bars, one line per die (and Hungry
    Cracoucass on/off where both were played), one panel per player count, for one strategy."""
    t = odds[odds["strategy"] == strategy]
    players = sorted(t["players"].unique())
    levels = _levels(t["level"])
    lo, hi = (int(t["games"].min()), int(t["games"].max())) if len(t) else (0, 0)
    fig = _new(max(5.0, 1.6 + 3.0 * len(players)), 4.0,
               f"Win rate of a {strategy} team by level, one panel per player count. Bars: 95% "
               f"Wilson interval of the win rate ({lo if lo == hi else f'{lo} to {hi}'} games "
               f"per point).")
    axes = fig.subplots(1, max(1, len(players)), sharey=True, squeeze=False)[0]
    variants = sorted({(d, bool(h)) for d, h in zip(t["die"], t["hungry"])},
                      key=lambda v: (_rank([v[0]], DIE_ORDER)[0], v[1]))
    x_of = {lv: i for i, lv in enumerate(levels)}
    for ax, p in zip(axes, players):
        tp = t[t["players"] == p]
        for k, (die, hungry) in enumerate(variants):
            s = tp[(tp["die"] == die) & (tp["hungry"] == hungry)]
            if s.empty:
                continue
            s = s.assign(_x=s["level"].map(x_of)).sort_values("_x")
            y = 100 * s["win_rate"].to_numpy()
            err = 100 * np.vstack([s["win_rate"] - s["ci_low"], s["ci_high"] - s["win_rate"]])
            off = (k - (len(variants) - 1) / 2) * 0.06
            ax.errorbar(s["_x"].to_numpy() + off, y, yerr=err, marker="o", ms=4, capsize=3,
                        lw=1.5, ls="--" if hungry else "-",
                        color=DIE_COLOURS.get(die), label=variant_label(die, hungry))
        ax.set_xticks(range(len(levels)), [level_name(lv) for lv in levels], rotation=30, ha="right")
        ax.set_title(f"{p} player{'s' if p > 1 else ''}")
        _pct_axis(ax)
    axes[0].set_ylabel("win rate (% of games won)")
    if variants:
        fig.legend(*axes[-1].get_legend_handles_labels(), loc="outside right upper", fontsize=8,
                   title="danger die", title_fontsize=8)
    fig.suptitle(f"How often a {strategy} team wins, by level")
    return fig


def level_players_heatmap(odds: pd.DataFrame, strategies: list) -> Figure:
    """Win rate (%) as a heatmap, one panel per strategy: a row per level and variant (die,
    Hungry), a column per player count, each cell annotated with its rate and the half-width
    of its 95% interval."""
    t = odds[odds["strategy"].isin(strategies)]
    players = sorted(t["players"].unique())
    rows = sorted({(lv, d, bool(h)) for lv, d, h in zip(t["level"], t["die"], t["hungry"])},
                  key=lambda r: (_rank([r[0]], LEVEL_ORDER)[0], _rank([r[1]], DIE_ORDER)[0], r[2]))
    fig = _new(2.6 + 1.0 * max(1, len(players)) * len(strategies), 1.4 + 0.45 * max(1, len(rows)),
               "Win rate (%) for each level, die and Hungry Cracoucass setting (rows) and player "
               "count (columns), one panel per strategy; under each rate, its 95% Wilson interval.")
    axes = fig.subplots(1, len(strategies), sharey=True, squeeze=False)[0]
    im = None
    for ax, strategy in zip(axes, strategies):
        ts = t[t["strategy"] == strategy]
        grid = np.full((len(rows), len(players)), np.nan)
        low = np.full_like(grid, np.nan)
        high = np.full_like(grid, np.nan)
        for _, r in ts.iterrows():
            i = rows.index((r["level"], r["die"], bool(r["hungry"])))
            j = players.index(r["players"])
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
        ax.set_title(f"{strategy} team")
    axes[0].set_yticks(range(len(rows)), [f"{level_name(lv)}, {variant_label(d, h)}" for lv, d, h in rows])
    if im is not None:
        fig.colorbar(im, ax=list(axes), label="win rate (%)", shrink=0.8)
    fig.suptitle("Win rate by level and player count")
    return fig


# ----------------------------------------------------------------------------- rounds
def survival_curves(surv: pd.DataFrame, label_of: dict) -> Figure:
    """Two panels over rounds: the share of games still running after round r and the share
    already won by the end of round r, one line per configuration. `surv` is
    tables.survival(); `label_of` maps the cells to draw to their line labels (in order)."""
    fig = _new(12, 4.0, "Left: share of games still running after each round (a game ends with "
               "victory or with Too Late). Right: share of games already won by the end of "
               "each round; its last value is the win rate.")
    ax_run, ax_won = fig.subplots(1, 2, sharex=True)
    for k, (cell, label) in enumerate(label_of.items()):
        s = surv[surv["cell"] == cell].sort_values("round")
        colour = LEVEL_COLOURS[k % len(LEVEL_COLOURS)]
        ax_run.step(s["round"], 100 * s["running"], where="post", color=colour, label=label)
        ax_won.step(s["round"], 100 * s["won"], where="post", color=colour, label=label)
    for ax, title in ((ax_run, "Game still running after round r"),
                      (ax_won, "Game already won by the end of round r")):
        ax.set_xlabel("round r")
        ax.set_title(title)
        _pct_axis(ax)
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    ax_run.set_ylabel("% of games")
    fig.legend(*ax_won.get_legend_handles_labels(), loc="outside right upper", fontsize=8)
    fig.suptitle("How long games last")
    return fig


def loss_proximity_histograms(prox: pd.DataFrame, label_of: dict) -> Figure:
    """For lost games, the share of losses with 0, 1, 2, ... items of each objective left
    (one panel per objective, one bar series per configuration). `prox` is
    tables.loss_proximity(); `label_of` maps cells to series labels."""
    fig = _new(13, 4.0, "How far lost games ended from victory: for each objective, the share "
               "of losses that ended with that many lost Smurfs still in the Dark Forest, houses "
               "unbuilt or cakes unprepared (0 = that objective was done).")
    axes = fig.subplots(1, len(OBJECTIVES), sharey=True)
    colour = {c: LEVEL_COLOURS[k % len(LEVEL_COLOURS)] for k, c in enumerate(label_of)}
    prox = prox[prox["cell"].isin(list(label_of))]
    cells = [c for c in label_of if c in set(prox["cell"])]
    width = 0.8 / max(1, len(cells))
    for ax, (col, name) in zip(axes, OBJECTIVES.items()):
        p = prox[prox["objective"] == col]
        top = int(p["left"].max()) if len(p) else 0
        for k, cell in enumerate(cells):
            s = p[p["cell"] == cell]
            n = int(s["losses"].sum())
            ax.bar(s["left"] + (k - (len(cells) - 1) / 2) * width, 100 * s["share"], width=width,
                   color=colour[cell], label=f"{label_of[cell]}: {n} loss{'es' if n != 1 else ''}")
        ax.set_xlim(-0.6, top + 0.6)
        ax.set_xticks(range(0, top + 1, -(-(top + 1) // 10)))
        ax.set_xlabel(f"{name} left at the end")
        ax.set_title(f"{name[0].upper()}{name[1:]} left")
        _pct_axis(ax)
    axes[0].set_ylabel("% of lost games")
    if cells:
        fig.legend(*axes[-1].get_legend_handles_labels(), loc="outside right upper", fontsize=8)
    fig.suptitle("How close losses came")
    return fig


# ----------------------------------------------------------------------------- cards
def card_impact_bars(impact: pd.DataFrame, title: str = "") -> Figure:
    """The change in win rate when each card is removed, ranked, as horizontal bars with the
    paired 95% interval: left of zero the card helps the team, right of zero it hurts."""
    n = len(impact)
    fig = _new(9, 1.4 + 0.22 * max(1, n),
               "Change in win rate (points) when the card is removed from the mix, on the same "
               "seeds as the full mix; whiskers: paired 95% interval. Red: the team misses the "
               "card (it helps them); blue: the team is better off without it; grey: no change "
               "beyond the interval. With many cards, a few grey-zone cards land outside by "
               "chance (about 1 in 20).")
    ax = fig.subplots()
    t = impact.sort_values("diff", ascending=False, kind="stable")
    y = np.arange(n)
    d = 100 * t["diff"].to_numpy()
    err = 100 * np.vstack([t["diff"] - t["diff_ci_low"], t["diff_ci_high"] - t["diff"]])
    # red: removing the card lowers the win rate beyond its interval; blue: raises it; grey:
    # the interval holds zero
    colours = ["#c44e52" if hi < 0 else "#4c72b0" if lo > 0 else "#b0b0b0"
               for lo, hi in zip(t["diff_ci_low"], t["diff_ci_high"])]
    ax.barh(y, d, xerr=err, color=colours, alpha=0.85, error_kw={"elinewidth": 1, "capsize": 2})
    ax.set_yticks(y, t["removed"].tolist(), fontsize=8)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("change in win rate when removed (percentage points)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_title(title or "Card impact: win rate without the card minus with it")
    return fig
