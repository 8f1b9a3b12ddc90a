"""The balance report: table functions on small hand-made results (exact numbers), figure
functions (axes and series), and reports built end to end from small results folders of both
games through `experiments.reporting.build_report` (what `meeplesim report` and `api.report`
call), including the rough edges: folders of two games, all-lost comparisons, two `run`
folders, empty sections, all-zero figures."""
from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from experiments import api
from experiments.reporting import build_report, load
from reports import figures as F
from reports import tables as T
from reports.answers import answers, headline
from reports.build import compute, make_figures
from simcore.errors import UserError
from simcore.games import get_game

HV = get_game("hidden-village").report
CAKE = get_game("cake-race").report

# --------------------------------------------------------------------------- hand-made results
BASE = {"level": "standard", "die": "white", "hungry": False, "players": 3, "strategy": "random",
        "mix": "default"}


def cell(cid, games, outcome, rounds=None, reason=None, forest=None, houses=None, cakes=None, **cfg):
    """Rows of one cell: one per game index in `games`."""
    n = len(games)
    c = {**BASE, **cfg}
    lost = [o == 2 for o in outcome]
    return pd.DataFrame({
        "cell": cid, "game": games, **{k: [v] * n for k, v in c.items()},
        "outcome": outcome, "rounds": rounds or [5] * n,
        "loss_reason": reason or [1 if x else 0 for x in lost],
        "forest_left": forest or [0] * n, "houses_left": houses or [0] * n,
        "cakes_left": cakes or [0] * n,
    })


@pytest.fixture
def results() -> pd.DataFrame:
    return pd.concat([
        # Standard, 3 players: random white (2 of 4), random red (1 of 4 on the shared games,
        # plus a game 4 the white cell has not played), random white + Hungry, greedy white
        cell("s-rw", [0, 1, 2, 3], [1, 2, 1, 2], rounds=[3, 5, 4, 10], reason=[0, 1, 0, 2],
             forest=[0, 2, 0, 0], houses=[0, 1, 0, 1], cakes=[0, 0, 0, 3]),
        cell("s-rr", [0, 1, 2, 3, 4], [1, 2, 2, 2, 1], die="red"),
        cell("s-rwh", [0, 1, 2, 3], [2, 2, 1, 2], hungry=True),
        cell("s-gw", [0, 1, 2, 3], [1, 1, 1, 2], strategy="greedy"),
        cell("s-pw", [0, 1, 2, 3], [1, 2, 1, 2], strategy="planner"),
    ], ignore_index=True)


@pytest.fixture
def cards() -> pd.DataFrame:
    t = dict(level="terrible", hungry=True, strategy="greedy")
    return pd.concat([
        cell("without=none", [0, 1, 2, 3], [1, 1, 2, 1], mix="default", **t),
        cell("without=a", [0, 1, 2, 3], [2, 2, 2, 1], mix="default-without-a", **t),
        cell("without=b", [0, 1, 2, 3], [1, 1, 1, 1], mix="default-without-b", **t),
    ], ignore_index=True)


def row(t, **where):
    m = t
    for k, v in where.items():
        m = m[m[k] == v]
    assert len(m) == 1, (where, m)
    return m.iloc[0]


def one_line(e, *needles):
    """A UserError's message is one line holding every needle."""
    msg = str(e.value)
    assert "\n" not in msg, msg
    for n in needles:
        assert n in msg, (n, msg)


# --------------------------------------------------------------------------- tables
def test_win_odds_counts_wins_and_wilson_interval_per_configuration(results):
    t = T.win_odds(results, HV)
    assert len(t) == 5
    r = row(t, cell="s-rw")
    assert (r["games"], r["wins"], r["win_rate"]) == (4, 2, 0.5)
    # Wilson 95% for 2 of 4: centre 0.5, half-width z sqrt(1/16 + z^2/64) / (1 + z^2/4)
    z = 1.959964
    half = z * np.sqrt(1 / 16 + z * z / 64) / (1 + z * z / 4)
    assert half == pytest.approx(0.349961, abs=1e-6)
    assert r["ci_low"] == pytest.approx(0.5 - half, abs=1e-6)
    assert r["ci_high"] == pytest.approx(0.5 + half, abs=1e-6)
    assert r["halfwidth"] == pytest.approx(half, abs=1e-6)
    assert row(t, cell="s-rr")[["games", "wins"]].tolist() == [5, 2]
    assert row(t, cell="s-gw")["win_rate"] == 0.75
    # report order (the game's descriptor): level, die (white first), Hungry off first,
    # strategy random < greedy < planner
    assert t["cell"].tolist() == ["s-rw", "s-gw", "s-pw", "s-rwh", "s-rr"]


def test_win_odds_keeps_cells_apart_that_differ_only_in_a_strategy_parameter():
    df = pd.concat([cell("params=a:1", [0, 1], [1, 1], param_a=1.0),
                    cell("params=a:2", [0, 1], [2, 2], param_a=2.0)])
    t = T.win_odds(df, HV)
    assert sorted(zip(t["cell"], t["wins"])) == [("params=a:1", 2), ("params=a:2", 0)]


def test_win_odds_by_a_result_field_splits_each_configuration():
    df = cell("c", [0, 1, 2, 3], [1, 2, 1, 1]).assign(seat=[0, 1, 0, 1])
    t = T.win_odds(df, HV, by="seat")
    assert t[["seat", "games", "wins"]].values.tolist() == [[0, 2, 2], [1, 2, 1]]


