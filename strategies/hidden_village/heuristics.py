"""The valuations Hidden Village's own strategies share: greedy's scores of every option
(greedy.py takes the best), which the planner (planner.py) plays as a team over the round, and
the value of a state a rollout's playout reaches (`state_value`, rollout.py).

`greedy` scores every legal option of a decision by its immediate value for the three
objectives (lost Smurfs rescued, houses built, cakes prepared), the resources the remaining
houses and cakes need, and the expected harm of the dice and of Azrael, then takes the best
(ties: the first). It never looks ahead and never reads the order of a deck.

The weights are the strategies' parameters (params.py).
"""
from typing import NamedTuple

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.rules.query import carries, next_free_space
from simcore.jit import njit

from .params import (P_AZRAEL, P_BUILD, P_CAKE, P_CRAFT, P_DANGER, P_NEED, P_NEST, P_PARTIAL,
                     P_RELOCATE, P_RESCUE, P_SPARE, W_AZRAEL_STEP, W_BUILD_DISCOUNT, W_CAKE_STEP,
                     W_CARD_HELP, W_CARD_LIMIT, W_CARD_LOSS, W_COLLECT_DELTA, W_COLLECT_MORE,
                     W_CRAFT_DISCOUNT, W_DRAW, W_EXTRA_CARD, W_EXTRA_COST, W_EXTRA_MEEPLE,
                     W_EXTRA_PILE, W_FORCE_DANGER, W_GUARD, W_HUNGRY_NEST, W_IGNORE_ROLL,
                     W_INVENTION_LOSS, W_KEEP_LOST, W_KIDNAP, W_NEW_ACTION, W_PREPARE,
                     W_RELOCATE_LOST, W_RESCUE_HELP, W_RESCUE_HELP_LATE, W_REVEAL, W_SECOND_LOST,
                     W_SHIELD, W_SINGLE_USE, W_STOCK_PROGRESS, W_STRANDED, W_STREAK_BREAK,
                     W_STREAK_STEP, W_USE_NOW, W_WASTED_FREE, W_WASTED_PREPARE, W_ZONE_FULL)

# Numbers below that are not weights: 0.0 (an option that changes nothing), the ranks of
# yes/no decisions, and these two.
TIE_BREAK = 0.01   # orders options of equal value by how much of a resource is still needed
                   # (small enough never to outweigh a weight: weights are >= 0.1)
PREFER = 1.0       # the rank of the answer greedy prefers in a yes/no decision it settles by
                   # rule, not by value (use a second draw; never rewind Gargamel)
ILLEGAL = -1e18    # the score of an option the rules forbid, and where a best score starts
NO_ROOF = 1e9      # cheapest_roof_value when every house is built
NO_UNIT = 1e9      # result_costs before it finds a resource the team holds
WON = 1000.0       # a playout's score for a won game; a lost one scores WON less than where
                   # it stood (larger than any sum of weights a game can reach)


@njit
def need(R, C, st, r):
    """Units of resource r the unbuilt houses and the unprepared stock cakes still lack."""
    if counts_current(st):
        return st.scratch[S.X_REQ_0 + r] - st.stock[r]
    return objectives(R, C, st)[r] - st.stock[r]


@njit(inline="always")
def counts_current(st):
    """Do REQ_* and CAKES_OPEN hold what the objectives require now? They do until a rule
    builds or destroys a house or prepares a cake (S_OBJ_VER). A state whose houses or cakes
    are edited from Python outside the rules needs st.scratch[X_REQ_VER] = 0."""
    return st.scratch[S.X_REQ_VER] == st.sc[S.S_OBJ_VER] + 1


@njit(inline="always")   # typed into the two choosers: most decisions find the counts current
def cache_requirements(R, C, st):
    """Count what the objectives require, unless the counts kept are current: a decision's
    options then read them instead of recounting the houses and cakes."""
    if not counts_current(st):
        recount_requirements(R, C, st)


