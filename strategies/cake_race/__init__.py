"""The cake race's own strategies. Their decision kernels live in the game package
(`simcore/games/cake_race/decide.py`) because numba compiles them into the game kernel; here
they get their names, descriptions and parameters. Moves take option 0 (the nearest to the
goal: the cake, or home once carrying); the strategies differ in when they leave the cake."""
from simcore.games.cake_race.decide import ADAPTIVE, ADAPTIVE_PARAMS, THRESHOLD, THRESHOLD_PARAMS

from .. import Strategy, register

register(Strategy(
    "threshold", THRESHOLD,
    "walks the shortest way to the cake and home, and leaves the cake once carrying k cakes",
    params=dict(THRESHOLD_PARAMS), games=("cake-race",)))

register(Strategy(
    "adaptive", ADAPTIVE,
    "walks the shortest way; leaves the cake when one more turn there is worth less than going "
    "home now, judged from the cards not yet seen in the deck's pass, the distance home and how "
    "far the best rival is ahead (max_k caps the load)",
    params=dict(ADAPTIVE_PARAMS), games=("cake-race",)))
