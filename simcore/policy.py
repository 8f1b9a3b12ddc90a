"""Game-independent decision kernels: the strategies every game gets for free.

A game's kernel enumerates the legal options of a decision into an array and asks
`choose_generic(strategy_id, ...)` (through its own `decide`) for an index into it. Strategy ids
are plain ints so every strategy compiles once into the game kernel; `strategies/` maps names
to ids and holds their descriptions and parameters.
"""
import numpy as np

from .jit import njit
from .rng import randint, uniform

FIRST = 0     # always option 0: deterministic, for tests and baselines
RANDOM = 1    # uniform over the legal options, from the game's policy stream
SCRIPTED = 2  # the i-th decision takes option params[i] (then option 0): scenario tests
N_GENERIC = 3
PLUGIN = 99   # a strategy written in Python by a user, called back per decision (simcore.plugins)
# The generic skill scale, for a game without a `skill` of its own: at each decision, with
# probability `skill` the strong strategy's answer, otherwise random's. Its id is outside the
# chooser tables (simcore.linked: ids 0..31, the games' own from N_GENERIC up): the harness's
# `decide` plays it in a branch of its own, asking the strong strategy itself.
SKILL = 98
# its parameter row (a seat's st.par[p]): the skill, the rivals' skill (read when the seats are
# filled: simcore.seating.seat_table), the strong strategy's id, then that strategy's parameters
P_SKILL, P_RIVAL_SKILL, P_STRONG, P_STRONG_PARAMS = range(4)


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


@njit(inline="always")
def plays_strong(rng_states, policy_stream, skill):
    """Does a seat of `skill` take the strong strategy's answer at this decision (SKILL)? At
    skill 1 always and at 0 never, without a draw (skill 0 then plays random's very draws, 1 the
    strong strategy's very games); between, with probability `skill` (one draw of the policy
    stream)."""
    if skill >= 1.0:
        return True
    if skill <= 0.0:
        return False
    return uniform(rng_states, policy_stream) < skill


@njit(inline="always")
def seat_skill(params, seat, focal, p_skill, p_rival_skill=-1, p_seat_0=-1):
    """The skill a game's skill scale plays `seat` at: the seat's own (params[p_seat_0 + seat])
    unless -1, else for a seat other than the `focal` one the rivals' (params[p_rival_skill])
    unless -1, else `skill` (params[p_skill]). A scale without seats' own skills or without
    rivals passes -1 for that index."""
    if p_seat_0 >= 0:
        s = params[p_seat_0 + seat]
        if s >= 0.0:
            return s
    if p_rival_skill >= 0 and seat != focal:
        r = params[p_rival_skill]
        if r >= 0.0:
            return r
    return params[p_skill]
