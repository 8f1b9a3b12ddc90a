"""Scenario tests for the Locations and actions rules (HV-L01..L12) of The Smurfs: Hidden
Village: each test sets up one situation on a real set-up game, places one meeple (or calls
one kernel) and checks the exact resulting state.

Azrael starts in the Dark Forest (HV-S05); tests at the Dark Forest move him elsewhere first
so that no Azrael die is rolled.
"""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.catalog import DEFAULT_DATA_DIR, load_catalog
from simcore.games.hidden_village.rules.locations import place_meeple, rescue
from simcore.games.hidden_village.rules.query import (card_allows, card_allows_invention,
                                                     card_has_limits, enumerate_placements,
                                                     invention_placement_legal, placement_legal)
from tests.conftest import make_game
from tests.hidden_village.scenario import hand

LOCATIONS = ["dark-forest", "stream", "sawmill", "bushes", "river", "workshop", "shelter",
             "construction-site"]
LOCATION_NAMES = ["Dark Forest", "Stream", "Sawmill", "Bushes", "River", "Workshop", "Shelter",
                  "Construction Site"]
B, L, St = K.BERRY, K.LOG, K.STONE

# assumptions.md, "Locations (HV-L12)": action -> (spaces, cost (berry, log, stone), dangerous,
# effect, collected resource or -1, amount)
BOARD = {
    "dark-forest-upper": (1, (0, 0, 0), True, K.ACT_RESCUE, -1, 0),
    "dark-forest-lower": (2, (1, 0, 0), False, K.ACT_RESCUE, -1, 0),
    "stream-upper": (2, (0, 0, 0), False, K.ACT_COLLECT_DIFFERENT, -1, 2),
    "stream-lower": (1, (0, 0, 0), True, K.ACT_COLLECT_DIFFERENT, -1, 2),
    "sawmill-upper": (2, (0, 0, 0), False, K.ACT_COLLECT, L, 3),
    "sawmill-lower": (1, (0, 0, 0), True, K.ACT_COLLECT, L, 3),
    "bushes-upper": (2, (0, 0, 0), False, K.ACT_COLLECT, B, 3),
    "bushes-lower": (1, (0, 0, 0), True, K.ACT_COLLECT, B, 3),
    "river-upper": (2, (0, 0, 0), False, K.ACT_COLLECT, St, 3),
    "river-lower": (1, (0, 0, 0), True, K.ACT_COLLECT, St, 3),
    "workshop-upper": (2, (0, 0, 0), False, K.ACT_CRAFT_FREE, -1, 0),
    "workshop-lower": (1, (0, 0, 0), False, K.ACT_REVEAL_IDEAS, -1, 3),
    "shelter-upper": (1, (0, 1, 1), False, K.ACT_RELOCATE, -1, 0),
    "shelter-lower": (2, (1, 0, 0), False, K.ACT_RELOCATE, -1, 0),
    "construction-site-upper": (1, (0, 0, 0), False, K.ACT_BUILD, -1, 0),
    "construction-site-lower": (2, (1, 0, 0), False, K.ACT_BUILD, -1, 0),
}
ASSUMED_ACTIONS = {"dark-forest-upper", "stream-upper", "stream-lower", "sawmill-lower",
                   "river-upper", "river-lower", "workshop-upper", "workshop-lower",
                   "construction-site-upper", "construction-site-lower"}


def new_game(cat, azrael="stream", **kw):
    """A set-up game with Azrael parked away from the tested location (at the Stream unless
    the test says otherwise), and the setup events cleared."""
    g = make_game(cat, **kw)
    g.set_sc("AZRAEL", LOCATIONS.index(azrael))
    g.clear_events()
    return g


def place(g, action, p=0):
    g.set_sc("CUR", p)
    place_meeple(g.R, g.C, g.st, g.action(action), p)


def prefill(g, action, p=1):
    """A meeple of player p already on the first space of a 2-space action."""
    a = g.action(action)
    assert g.R.act[a, T.A_SPACES] == 2
    g.st.occ[a, 0] = p
    g.set_sc("ESPLANADE", g.sc("ESPLANADE") - 1)


def legal(g, action):
    return bool(placement_legal(g.R, g.st, g.action(action)))


def cost(g, action):
    a = g.action(action)
    return tuple(int(x) for x in g.R.act[a, T.A_COST:T.A_COST + K.N_RES])


def nothing_face(g):
    """White danger-die face with no effect here: Invention destruction with none crafted."""
    assert g.st.inv_n[S.I_CRAFTED] == 0
    return g.die_face(K.DIE_WHITE, "destroy-invention")


def pile(g, which):
    return [int(c) for c in g.st.piles[which, : g.st.pile_n[which]]]


def zone(g, which):
    return [int(c) for c in g.st.inv[which, : g.st.inv_n[which]]]


def kinds(g, kind):
    return [e for e in g.events() if e[0] == kind]


