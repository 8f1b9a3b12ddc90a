"""The balance report: table functions on small hand-made results (exact numbers), figure
functions (axes and series), and the report built end to end from a tiny sweep."""
from __future__ import annotations

import hashlib
import html
import re
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure
from typer.testing import CliRunner

from experiments.cli import app
from reports import figures as F
from reports import tables as T
from reports.build import Context, answers, build, headline
from tests.test_cli_errors import assert_one_line_error

runner = CliRunner()

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


# --------------------------------------------------------------------------- tables
def test_win_odds_counts_wins_and_wilson_interval_per_configuration(results):
    t = T.win_odds(results)
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
    # report order: level, die (white first), Hungry off first, strategy random < greedy < planner
    assert t["cell"].tolist() == ["s-rw", "s-gw", "s-pw", "s-rwh", "s-rr"]


def test_win_odds_keeps_cells_apart_that_differ_only_in_an_axis_without_a_column():
    df = pd.concat([cell("params=a:1", [0, 1], [1, 1]), cell("params=a:2", [0, 1], [2, 2])])
    t = T.win_odds(df)
    assert sorted(zip(t["cell"], t["wins"])) == [("params=a:1", 2), ("params=a:2", 0)]


def test_die_delta_pairs_games_by_index_and_gives_the_paired_interval(results):
    t = T.paired_deltas(results, "die")
    assert len(t) == 1                      # only white/red random, Hungry off, is a pair
    r = t.iloc[0]
    assert (r["base"], r["other"], r["strategy"], r["games"]) == ("white", "red", "random", 4)
    # red - white on games 0..3: d = [0, 0, -1, 0], mean -0.25, sd 0.5, se 0.25
    assert r["diff"] == -0.25
    assert r["diff_ci_low"] == pytest.approx(-0.25 - 1.959964 * 0.25, abs=1e-6)
    assert r["diff_ci_high"] == pytest.approx(-0.25 + 1.959964 * 0.25, abs=1e-6)
    assert (r["base_rate"], r["other_rate"]) == (0.5, 0.25)


def test_hungry_and_strategy_deltas_are_other_minus_base(results):
    h = T.paired_deltas(results, "hungry")
    assert len(h) == 1 and h.iloc[0]["diff"] == -0.25 and bool(h.iloc[0]["other"]) is True
    s = T.paired_deltas(results, "strategy")
    got = {(r["base"], r["other"]): r["diff"] for _, r in s.iterrows()}
    assert got == {("random", "greedy"): 0.25, ("random", "planner"): 0.0,
                   ("greedy", "planner"): -0.25}


def test_rounds_played_gives_mean_quantiles_and_won_lost_means(results):
    r = row(T.rounds_played(results), cell="s-rw")
    assert r["mean"] == 5.5
    assert (r["q10"], r["q25"], r["q50"], r["q75"], r["q90"], r["max"]) == (3, 3, 4, 5, 5, 10)
    assert (r["mean_won"], r["mean_lost"]) == (3.5, 7.5)


def test_survival_gives_share_running_and_share_won_by_round(results):
    s = T.survival(results)
    s = s[s["cell"] == "s-rw"].set_index("round")
    assert s.index.tolist() == list(range(11))
    assert s.loc[2, "running"] == 1.0 and s.loc[2, "won"] == 0.0
    assert s.loc[3, "running"] == 0.75 and s.loc[3, "won"] == 0.25
    assert s.loc[4, "running"] == 0.5 and s.loc[4, "won"] == 0.5
    assert s.loc[10, "running"] == 0.0 and s.loc[10, "won"] == 0.5


def test_loss_reasons_and_objectives_left_for_losses(results):
    r = row(T.loss_reasons(results), cell="s-rw")
    assert (r["games"], r["losses"], r["too-late"], r["gargamel-deck-empty"]) == (4, 2, 1, 1)
    assert (r["too-late_share"], r["gargamel-deck-empty_share"]) == (0.5, 0.5)
    # the losses: (forest, houses, cakes) = (2, 1, 0) and (0, 1, 3)
    assert (r["mean_forest_left"], r["mean_houses_left"], r["mean_cakes_left"]) == (1.0, 1.0, 1.5)
    assert r["one_step_share"] == 0.0
    g = row(T.loss_reasons(results), cell="s-gw")
    assert g["losses"] == 1 and g["one_step_share"] == 0.0


