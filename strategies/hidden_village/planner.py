"""The `planner` strategy: greedy's valuations, played as a team over the round.

At every placement it replans the rest of the round from the state (so a die roll, a
Cracoucass attack or a Gargamel card is taken into account at the next decision):
  - a 2-space action already holding one meeple is a team commitment: filling it scores the
    whole action plus `finish` (the first meeple pays off only then);
  - a 2-space action is opened only if, after this meeple and the meeples the open
    commitments still need, another meeple is left this round, and only if the stock can pay
    it now; otherwise it would stay half-filled at the round's end and costs `finish`;
  - an action whose cost would leave an open commitment unpayable costs 2 x `finish`;
  - the card to play is chosen together with its placement: each card in hand is worth its
    own ability plus the best placement it allows (its placement limits, its discounts);
  - an invention is not crafted (nor bought with a card's discount) when its Smurfberries
    would make the cheapest unbuilt house unaffordable while it is affordable now.
Other decisions (relocation: the lowest-valued starting Smurf first; the Cracoucass's card:
the team's least useful one; resources to lose...) use greedy's scores.

Importing this module compiles (or loads from the kernel cache) the planner's chooser and binds
it to its id in the rules' chooser table (simcore.linked).
"""
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.inforce import as_config
from simcore.games.hidden_village.rules.decide import CHOOSERS
from simcore.games.hidden_village.rules.query import (action_cost, can_perform, card_allows,
                                                      card_allows_invention, inv_sum,
                                                      invention_placement_legal, placement_legal,
                                                      total_cost)
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record

from .needs import cache_requirements, starting_cards_left
from .harms import holds_hunted_card
from .values import card_value
from .placement import completes, completion_value, invention_place_score, place_context
from .heuristics import ILLEGAL, score
from .params import (PLANNER, P_FINISH, P_OPEN, W_BREAK_COMMITMENT)

PER_MEEPLE = 0.5   # an opened 2-space action is half done: each of its two meeples earns half
VETO = -1e9        # an option the planner rules out while another is legal (crafting away the
                   # Smurfberries the next house needs; above ILLEGAL)


@njit
def waiting_actions(R, C, st):
    """2-space actions holding one meeple: the team's open commitments this round."""
    n = 0
    for a in range(K.N_ACTIONS):
        if R.act[a, T.A_SPACES] == 2 and st.occ[a, 0] >= 0 and st.occ[a, 1] < 0:
            n += 1
    return n


@njit
def cheapest_house(R, C, st, a):
    """The unbuilt house that build action a would take for the least resources, or -1."""
    best = -1
    bc = 1 << 30
    for h in range(st.sc[S.S_N_HOUSES]):
        if st.house_built[h] == 0:
            c = total_cost(R, st, a, h)
            if c < bc:
                bc = c
                best = h
    return best


@njit
def keeps_commitments(R, C, st, a):
    """After paying action a, can every open commitment that is payable now still be paid?"""
    house = cheapest_house(R, C, st, a) if R.act[a, T.A_EFFECT] == K.ACT_BUILD else -1
    s0 = st.stock[0]
    s1 = st.stock[1]
    s2 = st.stock[2]
    ok = True
    for w in range(K.N_ACTIONS):
        if w == a or R.act[w, T.A_SPACES] != 2 or st.occ[w, 0] < 0 or st.occ[w, 1] >= 0:
            continue
        if not can_perform(R, st, w):
            continue
        for r in range(K.N_RES):
            c = action_cost(R, st, a, house, r)
            st.stock[r] = st.stock[r] - c if st.stock[r] > c else 0
        ok = can_perform(R, st, w)
        st.stock[0] = s0
        st.stock[1] = s1
        st.stock[2] = s2
        if not ok:
            break
    return ok


@njit
def plan_score(R, C, st, params, pc, opt, meeples, waiting):
    """Placing this meeple on option `opt` with `meeples` (this one included) left to place
    this round and `waiting` open commitments."""
    if opt >= K.N_ACTIONS:
        return invention_place_score(R, C, st, params, opt)
    a = opt
    if completes(R, C, st, a):
        v = completion_value(R, C, st, params, pc, a)
        if R.act[a, T.A_SPACES] == 2:
            v += params[P_FINISH]
        if waiting > 0 and not keeps_commitments(R, C, st, a):
            v -= W_BREAK_COMMITMENT * params[P_FINISH]
    elif meeples - 1 - waiting < 1 or not can_perform(R, st, a):
        v = -params[P_FINISH]
    else:
        v = PER_MEEPLE * params[P_OPEN] * completion_value(R, C, st, params, pc, a)
    if R.act[a, T.A_LOC] == st.sc[S.S_AZRAEL]:
        v -= pc.azrael_harm
    return v


