"""Scenario tests: a player's turn (HV-T01..T09) and Smurf cards (HV-C01..C04).

Each test builds a game with the real setup kernel, writes the exact situation into the state,
forces the dice and the team's choices, calls one kernel (or the steps of one turn) and checks
the resulting state exactly.

Not covered here because engine part 1 does not implement it: card abilities (HV-T02 "its
ability always triggers", HV-T08 "a lasting ability ends with the turn"), placing a meeple on a
crafted New-action invention (HV-T03) and using an invention as a bonus action (HV-T07).
"""
import pytest

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.rules.cards import draw_lost_smurf, relocate
from simcore.games.hidden_village.rules.effects import bonus_actions
from simcore.games.hidden_village.rules.locations import place_meeple
from simcore.games.hidden_village.rules.turn import (end_turn, place_step, play_card, play_round,
                                                       play_turn)
from tests.conftest import make_game, without_abilities
from tests.hidden_village.scenario import all_cards, hand, layout, placements, set_crafted, stock

DARK_FOREST, STREAM, SAWMILL, BUSHES, RIVER, WORKSHOP, SHELTER, CONSTRUCTION = range(8)
N_SMURFS = 35


# ----------------------------------------------------------------- helpers (this file only)
def kinds(g, kind):
    return [c for c in range(len(g.cat.smurfs)) if g.R.smurf_kind[c] == kind]


def starting(g):
    return kinds(g, K.KIND_STARTING)


def lost(g):
    return [c for c in range(len(g.cat.smurfs)) if g.R.smurf_kind[c] != K.KIND_STARTING]


def pile(g, pile_index):
    return [int(c) for c in g.st.piles[pile_index, : g.st.pile_n[pile_index]]]


def set_ideas(g, ideas, crafted=()):
    """Ideas zone and inventions zone exactly; every other Invention card in the deck."""
    deck = [int(c) for c in g.st.inv[S.I_DECK, : g.st.inv_n[S.I_DECK]]]
    deck += [int(c) for c in g.st.inv[S.I_IDEAS, : g.st.inv_n[S.I_IDEAS]]]
    deck += [int(c) for c in g.st.inv[S.I_CRAFTED, : g.st.inv_n[S.I_CRAFTED]]]
    deck = [c for c in deck if c not in ideas and c not in crafted]
    for zone, cs in ((S.I_DECK, deck), (S.I_IDEAS, list(ideas))):
        g.st.inv[zone, : len(cs)] = cs
        g.st.inv_n[zone] = len(cs)
    set_crafted(g, list(crafted))


def placement_option(g, action_id):
    return placements(g).index(g.action(action_id))


def fresh(cat, azrael=WORKSHOP, **kw):
    """A set-up game with an empty log and Azrael away from the actions the tests use. The
    cards' abilities are blanked: these tests check the game flow (part 1), not the cards."""
    g = make_game(without_abilities(cat), **kw)
    g.set_sc("AZRAEL", azrael)
    g.clear_events()
    return g


def meeples_in_play(g):
    return g.sc("ESPLANADE") + g.sc("NEST") + g.sc("IDLE") + int((g.st.occ >= 0).sum())


# ================================================================= HV-T01
@pytest.mark.rule("HV-T01")
@pytest.mark.parametrize("players,first,order", [
    (3, 1, [1, 2, 0, 1, 2, 0, 1, 2]),
    (2, 1, [1, 0, 1, 0, 1, 0, 1, 0]),
    (1, 0, [0] * 8),
])
def test_turns_go_clockwise_from_the_first_player_until_the_esplanade_is_empty(cat, players, first, order):
    g = fresh(cat, players=players)
    g.set_sc("FIRST", first)
    g.st.garg_deck[g.sc("GARG_N") - 1] = g.gargamel("crumbling-stones")
    # harmless dice throughout: the Azrael die's blank face, the white die's Bright idea
    g.force_dice(*[5] * 64)
    assert g.R.die[K.DIE_AZRAEL, 5, 0, 0] == K.FACE_NOTHING
    assert g.R.die[K.DIE_WHITE, 5, 0, 0] == K.FACE_BRIGHT_IDEA
    play_round(g.R, g.C, g.st)
    turns = g.events(K.EV_TURN)
    assert [e[2] for e in turns] == order
    assert [e[3] for e in turns] == [8, 7, 6, 5, 4, 3, 2, 1]     # meeples on the esplanade
    assert len(g.events(K.EV_PLACE)) == 8                           # one placement per turn
    assert g.events(K.EV_ROUND)[0][3] == first
    # the round ended after the turn that emptied the esplanade
    last_turn = g.events().index(turns[-1])
    assert g.events().index(g.events(K.EV_GARGAMEL)[0]) > last_turn
    assert g.sc("TURN") == 8