def test_loss_proximity_counts_losses_by_items_left(results):
    p = T.loss_proximity(results)
    p = p[p["cell"] == "s-rw"]
    cakes = p[p["objective"] == "cakes_left"].set_index("left")
    assert cakes["losses"].tolist() == [1, 0, 0, 1]
    assert cakes["share"].tolist() == [0.5, 0.0, 0.0, 0.5]
    forest = p[p["objective"] == "forest_left"].set_index("left")
    assert forest["losses"].tolist() == [1, 0, 1]


def test_card_impact_ranks_removals_by_paired_change(cards):
    t = T.card_impact(cards)
    assert t["removed"].tolist() == ["a", "b"]
    assert t["rank"].tolist() == [1, 2]
    a, b = t.iloc[0], t.iloc[1]
    assert (a["diff"], a["base_rate"], a["other_rate"]) == (-0.5, 0.75, 0.25)
    assert b["diff"] == 0.25 and b["base_mix"] == "default"
    # d = without - with for a: [-1, -1, 0, 0]: sd sqrt(1/3), se sqrt(1/3)/2
    se = np.sqrt(1 / 3) / 2
    assert a["diff_ci_low"] == pytest.approx(-0.5 - 1.959964 * se, abs=1e-6)
    assert a["diff_ci_high"] == pytest.approx(-0.5 + 1.959964 * se, abs=1e-6)


def test_card_impact_pairs_a_mix_with_the_closest_smaller_removal():
    df = pd.concat([cell("x", [0, 1], [1, 1], mix="default-without-a"),
                    cell("y", [0, 1], [2, 1], mix="default-without-a+b")])
    t = T.card_impact(df)
    assert t[["removed", "base_mix", "diff"]].values.tolist() == [["b", "default-without-a", -0.5]]
    assert T.card_impact(pd.concat([cell("x", [0, 1], [1, 1])])).empty


def test_skill_gap_is_best_strategy_minus_random_per_configuration(results):
    t = T.skill_gap(results)
    assert len(t) == 1                  # only white, Hungry off, 3 players has several strategies
    r = t.iloc[0]
    assert (r["best"], r["baseline"], r["games"]) == ("greedy", "random", 4)
    # greedy [1,1,1,0] - random [1,0,1,0]: d = [0,1,0,0], mean 0.25, se 0.25
    assert r["diff"] == 0.25
    assert r["diff_ci_high"] == pytest.approx(0.25 + 1.959964 * 0.25, abs=1e-6)


def test_headline_has_a_row_per_level_variant_and_a_column_per_strategy(results):
    h = headline(T.win_odds(results))
    assert list(h.columns) == ["level", "die", "hungry", "players", "planner", "greedy", "random"]
    assert h[["die", "hungry"]].values.tolist() == [["white", "off"], ["white", "on"], ["red", "off"]]
    assert h.iloc[0]["greedy"] == "75.0% (95% CI 30.1% to 95.4%)"
    assert h.iloc[1]["greedy"] == "-"


def test_answers_say_the_win_odds_and_the_changes_in_plain_words(results, cards):
    odds = T.win_odds(results)
    lines = answers(odds, T.paired_deltas(results, "die"), T.paired_deltas(results, "hungry"),
                    T.skill_gap(results), T.loss_reasons(results), T.card_impact(cards),
                    {"a": "Card A"})
    text = "\n".join(lines)
    assert "At Standard (white die) with 3 players, a planner team wins 50.0% ± 35.0%; " \
           "a greedy team wins 75.0% (95% CI 30.1% to 95.4%); a random team wins 50.0% ± 35.0%" in text
    assert "removing Card A hurts the team most (-50.0 points, -106.6 to +6.6); " \
           "removing b helps it most (+25.0 points, -24.0 to +74.0)" in text


# --------------------------------------------------------------------------- figures
def labels(ax):
    return ax.get_legend_handles_labels()[1]


def test_win_rate_by_level_has_a_panel_per_player_count_and_a_line_per_die(results):
    more = pd.concat([results, cell("c-rw", [0, 1], [2, 2], level="complex", players=2)])
    fig = F.win_rate_by_level(T.win_odds(more), "random")
    assert isinstance(fig, Figure)
    axes = fig.get_axes()
    assert [a.get_title() for a in axes] == ["2 players", "3 players"]
    assert labels(axes[1]) == ["white die", "white die, Hungry", "red die"]
    assert len(axes[1].containers) == 3          # an error-bar series per line
    assert [t.get_text() for t in axes[1].get_xticklabels()] == ["Standard", "Complex"]
    assert axes[0].get_ylabel() == "win rate (% of games won)"
    assert fig.caption.startswith("Win rate of a random team")


