"""Scenario tests: the end of the round (HV-E01..E05), the rulebook's named Gargamel cards
(HV-N18 Fit of Rage, HV-N19 Spoiled Berries) and cakes (HV-N20, with HV-K01/HV-K02).

Each test builds a game with the real setup kernel, writes the exact situation into the state,
forces the dice and the team's choices, calls one kernel (or a short sequence of placements)
and checks the resulting state exactly.

Not covered: meeples standing on crafted New-action inventions returning at the end of the
round (HV-E01) - engine part 1 has no placement on inventions yet.
"""
import pytest

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.rules.gargamel import reveal_gargamel
from simcore.games.hidden_village.rules.locations import place_meeple
from simcore.games.hidden_village.rules.turn import (end_of_round, play_round, play_turn,
                                                       return_meeples)
from tests.conftest import make_game, without_abilities
from tests.hidden_village.scenario import (next_gargamel, on_board, placements, set_cakes, set_crafted,
                                          set_stock, stock)

DARK_FOREST, STREAM, SAWMILL, BUSHES, RIVER, WORKSHOP, SHELTER, CONSTRUCTION = range(8)
HARMLESS = 5   # Azrael die: no effect; white die: Bright idea (checked in fresh())


# ----------------------------------------------------------------- helpers (this file only)
def fresh(cat, azrael=WORKSHOP, **kw):
    """A set-up game with an empty log and Azrael away from the actions the tests use. The
    cards' abilities are blanked: these tests check the game flow (part 1), not the cards."""
    g = make_game(without_abilities(cat), **kw)
    assert g.R.die[K.DIE_AZRAEL, HARMLESS, 0, 0] == K.FACE_NOTHING
    assert g.R.die[K.DIE_WHITE, HARMLESS, 0, 0] == K.FACE_BRIGHT_IDEA
    g.set_sc("AZRAEL", azrael)
    g.clear_events()
    return g


def set_ideas(g, ideas):
    """Ideas zone exactly; every other Invention card in the deck, none crafted."""
    deck = [int(c) for z in (S.I_DECK, S.I_IDEAS, S.I_CRAFTED)
            for c in g.st.inv[z, : g.st.inv_n[z]] if int(c) not in ideas]
    g.st.inv[S.I_DECK, : len(deck)] = deck
    g.st.inv_n[S.I_DECK] = len(deck)
    g.st.inv[S.I_IDEAS, : len(ideas)] = ideas
    g.st.inv_n[S.I_IDEAS] = len(ideas)
    set_crafted(g, [])


def place(g, action_id, p=0):
    place_meeple(g.R, g.C, g.st, g.action(action_id), p)


# ================================================================= HV-E01
def _spread_meeples(g):
    """5 meeples on actions, 2 in the nest, 1 idle (no legal space), none on the esplanade."""
    for a, s in [("dark-forest-upper", 0), ("sawmill-upper", 0), ("sawmill-upper", 1),
                 ("shelter-lower", 0), ("construction-site-upper", 0)]:
        g.st.occ[g.action(a), s] = 1
    g.set_sc("ESPLANADE", 0)
    g.set_sc("NEST", 2)
    g.set_sc("IDLE", 1)


@pytest.mark.rule("HV-E01")
def test_all_meeples_return_to_the_esplanade_from_the_actions_and_the_nest(cat):
    g = fresh(cat)
    _spread_meeples(g)
    return_meeples(g.C, g.st)
    assert g.sc("ESPLANADE") == 8
    assert g.sc("NEST") == 0 and g.sc("IDLE") == 0 and on_board(g) == 0
    assert [(e[3], e[4]) for e in g.events(K.EV_RETURN)] == [(8, 0)]


@pytest.mark.rule("HV-E01")
def test_with_the_hungry_cracoucass_the_nest_keeps_its_meeples(cat):
    g = fresh(cat, hungry=True)
    _spread_meeples(g)
    return_meeples(g.C, g.st)
    assert g.sc("ESPLANADE") == 6 and g.sc("NEST") == 2 and on_board(g) == 0
    assert [(e[3], e[4]) for e in g.events(K.EV_RETURN)] == [(6, 2)]


