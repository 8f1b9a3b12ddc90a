"""The strategy contract: every registered strategy answers every decision kind with a legal
option, an illegal answer is an error naming the strategy and the decision, plug-ins work,
and the team strategies (planner, rollout) play as their descriptions promise."""
import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import strategies
from experiments.cli import app
from experiments.runs import RunSpec, run
from simcore import plugin_chooser
from simcore.errors import UserError
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import run_games
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.config import make_config
from simcore.games.hidden_village.rules.decide import plan_turn
from simcore.games.hidden_village.rules.turn import play_turn
from simcore.policy import PLUGIN
from tests.conftest import make_game, seat_all
from tests.hidden_village.scenario import through_the_table
from tests.doc_examples import example

LEVELS = [("standard", "white", 3), ("complex", "red", 2), ("terrible", "white", 5),
          ("smurfnightmarish", "red", 1)]
FAST_ROLLOUT = {"samples": 1, "rounds": 0}


def vector(name, **overrides):
    s = strategies.get(name)
    if name == "rollout":
        overrides = {**FAST_ROLLOUT, **overrides}
    return s, s.param_vector(overrides)


@pytest.mark.parametrize("name", strategies.available())
def test_every_strategy_plays_whole_games_at_every_level(cat, name):
    s, params = vector(name)
    games = 3 if name == "rollout" else 120
    for level, die, players in LEVELS:
        C, _ = make_config(cat, level=level, die=die, players=players)
        out = run_games(cat, C, s.kernel_id, params, 11, 0, games)
        assert (out[:, K.R_OUTCOME] != K.RUNNING).all()


def test_every_decision_kind_is_answered_legally_by_every_strategy(cat):
    """Random play reaches states of every decision kind; at each, every compiled strategy
    is asked (the rollout's out-of-turn decisions are its base's) and must answer legally."""
    kernels = [vector(n) for n in strategies.available()]
    rng = np.random.default_rng(5)
    asked = np.zeros(K.N_DECISIONS, np.int64)

    def probe(decision, options, state, rules, params):
        kind = K.DECISIONS.index(decision)
        n = len(options)
        for s, vec in kernels:
            idx = through_the_table(rules, C, state, kind, n, s.kernel_id, vec)
            assert 0 <= idx < n, (s.name, decision, idx, n)
        asked[kind] += 1
        return int(rng.integers(n))

    plugin_chooser.activate(probe, {}, K.DECISIONS)
    try:
        for level, die, players in LEVELS + [("standard", "red", 4), ("complex", "white", 5)]:
            for mix in ((), ("robot-assistant",)):
                C, _ = make_config(cat, level=level, die=die, players=players)
                run_games(cat, C, PLUGIN, np.zeros(1), 3, 0, 40)
    finally:
        plugin_chooser.activate(None, {}, K.DECISIONS)
    never = [K.DECISIONS[k] for k in range(K.N_DECISIONS) if asked[k] == 0]
    assert never == [], f"decision kinds never reached by random play: {never}"


def bad_strategy(decision, options, state, rules, params):
    return len(options)   # one past the last legal option


def not_an_index(decision, options, state, rules, params):
    return "first"


@pytest.mark.parametrize("fn, said", [
    ("bad_strategy", "returned option 3 for decision 'play-card', which has 3 legal options (0..2)"),
    ("not_an_index", "returned 'first', not an option index, for decision 'play-card', which has "
                     "3 legal options (0..2)"),
])
def test_an_illegal_answer_names_the_strategy_and_the_decision(fn, said):
    spec = RunSpec("hidden-village", 3, f"tests.test_strategies:{fn}", {}, 1)
    with pytest.raises(UserError) as e:
        run(spec, 1)
    assert str(e.value) == f"strategy 'tests.test_strategies:{fn}' {said}"