# ================================================================= HV-T02
@pytest.mark.rule("HV-T02")
def test_step_1_plays_the_chosen_card_from_the_hand(cat):
    g = fresh(cat)
    s = starting(g)
    layout(g, hands={0: [s[0], s[1], s[2]]})
    deck_before = pile(g, S.P_DECK)
    g.script(1)
    play_card(g.R, g.C, g.st, 0)
    assert g.sc("PLAYED") == s[1]
    assert sorted(hand(g, 0)) == sorted([s[0], s[2]])
    assert pile(g, S.P_DECK) == deck_before and pile(g, S.P_DISCARD) == []
    assert [(e[3], e[4]) for e in g.events(K.EV_PLAY)] == [(s[1], 0)]


@pytest.mark.rule("HV-T02")
def test_step_1_with_an_empty_hand_plays_the_top_card_of_the_smurf_deck(cat):
    g = fresh(cat)
    layout(g, hands={1: []})
    deck = pile(g, S.P_DECK)
    play_card(g.R, g.C, g.st, 1)
    assert g.sc("PLAYED") == deck[-1]
    assert pile(g, S.P_DECK) == deck[:-1]
    assert hand(g, 1) == []
    assert g.st.decisions[K.D_PLAY_CARD] == 0          # nothing to choose
    assert [(e[3], e[4]) for e in g.events(K.EV_PLAY)] == [(deck[-1], 1)]


@pytest.mark.rule("HV-T02")
@pytest.mark.rule("HV-T05")
def test_step_1_with_an_empty_hand_and_deck_reshuffles_the_discard_pile(cat):
    g = fresh(cat)
    s = starting(g)
    layout(g, hands={0: [], 1: s[0:7], 2: s[7:14]}, deck=[], discard=[s[14]])
    play_card(g.R, g.C, g.st, 0)
    assert g.sc("PLAYED") == s[14]
    assert pile(g, S.P_DISCARD) == [] and pile(g, S.P_DECK) == []
    assert [e[3] for e in g.events(K.EV_RESHUFFLE)] == [1]


@pytest.mark.rule("HV-T02")
@pytest.mark.rule("HV-T05")
def test_a_turn_begun_with_an_empty_hand_plays_the_deck_top_then_draws_a_new_hand(cat):
    g = fresh(cat)
    layout(g, hands={2: []})
    set_ideas(g, [])
    deck = pile(g, S.P_DECK)
    g.script(placement_option(g, "river-upper"))
    play_turn(g.R, g.C, g.st, 2)
    played = deck[-1]
    assert pile(g, S.P_DISCARD) == [played]
    assert hand(g, 2) == [deck[-2], deck[-3], deck[-4]]    # drawn one by one from the top
    assert pile(g, S.P_DECK) == deck[:-4]
    assert g.st.occ[g.action("river-upper")].tolist() == [2, -1]


# ================================================================= HV-T03
@pytest.mark.rule("HV-T03")
def test_step_2_offers_every_action_with_a_free_space(cat):
    g = fresh(cat)
    g.st.stock[:] = (10, 10, 10)         # every filling placement affordable
    assert placements(g) == list(range(16))
    g.st.occ[g.action("stream-lower"), 0] = 0          # full (1 space)
    g.st.occ[g.action("sawmill-upper"), 0] = 1         # one space of 2 still free
    g.st.occ[g.action("shelter-lower"), :] = (0, 1)    # full (2 spaces)
    assert placements(g) == [a for a in range(16)
                             if a not in (g.action("stream-lower"), g.action("shelter-lower"))]


@pytest.mark.rule("HV-T03")
def test_step_2_moves_one_meeple_from_the_esplanade_to_the_next_free_space(cat):
    g = fresh(cat)
    g.st.occ[g.action("sawmill-upper"), 0] = 1
    g.set_sc("ESPLANADE", 7)
    g.script(placement_option(g, "sawmill-upper"))
    place_step(g.R, g.C, g.st, 2)
    assert g.st.occ[g.action("sawmill-upper")].tolist() == [1, 2]
    assert g.sc("ESPLANADE") == 6
    assert int((g.st.occ >= 0).sum()) == 2
    assert [(e[3], e[4], e[5]) for e in g.events(K.EV_PLACE)] == [(g.action("sawmill-upper"), 1, 1)]


