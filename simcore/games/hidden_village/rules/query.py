"""Read-only questions about the state: what the played card and the crafted inventions do,
what an action costs, and which placements are legal (HV-L02, HV-L05, HV-N01, HV-N08..N10,
HV-I04). Nothing here changes the state or asks a decision, so strategies may use it too.

The cost and placement questions come in two forms: `placement_legal(R, st, a)` reads what
changes costs (cost_rules) and the played card's limits (card_limits) itself; the `..._under`
forms take them read once by the caller, as `enumerate_placements` does for its 16 actions.
The `..._under` kernels are typed into their callers (`inline="always"`): a tuple argument
would cost a machine word per element on every call."""
from typing import NamedTuple

from ....jit import njit
from .. import consts as K
from .. import state as S
from .. import tables as T


@njit(inline="always")
def carries(ops, op):
    """Does a card whose op mask is `ops` (Rules.smurf_ops, Rules.inv_ops) carry `op`?"""
    return (ops >> op) & 1 != 0


@njit
def stock_total(st):
    return st.stock[0] + st.stock[1] + st.stock[2]


@njit
def played_on(R, st, op):
    """Does the Smurf card played this turn carry `op`? (Its ability lasts until it is
    discarded at step 4: HV-T09.)"""
    card = st.sc[S.S_PLAYED]
    return card >= 0 and carries(R.smurf_ops[card], op)


@njit
def played_val(R, st, op, v):
    card = st.sc[S.S_PLAYED]
    if card < 0:
        return 0
    return R.smurf_op[card, op, v]


@njit
def inv_slot(R, st, op):
    """Crafted slot of the first crafted invention carrying `op`, or -1. None acts while the
    played card forbids using inventions (Beta Smurf, HV-N01). Most asks find no crafted
    invention carrying `op`: the zone's op mask (S_CRAFTED_OPS) answers them unwalked."""
    if st.sc[S.S_NO_INV] or not carries(st.sc[S.S_CRAFTED_OPS], op):
        return -1
    for i in range(st.inv_n[S.I_CRAFTED]):
        if carries(R.inv_ops[st.inv[S.I_CRAFTED, i]], op):
            return i
    return -1


@njit
def inv_sum(R, st, op):
    """Sum of `op`'s amount over the crafted inventions that carry it (0 under Beta Smurf; 0
    unwalked when the zone's op mask, S_CRAFTED_OPS, lacks it)."""
    if st.sc[S.S_NO_INV] or not carries(st.sc[S.S_CRAFTED_OPS], op):
        return 0
    n = 0
    for i in range(st.inv_n[S.I_CRAFTED]):
        card = st.inv[S.I_CRAFTED, i]
        if carries(R.inv_ops[card], op):
            n += R.inv_op[card, op, K.OPV_AMOUNT]
    return n


@njit
def next_free_space(R, st, a):
    """Index of the first free space of action a, or -1 if it is full (HV-L02)."""
    spaces = R.act[a, T.A_SPACES]
    for s in range(K.MAX_SPACES):   # a constant count: the loop is unrolled
        if s < spaces and st.occ[a, s] < 0:
            return s
    return -1


class CostRules(NamedTuple):
    """The cost changes in force now (cost_rules), read once for many cost questions."""
    discount_res: int      # the played card's discount (Tailor Smurf): resource, -1 for none ...
    discount_amount: int   # ... how much ...
    discount_mask: int     # ... at which locations (bit per location)
    handy: int             # the played card's any-resource discount on builds (Handy Smurf)
    grumpy: int            # the played card's extra resource of any kind (Grumpy Smurf)
    roof_res: int          # a crafted invention's roof discount (Scaffolding): resource, -1 ...
    roof_amount: int       # ... and how much


