"""The overview of a combined Gnome Village report (several results folders): the headline and
the figures by player count read the configurations whose focal seat rotates, not a folder that
fixes the seat cell by cell (`sweep gnome-seats`: seat 0, seat 1, ...), which keeps the win rate
by seat and the seat answers. With no rotating configuration, the headline reads seat 0's and
says so. On hand-made results with exact rates, then on two small real sweeps."""
import numpy as np
import pandas as pd
import pytest

from experiments import api
from experiments.reporting import assumptions, load
from reports.answers import answers, headline
from reports.build import compute, make_figures
from simcore.games import get_game
from simcore.reportkit import rate_words, select
from tests.gnome_village.test_report import GV, gv_cell


def data_points(fig) -> list:
    """Per panel, the y values of its data lines (error-bar caps and the fair-share line left
    out) and the heights of its bars."""
    out = []
    for ax in fig.get_axes():
        ys = [float(v) for line in ax.get_lines()
              if not (line.get_linestyle() == "None" and line.get_marker() in ("_", "|"))
              and line.get_label() != "fair share"
              for v in np.asarray(line.get_ydata(), float)]
        out.append(ys + [float(p.get_height()) for p in ax.patches])
    return out


def wins(n, k):
    """n games, the first k won, the others lost."""
    return [1] * k + [2] * (n - k)


def seats_and_rotating(points_seats=3, points_rotating=7) -> pd.DataFrame:
    """Folder "seats": each seat of 2, 3 and 4 players fixed in its own cell (9
    configurations); folder "rot": the seat rotating, 2 and 3 players (2 configurations)."""
    parts = [gv_cell(f"players=2,seat={s}", wins(10, k), s, players=2, results="seats")
             for s, k in ((0, 4), (1, 6))]
    parts += [gv_cell(f"players=3,seat={s}", wins(10, k), s, players=3, results="seats")
              for s, k in ((0, 2), (1, 3), (2, 5))]
    parts += [gv_cell(f"players=4,seat={s}", wins(10, s + 1), s, players=4, results="seats")
              for s in range(4)]
    for t in parts:
        t["points"] = points_seats
    rot = [gv_cell("players=2", wins(10, 7), [0, 1] * 5, players=2, results="rot"),
           gv_cell("players=3", wins(10, 1), [0, 1, 2] * 3 + [0], players=3, results="rot")]
    for t in rot:
        t["points"] = points_rotating
    return pd.concat(parts + rot, ignore_index=True)


def words(odds, **where) -> str:
    r = select(odds, **where).iloc[0]
    return rate_words(r["win_rate"], r["ci_low"], r["ci_high"])


def test_the_headline_and_the_figures_by_player_count_read_the_rotating_folder():
    tables = compute(seats_and_rotating(), GV)
    odds = tables["win_odds"]
    h = tables["headline"]
    assert h.to_dict("records") == [{
        "strategy": "greedy", "children's variant": "off", "mini-expansion": "off",
        "2 players": words(odds, results="rot", players=2),      # 70.0%, not seat 0's 40.0%
        "3 players": words(odds, results="rot", players=3)}]     # 10.0%, not seat 0's 20.0%
    assert h.iloc[0]["2 players"].startswith("70.0%") and h.iloc[0]["3 players"].startswith("10.0%")
    _, title = headline(odds, GV, fixed={})
    assert title.startswith("win rate and 95% interval by player count")
    figs, _ = make_figures(tables, GV)
    # one point per panel: the rotating configuration's, not one per seat
    assert data_points(figs["win_rate_by_players-greedy"]) == [[70.0], [10.0]]
    assert data_points(figs["points_by_players-greedy"]) == [[7.0], [7.0]]
    # the win rate by seat still reads the seats measured one by one
    assert data_points(figs["win_rate_by_seat"]) == [[40.0, 60.0], [20.0, 30.0, 50.0],
                                                     [10.0, 20.0, 30.0, 40.0]]
    said = answers(tables, GV)
    assert any(s.startswith("Seat advantage with 2 players (each seat the focal one on the same "
                            "10 deals") for s in said), said
    assert any(s.startswith("Seat advantage with 3 players") for s in said), said
    assert any(s.startswith("With 2 players, the focal seat playing greedy against rivals "
                            "playing the same wins 70.0%") for s in said), said
    assert not any(s.startswith(("With 2 players, seat 0", "With 3 players, seat 0")) for s in said)
    # the length of the games only the seats' folder played (4 players) is still said, once
    lengths = [s for s in said if s.startswith("Game length")]
    assert [s.split(":")[0] for s in lengths] == [
        "Game length (2 players)", "Game length (3 players)", "Game length (4 players)"]