def test_an_illegal_answer_is_one_error_line_from_the_command_line():
    r = CliRunner().invoke(app, ["play", "--strategy", "tests.test_strategies:bad_strategy"])
    assert r.exit_code == 2
    assert r.output == ("error: strategy 'tests.test_strategies:bad_strategy' returned option 3 "
                        "for decision 'play-card', which has 3 legal options (0..2)\n")


def prefer_rescue(decision, options, state, rules, params):
    """Places on the action with the highest id among the legal ones; otherwise the first."""
    if decision == "place":
        return int(np.argmax(options))
    return 0


PARAMS = {"weight": 2.0}


def test_a_plugin_strategy_runs_from_its_module_name_with_its_params(cat):
    spec = RunSpec("hidden-village", 3, "tests.test_strategies:prefer_rescue", {"weight": 3}, 1)
    out = run(spec, 30)
    assert (out[:, K.R_OUTCOME] != K.RUNNING).all()
    s = strategies.get("tests.test_strategies:prefer_rescue")
    assert s.kernel_id == PLUGIN and s.params == {"weight": 2.0}
    assert s.description.startswith("Places on the action")
    with pytest.raises(UserError, match="no parameter 'depth'"):
        s.param_vector({"depth": 1})


@pytest.mark.parametrize("name, msg", [
    ("nosuchmodule_xyz:choose", "cannot import module 'nosuchmodule_xyz'"),
    ("tests.test_strategies:nothing_here", "has no 'nothing_here'"),
    ("tests.test_strategies:PARAMS", "is not a function"),
    ("nosuch", "unknown strategy 'nosuch'"),
])
def test_a_bad_strategy_name_is_one_clear_error(name, msg):
    with pytest.raises(UserError, match=msg):
        strategies.get(name)


def test_parameters_are_named_overridable_and_checked():
    g = strategies.get("greedy")
    assert g.param_vector({"rescue": 3})[list(g.params).index("rescue")] == 3.0
    with pytest.raises(UserError, match="no parameter 'depth'"):
        g.param_vector({"depth": 2})
    r = strategies.get("rollout")
    assert r.param_vector({"base": "greedy"})[list(r.params).index("base")] == 3.0
    with pytest.raises(UserError, match="parameter 'base' must be one of first, random, greedy, planner"):
        r.param_vector({"base": "rollout"})
    with pytest.raises(UserError, match="parameter 'rescue' must be a number"):
        g.param_vector({"rescue": "lots"})
    assert strategies.parse_params(["base=planner", "samples=2"]) == {"base": "planner", "samples": 2.0}


def test_strategies_list_for_hidden_village():
    assert strategies.available("hidden-village") == ["first", "greedy", "planner", "random",
                                                      "rollout", "skill"]


def test_rollout_games_are_reproducible_and_leave_chance_alone(cat):
    """Two runs of one seed give the same games; a rollout turn draws only from the policy
    stream: replaying the chosen options without playouts gives the same state."""
    s, params = vector("rollout", samples=2)
    C, _ = make_config(cat, level="complex", die="red", players=3)
    a = run_games(cat, C, s.kernel_id, params, 8, 0, 3)
    b = run_games(cat, C, s.kernel_id, params, 8, 0, 3)
    assert (a == b).all()

    g = make_game(cat, level="complex", players=3, log=False)
    twin = make_game(cat, level="complex", players=3, log=False)
    seat_all(g.st, s.kernel_id, params)
    seat_all(twin.st, s.kernel_id, params)
    p = int(g.st.sc[S.S_CUR])
    turns = 0
    while g.st.sc[S.S_ESPLANADE] > 0 and g.st.sc[S.S_OUTCOME] == K.RUNNING:
        twin.st.rng[K.STREAM_POLICY] = g.st.rng[K.STREAM_POLICY]
        plan_turn(g.R, g.C, g.st, p)              # the rollout plans the turn ...
        play_turn(g.R, g.C, g.st, p)                # ... and the rules play it
        m = int(g.st.ctl[S.H_SCRIPT_N])           # the options the playouts chose
        assert int(g.st.ctl[S.H_SCRIPT_POS]) == m  # all taken by the real turn
        twin.st.script[:m] = g.st.script[:m]
        twin.st.ctl[S.H_SCRIPT_N] = m
        twin.st.ctl[S.H_SCRIPT_POS] = 0
        play_turn(twin.R, twin.C, twin.st, p)   # replays the script
        for stream in (K.STREAM_SETUP, K.STREAM_SHUFFLE, K.STREAM_DICE):
            assert g.st.rng[stream] == twin.st.rng[stream]
        for f in ("stock", "occ", "hand", "hand_n", "piles", "pile_n", "inv", "inv_n",
                  "garg_deck", "house_built"):
            assert (getattr(g.st, f) == getattr(twin.st, f)).all(), f
        p = (p + 1) % g.C.players
        turns += 1
    assert turns >= 6


