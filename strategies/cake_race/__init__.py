"""The cake race's own strategies: their kernels (threshold.py, adaptive.py, skill.py, one
strategy each) and here their names, descriptions and parameters. The game's rules never import
them: a strategy's module binds its compiled chooser into the rules' chooser table when it is
imported (simcore.linked), which `strategies.get` does for the strategies a run seats (its own,
and the rivals' through the game's `seated`), so a run compiles only those. threshold and
adaptive move to option 0 (the nearest to the goal: the cake, or home once carrying) and differ
in when they leave the cake; skill errs now and then on both, less as its skill rises. Their
ids and parameter vectors are in ids.py; each checks its parameters against the rules data
(`check`: a carry cap the rules set) when a run seats it."""
from simcore.errors import UserError
from simcore.games.cake_race.config import check_k

from .. import Strategy, register
from .ids import (ADAPTIVE, ADAPTIVE_PARAMS, PARAM_HELP, SKILL, SKILL_PARAMS, THRESHOLD,
                  THRESHOLD_PARAMS)


def check_threshold(catalog, values: dict) -> None:
    """k: a whole number of cakes the carry cap allows."""
    check_k(values["k"], catalog)


def check_adaptive(catalog, values: dict) -> None:
    """adaptive's parameters (the first three of the skill scale's too)."""
    check_k(values["max_k"], catalog, "adaptive max_k")
    if not 0.0 <= values["catch_risk"] <= 1.0:
        raise UserError(f"adaptive catch_risk must be between 0 and 1, got {values['catch_risk']:g}")
    if values["lead_weight"] < 0:
        raise UserError(f"adaptive lead_weight must be at least 0, got {values['lead_weight']:g}")

register(Strategy(
    "threshold", THRESHOLD,
    "walks the shortest way to the cake and home, and leaves the cake once carrying k cakes",
    params=dict(THRESHOLD_PARAMS), games=("cake-race",), kernels=f"{__name__}.threshold",
    compile_s=3, check=check_threshold))

register(Strategy(
    "adaptive", ADAPTIVE,
    "walks the shortest way; leaves the cake when one more turn there is worth less than going "
    "home now, judged from the cards not yet seen in the deck's pass, the distance home and how "
    "far the best rival is ahead (max_k caps the load)",
    params=dict(ADAPTIVE_PARAMS), param_help=PARAM_HELP, games=("cake-race",),
    kernels=f"{__name__}.adaptive", compile_s=3, check=check_adaptive))

register(Strategy(
    "skill", SKILL,
    "a player of limited skill: 0 plays like random, 1 like adaptive; between, each decision "
    "picks an option with a probability that falls with how much worse adaptive values it than "
    "the best (a softmax whose temperature falls as skill rises); with --rivals same the rivals "
    "play at rival_skill",
    params=dict(SKILL_PARAMS), param_help=PARAM_HELP, extends="adaptive",
    bounds={"skill": (0.0, 1.0, None), "rival_skill": (0.0, 1.0, -1.0),
            "mistake": (1e-9, 1e9, None), "step": (0.0, 1e9, None)},
    games=("cake-race",), kernels=f"{__name__}.skill", check=check_adaptive,
    compile_s=5))   # with adaptive's valuation (adaptive.stay_values), compiled with it