# ------------------------------------------------------------------ HV-L01
@pytest.mark.rule("HV-L01")
def test_eight_locations_in_board_order_each_with_upper_and_lower(cat):
    assert [loc["id"] for loc in cat.locations] == LOCATIONS
    assert [loc["name"] for loc in cat.locations] == LOCATION_NAMES
    assert [a["id"] for a in cat.actions] == [f"{loc}-{s}" for loc in LOCATIONS
                                              for s in ("upper", "lower")]
    assert [a["slot"] for a in cat.actions] == ["upper", "lower"] * 8
    assert cat.rules.act[:, T.A_LOC].tolist() == [i // 2 for i in range(16)]


@pytest.mark.rule("HV-L01", "HV-L05")
def test_every_action_of_every_location_can_take_a_meeple(cat):
    g = new_game(cat)
    g.st.stock[:] = [10, 10, 10]
    k = enumerate_placements(g.R, g.st)
    assert g.st.options[:k].tolist() == list(range(16))
    # with an empty stock only the 1-space actions with a cost are closed: the Shelter's
    # upper (1 stone, 1 log) and the Construction Site's upper (a roof)
    g.st.stock[:] = 0
    k = enumerate_placements(g.R, g.st)
    closed = {g.action("shelter-upper"), g.action("construction-site-upper")}
    assert g.st.options[:k].tolist() == [a for a in range(16) if a not in closed]


def listed_by_the_rules_one_by_one(g):
    """enumerate_placements as the one-action questions answer it: each action that
    placement_legal allows (under the card's limits, lifted if none is left), then each
    new-action invention a meeple may go on."""
    legal = [a for a in range(K.N_ACTIONS) if placement_legal(g.R, g.st, a)]
    inventions = [K.N_ACTIONS + i for i in range(g.st.inv_n[S.I_CRAFTED])
                  if invention_placement_legal(g.R, g.st, i)]
    if card_has_limits(g.R, g.st):
        limited = [a for a in legal if card_allows(g.R, g.st, a)]
        limited += inventions if card_allows_invention(g.R, g.st) else []
        if limited:
            return limited
    return legal + inventions


@pytest.mark.rule("HV-L05", "HV-L02")
@settings(max_examples=300, deadline=None)
@given(stock=hs.lists(hs.integers(0, 4), min_size=3, max_size=3),
       meeples=hs.lists(hs.integers(0, 2), min_size=K.N_ACTIONS, max_size=K.N_ACTIONS),
       extra=hs.lists(hs.integers(-1, 2), min_size=3, max_size=3), extra_at=hs.integers(0, 7),
       blocked=hs.integers(-1, 7), played=hs.integers(-1, 200))
def test_the_placements_listed_are_those_the_rules_allow_one_by_one(cat, stock, meeples, extra,
                                                                     extra_at, blocked, played):
    """The placement enumeration (with its pass for a card that changes no action's cost)
    lists exactly the actions placement_legal allows, whatever the stock, the meeples already
    placed, Gargamel's extra costs and blocked location, and the card played."""
    g = new_game(cat)
    g.st.stock[:] = stock
    for a, m in enumerate(meeples):
        g.st.occ[a, :min(m, int(g.R.act[a, T.A_SPACES]))] = 0
    g.st.loc_mod[extra_at, S.LM_EXTRA:S.LM_EXTRA + K.N_RES] = extra
    if blocked >= 0:
        g.st.loc_mod[blocked, S.LM_BLOCKED] = 1
    g.set_sc("PLAYED", played % (g.R.smurf_ops.shape[0] + 1) - 1)
    k = enumerate_placements(g.R, g.st)
    assert g.st.options[:k].tolist() == listed_by_the_rules_one_by_one(g)


# ------------------------------------------------------------------ HV-L02
@pytest.mark.rule("HV-L02")
def test_actions_have_one_or_two_spaces(cat):
    spaces = cat.rules.act[:, T.A_SPACES].tolist()
    assert set(spaces) == {1, 2}
    assert spaces == [BOARD[a["id"]][0] for a in cat.actions]


@pytest.mark.rule("HV-L02")
def test_a_two_space_action_takes_two_meeples_then_no_more(cat):
    g = new_game(cat)
    a = g.action("river-upper")
    place(g, "river-upper", 2)
    assert g.st.occ[a].tolist() == [2, -1]
    assert legal(g, "river-upper")
    place(g, "river-upper", 0)
    assert g.st.occ[a].tolist() == [2, 0]
    assert not legal(g, "river-upper")
    k = enumerate_placements(g.R, g.st)
    assert a not in g.st.options[:k].tolist()
    assert g.sc("ESPLANADE") == 6


@pytest.mark.rule("HV-L02")
def test_a_one_space_action_holds_a_single_meeple(cat):
    g = new_game(cat)
    a = g.action("workshop-lower")
    place(g, "workshop-lower", 1)
    assert g.st.occ[a].tolist() == [1, -1]          # the second slot does not exist
    assert not legal(g, "workshop-lower")
    k = enumerate_placements(g.R, g.st)
    assert a not in g.st.options[:k].tolist()


# ------------------------------------------------------------------ HV-L03
@pytest.mark.rule("HV-L03")
def test_a_two_space_action_is_performed_by_the_meeple_that_fills_it(cat):
    g = new_game(cat)
    place(g, "sawmill-upper", 0)
    assert g.st.stock.tolist() == [0, 0, 0]
    assert g.sc("N_ACTIONS") == 0
    assert kinds(g, K.EV_ACTION) == []
    assert [e[5] for e in kinds(g, K.EV_PLACE)] == [0]    # did not fill
    place(g, "sawmill-upper", 1)
    assert g.st.stock.tolist() == [0, 3, 0]
    assert g.sc("N_ACTIONS") == 1
    assert [e[3] for e in kinds(g, K.EV_ACTION)] == [g.action("sawmill-upper")]
    assert [e[5] for e in kinds(g, K.EV_PLACE)] == [0, 1]


@pytest.mark.rule("HV-L03")
def test_a_one_space_action_is_performed_at_once(cat):
    g = new_game(cat)
    before = zone(g, S.I_IDEAS)
    place(g, "workshop-lower", 0)
    assert g.sc("N_ACTIONS") == 1
    assert len(zone(g, S.I_IDEAS)) == len(before) + 3
    assert [e[5] for e in kinds(g, K.EV_PLACE)] == [1]


# ------------------------------------------------------------------ HV-L04
@pytest.mark.rule("HV-L04")
def test_a_meeple_that_does_not_fill_pays_and_gains_nothing(cat):
    g = new_game(cat)
    g.st.stock[:] = [1, 0, 0]
    forest = pile(g, S.P_FOREST)
    hands = [hand(g, p) for p in range(3)]
    place(g, "dark-forest-lower", 0)
    assert g.st.stock.tolist() == [1, 0, 0]               # the Smurfberry is not paid yet
    assert pile(g, S.P_FOREST) == forest                  # nobody rescued
    assert [hand(g, p) for p in range(3)] == hands
    assert kinds(g, K.EV_PAY) == [] and kinds(g, K.EV_DRAW) == []
    assert g.sc("N_ACTIONS") == 0


@pytest.mark.rule("HV-L04", "HV-L05")
def test_the_first_space_may_be_taken_when_the_stock_cannot_pay(cat):
    g = new_game(cat)
    assert g.st.stock.tolist() == [0, 0, 0]
    for action in ("dark-forest-lower", "shelter-lower", "construction-site-lower"):
        assert legal(g, action)
        place(g, action, 0)
        assert not legal(g, action)                       # but nobody may fill it
    assert g.st.stock.tolist() == [0, 0, 0]
    assert g.sc("N_ACTIONS") == 0


# ------------------------------------------------------------------ HV-L05
@pytest.mark.rule("HV-L05")
@pytest.mark.parametrize("stock, ok", [
    ([0, 0, 0], False), ([5, 1, 0], False), ([5, 0, 1], False), ([0, 1, 1], True), ([0, 4, 4], True),
])
def test_the_last_space_needs_a_stock_that_can_pay(cat, stock, ok):
    g = new_game(cat)
    g.st.stock[:] = stock
    assert legal(g, "shelter-upper") is ok


@pytest.mark.rule("HV-L05")
def test_the_cost_is_paid_when_the_action_is_performed(cat):
    g = new_game(cat)
    g.st.stock[:] = [3, 2, 2]
    place(g, "shelter-upper", 0)
    assert g.st.stock.tolist() == [3, 1, 1]
    pays = [(e[3], e[4]) for e in kinds(g, K.EV_PAY)]
    assert pays == [(L, 1), (St, 1)]
    # the payment comes before the effect (the relocation)
    ev = g.events()
    assert max(i for i, e in enumerate(ev) if e[0] == K.EV_PAY) < \
        min(i for i, e in enumerate(ev) if e[0] == K.EV_RELOCATE)


@pytest.mark.rule("HV-L05")
def test_the_filling_meeple_pays_for_a_two_space_action(cat):
    g = new_game(cat)
    prefill(g, "dark-forest-lower")
    g.st.stock[:] = [0, 3, 3]
    assert not legal(g, "dark-forest-lower")
    g.st.stock[:] = [1, 3, 3]
    assert legal(g, "dark-forest-lower")
    place(g, "dark-forest-lower", 0)
    assert g.st.stock.tolist() == [0, 3, 3]
    assert [(e[3], e[4]) for e in kinds(g, K.EV_PAY)] == [(B, 1)]
    ev = g.events()
    assert [e[0] for e in ev].index(K.EV_PAY) < [e[0] for e in ev].index(K.EV_DRAW)


@pytest.mark.rule("HV-L05")
def test_a_lasting_extra_cost_must_be_payable_too(cat):
    g = new_game(cat)
    g.st.loc_mod[LOCATIONS.index("shelter"), S.LM_EXTRA + B] = 1   # Guarded Shelter
    g.st.stock[:] = [0, 1, 1]
    assert not legal(g, "shelter-upper")
    g.st.stock[:] = [1, 1, 1]
    assert legal(g, "shelter-upper")
    place(g, "shelter-upper", 0)
    assert g.st.stock.tolist() == [0, 0, 0]


# ------------------------------------------------------------------ HV-L06
@pytest.mark.rule("HV-L06")
def test_the_danger_die_is_rolled_before_the_effect_is_gained(cat):
    g = new_game(cat)
    assert g.st.stock.tolist() == [0, 0, 0]
    g.force_dice(g.die_face(K.DIE_WHITE, "shortage", 1))
    place(g, "bushes-lower", 0)
    # the Shortage found an empty stock: the 3 berries came after the roll
    assert g.st.stock.tolist() == [3, 0, 0]
    ev = [e[0] for e in g.events()]
    assert ev.index(K.EV_ROLL) < ev.index(K.EV_GAIN)
    assert K.EV_LOSE not in ev
    assert g.sc("N_DANGEROUS") == 1 and g.sc("DANGER_STREAK") == 1
    assert kinds(g, K.EV_ACTION)[0][3:5] == (g.action("bushes-lower"), 1)


@pytest.mark.rule("HV-L06")
def test_a_safe_action_rolls_no_danger_die(cat):
    g = new_game(cat)
    g.set_sc("DANGER_STREAK", 2)
    g.force_dice(g.die_face(K.DIE_WHITE, "shortage", 1))
    prefill(g, "bushes-upper")
    place(g, "bushes-upper", 0)
    assert g.st.stock.tolist() == [3, 0, 0]
    assert kinds(g, K.EV_ROLL) == []
    assert g.sc("FORCED_POS") == 0                       # the queued face was not used
    assert g.sc("N_DANGEROUS") == 0 and g.sc("DANGER_STREAK") == 0
    assert kinds(g, K.EV_ACTION)[0][3:5] == (g.action("bushes-upper"), 0)


@pytest.mark.rule("HV-L06")
def test_only_the_filling_meeple_rolls_the_danger_die(cat):
    g = new_game(cat)
    g.st.loc_mod[LOCATIONS.index("sawmill"), S.LM_DANGER] = 1     # Smoky Sawmill
    g.force_dice(nothing_face(g))
    place(g, "sawmill-upper", 0)
    assert kinds(g, K.EV_ROLL) == [] and g.sc("FORCED_POS") == 0
    place(g, "sawmill-upper", 1)
    assert [(e[3], e[4]) for e in kinds(g, K.EV_ROLL)] == [(K.DIE_WHITE, nothing_face(g))]
    assert g.st.stock.tolist() == [0, 3, 0]
    assert g.sc("N_DANGEROUS") == 1


@pytest.mark.rule("HV-L06")
def test_the_dangerous_actions_are_the_assumed_red_spaces(cat):
    dangerous = [a["id"] for a in cat.actions if a["dangerous"]]
    assert dangerous == ["dark-forest-upper", "stream-lower", "sawmill-lower", "bushes-lower",
                         "river-lower"]
    assert cat.rules.act[:, T.A_DANGER].tolist() == [int(BOARD[a["id"]][2]) for a in cat.actions]


# ------------------------------------------------------------------ HV-L07 Dark Forest
@pytest.mark.rule("HV-L07")
def test_dark_forest_upper_is_cheaper_than_lower(cat):
    g = new_game(cat)
    up, low = g.action("dark-forest-upper"), g.action("dark-forest-lower")
    assert g.R.act[up, T.A_SPACES] == 1 and cost(g, "dark-forest-upper") == (0, 0, 0)
    assert g.R.act[low, T.A_SPACES] == 2 and cost(g, "dark-forest-lower") == (1, 0, 0)
    assert sum(cost(g, "dark-forest-upper")) < sum(cost(g, "dark-forest-lower"))
    assert g.R.act[up, T.A_EFFECT] == g.R.act[low, T.A_EFFECT] == K.ACT_RESCUE


@pytest.mark.rule("HV-L07")
def test_dark_forest_lower_draws_the_top_lost_smurf_into_the_hand(cat):
    g = new_game(cat)
    prefill(g, "dark-forest-lower", p=0)
    g.st.stock[:] = [1, 0, 0]
    forest = pile(g, S.P_FOREST)
    before = hand(g, 1)
    place(g, "dark-forest-lower", 1)
    assert hand(g, 1) == before + [forest[-1]]
    assert pile(g, S.P_FOREST) == forest[:-1]
    assert g.st.stock.tolist() == [0, 0, 0]
    assert g.sc("RESCUES_ROUND") == 1 and g.sc("N_RESCUES") == 1
    assert int(g.st.decisions[K.D_RESCUE]) == 1 and g.sc("ASKED") == 0   # nest empty: forced


@pytest.mark.rule("HV-L07")
def test_dark_forest_upper_rescues_for_free_after_the_danger_roll(cat):
    g = new_game(cat)
    forest = pile(g, S.P_FOREST)
    g.force_dice(nothing_face(g))
    place(g, "dark-forest-upper", 2)
    assert hand(g, 2)[-1] == forest[-1] and len(hand(g, 2)) == 4
    assert g.st.stock.tolist() == [0, 0, 0]
    assert g.sc("FORCED_POS") == 1


@pytest.mark.rule("HV-L07")
@pytest.mark.parametrize("choice, draws, frees", [(0, True, False), (1, False, True), (2, True, True)])
def test_dark_forest_draw_or_free_a_nest_meeple_or_both(cat, choice, draws, frees):
    g = new_game(cat)
    g.set_sc("NEST", 2)
    g.set_sc("ESPLANADE", 6)
    prefill(g, "dark-forest-lower", p=0)                     # esplanade 5
    g.st.stock[:] = [1, 0, 0]
    forest = pile(g, S.P_FOREST)
    g.script(choice)
    place(g, "dark-forest-lower", 1)                         # esplanade 4
    k = int(g.st.decisions[K.D_RESCUE])
    assert k == 1 and g.sc("ASKED") == 1                     # three options: a real choice
    assert g.st.options[:3].tolist() == [1, 2, 3]
    assert len(hand(g, 1)) == 3 + draws
    assert pile(g, S.P_FOREST) == (forest[:-1] if draws else forest)
    assert g.sc("NEST") == 2 - frees
    assert g.sc("ESPLANADE") == 4 + frees


@pytest.mark.rule("HV-L07")
def test_dark_forest_frees_a_nest_meeple_when_no_lost_smurf_is_left(cat):
    g = new_game(cat)
    g.st.pile_n[S.P_FOREST] = 0
    g.st.pile_n[S.P_EXTRA] = 0
    g.set_sc("NEST", 1)
    g.set_sc("ESPLANADE", 3)
    before = hand(g, 0)
    g.force_dice(nothing_face(g))
    place(g, "dark-forest-upper", 0)
    assert g.sc("NEST") == 0 and g.sc("ESPLANADE") == 3     # 3 - 1 placed + 1 freed
    assert hand(g, 0) == before
    assert [e[3] for e in kinds(g, K.EV_RESCUE_NEST)] == [0]


@pytest.mark.rule("HV-L07")
def test_dark_forest_with_nothing_to_rescue_does_nothing(cat):
    g = new_game(cat)
    g.st.pile_n[S.P_FOREST] = 0
    g.st.pile_n[S.P_EXTRA] = 0
    rescue(g.R, g.C, g.st, 0)
    assert g.st.hand_n[0] == 3 and g.sc("NEST") == 0 and g.sc("ESPLANADE") == 8
    assert [e[3] for e in kinds(g, K.EV_NOTHING)] == [-1]


# ------------------------------------------------------------------ HV-L08 collection
@pytest.mark.rule("HV-L08")
@pytest.mark.parametrize("action, gained", [
    ("sawmill-upper", [0, 3, 0]), ("sawmill-lower", [0, 3, 0]),
    ("bushes-upper", [3, 0, 0]), ("bushes-lower", [3, 0, 0]),
    ("river-upper", [0, 0, 3]), ("river-lower", [0, 0, 3]),
])
def test_collection_actions_add_the_printed_resources(cat, action, gained):
    g = new_game(cat, seed=4)
    g.st.stock[:] = [1, 1, 1]
    dangerous = BOARD[action][2]
    if dangerous:
        g.force_dice(nothing_face(g))
    if BOARD[action][0] == 2:
        prefill(g, action)
    place(g, action, 0)
    assert g.st.stock.tolist() == [1 + x for x in gained]
    assert g.sc("FORCED_POS") == int(dangerous)


@pytest.mark.rule("HV-L08")
def test_sawmill_and_bushes_spaces_and_danger_as_the_rulebook_says(cat):
    g = new_game(cat)
    act = g.R.act
    saw = g.action("sawmill-upper")
    assert (act[saw, T.A_SPACES], act[saw, T.A_RES], act[saw, T.A_AMOUNT]) == (2, L, 3)
    bu, bl = g.action("bushes-upper"), g.action("bushes-lower")
    assert (act[bu, T.A_SPACES], act[bu, T.A_DANGER]) == (2, 0)
    assert (act[bl, T.A_SPACES], act[bl, T.A_DANGER]) == (1, 1)


@pytest.mark.rule("HV-L08")
@pytest.mark.parametrize("action", ["stream-upper", "stream-lower"])
@pytest.mark.parametrize("choice, gained", [(0, [1, 1, 0]), (1, [1, 0, 1]), (2, [0, 1, 1])])
def test_stream_collects_two_different_resources_of_choice(cat, action, choice, gained):
    g = new_game(cat, azrael="shelter")
    g.st.stock[:] = [2, 2, 2]
    if BOARD[action][2]:
        g.force_dice(nothing_face(g))
    if BOARD[action][0] == 2:
        prefill(g, action)
    g.script(choice)
    place(g, action, 0)
    # the only options are the 3 pairs of different types: never 2 identical
    assert g.st.options[:3].tolist() == [3 * B + L, 3 * B + St, 3 * L + St]
    assert int(g.st.decisions[K.D_GAIN_PAIR]) == 1 and g.sc("ASKED") == 1
    assert g.st.stock.tolist() == [2 + x for x in gained]
    assert sorted((e[3], e[4]) for e in kinds(g, K.EV_GAIN)) == \
        [(r, 1) for r in range(3) if gained[r]]


# ------------------------------------------------------------------ HV-L09 Workshop
@pytest.mark.rule("HV-L09")
def test_workshop_upper_crafts_an_idea_without_paying(cat):
    g = new_game(cat)
    g.st.stock[:] = [5, 0, 0]
    ideas = zone(g, S.I_IDEAS)
    deck = zone(g, S.I_DECK)
    chosen = ideas[1]
    assert int(g.R.inv[chosen, T.INV_COST]) >= 1
    prefill(g, "workshop-upper")
    g.script(1)
    place(g, "workshop-upper", 0)
    assert zone(g, S.I_CRAFTED) == [chosen]
    assert sorted(zone(g, S.I_IDEAS)) == sorted([ideas[0], ideas[2]])
    assert zone(g, S.I_DECK) == deck                         # no new idea is revealed
    assert g.st.stock.tolist() == [5, 0, 0]                  # its Smurfberry cost is not paid
    assert [(e[3], e[4]) for e in kinds(g, K.EV_CRAFT)] == [(chosen, 0)]
    assert g.sc("N_CRAFTED") == 1


@pytest.mark.rule("HV-L09")
def test_workshop_upper_with_no_idea_crafts_nothing(cat):
    g = new_game(cat)
    g.st.inv_n[S.I_IDEAS] = 0
    prefill(g, "workshop-upper")
    place(g, "workshop-upper", 0)
    assert zone(g, S.I_CRAFTED) == []
    assert g.sc("N_ACTIONS") == 1
    assert [e[3] for e in kinds(g, K.EV_NOTHING)] == [-1]


@pytest.mark.rule("HV-L09")
def test_workshop_lower_reveals_three_new_ideas_keeping_the_old(cat):
    g = new_game(cat)
    g.st.stock[:] = [5, 0, 0]
    ideas = zone(g, S.I_IDEAS)
    deck = zone(g, S.I_DECK)
    place(g, "workshop-lower", 0)
    assert zone(g, S.I_IDEAS) == ideas + deck[::-1][:3]       # the top 3 cards, in draw order
    assert zone(g, S.I_DECK) == deck[:-3]
    assert zone(g, S.I_CRAFTED) == []
    assert g.st.stock.tolist() == [5, 0, 0]
    assert [e[3] for e in kinds(g, K.EV_IDEA)] == deck[::-1][:3]


# ------------------------------------------------------------------ HV-L10 Shelter
@pytest.mark.rule("HV-L10")
def test_shelter_costs_and_spaces(cat):
    g = new_game(cat)
    up, low = g.action("shelter-upper"), g.action("shelter-lower")
    assert g.R.act[up, T.A_SPACES] == 1 and cost(g, "shelter-upper") == (0, 1, 1)
    assert g.R.act[low, T.A_SPACES] == 2 and cost(g, "shelter-lower") == (1, 0, 0)
    assert g.R.act[up, T.A_EFFECT] == g.R.act[low, T.A_EFFECT] == K.ACT_RELOCATE


@pytest.mark.rule("HV-L10")
def test_shelter_upper_relocates_a_smurf_from_any_hand(cat):
    g = new_game(cat)
    g.st.stock[:] = [0, 1, 1]
    hands = [hand(g, p) for p in range(3)]
    target = hands[1][1]
    g.script(4)                                   # options: p0 slots 0-2, p1 slots 0-2, p2 ...
    place(g, "shelter-upper", 0)
    assert g.st.options[:9].tolist() == hands[0] + hands[1] + hands[2]
    assert g.st.stock.tolist() == [0, 0, 0]
    assert sorted(hand(g, 1)) == sorted(c for c in hands[1] if c != target)
    assert hand(g, 0) == hands[0] and hand(g, 2) == hands[2]
    everywhere = sum((hand(g, p) for p in range(3)), []) + sum(
        (pile(g, x) for x in (S.P_DECK, S.P_DISCARD, S.P_FOREST, S.P_EXTRA)), [])
    assert target not in everywhere and len(everywhere) == 34      # back in the box
    assert g.sc("REMOVED") == 1
    assert [e[3] for e in kinds(g, K.EV_RELOCATE)] == [target]


@pytest.mark.rule("HV-L10")
def test_shelter_lower_relocates_a_smurf_from_the_discard_pile(cat):
    g = new_game(cat)
    g.st.stock[:] = [1, 0, 0]
    # one card of the Smurf deck has been played and discarded
    card = int(g.st.piles[S.P_DECK, g.st.pile_n[S.P_DECK] - 1])
    g.st.pile_n[S.P_DECK] -= 1
    g.st.piles[S.P_DISCARD, 0] = card
    g.st.pile_n[S.P_DISCARD] = 1
    hands = [hand(g, p) for p in range(3)]
    prefill(g, "shelter-lower", p=2)
    g.script(9)                                   # the 10th option: the discard pile's card
    place(g, "shelter-lower", 0)
    assert g.st.stock.tolist() == [0, 0, 0]
    assert pile(g, S.P_DISCARD) == []
    assert [hand(g, p) for p in range(3)] == hands
    assert g.sc("REMOVED") == 1
    assert [e[3] for e in kinds(g, K.EV_RELOCATE)] == [card]


@pytest.mark.rule("HV-L10")
def test_shelter_relocation_is_not_optional(cat):
    g = new_game(cat)
    g.st.stock[:] = [0, 1, 1]
    first = hand(g, 0)[0]
    place(g, "shelter-upper", 0)                  # the FIRST strategy takes option 0
    assert g.sc("REMOVED") == 1
    assert first not in hand(g, 0)


@pytest.mark.rule("HV-L10")
def test_shelter_last_space_needs_its_cost(cat):
    g = new_game(cat)
    g.st.stock[:] = [0, 1, 0]
    assert not legal(g, "shelter-upper")
    prefill(g, "shelter-lower")
    g.st.stock[:] = [0, 5, 5]
    assert not legal(g, "shelter-lower")
    g.st.stock[:] = [1, 0, 0]
    assert legal(g, "shelter-lower") and not legal(g, "shelter-upper")


# ------------------------------------------------------------------ HV-L11 Construction Site
def roof(g, house):
    return [int(x) for x in g.R.roof_cost[g.st.house_roof[house]]]


@pytest.mark.rule("HV-L11")
def test_construction_site_upper_is_cheaper_than_lower(cat):
    g = new_game(cat)
    up, low = g.action("construction-site-upper"), g.action("construction-site-lower")
    assert g.R.act[up, T.A_SPACES] == 1 and cost(g, "construction-site-upper") == (0, 0, 0)
    assert g.R.act[low, T.A_SPACES] == 2 and cost(g, "construction-site-lower") == (1, 0, 0)
    assert g.R.act[up, T.A_EFFECT] == g.R.act[low, T.A_EFFECT] == K.ACT_BUILD


@pytest.mark.rule("HV-L11")
def test_construction_site_builds_the_chosen_house_paying_its_roof(cat):
    g = new_game(cat, seed=8)
    g.st.stock[:] = [10, 10, 10]
    hands = [hand(g, p) for p in range(3)]
    g.script(2, 0)                                # house 2; then relocate nobody
    place(g, "construction-site-upper", 0)
    assert g.st.house_built.tolist()[:6] == [0, 0, 1, 0, 0, 0]
    assert g.st.stock.tolist() == [10 - x for x in roof(g, 2)]
    assert g.sc("BUILDS_ROUND") == 1
    assert [e[3:5] for e in kinds(g, K.EV_BUILD)] == [(2, int(g.st.house_roof[2]))]
    assert g.sc("REMOVED") == 0 and [hand(g, p) for p in range(3)] == hands


@pytest.mark.rule("HV-L11")
def test_construction_site_may_relocate_after_building(cat):
    g = new_game(cat, seed=8)
    g.st.stock[:] = [10, 10, 10]
    first = hand(g, 0)[0]
    g.script(0, 1)                                # house 0; option 1 = the first card in hand
    place(g, "construction-site-upper", 0)
    assert g.st.house_built[0] == 1
    assert g.st.options[0] == -1                  # "relocate nobody" was offered first
    assert g.sc("REMOVED") == 1
    assert [e[3] for e in kinds(g, K.EV_RELOCATE)] == [first]
    ev = [e[0] for e in g.events()]
    assert ev.index(K.EV_BUILD) < ev.index(K.EV_RELOCATE)


@pytest.mark.rule("HV-L11")
def test_construction_site_lower_pays_the_roof_and_a_smurfberry(cat):
    g = new_game(cat, seed=8)
    g.st.house_roof[0] = 0                        # roof 1: 2 logs, 1 stone
    g.st.house_built[1:6] = 1
    prefill(g, "construction-site-lower")
    g.st.stock[:] = [0, 2, 1]
    assert legal(g, "construction-site-upper")
    assert not legal(g, "construction-site-lower")
    g.st.stock[:] = [0, 2, 0]
    assert not legal(g, "construction-site-upper")
    g.st.stock[:] = [1, 2, 1]
    assert legal(g, "construction-site-lower")
    place(g, "construction-site-lower", 0)
    assert g.st.stock.tolist() == [0, 0, 0]
    assert g.st.house_built.tolist()[:6] == [1] * 6
    assert sorted((e[3], e[4]) for e in kinds(g, K.EV_PAY)) == [(B, 1), (L, 2), (St, 1)]


@pytest.mark.rule("HV-L11")
def test_only_affordable_unbuilt_houses_are_offered(cat):
    g = new_game(cat, seed=8)
    g.st.house_roof[:6] = [0, 1, 2, 4, 5, 7]      # 2L1S, 1L2S, 2L2S, 1B2L1S, 3L1S, 1B2L2S
    g.st.house_built[0] = 1
    g.st.stock[:] = [0, 2, 2]                     # pays 1L2S and 2L2S; 2L1S is already built
    g.script(1, 0)                                # the 2nd offered house: house 2 (2L2S)
    place(g, "construction-site-upper", 0)
    assert int(g.st.decisions[K.D_BUILD]) == 1
    assert g.st.house_built.tolist()[:6] == [1, 0, 1, 0, 0, 0]
    assert g.st.stock.tolist() == [0, 0, 0]


@pytest.mark.rule("HV-L11")
def test_the_first_offered_house_is_the_first_affordable_unbuilt_one(cat):
    g = new_game(cat, seed=8)
    g.st.house_roof[:6] = [0, 1, 2, 4, 5, 7]
    g.st.house_built[0] = 1
    g.st.stock[:] = [0, 2, 2]
    place(g, "construction-site-upper", 0)        # FIRST takes option 0: house 1 (1L2S)
    assert g.st.house_built.tolist()[:6] == [1, 1, 0, 0, 0, 0]
    assert g.st.stock.tolist() == [0, 1, 0]


@pytest.mark.rule("HV-L11")
def test_no_build_once_every_house_stands(cat):
    g = new_game(cat)
    g.st.house_built[:6] = 1
    g.st.stock[:] = [20, 20, 20]
    assert not legal(g, "construction-site-upper")
    prefill(g, "construction-site-lower")
    assert not legal(g, "construction-site-lower")


# ------------------------------------------------------------------ HV-L12 assumed values
@pytest.mark.rule("HV-L12")
def test_board_matches_the_assumptions_table(cat):
    act = cat.rules.act
    for i, a in enumerate(cat.actions):
        spaces, c, danger, effect, res, amount = BOARD[a["id"]]
        assert int(act[i, T.A_SPACES]) == spaces, a["id"]
        assert tuple(int(x) for x in act[i, T.A_COST:T.A_COST + 3]) == c, a["id"]
        assert bool(act[i, T.A_DANGER]) is danger, a["id"]
        assert int(act[i, T.A_EFFECT]) == effect, a["id"]
        assert int(act[i, T.A_RES]) == res, a["id"]
        assert int(act[i, T.A_AMOUNT]) == amount, a["id"]


@pytest.mark.rule("HV-L12")
def test_assumed_board_values_are_flagged_as_assumed(cat):
    flagged = {label.split("'")[1] for f, label, _ in cat.assumptions if f == "board.toml"}
    # every action holds some assumed value: the rulebook's six each have an assumed field (a
    # danger flag the rulebook never prints, an amount, a cost), listed field by field
    assert flagged == {a["id"] for a in cat.actions}
    whole = {label.split("'")[1] for f, label, what in cat.assumptions
             if f == "board.toml" and what.startswith("spaces, cost, danger, effect and amount")}
    assert whole == ASSUMED_ACTIONS
    assert {a["id"] for a in cat.actions if a["source"] == "assumed"} == ASSUMED_ACTIONS


def edit_action(text, action_id, old, new):
    """Replace `old` by `new` inside the [[action]] block whose id is `action_id`."""
    blocks = text.split("[[action]]")
    hits = [i for i, b in enumerate(blocks) if re.search(rf'^id = "{action_id}"$', b, re.M)]
    assert len(hits) == 1
    b = blocks[hits[0]]
    assert b.count(old) == 1, (action_id, old)
    blocks[hits[0]] = b.replace(old, new)
    return "[[action]]".join(blocks)


@pytest.fixture
def user_cat(tmp_path):
    """A user's data folder whose board.toml changes three assumed values."""
    text = (DEFAULT_DATA_DIR / "board.toml").read_text(encoding="utf-8")
    text = edit_action(text, "shelter-upper", "cost = { stone = 1, log = 1 }", "cost = { stone = 2 }")
    text = edit_action(text, "workshop-lower", "spaces = 1", "spaces = 2")
    text = edit_action(text, "river-upper", "dangerous = false", "dangerous = true")
    (tmp_path / "board.toml").write_text(text, encoding="utf-8")
    c = load_catalog(tmp_path)
    assert c.files["board.toml"] == str(tmp_path / "board.toml")
    assert c.files["roofs.toml"] == str(DEFAULT_DATA_DIR / "roofs.toml")   # others: defaults
    return c


@pytest.mark.rule("HV-L12", "HV-L05")
def test_a_user_board_file_changes_a_cost_and_the_engine_pays_it(cat, user_cat):
    assert user_cat.digest != cat.digest
    g = new_game(user_cat)
    assert cost(g, "shelter-upper") == (0, 0, 2)
    g.st.stock[:] = [0, 1, 1]                     # the default cost, no longer enough
    assert not legal(g, "shelter-upper")
    g.st.stock[:] = [0, 0, 2]
    assert legal(g, "shelter-upper")
    place(g, "shelter-upper", 0)
    assert g.st.stock.tolist() == [0, 0, 0]
    assert g.sc("REMOVED") == 1


@pytest.mark.rule("HV-L12", "HV-L03")
def test_a_user_board_file_changes_spaces_and_danger(user_cat):
    g = new_game(user_cat)
    ideas = len(zone(g, S.I_IDEAS))
    place(g, "workshop-lower", 0)                 # now 2 spaces: nothing yet
    assert len(zone(g, S.I_IDEAS)) == ideas and g.sc("N_ACTIONS") == 0
    place(g, "workshop-lower", 1)
    assert len(zone(g, S.I_IDEAS)) == ideas + 3
    g.force_dice(nothing_face(g))
    prefill(g, "river-upper")
    place(g, "river-upper", 2)                    # now dangerous: the filler rolls
    assert g.sc("FORCED_POS") == 1 and g.sc("N_DANGEROUS") == 1
    assert g.st.stock.tolist() == [0, 0, 3]
