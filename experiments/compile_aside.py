"""A first run compiles on two cores: a helper process compiles the game's rules while the
run's own process compiles its strategies' kernels, then the rule kernels the helper reaches
last (the game's `compile_aside`, last first).

The two processes share the kernel cache and never compile a kernel twice: each compile holds
a claim on its kernel (simcore.jit.claim); a process that meets a kernel the other is
compiling waits for it and loads it from the cache. The run's process then waits for the
helper and plays its first game from the cache. If the helper fails, the run compiles what is
missing itself, as it would without one.

The total CPU time is about the same as compiling in one process (the measured split is in
docs/performance.md); the wait is shorter. `MEEPLESIM_COMPILE_HELPER=0` compiles in one
process; so does a machine that gives this process one core.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import contextmanager

HELPER_ENV = "MEEPLESIM_COMPILE_HELPER"
# a first run compiling on two cores waits about this share of the one-process compile when the
# game lists kernels to compile aside (Hidden Village, greedy: docs/performance.md); else about
# as long as the longer of the rules and the kernels
ASIDE_SHARE = 0.65


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # not Linux
        return os.cpu_count() or 1


def enabled() -> bool:
    """May a first run compile on two cores here? (Not under NUMBA_DISABLE_JIT: nothing
    compiles.)"""
    import numba
    return os.environ.get(HELPER_ENV, "1") != "0" and cores() > 1 and not numba.config.DISABLE_JIT


def rules_compiled(game) -> bool:
    """Does the kernel cache hold the game's kernels (jit.has_compiled of its package)?"""
    from simcore import jit
    return jit.has_compiled(game.package)


def start(game, players: int, seed: int) -> subprocess.Popen | None:
    """Start compiling `game`'s rules in a helper process (it plays one game of the random
    strategy with the game's default options: the rules' kernels take the same types whatever
    the options), or None when the rules are compiled or the helper is disabled."""
    if not enabled() or rules_compiled(game):
        return None
    from simcore import jit
    env = dict(os.environ, **{HELPER_ENV: "0"})   # the helper starts no helper of its own
    if jit._USER_CACHE_DIR:
        env["NUMBA_CACHE_DIR"] = jit._USER_CACHE_DIR
    job = json.dumps({"game": game.name, "players": players, "seed": seed})
    try:
        return subprocess.Popen([sys.executable, "-m", "experiments.compile_aside", job],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=env)
    except OSError:
        return None


def help_with_rules(game, catalog, config, params) -> None:
    """Compile the rule kernels `game.compile_aside` lists, each unless the helper holds its
    claim (it got there first)."""
    if game.compile_aside is None:
        return
    import numba
    from simcore import jit
    st = game.new_state(catalog.rules, event_capacity=1)
    for kernel, args in game.compile_aside(catalog, config, st, params):
        jit.compile_unclaimed(kernel, tuple(numba.typeof(a) for a in args))


def stop(helper: subprocess.Popen | None) -> None:
    """End the helper if it still runs (the run failed, or was interrupted, before its
    first game): what it saved in the cache stays good."""
    if helper is not None and helper.poll() is None:
        helper.terminate()
        helper.wait()


def compile_seconds(game, strat, others=()) -> float | None:
    """About how long the kernels a run of `strat` (and of the `others` it seats) needs take to
    compile, or None when they are all in the kernel cache. `first_run` prints it on stderr, one
    line, whether or not stderr is a terminal (a log then says why a first run was slow);
    stdout, e.g. --json, stays clean."""
    return _seconds(game, *_to_compile(game, strat, others))


def _seconds(game, rules: float, kernels: float) -> float | None:
    if not rules and not kernels:
        return None
    if _aside(game, rules, kernels):   # on two cores, with a helper
        return max(kernels, (rules + kernels) * ASIDE_SHARE if game.compile_aside else rules)
    return rules + kernels


def _to_compile(game, strat, others) -> tuple[float, float]:
    """About how long the game's rules and the strategies' kernels not in the cache take to
    compile (0.0 for what is cached)."""
    from simcore import jit
    rules = 0.0 if rules_compiled(game) else game.compile_s
    kernels = sum(s.compile_s for module, s in {s.kernels: s for s in (strat, *others) if s.kernels}.items()
                  if not jit.has_compiled(module))
    return rules, kernels


def _aside(game, rules: float, kernels: float) -> bool:
    """Does a helper process compile the rules? When the rules are missing and the run has
    something to compile meanwhile: its strategies' kernels, or the rule kernels its game lists
    aside."""
    return bool(rules) and bool(kernels or game.compile_aside) and enabled()


class FirstRun:
    """A run's kernels, compiled before its first timed game when they must be (`compile`)."""

    def __init__(self, game, needed: bool, helper, seed: int):
        self.game, self.needed, self.helper, self.seed = game, needed, helper, seed

    def compile(self, catalog, config, strategy_id: int, params) -> None:
        """With the strategies loaded: help the helper with the rule kernels it reaches last,
        wait for it, then play one game here, so that no timed play (a rate, a progress bar)
        counts the compile and worker processes load the machine code from the cache instead
        of each compiling it."""
        if not self.needed:
            return
        if self.helper is not None:
            help_with_rules(self.game, catalog, config, params)
            self.helper.wait()   # its claims go with it; Ctrl-C here: first_run stops it
        self.game.run_games(catalog, config, strategy_id, params, self.seed, 0, 1)


@contextmanager
def first_run(game, strat, others, players: int, seed: int):
    """The compile a run of `strat` (and of the `others` it seats) needs, if any: the notice on
    stderr (one line, its time measured by `compile_seconds`), the helper started on another
    core when it helps; yields the FirstRun the run calls once its strategies are loaded; the
    helper is ended however the block ends."""
    seconds = compile_seconds(game, strat, others)
    if seconds is not None:   # on stderr: a --json stdout stays clean
        print(f"compiling the game kernels, first run only: about {seconds:.0f} s",
              file=sys.stderr, flush=True)
    needed = seconds is not None and strat.plugin is None
    helper = start(game, players, seed) if needed and _aside(game, *_to_compile(game, strat, others)) \
        else None
    try:
        yield FirstRun(game, needed, helper, seed)
    finally:
        stop(helper)


def main(argv: list[str]) -> int:
    """The helper: compile the rules of the game `argv[0]` names (JSON: game, players, seed)
    by playing one game of the random strategy with the game's default options and data,
    loaded through the game contract (simcore.gamekit.Game) alone."""
    job = json.loads(argv[0])
    import strategies
    from simcore.games import get_game
    game = get_game(job["game"])
    options = game.resolve_options({})
    catalog = game.load_catalog(None, **game.catalog_options(options))
    config, _ = game.make_config(catalog, players=job["players"], **game.config_options(options))
    strat = strategies.get("random", game.name)
    # one game whatever the cache held when the run looked: the run's process may have saved
    # its first kernels there already, which rules_compiled takes for compiled rules
    game.run_games(catalog, config, strat.kernel_id, strat.param_vector(), job["seed"], 0, 1)
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
