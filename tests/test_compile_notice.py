"""A run that has to compile says so (experiments.runs.compile_seconds, printed on a
terminal's stderr) and compiles before any timed play; only the kernels a run uses count."""
import strategies
from experiments.runs import RunSpec, compile_seconds, resolve
from simcore import jit
from simcore.games import get_game


def test_an_empty_kernel_cache_means_the_rules_and_the_strategy_compile(monkeypatch, tmp_path):
    game = get_game("hidden-village")
    greedy = strategies.get("greedy", game.name, load=False)
    monkeypatch.setattr(jit, "_USER_CACHE_DIR", str(tmp_path))   # an empty kernel cache
    assert compile_seconds(game, greedy) == game.compile_s + greedy.compile_s
    assert compile_seconds(game, strategies.get("random", game.name)) == game.compile_s


def test_a_run_whose_kernels_are_cached_compiles_nothing():
    r = resolve(RunSpec(strategy="greedy"))     # compiles here if it must
    assert compile_seconds(r.game, r.strategy) is None


def test_a_greedy_run_loads_neither_the_planner_nor_the_rollout():
    """A run compiles (or loads) only its own strategy's kernels: their modules are imported
    only when a run uses them (in a fresh process: this one has imported them all)."""
    import subprocess
    import sys
    code = ("import sys\n"
            "from experiments.runs import RunSpec, run\n"
            "run(RunSpec(strategy='greedy'), 2)\n"
            "print(sorted(m for m in sys.modules if m.startswith('strategies.hidden_village.')))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900,
                       cwd=jit._ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    loaded = r.stdout.strip().splitlines()[-1]
    assert "strategies.hidden_village.greedy" in loaded
    assert "strategies.hidden_village.planner" not in loaded
    assert "strategies.hidden_village.rollout" not in loaded
