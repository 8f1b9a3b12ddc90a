"""The expected harm of the dice, valued: each result of the danger die in force and of the
Azrael die priced in the resources, meeples and cards it takes (the strategies read the dice'
faces from the rules in force, never a roll to come)."""
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.jit import njit

from .params import (P_AZRAEL, P_DANGER, P_NEST, W_AZRAEL_STEP, W_CARD_LOSS, W_HUNGRY_NEST,
                     W_INVENTION_LOSS, W_KIDNAP, W_REVEAL)
from .needs import res_value


NO_UNIT = 1e9      # result_costs before it finds a resource the team holds


@njit(inline="always")   # typed into result_costs and the planner's memo key
def holds_hunted_card(R, st):
    """Does the player whose turn it is hold a card a Smurf hunt would take (one that is not
    a starting Smurf)? Playing the turn's card can change the answer."""
    p = st.sc[S.S_CUR]
    for s in range(st.hand_n[p]):
        if R.smurf_kind[st.hand[p, s]] != K.KIND_STARTING:
            return True
    return False


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
    hunt = W_CARD_LOSS if holds_hunted_card(R, st) else 0.0
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


_NO_DISCARD_BIT = K.op_bits(K.OP_NO_CRACOUCASS_DISCARD)
_REDUCE_BIT = K.op_bits(K.OP_SHORTAGE_REDUCE)