@pytest.mark.rule("HV-E01")
def test_the_round_ends_only_after_a_turn_that_leaves_the_esplanade_empty(cat):
    g = fresh(cat)
    # last meeple on the esplanade, one in the nest, 6 on actions
    for a, s in [("sawmill-upper", 0), ("sawmill-upper", 1), ("river-upper", 0),
                 ("river-upper", 1), ("bushes-upper", 0), ("bushes-upper", 1)]:
        g.st.occ[g.action(a), s] = 2
    g.set_sc("ESPLANADE", 1)
    g.set_sc("NEST", 1)
    next_gargamel(g, "burned-plans")
    g.force_dice(*[HARMLESS] * 8)
    df_upper = placements(g).index(g.action("dark-forest-upper"))
    # turn 1: play card 0, the Dark Forest's upper action, free the nest meeple (option 1 of
    # [draw, free, both]); turn 2: first card, first legal space
    g.script(0, df_upper, 1)
    play_round(g.R, g.C, g.st)
    assert [e[3] for e in g.events(K.EV_TURN)] == [1, 1]      # the freed meeple got a turn
    assert [e[3] for e in g.events(K.EV_RETURN)] == [8]
    assert g.sc("ESPLANADE") == 8 and g.sc("NEST") == 0 and on_board(g) == 0


# ================================================================= HV-E02
@pytest.mark.rule("HV-E02")
def test_gargamel_reveals_the_top_card_and_applies_its_immediate_effect_at_once(cat):
    g = fresh(cat)
    n = g.sc("GARG_N")
    next_gargamel(g, "looting")
    set_stock(g, 0, 3, 0)
    reveal_gargamel(g.R, g.C, g.st)
    assert g.sc("GARG_TOP") == g.gargamel("looting")
    assert g.sc("GARG_N") == n - 1
    assert stock(g) == (0, 1, 0)                              # lose 2 resources
    assert [e[3] for e in g.events(K.EV_GARGAMEL)] == [g.gargamel("looting")]


@pytest.mark.rule("HV-E02")
def test_a_lasting_gargamel_effect_holds_through_the_next_round_and_ends_when_covered(cat):
    g = fresh(cat)
    n = g.sc("GARG_N")
    next_gargamel(g, "trapped-forest", "burned-plans")
    end_of_round(g.R, g.C, g.st)
    assert g.sc("GARG_TOP") == g.gargamel("trapped-forest")
    assert g.st.loc_mod[DARK_FOREST, S.LM_BLOCKED] == 1
    df = (g.action("dark-forest-upper"), g.action("dark-forest-lower"))
    assert not set(df) & set(placements(g))
    # the next round is played under the card: nobody goes to the Dark Forest
    g.clear_events()
    g.force_dice(*[HARMLESS] * 32)
    play_round(g.R, g.C, g.st)
    placed = [e[3] for e in g.events(K.EV_PLACE)]
    assert len(placed) == 8 and not set(df) & set(placed)
    # at its end the next card covers it: the block is gone
    assert g.sc("GARG_TOP") == g.gargamel("burned-plans")
    assert g.sc("GARG_N") == n - 2
    assert int(abs(g.st.loc_mod).sum()) == 0
    assert set(df) <= set(placements(g))


# ================================================================= HV-E03
@pytest.mark.rule("HV-E03")
@pytest.mark.rule("HV-E04")
@pytest.mark.rule("HV-N19")
@pytest.mark.rule("HV-A02")
def test_the_rulebook_end_of_round_example(cat):
    """Spoiled Berries: half the Smurfberries lost, Azrael moves 1 from the Shelter to the
    Construction Site, the First Player marker passes to the left."""
    g = fresh(cat, azrael=SHELTER)
    g.set_sc("FIRST", 0)
    set_stock(g, 5, 2, 3)
    next_gargamel(g, "spoiled-berries")
    assert g.R.garg[g.gargamel("spoiled-berries"), 1] == 1
    end_of_round(g.R, g.C, g.st)
    assert stock(g) == (3, 2, 3)
    assert g.sc("AZRAEL") == CONSTRUCTION
    assert g.sc("FIRST") == 1
    # in this order: return, Gargamel, Azrael, marker
    order = [e[0] for e in g.events() if e[0] in (K.EV_RETURN, K.EV_GARGAMEL, K.EV_AZRAEL,
                                                  K.EV_FIRST_PLAYER)]
    assert order == [K.EV_RETURN, K.EV_GARGAMEL, K.EV_AZRAEL, K.EV_FIRST_PLAYER]


