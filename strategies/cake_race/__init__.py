"""The cake race's own strategies: their kernels (threshold.py, adaptive.py, one strategy each)
and here their names, descriptions and parameters. The game's rules never import them: a
strategy's module binds its compiled chooser into the rules' chooser table when it is imported
(simcore.linked), which `strategies.get` does for the strategies a run seats (its own, and the
rivals' through the game's `seated`), so a run compiles only those. Moves take
option 0 (the nearest to the goal: the cake, or home once carrying); the strategies differ in
when they leave the cake."""
from simcore.games.cake_race.config import ADAPTIVE, ADAPTIVE_PARAMS, THRESHOLD, THRESHOLD_PARAMS

from .. import Strategy, register

register(Strategy(
    "threshold", THRESHOLD,
    "walks the shortest way to the cake and home, and leaves the cake once carrying k cakes",
    params=dict(THRESHOLD_PARAMS), games=("cake-race",), kernels=f"{__name__}.threshold",
    compile_s=3))

register(Strategy(
    "adaptive", ADAPTIVE,
    "walks the shortest way; leaves the cake when one more turn there is worth less than going "
    "home now, judged from the cards not yet seen in the deck's pass, the distance home and how "
    "far the best rival is ahead (max_k caps the load)",
    params=dict(ADAPTIVE_PARAMS), games=("cake-race",), kernels=f"{__name__}.adaptive",
    compile_s=3))
