"""Design mode (`meeplesim tune`, experiments.tune): the levers each game declares, the noisy
bisection against the exhaustive paired grid, the proposal's replay on fresh seeds, a results
folder that resumes and whose candidate rules replay with `run --data`, and one error line
for bad input."""
import json
from pathlib import Path

import pytest

from experiments import api
from experiments.tune import FRESH_SEED, nearness
from simcore import levers as L
from simcore.errors import DataError
from simcore.games import GAMES, get_game
from simcore.stats import Z95
from tests.clikit import ok, one_error

EX = api.Execution(jobs=1)
TERRIBLE = api.RunSpec(strategy="greedy", players=3)




@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_levers_read_their_current_values_from_its_data(name):
    game = get_game(name)
    if not game.levers:
        pytest.skip(f"{name} declares no levers")
    levers = api.levers(name)
    assert levers
    catalog = game.load_catalog(None)
    for lv in levers:
        assert lv.lo <= lv.hi and lv.step >= 1 and isinstance(lv.current, int)
        changed = L.data_with({lv.file: L.read_toml(Path(catalog.files[lv.file]))}, {lv: lv.current + 1})
        assert lv.value_in(changed[lv.file]) == lv.current + 1


def test_list_levers_shows_each_levels_own_lever_with_its_range_and_current_value():
    rows = [json.loads(x) for x in ok("tune", "--list-levers", "--json").splitlines()]
    by_id = {r["id"]: r for r in rows}
    assert by_id["lost-smurfs@terrible"]["current"] == 16
    assert by_id["lost-smurfs@standard"]["current"] == 10
    assert set(by_id["houses@complex"]) == {"id", "what", "field", "low", "high", "step", "current"}
    text = ok("tune", "--list-levers", "--game", "cake-race")
    assert "cake-supply" in text and "setup.toml cake_supply.value" in text


def test_the_bisection_finds_the_value_the_exhaustive_paired_grid_finds_with_a_third_of_its_games():
    """Terrible, greedy team of 3, lost Smurfs 12..20, target 50%: the grid at 2 000 paired
    games per value finds the value nearest the target; the bisection must find the same one
    (or its neighbour where the grid cannot tell the two apart) with at most a third of the
    grid's games."""
    kw = dict(games=250, max_games=2000, confirm_games=500, band_games=0, execution=EX)
    searched = api.tune(TERRIBLE, ["terrible=0.5"], ["lost-smurfs=12..20"], **kw)
    grid = api.tune(TERRIBLE, ["terrible=0.5"], ["lost-smurfs=12..20"], exhaustive=True, **kw)
    s, g = searched.searches[0], grid.searches[0]
    assert g.games == 9 * 2000
    rates = {v: w / n for v, (n, w) in g.played.items()}
    assert rates[12] > rates[16] > rates[20]                # fewer lost Smurfs, easier
    if s.proposal != g.proposal:
        assert abs(s.proposal - g.proposal) == 1
        lo, hi = sorted((s.proposal, g.proposal))
        assert abs(abs(rates[lo] - 0.5) - abs(rates[hi] - 0.5)) < 0.05
    assert s.games <= g.games / 3
    assert s.direction == -1 and s.reachable


def test_the_proposal_is_replayed_on_fresh_seeds_and_its_row_says_whether_it_meets_the_target(tmp_path):
    r = api.tune(TERRIBLE, ["terrible=0.5"], ["lost-smurfs=17..19"], games=250, max_games=1000,
                 confirm_games=600, band_games=0, execution=EX, results=str(tmp_path / "t"))
    d = r.to_dict()
    assert set(d) == {"game", "strategy", "params", "proposal", "current", "rows", "games_spent", "reachable"}
    assert d["current"] == {"lost-smurfs@terrible": 16}
    row = d["rows"][0]
    assert set(row) == {"key", "target", "win_rate", "ci_low", "ci_high", "met", "band_low", "band_high"}
    assert row["key"] == "terrible" and row["target"] == 0.5
    assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
    assert row["met"] == (row["ci_low"] <= 0.5 <= row["ci_high"])
    assert row["band_low"] is None                          # band_games=0: no band
    v = d["proposal"]["lost-smurfs@terrible"]
    rules = str(tmp_path / "t" / "rules" / f"lost-smurfs@terrible={v}")
    at = TERRIBLE.but(data=rules, options={"level": "terrible"})
    fresh = api.run(at.but(seed=TERRIBLE.seed + FRESH_SEED), 600, execution=EX)
    assert fresh.summary["win_rate"] == row["win_rate"]     # the confirmation: root seed + FRESH_SEED
    n, w = r.searches[0].played[v]
    searched = api.run(at, n, execution=EX)
    assert searched.summary["wins"] == w                    # the search: the root seed


