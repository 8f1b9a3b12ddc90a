"""Interval estimates for win rates."""
import math


def wilson_interval(wins: int, games: int, z: float = 1.959963984540054):
    """Wilson score interval for a binomial proportion (95% by default).

    Returns (low, high); for zero games returns (0.0, 1.0).
    """
    if games < 0 or wins < 0 or wins > games:
        raise ValueError(f"need 0 <= wins <= games, got wins={wins} games={games}")
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denom = 1.0 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high
