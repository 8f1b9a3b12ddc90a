"""The cake race's own strategies: their kernels (threshold.py, adaptive.py, skill.py, one
strategy each) and here their names, descriptions and parameters. The game's rules never import
them: a strategy's module binds its compiled chooser into the rules' chooser table when it is
imported (simcore.linked), which `strategies.get` does for the strategies a run seats (its own,
and the rivals' through the game's `seated`), so a run compiles only those. threshold and
adaptive move to option 0 (the nearest to the goal: the cake, or home once carrying) and differ
in when they leave the cake; skill errs now and then on both, less as its skill rises."""
from simcore.games.cake_race.config import (ADAPTIVE, ADAPTIVE_PARAMS, PARAM_HELP, SKILL,
                                            SKILL_PARAMS, THRESHOLD, THRESHOLD_PARAMS)

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
    params=dict(ADAPTIVE_PARAMS), param_help=PARAM_HELP, games=("cake-race",),
    kernels=f"{__name__}.adaptive", compile_s=3))

register(Strategy(
    "skill", SKILL,
    "a player of limited skill: 0 plays like random, 1 like adaptive; between, each decision "
    "picks an option with a probability that falls with how much worse adaptive values it than "
    "the best (a softmax whose temperature falls as skill rises); with --rivals same the rivals "
    "play at rival_skill",
    params=dict(SKILL_PARAMS), param_help=PARAM_HELP, extends="adaptive",
    bounds={"skill": (0.0, 1.0, None), "rival_skill": (0.0, 1.0, -1.0),
            "mistake": (1e-9, 1e9, None), "step": (0.0, 1e9, None)},
    games=("cake-race",), kernels=f"{__name__}.skill",
    compile_s=5))   # with adaptive's valuation (adaptive.stay_values), compiled with it
