"""Plug-in strategies (plain Python) play the cake race like any game's."""
import json

import numpy as np
from typer.testing import CliRunner

from experiments.cli import app
from experiments.runs import RunSpec, run
from simcore.games.cake_race import state as S


def leave_at_three(decision, options, state, rules, params):
    """The threshold strategy with k = 3, written as a plug-in: leave the cake once the
    deciding seat carries 3 cakes; every move takes the first option (nearest the goal)."""
    if decision == "stay-at-cake":
        seat = state.sc[S.S_CUR]
        return 1 if state.pl[seat, S.P_CARRIED] >= 3 else 0
    return 0


def test_a_plugin_plays_the_same_games_as_the_built_in_strategy_it_copies():
    plugin = run(RunSpec("cake-race", 3, "tests.cake_race.test_plugins:leave_at_three", {}, 4), 300)
    built_in = run(RunSpec("cake-race", 3, "threshold", {"k": 3}, 4), 300)
    assert np.array_equal(plugin, built_in)


def test_a_plugin_runs_from_the_command_line_on_worker_processes():
    args = ["run", "--game", "cake-race", "--games", "200", "--chunk", "50", "--jobs", "2", "--json"]
    r = CliRunner().invoke(app, args + ["--strategy", "tests.cake_race.test_plugins:leave_at_three"])
    assert r.exit_code == 0, r.output
    t = CliRunner().invoke(app, args + ["--strategy", "threshold", "--param", "k=3"])
    a, b = json.loads(r.stdout), json.loads(t.stdout)
    assert (a["wins"], a["mean_secured"], a["by_seat"]) == (b["wins"], b["mean_secured"], b["by_seat"])
