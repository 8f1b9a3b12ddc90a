"""What an action, an invention, a card and a state are worth to the team: the values greedy's
scores (heuristics.py), the planner's placements (placement.py, planner.py) and a rollout's
evaluation of where a playout stopped (`state_value`, rollout.py) are built from."""
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.rules.query import carries
from simcore.jit import njit

from .params import (P_BUILD, P_CAKE, P_CRAFT, P_NEED, P_NEST, P_RELOCATE, P_RESCUE, P_SPARE,
                     W_BUILD_DISCOUNT, W_CAKE_STEP, W_CARD_HELP, W_CARD_LIMIT, W_COLLECT_DELTA,
                     W_COLLECT_MORE, W_CRAFT_DISCOUNT, W_DRAW, W_EXTRA_CARD, W_EXTRA_COST,
                     W_EXTRA_MEEPLE, W_EXTRA_PILE, W_FORCE_DANGER, W_GUARD, W_HUNGRY_NEST,
                     W_IGNORE_ROLL, W_KEEP_LOST, W_NEW_ACTION, W_PREPARE, W_RESCUE_HELP,
                     W_RESCUE_HELP_LATE, W_REVEAL, W_SECOND_LOST, W_SHIELD, W_SINGLE_USE,
                     W_STOCK_PROGRESS, W_WASTED_FREE, W_WASTED_PREPARE)
from .needs import cake_open, objectives, res_value, starting_cards_left
from .harms import danger_harm


WON = 1000.0       # a playout's score for a won game; a lost one scores WON less than where
                   # it stood (larger than any sum of weights a game can reach)


@njit
def rescue_value(R, C, st, params):
    """What a rescue brings (HV-L07): a lost Smurf (or a card of the additional pile), a meeple
    freed from the nest."""
    v = 0.0
    if st.pile_n[S.P_FOREST] > 0:
        v += params[P_RESCUE]
        if cake_open(R, C, st, K.CAKE_RESCUES_IN_ROUND):
            v += params[P_CAKE] * W_CAKE_STEP
    elif st.pile_n[S.P_EXTRA] > 0:
        v += W_EXTRA_PILE
    if st.sc[S.S_NEST] > 0:
        v += params[P_NEST] * (W_HUNGRY_NEST if C.hungry else 1.0)
    return v


@njit(inline="always")
def different_value(v0, v1, v2):
    """Two different resources of the three, valued v0, v1, v2: the two best."""
    return v0 + v1 + v2 - min(v0, min(v1, v2))


@njit
def build_value(R, C, st, params):
    v = params[P_BUILD]
    if cake_open(R, C, st, K.CAKE_BUILDS_IN_ROUND) or cake_open(R, C, st, K.CAKE_HOUSES_BUILT):
        v += params[P_CAKE] * W_CAKE_STEP
    return v


@njit
def action_value(R, C, st, params, a):
    """What performing action a brings (before its costs and risks)."""
    eff = R.act[a, T.A_EFFECT]
    if eff == K.ACT_RESCUE:
        return rescue_value(R, C, st, params)
    if eff == K.ACT_COLLECT:
        return R.act[a, T.A_AMOUNT] * res_value(R, C, st, params, R.act[a, T.A_RES])
    if eff == K.ACT_COLLECT_DIFFERENT:
        return different_value(res_value(R, C, st, params, 0), res_value(R, C, st, params, 1),
                               res_value(R, C, st, params, 2))
    if eff == K.ACT_CRAFT_FREE:
        best = 0.0
        for i in range(st.inv_n[S.I_IDEAS]):
            best = max(best, inv_value(R, C, st, params, st.inv[S.I_IDEAS, i]))
        return best
    if eff == K.ACT_REVEAL_IDEAS:
        return W_REVEAL * min(R.act[a, T.A_AMOUNT], st.inv_n[S.I_DECK])
    if eff == K.ACT_RELOCATE:
        return params[P_RELOCATE] if starting_cards_left(R, C, st, 1) > 0 else 0.0
    if eff == K.ACT_BUILD:
        return build_value(R, C, st, params)
    return 0.0