@njit
def cost_rules(R, st):
    """The cost changes in force now, read once for many cost questions: the played card's
    discount (Tailor Smurf: resource, amount, location mask; resource -1 for none), its
    any-resource discount on builds (Handy Smurf), its extra resource (Grumpy Smurf), and
    the roof discount of a crafted invention (Scaffolding: resource, amount; -1 for none)."""
    d_res = -1
    d_amount = 0
    d_mask = 0
    handy = 0
    grumpy = 0
    card = st.sc[S.S_PLAYED]
    if card >= 0:
        if carries(R.smurf_ops[card], K.OP_DISCOUNT):
            d_res = R.smurf_op[card, K.OP_DISCOUNT, K.OPV_RES]
            d_amount = R.smurf_op[card, K.OP_DISCOUNT, K.OPV_AMOUNT]
            d_mask = R.smurf_op[card, K.OP_DISCOUNT, K.OPV_MASK]
        handy = R.smurf_op[card, K.OP_BUILD_DISCOUNT, K.OPV_AMOUNT]
        grumpy = R.smurf_op[card, K.OP_EXTRA_COST, K.OPV_AMOUNT]
    roof_res = -1
    roof_amount = 0
    slot = inv_slot(R, st, K.OP_BUILD_DISCOUNT)
    if slot >= 0:
        inv = st.inv[S.I_CRAFTED, slot]
        roof_res = R.inv_op[inv, K.OP_BUILD_DISCOUNT, K.OPV_RES]
        roof_amount = R.inv_op[inv, K.OP_BUILD_DISCOUNT, K.OPV_AMOUNT]
    return CostRules(d_res, d_amount, d_mask, handy, grumpy, roof_res, roof_amount)


@njit
def cost_of(R, st, cr, a, house, r):
    """action_cost under the cost changes `cr` (cost_rules)."""
    loc = R.act[a, T.A_LOC]
    n = R.act[a, T.A_COST + r] + st.loc_mod[loc, S.LM_EXTRA + r]
    if house >= 0:
        roof = R.roof_cost[st.house_roof[house], r]
        if roof > 0 and cr.roof_res == r:
            roof = roof - cr.roof_amount if roof > cr.roof_amount else 0
        n += roof
    if cr.discount_res == r and (cr.discount_mask >> loc) & 1:
        n -= cr.discount_amount
    return n if n > 0 else 0


@njit
def action_cost(R, st, a, house, r):
    """What performing action a costs in resource r before the any-resource changes (Handy
    Smurf, Grumpy Smurf): its printed cost, Gargamel's lasting extra cost, for a build the
    roof of `house` less Scaffolding's discount, less the Tailor Smurf's discount."""
    return cost_of(R, st, cost_rules(R, st), a, house, r)


@njit
def total_cost(R, st, a, house):
    cr = cost_rules(R, st)
    return cost_of(R, st, cr, a, house, 0) + cost_of(R, st, cr, a, house, 1) + cost_of(R, st, cr, a, house, 2)


@njit
def handy_discount(R, cr, a):
    """The Handy Smurf's 'pay 1 resource less of your choice' applies to builds only."""
    return cr.handy if R.act[a, T.A_EFFECT] == K.ACT_BUILD else 0


@njit(inline="always")
def of_res(c0, c1, c2, r):
    """c_r of three per-resource values held in three variables (a constant-indexed choice:
    a runtime index into a tuple measured 2-4% slower on whole games)."""
    return c0 if r == 0 else (c1 if r == 1 else c2)


@njit
def can_pay(st, grumpy, c0, c1, c2, discounted, b):
    """Can the stock pay costs (c0, c1, c2) with b less on resource `discounted` (-1: none),
    and then the Grumpy Smurf's `grumpy` extra resources if the action costs anything?"""
    total = 0
    for r in range(K.N_RES):
        need = of_res(c0, c1, c2, r)
        if r == discounted:
            need = need - b if need > b else 0
        if st.stock[r] < need:
            return False
        total += need
    if grumpy > 0 and c0 + c1 + c2 > 0 and stock_total(st) - total < grumpy:
        return False
    return True


@njit(inline="always")
def affordable_under(R, st, cr, a, house):
    """Can the stock pay action a (for `house`) under the cost changes `cr` (cost_rules):
    with no any-resource discount, or with the Handy Smurf's on some resource it costs?"""
    c0 = cost_of(R, st, cr, a, house, 0)
    c1 = cost_of(R, st, cr, a, house, 1)
    c2 = cost_of(R, st, cr, a, house, 2)
    b = handy_discount(R, cr, a)
    if b > 0:
        for r in range(K.N_RES):
            if of_res(c0, c1, c2, r) > 0 and can_pay(st, cr.grumpy, c0, c1, c2, r, b):
                return True
    return can_pay(st, cr.grumpy, c0, c1, c2, -1, 0)