@pytest.mark.rule("HV-E03")
@pytest.mark.rule("HV-A02")
@pytest.mark.parametrize("card,start,end", [
    ("guarded-shelter", CONSTRUCTION, STREAM),      # 2: 8 -> 1 -> 2
    ("looting", SHELTER, DARK_FOREST),              # 2: 7 -> 8 -> 1
    ("bird-call", RIVER, WORKSHOP),                 # 1
    ("crumbling-stones", SAWMILL, SAWMILL),         # 0: Azrael stays
])
def test_azrael_moves_by_the_revealed_cards_value_wrapping_from_8_to_1(cat, card, start, end):
    g = fresh(cat, azrael=start)
    next_gargamel(g, card)
    end_of_round(g.R, g.C, g.st)
    assert g.sc("AZRAEL") == end
    moves = [(e[3], e[4]) for e in g.events(K.EV_AZRAEL)]
    assert moves == ([] if start == end else [(start, end)])


# ================================================================= HV-E04
@pytest.mark.rule("HV-E04")
@pytest.mark.parametrize("players,first,after", [(3, 0, 1), (3, 2, 0), (2, 1, 0), (5, 3, 4), (1, 0, 0)])
def test_the_first_player_marker_passes_to_the_left(cat, players, first, after):
    g = fresh(cat, players=players)
    g.set_sc("FIRST", first)
    next_gargamel(g, "burned-plans")
    end_of_round(g.R, g.C, g.st)
    assert g.sc("FIRST") == after
    assert [e[3] for e in g.events(K.EV_FIRST_PLAYER)] == [after]


@pytest.mark.rule("HV-E04")
@pytest.mark.rule("HV-T01")
def test_the_next_round_starts_with_the_new_first_player(cat):
    g = fresh(cat)
    g.set_sc("FIRST", 2)
    next_gargamel(g, "burned-plans", "burned-plans")
    g.force_dice(*[HARMLESS] * 64)
    play_round(g.R, g.C, g.st)
    play_round(g.R, g.C, g.st)
    turns = g.events(K.EV_TURN)
    assert [e[2] for e in turns] == [2, 0, 1, 2, 0, 1, 2, 0] + [0, 1, 2, 0, 1, 2, 0, 1]
    assert [e[3] for e in g.events(K.EV_ROUND)] == [2, 0]


# ================================================================= HV-E05
@pytest.mark.rule("HV-E05")
@pytest.mark.rule("HV-X01")
def test_turns_in_a_round_are_the_meeples_at_its_start_less_those_kidnapped(cat):
    g = fresh(cat, azrael=DARK_FOREST)
    next_gargamel(g, "burned-plans")
    az_crac = g.die_face(K.DIE_AZRAEL, "cracoucass")
    white_crac = g.die_face(K.DIE_WHITE, "cracoucass")
    # turn 1 (Dark Forest upper, where Azrael is): both dice show the Cracoucass;
    # turn 2 (Dark Forest lower, first space): the Azrael die shows it again
    g.force_dice(az_crac, white_crac, az_crac, *[HARMLESS] * 20)
    play_round(g.R, g.C, g.st)
    turns = g.events(K.EV_TURN)
    kidnapped = sum(e[3] for e in g.events(K.EV_KIDNAP))
    assert kidnapped == 3
    assert len(turns) == 8 - kidnapped == 5
    assert [e[3] for e in turns] == [8, 5, 3, 2, 1]
    assert g.events(K.EV_RESCUE_NEST) == []
    assert g.sc("TURN") == 5
    # the kidnapped meeples come back at the end of the round (no Hungry Cracoucass)
    assert [e[3] for e in g.events(K.EV_RETURN)] == [8]


@pytest.mark.rule("HV-E05")
def test_a_round_started_with_meeples_in_a_hungry_nest_has_fewer_turns(cat):
    g = fresh(cat, hungry=True)
    g.set_sc("ESPLANADE", 6)
    g.set_sc("NEST", 2)
    next_gargamel(g, "burned-plans")
    g.force_dice(*[HARMLESS] * 32)
    play_round(g.R, g.C, g.st)
    assert [e[3] for e in g.events(K.EV_TURN)] == [6, 5, 4, 3, 2, 1]
    assert sum(e[3] for e in g.events(K.EV_KIDNAP)) == 0
    assert g.sc("ESPLANADE") == 6 and g.sc("NEST") == 2


# ================================================================= HV-N18 Fit of Rage
def _fit_of_rage(g):
    next_gargamel(g, "fit-of-rage")
    reveal_gargamel(g.R, g.C, g.st)