@njit
def instant_value(R, C, st, params, table, ops, card):
    """The value of resolving a card's instant ops now (`ops`: its op mask, Rules.smurf_ops or
    Rules.inv_ops, tested instead of the table's rows)."""
    v = 0.0
    if ops & K.INSTANT_BITS == 0:
        return v
    if carries(ops, K.OP_DRAW):
        v += W_DRAW * table[card, K.OP_DRAW, K.OPV_AMOUNT]
    if ops & _GAIN_BITS:
        best_res = max(res_value(R, C, st, params, 0), max(res_value(R, C, st, params, 1), res_value(R, C, st, params, 2)))
        if carries(ops, K.OP_GAIN_CHOICE):
            v += best_res * table[card, K.OP_GAIN_CHOICE, K.OPV_AMOUNT]
        if carries(ops, K.OP_GAIN_SAME):
            v += best_res * table[card, K.OP_GAIN_SAME, K.OPV_AMOUNT]
    if carries(ops, K.OP_FREE_NEST):
        v += params[P_NEST] if st.sc[S.S_NEST] > 0 else -W_WASTED_FREE
    if carries(ops, K.OP_DRAW_LOST):
        v += params[P_RESCUE] if st.pile_n[S.P_FOREST] > 0 else W_EXTRA_CARD
    if carries(ops, K.OP_REVEAL_IDEAS):
        v += W_REVEAL * table[card, K.OP_REVEAL_IDEAS, K.OPV_AMOUNT]
    if carries(ops, K.OP_PREPARE_CAKE):
        open_cakes = 0
        for i in range(st.sc[S.S_N_CAKES]):
            open_cakes += 1 - st.cake_done[i]
        v += params[P_CAKE] * W_PREPARE if open_cakes > 0 else -W_WASTED_PREPARE
    if carries(ops, K.OP_LOSE):
        v -= table[card, K.OP_LOSE, K.OPV_AMOUNT] * res_value(R, C, st, params, table[card, K.OP_LOSE, K.OPV_RES])
    if carries(ops, K.OP_ROLL_DANGER):
        v -= danger_harm(R, C, st, params)
    if carries(ops, K.OP_CRAFT_DISCOUNT):
        v += W_CRAFT_DISCOUNT
    return v


@njit
def inv_value(R, C, st, params, card):
    """How much a crafted invention is worth keeping (or crafting)."""
    ops = R.inv_ops[card]
    v = 0.0
    if R.inv[card, T.INV_TYPE] == K.INV_SINGLE_USE:
        v += W_SINGLE_USE * max(instant_value(R, C, st, params, R.inv_op, ops, card), 0.0)
    elif R.inv[card, T.INV_TYPE] == K.INV_NEW_ACTION:
        if carries(ops, K.OP_COLLECT):
            v += W_NEW_ACTION * R.inv_op[card, K.OP_COLLECT, K.OPV_AMOUNT] * params[P_NEED]
        else:
            v += W_NEW_ACTION * max(instant_value(R, C, st, params, R.inv_op, ops, card), 0.0)
    if ops & _KEEP_BITS == 0:
        return v * params[P_CRAFT]
    if carries(ops, K.OP_EXTRA_MEEPLE):
        v += W_EXTRA_MEEPLE
    # a Shovel's or a Wardrobe's effect serves every turn while durable, once when single-use
    # (the data's alternative readings): then it counts the single-use share
    once = W_SINGLE_USE if R.inv[card, T.INV_TYPE] == K.INV_SINGLE_USE else 1.0
    if carries(ops, K.OP_COLLECT_EXTRA_SAME):
        v += W_COLLECT_MORE * once
    if carries(ops, K.OP_SECOND_LOST):
        v += W_SECOND_LOST * once if st.pile_n[S.P_FOREST] > 1 else 0.0
    if carries(ops, K.OP_BUILD_DISCOUNT):
        v += W_BUILD_DISCOUNT
    if carries(ops, K.OP_IGNORE_DANGER):
        v += W_IGNORE_ROLL
    if carries(ops, K.OP_SHORTAGE_REDUCE) or carries(ops, K.OP_NO_CRACOUCASS_DISCARD):
        v += W_GUARD
    if carries(ops, K.OP_NO_HOUSE_DESTROY) or carries(ops, K.OP_AZRAEL_SLOW):
        v += W_SHIELD
    if carries(ops, K.OP_CRAFT_DISCOUNT):
        v += W_CRAFT_DISCOUNT
    return v * params[P_CRAFT]


# what card_value and inv_value read of a card, as op masks (a card carries one or two ops:
# most tests below are skipped by one test of the mask)
_GAIN_BITS = K.op_bits(K.OP_GAIN_CHOICE, K.OP_GAIN_SAME)
_HELPS = (K.OP_COLLECT_IDENTICAL, K.OP_COLLECT_ANY_TYPE, K.OP_COLLECT_EXTRA_SAME,
          K.OP_COLLECT_BONUS, K.OP_COLLECT_ALSO, K.OP_SKIP_DANGER, K.OP_SKIP_AZRAEL,
          K.OP_DISCOUNT, K.OP_BUILD_DISCOUNT, K.OP_PERFORM_REVEAL_IDEAS)
