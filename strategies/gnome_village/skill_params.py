"""The `skill` scale's parameters (strategies/gnome_village/skill.py), apart from its kernels so
that registering the strategy compiles nothing."""
from strategies.gnome_village.ids import GREEDY_PARAMS

PARAMS = {
    "skill": 0.5,       # 0 plays like random, 1 like greedy
    "mistake": 1.0,     # points: at skill 0.5 an option this much worse is taken e^-1 as often
    "coin": GREEDY_PARAMS["coin"],   # greedy's coin weight, in the values the scale reads
    "seat_0": -1.0,     # the first player's own skill; -1: `skill`
    "seat_1": -1.0,
    "seat_2": -1.0,
    "seat_3": -1.0,
    "rival_skill": 0.5,   # the rivals' skill with --rivals same (-1: `skill`, every seat alike)
}
PARAM_HELP = {
    "skill": "from 0 (uniform over the legal options, random's very draws) to 1 (greedy's choice)",
    "mistake": "points: at skill 0.5 an option this much worse than the best is taken e^-1 = 0.37 "
               "times as often (1: a coin, the smallest gap greedy's values often show)",
    "coin": "what a coin kept is worth, in points, in greedy's values",
    "seat_0": "seat 0's own skill (-1: skill)",
    "seat_1": "seat 1's own skill (-1: skill)",
    "seat_2": "seat 2's own skill (-1: skill)",
    "seat_3": "seat 3's own skill (-1: skill)",
    "rival_skill": "with --rivals same, the other seats' skill (0.5: a table of average players, "
                   "so a curve over `skill` is one player's against the same rivals; -1: every "
                   "seat at `skill`); a seat's own seat_q wins over it",
}
BOUNDS = {"skill": (0.0, 1.0, None), "mistake": (1e-6, 100.0, None),
          **{f"seat_{q}": (0.0, 1.0, -1.0) for q in range(4)}, "rival_skill": (0.0, 1.0, -1.0)}
P_SKILL, P_MISTAKE, P_COIN, P_SEAT_0, P_RIVAL_SKILL = 0, 1, 2, 3, 7
