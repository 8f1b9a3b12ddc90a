"""Compile (or load from the kernel cache) a game's rules and every strategy's kernels: the
tests' session warm-up (conftest.compiled_kernels). Run as `python -m tests.warm_kernels
GAME...`, it warms those games in a second process while the tests' process warms the others."""
from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def warm(game_name: str) -> None:
    """Resolve `random` (the rules alone) and one strategy per kernel module of the game."""
    import strategies
    from experiments.runs import RunSpec, resolve
    by_module = {}   # kernel module -> the first strategy compiled from it
    for name in strategies.available(game_name):
        kernels = strategies.get(name, game_name, load=False).kernels
        if kernels:
            by_module.setdefault(kernels, name)
    for name in ("random", *by_module.values()):
        resolve(RunSpec(game=game_name, strategy=name))


def games_for(paths) -> list[str]:
    """The games whose kernels tests at these paths need, in all_games() order: a path under
    tests/<game package>/ (tests/cake_race/...) or in a game's own folder (its tests beside
    it, scripts/rules-coverage) needs only that game; any other path (a test file elsewhere,
    which may use any game, or tests/ itself), or none, needs every game."""
    from simcore.games import all_games
    games = all_games()
    every = [g.name for g in games]
    need = set()
    for p in paths:
        p = Path(p).resolve()
        g = next((g for g in games if p.is_relative_to(TESTS / g.folder.name)
                  or p.is_relative_to(g.folder.resolve())), None)
        if g is None:
            return every
        need.add(g.name)
    return [n for n in every if n in need] if need else every


if __name__ == "__main__":
    for game_name in sys.argv[1:]:
        warm(game_name)
