"""A first run compiles on two cores (experiments/compile_aside.py): a helper process compiles
the rules while the run compiles its strategy; a compile claim (simcore.jit.claim) keeps the
two from compiling one kernel twice."""
import subprocess
import sys
import textwrap

import numba
import pytest

import experiments.compile_aside as aside
import experiments.runs as runs
import strategies
from experiments.compile_aside import compile_seconds
from experiments.runs import RunSpec, resolve, run
from simcore import jit
from simcore.games import get_game


def test_a_kernel_compiled_aside_is_the_version_the_rules_use():
    """Each kernel a game lists in compile_aside takes the argument types run_chunk passes it:
    in a fresh process whose cache holds the rules, each loads from the cache (a wrong type
    would compile a version the rules never call)."""
    run(RunSpec(strategy="random"), 1)   # the rules in the kernel cache (compiled here if need be)
    code = textwrap.dedent("""
        import numba
        from experiments.runs import RunSpec, resolve
        from simcore.games import all_games
        for game in all_games():
            if game.compile_aside is None:
                continue
            r = resolve(RunSpec(game=game.name, strategy="random"))
            st = game.new_state(r.catalog.rules, event_capacity=1)
            for kernel, args in game.compile_aside(r.catalog, r.config, st, r.params):
                sig = tuple(numba.typeof(a) for a in args)
                kernel.compile(sig)
                hits = kernel.stats.cache_hits.get(sig, 0)
                print(game.name, kernel.py_func.__qualname__, "hit" if hits else "compiled")
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900,
                       cwd=jit._ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.split("\n")
    listed = [ln for ln in lines if ln.startswith(("hidden-village",))]
    assert len(listed) >= 10
    assert [ln for ln in lines if ln.endswith("compiled")] == []


def test_a_claimed_kernel_is_left_to_the_process_holding_the_claim(tmp_path):
    """compile_unclaimed skips a kernel another process is compiling (it holds the claim) and
    compiles it once the claim is free."""
    saved = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = str(tmp_path)
    try:
        kernel = jit._claimed_compiles(numba.njit(cache=True)(_probe))
    finally:
        numba.config.CACHE_DIR = saved
    sig = (numba.types.int64,)
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import fcntl, sys, time
        f = open({str(jit._claim_path(kernel, sig))!r}, "a")
        fcntl.flock(f, fcntl.LOCK_EX)
        print("held", flush=True)
        sys.stdin.readline()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert jit.compile_unclaimed(kernel, sig) is False
        assert sig not in kernel.overloads
    finally:
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=60)
    assert jit.compile_unclaimed(kernel, sig) is True
    assert kernel(2) == 3


def _probe(x):
    return x + 1


def test_the_helper_is_not_started_when_the_rules_are_compiled():
    game = get_game("hidden-village")
    resolve(RunSpec(strategy="random"))
    assert aside.rules_compiled(game)
    assert aside.start(game, 3, 1) is None


def test_the_helper_is_off_with_one_core_or_when_disabled(monkeypatch):
    monkeypatch.setattr(aside, "cores", lambda: 1)
    assert not aside.enabled()
    monkeypatch.setattr(aside, "cores", lambda: 2)
    assert aside.enabled()
    monkeypatch.setattr(numba.config, "DISABLE_JIT", True)   # plain Python: nothing compiles
    assert not aside.enabled()
    monkeypatch.setattr(numba.config, "DISABLE_JIT", False)
    monkeypatch.setenv(aside.HELPER_ENV, "0")
    assert not aside.enabled()


def test_the_notice_counts_the_two_cores(monkeypatch, tmp_path):
    """On two cores the notice says the shorter wait: the rules and the strategy overlap."""
    game = get_game("hidden-village")
    greedy = strategies.get("greedy", game.name, load=False)
    monkeypatch.setattr(jit, "_USER_CACHE_DIR", str(tmp_path))   # an empty kernel cache
    monkeypatch.setattr(aside, "cores", lambda: 2)
    monkeypatch.delenv(aside.HELPER_ENV, raising=False)
    both = game.compile_s + greedy.compile_s
    assert compile_seconds(game, greedy) == pytest.approx(both * aside.ASIDE_SHARE)
    # the rules alone: the run compiles the kernels the game lists aside, the helper the rest
    assert compile_seconds(game, strategies.get("random", game.name)) == pytest.approx(
        game.compile_s * aside.ASIDE_SHARE)
    monkeypatch.setenv(aside.HELPER_ENV, "0")
    assert compile_seconds(game, greedy) == both