def test_a_target_no_value_reaches_is_unreachable_with_the_closest_value_and_why():
    r = api.tune(TERRIBLE, ["standard=0.2"], ["lost-smurfs=8..12"], games=200, max_games=400,
                 confirm_games=200, band_games=0, execution=EX)
    d = r.to_dict()
    assert d["reachable"] is False and "no value of lost-smurfs@standard in 8..12 reaches 20.0%" in d["why"]
    assert d["proposal"]["lost-smurfs@standard"] == 12      # the hardest end is the closest


def test_a_tune_resumes_from_its_results_folder_and_a_candidates_rules_replay_with_run_data(tmp_path):
    kw = dict(games=200, max_games=800, confirm_games=400, band_games=0, execution=EX,
              results=str(tmp_path / "t"))
    first = api.tune(TERRIBLE, ["terrible=0.5"], ["lost-smurfs=16..20"], **kw)
    again = api.tune(TERRIBLE, ["terrible=0.5"], ["lost-smurfs=16..20"], **kw)
    assert first.games_spent > 0 and again.games_spent == 0
    assert again.to_dict()["proposal"] == first.to_dict()["proposal"]
    v = first.searches[0].proposal
    n, w = first.searches[0].played[v]
    rules = tmp_path / "t" / "rules" / f"lost-smurfs@terrible={v}"
    assert "lost_smurfs = %d" % v in (rules / "levels.toml").read_text()
    replay = api.run(TERRIBLE.but(data=str(rules), options={"level": "terrible"}), n, execution=EX)
    assert replay.summary["wins"] == w                    # the same games: paired seeds


def test_a_game_without_levels_tunes_its_own_setting():
    r = api.tune(api.RunSpec(game="cake-race"), ["win=0.3"], ["cake-supply=10..50"], games=300,
                 max_games=600, confirm_games=300, band_games=0, execution=EX)
    s = r.searches[0]
    assert s.lever.id == "cake-supply" and set(s.played) >= {10, 50}
    assert s.proposal in s.played


def test_nearness_says_which_neighbour_is_nearer_the_target():
    # above: wins 60 of 100; below: wins 45 of 100 -> |0.6 - 0.5| - |0.45 - 0.5| = +0.05
    d = nearness(40, 20, 5, 35, 0.5, Z95)
    assert d["diff"] == pytest.approx(0.05) and d["halfwidth"] > 0