@njit
def score_placements(R, C, st, params):
    """st.scores[opt]: plan_score of every placement legal before a card is played (actions,
    then N_ACTIONS + crafted slot for new-action inventions); ILLEGAL where illegal."""
    meeples = st.sc[S.S_ESPLANADE]
    waiting = waiting_actions(R, C, st)
    pc = place_context(R, C, st, params)
    saved = st.sc[S.S_PLAYED]
    st.sc[S.S_PLAYED] = -1
    for a in range(K.N_ACTIONS):
        st.scores[a] = plan_score(R, C, st, params, pc, a, meeples, waiting) if placement_legal(R, st, a) else ILLEGAL
    for i in range(st.inv_n[S.I_CRAFTED]):
        o = K.N_ACTIONS + i
        st.scores[o] = invention_place_score(R, C, st, params, o) if invention_placement_legal(R, st, i) else ILLEGAL
    st.sc[S.S_PLAYED] = saved
    st.scratch[S.X_MEMO] = memo_key(R, C, st)


@njit
def memo_key(R, C, st):
    """A key of everything plan_score reads that can change within a turn (stock, meeples,
    Azrael, the nest, the decks a rescue draws from, ideas and inventions, whether the played
    card forbids the inventions, objectives done, the starting Smurfs a relocation could still
    remove, whether the player holds a card a Smurf hunt would take: the card played leaves
    the hand between the two decisions):
    the placement scores of the turn's card decision still hold at its placement decision
    when the key is unchanged and the played card changes no cost."""
    h = st.sc[S.S_ROUND] * 1000003 + st.sc[S.S_TURN]
    for v in (st.stock[0], st.stock[1], st.stock[2], st.sc[S.S_ESPLANADE], st.sc[S.S_AZRAEL],
              st.sc[S.S_NEST], st.pile_n[S.P_FOREST], st.pile_n[S.P_EXTRA], st.inv_n[S.I_IDEAS],
              st.inv_n[S.I_CRAFTED], st.inv_n[S.I_DECK], st.sc[S.S_DANGER_STREAK],
              st.sc[S.S_N_CRAFTED], st.sc[S.S_N_RESCUES], st.sc[S.S_NO_INV],
              starting_cards_left(R, C, st), 1 if holds_hunted_card(R, st) else 0):
        h = h * 1000003 + v
    for i in range(st.sc[S.S_N_HOUSES]):
        h = h * 3 + st.house_built[i]
    for i in range(st.sc[S.S_N_CAKES]):
        h = h * 3 + st.cake_done[i]
    return h


@njit
def changes_costs(R, card):
    ops = R.smurf_op[card]
    return ops[K.OP_DISCOUNT, K.OPV_ON] or ops[K.OP_BUILD_DISCOUNT, K.OPV_ON] or \
        ops[K.OP_EXTRA_COST, K.OPV_ON]


@njit
def best_placement_with(R, C, st, params, card):
    """The best placement score if `card` is played this turn: st.scores (score_placements)
    filtered by the card's placement limits (lifted when they leave none, as the rules do);
    a card that changes costs has its legal placements scored afresh."""
    saved = st.sc[S.S_PLAYED]
    st.sc[S.S_PLAYED] = card
    if changes_costs(R, card):
        best = best_fresh_placement(R, C, st, params)
    else:
        best = ILLEGAL
        for limits in range(2):
            for a in range(K.N_ACTIONS):
                if limits == 0 and not card_allows(R, st, a):
                    continue
                best = max(best, st.scores[a])
            if limits == 1 or card_allows_invention(R, st):
                for i in range(st.inv_n[S.I_CRAFTED]):
                    best = max(best, st.scores[K.N_ACTIONS + i])
            if best > ILLEGAL:
                break
    st.sc[S.S_PLAYED] = saved
    return best if best > ILLEGAL else 0.0