def test_die_delta_pairs_games_by_index_and_gives_the_paired_interval(results):
    t = T.paired_deltas(results, HV, "die", [("white", "red")])
    assert len(t) == 1                      # only white/red random, Hungry off, is a pair
    r = t.iloc[0]
    assert (r["base"], r["other"], r["strategy"], r["games"]) == ("white", "red", "random", 4)
    # red - white on games 0..3: d = [0, 0, -1, 0], mean -0.25, sd 0.5, se 0.25
    assert r["diff"] == -0.25
    assert r["diff_ci_low"] == pytest.approx(-0.25 - 1.959964 * 0.25, abs=1e-6)
    assert r["diff_ci_high"] == pytest.approx(-0.25 + 1.959964 * 0.25, abs=1e-6)
    assert (r["base_rate"], r["other_rate"], r["note"]) == (0.5, 0.25, "")


def test_hungry_and_strategy_deltas_are_other_minus_base(results):
    h = T.paired_deltas(results, HV, "hungry", [(False, True)])
    assert len(h) == 1 and h.iloc[0]["diff"] == -0.25 and bool(h.iloc[0]["other"]) is True
    s = T.paired_deltas(results, HV, "strategy")
    got = {(r["base"], r["other"]): r["diff"] for _, r in s.iterrows()}
    assert got == {("random", "greedy"): 0.25, ("random", "planner"): 0.0,
                   ("greedy", "planner"): -0.25}


@pytest.mark.parametrize("a, b, why", [
    ([2, 2, 2], [2, 2, 2], "every game lost on both sides"),
    ([1, 1, 1], [1, 1, 1], "every game won on both sides"),
    ([2, 2, 2], [1, 1, 1], "every game won on one side and lost on the other"),
    ([1, 2, 1], [1, 2, 1], "both sides had the same outcome in every game (66.7% won)"),
])
def test_a_paired_interval_that_cannot_be_estimated_says_why(a, b, why):
    df = pd.concat([cell("w", [0, 1, 2], a), cell("r", [0, 1, 2], b, die="red")])
    r = T.paired_deltas(df, HV, "die", [("white", "red")]).iloc[0]
    assert r["note"] == why
    assert np.isnan(r["diff_ci_low"]) and np.isnan(r["diff_ci_high"])
    from simcore.reportkit import diff_words
    assert diff_words(r).endswith(f"(not estimable: {why})")
    assert "+100.0 to +100.0" not in diff_words(r)


def test_cells_of_two_folders_are_never_paired_even_under_one_id():
    # two `run` folders read together: both cells are named `run`
    a = cell("run", [0, 1, 2], [1, 2, 1])
    b = cell("run", [0, 1, 2], [2, 2, 1], die="red")
    for df in (pd.concat([a, b], ignore_index=True),
               pd.concat([a.assign(results="r1"), b.assign(results="r2")], ignore_index=True)):
        assert T.paired_deltas(df, HV, "die").empty
        assert T.skill_gap(df, HV).empty and T.card_impact(df, HV).empty
        assert T.win_odds(df, HV)["wins"].tolist() == [2, 1]


def test_rounds_played_gives_mean_quantiles_and_won_lost_means(results):
    r = row(T.rounds_played(results, HV), cell="s-rw")
    assert r["mean"] == 5.5
    assert (r["q10"], r["q25"], r["q50"], r["q75"], r["q90"], r["max"]) == (3, 3, 4, 5, 5, 10)
    assert (r["mean_won"], r["mean_lost"]) == (3.5, 7.5)


def test_survival_gives_share_running_and_share_won_by_round(results):
    s = T.survival(results, HV)
    s = s[s["cell"] == "s-rw"].set_index("round")
    assert s.index.tolist() == list(range(11))
    assert s.loc[2, "running"] == 1.0 and s.loc[2, "won"] == 0.0
    assert s.loc[3, "running"] == 0.75 and s.loc[3, "won"] == 0.25
    assert s.loc[4, "running"] == 0.5 and s.loc[4, "won"] == 0.5
    assert s.loc[10, "running"] == 0.0 and s.loc[10, "won"] == 0.5


def test_loss_reasons_and_objectives_left_for_losses(results):
    r = row(T.loss_reasons(results, HV), cell="s-rw")
    assert (r["games"], r["losses"], r["too-late"], r["gargamel-deck-empty"]) == (4, 2, 1, 1)
    assert (r["too-late_share"], r["gargamel-deck-empty_share"]) == (0.5, 0.5)
    # the losses: (forest, houses, cakes) = (2, 1, 0) and (0, 1, 3)
    assert (r["mean_forest_left"], r["mean_houses_left"], r["mean_cakes_left"]) == (1.0, 1.0, 1.5)
    assert r["one_step_share"] == 0.0
    g = row(T.loss_reasons(results, HV), cell="s-gw")
    assert g["losses"] == 1 and g["one_step_share"] == 0.0


def test_loss_proximity_counts_losses_by_items_left(results):
    p = T.loss_proximity(results, HV)
    p = p[p["cell"] == "s-rw"]
    cakes = p[p["objective"] == "cakes_left"].set_index("left")
    assert cakes["losses"].tolist() == [1, 0, 0, 1]
    assert cakes["share"].tolist() == [0.5, 0.0, 0.0, 0.5]
    forest = p[p["objective"] == "forest_left"].set_index("left")
    assert forest["losses"].tolist() == [1, 0, 1]


