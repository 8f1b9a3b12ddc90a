"""The scores of a placement decision: the context its options share, read once per decision
(`place_context`), then each option's value: what performing the action brings, less its cost
and the dice's expected harm."""
from typing import NamedTuple

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.rules.query import next_free_space
from simcore.jit import njit

from .params import P_CAKE, P_PARTIAL, P_SPARE, W_STRANDED, W_STREAK_BREAK, W_STREAK_STEP
from .needs import cake_open, res_value
from .harms import danger_harm, dice_harms
from .values import action_value, different_value, instant_value, rescue_value


NO_ROOF = 1e9      # cheapest_roof_value when every house is built


class PlaceContext(NamedTuple):
    """What the scores of a placement decision's options share (place_context): built once per
    decision in a kernel, read by field (a heterogeneous tuple, compiled as one)."""
    berry: float             # the value of a unit of each resource (res_value; K.BERRY, LOG, STONE)
    log: float
    stone: float
    streak_cake_open: bool   # a cake that needs a danger streak is open (cake_open)
    rescue: float            # what a rescue brings (rescue_value)
    different: float         # what two different resources bring (different_value)
    danger_harm: float       # a roll of the danger die in force, valued (dice_harms)
    azrael_harm: float       # a roll of the Azrael die, valued


@njit
def place_context(R, C, st, params):
    """What the scores of a placement decision's options share, read once per decision: the
    value of a unit of each resource, whether a danger-streak cake is open, what a rescue and
    two different resources bring (action_value's values that depend on no action), and the
    valued harm of a roll of the danger die in force and of the Azrael die."""
    v0 = res_value(R, C, st, params, 0)
    v1 = res_value(R, C, st, params, 1)
    v2 = res_value(R, C, st, params, 2)
    danger, azrael = dice_harms(R, C, st, params, v0, v1, v2, True)
    return PlaceContext(v0, v1, v2, cake_open(R, C, st, K.CAKE_DANGER_STREAK),
                        rescue_value(R, C, st, params), different_value(v0, v1, v2), danger, azrael)


@njit(inline="always")
def placed_action_value(R, C, st, params, pc, a):
    """action_value(a) in a placement decision: the frequent effects from the values its
    context read once (`pc`: place_context), the others asked."""
    eff = R.act[a, T.A_EFFECT]
    if eff == K.ACT_COLLECT:
        r = R.act[a, T.A_RES]
        return R.act[a, T.A_AMOUNT] * (pc.berry if r == 0 else (pc.log if r == 1 else pc.stone))
    if eff == K.ACT_RESCUE:
        return pc.rescue
    if eff == K.ACT_COLLECT_DIFFERENT:
        return pc.different
    return action_value(R, C, st, params, a)


@njit
def cheapest_roof_value(R, C, st, params):
    """The cheapest unbuilt roof valued as spare resources (NO_ROOF if every house is built)."""
    best = NO_ROOF
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0:
            c = 0.0
            for r in range(K.N_RES):
                c += R.roof_cost[st.house_roof[h], r] * params[P_SPARE]
            best = min(best, c)
    return best


@njit(inline="always")
def cost_value(R, C, st, params, pc, a):
    """The printed cost of action a (and for a build the cheapest unbuilt roof), valued
    (`pc`: place_context)."""
    loc = R.act[a, T.A_LOC]
    # unrolled: one resource's value is one field of the context
    v = 0.0
    v += (R.act[a, T.A_COST + 0] + st.loc_mod[loc, S.LM_EXTRA + 0]) * pc.berry
    v += (R.act[a, T.A_COST + 1] + st.loc_mod[loc, S.LM_EXTRA + 1]) * pc.log
    v += (R.act[a, T.A_COST + 2] + st.loc_mod[loc, S.LM_EXTRA + 2]) * pc.stone
    if R.act[a, T.A_EFFECT] == K.ACT_BUILD:
        roof = cheapest_roof_value(R, C, st, params)
        if roof < NO_ROOF:
            v += roof
    return v


@njit
def invention_place_score(R, C, st, params, opt):
    """The value of placing this turn's meeple on new-action invention `opt` (N_ACTIONS +
    crafted slot): compiled once, asked by every placement scoring."""
    card = st.inv[S.I_CRAFTED, opt - K.N_ACTIONS]
    if R.inv_op[card, K.OP_COLLECT, K.OPV_ON]:
        v = R.inv_op[card, K.OP_COLLECT, K.OPV_AMOUNT] * res_value(R, C, st, params, R.inv_op[card, K.OP_COLLECT, K.OPV_RES])
        cr = R.inv_op[card, K.OP_COLLECT, K.OPV_COST_RES]
        if cr >= 0:
            v -= R.inv_op[card, K.OP_COLLECT, K.OPV_COST] * res_value(R, C, st, params, cr)
        return v
    return instant_value(R, C, st, params, R.inv_op, R.inv_ops[card], card)


@njit(inline="always")
def place_score(R, C, st, params, pc, opt):
    """The value of placing this turn's meeple on option `opt` (`pc`: place_context)."""
    if opt >= K.N_ACTIONS:   # a new-action invention
        return invention_place_score(R, C, st, params, opt)
    a = opt
    if completes(R, C, st, a):
        v = completion_value(R, C, st, params, pc, a)
    else:
        # a first space pays off only if a later meeple this round fills the action
        v = placed_action_value(R, C, st, params, pc, a) * params[P_PARTIAL] if st.sc[S.S_ESPLANADE] > 1 else -W_STRANDED
    if R.act[a, T.A_LOC] == st.sc[S.S_AZRAEL]:
        v -= pc.azrael_harm
    return v


@njit(inline="always")
def completes(R, C, st, a):
    """Does a meeple placed on action a now fill it (so it is performed)?"""
    return next_free_space(R, st, a) == R.act[a, T.A_SPACES] - 1


@njit(inline="always")
def completion_value(R, C, st, params, pc, a):
    """Performing action a now: what it brings, less its cost and the dice's expected harm
    (`pc`: place_context)."""
    loc = R.act[a, T.A_LOC]
    v = placed_action_value(R, C, st, params, pc, a) - cost_value(R, C, st, params, pc, a)
    if R.act[a, T.A_DANGER] or st.loc_mod[loc, S.LM_DANGER]:
        if pc.streak_cake_open:
            v += params[P_CAKE] * W_STREAK_STEP
        v -= pc.danger_harm
    elif pc.streak_cake_open and st.sc[S.S_DANGER_STREAK] > 0:
        v -= params[P_CAKE] * W_STREAK_BREAK * st.sc[S.S_DANGER_STREAK]
    return v