@njit
def best_fresh_placement(R, C, st, params):
    """best_placement_with for a played card (st.sc[S_PLAYED]) that changes costs: its legal
    placements scored afresh. The only one of a card decision's placement scorings that needs
    a place_context of its own (the others read st.scores): the planner computed one for every
    card in hand and at every decision, 6 a turn, when 1 in 4 was read."""
    meeples = st.sc[S.S_ESPLANADE]
    waiting = waiting_actions(R, C, st)
    pc = place_context(R, C, st, params)
    best = ILLEGAL
    for limits in range(2):
        for a in range(K.N_ACTIONS):
            if limits == 0 and not card_allows(R, st, a):
                continue
            if placement_legal(R, st, a):
                best = max(best, plan_score(R, C, st, params, pc, a, meeples, waiting))
        if limits == 1 or card_allows_invention(R, st):
            for i in range(st.inv_n[S.I_CRAFTED]):
                best = max(best, st.scores[K.N_ACTIONS + i])
        if best > ILLEGAL:
            break
    return best


@njit
def berries_for_next_house(R, C, st):
    """Smurfberries the cheapest unbuilt house (roof and build action) needs; 0 if none."""
    bc = 1 << 30
    berries = 0
    for a in range(K.N_ACTIONS):
        if R.act[a, T.A_EFFECT] != K.ACT_BUILD:
            continue
        h = cheapest_house(R, C, st, a)
        if h >= 0 and total_cost(R, st, a, h) < bc:
            bc = total_cost(R, st, a, h)
            berries = action_cost(R, st, a, h, K.BERRY)
    return berries


@njit
def craft_breaks_house(R, C, st, card):
    """Would crafting `card` spend the Smurfberries the next house needs (and has now)?"""
    cost = R.inv[card, T.INV_COST] - inv_sum(R, st, K.OP_CRAFT_DISCOUNT)
    if cost <= 0:
        return False
    b = st.stock[K.BERRY]
    need = berries_for_next_house(R, C, st)
    return b >= need and b - cost < need


@njit
def planner_score(R, C, st, kind, opt, params):
    """The planner's score of option `opt` of a decision other than a placement."""
    if kind == K.D_PLAY_CARD:
        card = st.hand[st.sc[S.S_CUR], opt]
        return card_value(R, C, st, params, card) + best_placement_with(R, C, st, params, card)
    if kind == K.D_BONUS and K.BONUS_PASS < opt < K.BONUS_USE:
        if craft_breaks_house(R, C, st, st.inv[S.I_IDEAS, opt - K.BONUS_CRAFT]):
            return VETO
    if kind == K.D_OPTIONAL and opt >= 0:
        if craft_breaks_house(R, C, st, st.inv[S.I_IDEAS, opt]):
            return VETO
    return score(R, C, st, kind, opt, params)


@njit
def choose_planner(R, C, st, kind, n, params):
    """The option of the highest score (ties: the first); every option's score is left in
    st.option_scores[:n] (the skill scale chooses among them, skill.py)."""
    cache_requirements(R, C, st)
    if kind == K.D_PLAY_CARD:
        score_placements(R, C, st, params)
    played = st.sc[S.S_PLAYED]
    memo = kind == K.D_PLACE and st.scratch[S.X_MEMO] == memo_key(R, C, st) and \
        not (played >= 0 and changes_costs(R, played))
    if kind == K.D_PLACE and not memo:
        return choose_placement(R, C, st, n, params)
    best = ILLEGAL
    bi = 0
    for i in range(n):
        if memo:   # scored at this turn's card decision, and nothing they depend on changed
            s = st.scores[st.options[i]]
        else:
            s = planner_score(R, C, st, kind, st.options[i], params)
        st.option_scores[i] = s
        if s > best:
            best = s
            bi = i
    return bi


@njit
def choose_placement(R, C, st, n, params):
    """choose_planner for a placement its card decision did not score (the only decision that
    reads a place_context here: computed for every decision, 3 in 4 were never read)."""
    meeples = st.sc[S.S_ESPLANADE]
    waiting = waiting_actions(R, C, st)
    pc = place_context(R, C, st, params)
    best = ILLEGAL
    bi = 0
    for i in range(n):
        s = plan_score(R, C, st, params, pc, st.options[i], meeples, waiting)
        st.option_scores[i] = s
        if s > best:
            best = s
            bi = i
    return bi


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """The planner as the rules call it (the records and the parameter vector by address)."""
    return choose_planner(as_record(rules, "HiddenVillageRules"), as_config(config),
                          as_record(state, "HiddenVillageState"), kind, n, params)


bind(CHOOSERS, PLANNER, choose_exported, choose_planner)