def test_card_impact_ranks_removals_by_paired_change(cards):
    t = T.card_impact(cards, HV)
    assert t["removed"].tolist() == ["a", "b"]
    assert t["rank"].tolist() == [1, 2]
    a, b = t.iloc[0], t.iloc[1]
    assert (a["diff"], a["base_rate"], a["other_rate"]) == (-0.5, 0.75, 0.25)
    assert b["diff"] == 0.25 and b["base_mix"] == "default"
    # d = without - with for a: [-1, -1, 0, 0]: sd sqrt(1/3), se sqrt(1/3)/2
    se = np.sqrt(1 / 3) / 2
    assert a["diff_ci_low"] == pytest.approx(-0.5 - 1.959964 * se, abs=1e-6)
    assert a["diff_ci_high"] == pytest.approx(-0.5 + 1.959964 * se, abs=1e-6)
    assert T.card_impact(cards, CAKE).empty          # a game without card mixes


def test_card_impact_pairs_a_mix_with_the_closest_smaller_removal():
    df = pd.concat([cell("x", [0, 1], [1, 1], mix="default-without-a"),
                    cell("y", [0, 1], [2, 1], mix="default-without-a+b")])
    t = T.card_impact(df, HV)
    assert t[["removed", "base_mix", "diff"]].values.tolist() == [["b", "default-without-a", -0.5]]
    assert T.card_impact(pd.concat([cell("x", [0, 1], [1, 1])]), HV).empty


def test_skill_gap_is_best_strategy_minus_random_per_configuration(results):
    t = T.skill_gap(results, HV)
    assert len(t) == 1                  # only white, Hungry off, 3 players has several strategies
    r = t.iloc[0]
    assert (r["best"], r["baseline"], r["games"]) == ("greedy", "random", 4)
    # greedy [1,1,1,0] - random [1,0,1,0]: d = [0,1,0,0], mean 0.25, se 0.25
    assert r["diff"] == 0.25
    assert r["diff_ci_high"] == pytest.approx(0.25 + 1.959964 * 0.25, abs=1e-6)


def test_measures_give_means_and_rates_with_intervals():
    df = pd.DataFrame({"cell": "c", "game": range(4), "players": 2, "rivals": "same",
                       "strategy": "threshold", "mix": "default", "param_k": 3.0,
                       "outcome": [1, 2, 2, 3], "loss_reason": [0, 1, 2, 0], "seat": [0, 1, 0, 1],
                       "secured": [10, 12, 8, 10], "eliminated": [0, 0, 1, 0],
                       "eliminations": [0, 1, 1, 0], "first_trip": [1, 1, 1, 1], "rounds": 100})
    r = T.measures(df, CAKE).iloc[0]
    assert r["mean_secured"] == 10.0
    half = 1.959964 * np.std([10, 12, 8, 10], ddof=1) / 2
    assert r["mean_secured_ci_high"] == pytest.approx(10 + half, abs=1e-5)
    assert r["eliminated_rate"] == 0.25 and 0 < r["eliminated_rate_ci_low"] < 0.25
    odds = T.win_odds(df, CAKE)
    assert odds.iloc[0][["wins", "shared wins"]].tolist() == [1, 1]   # a shared win is no win


def test_headline_has_a_row_per_level_variant_and_a_column_per_strategy(results):
    h, title = headline(T.win_odds(results, HV), HV)
    assert title == "win rate and 95% interval, 3 players:"
    assert list(h.columns) == ["level", "die", "Hungry Cracoucass", "planner", "greedy", "random"]
    assert h[["die", "Hungry Cracoucass"]].values.tolist() == [["white", "off"], ["white", "on"],
                                                               ["red", "off"]]
    assert h.iloc[0]["level"] == "Standard"
    assert h.iloc[0]["greedy"] == "75.0% (95% CI 30.1% to 95.4%)"
    assert h.iloc[1]["greedy"] == "-"


def test_answers_say_the_win_odds_and_the_changes_in_plain_words(results, cards):
    tables = {"win_odds": T.win_odds(results, HV),
              "die_delta": T.paired_deltas(results, HV, "die", [("white", "red")]),
              "hungry_delta": T.paired_deltas(results, HV, "hungry", [(False, True)]),
              "skill_gap": T.skill_gap(results, HV), "loss_reasons": T.loss_reasons(results, HV),
              "card_impact": T.card_impact(cards, HV)}
    text = "\n".join(answers(tables, HV, {"a": "Card A"}))
    assert "At Standard (white die) with 3 players, a planner team wins 50.0% ± 35.0%; " \
           "a greedy team wins 75.0% (95% CI 30.1% to 95.4%); a random team wins 50.0% ± 35.0%" in text
    assert "The red die instead of the white one changes a planner team's win rate" not in text
    assert "removing Card A hurts the team most (-50.0 points, -106.6 to +6.6); " \
           "removing b helps it most (+25.0 points, -24.0 to +74.0)" in text


def test_answers_say_not_estimable_for_an_all_lost_comparison():
    df = pd.concat([cell("w", [0, 1, 2], [2, 2, 2]), cell("r", [0, 1, 2], [2, 2, 2], die="red")])
    tables = compute(df, HV)
    text = "\n".join(answers(tables, HV))
    assert "The red die instead of the white one changes a random team's win rate (3 players) by " \
           "+0.00 points at Standard (not estimable: every game lost on both sides)" in text