@njit
def recount_requirements(R, C, st):
    req0, req1, req2, cakes = objectives(R, C, st)
    st.scratch[S.X_REQ_0] = req0
    st.scratch[S.X_REQ_1] = req1
    st.scratch[S.X_REQ_2] = req2
    st.scratch[S.X_CAKES_OPEN] = cakes
    st.scratch[S.X_REQ_VER] = st.sc[S.S_OBJ_VER] + 1


@njit
def objectives(R, C, st):
    """(units of each resource the unbuilt houses and the unprepared stock cakes require, the
    mask of the requirement kinds (consts.CAKE_*) of the unprepared cakes), in one pass."""
    n0 = 0
    n1 = 0
    n2 = 0
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0:
            roof = st.house_roof[h]
            n0 += R.roof_cost[roof, 0]
            n1 += R.roof_cost[roof, 1]
            n2 += R.roof_cost[roof, 2]
    cakes = 0
    for i in range(st.sc[S.S_N_CAKES]):
        if st.cake_done[i] == 0:
            c = st.cake[i]
            req = R.cake[c, T.CAKE_REQ]
            cakes |= 1 << req
            if req == K.CAKE_STOCK_EACH:
                m = R.cake[c, T.CAKE_N]
                n0 = max(n0, m)
                n1 = max(n1, m)
                n2 = max(n2, m)
            elif req == K.CAKE_STOCK_OF:
                r = R.cake[c, T.CAKE_RES]
                m = R.cake[c, T.CAKE_N]
                if r == 0:
                    n0 = max(n0, m)
                elif r == 1:
                    n1 = max(n1, m)
                elif r == 2:
                    n2 = max(n2, m)
            elif req == K.CAKE_STOCK_TOTAL:
                m = (R.cake[c, T.CAKE_N] + 2) // 3
                n0 = max(n0, m)
                n1 = max(n1, m)
                n2 = max(n2, m)
    return n0, n1, n2, cakes


@njit
def res_value(R, C, st, params, r):
    return params[P_NEED] if need(R, C, st, r) > 0 else params[P_SPARE]


@njit
def cake_open(R, C, st, req):
    """Is a cake with requirement kind `req` still unprepared?"""
    if counts_current(st):
        return (st.scratch[S.X_CAKES_OPEN] >> req) & 1 != 0
    return (objectives(R, C, st)[3] >> req) & 1 != 0


@njit
def starting_cards_left(R, C, st, at_most=1 << 30):
    """Starting Smurf cards in the hands and the discard pile, counted up to `at_most` (the
    count stops there: `at_most=1` asks whether any is left)."""
    n = 0
    for p in range(C.players):
        for s in range(st.hand_n[p]):
            if R.smurf_kind[st.hand[p, s]] == K.KIND_STARTING:
                n += 1
                if n >= at_most:
                    return n
    for i in range(st.pile_n[S.P_DISCARD]):
        if R.smurf_kind[st.piles[S.P_DISCARD, i]] == K.KIND_STARTING:
            n += 1
            if n >= at_most:
                return n
    return n


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


