"""Hidden Village's own strategies: their ids and their parameter vectors (names, defaults and
the index of each in the vector). Plain constants: `strategies/hidden_village/__init__.py`
registers the strategies from them without importing (and so compiling) their kernels."""
GREEDY = 3    # strategy ids (simcore.policy's generic ids are 0..2)
PLANNER = 4
ROLLOUT = 5

# the parameter vector of greedy: names and defaults (the weights of heuristics.py's values)
GREEDY_PARAMS = {
    "rescue": 10.0,    # a lost Smurf drawn from the Dark Forest
    "nest": 4.0,       # a meeple freed from the nest
    "build": 12.0,     # a house built
    "need": 3.0,       # a resource unit the remaining houses and cakes still need
    "spare": 0.5,      # a resource unit nobody needs yet
    "partial": 0.45,   # share of an action's value for taking its first of two spaces
    "danger": 2.0,     # expected harm of a danger-die roll
    "azrael": 1.5,     # expected harm of an Azrael-die roll
    "craft": 1.0,      # scale of an invention's value
    "relocate": 2.5,   # relocating a starting Smurf
    "cake": 6.0,       # a step that completes a cake
}
_P = {name: i for i, name in enumerate(GREEDY_PARAMS)}
P_RESCUE, P_NEST, P_BUILD, P_NEED, P_SPARE, P_PARTIAL, P_DANGER, P_AZRAEL, P_CRAFT, \
    P_RELOCATE, P_CAKE = (_P[k] for k in GREEDY_PARAMS)

# the planner: greedy's parameters, then its own
PLANNER_PARAMS = dict(GREEDY_PARAMS)
PLANNER_PARAMS.update({
    "finish": 3.0,     # filling the second space of a 2-space action a partner opened
    "open": 1.0,       # scale of the value of opening a 2-space action (per meeple: half)
})
P_FINISH = list(PLANNER_PARAMS).index("finish")
P_OPEN = list(PLANNER_PARAMS).index("open")

# the rollout: the planner's parameters, then its own
ROLLOUT_PARAMS = dict(PLANNER_PARAMS)
ROLLOUT_PARAMS.update({
    "samples": 2.0,    # playouts per option (the same imagined futures for every option)
    "rounds": 0.0,     # rounds played after the current one before a playout is scored
    "base": float(PLANNER),   # the strategy of the playouts and of the other decisions
})
P_SAMPLES = list(ROLLOUT_PARAMS).index("samples")
P_ROUNDS = list(ROLLOUT_PARAMS).index("rounds")
P_BASE = list(ROLLOUT_PARAMS).index("base")
