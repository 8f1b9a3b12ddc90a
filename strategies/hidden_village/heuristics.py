"""Greedy's scores of every option of a decision (`score`; greedy.py takes the best, the planner,
planner.py, plays the placements as a team over the round), from the values the strategies
share, one concern a module, each importing only the ones above it:
  needs.py      what the team still needs (resources, objectives; counted once per decision)
  harms.py      the expected harm of the dice in force, valued
  values.py     what an action, an invention, a card and a state are worth
  placement.py  the scores of a placement decision (place_context, place_score)

`greedy` scores every legal option of a decision by its immediate value for the three
objectives (lost Smurfs rescued, houses built, cakes prepared), the resources the remaining
houses and cakes need, and the expected harm of the dice and of Azrael, then takes the best
(ties: the first). It never looks ahead and never reads the order of a deck.

The weights are the strategies' parameters (params.py). Numbers in the valuations that are not
weights: 0.0 (an option that changes nothing), the ranks of yes/no decisions, and the named
constants (TIE_BREAK, PREFER, ILLEGAL here; NO_UNIT, WON, NO_ROOF beside what reads them).
"""
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.jit import njit

from .params import (P_BUILD, P_NEST, P_RELOCATE, P_RESCUE, P_SPARE, W_EXTRA_CARD, W_RELOCATE_LOST,
                     W_USE_NOW, W_ZONE_FULL)
from .needs import need, res_value
from .harms import face_harm, result_costs
from .values import action_value, card_value, instant_value, inv_value, keep_value


TIE_BREAK = 0.01   # orders options of equal value by how much of a resource is still needed
                   # (small enough never to outweigh a weight: weights are >= 0.1)
PREFER = 1.0       # the rank of the answer greedy prefers in a yes/no decision it settles by
                   # rule, not by value (use a second draw; never rewind Gargamel)
ILLEGAL = -1e18    # the score of an option the rules forbid, and where a best score starts


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
        if opt & K.RESCUE_DRAW:
            v += params[P_RESCUE] if st.pile_n[S.P_FOREST] > 0 else W_EXTRA_CARD
        if opt & K.RESCUE_FREE:
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
