"""Gnome Village's own strategies: their kernels (greedy.py) and here their names, descriptions
and parameters. The game's rules never import them: a strategy's module binds its compiled
chooser into the rules' chooser table when it is imported (simcore.linked), which
`strategies.get` does for the strategies a run seats."""
from simcore.games.gnome_village.config import GREEDY, GREEDY_PARAMS

from .. import Strategy, register

register(Strategy(
    "greedy", GREEDY,
    "takes the option of the highest immediate value: points and coins a purchase brings, less "
    "its price (a coin kept is worth `coin` points); moves to the business that earns and acts "
    "best, or an inactive workshop; aims the actions at the richest or leading opponent",
    params=dict(GREEDY_PARAMS), param_help={"coin": "what a coin kept is worth, in points"},
    bounds={"coin": (0.0, 10.0, None)},
    games=("gnome-village",), kernels=f"{__name__}.greedy", compile_s=10))