def plugin_example() -> str:
    """The plug-in example of the manual's Strategies page (docs/strategies.md)."""
    return example("my_strategies.py")[0]


def test_the_manual_plugin_example_runs_from_the_command_line(tmp_path, monkeypatch):
    code = plugin_example()
    assert len(code.splitlines()) <= 22
    (tmp_path / "my_strategies.py").write_text(code)
    monkeypatch.chdir(tmp_path)
    for jobs in ("1", "2"):   # in this process, and loaded again in each worker process
        r = CliRunner().invoke(app, ["run", "--strategy", "my_strategies:choose", "--param",
                                     "build_first=1", "--games", "40", "--chunk", "20",
                                     "--jobs", jobs, "--json"])
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["games"] == 40
    r = CliRunner().invoke(app, ["run", "--strategy", "my_strategies:choose", "--param",
                                 "depth=1", "--games", "4"])
    assert r.exit_code == 2 and r.output.startswith("error: strategy 'my_strategies:choose' "
                                                    "has no parameter 'depth'")


def test_an_entry_point_strategy_is_listed_and_runs(tmp_path, monkeypatch):
    (tmp_path / "team_plugin.py").write_text(plugin_example())
    info = tmp_path / "team_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: team-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[meeplesim.strategies]\nrescue-first = team_plugin:choose\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "rescue-first" in strategies.available()
    out = CliRunner().invoke(app, ["strategies"]).output
    assert "rescue-first" in out and "Rescue first, then build" in out
    r = CliRunner().invoke(app, ["run", "--strategy", "rescue-first", "--games", "10", "--json"])
    assert r.exit_code == 0, r.output


def test_every_weight_of_greedy_and_planner_is_listed_with_its_default_and_meaning():
    out = CliRunner().invoke(app, ["strategies"]).output
    for name in ("greedy", "planner"):
        s = strategies.get(name, load=False)
        for k, v in {**s.params, **s.fixed}.items():
            assert s.param_help.get(k), f"{name}'s parameter {k} says nothing about what it weighs"
            assert any(line.split()[:3] == [k, "=", f"{v:g}"] for line in out.splitlines()), \
                f"`meeplesim strategies` does not list {name}'s {k} = {v:g}"


def test_no_valuation_of_greedy_or_the_planner_holds_a_bare_weight():
    """Every weight is a parameter or a named module constant: inside the valuations' functions
    the only float literals are the neutral 0.0 and 1.0."""
    import ast
    from pathlib import Path
    folder = Path(strategies.__file__).parent / "hidden_village"
    files = [p.name for p in sorted(folder.glob("*.py")) if p.name not in ("__init__.py", "params.py")]
    assert {"heuristics.py", "needs.py", "harms.py", "values.py", "placement.py", "planner.py"} <= set(files)
    for file in files:
        tree = ast.parse((folder / file).read_text())
        for fn in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            for node in ast.walk(fn):
                if isinstance(node, ast.Constant) and isinstance(node.value, float):
                    assert node.value in (0.0, 1.0), \
                        f"{file}:{node.lineno}: bare weight {node.value} in {fn.name}"
