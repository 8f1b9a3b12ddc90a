"""The benchmark's speed figure: the median of equal windows of play, each window's rate kept."""
import statistics

from experiments.bench import games_per_second


def test_games_per_second_reports_the_median_of_its_windows():
    r = games_per_second("random", {"level": "standard", "die": "white"}, seconds=0.25, windows=5)
    rates = r["window_rates"]
    assert len(rates) == 5 and min(rates) > 0
    assert r["games_per_s"] == statistics.median(rates)
    assert r["games"] % 200 == 0 and r["games"] >= 5 * 200   # whole chunks, one at least a window
    assert 0.25 <= r["seconds"] < 5.0
    assert 0.0 <= r["win_rate"] <= 1.0


def test_the_skill_team_is_benchmarked_at_its_parameter():
    r = games_per_second("skill", {"level": "standard", "die": "white"}, seconds=0.2, windows=2,
                         params={"skill": 0.5})
    assert r["strategy"] == "skill" and r["param_skill"] == 0.5 and r["games_per_s"] > 0


def test_a_game_declares_its_own_rows_and_they_are_measured():
    """Rows come from the games' descriptors (Game.bench): the generic benchmark names no game."""
    from experiments.bench import game_rows
    rows = {(game.name, row["strategy"], row["players"]) for game, row in game_rows()}
    assert ("gnome-village", "greedy", 4) in rows
    r = games_per_second("greedy", {}, seconds=0.2, windows=2, game="gnome-village", players=4)
    assert r["game"] == "gnome-village" and r["players"] == 4 and r["games_per_s"] > 0


def test_a_child_process_compiles_or_loads_another_games_row():
    """The benchmark has a child process compile (or load) each row's kernels before it measures
    (load_kernels_cached): the child plays the row's own game at its player count."""
    from experiments.bench import _child
    info, _ = _child(["greedy", {}, 2, "gnome-village", 4])
    assert info["game"] == "gnome-village" and info["players"] == 4 and info["games"] == 2
    assert 0 <= info["wins"] <= 2


def test_every_game_declares_bench_rows_and_the_default_game_one_headline():
    """No game is privileged by the benchmark's code: the rows, the headline (the BENCH line's
    games/s) and the compile measurements come from the descriptors."""
    from experiments.bench import headline, rows
    from simcore.games import DEFAULT_GAME, all_games
    declared = {g.name for g, _ in rows()}
    assert declared == {g.name for g in all_games()}
    assert rows()[0][0].name == DEFAULT_GAME
    game, row = headline()
    assert game.name == DEFAULT_GAME and row["strategy"] == "greedy"
    assert row["options"] == {"level": "standard", "die": "white"}
    for g, r in rows():
        assert set(r) <= {"strategy", "players", "options", "label", "params", "headline"}
        assert r["label"] and r["players"] >= 1


def test_the_benchmark_module_names_no_game_and_no_strategy():
    import ast
    import experiments.bench as bench
    from simcore.games import game_names
    tree = ast.parse(open(bench.__file__).read())
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    words = set(game_names()) | {"greedy", "planner", "rollout", "random", "skill", "threshold"}
    assert not strings & words, strings & words