@pytest.mark.parametrize("args, words", [
    (["--target", "terrible=0.5", "--lever", "lost-smurf"], "unknown lever 'lost-smurf' (did you mean"),
    (["--target", "terrible=0.5", "--lever", "lost-smurfs=18..12"], "the range is empty"),
    (["--target", "terrible=0.5", "--lever", "lost-smurfs=0..12"], "outside the lever's range 6..20"),
    (["--target", "terrible=1.5"], "a win rate is between 0 and 1"),
    (["--target", "terrible=-0.1"], "a win rate is between 0 and 1"),
    (["--target", "hopeless=0.5"], "unknown level 'hopeless' (known: standard, complex"),
    (["--game", "cake-race", "--target", "standard=0.5"], "game 'cake-race' has no difficulty levels"),
    (["--target", "terrible"], "expected KEY=WIN_RATE"),
    ([], "no target"),
    (["--target", "terrible=0.5", "--lever", "lost-smurfs", "--lever", "houses", "--optimiser", "nope"],
     "unknown optimiser 'nope' (known: optuna, nevergrad)"),
    (["--target", "terrible=0.5", "--trials", "-1"], "--trials must be at least 0"),
    (["--target", "terrible=0.5", "--lever", "lost-smurfs", "--lever", "houses", "--exhaustive"],
     "--exhaustive plays one lever per target"),
    (["--target", "terrible=0.5", "--level", "complex"], "the targets name the levels; leave it out"),
    (["--target", "terrible=0.5", "--games", "0"], "the number of games must be at least 1"),
    (["--target", "seats=fair"], "game 'hidden-village' has no seats to balance"),
    (["--game", "cake-race", "--target", "rounds=0"], "a game lasts more than 0 rounds"),
    (["--game", "cake-race", "--target", "rounds=long"], "the rounds must be a number"),
    (["--game", "gnome-village", "--target", "seats=0.3"], "a seats target is seats=fair"),
    (["--game", "gnome-village", "--target", "seats=fair", "--seat", "0"], "a seats target plays every seat in turn"),
    (["--target", "heroes=fair", "--lever", "lost-smurfs"], "game 'hidden-village' deals no heroes to balance"),
    (["--game", "hobbit", "--target", "heroes=0.25", "--lever", "beorn-defeat"], "a heroes target is heroes=fair"),
    (["--game", "hobbit", "--target", "heroes=fair"], "a heroes target moves the levers given"),
    (["--game", "hobbit", "--target", "heroes=fair", "--lever", "beorn-defeat", "--rivals", "random"],
     "a heroes target counts every seat's hero"),
])
def test_bad_tune_input_is_one_error_line(args, words):
    assert words in one_error("tune", *args)


def test_a_malformed_levers_file_is_one_error_naming_the_file_and_the_lever(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "levers.toml").write_text('[[lever]]\nid = "lost-smurfs"\nwhat = "x"\nfile = "levels.toml"\n'
                                      'table = "level"\nper = "level"\nkey = "lost_smurfs"\nmin = 9\nmax = 3\n')
    line = one_error("tune", "--list-levers", "--data", str(data))
    assert "levers.toml: lever 'lost-smurfs': 'min' (9) is above 'max' (3)" in line
    (data / "levers.toml").write_text('[[lever]]\nid = "x"\nwhat = "x"\nfile = "setup.toml"\nkey = "nope"\nmin = 1\nmax = 3\n')
    with pytest.raises(DataError, match="setup.toml has no key 'nope'"):
        api.levers(None, str(data))
    assert "setup.toml has no key 'nope'" in one_error("check-data", str(data))
    (data / "levers.toml").write_text('[[lever]]\nid = "x"\nwhat = "x"\nfile = "setup.toml"\n'
                                      'key = "inventions_max"\nmin = 1\nmax = 9\n')
    assert "1 levers" in ok("check-data", str(data))


def test_the_report_of_a_tune_folder_shows_the_proposals_and_no_candidate_as_the_datas_odds(tmp_path):
    import pandas as pd
    folder = str(tmp_path / "t")
    r = api.tune(TERRIBLE, ["terrible=0.5"], ["lost-smurfs=16..20"], games=200, max_games=400,
                 confirm_games=300, band_games=0, execution=EX, results=folder)
    api.report([folder], out=str(tmp_path / "report"))
    tables = tmp_path / "report" / "tables"
    prop = pd.read_csv(tables / "proposed_levels.csv")
    row = prop.iloc[0]
    assert (row["tuned_for"], row["lever"], row["current"]) == ("terrible", "lost-smurfs@terrible", 16)
    assert row["proposed"] == r.searches[0].proposal and row["games"] == 300
    assert row["win_rate"] == pytest.approx(r.rows[0]["win_rate"])
    searched = pd.read_csv(tables / "tune_searched.csv")
    assert set(searched["value"]) == set(r.searches[0].played)
    assert not (tables / "win_odds.csv").exists() or pd.read_csv(tables / "win_odds.csv").empty
    assert "Proposed levels" in (tmp_path / "report" / "index.html").read_text()


