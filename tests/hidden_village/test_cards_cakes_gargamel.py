"""Scenario tests: the 10 Cake cards (data/cakes.toml: HV-K01, HV-K02, HV-N20) and the 17
Gargamel cards (data/gargamel.toml: HV-E02, HV-E03, HV-N18, HV-N19, HV-G02, HV-G03).

Each cake test puts the game one step short of the cake's prerequisite, checks that the cake
is not prepared there, takes the one step with one kernel and checks that it is prepared then
(and, in the variant one step shorter, that it still is not). Each Gargamel test stacks the
card on top of Gargamel's deck, ends the round (end_of_round: return, reveal, Azrael, marker)
and checks the card's exact effect and Azrael's move by the card's value.
"""
import numpy as np
import pytest

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.rules.core import check_progress, objectives_met
from simcore.games.hidden_village.rules.effects import bonus_actions
from simcore.games.hidden_village.rules.gargamel import reveal_gargamel
from simcore.games.hidden_village.rules.locations import place_meeple
from simcore.games.hidden_village.rules.turn import end_of_round
from tests.conftest import make_game
from tests.hidden_village.scenario import (hand, next_gargamel, placements, set_cakes, set_crafted,
                                           set_stock, stock)

DARK_FOREST, STREAM, SAWMILL, BUSHES, RIVER, WORKSHOP, SHELTER, CONSTRUCTION = range(8)
B, L, ST = K.BERRY, K.LOG, K.STONE
N_INVENTIONS = 24
HARMLESS_WHITE = 5      # the white die's Bright idea (checked in fresh())


# ----------------------------------------------------------------- helpers (this file only)
def fresh(cat, azrael=SHELTER, **kw):
    """A set-up game with an empty log, Azrael parked at the Shelter, no idea, no crafted
    invention, First Player 0."""
    g = make_game(cat, **kw)
    assert g.R.die[K.DIE_WHITE, HARMLESS_WHITE, 0, 0] == K.FACE_BRIGHT_IDEA
    g.set_sc("AZRAEL", azrael)
    g.set_sc("FIRST", 0)
    set_inventions(g)
    g.clear_events()
    return g


def set_inventions(g, ideas=(), crafted=()):
    idea_c = [g.invention(x) for x in ideas]
    craft_c = [g.invention(x) for x in crafted]
    named = idea_c + craft_c
    old = [int(c) for z in (S.I_CRAFTED, S.I_IDEAS, S.I_DECK) for c in g.st.inv[z, : g.st.inv_n[z]]]
    deck = [c for c in old if c not in named]
    for zone, cs in ((S.I_DECK, deck), (S.I_IDEAS, idea_c)):
        g.st.inv[zone, : len(cs)] = cs
        g.st.inv_n[zone] = len(cs)
    set_crafted(g, craft_c)
    g.st.inv_occ[:] = 0
    g.st.inv_used[:] = 0
    assert sum(int(n) for n in g.st.inv_n) == N_INVENTIONS


def zone(g, z):
    return [int(c) for c in g.st.inv[z, : g.st.inv_n[z]]]


def pile(g, P):
    return [int(c) for c in g.st.piles[P, : g.st.pile_n[P]]]


def cakes_done(g):
    return [int(x) for x in g.st.cake_done[: g.sc("N_CAKES")]]


def progress(g):
    check_progress(g.R, g.st)


def place(g, action_id, p=0):
    g.set_sc("CUR", p)
    place_meeple(g.R, g.C, g.st, g.action(action_id), p)


def prefill(g, action_id, p=1):
    a = g.action(action_id)
    g.st.occ[a, 0] = p
    g.set_sc("ESPLANADE", g.sc("ESPLANADE") - 1)


def built(g):
    return [h for h in range(g.sc("N_HOUSES")) if g.st.house_built[h]]


def end_round(g):
    end_of_round(g.R, g.C, g.st)


def garg_value(g, card_id):
    return int(g.R.garg[g.gargamel(card_id), 1])


