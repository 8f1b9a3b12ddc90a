"""A run that has to compile says so (experiments.compile_aside.compile_seconds, printed on
stderr, one line, terminal or not) and compiles before any timed play; only the kernels a run
uses count."""
import json

from typer.testing import CliRunner

import experiments.compile_aside as aside
import experiments.runs as runs
from experiments.cli import app
import strategies
from experiments.compile_aside import compile_seconds
from experiments.runs import RunSpec, resolve
from simcore import jit
from simcore.games import get_game


def test_an_empty_kernel_cache_means_the_rules_and_the_strategy_compile(monkeypatch, tmp_path):
    game = get_game("hidden-village")
    greedy = strategies.get("greedy", game.name, load=False)
    monkeypatch.setattr(jit, "_USER_CACHE_DIR", str(tmp_path))   # an empty kernel cache
    monkeypatch.setenv("MEEPLESIM_COMPILE_HELPER", "0")   # in one process (test_compile_aside: two)
    assert compile_seconds(game, greedy) == game.compile_s + greedy.compile_s
    assert compile_seconds(game, strategies.get("random", game.name)) == game.compile_s


def test_a_run_whose_kernels_are_cached_compiles_nothing():
    r = resolve(RunSpec(strategy="greedy"))     # compiles here if it must
    assert compile_seconds(r.game, r.strategy) is None


def strategy_modules_loaded(spec: str) -> str:
    """The modules of strategies/hidden_village/ a run of RunSpec(`spec`) imports, in a fresh
    process (this one has imported them all)."""
    import subprocess
    import sys
    code = ("import sys\n"
            "from experiments.runs import RunSpec, run\n"
            f"run(RunSpec({spec}), 1)\n"
            "print(sorted(m for m in sys.modules if m.startswith('strategies.hidden_village.')))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900,
                       cwd=jit._ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.strip().splitlines()[-1]


def test_a_greedy_run_loads_neither_the_planner_nor_the_rollout():
    """A run compiles (or loads) only its own strategy's kernels: their modules are imported
    only when a run uses them."""
    loaded = strategy_modules_loaded("strategy='greedy'")
    assert "strategies.hidden_village.greedy" in loaded
    assert "strategies.hidden_village.planner" not in loaded
    assert "strategies.hidden_village.rollout" not in loaded


def test_a_rollout_over_the_planner_loads_the_planner_and_not_greedy():
    """The rollout's base is bound before its chunk plays (simcore.linked.bind_prepare), and only
    that base: a rollout over the planner never imports greedy's chooser."""
    loaded = strategy_modules_loaded("strategy='rollout', params={'samples': 1}")
    assert "strategies.hidden_village.planner" in loaded
    assert "strategies.hidden_village.greedy'" not in loaded


def test_the_notice_is_one_line_on_stderr_when_it_is_not_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(aside, "compile_seconds", lambda *a: 12.0)   # as if the cache were empty
    resolve(RunSpec(game="cake-race", strategy="threshold"))
    out = capsys.readouterr()
    assert out.err == "compiling the game kernels, first run only: about 12 s\n"
    assert out.out == ""


def test_no_notice_when_nothing_compiles(capsys):
    resolve(RunSpec(game="cake-race", strategy="threshold"))   # compiles here if it must
    capsys.readouterr()
    resolve(RunSpec(game="cake-race", strategy="threshold"))
    assert "first run only" not in capsys.readouterr().err


def test_the_notice_leaves_a_json_stdout_clean(monkeypatch):
    monkeypatch.setattr(aside, "compile_seconds", lambda *a: 3.0)
    r = CliRunner().invoke(app, ["run", "--game", "cake-race", "--games", "20", "--json"])
    assert r.exit_code == 0, r.output
    assert "first run only: about 3 s" in r.stderr
    assert json.loads(r.stdout)["games"] == 20


def test_a_cake_race_run_counts_its_rivals_kernels(monkeypatch, tmp_path):
    """The rivals' strategy compiles too (the game's `seated`), and only the strategies seated."""
    game = get_game("cake-race")
    threshold = strategies.get("threshold", game.name, load=False)
    adaptive = strategies.get("adaptive", game.name, load=False)
    monkeypatch.setattr(jit, "_USER_CACHE_DIR", str(tmp_path))   # an empty kernel cache
    monkeypatch.setenv("MEEPLESIM_COMPILE_HELPER", "0")   # in one process
    _, variant = game.make_config(game.load_catalog(), players=2, rivals="adaptive")
    assert [s.name for s in runs.seated(game, variant)] == ["adaptive"]
    assert (compile_seconds(game, threshold, runs.seated(game, variant))
            == game.compile_s + threshold.compile_s + adaptive.compile_s)
    _, variant = game.make_config(game.load_catalog(), players=2, rivals="random")
    assert compile_seconds(game, threshold, runs.seated(game, variant)) == game.compile_s + threshold.compile_s