@njit(inline="always")   # typed into dice_harms and ignore_score: its tuple stays in registers
def result_costs(R, C, st, params, v0, v1, v2):
    """What each kind of die result costs the team now, on greedy's scale (a gain is a
    negative cost), indexed by consts.FACE_*: a resource unit lost to a shortage is the team's
    least useful held unit, a find its most useful one (`v0`..`v2`: the value of a unit of
    each resource); a Cracoucass attack takes a meeple for the round (or until freed, under
    the Hungry Cracoucass) and a card. Then, at index FACE_NOTHING, the units the team's
    inventions take off every shortage. The die's faces (data) say which results a roll can
    bring; `die_harm` weighs them."""
    held = NO_UNIT   # the team loses its least useful units first
    if st.stock[0] > 0:
        held = v0
    if st.stock[1] > 0:
        held = min(held, v1)
    if st.stock[2] > 0:
        held = min(held, v2)
    attack = 0.0
    if st.sc[S.S_ESPLANADE] > 0:   # a meeple to take: for the round, or until freed
        attack += params[P_NEST] * W_HUNGRY_NEST if C.hungry else W_KIDNAP
    reduce = 0
    guarded = False
    # one pass over the crafted inventions (inv_slot, inv_sum), if one carries either op
    if not st.sc[S.S_NO_INV] and st.sc[S.S_CRAFTED_OPS] & (_NO_DISCARD_BIT | _REDUCE_BIT):
        for i in range(st.inv_n[S.I_CRAFTED]):
            card = st.inv[S.I_CRAFTED, i]
            ops = R.inv_ops[card]
            if ops & _NO_DISCARD_BIT:
                guarded = True
            if ops & _REDUCE_BIT:
                reduce += R.inv_op[card, K.OP_SHORTAGE_REDUCE, K.OPV_AMOUNT]
    if not guarded:
        attack += W_CARD_LOSS
    hunt = 0.0
    p = st.sc[S.S_CUR]
    for s in range(st.hand_n[p]):
        if R.smurf_kind[st.hand[p, s]] != K.KIND_STARTING:
            hunt = W_CARD_LOSS
            break
    # FACE_NOTHING (reduce), AZRAEL, CRACOUCASS, SHORTAGE, DESTROY_INVENTION, SMURF_HUNT,
    # FIND, BRIGHT_IDEA
    return (float(reduce), W_AZRAEL_STEP, attack, held if held < NO_UNIT else 0.0,
            W_INVENTION_LOSS if st.inv_n[S.I_CRAFTED] > 0 else 0.0, hunt,
            -max(v0, max(v1, v2)), -W_REVEAL if st.inv_n[S.I_DECK] > 0 else 0.0)


@njit
def face_harm(R, st, die, face, costs):
    """What face `face` of `die` costs the team now (`costs`: result_costs)."""
    h = 0.0
    for k in range(K.MAX_FACE_RESULTS):
        result = R.die[die, face, k, 0]
        amount = R.die[die, face, k, 1]
        if result == K.FACE_AZRAEL:
            h += amount * costs[K.FACE_AZRAEL]
        elif result == K.FACE_CRACOUCASS:
            h += costs[K.FACE_CRACOUCASS]
        elif result == K.FACE_SHORTAGE:
            h += shortage_units(st, amount, costs[K.FACE_NOTHING]) * costs[K.FACE_SHORTAGE]
        elif result == K.FACE_DESTROY_INVENTION:
            h += costs[K.FACE_DESTROY_INVENTION]
        elif result == K.FACE_SMURF_HUNT:
            h += costs[K.FACE_SMURF_HUNT]
        elif result == K.FACE_FIND:
            h += costs[K.FACE_FIND]
        elif result == K.FACE_BRIGHT_IDEA:
            h += costs[K.FACE_BRIGHT_IDEA]
    return h


@njit(inline="always")
def shortage_units(st, amount, reduce):
    """The units a shortage of `amount` takes: less the inventions' reduction, at most the
    stock."""
    lost = min(amount - reduce, float(st.stock[0] + st.stock[1] + st.stock[2]))
    return lost if lost > 0.0 else 0.0


@njit(inline="always")   # typed into dice_harms
def die_harm(R, st, die, costs):
    """The expected harm of one roll of `die`: the mean of its faces' (`costs`:
    result_costs), from the die's summary (Rules.die_results: faces and amounts per result
    kind); the faces are walked only when a shortage could take less than it says."""
    d = R.die_results[die]
    h = (d[K.FACE_AZRAEL, 1] * costs[K.FACE_AZRAEL] + d[K.FACE_CRACOUCASS, 0] * costs[K.FACE_CRACOUCASS]
         + d[K.FACE_DESTROY_INVENTION, 0] * costs[K.FACE_DESTROY_INVENTION]
         + d[K.FACE_SMURF_HUNT, 0] * costs[K.FACE_SMURF_HUNT] + d[K.FACE_FIND, 0] * costs[K.FACE_FIND]
         + d[K.FACE_BRIGHT_IDEA, 0] * costs[K.FACE_BRIGHT_IDEA])
    n = d[K.FACE_SHORTAGE, 0]
    if n > 0:
        reduce = costs[K.FACE_NOTHING]
        if reduce == 0.0 and st.stock[0] + st.stock[1] + st.stock[2] >= d[K.FACE_SHORTAGE, 2]:
            h += d[K.FACE_SHORTAGE, 1] * costs[K.FACE_SHORTAGE]   # each shortage takes its amount
        else:
            for face in range(K.N_FACES):
                for k in range(K.MAX_FACE_RESULTS):
                    if R.die[die, face, k, 0] == K.FACE_SHORTAGE:
                        h += shortage_units(st, R.die[die, face, k, 1], reduce) * costs[K.FACE_SHORTAGE]
    return h / K.N_FACES