_LIMITS = (K.OP_FORBID_LOCATIONS, K.OP_LAZY, K.OP_BABY, K.OP_VAIN, K.OP_NO_DANGEROUS,
           K.OP_ONE_SPACE_ONLY, K.OP_AVOID_AZRAEL, K.OP_NO_INVENTIONS)
_HELP_BITS = K.op_bits(*_HELPS)
_LIMIT_BITS = K.op_bits(*_LIMITS)
_LASTING_BITS = _HELP_BITS | _LIMIT_BITS | K.op_bits(
    K.OP_RESCUE_GAIN_DIFFERENT, K.OP_RESCUE_SECOND_DRAW, K.OP_COLLECT_DELTA, K.OP_EXTRA_COST,
    K.OP_FORCE_DANGER)
_KEEP_BITS = K.op_bits(K.OP_EXTRA_MEEPLE, K.OP_COLLECT_EXTRA_SAME, K.OP_SECOND_LOST,
                       K.OP_BUILD_DISCOUNT, K.OP_IGNORE_DANGER, K.OP_SHORTAGE_REDUCE,
                       K.OP_NO_CRACOUCASS_DISCARD, K.OP_NO_HOUSE_DESTROY, K.OP_AZRAEL_SLOW,
                       K.OP_CRAFT_DISCOUNT)


@njit
def card_value(R, C, st, params, card):
    """How good it is to play Smurf card `card` now (its instant effects and its lasting
    help, less its limits and harms)."""
    ops = R.smurf_ops[card]
    # instant_value is 0.0 for a card without instant ops: the call is skipped (most cards)
    v = instant_value(R, C, st, params, R.smurf_op, ops, card) if ops & K.INSTANT_BITS else 0.0
    if ops & _LASTING_BITS == 0:
        return v
    if ops & _HELP_BITS:
        for op in _HELPS:
            if carries(ops, op):
                v += W_CARD_HELP
    if carries(ops, K.OP_RESCUE_GAIN_DIFFERENT) or carries(ops, K.OP_RESCUE_SECOND_DRAW):
        v += W_RESCUE_HELP if st.pile_n[S.P_FOREST] > 0 else W_RESCUE_HELP_LATE
    if ops & _LIMIT_BITS:
        for op in _LIMITS:
            if carries(ops, op):
                v -= W_CARD_LIMIT
    if carries(ops, K.OP_COLLECT_DELTA):
        v += W_COLLECT_DELTA * R.smurf_op[card, K.OP_COLLECT_DELTA, K.OPV_AMOUNT]
    if carries(ops, K.OP_EXTRA_COST):
        v -= W_EXTRA_COST
    if carries(ops, K.OP_FORCE_DANGER):
        v -= danger_harm(R, C, st, params) * W_FORCE_DANGER
    return v


@njit
def keep_value(R, C, st, params, card):
    """How much the team wants to keep Smurf card `card` (for discards and relocation)."""
    v = card_value(R, C, st, params, card)
    if R.smurf_kind[card] != K.KIND_STARTING:
        v += W_KEEP_LOST
    return v


@njit
def state_value(R, C, st, params):
    """How far the team is from victory, on greedy's scale (a rollout's evaluation of where a
    playout stopped). Each objective left costs its weight (`rescue`, `build`, `cake`; `nest`
    per meeple in the nest). Resources count toward the houses: a unit the remaining houses
    and cakes need is worth 80% of its share of the unbuilt houses' `build` value, so building
    a house (its weight for its cost) is progress; a unit nobody needs is worth `spare`.
    Crafted inventions count their value. A won game is worth 1000, a lost one 1000 less
    than where it stood."""
    if st.sc[S.S_OUTCOME] == K.WIN:
        return WON
    v = -params[P_RESCUE] * st.pile_n[S.P_FOREST] - params[P_NEST] * st.sc[S.S_NEST]
    houses_left = 0
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0:
            houses_left += 1
    v -= params[P_BUILD] * houses_left
    for i in range(st.sc[S.S_N_CAKES]):
        if st.cake_done[i] == 0:
            v -= params[P_CAKE]
    useful = 0
    required = 0
    req = objectives(R, C, st)
    for r in range(K.N_RES):
        total = req.units[r]   # what the remaining objectives require
        u = min(st.stock[r], total) if total > 0 else 0
        useful += u
        required += total if total > 0 else 0
        v += params[P_SPARE] * (st.stock[r] - u)
    if required > 0:
        v += W_STOCK_PROGRESS * params[P_BUILD] * houses_left * useful / required
    for i in range(st.inv_n[S.I_CRAFTED]):
        v += inv_value(R, C, st, params, st.inv[S.I_CRAFTED, i])
    if st.sc[S.S_OUTCOME] == K.LOSS:
        v -= WON
    return v
