"""Game-independent decision kernels: the strategies every game gets for free.

A game's kernel enumerates the legal options of a decision into an array and asks
`choose_generic(strategy_id, ...)` (through its own `decide`) for an index into it. Strategy ids
are plain ints so every strategy compiles once into the game kernel; `strategies/` maps names
to ids and holds their descriptions and parameters.
"""
import numpy as np

from .jit import njit
from .rng import randint

FIRST = 0     # always option 0: deterministic, for tests and baselines
RANDOM = 1    # uniform over the legal options, from the game's policy stream
SCRIPTED = 2  # the i-th decision takes option params[i] (then option 0): scenario tests
N_GENERIC = 3
PLUGIN = 99   # a strategy written in Python by a user, called back per decision (simcore.plugins)


@njit(inline="always")
def choose_generic(strategy_id, rng_states, policy_stream, n_options, params, decision_no):
    """`decision_no` counts the decisions asked so far in this game (for SCRIPTED)."""
    if strategy_id == FIRST:
        return 0
    if strategy_id == RANDOM:
        return randint(rng_states, policy_stream, n_options)
    if strategy_id == SCRIPTED:
        if decision_no < len(params):
            return np.int64(params[decision_no])
        return 0
    return -1