# --------------------------------------------------------------------------- figures
def labels(ax):
    return ax.get_legend_handles_labels()[1]


def drawn(fig) -> list:
    """The values a figure's data series draw: line points, bar lengths, image cells (a
    colour bar's own scale left out)."""
    from matplotlib.container import BarContainer
    out = []
    for ax in fig.get_axes():
        if ax.get_label() == "<colorbar>":
            continue
        for line in ax.get_lines():
            if line.get_linestyle() == "None" and line.get_marker() in ("_", "|"):
                continue                    # an error bar's cap, not data
            out += [float(v) for v in np.asarray(line.get_ydata(), float)]
        for c in ax.containers:
            if isinstance(c, BarContainer):
                out += [float(p.get_height() if c.orientation == "vertical" else p.get_width())
                        for p in c.patches]
        for im in ax.images:
            out += [float(v) for v in np.ma.masked_invalid(np.asarray(im.get_array(), float)).compressed()]
    return out


def test_win_rate_by_level_has_a_panel_per_player_count_and_a_line_per_die(results):
    more = pd.concat([results, cell("c-rw", [0, 1], [1, 2], level="complex", players=2)])
    fig = F.by_x(T.win_odds(more, HV), HV, "random")
    assert isinstance(fig, Figure)
    axes = fig.get_axes()
    assert [a.get_title() for a in axes] == ["2 players", "3 players"]
    assert labels(axes[1]) == ["white die", "white die, Hungry", "red die"]
    assert len(axes[1].containers) == 3          # an error-bar series per line
    assert [t.get_text() for t in axes[1].get_xticklabels()] == ["Standard", "Complex"]
    assert axes[0].get_ylabel() == "win rate (% of games won)"
    assert fig.caption.startswith("Win rate of a random team")


def test_a_series_of_zeros_is_left_out_and_said_and_an_all_zero_figure_is_none(results):
    lost = pd.concat([results, cell("s-rrh", [0, 1], [2, 2], die="red", hungry=True)])
    fig = F.by_x(T.win_odds(lost, HV), HV, "random")
    assert labels(fig.get_axes()[0]) == ["white die", "white die, Hungry", "red die"]
    assert "Not drawn, every value zero: red die, Hungry." in fig.caption
    zero = pd.concat([cell("a", [0, 1], [2, 2]), cell("b", [0, 1], [2, 2], die="red")])
    assert F.by_x(T.win_odds(zero, HV), HV, "random") is None
    assert F.heatmap(T.win_odds(zero, HV), HV, ["random"]) is None


def test_heatmap_has_a_panel_per_strategy_a_row_per_level_variant_and_a_column_per_player_count(results):
    fig = F.heatmap(T.win_odds(results, HV), HV, ["greedy", "random"])
    greedy, rand, bar = fig.get_axes()                  # two panels and the colour bar
    assert [greedy.get_title(), rand.get_title()] == ["greedy team", "random team"]
    grid = rand.images[0].get_array()
    assert grid.shape == (3, 1)
    assert [round(float(v), 1) for v in grid[:, 0]] == [50.0, 25.0, 40.0]   # white, white+Hungry, red
    assert float(greedy.images[0].get_array()[0, 0]) == 75.0
    assert np.ma.is_masked(greedy.images[0].get_array()[1, 0])           # not played: blank
    assert [t.get_text() for t in greedy.get_yticklabels()] == [
        "Standard, white die", "Standard, white die, Hungry", "Standard, red die"]
    assert rand.get_xlabel() == "players"
    assert bar.get_ylabel() == "win rate (%)"


def test_survival_curves_draw_running_and_won_lines_per_configuration(results):
    fig = F.survival_curves(T.survival(results, HV), HV, {"s-rw": "random", "s-gw": "greedy"})
    run, won = fig.get_axes()
    assert labels(run) == ["random", "greedy"] and labels(won) == ["random", "greedy"]
    y = run.get_lines()[0].get_ydata()
    assert list(y[:5]) == [100, 100, 100, 75, 50]
    assert won.get_lines()[0].get_ydata()[-1] == 50
    assert "victory or with Too Late" in fig.caption


def test_survival_of_configurations_that_never_won_has_no_empty_panel():
    zero = pd.concat([cell("a", [0, 1], [2, 2]), cell("b", [0, 1], [1, 2], die="red")])
    fig = F.survival_curves(T.survival(zero, HV), HV, {"a": "A"})
    assert len(fig.get_axes()) == 1 and "No game shown here was won." in fig.caption
    fig = F.survival_curves(T.survival(zero, HV), HV, {"a": "A", "b": "B"})
    assert labels(fig.get_axes()[1]) == ["B"] and "not drawn on the right: A." in fig.caption


def test_loss_proximity_histograms_have_a_panel_per_objective_and_bars_per_configuration(results):
    fig = F.loss_proximity_histograms(T.loss_proximity(results, HV), HV, {"s-rw": "A", "s-gw": "B"})
    axes = fig.get_axes()
    assert [a.get_title() for a in axes] == ["Lost Smurfs left", "Houses left", "Cakes left"]
    assert len(axes[2].containers) == 2
    heights = [p.get_height() for p in axes[2].containers[0]]
    assert heights == [50, 0, 0, 50]


