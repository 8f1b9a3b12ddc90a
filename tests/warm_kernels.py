"""Compile (or load from the kernel cache) a game's rules and every strategy's kernels: the
tests' session warm-up (conftest.compiled_kernels). Run as `python -m tests.warm_kernels
GAME...`, it warms those games in a second process while the tests' process warms the others."""
from __future__ import annotations

import sys


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


if __name__ == "__main__":
    for game_name in sys.argv[1:]:
        warm(game_name)
