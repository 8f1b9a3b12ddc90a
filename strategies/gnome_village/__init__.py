"""Gnome Village's own strategies: their kernels (greedy.py, lookahead.py, skill.py) and here
their names, descriptions and parameters. The game's rules never import them: a strategy's
module binds its compiled chooser into the rules' chooser table when it is imported
(simcore.linked), which `strategies.get` does for the strategies a run seats. Each also gives
the game its default parameters, for the seats `--seat-strategy` gives it."""
from simcore.games.gnome_village import config as _config
from simcore.games.gnome_village.config import GREEDY, GREEDY_PARAMS, LOOKAHEAD, SKILL

from .. import Strategy, register
from . import lookahead_params as _la
from . import skill_params as _sk

GREEDY_HELP = {"coin": "what a coin kept is worth, in points",
               "plan": "early lean, in points, over the first 6 turns: > 0 values a workshop "
                       "`plan` more and a business `plan` less (workshop-first), < 0 the reverse"}
GREEDY_BOUNDS = {"coin": (0.0, 10.0, None), "plan": (-10.0, 10.0, None)}

register(Strategy(
    "greedy", GREEDY,
    "takes the option of the highest immediate value: points and coins a purchase brings, less "
    "its price (a coin kept is worth `coin` points); moves to the business that earns and acts "
    "best, or an inactive workshop; aims the actions at the richest or leading opponent",
    params=dict(GREEDY_PARAMS), param_help=dict(GREEDY_HELP), bounds=dict(GREEDY_BOUNDS),
    games=("gnome-village",), kernels=f"{__name__}.greedy", compile_s=10))

# Two plans of greedy: the purchases of its first turns (greedy.EARLY_TURNS) leaned PLAN_LEAN
# points towards workshops or towards businesses, compared by the grid gnome-plans
PLAN_LEAN = 2.0           # about a workshop's value (2.5): enough to change the first buys
for _name, _lean, _what in (
        ("workshop-first", PLAN_LEAN, "workshops first: greedy whose purchases, over its first "
         "6 turns, value a workshop `plan` points more and a business `plan` points less"),
        ("business-first", -PLAN_LEAN, "businesses first: greedy whose purchases, over its "
         "first 6 turns, value a business `-plan` points more and a workshop `-plan` less")):
    register(Strategy(
        _name, GREEDY, _what, params={**GREEDY_PARAMS, "plan": _lean},
        param_help=dict(GREEDY_HELP), bounds=dict(GREEDY_BOUNDS),
        games=("gnome-village",), kernels=f"{__name__}.greedy", compile_s=10))

register(Strategy(
    "lookahead", LOOKAHEAD,
    "tries each Work & Buy and Move option on a copy of the state (face-down stacks and the "
    "Forest deck reshuffled: it sees what a player sees), plays the rest of its turn and the "
    "other players' turns greedily, and takes the option whose outcome is worth most (points, "
    "what its village will bring, less a share of the best rival's points); the rest greedy's",
    params=dict(_la.PARAMS), param_help=dict(_la.PARAM_HELP), bounds=dict(_la.BOUNDS),
    games=("gnome-village",), kernels=f"{__name__}.lookahead", compile_s=90))

register(Strategy(
    "skill", SKILL,
    "a player of limited skill: from 0 (random) to 1 (greedy); takes each option with "
    "probability growing with greedy's value of it, exp(beta * (value - best)), "
    "beta = skill / ((1 - skill) * mistake)",
    params=dict(_sk.PARAMS), param_help=dict(_sk.PARAM_HELP), bounds=dict(_sk.BOUNDS),
    games=("gnome-village",), kernels=f"{__name__}.skill", compile_s=15))

_config.set_seat_defaults("lookahead", _la.PARAMS.values())
_config.set_seat_defaults("skill", _sk.PARAMS.values())