def test_card_impact_bars_are_ranked_with_intervals(cards):
    fig = F.card_impact_bars(T.card_impact(cards, HV))
    ax = fig.get_axes()[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["b", "a"]   # most harmful at the bottom
    assert [p.get_width() for p in ax.patches] == [25.0, -50.0]
    grey = matplotlib.colors.to_rgb("#b0b0b0")
    assert [p.get_facecolor()[:3] == grey for p in ax.patches] == [True, True]   # both intervals hold 0
    assert "percentage points" in ax.get_xlabel()
    assert matplotlib.get_backend().lower() == "agg"


# --------------------------------------------------------------------------- end to end
GRID = """
name = "report-test"
games = 100
seed = 3
chunk = 50
[fixed]
players = 2
[axes]
die = ["white", "red"]
strategy = ["random", "greedy"]
without = [[], ["beta-smurf"]]
"""
ONE_JOB = api.Execution(jobs=1)


def digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != ".lock"}


@pytest.fixture(scope="module")
def swept(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("report")
    (d / "grid.toml").write_text(GRID)
    api.sweep(str(d / "grid.toml"), results=str(d / "res"), execution=ONE_JOB)
    return d / "res"


@pytest.fixture(scope="module")
def smoke(tmp_path_factory) -> Path:
    """Hidden Village's smoke sweep: a random team at Standard, white and red die (it loses
    every game: an all-lost comparison)."""
    d = tmp_path_factory.mktemp("smoke") / "smoke"
    api.sweep("smoke", results=str(d), games=100, execution=ONE_JOB)
    return d


@pytest.fixture(scope="module")
def cake(tmp_path_factory) -> Path:
    """The cake race's smoke sweep: thresholds k = 3 and 6, 2 players, seats rotating."""
    d = tmp_path_factory.mktemp("cake") / "cake"
    api.sweep("cake-smoke", results=str(d), games=100, execution=ONE_JOB)
    return d


def page(out) -> str:
    return (Path(out) / "index.html").read_text()


def sections(text: str) -> list:
    """(heading, its content up to the next heading) of every h2 and h3 of a page."""
    parts = re.split(r"(<h[23][^>]*>.*?</h[23]>)", text)
    return [(parts[i], parts[i + 1]) for i in range(1, len(parts) - 1, 2)]


def assert_no_empty_section(text: str):
    assert "Nothing in these results" not in text
    for head, body in sections(text):
        if head.startswith("<h2"):
            continue              # a part's content starts with its first h3, or is its own
        assert re.search(r"<(table|img|li|p)\b", body), head


def assert_no_all_zero_figure(tables: dict, rep):
    import matplotlib.pyplot as plt
    figs, _ = make_figures(tables, rep)
    assert figs
    for stem, fig in figs.items():
        assert any(v != 0 for v in drawn(fig)), stem
        plt.close(fig)


def test_report_builds_tables_figures_and_a_self_contained_html(swept, tmp_path):
    before = digest(swept)
    out = tmp_path / "out"
    r = build_report([str(swept)], str(out), None)
    assert r["index"] == str(out / "index.html")
    assert r["games"] == 800 and r["seconds"] > 0
    assert r["headline_title"] == "win rate and 95% interval, 2 players:"
    assert digest(swept) == before
    csvs = {p.stem for p in (out / "tables").glob("*.csv")}
    assert sorted(csvs) == sorted(Path(p).stem for p in r["tables"])
    # no Hungry Cracoucass axis: no hungry_delta table (an empty table is not written)
    assert csvs == {"win_odds", "die_delta", "strategy_delta", "rounds", "survival", "loss_reasons",
                    "loss_proximity", "card_impact", "skill_gap", "headline"}
    odds = pd.read_csv(out / "tables" / "win_odds.csv")
    assert len(odds) == 8 and odds["games"].tolist() == [100] * 8
    impact = pd.read_csv(out / "tables" / "card_impact.csv")
    assert set(impact["removed"]) == {"beta-smurf"} and len(impact) == 4
    assert set(impact["card"]) == {"Beta Smurf"}
    pngs = sorted((out / "figures").glob("*.png"))
    assert sorted(str(p) for p in pngs) == sorted(r["figures"])
    # the random team loses every game at Standard: no win-rate figure for it, said in words
    assert {p.stem for p in pngs} >= {"win_rate_by_level-greedy", "level_players_heatmap",
                                      "survival-greedy"}
    # how close losses came: drawn only when the team lost a game in the cells it shows (the
    # usual variant: the white die)
    greedy = odds[(odds["strategy"] == "greedy") & (odds["die"] == "white")]
    assert ("loss_proximity-greedy" in {p.stem for p in pngs}) == bool((greedy["wins"] < greedy["games"]).any())
    text = page(out)
    inline = re.findall(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'", text)
    assert len(inline) == len(pngs)
    assert sorted(base64.b64decode(x) for x in inline) == sorted(p.read_bytes() for p in pngs)
    assert "http://" not in text and "https://" not in text
    assert '<h2 id="assumptions">Rules assumed</h2>' in text
    assert 'marked <code>source = "assumed"</code>' in text and "roofs.toml" in text
    from simcore.games.hidden_village.catalog import load_catalog
    assumed = load_catalog().assumptions             # the full mix's; beta-smurf's mix has fewer
    assert r["assumptions"] == len(assumed)
    section = text.split('<h2 id="assumptions">')[1]
    assert f"{len(assumed)} entries of the rules data in force" in section
    for file, entry, what in assumed:
        assert f"<td>{file}</td>" in section and html.escape(entry) in section
    assert "root seed</th><td>3</td>" in text
    assert "At Standard (white die) with 2 players, a greedy team wins" in text
    assert_no_empty_section(text)


def test_report_headers_are_labels_not_column_names(swept, tmp_path):
    r = build_report([str(swept)], str(tmp_path / "out"), "My title")
    text = page(tmp_path / "out")
    assert "<title>My title</title>" in text and "<h1>My title</h1>" in text
    tables = text.split('<h2 id="tables">')[1].split('<h2 id="configuration">')[0]
    for name in ("ci_low", "ci_high", "win_rate", "halfwidth", "diff_ci_low", "base_rate",
                 "too-late_share", "mean_forest_left", "one_step_share", "param_"):
        assert f"<th>{name}" not in tables, name
    for label in ("win rate (%)", "95% CI (%)", "paired 95% CI (points)", "Too Late (% of losses)",
                  "lost Smurfs left (mean)", "Hungry Cracoucass"):
        assert f"<th>{html.escape(label)}</th>" in tables, label
    head = r["headline"]
    assert list(head.columns) == ["level", "die", "Hungry Cracoucass", "greedy", "random"]
    assert not any(c in head.to_string() for c in ("ci_low", "win_rate"))


def test_report_of_two_folders_keeps_their_cells_apart(swept, smoke, tmp_path):
    out = tmp_path / "out"
    r = build_report([str(swept), str(smoke)], str(out), None)
    odds = pd.read_csv(out / "tables" / "win_odds.csv")
    assert sorted(odds.groupby("results").size().tolist()) == [2, 8]
    die = pd.read_csv(out / "tables" / "die_delta.csv")
    assert sorted(die.groupby("results").size().tolist()) == [1, 4]
    # the overview speaks of the folder with the most configurations (2 players), not smoke's
    assert r["headline_title"] == "win rate and 95% interval, 2 players:"
    head = pd.read_csv(out / "tables" / "headline.csv")
    assert len(head) == 2


def test_an_all_lost_comparison_is_not_estimable_in_words_and_on_the_page(smoke, tmp_path):
    r = build_report([str(smoke)], str(tmp_path / "out"), None)
    text = "\n".join(r["answers"])
    assert "The red die instead of the white one changes a random team's win rate (3 players) " \
           "by +0.00 points at Standard (not estimable: every game lost on both sides)" in text
    assert "+0.00 to +0.00" not in text
    tables = page(tmp_path / "out").split('<h2 id="tables">')[1]
    assert "not estimable: every game lost on both sides" in tables
    # every game lost: no figure of zeros (the win rate), said in words instead
    assert not any("win_rate" in p for p in r["figures"])
    assert "A random team lost every one of its 200 games in these results" in page(tmp_path / "out")
    assert_no_empty_section(page(tmp_path / "out"))


def test_no_figure_of_a_report_is_all_zeros(swept, smoke):
    for folder in (swept, smoke):
        df, _ = load([str(folder)])
        assert_no_all_zero_figure(compute(df, HV), HV)


def test_two_run_folders_read_together_make_one_report(tmp_path):
    for name, die in (("a", "white"), ("b", "red")):
        api.run(api.RunSpec(strategy="greedy", options={"level": "terrible", "die": die}),
                games=100, results=str(tmp_path / name), execution=ONE_JOB)
    r = build_report([str(tmp_path / "a"), str(tmp_path / "b")], str(tmp_path / "out"), None)
    odds = pd.read_csv(tmp_path / "out" / "tables" / "win_odds.csv")
    assert odds["cell"].tolist() == ["run", "run"] and odds["die"].tolist() == ["white", "red"]
    assert not (tmp_path / "out" / "tables" / "die_delta.csv").exists()    # never paired
    # read apart and put together (no `results` column): still no pairing, no IndexError
    both = pd.concat([api.read_results(str(tmp_path / "a")), api.read_results(str(tmp_path / "b"))])
    assert T.paired_deltas(both, HV, "die").empty
    assert r["answers"]


def test_the_results_table_has_a_won_column(smoke):
    df = api.read_results(str(smoke))
    assert df["won"].dtype == bool and (df["won"] == (df["outcome"] == 1)).all()


def test_report_default_out_is_inside_the_results_folder(swept, tmp_path):
    import shutil
    res = tmp_path / "res"
    shutil.copytree(swept, res)
    r = build_report([str(res)], None, None)
    assert r["index"] == str(res / "report" / "index.html") and Path(r["index"]).exists()


# --------------------------------------------------------------------------- the cake race
def test_cake_race_report_has_win_rates_by_seat_and_threshold_with_intervals(cake, tmp_path):
    out = tmp_path / "out"
    r = build_report([str(cake)], str(out), None)
    assert r["games"] == 200 and r["assumptions"] > 0
    assert r["headline_title"] == "win rate and 95% interval by player count:"
    assert r["headline"].columns.tolist() == ["strategy", "threshold k", "rivals", "2 players"]
    assert r["headline"]["threshold k"].tolist() == ["3", "6"]
    seats = pd.read_csv(out / "tables" / "win_odds_by_seat.csv")
    assert seats[["param_k", "seat", "games"]].values.tolist() == [[3, 0, 50], [3, 1, 50],
                                                                   [6, 0, 50], [6, 1, 50]]
    assert ((seats["ci_low"] <= seats["win_rate"]) & (seats["win_rate"] <= seats["ci_high"])).all()
    measures = pd.read_csv(out / "tables" / "measures.csv")
    assert {"mean_secured", "mean_secured_ci_low", "mean_secured_ci_high", "eliminated_rate",
            "mean_eliminations"} <= set(measures.columns)
    assert {Path(p).stem for p in r["tables"]} >= {"win_odds", "win_odds_by_seat", "measures",
                                                   "rounds", "loss_reasons", "headline"}
    assert {Path(p).stem for p in r["figures"]} >= {"win_rate_by_param_k-threshold",
                                                    "secured_by_param_k-threshold"}
    text = "\n".join(r["answers"])
    assert "With 2 players, the focal seat wins most often with k = " in text
    assert "By seat (" in text and "seat 0 wins" in text and "it secures" in text
    assert "eliminated in" in text and "rounds on average" in text
    body = page(out)
    assert "<h1>Balance report: The Smurf cake race</h1>" in body
    assert "Win odds by seat" in body and "<th>95% CI (%)</th>" in body
    assert_no_empty_section(body)
    df, _ = load([str(cake)])
    assert_no_all_zero_figure(compute(df, CAKE), CAKE)


def test_folders_of_two_games_are_one_error_line(cake, smoke, tmp_path):
    with pytest.raises(UserError) as e:
        build_report([str(smoke), str(cake)], str(tmp_path / "out"), None)
    one_line(e, "different games", f"{smoke} (hidden-village)", f"{cake} (cake-race)")
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------- bad input
def test_report_of_a_missing_folder_is_one_error_line(tmp_path):
    for out in (str(tmp_path / "o"), None):
        with pytest.raises(UserError) as e:
            build_report([str(tmp_path / "nope")], out, None)
        one_line(e, str(tmp_path / "nope"), "no such results folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == []     # neither folder was created


def test_report_of_an_empty_or_foreign_folder_is_one_error_line(tmp_path):
    (tmp_path / "empty").mkdir()
    for out in (str(tmp_path / "o"), None):
        with pytest.raises(UserError) as e:
            build_report([str(tmp_path / "empty")], out, None)
        one_line(e, "empty", "no manifest.json")
    assert list((tmp_path / "empty").iterdir()) == []            # no report folder made in it
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "notes.txt").write_text("hello")
    with pytest.raises(UserError) as e:
        build_report([str(tmp_path / "foreign")], str(tmp_path / "o"), None)
    one_line(e, "not a meeplesim results folder")
    assert (tmp_path / "foreign" / "notes.txt").read_text() == "hello"


def test_report_of_a_folder_with_no_games_is_one_error_line(tmp_path):
    from simcore.store import ResultsStore
    with ResultsStore(tmp_path / "r", "sweep", {"seed": 1}, {"a": {"level": "standard"}}):
        pass
    before = digest(tmp_path / "r")
    with pytest.raises(UserError) as e:
        build_report([str(tmp_path / "r")], str(tmp_path / "o"), None)
    one_line(e, str(tmp_path / "r"), "holds no games yet")
    assert digest(tmp_path / "r") == before


def test_report_to_an_unwritable_out_is_one_error_line_and_leaves_results_alone(swept, tmp_path):
    before = digest(swept)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for out, needles in ((blocker / "sub", ("--out", str(blocker / "sub"), "cannot write")),
                         (blocker, ("not a folder",)), (swept / "chunks", ("among the results",))):
        with pytest.raises(UserError) as e:
            build_report([str(swept)], str(out), None)
        one_line(e, *needles)
    assert digest(swept) == before


# --------------------------------------------------------------------------- the balance grid
def test_balance_grid_has_every_allowed_level_die_hungry_players_strategy_cell():
    from experiments.grid import expand, load_grid
    from simcore.games.hidden_village.grids import BALANCE_GAMES
    grid = load_grid("balance")
    cells, skipped = expand(grid)
    assert skipped == []
    combos = {(c.run.variant.level, c.run.variant.die, bool(c.run.variant.hungry)) for c in cells}
    assert combos == {(lv, d, h) for lv in ("standard", "complex") for d in ("white", "red")
                      for h in (False, True)} | {("terrible", "white", True), ("terrible", "red", True),
                                                 ("smurfnightmarish", "red", True)}
    assert len(cells) == 11 * 5 * 3
    assert {c.run.strategy_name for c in cells} == {"random", "greedy", "planner"}
    assert {c.run.players for c in cells} == {1, 2, 3, 4, 5}
    assert grid.games == BALANCE_GAMES and grid.seed == 1


def test_linked_axes_may_repeat_a_value_but_not_a_row(tmp_path):
    from experiments.grid import expand, load_grid
    from simcore.errors import UserError
    f = tmp_path / "g.toml"
    f.write_text('[[linked]]\nlevel = ["standard", "standard"]\ndie = ["white", "red"]\n')
    cells, _ = expand(load_grid(str(f)))
    assert [c.id for c in cells] == ["die=red,level=standard", "die=white,level=standard"]
    f.write_text('[[linked]]\nlevel = ["standard", "standard"]\ndie = ["red", "red"]\n')
    with pytest.raises(UserError, match="two rows of die, level are equal"):
        load_grid(str(f))
    f.write_text('[axes]\ndie = ["red", "red"]\n')
    with pytest.raises(UserError, match="axis 'die' repeats a value"):
        load_grid(str(f))


def test_the_configuration_lists_the_strategy_parameters_in_force(tmp_path):
    api.run(api.RunSpec(strategy="greedy", params={"build": 11.0}), games=40,
            results=str(tmp_path / "r"), execution=ONE_JOB)
    build_report([str(tmp_path / "r")], str(tmp_path / "out"), None)
    section = page(tmp_path / "out").split('<h2 id="configuration">')[1].split("<h2")[0]
    assert "Strategy <code>greedy</code> with build=11: its parameters in force" in section
    assert "<tr><th>build</th><td>11</td><td>set</td>" in section
    assert "<tr><th>rescue</th><td>10</td><td>default</td>" in section
    import strategies
    fixed = strategies.get("greedy", load=False).fixed
    assert f"{len(fixed)} fixed weights" in section
    assert all(f"<tr><th>{k}</th><td>{v:g}</td>" in section for k, v in fixed.items())


def test_a_parameter_set_per_cell_is_one_row_of_its_values_and_stale_outputs_go(tmp_path):
    g = tmp_path / "g.toml"
    g.write_text('games = 10\n[fixed]\nstrategy = "skill"\nplayers = 2\n'
                 '[axes]\nparams = [{skill = 0.0}, {skill = 0.5}, {skill = 1.0}]\n')
    api.sweep(str(g), results=str(tmp_path / "r"), execution=ONE_JOB)
    stale = tmp_path / "out" / "figures" / "win_rate_by_level-old.png"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"an earlier report's figure")
    build_report([str(tmp_path / "r")], str(tmp_path / "out"), None)
    section = page(tmp_path / "out").split('<h2 id="configuration">')[1].split("<h2")[0]
    assert section.count("Strategy <code>skill</code>") == 1
    assert "<tr><th>skill</th><td>0, 0.5, 1 (per cell)</td><td>set</td>" in section
    assert "<tr><th>mistake</th><td>2</td><td>default</td>" in section
    # three skills on the same seeds make a curve: its figure, and no figure of an earlier run
    assert sorted(p.name for p in (tmp_path / "out" / "figures").iterdir()) == ["difficulty_curve.png"]


# --------------------------------------------------------------------------- seats (a per-game field)
def _seats():
    """A competitive game's seats: cells whose focal seat is fixed (seat 0, 1, 2 on the same
    games) and one whose seat rotates (left out of the seat comparison)."""
    from dataclasses import replace
    from simcore.reportkit import Comparison
    rep = replace(HV, fields={**HV.fields, "seat": "seat"}, fair="seat")
    df = pd.concat([
        cell("seat=0", [0, 1, 2, 3], [1, 2, 2, 1]).assign(seat=0),
        cell("seat=1", [0, 1, 2, 3], [2, 1, 2, 2]).assign(seat=1),
        cell("seat=2", [0, 1, 2, 3], [2, 2, 1, 2]).assign(seat=2),
        cell("rotate", [0, 1, 2, 3], [1, 1, 1, 1], hungry=True).assign(seat=[0, 1, 2, 0]),
    ], ignore_index=True)
    return df, rep, Comparison("seat", 0, None, "Seats", "Each seat minus seat 0.")


def test_a_comparison_along_a_per_game_field_pairs_the_fixed_seat_cells_against_the_base():
    df, rep, c = _seats()
    assert T.comparison_pairs(df, rep, c) == [(0, 1), (0, 2)]
    t = T.paired_deltas(df, rep, "seat", T.comparison_pairs(df, rep, c))
    assert t["other"].tolist() == [1, 2]          # the rotating cell (Hungry) is in no pair
    assert (t["hungry"] == False).all() and (t["games"] == 4).all()  # noqa: E712
    # seat 1 - seat 0 = [-1, 1, 0, -1], seat 2 - seat 0 = [-1, 0, 1, -1]: mean -0.25, sd
    # sqrt(2.75 / 3), se sd / 2
    se = (2.75 / 3) ** 0.5 / 2
    for _, r in t.iterrows():
        assert r["diff"] == -0.25 and r["base_rate"] == 0.5 and r["other_rate"] == 0.25
        assert r["diff_ci_low"] == pytest.approx(-0.25 - 1.959964 * se, abs=1e-6)
        assert r["diff_ci_high"] == pytest.approx(-0.25 + 1.959964 * se, abs=1e-6)


def test_compute_gives_a_declared_seat_comparison_and_the_fair_share():
    from dataclasses import replace
    df, rep, c = _seats()
    rep = replace(rep, breakdowns=(HV.axis("seat"),), comparisons=(c,))
    tables = compute(df, rep)
    assert tables["seat_delta"]["diff"].tolist() == [-0.25, -0.25]
    by = tables["win_odds_by_seat"]
    r = row(by, cell="seat=1")
    assert r["fair_share"] == pytest.approx(1 / 3) and r["vs_fair"] == pytest.approx(0.25 - 1 / 3)
    assert r["vs_fair_ci_low"] == pytest.approx(r["ci_low"] - 1 / 3)
    fig = F.fair_shares(by[by["cell"] != "rotate"], rep, "seat")
    ax = fig.get_axes()[0]
    assert [p.get_height() for p in ax.patches] == [50.0, 25.0, 25.0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2"]
    assert ax.get_lines()[-1].get_ydata()[0] == pytest.approx(100 / 3)      # the fair share
    assert "fair share" in fig.caption


def test_card_impact_speaks_of_what_the_game_removes(cards):
    fig = F.card_impact_bars(T.card_impact(cards, HV), thing="business type")
    assert "the business type is removed" in fig.caption and "card" not in fig.caption
