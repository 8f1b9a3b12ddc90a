"""Strategies by name: what `--strategy NAME` and `meeplesim strategies` know.

A strategy is a decision kernel compiled into the game's kernel under an integer id (see
`simcore.policy`), plus a name, a description and named float parameters. Every game gets the
generic ones registered here; game-specific strategies register per game.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcore.errors import UserError
from simcore.policy import FIRST, RANDOM, SCRIPTED


@dataclass(frozen=True)
class Strategy:
    name: str
    kernel_id: int
    description: str
    params: dict = field(default_factory=dict)   # name -> default value
    games: tuple = ("*",)                          # game names, "*" = every game
    listed: bool = True                            # shown by `meeplesim strategies`

    def param_vector(self, overrides: dict | None = None) -> np.ndarray:
        """The parameter vector in declaration order, with NAME=VALUE overrides."""
        values = dict(self.params)
        for k, v in (overrides or {}).items():
            if k not in values:
                known = ", ".join(values) or "none"
                raise UserError(f"strategy '{self.name}' has no parameter '{k}' (known: {known})")
            values[k] = float(v)
        return np.array(list(values.values()) or [0.0], np.float64)


_REGISTRY: dict[str, Strategy] = {}


def register(strategy: Strategy) -> Strategy:
    if strategy.name in _REGISTRY:
        raise ValueError(f"strategy '{strategy.name}' is already registered")
    _REGISTRY[strategy.name] = strategy
    return strategy


def get(name: str, game: str = "hidden-village") -> Strategy:
    s = _REGISTRY.get(name)
    if s is None or ("*" not in s.games and game not in s.games):
        names = ", ".join(available(game))
        raise UserError(f"unknown strategy '{name}' (known: {names})")
    return s


def available(game: str = "hidden-village") -> list[str]:
    return sorted(n for n, s in _REGISTRY.items()
                  if s.listed and ("*" in s.games or game in s.games))


def parse_params(items: list[str] | None) -> dict:
    """['k=v', ...] -> {k: float(v)} with a clear error for a malformed item."""
    out = {}
    for item in items or []:
        k, sep, v = item.partition("=")
        if not sep or not k:
            raise UserError(f"--param '{item}' is not of the form NAME=VALUE")
        try:
            out[k] = float(v)
        except ValueError:
            raise UserError(f"--param '{item}': '{v}' is not a number") from None
    return out


register(Strategy("first", FIRST, "always takes the first legal option (deterministic baseline)"))
register(Strategy("random", RANDOM, "uniform over the legal options of every decision"))
register(Strategy("scripted", SCRIPTED, "takes the option indices given as params, in order "
                  "(scenario tests)", listed=False))

from . import hidden_village  # noqa: E402,F401  (registers the game's own strategies)
