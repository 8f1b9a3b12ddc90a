"""What speed work must keep: the same games for the same seed (golden results recorded from
the engine before any optimisation), and one compiled game loop for every level, die,
player count and strategy (configurations are runtime values, never compile-time types)."""
from pathlib import Path

import pytest

import strategies
from simcore.games.hidden_village import make_config, run_games
from simcore.games.hidden_village.game import run_chunk
from tests.hidden_village import golden

GOLDEN = golden.recorded()


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_results_match_the_recorded_golden_games(cat, key):
    assert golden.play(cat, key) == GOLDEN[key]


def test_one_compiled_game_loop_serves_every_level_die_and_strategy(cat):
    for level, dice in (("standard", ("white", "red")), ("complex", ("white", "red")),
                        ("terrible", ("white", "red")), ("smurfnightmarish", ("red",))):
        for die in dice:
            for players in (1, 5):
                C, _ = make_config(cat, level=level, die=die, players=players)
                for name in ("random", "greedy", "planner", "rollout"):
                    s = strategies.get(name)
                    params = s.param_vector({"samples": 1} if name == "rollout" else {})
                    run_games(cat, C, s.kernel_id, params, 5, 0, 1 if name == "rollout" else 5)
    assert len(run_chunk.signatures) == 1      # the rollout's games too (it plans through the harness)


@pytest.mark.slow
def test_no_kernel_indexes_a_field_with_a_negative_index(tmp_path):
    """Fields are indexed without the negative-index fix (simcore.packed.PackedArray), which is
    right only if no kernel ever indexes one negatively. With NUMBA_BOUNDSCHECK=1 (a fresh
    cache) any such index raises IndexError: play every level and die, every strategy, checking
    the invariants after every turn."""
    import os
    import subprocess
    import sys
    code = (
        "from simcore.games.hidden_village import load_catalog\n"
        "from tests.hidden_village.test_invariants import CONFIGS, run_checked\n"
        "cat = load_catalog()\n"
        "for level, die in CONFIGS:\n"
        "    for strategy in ('random', 'greedy', 'planner'):\n"
        "        for players in (1, 3, 5):\n"
        "            run_checked(cat, level, die, 60, players=players, strategy=strategy)\n"
        "print('checked')\n")
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path))
    root = Path(__file__).resolve().parent.parent
    r = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True,
                       text=True, timeout=3000)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "checked" in r.stdout