def reveal_end_of_round(g, card_id, azrael_value, start=SHELTER):
    """End the round with `card_id` on top of Gargamel's deck; check the reveal, that the card
    covers the previous one and that Azrael moved by the card's value (HV-E02, HV-E03)."""
    assert garg_value(g, card_id) == azrael_value
    g.set_sc("AZRAEL", start)
    n = g.sc("GARG_N")
    next_gargamel(g, card_id)
    end_round(g)
    assert g.sc("GARG_TOP") == g.gargamel(card_id)
    assert g.sc("GARG_N") == n - 1
    assert [e[3] for e in g.events(K.EV_GARGAMEL)] == [g.gargamel(card_id)]
    assert g.sc("AZRAEL") == (start + azrael_value) % 8


# ================================================================= Cakes (HV-K01)
# Each cake: one step short -> not prepared; the step -> prepared; (variant) two steps short
# and the same step -> still not prepared.
@pytest.mark.rule("HV-K01")
@pytest.mark.rule("HV-N20")
@pytest.mark.parametrize("stones,done", [(3, 1), (2, 0)])
def test_smurfberry_pie_is_prepared_with_10_resources_in_the_stock(cat, stones, done):
    g = fresh(cat)
    set_cakes(g, "smurfberry-pie")
    set_stock(g, 2, 2, stones)
    progress(g)
    assert cakes_done(g) == [0]
    prefill(g, "river-upper")
    place(g, "river-upper")                           # +3 stones
    assert sum(stock(g)) == 7 + stones
    assert cakes_done(g) == [done]
    if done:                                          # prepared for good (HV-K01)
        g.st.stock[:] = 0
        progress(g)
        assert cakes_done(g) == [1]


@pytest.mark.rule("HV-K01")
@pytest.mark.rule("HV-N20")
@pytest.mark.parametrize("streak,done", [(3, 1), (2, 0)])
def test_daredevil_cake_is_prepared_by_the_4th_dangerous_action_in_a_row(cat, streak, done):
    g = fresh(cat)
    set_cakes(g, "daredevil-cake")
    g.set_sc("DANGER_STREAK", streak)
    progress(g)
    assert cakes_done(g) == [0]
    g.force_dice(HARMLESS_WHITE)
    place(g, "sawmill-lower")
    assert g.sc("DANGER_STREAK") == streak + 1
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
@pytest.mark.rule("HV-N20")
@pytest.mark.parametrize("builds,done", [(1, 1), (0, 0)])
def test_housewarming_cake_is_prepared_by_the_2nd_house_built_in_a_round(cat, builds, done):
    g = fresh(cat)
    set_cakes(g, "housewarming-cake")
    g.set_sc("BUILDS_ROUND", builds)
    g.st.house_built[0] = builds
    set_stock(g, 1, 3, 3)                             # pays any roof
    progress(g)
    assert cakes_done(g) == [0]
    place(g, "construction-site-upper")               # builds the first unbuilt house
    assert len(built(g)) == builds + 1
    assert g.sc("BUILDS_ROUND") == builds + 1
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
@pytest.mark.parametrize("logs,done", [(3, 1), (2, 0)])
def test_harvest_cake_is_prepared_with_3_of_each_resource(cat, logs, done):
    g = fresh(cat)
    set_cakes(g, "harvest-cake")
    set_stock(g, 9, logs, 0)
    progress(g)
    assert cakes_done(g) == [0]
    prefill(g, "river-upper")
    place(g, "river-upper")
    assert stock(g) == (9, logs, 3)
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
@pytest.mark.parametrize("berries,done", [(3, 1), (2, 0)])
def test_berry_tart_is_prepared_with_6_smurfberries(cat, berries, done):
    g = fresh(cat)
    set_cakes(g, "berry-tart")
    set_stock(g, berries, 9, 9)                       # other resources do not count
    progress(g)
    assert cakes_done(g) == [0]
    prefill(g, "bushes-upper")
    place(g, "bushes-upper")
    assert stock(g)[B] == berries + 3
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
@pytest.mark.parametrize("have,done", [(["telescope", "toolbox"], 1), (["telescope"], 0)])
def test_inventors_gateau_is_prepared_with_3_crafted_inventions(cat, have, done):
    g = fresh(cat)
    set_cakes(g, "inventors-gateau")
    set_inventions(g, ideas=["log-cart"], crafted=have)
    set_stock(g, 2, 0, 0)
    progress(g)
    assert cakes_done(g) == [0]
    g.script(1)                                       # craft the Log Cart
    bonus_actions(g.R, g.C, g.st, 0)
    assert g.st.inv_n[S.I_CRAFTED] == len(have) + 1
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
@pytest.mark.parametrize("rescues,done", [(1, 1), (0, 0)])
def test_welcome_cake_is_prepared_by_the_2nd_dark_forest_rescue_in_a_round(cat, rescues, done):
    g = fresh(cat)
    set_cakes(g, "welcome-cake")
    g.set_sc("RESCUES_ROUND", rescues)
    set_stock(g, 1, 0, 0)
    progress(g)
    assert cakes_done(g) == [0]
    prefill(g, "dark-forest-lower")
    place(g, "dark-forest-lower")                     # draw 1 lost Smurf (forced)
    assert g.sc("RESCUES_ROUND") == rescues + 1
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
@pytest.mark.parametrize("standing,done", [(3, 1), (2, 0)])
def test_village_fete_cake_is_prepared_with_4_houses_built(cat, standing, done):
    g = fresh(cat)
    set_cakes(g, "village-fete-cake")
    g.st.house_built[:standing] = 1
    set_stock(g, 1, 3, 3)
    progress(g)
    assert cakes_done(g) == [0]
    place(g, "construction-site-upper")
    assert len(built(g)) == standing + 1
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
@pytest.mark.parametrize("stones,done", [(3, 1), (2, 0)])
def test_stone_bread_is_prepared_with_6_stones(cat, stones, done):
    g = fresh(cat)
    set_cakes(g, "stone-bread")
    set_stock(g, 9, 9, stones)
    progress(g)
    assert cakes_done(g) == [0]
    prefill(g, "river-upper")
    place(g, "river-upper")
    assert stock(g)[ST] == stones + 3
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
@pytest.mark.rule("HV-L09")
@pytest.mark.parametrize("n_ideas,done", [(3, 1), (2, 0)])
def test_dreamers_souffle_is_prepared_with_6_ideas(cat, n_ideas, done):
    g = fresh(cat)
    set_cakes(g, "dreamers-souffle")
    set_inventions(g, ideas=["log-cart", "telescope", "shovel"][:n_ideas])
    progress(g)
    assert cakes_done(g) == [0]
    place(g, "workshop-lower")                        # reveal 3 ideas
    assert g.st.inv_n[S.I_IDEAS] == n_ideas + 3
    assert cakes_done(g) == [done]


