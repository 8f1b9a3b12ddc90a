"""Hidden Village's own strategies. Their decision kernels live in the game package
(`simcore/games/hidden_village/heuristics.py`, `planner.py`, `rollout.py`) because numba
compiles them into the game kernel; here they get their names, descriptions and parameters."""
from simcore.policy import FIRST, RANDOM
from simcore.games.hidden_village.heuristics import GREEDY, GREEDY_PARAMS
from simcore.games.hidden_village.planner import PLANNER, PLANNER_PARAMS, ROLLOUT, ROLLOUT_PARAMS

from .. import Strategy, register

register(Strategy(
    "greedy", GREEDY,
    "scores every option by its immediate value for the objectives (rescues, houses, cakes), "
    "the resources still needed, and the harm expected from the dice and Azrael",
    params=dict(GREEDY_PARAMS), games=("hidden-village",)))

register(Strategy(
    "planner", PLANNER,
    "greedy's values played as a team over the round: finishes the 2-space actions a partner "
    "opened, opens one only when a meeple is left to finish it and the stock can pay it, keeps "
    "open actions payable, picks the card together with its placement, and never crafts away "
    "the Smurfberries the next house needs",
    params=dict(PLANNER_PARAMS), games=("hidden-village",)))

register(Strategy(
    "rollout", ROLLOUT,
    "chooses each turn's card and placement by playouts: every option is tried on `samples` "
    "imagined futures (dice and face-down decks re-drawn) played by `base` to the end of the "
    "round and `rounds` more, then scored; other decisions are base's (slow: see the README)",
    params=dict(ROLLOUT_PARAMS), games=("hidden-village",),
    choices={"base": {"first": float(FIRST), "random": float(RANDOM), "greedy": float(GREEDY),
                      "planner": float(PLANNER)}}))
