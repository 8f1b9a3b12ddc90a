"""The balance report of a Gnome Village results folder: a sweep of its smoke grid, then
`meeplesim report` writes the tables, the figures and a page whose answers speak of the seats,
the win rate and the game length; and, on small hand-made results with exact numbers, the seat
advantage paired against seat 0, the business impact, the plans compared and their sentences."""
import pandas as pd
import pytest
from typer.testing import CliRunner

from experiments.cli import app
from reports.answers import answers
from reports.build import compute, make_figures
from simcore.games import get_game
from simcore.games.gnome_village import consts as K

runner = CliRunner()


def test_sweep_then_report(tmp_path):
    grid = tmp_path / "g.toml"
    grid.write_text('games = 60\nchunk = 30\nseed = 3\n[fixed]\ngame = "gnome-village"\n'
                    'strategy = "greedy"\n[axes]\nplayers = [2, 3]\nfamily = [false, true]\n')
    r = runner.invoke(app, ["sweep", str(grid), "--results", str(tmp_path / "r"), "--jobs", "1"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["report", str(tmp_path / "r"), "--out", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "rep" / "index.html").is_file()
    assert "With 2 players, the focal seat playing greedy" in r.output
    assert "With 2 players and the children's variant, the focal seat" in r.output
    assert "Game length (3 players)" in r.output and "Game length (3 players, the children's variant)" in r.output
    assert (tmp_path / "rep" / "tables" / "family_delta.csv").is_file()
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Children&#x27;s variant vs the full game" in page


# ---------------------------------------------------------------------- hand-made results
GV = get_game("gnome-village").report


def gv_cell(cid, outcome, seat, players=3, strategy="greedy", mix="default", rivals="same",
            family=False, expansion=False, plan=0.0, results=None):
    """A Gnome Village cell's rows, one per game 0 .. n - 1 (outcome 1 win, 2 loss, 3 shared)."""
    n = len(outcome)
    seat = seat if isinstance(seat, list) else [seat] * n
    t = pd.DataFrame({"cell": cid, "game": range(n), "players": players, "rivals": rivals,
                      "strategy": strategy, "family": family, "expansion": expansion, "mix": mix,
                      "param_coin": 1.0, "param_plan": plan, "assume": "none"})
    for f in K.RESULT_FIELDS:
        if f not in t.columns:
            t[f] = 0
    t["outcome"], t["seat"], t["rounds"] = outcome, seat, [10 + i for i in range(n)]
    t["loss_reason"] = [1 if o == 2 else 0 for o in outcome]
    if results:
        t.insert(0, "results", results)
    return t


def _seat_results():
    # 2 players, seat fixed: seat 1 wins where seat 0 loses
    s0 = [1, 2, 1, 2, 1]
    return pd.concat([gv_cell("players=2,seat=0", s0, 0, players=2),
                      gv_cell("players=2,seat=1", [3 - o for o in s0], 1, players=2)],
                     ignore_index=True)


def test_the_seat_comparison_pairs_each_seat_with_seat_0_and_says_it():
    tables = compute(_seat_results(), GV)
    d = tables["seat_delta"]
    assert d[["other", "games", "diff"]].values.tolist() == [[1, 5, pytest.approx(-0.2)]]
    # seat 1 - seat 0, game by game: [-1, +1, -1, +1, -1], mean -0.2, sd sqrt(4.8 / 4)
    se = (4.8 / 4) ** 0.5 / 5 ** 0.5
    assert d.iloc[0]["diff_ci_low"] == pytest.approx(-0.2 - 1.959964 * se, abs=1e-6)
    by = tables["win_odds_by_seat"]
    assert by["win_rate"].tolist() == [0.6, 0.4] and by["fair_share"].tolist() == [0.5, 0.5]
    assert by["vs_fair"].tolist() == pytest.approx([0.1, -0.1])
    said = answers(tables, GV)
    assert any(s.startswith("Seat advantage with 2 players (each seat the focal one on the same 5 "
                            "deals, greedy in every seat") for s in said), said
    lo, hi = 100 * (-0.2 - 1.959964 * se), 100 * (-0.2 + 1.959964 * se)
    assert f"Paired against seat 0 (2 players): seat 1 -20.0 points ({lo:+.1f} to {hi:+.1f})." in said
    assert not any(s.startswith("With 2 players, the focal seat") for s in said)  # said by seat
    figs, _ = make_figures(tables, GV)
    ax = figs["win_rate_by_seat"].get_axes()[0]
    assert [p.get_height() for p in ax.patches] == [60.0, 40.0]


def test_business_impact_plans_and_variants_are_paired_and_said():
    df = pd.concat([
        gv_cell("without=", [1, 2, 2, 1, 2, 2], 0, mix="default"),
        gv_cell("without=courier", [1, 1, 1, 1, 2, 2], 0, mix="without=courier"),
        gv_cell("without=thief", [1, 2, 2, 1, 2, 1], 0, mix="without=thief"),
        gv_cell("without=police", [1, 2, 2, 2, 2, 2], 0, mix="without=police"),
        gv_cell("strategy=business-first", [2, 2, 1, 1, 2, 2], [0, 1, 2, 0, 1, 2],
                strategy="business-first", rivals="greedy", plan=-2.0),
        gv_cell("strategy=workshop-first", [1, 2, 1, 1, 1, 2], [0, 1, 2, 0, 1, 2],
                strategy="workshop-first", rivals="greedy", plan=2.0),
    ], ignore_index=True)
    from simcore.games.gnome_village import load_catalog
    names = GV.cards(load_catalog(None))
    assert names["financial-advisor"] == "Financial advisor"
    from reports.build import Context
    tables = compute(df, GV, Context(card_names=names))
    ci = tables["card_impact"]
    assert ci[["removed", "diff"]].values.tolist() == [
        ["police", pytest.approx(-1 / 6)], ["thief", pytest.approx(1 / 6)],
        ["courier", pytest.approx(2 / 6)]]
    p = tables["plan_delta"]
    assert p[["base", "other", "base_rate", "other_rate"]].values.tolist() == [
        ["business-first", "workshop-first", pytest.approx(2 / 6), pytest.approx(4 / 6)]]
    said = answers(tables, GV, names)
    impact = next(s for s in said if s.startswith("Business types whose removal"))
    assert impact.index("without Courier +33.3") < impact.index("without Police -16.7") \
        < impact.index("without Thief +16.7")
    assert "(3 players, focal seat 0, 6 paired games, from 33.3% with the full supply)" in impact
    assert any(s.startswith("Workshop-first minus business-first (3 players, against greedy "
                            "rivals): +33.3 points") for s in said), said
    figs, _ = make_figures(tables, GV)
    ax = figs["card_impact"].get_axes()[0]
    assert ax.get_title().startswith("Business type impact at 3 players")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Courier", "Thief", "Police"]
    assert "plan_delta" in tables and "win_rate_by_seat" not in figs       # no seat is fixed