@pytest.mark.rule("HV-K01")
def test_a_prepared_cake_stays_prepared_when_its_prerequisite_is_lost(cat):
    g = fresh(cat)
    set_cakes(g, "village-fete-cake", "inventors-gateau")
    g.st.house_built[:4] = 1
    set_inventions(g, crafted=["telescope", "toolbox", "shovel"])
    progress(g)
    assert cakes_done(g) == [1, 1]
    g.st.house_built[:4] = 0
    set_inventions(g)
    progress(g)
    assert cakes_done(g) == [1, 1]


@pytest.mark.rule("HV-K01")
@pytest.mark.rule("HV-N12")
def test_a_dangerous_action_whose_die_disguise_ignores_still_counts_for_the_daredevil_cake(cat):
    g = fresh(cat)
    set_cakes(g, "daredevil-cake")
    set_inventions(g, crafted=["disguise"])
    g.set_sc("DANGER_STREAK", 3)
    g.force_dice(g.die_face(K.DIE_WHITE, "cracoucass"))
    g.script(1)                                       # ignore the result with the Disguise
    place(g, "bushes-lower")
    assert g.sc("NEST") == 0
    assert g.sc("DANGER_STREAK") == 4 and cakes_done(g) == [1]


# ================================================================= progress cakes (HV-K02)
@pytest.mark.rule("HV-K02")
def test_a_non_dangerous_action_resets_the_daredevil_progress(cat):
    g = fresh(cat)
    set_cakes(g, "daredevil-cake")
    g.set_sc("DANGER_STREAK", 3)
    place(g, "workshop-lower")                        # a safe action performed
    assert g.sc("DANGER_STREAK") == 0
    g.force_dice(HARMLESS_WHITE)
    place(g, "river-lower")
    assert g.sc("DANGER_STREAK") == 1 and cakes_done(g) == [0]