def test_several_levers_for_a_target_are_tuned_by_the_optimiser_and_its_neighbours_retested(tmp_path):
    """Two levers of Terrible: the corners and the data's point played first, the trials, the
    best point's neighbours re-tested on seeds of their own, the proposal confirmed on a third
    set; every candidate's rules on disk."""
    from experiments.tune_bench import FRESH_SEED as F
    r = api.tune(TERRIBLE, ["terrible=0.4"], ["lost-smurfs=17..20", "gargamel-cards=8..12"],
                 games=200, max_games=800, confirm_games=400, band_games=0, execution=EX,
                 trials=8, results=str(tmp_path / "t"))
    s = r.searches[0]
    assert [lv.id for lv in s.levers] == ["lost-smurfs@terrible", "gargamel-cards@terrible"]
    tried = {p for p, _, _ in s.tried(s.targets[0])}
    for corner in ("lost-smurfs@terrible=17,gargamel-cards@terrible=8",
                   "lost-smurfs@terrible=20,gargamel-cards@terrible=12"):
        assert corner in tried
    chosen = tuple(s.point.values())
    assert chosen in s.retest and s.retest[chosen] == min(s.retest.values())
    assert len(s.retest) >= 3                                # the point and its neighbours
    d = r.to_dict()
    assert d["proposal"] == {lv.id: v for lv, v in s.point.items()}
    assert d["current"] == {"lost-smurfs@terrible": 16, "gargamel-cards@terrible": 10}
    rules = tmp_path / "t" / "rules" / ",".join(f"{lv.id}={v}" for lv, v in s.point.items())
    text = (rules / "levels.toml").read_text()
    assert all(f"{lv.key} = {v}" in text for lv, v in s.point.items())
    at = TERRIBLE.but(data=str(rules), options={"level": "terrible"})
    confirm = api.run(at.but(seed=TERRIBLE.seed + F), 400, execution=EX)
    assert confirm.summary["win_rate"] == d["rows"][0]["win_rate"]
    retest = api.run(at.but(seed=TERRIBLE.seed + 2 * F), 400, execution=EX)
    assert (retest.summary["win_rate"] - 0.4) ** 2 == pytest.approx(s.retest[chosen])


def test_a_targets_file_gives_the_targets_and_who_plays_them(tmp_path):
    f = tmp_path / "targets.toml"
    f.write_text('strategy = "greedy"\nplayers = 3\n[target]\nterrible = 0.5\n')
    d = json.loads(ok("tune", "--targets", str(f), "--lever", "lost-smurfs=18..19", "--games", "200",
                      "--max-games", "400", "--confirm-games", "200", "--band-games", "0", "-j", "1",
                      "--json").strip().splitlines()[-1])
    assert d["strategy"] == "greedy" and [r["key"] for r in d["rows"]] == ["terrible"]
    assert d["proposal"]["lost-smurfs@terrible"] in (18, 19)
    f.write_text('[target]\nterrible = "half"\n')
    assert "targets.toml: target 'terrible': the win rate must be a number" in one_error("tune", "--targets", str(f))
    assert "--targets nowhere.toml: file not found" in one_error("tune", "--targets", "nowhere.toml")


def test_the_nevergrad_optimiser_without_its_package_is_one_line_naming_it(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "nevergrad", None)       # as if it were not installed
    line = one_error("tune", "--target", "terrible=0.4", "-s", "greedy", "--lever", "lost-smurfs=17..18",
                     "--lever", "gargamel-cards=9..10", "--optimiser", "nevergrad", "--games", "100",
                     "--band-games", "0", "-j", "1")
    assert "--optimiser nevergrad needs the nevergrad package (pip install nevergrad)" in line