@njit(inline="always")
def can_perform_under(R, st, cr, a):
    """can_perform under the cost changes `cr` (cost_rules)."""
    if R.act[a, T.A_EFFECT] == K.ACT_BUILD:
        for h in range(st.sc[S.S_N_HOUSES]):
            if st.house_built[h] == 0 and affordable_under(R, st, cr, a, h):
                return True
        return False
    return affordable_under(R, st, cr, a, -1)


@njit
def can_perform(R, st, a):
    """HV-L05: the stock can pay the action (for a build: some unbuilt house's roof too)."""
    return can_perform_under(R, st, cost_rules(R, st), a)


@njit(inline="always")
def placement_legal_under(R, st, cr, a, plain):
    """placement_legal under the cost changes `cr` (cost_rules); with `plain` (a constant
    where it is typed in) the played card changes no action's cost but a build's:
    plain_affordable answers for the last space."""
    if st.loc_mod[R.act[a, T.A_LOC], S.LM_BLOCKED]:
        return False
    s = next_free_space(R, st, a)
    if s < 0:
        return False
    if s == R.act[a, T.A_SPACES] - 1:
        return plain_affordable(R, st, cr, a) if plain else can_perform_under(R, st, cr, a)
    return True


@njit
def placement_legal(R, st, a):
    """A meeple may go to a free space of action a, unless Gargamel blocks the location, or the
    space is the last one and the action cannot be paid (HV-L05)."""
    return placement_legal_under(R, st, cost_rules(R, st), a, False)


@njit
def location_has_meeple(R, st, loc):
    for a in range(2 * loc, 2 * loc + 2):
        for s in range(K.MAX_SPACES):
            if st.occ[a, s] >= 0:
                return True
    return False


@njit(inline="always")
def card_has_limits(R, st):
    """Does the card played this turn limit where the meeple may go (card_limits)?"""
    card = st.sc[S.S_PLAYED]
    return card >= 0 and R.smurf_ops[card] & K.LIMIT_BITS != 0


@njit
def card_limits(R, st):
    """The placement limits of the card played this turn, read once (Beta, Grouchy... Lazy,
    Baby, Vain, Timid, Sleepy, Scaredy: HV-N01, HV-N08..N10): the mask of forbidden
    locations, then whether it is Lazy, Vain, Baby, forbids dangerous actions, allows only
    one-space actions, avoids Azrael's location."""
    if not card_has_limits(R, st):
        return (0, 0, 0, 0, 0, 0, 0)
    ops = R.smurf_op[st.sc[S.S_PLAYED]]
    forbid = ops[K.OP_FORBID_LOCATIONS, K.OPV_MASK] if ops[K.OP_FORBID_LOCATIONS, K.OPV_ON] else 0
    return (forbid, ops[K.OP_LAZY, K.OPV_ON], ops[K.OP_VAIN, K.OPV_ON], ops[K.OP_BABY, K.OPV_ON],
            ops[K.OP_NO_DANGEROUS, K.OPV_ON], ops[K.OP_ONE_SPACE_ONLY, K.OPV_ON],
            ops[K.OP_AVOID_AZRAEL, K.OPV_ON])


@njit(inline="always")
def card_allows_under(R, st, lim, a):
    """card_allows under the limits `lim` (card_limits)."""
    loc = R.act[a, T.A_LOC]
    if (lim[0] >> loc) & 1:
        return False
    if lim[1] and location_has_meeple(R, st, loc):
        return False
    if lim[2] and not location_has_meeple(R, st, loc):
        return False
    if lim[3] and next_free_space(R, st, a) == R.act[a, T.A_SPACES] - 1:
        return False
    if lim[4] and (R.act[a, T.A_DANGER] or st.loc_mod[loc, S.LM_DANGER]):
        return False
    if lim[5] and R.act[a, T.A_SPACES] != 1:
        return False
    if lim[6] and loc == st.sc[S.S_AZRAEL]:
        return False
    return True


@njit
def card_allows(R, st, a):
    """May this turn's meeple go to action a under the played card's placement limits?"""
    return card_allows_under(R, st, card_limits(R, st), a)