@njit(inline="always")   # typed into place_context (every placement decision) and danger_harm
def dice_harms(R, C, st, params, v0, v1, v2, azrael):
    """(a danger roll of the die in force (C.danger_die), valued: `danger` x its expected harm;
    with `azrael`, a roll of the Azrael die valued: `azrael` x its expected harm, else 0.0).
    `v0`..`v2`: the value of a unit of each resource. Both dice in one pass, result_costs and
    die_harm typed in: the eight costs stay in registers (greedy measured about 2% of its time
    in the calls and the tuple when they were kernels of their own, and 1% more in the call to
    this one when it was not typed into place_context)."""
    costs = result_costs(R, C, st, params, v0, v1, v2)
    danger = params[P_DANGER] * die_harm(R, st, C.danger_die, costs)
    if not azrael:
        return danger, 0.0
    return danger, params[P_AZRAEL] * die_harm(R, st, K.DIE_AZRAEL, costs)


@njit
def danger_harm(R, C, st, params):
    """A danger roll of the die in force (C.danger_die), valued: `danger` x its expected harm."""
    return dice_harms(R, C, st, params, res_value(R, C, st, params, 0),
                      res_value(R, C, st, params, 1), res_value(R, C, st, params, 2), False)[0]


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


_NO_DISCARD_BIT = K.op_bits(K.OP_NO_CRACOUCASS_DISCARD)
_REDUCE_BIT = K.op_bits(K.OP_SHORTAGE_REDUCE)


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


@njit(inline="always")
def full_penalty(R, C, st, params):
    """What crafting costs greedy when the inventions zone is full (one must be discarded)."""
    return W_ZONE_FULL if st.inv_n[S.I_CRAFTED] >= R.setup[T.SU_INVENTIONS_MAX] else 0.0


@njit(inline="always")
def bonus_score(R, C, st, params, opt, berry, full):
    """A bonus-action option (K.BONUS_*): pass, craft an idea, or use a crafted invention
    (`berry`: a Smurfberry's value; `full`: full_penalty)."""
    if opt == K.BONUS_PASS:
        return 0.0
    if opt < K.BONUS_USE:
        card = st.inv[S.I_IDEAS, opt - K.BONUS_CRAFT]
        return inv_value(R, C, st, params, card) - R.inv[card, T.INV_COST] * berry - full
    card = st.inv[S.I_CRAFTED, opt - K.BONUS_USE]
    return instant_value(R, C, st, params, R.inv_op, R.inv_ops[card], card) - W_USE_NOW


@njit(inline="always")
def relocate_score(R, C, st, params, opt):
    """Relocating Smurf card `opt` (-1: none)."""
    if opt < 0:
        return 0.0
    if R.smurf_kind[opt] != K.KIND_STARTING:
        return -W_RELOCATE_LOST
    return params[P_RELOCATE] - keep_value(R, C, st, params, opt)


@njit
def ignore_score(R, C, st, params, slot):
    """Ignoring the danger die's result just rolled with the invention in crafted slot `slot`:
    the harm of the face showing (a good face is not worth ignoring), less the invention
    itself if it is single-use (a durable one serves again next turn)."""
    costs = result_costs(R, C, st, params, res_value(R, C, st, params, 0),
                         res_value(R, C, st, params, 1), res_value(R, C, st, params, 2))
    v = face_harm(R, st, st.sc[S.S_DIE], st.sc[S.S_FACE], costs)
    card = st.inv[S.I_CRAFTED, slot]
    if R.inv[card, T.INV_TYPE] == K.INV_SINGLE_USE:
        v -= inv_value(R, C, st, params, card)
    return v