def test_a_seats_target_moves_each_seats_own_coins_and_answers_seat_by_seat(tmp_path):
    """Gnome Village at 2 players: the seat levers of seats 1 and 2 (not 3 and 4), every seat's
    win rate against the fair share on fresh seeds, and the report's rows seat by seat."""
    import pandas as pd
    folder = str(tmp_path / "t")
    r = api.tune(api.RunSpec(game="gnome-village", players=2), ["seats=fair"], games=100,
                 max_games=200, confirm_games=300, band_games=0, execution=EX, trials=3,
                 results=folder)
    s = r.searches[0]
    assert [lv.id for lv in s.levers] == ["seat-1-coins", "seat-2-coins"]
    d = r.to_dict()
    assert [row["key"] for row in d["rows"]] == ["seat-1", "seat-2"]
    assert all(row["target"] == 0.5 and row["band_low"] is None for row in d["rows"])
    assert sum(round(row["win_rate"] * 150) for row in d["rows"]) <= 300    # 150 games a seat
    assert d["reachable"] == all(row["met"] for row in d["rows"])
    rules = tmp_path / "t" / "rules" / ",".join(f"{lv.id}={v}" for lv, v in s.point.items())
    assert "seat_coins" in (rules / "setup.toml").read_text()
    api.report([folder], out=str(tmp_path / "report"))
    prop = pd.read_csv(tmp_path / "report" / "tables" / "proposed_levels.csv")
    assert list(prop["tuned_for"]) == ["seats: seat 1", "seats: seat 2"]
    assert list(prop["win_rate"]) == pytest.approx([row["win_rate"] for row in d["rows"]])


def test_a_heroes_target_moves_the_heroes_numbers_and_answers_hero_by_hero(tmp_path):
    """The Hobbit at 4 players: Beorn's defeat-power as the lever, every hero's win share on
    fresh seeds against the fair share (a game for each seat's hero, a win for the winner's),
    met within 5 points; the candidate's rules hold the number."""
    from experiments.tune import HEROES_WITHIN
    from simcore.games.hobbit.catalog import load_catalog
    heroes = load_catalog(None).heroes
    folder = str(tmp_path / "t")
    r = api.tune(api.RunSpec(game="hobbit", players=4), ["heroes=fair"], ["beorn-defeat=2..4"],
                 games=40, max_games=80, confirm_games=60, band_games=0, execution=EX, trials=2,
                 results=folder)
    s = r.searches[0]
    assert [lv.id for lv in s.levers] == ["beorn-defeat"] and 2 <= s.point[s.levers[0]] <= 4
    d = r.to_dict()
    assert [row["key"] for row in d["rows"]] == [f"hero-{h}" for h in heroes]
    assert all(row["target"] == 0.25 and row["band_low"] is None for row in d["rows"])
    assert all(row["met"] == (abs(row["win_rate"] - 0.25) <= HEROES_WITHIN) for row in d["rows"])
    assert d["reachable"] == all(row["met"] for row in d["rows"])
    value = s.point[s.levers[0]]
    written = L.read_toml(tmp_path / "t" / "rules" / f"beorn-defeat={value}" / "heroes.toml")
    assert next(h for h in written["hero"] if h["id"] == "beorn")["abilities"] == [["defeat-power", value]]


def test_hero_wins_count_a_game_for_each_seats_hero_and_a_win_for_the_winners():
    """Bench.hero_wins on rows built by hand: three 2-player games, hero 3 winning from either
    seat, and a shared win (winner -1) counting a game for both heroes and a win for neither."""
    import numpy as np
    from experiments.tune_bench import Bench
    fields = ["outcome", "players", "winner", "hero_0", "hero_1", "hero_2"]
    rows = np.array([[1, 2, 0, 3, 1, -1], [2, 2, 1, 1, 3, -1], [3, 2, -1, 0, 3, -1]])

    class Player:
        def rows(self, cid, games):
            return rows[:games]

    bench = Bench.__new__(Bench)
    bench.play = lambda units, games: Player()
    cell = type("Cell", (), {"id": "c", "result_fields": fields})()
    assert bench.hero_wins(cell, 3, 4) == [(1, 0), (2, 0), (0, 0), (3, 2)]


def test_a_rounds_target_tunes_the_games_length_and_answers_with_its_mean_and_interval(tmp_path):
    """The cake race: how many cakes the supply should hold for a game of about 100 rounds (the
    mean rounds rise with the cakes: 10 give about 38, 40 about 130); the report gives the
    proposal's mean rounds."""
    import pandas as pd
    folder = str(tmp_path / "t")
    r = api.tune(api.RunSpec(game="cake-race"), ["rounds=100"], ["cake-supply=20..40"], games=200,
                 max_games=400, confirm_games=600, band_games=0, execution=EX, trials=4,
                 results=folder)
    s = r.searches[0]
    assert s.optimiser == "optuna"
    means = {p: x for p, _, x in s.tried(s.targets[0])}
    assert means["cake-supply=20"] < 100 < means["cake-supply=40"]
    row = r.to_dict()["rows"][0]
    assert row["key"] == "rounds" and row["target"] == 100
    assert row["ci_low"] < row["win_rate"] < row["ci_high"] and 60 < row["win_rate"] < 140
    assert row["met"] == (row["ci_low"] <= 100 <= row["ci_high"])
    api.report([folder], out=str(tmp_path / "report"))
    prop = pd.read_csv(tmp_path / "report" / "tables" / "proposed_levels.csv")
    assert prop["mean_rounds"].iloc[0] == pytest.approx(row["win_rate"])
    assert prop["goal_rounds"].iloc[0] == 100