# ================================================================= HV-T04
@pytest.mark.rule("HV-T04")
def test_step_3_performs_the_action_only_when_the_meeple_fills_its_last_space(cat):
    g = fresh(cat)
    set_ideas(g, [])
    s = starting(g)
    layout(g, hands={0: [s[0], s[1]], 1: [s[2], s[3]]})
    g.script(0, placement_option(g, "bushes-upper"))
    play_turn(g.R, g.C, g.st, 0)
    assert stock(g) == (0, 0, 0)
    assert g.events(K.EV_ACTION) == []
    g.script(0, placement_option(g, "bushes-upper"))
    play_turn(g.R, g.C, g.st, 1)
    assert stock(g) == (3, 0, 0)
    assert [(e[2], e[3]) for e in g.events(K.EV_ACTION)] == [(1, g.action("bushes-upper"))]
    assert g.st.occ[g.action("bushes-upper")].tolist() == [0, 1]


# ================================================================= HV-T05
@pytest.mark.rule("HV-T05")
def test_step_4_discards_the_played_card_and_draws_nothing_while_cards_remain(cat):
    g = fresh(cat)
    s = starting(g)
    layout(g, hands={0: [s[0]]}, played=s[1])
    deck = pile(g, S.P_DECK)
    end_turn(g.R, g.C, g.st, 0)
    assert pile(g, S.P_DISCARD) == [s[1]]
    assert hand(g, 0) == [s[0]]
    assert pile(g, S.P_DECK) == deck
    assert g.sc("PLAYED") == -1


@pytest.mark.rule("HV-T05")
@pytest.mark.parametrize("players,size", [(1, 5), (2, 4), (3, 3), (4, 3)])
def test_step_4_with_an_empty_hand_draws_up_to_the_starting_hand_size(cat, players, size):
    g = fresh(cat, players=players)
    assert g.C.hand_size == size
    played = hand(g, 0)[0]
    layout(g, hands={0: []}, played=played)     # the other cards of p0 go under the deck
    deck = pile(g, S.P_DECK)
    assert len(deck) >= size
    end_turn(g.R, g.C, g.st, 0)
    assert hand(g, 0) == deck[::-1][:size]
    assert pile(g, S.P_DECK) == deck[:-size]
    assert pile(g, S.P_DISCARD) == [played]


@pytest.mark.rule("HV-T05")
def test_step_4_reshuffles_the_discard_pile_when_the_deck_runs_out(cat):
    g = fresh(cat)
    s = starting(g)
    layout(g, hands={0: [], 1: s[0:5], 2: s[5:10]}, deck=[s[10]], discard=[s[11], s[12], s[13]],
           played=s[14])
    end_turn(g.R, g.C, g.st, 0)
    h = hand(g, 0)
    assert len(h) == 3 and h[0] == s[10]                 # the last deck card first
    # then the reshuffled discard pile, the just-played card included
    assert sorted(h[1:] + pile(g, S.P_DECK)) == sorted([s[11], s[12], s[13], s[14]])
    assert len(pile(g, S.P_DECK)) == 2 and pile(g, S.P_DISCARD) == []
    assert [e[3] for e in g.events(K.EV_RESHUFFLE)] == [4]
    assert sorted(all_cards(g)) == list(range(N_SMURFS))


@pytest.mark.rule("HV-T05")
def test_step_4_draws_what_is_left_when_deck_and_discard_both_run_out(cat):
    g = fresh(cat)
    s = starting(g)
    lo = lost(g)
    # every other card is out of reach: in other hands, the Dark Forest or the additional pile
    layout(g, hands={0: [], 1: s[0:6], 2: s[6:13]}, deck=[s[13]], discard=[], played=s[14],
           forest=lo[:10], extra=lo[10:])
    end_turn(g.R, g.C, g.st, 0)
    assert hand(g, 0) == [s[13], s[14]]                  # 2 cards, fewer than the hand size
    assert pile(g, S.P_DECK) == [] and pile(g, S.P_DISCARD) == []