@pytest.mark.rule("HV-K02")
def test_builds_in_round_progress_resets_at_the_end_of_the_round(cat):
    g = fresh(cat)
    set_cakes(g, "housewarming-cake")
    g.set_sc("BUILDS_ROUND", 1)
    g.st.house_built[0] = 1
    next_gargamel(g, "burned-plans")
    end_round(g)
    assert g.sc("BUILDS_ROUND") == 0
    set_stock(g, 1, 3, 3)
    place(g, "construction-site-upper")
    assert len(built(g)) == 2 and g.sc("BUILDS_ROUND") == 1
    assert cakes_done(g) == [0]


@pytest.mark.rule("HV-K02")
def test_rescues_in_round_progress_resets_at_the_end_of_the_round(cat):
    g = fresh(cat)
    set_cakes(g, "welcome-cake")
    g.set_sc("RESCUES_ROUND", 1)
    next_gargamel(g, "burned-plans")
    end_round(g)
    assert g.sc("RESCUES_ROUND") == 0
    set_stock(g, 1, 0, 0)
    prefill(g, "dark-forest-lower")
    place(g, "dark-forest-lower")
    assert g.sc("RESCUES_ROUND") == 1 and cakes_done(g) == [0]


# ================================================================= Gargamel: immediate cards
@pytest.mark.rule("HV-N19")
@pytest.mark.rule("HV-E03")
def test_spoiled_berries_lose_half_the_smurfberries_and_azrael_moves_1(cat):
    g = fresh(cat)
    set_stock(g, 9, 4, 4)
    reveal_end_of_round(g, "spoiled-berries", 1)
    assert stock(g) == (5, 4, 4)
    assert [(e[3], e[4]) for e in g.events(K.EV_LOSE)] == [(B, 4)]
    assert g.st.decisions.sum() == 0


@pytest.mark.rule("HV-N18")
def test_fit_of_rage_with_resources_and_houses_the_team_may_have_a_house_destroyed(cat):
    g = fresh(cat)
    set_stock(g, 3, 3, 3)
    g.st.house_built[[1, 4]] = 1
    g.script(2)                                       # [lose 3, house 1, house 4] -> house 4
    reveal_end_of_round(g, "fit-of-rage", 1)
    assert built(g) == [1]
    assert stock(g) == (3, 3, 3)
    assert [e[3] for e in g.events(K.EV_HOUSE_DESTROYED)] == [4]


@pytest.mark.rule("HV-N18")
def test_fit_of_rage_with_resources_and_houses_the_team_may_lose_3_resources(cat):
    g = fresh(cat)
    set_stock(g, 3, 3, 3)
    g.st.house_built[[1, 4]] = 1
    g.script(0, 2, 1, 0)                              # lose: a stone, a log, a berry
    reveal_end_of_round(g, "fit-of-rage", 1)
    assert built(g) == [1, 4]
    assert stock(g) == (2, 2, 2)


@pytest.mark.rule("HV-N18")
def test_fit_of_rage_with_too_few_resources_must_destroy_a_house(cat):
    g = fresh(cat)
    set_stock(g, 0, 2, 0)
    g.st.house_built[3] = 1
    reveal_end_of_round(g, "fit-of-rage", 1)
    assert built(g) == [] and stock(g) == (0, 2, 0)
    assert g.st.decisions[K.D_FIT_OF_RAGE] == 1       # forced: nothing asked
    assert g.sc("ASKED") == 0


@pytest.mark.rule("HV-N18")
def test_fit_of_rage_with_too_few_resources_and_no_house_loses_as_many_as_possible(cat):
    g = fresh(cat)
    set_stock(g, 0, 1, 1)
    reveal_end_of_round(g, "fit-of-rage", 1)
    assert stock(g) == (0, 0, 0)
    assert [e[3] for e in g.events(K.EV_NOTHING)] == [K.NOTHING_TO_LOSE]