def test_without_a_rotating_configuration_the_headline_is_seat_0s_and_says_so():
    seats = seats_and_rotating()
    seats = seats[seats["results"] == "seats"].drop(columns="results")
    tables = compute(seats, GV)
    from reports.answers import fixed_cells
    h, title = headline(tables["win_odds"], GV, fixed=fixed_cells(tables, GV))
    assert title == "win rate and 95% interval by player count, seat 0 only:"
    assert h.iloc[0]["2 players"].startswith("40.0%") and h.iloc[0]["3 players"].startswith("20.0%")
    assert h.iloc[0]["4 players"].startswith("10.0%")
    figs, _ = make_figures(tables, GV)
    assert data_points(figs["win_rate_by_players-greedy"]) == [[40.0], [20.0], [10.0]]
    assert data_points(figs["win_rate_by_seat"]) == [[40.0, 60.0], [20.0, 30.0, 50.0],
                                                     [10.0, 20.0, 30.0, 40.0]]


def test_a_folder_of_one_fixed_seat_is_said_as_that_seat():
    """The business-impact grid fixes seat 0: its full-supply win rate is seat 0's, in words."""
    t = gv_cell("without=", wins(10, 3), 0)
    said = answers(compute(t, GV), GV)
    assert any(s.startswith("With 3 players, seat 0 playing greedy against rivals playing the "
                            "same wins 30.0%") for s in said), said


# ---------------------------------------------------------------------- real sweeps
SEATS = ('games = 30\nchunk = 30\nseed = 1\n[fixed]\ngame = "gnome-village"\nstrategy = "greedy"\n'
         'players = 2\n[axes]\nseat = ["0", "1"]\n')
ROTATING = ('games = 30\nchunk = 30\nseed = 1\n[fixed]\ngame = "gnome-village"\n'
            'strategy = "greedy"\n[axes]\nplayers = [2, 3]\n')


def test_a_real_combined_report_reads_the_rotating_folder(tmp_path):
    folders = []
    for name, grid in (("seats", SEATS), ("rot", ROTATING)):     # two configurations each
        (tmp_path / f"{name}.toml").write_text(grid)
        api.sweep(str(tmp_path / f"{name}.toml"), results=str(tmp_path / name),
                  execution=api.Execution(jobs=1))
        folders.append(str(tmp_path / name))
    df, sources = load(folders)
    found, notes, _ = assumptions(sources, get_game("gnome-village"))
    assert notes == [] and found, "the folders' rules, and their assumed values, load"
    assert found == get_game("gnome-village").load_catalog(None).assumptions
    tables = compute(df, GV)
    odds = tables["win_odds"]
    rot = odds[odds["results"] == folders[1]]
    h = tables["headline"]
    assert len(h) == 1
    assert h.iloc[0]["2 players"] == words(rot, players=2)
    assert h.iloc[0]["3 players"] == words(rot, players=3)
    figs, _ = make_figures(tables, GV)
    assert data_points(figs["win_rate_by_players-greedy"]) == [
        [pytest.approx(100 * select(rot, players=p).iloc[0]["win_rate"])] for p in (2, 3)]
    seats = tables["win_odds_by_seat"]
    seats = seats[seats["results"] == folders[0]]
    assert seats["seat"].tolist() == [0, 1] and seats["games"].tolist() == [30, 30]
    assert data_points(figs["win_rate_by_seat"]) == [
        [pytest.approx(100 * r) for r in seats["win_rate"]]]