# ================================================================= HV-T06
@pytest.mark.rule("HV-T06")
@pytest.mark.rule("HV-C01")
def test_an_effect_that_draws_may_exceed_the_hand_size(cat):
    g = fresh(cat)
    s = starting(g)
    layout(g, hands={0: [s[0], s[1], s[2]]})
    assert g.C.hand_size == 3
    forest = pile(g, S.P_FOREST)
    g.force_dice(g.die_face(K.DIE_WHITE, "bright-idea"))
    place_meeple(g.R, g.C, g.st, g.action("dark-forest-upper"), 0)
    assert hand(g, 0) == [s[0], s[1], s[2], forest[-1]]   # 4 cards: more than the hand size
    # the step-4 draw only fills an empty hand: nothing is drawn, nothing discarded from hand
    layout(g, played=s[3])
    deck = pile(g, S.P_DECK)
    end_turn(g.R, g.C, g.st, 0)
    assert hand(g, 0) == [s[0], s[1], s[2], forest[-1]]
    assert pile(g, S.P_DECK) == deck


# ================================================================= HV-T07
@pytest.mark.rule("HV-T07")
@pytest.mark.rule("HV-I01")
def test_bonus_crafting_may_be_repeated_any_number_of_times(cat):
    g = fresh(cat)
    shovel, toolbox, telescope = g.invention("shovel"), g.invention("toolbox"), g.invention("telescope")
    set_ideas(g, [shovel, toolbox, telescope])
    g.st.stock[:] = (6, 0, 0)
    # ideas [shovel 3, toolbox 2, telescope 1]: craft the shovel, then (ideas [telescope,
    # toolbox]) the telescope, then the toolbox; 0 berries left, nothing more to ask
    g.script(1, 1, 1)
    bonus_actions(g.R, g.C, g.st, 0)
    assert sorted(g.st.inv[S.I_CRAFTED, : g.st.inv_n[S.I_CRAFTED]].tolist()) == sorted([shovel, toolbox, telescope])
    assert g.st.inv_n[S.I_IDEAS] == 0
    assert stock(g) == (0, 0, 0)
    assert [(e[3], e[4]) for e in g.events(K.EV_CRAFT)] == [(shovel, 3), (telescope, 1), (toolbox, 2)]


@pytest.mark.rule("HV-T07")
def test_bonus_crafting_after_the_placement_spends_what_the_action_just_collected(cat):
    g = fresh(cat)
    telescope = g.invention("telescope")
    set_ideas(g, [telescope])
    s = starting(g)
    layout(g, hands={0: [s[0]]})
    g.st.occ[g.action("bushes-upper"), 0] = 1
    g.set_sc("ESPLANADE", 7)
    # no berry before the placement: no craft offered; after it 3 berries: craft the telescope
    g.script(placement_option(g, "bushes-upper"), 1)
    play_turn(g.R, g.C, g.st, 0)
    assert g.st.inv[S.I_CRAFTED, : g.st.inv_n[S.I_CRAFTED]].tolist() == [telescope]
    assert stock(g) == (2, 0, 0)
    ev = g.events()
    kinds_in_order = [e[0] for e in ev if e[0] in (K.EV_PLACE, K.EV_GAIN, K.EV_CRAFT, K.EV_DISCARD)]
    assert kinds_in_order == [K.EV_PLACE, K.EV_GAIN, K.EV_CRAFT, K.EV_DISCARD]


# ================================================================= HV-T08
@pytest.mark.rule("HV-T08")
def test_card_kinds_are_loaded_starting_immediate_or_lasting(cat):
    g = fresh(cat)
    expected = {"starting": K.KIND_STARTING, "immediate": K.KIND_IMMEDIATE, "lasting": K.KIND_LASTING}
    for c, row in enumerate(cat.smurfs):
        assert g.R.smurf_kind[c] == expected[row["kind"]], row["id"]
    # the rulebook's examples
    assert g.R.smurf_kind[g.card("beta-smurf")] == K.KIND_STARTING
    assert g.R.smurf_kind[g.card("mellow-smurf")] == K.KIND_STARTING
    assert g.R.smurf_kind[g.card("poet-smurf")] == K.KIND_LASTING
    assert g.R.smurf_kind[g.card("willow")] == K.KIND_LASTING
    assert g.R.smurf_kind[g.card("buttercup")] == K.KIND_IMMEDIATE
    assert len(starting(g)) == 15 and len(lost(g)) == 20
    assert len(kinds(g, K.KIND_IMMEDIATE)) == 7 and len(kinds(g, K.KIND_LASTING)) == 13


