"""The `skill` scale's parameters (strategies/hobbit/skill.py), apart from its kernels so that
registering the strategy compiles nothing. The vector holds these first, then greedy's
weights (greedy_params.PARAMS, read at offset GREEDY_AT)."""
from simcore.games.hobbit.consts import MAX_PLAYERS

OWN_PARAMS = {
    "skill": 0.5,       # 0 plays like random, 1 like greedy
    "mistake": 1.0,     # points: at skill 0.5 an option this much worse is taken e^-1 as often
    **{f"seat_{q}": -1.0 for q in range(MAX_PLAYERS)},   # a seat's own skill; -1: `skill`
    "rival_skill": 0.5,   # the rivals' skill with --rivals same (-1: `skill`, every seat alike)
}
PARAM_HELP = {
    "skill": "from 0 (uniform over the legal options, random's very draws) to 1 (greedy's choice)",
    "mistake": "points: at skill 0.5 an option this much worse than the best is taken e^-1 = 0.37 "
               "times as often (1: about a Power early, a VP late)",
    **{f"seat_{q}": f"seat {q}'s own skill (-1: skill)" for q in range(MAX_PLAYERS)},
    "rival_skill": "with --rivals same, the other seats' skill (0.5: a table of average players, "
                   "so a curve over `skill` is one player's against the same rivals; -1: every "
                   "seat at `skill`); a seat's own seat_q wins over it",
}
BOUNDS = {"skill": (0.0, 1.0, None), "mistake": (1e-6, 100.0, None),
          **{f"seat_{q}": (0.0, 1.0, -1.0) for q in range(MAX_PLAYERS)},
          "rival_skill": (0.0, 1.0, -1.0)}
P_SKILL, P_MISTAKE, P_SEAT_0 = 0, 1, 2
P_RIVAL_SKILL = P_SEAT_0 + MAX_PLAYERS
GREEDY_AT = len(OWN_PARAMS)      # where greedy's weights start in the vector