@njit
def rage_amount(R, C, st):
    """The resources the Gargamel card being resolved (Fit of Rage, HV-N18) takes instead of a
    house: its lose-or-destroy effect's amount, from the data."""
    card = st.sc[S.S_GARG_TOP]
    for j in range(R.garg_eff.shape[1]):
        if R.garg_eff[card, j, T.GE_OP] == K.GE_LOSE_OR_DESTROY:
            return R.garg_eff[card, j, T.GE_AMOUNT]
    return 0


@njit
def score(R, C, st, kind, opt, params):
    """Greedy's score of option `opt` of a decision of `kind`, a placement excepted: a
    placement's options share a place_context, read once per decision by the loops that score
    them (greedy.choose_greedy, the planner's plan_score), and place_score is typed into those;
    a copy of it here, never called, made greedy's compile about a second longer."""
    if kind == K.D_PLAY_CARD:
        return card_value(R, C, st, params, st.hand[st.sc[S.S_CUR], opt])
    if kind == K.D_BONUS:
        return bonus_score(R, C, st, params, opt, res_value(R, C, st, params, K.BERRY), full_penalty(R, C, st, params))
    if kind == K.D_CRAFT_DISCARD or kind == K.D_DESTROY_INVENTION:
        return -inv_value(R, C, st, params, st.inv[S.I_CRAFTED, opt])
    if kind == K.D_FREE_CRAFT:
        return inv_value(R, C, st, params, st.inv[S.I_IDEAS, opt])
    if kind == K.D_RESCUE:
        v = 0.0
        if opt & 1:
            v += params[P_RESCUE] if st.pile_n[S.P_FOREST] > 0 else W_EXTRA_CARD
        if opt & 2:
            v += params[P_NEST]
        return v
    if kind == K.D_GAIN_PAIR:
        a = opt // K.PAIR_BASE
        b = opt % K.PAIR_BASE
        return res_value(R, C, st, params, a) + res_value(R, C, st, params, b) + TIE_BREAK * (need(R, C, st, a) + need(R, C, st, b))
    if kind == K.D_GAIN_ONE or kind == K.D_DISCOUNT:
        return res_value(R, C, st, params, opt) + TIE_BREAK * need(R, C, st, opt)
    if kind == K.D_LOSE_ONE or kind == K.D_EXTRA_COST:
        return -res_value(R, C, st, params, opt) - TIE_BREAK * need(R, C, st, opt)
    if kind == K.D_CRACOUCASS_DISCARD:
        p = opt // K.CARD_SLOTS
        return -keep_value(R, C, st, params, st.hand[p, opt % K.CARD_SLOTS])
    if kind == K.D_HUNT_DISCARD:
        return -keep_value(R, C, st, params, st.hand[st.sc[S.S_CUR], opt])
    if kind == K.D_BUILD or kind == K.D_DESTROY_HOUSE:   # the cheapest roof to build or to lose
        c = 0.0
        for r in range(K.N_RES):
            c += R.roof_cost[st.house_roof[opt], r]
        return -c
    if kind == K.D_RELOCATE:
        return relocate_score(R, C, st, params, opt)
    if kind == K.D_FIT_OF_RAGE:
        return -rage_amount(R, C, st) * params[P_SPARE] if opt < 0 else -params[P_BUILD]
    if kind == K.D_IGNORE_DANGER:
        return 0.0 if opt < 0 else ignore_score(R, C, st, params, opt)
    if kind == K.D_SECOND_DRAW:
        return PREFER * opt
    if kind == K.D_OPTIONAL:
        if opt < 0:
            return 0.0
        card = st.inv[S.I_IDEAS, opt]
        return inv_value(R, C, st, params, card) - R.inv[card, T.INV_COST] * res_value(R, C, st, params, K.BERRY)
    if kind == K.D_AZRAEL_TO:
        v = 0.0
        for a in range(2 * opt, 2 * opt + 2):
            v += action_value(R, C, st, params, a)
        return -v
    if kind == K.D_REWIND:
        return -PREFER * opt
    return 0.0


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
        total = req[r]   # what the remaining objectives require
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