@pytest.mark.rule("HV-T08")
def test_lost_smurfs_are_positive_and_starting_smurfs_are_dealt(cat):
    g = fresh(cat)
    for c in pile(g, S.P_FOREST) + pile(g, S.P_EXTRA):
        assert g.R.smurf_kind[c] in (K.KIND_IMMEDIATE, K.KIND_LASTING)
    for c in pile(g, S.P_DECK) + [c for p in range(3) for c in hand(g, p)]:
        assert g.R.smurf_kind[c] == K.KIND_STARTING


# ================================================================= HV-T09
@pytest.mark.rule("HV-T09")
def test_the_played_card_leaves_at_step_4_so_a_later_trigger_cannot_use_it(cat):
    """The rulebook's example: the Poet Smurf takes the first space of the Dark Forest's lower
    action; another Smurf fills it on the next turn. The Poet is in the discard pile by then,
    so his ability (2 different resources on a rescue) does not apply."""
    g = fresh(cat)
    set_ideas(g, [])
    poet, brainy, other = g.card("poet-smurf"), g.card("brainy-smurf"), g.card("dreamy-smurf")
    layout(g, hands={0: [poet], 1: [brainy, other]})
    g.st.stock[:] = (1, 0, 0)
    forest = pile(g, S.P_FOREST)
    # Alex (p0): the Poet Smurf is in the played slot through steps 2 and 3 ...
    play_card(g.R, g.C, g.st, 0)
    assert g.sc("PLAYED") == poet and hand(g, 0) == []
    g.script(placement_option(g, "dark-forest-lower"))
    place_step(g.R, g.C, g.st, 0)
    assert g.sc("PLAYED") == poet
    assert g.st.occ[g.action("dark-forest-lower")].tolist() == [0, -1]
    # ... and goes to the discard pile at step 4
    end_turn(g.R, g.C, g.st, 0)
    assert g.sc("PLAYED") == -1
    assert pile(g, S.P_DISCARD) == [poet]
    # Sophia (p1) fills the action with another Smurf: 1 berry paid, 1 lost Smurf rescued
    g.script(0, placement_option(g, "dark-forest-lower"))
    play_turn(g.R, g.C, g.st, 1)
    assert [(e[2], e[3]) for e in g.events(K.EV_PLAY)] == [(0, poet), (1, brainy)]
    assert g.st.occ[g.action("dark-forest-lower")].tolist() == [0, 1]
    assert sorted(hand(g, 1)) == sorted([other, forest[-1]])
    assert stock(g) == (0, 0, 0)                          # no Poet resources
    assert g.events(K.EV_GAIN) == []
    assert pile(g, S.P_DISCARD) == [poet, brainy]


# ================================================================= HV-C01
@pytest.mark.rule("HV-C01")
def test_drawing_a_lost_smurf_takes_the_top_of_the_dark_forest_deck(cat):
    g = fresh(cat)
    forest, extra, h = pile(g, S.P_FOREST), pile(g, S.P_EXTRA), hand(g, 1)
    assert draw_lost_smurf(g.st, 1) == 1
    assert hand(g, 1) == h + [forest[-1]]
    assert pile(g, S.P_FOREST) == forest[:-1] and pile(g, S.P_EXTRA) == extra
    assert [(e[3], e[4]) for e in g.events(K.EV_DRAW)] == [(forest[-1], 1)]


@pytest.mark.rule("HV-C01")
def test_with_the_dark_forest_empty_a_rescue_takes_a_card_of_the_additional_pile(cat):
    g = fresh(cat)
    layout(g, forest=[])
    extra, h = pile(g, S.P_EXTRA), hand(g, 0)
    assert len(extra) == 20
    g.force_dice(g.die_face(K.DIE_WHITE, "bright-idea"))
    g.script(1)                           # rescue options: [decline, draw]
    place_meeple(g.R, g.C, g.st, g.action("dark-forest-upper"), 0)
    assert hand(g, 0) == h + [extra[-1]]
    assert pile(g, S.P_EXTRA) == extra[:-1] and pile(g, S.P_FOREST) == []
    assert [(e[3], e[4]) for e in g.events(K.EV_DRAW)] == [(extra[-1], 2)]


@pytest.mark.rule("HV-C01")
def test_with_no_lost_smurf_left_anywhere_nothing_is_drawn(cat):
    g = fresh(cat)
    lo = lost(g)
    layout(g, hands={2: lo[:3]}, forest=[], extra=[], discard=lo[3:])
    h = hand(g, 0)
    assert draw_lost_smurf(g.st, 0) == 0
    assert hand(g, 0) == h and g.events(K.EV_DRAW) == []