@pytest.mark.rule("HV-E03")
def test_rotten_logs_lose_half_the_logs(cat):
    g = fresh(cat)
    set_stock(g, 4, 5, 4)
    reveal_end_of_round(g, "rotten-logs", 1)
    assert stock(g) == (4, 3, 4)


@pytest.mark.rule("HV-E03")
def test_crumbling_stones_lose_half_the_stones_and_azrael_stays(cat):
    g = fresh(cat)
    set_stock(g, 4, 4, 9)
    reveal_end_of_round(g, "crumbling-stones", 0)
    assert stock(g) == (4, 4, 5)
    assert g.events(K.EV_AZRAEL) == []


@pytest.mark.rule("HV-E03")
def test_looting_loses_2_resources_of_choice_and_azrael_moves_2_wrapping(cat):
    g = fresh(cat)
    set_stock(g, 1, 1, 1)
    g.script(2, 1)                                    # a stone, then a log
    reveal_end_of_round(g, "looting", 2, start=SHELTER)
    assert stock(g) == (1, 0, 0)
    assert g.sc("AZRAEL") == DARK_FOREST              # 7 -> 8 -> 1


@pytest.mark.rule("HV-G03")
def test_wrecking_spell_destroys_a_built_house_of_choice_which_must_be_rebuilt(cat):
    g = fresh(cat)
    g.st.house_built[[0, 2, 3]] = 1
    g.script(1)                                       # houses [0, 2, 3] -> house 2
    reveal_end_of_round(g, "wrecking-spell", 1)
    assert built(g) == [0, 3]
    assert [(e[3], e[4]) for e in g.events(K.EV_HOUSE_DESTROYED)] == [(2, int(g.st.house_roof[2]))]
    # it must be built again: the Construction Site offers it among the unbuilt houses
    set_stock(g, 9, 9, 9)
    g.script(1)                                       # unbuilt [1, 2, 4, 5] -> house 2
    place(g, "construction-site-upper")
    assert built(g) == [0, 2, 3]


@pytest.mark.rule("HV-G03")
@pytest.mark.rule("HV-G01")
def test_a_destroyed_house_makes_the_houses_objective_invalid_until_rebuilt(cat):
    g = fresh(cat)
    g.st.pile_n[S.P_FOREST] = 0
    g.st.cake_done[: g.sc("N_CAKES")] = 1
    g.st.house_built[: g.sc("N_HOUSES")] = 1
    assert objectives_met(g.st)
    g.st.house_built[5] = 0                           # the last house still to build
    next_gargamel(g, "wrecking-spell")
    g.script(2)                                       # houses [0..4] -> house 2
    reveal_gargamel(g.R, g.C, g.st)
    assert built(g) == [0, 1, 3, 4]
    set_stock(g, 9, 9, 9)
    g.script(1)                                       # unbuilt [2, 5] -> house 5
    place(g, "construction-site-upper")
    assert built(g) == [0, 1, 3, 4, 5]
    assert g.sc("OUTCOME") == K.RUNNING               # house 2 is missing
    g.st.occ[g.action("construction-site-upper"), 0] = -1
    g.script(0)
    place(g, "construction-site-upper", p=1)
    assert g.sc("OUTCOME") == K.WIN


def test_wrecking_spell_with_no_house_built_does_nothing(cat):
    g = fresh(cat)
    set_stock(g, 2, 2, 2)
    reveal_end_of_round(g, "wrecking-spell", 1)
    assert built(g) == [] and stock(g) == (2, 2, 2)
    assert g.events(K.EV_HOUSE_DESTROYED) == []