# ----------------------------------------------------------------------------- --calibrated
def test_a_calibrated_tune_tunes_at_the_skill_intervals_middle_and_replays_both_ends(tmp_path):
    p = tmp_path / "our-table.csv"
    p.write_text("games,wins\n30,9\n")
    res = tmp_path / "res"
    run = lambda: api.tune_calibrated(str(p), api.RunSpec(game="cake-race"), ["win=0.3"], 200, 3,
                                      ["cake-supply=10..50"], games=300, max_games=600,
                                      confirm_games=300, band_games=0, results=str(res),
                                      execution=api.Execution(jobs=1))
    r = run()
    f = r.calibration.fit
    assert 0 <= f.low < f.high <= 1
    assert r.strategy == "skill" and r.params == {"skill": round((f.low + f.high) / 2, 3)}
    assert [(e["key"], e["skill"]) for e in r.ends] == [("win", f.low), ("win", f.high)]
    for e in r.ends:
        assert e["ci_low"] <= e["win_rate"] <= e["ci_high"]
        assert e["met"] == (e["ci_low"] <= 0.3 <= e["ci_high"])
    # an end is the proposal's rules played by a team of that skill on the confirmation's seeds
    point = r.to_dict()["proposal"]
    rules = res / "rules" / ",".join(f"{k}={v}" for k, v in point.items())
    replay = api.run(api.RunSpec(game="cake-race", strategy="skill", params={"skill": f.low},
                                 data=str(rules), seed=1 + FRESH_SEED), 300,
                     execution=api.Execution(jobs=1))
    assert replay.summary["wins"] == round(r.ends[0]["win_rate"] * 300)
    d = r.to_dict()["calibrated"]
    assert d["skill_low"] == f.low and d["tuned_at"] == r.params["skill"] and d["ends"] == r.ends
    assert (res / "calibration" / "calibration.json").is_file()
    # the report of the tune folder shows the proposal at both ends, as the command printed them
    import pandas as pd
    api.report([str(res)], out=str(tmp_path / "report"))
    ends = pd.read_csv(tmp_path / "report" / "tables" / "proposed_at_skill_ends.csv")
    assert list(ends["skill"]) == [f.low, f.high] and list(ends["games"]) == [300, 300]
    assert list(ends["wins"]) == [round(e["win_rate"] * 300) for e in r.ends]
    assert list(ends["met"]) == [e["met"] for e in r.ends]
    again = run()
    same = lambda d: {k: v for k, v in d.items() if k != "games_spent"}
    assert again.games_spent == 0 and same(again.to_dict()) == same(r.to_dict())


@pytest.mark.parametrize("args, words", [
    (["--strategy", "greedy"], "leave --strategy greedy out"),
    (["--param", "skill=0.5"], "leave --param skill= out"),
    (["--target", "rounds=100"], "--calibrated tunes win-rate targets"),
])
def test_calibrated_with_another_strategy_or_a_skill_is_one_error_line(tmp_path, args, words):
    p = tmp_path / "our-table.csv"
    p.write_text("games,wins\n30,9\n")
    target = [] if "--target" in args else ["--target", "win=0.3"]
    line = one_error("tune", "--game", "cake-race", "--calibrated", str(p), *target, *args)
    assert words in line, line


def test_calibration_games_without_calibrated_is_one_error_line():
    line = one_error("tune", "--game", "cake-race", "--target", "win=0.3", "--calibration-games", "200")
    assert "--calibration-games goes with --calibrated" in line, line
