"""Gnome Village's own strategies: their kernels (greedy.py, lookahead.py, skill.py) and here
their names, descriptions and parameters. The game's rules never import them: a strategy's
module binds its compiled chooser into the rules' chooser table when it is imported
(simcore.linked), which `strategies.get` does for the strategies a run seats. Each gives
nothing to the rules: a seated strategy plays with its registered defaults (simcore.seating)."""
from strategies.gnome_village.ids import GREEDY, GREEDY_PARAMS, LOOKAHEAD, SKILL

from .. import Strategy, register
from . import lookahead_params as _la
from . import skill_params as _sk

GREEDY_HELP = {"coin": "what a coin kept is worth, in points",
               "plan": "a plan's bonus, in points: > 0 on the next workshop type the village "
                       "lacks (School, Painter, Carpenter, Gardener: workshop-first), < 0 on a "
                       "business (business-first); 0: none",
               "plan_until": "the plan's bonus stops once the village holds this many tiles of "
                             "the kind it favours (workshops, or businesses)"}
GREEDY_BOUNDS = {"coin": (0.0, 10.0, None), "plan": (-10.0, 10.0, None),
                 "plan_until": (0.0, 20.0, None)}

register(Strategy(
    "greedy", GREEDY,
    "takes the option of the highest immediate value: points and coins a purchase brings, less "
    "its price (a coin kept is worth `coin` points); moves to the business that earns and acts "
    "best, or an inactive workshop; aims the actions at the richest or leading opponent",
    params=dict(GREEDY_PARAMS), param_help=dict(GREEDY_HELP), bounds=dict(GREEDY_BOUNDS),
    games=("gnome-village",), kernels=f"{__name__}.greedy", compile_s=10))

# Two plans of greedy, compared by the grid gnome-plans (greedy.plan_bonus): a bonus of PLAN_LEAN
# points on the workshop it wants next (workshop-first) or on a business (business-first) until
# the village holds PLAN_UNTIL of them; then plain greedy. Measured (docs/gnome-village.md, "Plans").
PLAN_LEAN = 3.0           # just over 2.5, what it takes for the School (2.5 - 2 coins) to be bought
                          # before a gnome paid with 3 coins (6 - 3): at 1 or 2 workshop-first buys
                          # that gnome first and wins 27-29%, at 3 or 4 it plays the same games
PLAN_UNTIL = 2.0          # a School and a Painter: the gnomes, then half a house; 1 (the School
                          # alone) wins less, 3 (and the Carpenter) about the same
for _name, _lean, _what in (
        ("workshop-first", PLAN_LEAN, "workshops first: greedy whose purchases value the "
         "workshop it wants next (the first its village lacks of School, Painter, Carpenter, "
         "Gardener) `plan` points more, until the village holds `plan_until` workshops; then "
         "greedy"),
        ("business-first", -PLAN_LEAN, "businesses first: greedy whose purchases value a "
         "business `-plan` points more, until the village holds `plan_until` businesses; then "
         "greedy")):
    register(Strategy(
        _name, GREEDY, _what, params={**GREEDY_PARAMS, "plan": _lean, "plan_until": PLAN_UNTIL},
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