@pytest.mark.rule("HV-X01")
def test_bird_call_the_cracoucass_attacks_after_the_meeples_return(cat):
    g = fresh(cat)
    g.set_sc("FIRST", 1)
    positive = pile(g, S.P_FOREST)[-1]
    g.st.pile_n[S.P_FOREST] -= 1
    g.st.hand[2, g.st.hand_n[2]] = positive
    g.st.hand_n[2] += 1
    hands = [hand(g, p) for p in range(3)]
    g.set_sc("ESPLANADE", 0)
    g.st.occ[g.action("sawmill-upper"), :] = 0
    g.st.occ[g.action("river-upper"), :] = 1
    g.st.occ[g.action("bushes-upper"), :] = 2
    g.st.occ[g.action("stream-upper"), :] = 0
    reveal_end_of_round(g, "bird-call", 1)
    assert g.sc("ESPLANADE") == 7 and g.sc("NEST") == 1     # one of the 8 returned is taken
    assert hand(g, 2) == hands[2][:-1]                      # the positive Smurf is discarded
    assert hand(g, 0) == hands[0] and hand(g, 1) == hands[1]
    assert pile(g, S.P_DISCARD) == [positive]
    assert g.sc("FIRST") == 2                               # the marker passes afterwards


@pytest.mark.rule("HV-E03")
def test_cat_on_the_prowl_loses_1_resource_of_choice_and_azrael_moves_2(cat):
    g = fresh(cat)
    set_stock(g, 2, 0, 2)
    g.script(1)                                       # [berry, stone] -> a stone
    reveal_end_of_round(g, "cat-on-the-prowl", 2, start=BUSHES)
    assert stock(g) == (2, 0, 1)
    assert g.sc("AZRAEL") == WORKSHOP


def test_burned_plans_discards_every_idea(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["log-cart", "telescope", "shovel", "wardrobe"], crafted=["toolbox"])
    n_deck = g.st.inv_n[S.I_DECK]
    reveal_end_of_round(g, "burned-plans", 0)
    assert g.st.inv_n[S.I_IDEAS] == 0
    assert g.st.inv_n[S.I_DECK] == n_deck                      # no new idea
    assert zone(g, S.I_CRAFTED) == [g.invention("toolbox")]    # crafted ones are kept
    assert g.sc("INV_DISCARD") == 4
    assert [(e[3], e[4]) for e in g.events(K.EV_INV_DISCARD)] == [
        (g.invention(x), 2) for x in ("log-cart", "telescope", "shovel", "wardrobe")]


def test_broken_gear_discards_1_crafted_invention_of_choice(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["log-cart"], crafted=["toolbox", "shovel", "wardrobe"])
    g.script(1)                                       # the Shovel
    reveal_end_of_round(g, "broken-gear", 1)
    assert sorted(zone(g, S.I_CRAFTED)) == sorted([g.invention("toolbox"), g.invention("wardrobe")])
    assert zone(g, S.I_IDEAS) == [g.invention("log-cart")]
    assert g.sc("INV_DISCARD") == 1


@pytest.mark.rule("HV-N14")
def test_broken_gear_on_the_robot_assistant_takes_the_9th_meeple_off_the_esplanade(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["robot-assistant"])
    g.set_sc("MEEPLES", 9)
    g.set_sc("ESPLANADE", 0)
    for a in ("sawmill-upper", "river-upper", "bushes-upper", "stream-upper"):
        g.st.occ[g.action(a), :] = 1
    g.st.occ[g.action("workshop-lower"), 0] = 1
    reveal_end_of_round(g, "broken-gear", 1)
    assert g.sc("MEEPLES") == 8 and g.sc("ESPLANADE") == 8
    assert g.st.decisions[K.D_ROBOT_REMOVE] == 0


def test_broken_gear_with_no_crafted_invention_does_nothing(cat):
    g = fresh(cat)
    reveal_end_of_round(g, "broken-gear", 1)
    assert g.sc("INV_DISCARD") == 0
    assert [e[3] for e in g.events(K.EV_NOTHING)] == [K.NOTHING_TO_DESTROY]


# ================================================================= Gargamel: lasting cards
@pytest.mark.rule("HV-E02")
def test_trapped_forest_blocks_the_dark_forest_until_covered(cat):
    g = fresh(cat)
    df = {g.action("dark-forest-upper"), g.action("dark-forest-lower")}
    reveal_end_of_round(g, "trapped-forest", 1)
    assert not df & set(placements(g))
    assert {g.action("stream-upper"), g.action("river-lower")} <= set(placements(g))
    next_gargamel(g, "flooded-river")                 # covered by another lasting card
    end_round(g)
    assert df <= set(placements(g))
    river = {g.action("river-upper"), g.action("river-lower")}
    assert not river & set(placements(g))