# ================================================================= HV-C02
@pytest.mark.rule("HV-C02")
def test_a_played_lost_smurf_is_discarded_and_returns_with_the_next_reshuffle(cat):
    g = fresh(cat)
    s, lo = starting(g), lost(g)
    forest = pile(g, S.P_FOREST)
    rescued = pile(g, S.P_EXTRA)[0]      # a lost Smurf held in p0's hand
    layout(g, hands={0: [], 1: s[0:6], 2: s[6:13]}, deck=[], discard=[s[13], s[14]], played=rescued)
    end_turn(g.R, g.C, g.st, 0)
    assert sorted(hand(g, 0)) == sorted([s[13], s[14], rescued])
    assert [e[3] for e in g.events(K.EV_RESHUFFLE)] == [3]
    assert pile(g, S.P_FOREST) == forest              # not back to the Dark Forest
    assert sorted(all_cards(g)) == list(range(N_SMURFS))
    assert rescued in lo


# ================================================================= HV-C03 / HV-C04
def _relocation_layout(g):
    s, lo = starting(g), lost(g)
    extra = pile(g, S.P_EXTRA)
    layout(g, hands={0: [s[0], s[1]], 1: [s[2]], 2: [extra[-1]]}, discard=[s[3], s[4]], played=s[5])
    return [s[0], s[1], s[2], extra[-1], s[3], s[4]]


@pytest.mark.rule("HV-C03")
def test_relocation_removes_a_card_chosen_from_any_hand(cat):
    g = fresh(cat)
    offered = _relocation_layout(g)
    deck = pile(g, S.P_DECK)
    g.st.stock[:] = (0, 1, 1)
    g.script(3)                          # p2's lost Smurf
    place_meeple(g.R, g.C, g.st, g.action("shelter-upper"), 0)
    # every hand and the discard pile, nothing from the deck, not the card being played
    assert g.st.options[:6].tolist() == offered
    assert stock(g) == (0, 0, 0)
    assert hand(g, 2) == [] and g.sc("REMOVED") == 1
    assert pile(g, S.P_DECK) == deck and pile(g, S.P_DISCARD) == offered[4:]
    assert sorted(all_cards(g) + [offered[3]]) == list(range(N_SMURFS))
    assert [(e[3], e[4]) for e in g.events(K.EV_RELOCATE)] == [(offered[3], 2)]


@pytest.mark.rule("HV-C03")
def test_relocation_removes_a_card_chosen_from_the_discard_pile(cat):
    g = fresh(cat)
    offered = _relocation_layout(g)
    g.script(5)
    relocate(g.R, g.C, g.st, False)
    assert pile(g, S.P_DISCARD) == [offered[4]]
    assert hand(g, 0) == offered[:2] and hand(g, 1) == [offered[2]] and hand(g, 2) == [offered[3]]
    assert g.sc("REMOVED") == 1
    assert offered[5] not in all_cards(g)
    assert len(all_cards(g)) == N_SMURFS - 1


@pytest.mark.rule("HV-C04")
def test_relocation_never_changes_the_number_of_meeples(cat):
    g = fresh(cat)
    _relocation_layout(g)
    g.st.occ[g.action("shelter-lower"), 0] = 1
    g.st.stock[:] = (1, 0, 0)
    g.set_sc("ESPLANADE", 6)
    g.set_sc("NEST", 1)
    g.script(0)
    place_meeple(g.R, g.C, g.st, g.action("shelter-lower"), 2)
    assert g.sc("REMOVED") == 1 and stock(g) == (0, 0, 0)
    assert g.sc("MEEPLES") == 8
    assert (g.sc("ESPLANADE"), g.sc("NEST"), int((g.st.occ >= 0).sum())) == (5, 1, 2)
    assert meeples_in_play(g) == 8


@pytest.mark.rule("HV-C04")
def test_relocating_after_a_build_never_changes_the_number_of_meeples(cat):
    g = fresh(cat)
    _relocation_layout(g)
    g.st.stock[:] = (5, 5, 5)
    g.script(0, 1)                       # the first affordable house; relocate the first card
    place_meeple(g.R, g.C, g.st, g.action("construction-site-upper"), 0)
    assert int(g.st.house_built.sum()) == 1 and g.sc("REMOVED") == 1
    assert (g.sc("ESPLANADE"), g.sc("NEST"), g.sc("MEEPLES")) == (7, 0, 8)
    assert meeples_in_play(g) == 8
