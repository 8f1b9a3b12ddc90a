"""The planner's team play, one decision at a time: a state is built, the planner is asked,
its answer is checked."""
import strategies
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from strategies.hidden_village.planner import (berries_for_next_house, best_placement_with,
                                                  score_placements)
from simcore.games.hidden_village.rules.decide import choose
from simcore.games.hidden_village.rules.query import enumerate_placements
from tests.conftest import make_game
from tests.hidden_village.scenario import set_stock

PLANNER = strategies.get("planner")


def ask(g, strategy, kind, n):
    return int(g.st.options[choose(g.R, g.C, g.st, kind, n, strategy.kernel_id, strategy.param_vector())])


def placement_turn(g, esplanade, occupied=()):
    """Player 1 is to place a meeple (no card in play) with `esplanade` meeples left."""
    g.st.sc[S.S_CUR] = 1
    g.st.sc[S.S_PLAYED] = -1
    g.st.sc[S.S_ESPLANADE] = esplanade
    for a, space in occupied:
        g.st.occ[a, space] = 0
    return enumerate_placements(g.R, g.st)


def test_the_planner_finishes_an_action_a_partner_opened(cat):
    g = make_game(cat, log=False)
    saw_upper = g.action("sawmill-upper")          # 2 spaces, 3 logs, safe
    set_stock(g, 0, 0, 0)
    n = placement_turn(g, esplanade=5, occupied=[(saw_upper, 0)])
    assert saw_upper in g.st.options[:n].tolist()
    assert ask(g, PLANNER, K.D_PLACE, n) == saw_upper


def test_the_planner_opens_no_action_its_meeples_cannot_finish(cat):
    """Two meeples left and one action already waiting for its second meeple: opening a
    second 2-space action would leave one of them half-filled at the round's end."""
    g = make_game(cat, log=False)
    bushes_upper = g.action("bushes-upper")
    set_stock(g, 0, 0, 0)
    n = placement_turn(g, esplanade=2, occupied=[(bushes_upper, 0)])
    choice = ask(g, PLANNER, K.D_PLACE, n)
    two_space_empty = [a for a in g.st.options[:n].tolist()
                       if a < K.N_ACTIONS and g.R.act[a, 1] == 2 and g.st.occ[a, 0] < 0]
    assert two_space_empty and choice not in two_space_empty


def test_the_planner_never_opens_an_action_with_the_last_meeple(cat):
    g = make_game(cat, log=False)
    set_stock(g, 2, 2, 2)
    n = placement_turn(g, esplanade=1)
    choice = ask(g, PLANNER, K.D_PLACE, n)
    assert g.R.act[choice, 1] == 1 or g.st.occ[choice, 0] >= 0


def test_the_planner_keeps_the_smurfberries_the_next_house_needs(cat):
    g = make_game(cat, log=False)
    card = int(g.st.inv[S.I_IDEAS, 0])
    cost = int(g.R.inv[card, 1])
    assert cost > 0
    set_stock(g, 0, 9, 9)
    need = berries_for_next_house(g.R, g.C, g.st)
    set_stock(g, need + cost - 1, 9, 9)   # crafting would leave the house one short
    g.st.sc[S.S_CUR] = 0
    g.st.options[0] = 0                   # pass
    g.st.options[1] = 1                   # craft ideas slot 0
    assert ask(g, PLANNER, K.D_BONUS, 2) == 0
    set_stock(g, need + cost, 9, 9)       # enough for both: the planner's values decide
    params = PLANNER.param_vector({"craft": 100})
    assert int(g.st.options[choose(g.R, g.C, g.st, K.D_BONUS, 2, PLANNER.kernel_id, params)]) == 1


def test_the_planner_values_a_card_with_the_best_placement_it_allows(cat):
    """With a partner's meeple waiting on the Sawmill, a card that forbids the Sawmill
    (Dreamy Smurf) is worth that placement less than a card with no placement limit."""
    g = make_game(cat, log=False)
    saw_upper = g.action("sawmill-upper")
    set_stock(g, 0, 0, 0)
    placement_turn(g, esplanade=5, occupied=[(saw_upper, 0)])
    params = PLANNER.param_vector()
    limits = (K.OP_FORBID_LOCATIONS, K.OP_LAZY, K.OP_BABY, K.OP_VAIN, K.OP_NO_DANGEROUS,
              K.OP_ONE_SPACE_ONLY, K.OP_AVOID_AZRAEL, K.OP_DISCOUNT, K.OP_BUILD_DISCOUNT,
              K.OP_EXTRA_COST, K.OP_NO_INVENTIONS)
    free = [c for c in range(len(cat.smurfs)) if not any(g.R.smurf_op[c, op, K.OPV_ON] for op in limits)]
    dreamy = g.card("dreamy-smurf")
    assert free and (g.R.smurf_op[dreamy, K.OP_FORBID_LOCATIONS, K.OPV_MASK] >> 2) & 1
    score_placements(g.R, g.C, g.st, params)
    best = g.st.scores[: K.N_ACTIONS].max()
    assert g.st.scores[saw_upper] == best
    assert best_placement_with(g.R, g.C, g.st, params, free[0]) == best
    assert best_placement_with(g.R, g.C, g.st, params, dreamy) < best