@pytest.mark.rule("HV-N18")
def test_fit_of_rage_with_too_few_resources_and_no_house_loses_as_many_as_possible(cat):
    g = fresh(cat)
    assert g.R.garg_eff[g.gargamel("fit-of-rage"), 0, 3] == 3
    set_stock(g, 1, 1, 0)
    _fit_of_rage(g)
    assert stock(g) == (0, 0, 0)
    assert sorted((e[3], e[4]) for e in g.events(K.EV_LOSE)) == [(K.BERRY, 1), (K.LOG, 1)]
    assert int(g.st.house_built.sum()) == 0


@pytest.mark.rule("HV-N18")
def test_fit_of_rage_with_no_house_built_loses_3_resources_of_choice(cat):
    g = fresh(cat)
    set_stock(g, 2, 2, 1)
    g.script(1, 1, 0)                    # a log, a log, then (berry, stone) a berry
    _fit_of_rage(g)
    assert stock(g) == (1, 0, 1)
    assert g.st.decisions[K.D_FIT_OF_RAGE] == 1     # a forced move: nothing to choose


@pytest.mark.rule("HV-N18")
def test_fit_of_rage_with_too_few_resources_destroys_a_built_house(cat):
    g = fresh(cat)
    set_stock(g, 1, 0, 1)
    g.st.house_built[2] = 1
    _fit_of_rage(g)
    assert g.st.house_built[2] == 0
    assert stock(g) == (1, 0, 1)
    assert [e[3] for e in g.events(K.EV_HOUSE_DESTROYED)] == [2]


@pytest.mark.rule("HV-N18")
@pytest.mark.parametrize("choice", [0, 1, 2])
def test_fit_of_rage_with_resources_and_houses_the_team_chooses(cat, choice):
    g = fresh(cat)
    set_stock(g, 3, 3, 3)
    g.st.house_built[0] = 1
    g.st.house_built[4] = 1
    g.script(choice)                     # options: [lose 3, destroy house 0, destroy house 4]
    _fit_of_rage(g)
    if choice == 0:                      # then the losses: option 0 each time, 3 berries
        assert stock(g) == (0, 3, 3)
        assert g.st.house_built[0] == 1 and g.st.house_built[4] == 1
    else:
        assert stock(g) == (3, 3, 3)
        assert g.st.house_built[[0, 4][choice - 1]] == 0
        assert g.st.house_built[[0, 4][2 - choice]] == 1


# ================================================================= HV-N19 Spoiled Berries
@pytest.mark.rule("HV-N19")
@pytest.mark.parametrize("berries,left", [(8, 4), (7, 4), (1, 1), (0, 0)])
def test_spoiled_berries_lose_half_the_smurfberries(cat, berries, left):
    g = fresh(cat)
    set_stock(g, berries, 5, 6)
    next_gargamel(g, "spoiled-berries")
    reveal_gargamel(g.R, g.C, g.st)
    assert stock(g) == (left, 5, 6)                # rounded in the team's favour (assumed)
    assert g.st.decisions.sum() == 0               # nothing to choose


# ================================================================= HV-N20, HV-K01, HV-K02
@pytest.mark.rule("HV-N20")
@pytest.mark.rule("HV-K01")
@pytest.mark.rule("HV-T07")
def test_10_resources_cake_is_prepared_mid_turn_and_stays_prepared_after_spending(cat):
    """The rulebook's example: the 10th resource prepares the cake at once; the team may then
    spend the stock freely."""
    g = fresh(cat)
    set_cakes(g, "smurfberry-pie", "daredevil-cake")
    telescope = g.invention("telescope")
    set_ideas(g, [telescope])
    set_stock(g, 3, 4, 0)
    g.st.occ[g.action("sawmill-upper"), 0] = 1
    g.set_sc("ESPLANADE", 7)
    sawmill = placements(g).index(g.action("sawmill-upper"))
    # no craft at the start of the turn; first card; no craft before placing; fill the
    # Sawmill; craft
    g.script(0, 0, 0, sawmill, 1)
    play_turn(g.R, g.C, g.st, 0)
    assert stock(g) == (2, 7, 0)        # 9 left after crafting
    assert g.st.cake_done[:2].tolist() == [1, 0]
    kinds = [e[0] for e in g.events() if e[0] in (K.EV_GAIN, K.EV_CAKE, K.EV_CRAFT)]
    assert kinds == [K.EV_GAIN, K.EV_CAKE, K.EV_CRAFT]
    # it stays prepared for the rest of the game
    next_gargamel(g, "spoiled-berries")
    end_of_round(g.R, g.C, g.st)
    assert stock(g) == (1, 7, 0)
    assert g.st.cake_done[:2].tolist() == [1, 0]


