"""Hidden Village's own strategies. Their decision kernels live in the game package
(`simcore/games/hidden_village/heuristics.py`) because numba compiles them into the game
kernel; here they get their names, descriptions and parameters."""
from simcore.games.hidden_village.heuristics import GREEDY, GREEDY_PARAMS

from .. import Strategy, register

register(Strategy(
    "greedy", GREEDY,
    "scores every option by its immediate value for the objectives (rescues, houses, cakes), "
    "the resources still needed, and the harm expected from the dice and Azrael",
    params=dict(GREEDY_PARAMS), games=("hidden-village",)))
