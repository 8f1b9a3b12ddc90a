"""Hidden Village's own strategies: their kernels (needs.py, harms.py,
values.py, placement.py and heuristics.py: the values and scores they share;
greedy.py, planner.py, rollout.py, one strategy each) and here their names, descriptions and
parameters. The game's rules never import them: a strategy's module binds its compiled chooser
into the rules' chooser table when it is imported (simcore.linked), which `strategies.get`
does for the strategy a run uses, so a greedy run compiles greedy's kernels and not the others'."""
from simcore.policy import FIRST, RANDOM

from .. import Strategy, register
from .params import (FIXED, GREEDY, GREEDY_PARAMS, HELP, PLANNER, PLANNER_PARAMS, ROLLOUT,
                     ROLLOUT_PARAMS, SKILL, SKILL_PARAMS)

register(Strategy(
    "greedy", GREEDY,
    "scores every option by its immediate value for the objectives (rescues, houses, cakes), "
    "the resources still needed, and the harm expected from the dice and Azrael",
    params=dict(GREEDY_PARAMS), param_help=HELP, fixed=FIXED, games=("hidden-village",), kernels=f"{__name__}.greedy",
    compile_s=8))

register(Strategy(
    "planner", PLANNER,
    "greedy's values played as a team over the round: finishes the 2-space actions a partner "
    "opened, opens one only when a meeple is left to finish it and the stock can pay it, keeps "
    "open actions payable, picks the card together with its placement, and never crafts away "
    "the Smurfberries the next house needs",
    params=dict(PLANNER_PARAMS), param_help=HELP, fixed=FIXED, extends="greedy", games=("hidden-village",), kernels=f"{__name__}.planner",
    compile_s=12))

register(Strategy(
    "rollout", ROLLOUT,
    "chooses each turn's card and placement by playouts: every option is tried on `samples` "
    "imagined futures (dice and face-down decks re-drawn) played by `base` to the end of the "
    "round and `rounds` more, then scored; other decisions are base's (slow: see docs/strategies.md)",
    params=dict(ROLLOUT_PARAMS), param_help=HELP, fixed=FIXED, extends="planner", games=("hidden-village",), kernels=f"{__name__}.rollout",
    compile_s=35,   # with its bases, greedy and the planner, and its own game loop
    choices={"base": {"first": float(FIRST), "random": float(RANDOM), "greedy": float(GREEDY),
                      "planner": float(PLANNER)}}))

register(Strategy(
    "skill", SKILL,
    "a team of people of limited skill: 0 plays like random, 1 like the planner; between, each "
    "decision picks an option with a probability that falls with how much worse the planner "
    "scores it than the best (a softmax whose temperature falls as skill rises); seats may "
    "differ (seat_1..seat_5)",
    params=dict(SKILL_PARAMS), param_help=HELP, fixed=FIXED, extends="planner",
    bounds={"skill": (0.0, 1.0, None), "mistake": (1e-9, 1e9, None),
            **{f"seat_{i}": (0.0, 1.0, -1.0) for i in range(1, 6)}},
    games=("hidden-village",), kernels=f"{__name__}.skill", compile_s=14))
