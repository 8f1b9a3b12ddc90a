"""The cake race's strategies by id: the slot each binds in the rules' chooser table
(simcore.linked) and the kernel_id it is registered under (strategies/cake_race/__init__.py),
and their parameter vectors (name -> default, in order). The rules name none of them: the
`rivals` option finds threshold and adaptive in the strategy registry by name."""
THRESHOLD = 10
ADAPTIVE = 11
SKILL = 12
THRESHOLD_PARAMS = {"k": 5.0}

# (name, default, what it weighs): adaptive's parameters, then the skill scale's (which reads
# adaptive's valuation, so its vector begins with adaptive's)
ADAPTIVE_TABLE = [
    ("max_k", 10.0, "the most cakes carried before leaving the cake, whatever the odds"),
    ("catch_risk", 0.6, "the assumed chance that a chase ends in a catch"),
    ("lead_weight", 1.0, "how much being behind the best rival (in cakes) pushes to stay"),
]
ADAPTIVE_PARAMS = {name: default for name, default, _ in ADAPTIVE_TABLE}
SKILL_TABLE = ADAPTIVE_TABLE + [
    ("skill", 0.5, "0 plays like random, 1 like adaptive; between, a softmax over adaptive's "
                   "values of the options"),
    ("mistake", 1.0, "the value gap, in cakes, a skill-0.5 player overlooks: an option that "
                     "much worse than the best is chosen e^-1 times as often (1: the median gap "
                     "between staying and leaving in adaptive's own decisions)"),
    ("step", 0.1, "the worth in cakes of a step nearer the goal, to weigh moves on the cakes' "
                  "scale (adaptive secures about 0.09 cakes per step walked, 2 players)"),
    ("rival_skill", 0.5, "the rivals' skill when they play the skill scale too (--rivals same): "
                         "a table of average players; -1: the focal seat's `skill`"),
]
SKILL_PARAMS = {name: default for name, default, _ in SKILL_TABLE}
PARAM_HELP = {name: text for name, _, text in SKILL_TABLE}
# a parameter's index in the skill scale's vector (adaptive's are its first three)
P_MAX_K, P_CATCH_RISK, P_LEAD_WEIGHT, P_SKILL, P_MISTAKE, P_STEP, P_RIVAL_SKILL = range(7)
assert list(SKILL_PARAMS) == ["max_k", "catch_risk", "lead_weight", "skill", "mistake", "step",
                              "rival_skill"]