def test_heatmap_has_a_panel_per_strategy_a_row_per_level_variant_and_a_column_per_player_count(results):
    fig = F.level_players_heatmap(T.win_odds(results), ["greedy", "random"])
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
    fig = F.survival_curves(T.survival(results), {"s-rw": "random", "s-gw": "greedy"})
    run, won = fig.get_axes()
    assert labels(run) == ["random", "greedy"] and labels(won) == ["random", "greedy"]
    y = run.get_lines()[0].get_ydata()
    assert list(y[:5]) == [100, 100, 100, 75, 50]
    assert won.get_lines()[0].get_ydata()[-1] == 50


def test_loss_proximity_histograms_have_a_panel_per_objective_and_bars_per_configuration(results):
    fig = F.loss_proximity_histograms(T.loss_proximity(results), {"s-rw": "A", "s-gw": "B"})
    axes = fig.get_axes()
    assert [a.get_title() for a in axes] == ["Lost Smurfs left", "Houses left", "Cakes left"]
    assert len(axes[2].containers) == 2
    heights = [p.get_height() for p in axes[2].containers[0]]
    assert heights == [50, 0, 0, 50]


def test_card_impact_bars_are_ranked_with_intervals(cards):
    fig = F.card_impact_bars(T.card_impact(cards))
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
games = 150
seed = 3
chunk = 75
[fixed]
players = 2
[axes]
die = ["white", "red"]
strategy = ["random", "greedy"]
without = [[], ["beta-smurf"]]
"""


def digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != ".lock"}


@pytest.fixture(scope="module")
def swept(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("report")
    (d / "grid.toml").write_text(GRID)
    r = runner.invoke(app, ["sweep", str(d / "grid.toml"), "--results", str(d / "res"), "--jobs", "1"])
    assert r.exit_code == 0, r.output
    return d / "res"


def test_report_builds_tables_figures_and_a_self_contained_html(swept, tmp_path):
    before = digest(swept)
    out = tmp_path / "out"
    r = runner.invoke(app, ["report", str(swept), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert f"report: {out / 'index.html'}" in r.output
    assert "win rate and 95% interval, 2 players" in r.output
    assert digest(swept) == before
    csvs = {p.stem for p in (out / "tables").glob("*.csv")}
    assert {"win_odds", "die_delta", "hungry_delta", "strategy_delta", "rounds", "survival",
            "loss_reasons", "loss_proximity", "card_impact", "skill_gap", "headline"} <= csvs
    odds = pd.read_csv(out / "tables" / "win_odds.csv")
    assert len(odds) == 8 and odds["games"].tolist() == [150] * 8
    impact = pd.read_csv(out / "tables" / "card_impact.csv")
    assert set(impact["removed"]) == {"beta-smurf"} and len(impact) == 4
    assert set(impact["card"]) == {"Beta Smurf"}
    pngs = sorted((out / "figures").glob("*.png"))
    assert {p.stem.split("-")[0] for p in pngs} == {"win_rate_by_level", "level_players_heatmap",
                                                     "survival", "loss_proximity", "card_impact"}
    page = (out / "index.html").read_text()
    inline = re.findall(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'", page)
    assert len(inline) == len(pngs)
    import base64
    assert sorted(base64.b64decode(x) for x in inline) == sorted(p.read_bytes() for p in pngs)
    assert "http://" not in page and "https://" not in page
    assert '<h2 id="assumptions">Rules assumed</h2>' in page
    assert 'marked <code>source = "assumed"</code>' in page and "roofs.toml" in page
    from simcore.games.hidden_village.catalog import load_catalog
    assumed = load_catalog().assumptions             # the full mix's; beta-smurf's mix has fewer
    section = page.split('<h2 id="assumptions">')[1]
    assert f"{len(assumed)} entries of the rules data in force" in section
    for file, entry, what in assumed:
        assert f"<td>{file}</td>" in section and html.escape(entry) in section
    assert "root seed</th><td>3</td>" in page
    assert "At Standard (white die) with 2 players, a greedy team wins" in page


def test_report_of_two_folders_keeps_their_cells_apart(swept, tmp_path):
    r = runner.invoke(app, ["sweep", "smoke", "--results", str(tmp_path / "smoke"), "--jobs", "1"])
    assert r.exit_code == 0, r.output
    out = tmp_path / "out"
    r = runner.invoke(app, ["report", str(swept), str(tmp_path / "smoke"), "--out", str(out)])
    assert r.exit_code == 0, r.output
    odds = pd.read_csv(out / "tables" / "win_odds.csv")
    assert sorted(odds.groupby("results").size().tolist()) == [2, 8]
    die = pd.read_csv(out / "tables" / "die_delta.csv")
    assert sorted(die.groupby("results").size().tolist()) == [1, 4]
    # the overview speaks of the folder with the most configurations (2 players), not smoke's
    assert "win rate and 95% interval, 2 players:" in r.output
    head = pd.read_csv(out / "tables" / "headline.csv")
    assert set(head["players"]) == {2} and len(head) == 2


def test_report_default_out_is_inside_the_results_folder(swept, tmp_path):
    import shutil
    res = tmp_path / "res"
    shutil.copytree(swept, res)
    r = runner.invoke(app, ["report", str(res)])
    assert r.exit_code == 0, r.output
    assert (res / "report" / "index.html").exists()


# --------------------------------------------------------------------------- bad input
def test_report_of_a_missing_folder_is_one_error_line(tmp_path):
    assert_one_line_error(runner.invoke(app, ["report", str(tmp_path / "nope"), "--out", str(tmp_path / "o")]),
                   str(tmp_path / "nope"), "no such results folder")
    assert_one_line_error(runner.invoke(app, ["report", str(tmp_path / "nope")]), "no such results folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == []     # neither folder was created


def test_report_of_an_empty_or_foreign_folder_is_one_error_line(tmp_path):
    (tmp_path / "empty").mkdir()
    assert_one_line_error(runner.invoke(app, ["report", str(tmp_path / "empty"), "--out", str(tmp_path / "o")]),
                   "empty", "no manifest.json")
    assert_one_line_error(runner.invoke(app, ["report", str(tmp_path / "empty")]), "empty", "no manifest.json")
    assert list((tmp_path / "empty").iterdir()) == []            # no report folder made in it
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "notes.txt").write_text("hello")
    assert_one_line_error(runner.invoke(app, ["report", str(tmp_path / "foreign"), "--out", str(tmp_path / "o")]),
                   "not a meeplesim results folder")
    assert (tmp_path / "foreign" / "notes.txt").read_text() == "hello"


def test_report_of_a_folder_with_no_games_is_one_error_line(tmp_path):
    from simcore.store import ResultsStore
    with ResultsStore(tmp_path / "r", "sweep", {"seed": 1}, {"a": {"level": "standard"}}):
        pass
    before = digest(tmp_path / "r")
    assert_one_line_error(runner.invoke(app, ["report", str(tmp_path / "r"), "--out", str(tmp_path / "o")]),
                   str(tmp_path / "r"), "holds no games yet")
    assert digest(tmp_path / "r") == before


def test_report_to_an_unwritable_out_is_one_error_line_and_leaves_results_alone(swept, tmp_path):
    before = digest(swept)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert_one_line_error(runner.invoke(app, ["report", str(swept), "--out", str(blocker / "sub")]),
                   "--out", str(blocker / "sub"), "cannot write")
    assert_one_line_error(runner.invoke(app, ["report", str(swept), "--out", str(blocker)]),
                   "not a folder")
    assert_one_line_error(runner.invoke(app, ["report", str(swept), "--out", str(swept / "chunks")]),
                   "among the results")
    assert digest(swept) == before


# --------------------------------------------------------------------------- the balance grid
def test_balance_grid_has_every_allowed_level_die_hungry_players_strategy_cell():
    from experiments.grid import BALANCE_GAMES, expand, load_grid
    grid = load_grid("balance")
    cells, skipped = expand(grid)
    assert skipped == []
    combos = {(c.variant.level, c.variant.die, bool(c.variant.hungry)) for c in cells}
    assert combos == {(lv, d, h) for lv in ("standard", "complex") for d in ("white", "red")
                      for h in (False, True)} | {("terrible", "white", True), ("terrible", "red", True),
                                                 ("smurfnightmarish", "red", True)}
    assert len(cells) == 11 * 5 * 3
    assert {c.spec.strategy for c in cells} == {"random", "greedy", "planner"}
    assert {c.spec.players for c in cells} == {1, 2, 3, 4, 5}
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