@njit
def invention_cost(R, card):
    """(resource, amount) an invention's action costs; (-1, 0) if free."""
    if R.inv_op[card, K.OP_COLLECT, K.OPV_ON] and R.inv_op[card, K.OP_COLLECT, K.OPV_COST_RES] >= 0:
        return R.inv_op[card, K.OP_COLLECT, K.OPV_COST_RES], R.inv_op[card, K.OP_COLLECT, K.OPV_COST]
    return -1, 0


@njit
def invention_placement_legal(R, st, slot):
    """HV-I04: a meeple may go on a crafted new-action invention that holds none, if its cost
    (and the Grumpy Smurf's extra resource) can be paid; not while inventions are forbidden
    (Beta)."""
    card = st.inv[S.I_CRAFTED, slot]
    if R.inv[card, T.INV_TYPE] != K.INV_NEW_ACTION or st.inv_occ[slot] or st.sc[S.S_NO_INV]:
        return False
    cr, n = invention_cost(R, card)
    if cr >= 0:
        if st.stock[cr] < n:
            return False
        if stock_total(st) - n < played_val(R, st, K.OP_EXTRA_COST, K.OPV_AMOUNT):
            return False
    return True


_LOCATION_ONLY_BITS = K.op_bits(K.OP_LAZY, K.OP_VAIN, K.OP_BABY)


@njit
def card_allows_invention(R, st):
    """Lazy, Vain and Baby limit the meeple to locations (a first space for Baby): an
    invention is neither a location nor a first space."""
    card = st.sc[S.S_PLAYED]
    return card < 0 or R.smurf_ops[card] & _LOCATION_ONLY_BITS == 0


@njit(inline="always")
def plain_affordable(R, st, cr, a):
    """can_perform_under when the played card changes no action's cost but a build's (no
    discount, no extra resource; the Handy Smurf's and Scaffolding's discounts apply to builds,
    which are asked as before): an action other than a build is affordable when the stock
    covers its printed cost and Gargamel's extra cost resource by resource (cost_of and
    can_pay reduce to that)."""
    if R.act[a, T.A_EFFECT] == K.ACT_BUILD:
        return can_perform_under(R, st, cr, a)
    loc = R.act[a, T.A_LOC]
    return (st.stock[0] >= R.act[a, T.A_COST + 0] + st.loc_mod[loc, S.LM_EXTRA + 0]
            and st.stock[1] >= R.act[a, T.A_COST + 1] + st.loc_mod[loc, S.LM_EXTRA + 1]
            and st.stock[2] >= R.act[a, T.A_COST + 2] + st.loc_mod[loc, S.LM_EXTRA + 2])


@njit(inline="always")
def list_placements(R, st, cr, lim, limited, plain):
    """The legal placements into st.options, under the played card's limits `lim` (card_limits)
    if `limited`; their count. Typed into enumerate_placements with `limited` and `plain` (no
    cost change of the played card but a build's: plain_affordable) constants, so the common passes
    carry no limit tests and, most turns, no discount arithmetic."""
    k = 0
    for a in range(K.N_ACTIONS):
        if placement_legal_under(R, st, cr, a, plain) and (not limited or card_allows_under(R, st, lim, a)):
            st.options[k] = a
            k += 1
    if not limited or card_allows_invention(R, st):
        for i in range(st.inv_n[S.I_CRAFTED]):
            # most crafted inventions are no new action: their type is tested here, not asked
            if R.inv[st.inv[S.I_CRAFTED, i], T.INV_TYPE] == K.INV_NEW_ACTION and \
                    invention_placement_legal(R, st, i):
                st.options[k] = K.N_ACTIONS + i
                k += 1
    return k


@njit
def enumerate_placements(R, st):
    """Legal placements into st.options: action a, or N_ACTIONS + crafted slot for a
    new-action invention. A card's placement limit never makes the turn impossible: when no
    space satisfies it, it is lifted (the rulebook says so for the Lazy Smurf)."""
    cr = cost_rules(R, st)
    if card_has_limits(R, st):
        k = list_placements(R, st, cr, card_limits(R, st), True, False)
        if k > 0:
            return k
    if cr.discount_res < 0 and cr.grumpy == 0:   # the Handy Smurf changes builds only
        return list_placements(R, st, cr, (0, 0, 0, 0, 0, 0, 0), False, True)
    return list_placements(R, st, cr, (0, 0, 0, 0, 0, 0, 0), False, False)