@pytest.mark.rule("HV-N20")
@pytest.mark.parametrize("logs,done", [(3, 1), (2, 0)])
def test_10_resources_cake_needs_10_in_the_stock(cat, logs, done):
    g = fresh(cat)
    set_cakes(g, "smurfberry-pie", "housewarming-cake")
    set_stock(g, 3, logs, 1)
    g.st.occ[g.action("sawmill-upper"), 0] = 1
    place(g, "sawmill-upper")
    assert sum(stock(g)) == 7 + logs
    assert g.st.cake_done[:2].tolist() == [done, 0]


def _streak_game(cat, streak):
    g = fresh(cat, azrael=CONSTRUCTION)
    set_cakes(g, "daredevil-cake", "smurfberry-pie")
    g.set_sc("DANGER_STREAK", streak)
    g.force_dice(*[HARMLESS] * 16)
    return g


@pytest.mark.rule("HV-N20")
@pytest.mark.rule("HV-K01")
def test_four_dangerous_actions_in_a_row_prepare_the_cake(cat):
    g = _streak_game(cat, 2)            # the rulebook example: 2 already done
    place(g, "sawmill-lower")
    assert g.sc("DANGER_STREAK") == 3 and g.st.cake_done[0] == 0
    place(g, "river-lower")
    assert g.sc("DANGER_STREAK") == 4 and g.st.cake_done[0] == 1
    place(g, "workshop-lower")          # a later non-dangerous action: still prepared
    assert g.sc("DANGER_STREAK") == 0 and g.st.cake_done[0] == 1


@pytest.mark.rule("HV-N20")
@pytest.mark.rule("HV-K02")
def test_a_non_dangerous_action_resets_the_dangerous_streak(cat):
    g = _streak_game(cat, 2)
    place(g, "workshop-lower")          # non-dangerous action performed: progress lost
    assert g.sc("DANGER_STREAK") == 0
    for a in ("stream-lower", "sawmill-lower", "bushes-lower"):
        place(g, a)
    assert g.sc("DANGER_STREAK") == 3 and g.st.cake_done[0] == 0     # 2 + 3 would have been 5
    place(g, "river-lower")
    assert g.sc("DANGER_STREAK") == 4 and g.st.cake_done[0] == 1


@pytest.mark.rule("HV-K02")
def test_a_placement_that_performs_no_action_does_not_break_the_streak(cat):
    g = _streak_game(cat, 3)
    place(g, "sawmill-upper")           # first of 2 spaces: no action performed
    assert g.sc("DANGER_STREAK") == 3
    place(g, "river-lower")
    assert g.sc("DANGER_STREAK") == 4 and g.st.cake_done[0] == 1


@pytest.mark.rule("HV-N20")
def test_two_houses_built_in_one_round_prepare_the_cake(cat):
    g = fresh(cat)
    set_cakes(g, "housewarming-cake", "daredevil-cake")
    set_stock(g, 4, 8, 8)
    place(g, "construction-site-upper")
    assert int(g.st.house_built.sum()) == 1 and g.sc("BUILDS_ROUND") == 1
    assert g.st.cake_done[0] == 0
    place(g, "construction-site-lower", 1)
    assert int(g.st.house_built.sum()) == 1                  # first space: nothing built
    place(g, "construction-site-lower", 2)
    assert int(g.st.house_built.sum()) == 2 and g.sc("BUILDS_ROUND") == 2
    assert g.st.cake_done[:2].tolist() == [1, 0]


@pytest.mark.rule("HV-N20")
def test_two_houses_built_in_different_rounds_do_not_prepare_the_cake(cat):
    g = fresh(cat)
    set_cakes(g, "housewarming-cake", "daredevil-cake")
    set_stock(g, 5, 10, 10)
    place(g, "construction-site-upper")
    assert g.sc("BUILDS_ROUND") == 1
    next_gargamel(g, "burned-plans")
    end_of_round(g.R, g.C, g.st)
    assert g.sc("BUILDS_ROUND") == 0
    place(g, "construction-site-upper")
    assert int(g.st.house_built.sum()) == 2 and g.sc("BUILDS_ROUND") == 1
    assert g.st.cake_done[0] == 0