@pytest.mark.rule("HV-E02")
def test_flooded_river_blocks_the_river_for_the_next_round(cat):
    g = fresh(cat)
    set_stock(g, 9, 9, 9)
    river = {g.action("river-upper"), g.action("river-lower")}
    assert river <= set(placements(g))
    reveal_end_of_round(g, "flooded-river", 1)
    assert not river & set(placements(g))
    assert int(g.st.loc_mod[RIVER, S.LM_BLOCKED]) == 1
    assert int(np.abs(g.st.loc_mod).sum()) == 1


def _dangerous_performed(g):
    return [(e[3], e[4]) for e in g.events(K.EV_ACTION)]


@pytest.mark.rule("HV-E02")
def test_smoky_sawmill_makes_the_sawmill_dangerous_for_the_next_round_only(cat):
    g = fresh(cat)
    g.set_sc("AZRAEL", BUSHES)
    reveal_end_of_round(g, "smoky-sawmill", 0, start=BUSHES)
    g.clear_events()
    g.force_dice(HARMLESS_WHITE, HARMLESS_WHITE)
    prefill(g, "sawmill-upper")
    place(g, "sawmill-upper")                         # printed safe, now dangerous
    assert _dangerous_performed(g) == [(g.action("sawmill-upper"), 1)]
    assert [e[3] for e in g.events(K.EV_ROLL)] == [K.DIE_WHITE]
    assert g.sc("DANGER_STREAK") == 1 and g.sc("N_DANGEROUS") == 1
    assert stock(g)[L] == 3
    # a later turn of the same round: still dangerous
    g.st.occ[g.action("sawmill-upper"), :] = -1
    prefill(g, "sawmill-upper")
    place(g, "sawmill-upper")
    assert g.sc("DANGER_STREAK") == 2
    # covered at the end of that round: safe again
    next_gargamel(g, "burned-plans")
    end_round(g)
    g.clear_events()
    prefill(g, "sawmill-upper")
    place(g, "sawmill-upper")
    assert _dangerous_performed(g) == [(g.action("sawmill-upper"), 0)]
    assert g.events(K.EV_ROLL) == [] and g.sc("DANGER_STREAK") == 0


@pytest.mark.rule("HV-E02")
def test_thorny_bushes_make_the_bushes_dangerous(cat):
    g = fresh(cat)
    reveal_end_of_round(g, "thorny-bushes", 1, start=SAWMILL)
    assert g.sc("AZRAEL") == BUSHES
    g.set_sc("AZRAEL", SHELTER)
    g.clear_events()
    g.force_dice(g.die_face(K.DIE_WHITE, "cracoucass"))
    prefill(g, "bushes-upper")
    place(g, "bushes-upper")
    assert _dangerous_performed(g) == [(g.action("bushes-upper"), 1)]
    assert g.sc("NEST") == 1                          # the danger die's result applied
    assert stock(g)[B] == 3


@pytest.mark.rule("HV-E02")
def test_guarded_shelter_shelter_actions_cost_1_more_smurfberry(cat):
    g = fresh(cat)
    reveal_end_of_round(g, "guarded-shelter", 2, start=SAWMILL)
    set_stock(g, 0, 1, 1)                             # the printed cost only
    assert g.action("shelter-upper") not in placements(g)
    set_stock(g, 1, 1, 1)
    assert g.action("shelter-upper") in placements(g)
    g.clear_events()
    place(g, "shelter-upper")                         # relocate the first option
    assert stock(g) == (0, 0, 0)
    assert sorted((e[3], e[4]) for e in g.events(K.EV_PAY)) == [(B, 1), (L, 1), (ST, 1)]
    assert g.sc("REMOVED") == 1


@pytest.mark.rule("HV-E02")
def test_guarded_shelter_lower_action_costs_2_smurfberries(cat):
    g = fresh(cat)
    reveal_end_of_round(g, "guarded-shelter", 2, start=SAWMILL)
    prefill(g, "shelter-lower")
    set_stock(g, 1, 5, 5)
    assert g.action("shelter-lower") not in placements(g)
    set_stock(g, 2, 5, 5)
    place(g, "shelter-lower")
    assert stock(g) == (0, 5, 5)


@pytest.mark.rule("HV-E02")
def test_sniffing_gargamel_makes_the_construction_site_dangerous(cat):
    g = fresh(cat)
    reveal_end_of_round(g, "sniffing-gargamel", 1, start=SAWMILL)
    g.set_sc("AZRAEL", SHELTER)
    set_stock(g, 1, 3, 4)
    g.clear_events()
    g.force_dice(g.die_face(K.DIE_WHITE, "shortage", 1))
    place(g, "construction-site-upper")
    assert _dangerous_performed(g) == [(g.action("construction-site-upper"), 1)]
    assert len(built(g)) == 1
    assert g.sc("N_DANGEROUS") == 1
    # the roof is paid (HV-L05), then the danger die's Shortage takes 1 more (HV-L06)
    roof = g.R.roof_cost[g.st.house_roof[built(g)[0]]]
    assert sum(stock(g)) == 8 - int(roof.sum()) - 1


# ================================================================= Too Late (HV-G02)
@pytest.mark.rule("HV-G02")
def test_too_late_loses_the_game(cat):
    g = fresh(cat, azrael=SAWMILL)
    g.set_sc("FIRST", 1)
    next_gargamel(g, "too-late")
    end_round(g)
    assert g.sc("OUTCOME") == K.LOSS and g.sc("LOSS") == K.LOSS_TOO_LATE
    assert g.sc("GARG_TOP") == g.gargamel("too-late")
    assert g.sc("AZRAEL") == SAWMILL and g.sc("FIRST") == 1   # nothing after the loss
    assert [(e[3], e[4]) for e in g.events(K.EV_OUTCOME)] == [(K.LOSS, K.LOSS_TOO_LATE)]


# ================================================================= HV-E02 covering
@pytest.mark.rule("HV-E02")
def test_an_immediate_card_covers_a_lasting_one_and_ends_it(cat):
    g = fresh(cat)
    next_gargamel(g, "guarded-shelter", "looting")
    end_round(g)
    assert int(g.st.loc_mod[SHELTER, S.LM_EXTRA + B]) == 1
    set_stock(g, 0, 0, 0)
    end_round(g)
    assert g.sc("GARG_TOP") == g.gargamel("looting")
    assert int(np.abs(g.st.loc_mod).sum()) == 0


@pytest.mark.rule("HV-E02")
def test_an_immediate_effect_applies_once_and_not_again_next_round(cat):
    g = fresh(cat)
    set_stock(g, 8, 0, 0)
    next_gargamel(g, "spoiled-berries", "burned-plans")
    end_round(g)
    assert stock(g) == (4, 0, 0)
    end_round(g)
    assert stock(g) == (4, 0, 0)


# ================================================================= Sturdy Roof
@pytest.mark.rule("HV-G03")
def test_sturdy_roof_stops_the_wrecking_spell(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["sturdy-roof"])
    g.st.house_built[[0, 2]] = 1
    reveal_end_of_round(g, "wrecking-spell", 1)
    assert built(g) == [0, 2]
    assert g.events(K.EV_HOUSE_DESTROYED) == []
    assert g.st.decisions[K.D_DESTROY_HOUSE] == 0


@pytest.mark.rule("HV-N18")
def test_sturdy_roof_fit_of_rage_with_enough_resources_loses_3(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["sturdy-roof"])
    g.st.house_built[[0, 2]] = 1
    set_stock(g, 3, 3, 3)
    reveal_end_of_round(g, "fit-of-rage", 1)
    assert built(g) == [0, 2]
    assert stock(g) == (0, 3, 3)                      # three times the first option, berries


@pytest.mark.rule("HV-G03")
def test_sturdy_roof_discarded_houses_can_be_destroyed_again(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["sturdy-roof"])
    g.st.house_built[[0, 2]] = 1
    next_gargamel(g, "broken-gear", "wrecking-spell")
    end_round(g)                                      # Broken Gear discards the Sturdy Roof
    assert zone(g, S.I_CRAFTED) == []
    end_round(g)
    assert built(g) == [2]
