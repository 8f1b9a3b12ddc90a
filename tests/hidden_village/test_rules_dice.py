"""Scenario tests: Azrael and the Cracoucass (HV-A01..A04, HV-X01, HV-X02) and the dice
(HV-Y01, HV-Y02).

Each test builds a game with the real setup kernel, writes the exact situation into the state,
forces the dice and the team's choices, calls one kernel and checks the resulting state.
"""
import numpy as np
import pytest

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.rules.cards import cracoucass_attack
from simcore.games.hidden_village.rules.dice import apply_face, roll_die
from simcore.games.hidden_village.rules.locations import place_meeple
from simcore.games.hidden_village.rules.turn import play_round
from tests.conftest import make_game
from tests.hidden_village.scenario import face, hand, set_crafted, set_stock, stock

WHITE, RED, AZ = K.DIE_WHITE, K.DIE_RED, K.DIE_AZRAEL
# location indices (board order, HV-L01)
DARK_FOREST, STREAM, SAWMILL, BUSHES, RIVER, WORKSHOP, SHELTER, CONSTRUCTION = range(8)


# ----------------------------------------------------------------- helpers (this file only)
def kinds(g, kind):
    return [c for c in range(len(g.cat.smurfs)) if g.R.smurf_kind[c] == kind]


def set_hand(g, p, cards):
    g.st.hand[p, : len(cards)] = cards
    g.st.hand_n[p] = len(cards)


def pile(g, pile_index):
    return [int(c) for c in g.st.piles[pile_index, : g.st.pile_n[pile_index]]]


def rolls(g):
    """(die, face) of every roll in the log, in order."""
    return [(e[3], e[4]) for e in g.events(K.EV_ROLL)]


def place(g, action_id, p):
    place_meeple(g.R, g.C, g.st, g.action(action_id), p)


def apply(g, die, f, roller=0):
    apply_face(g.R, g.C, g.st, die, f, roller)


def snapshot(g):
    st = g.st
    return (stock(g), st.sc.copy(), st.occ.copy(), st.hand.copy(), st.hand_n.copy(),
            st.piles.copy(), st.pile_n.copy(), st.inv.copy(), st.inv_n.copy())


def fresh(cat, **kw):
    """A set-up game with an empty event log and Azrael in `azrael` (default: the Workshop,
    away from the actions the tests use)."""
    azrael = kw.pop("azrael", WORKSHOP)
    g = make_game(cat, **kw)
    g.set_sc("AZRAEL", azrael)
    g.clear_events()
    return g


# ================================================================= HV-A01
@pytest.mark.rule("HV-A01")
def test_azrael_die_is_rolled_for_a_meeple_that_does_not_fill_and_for_the_one_that_fills(cat):
    g = fresh(cat, azrael=SAWMILL)
    g.force_dice(face(g, AZ, "nothing"), face(g, AZ, "nothing"))
    place(g, "sawmill-upper", 0)          # first of 2 spaces: no action, but Azrael is there
    assert rolls(g) == [(AZ, face(g, AZ, "nothing"))]
    assert g.events(K.EV_ACTION) == []
    assert stock(g) == (0, 0, 0)
    place(g, "sawmill-upper", 1)          # fills: the action is performed, Azrael rolls again
    assert rolls(g) == [(AZ, face(g, AZ, "nothing"))] * 2
    assert stock(g) == (0, 3, 0)
    assert g.sc("ESPLANADE") == 6


@pytest.mark.rule("HV-A01")
def test_azrael_die_result_applies_to_a_meeple_that_does_not_fill(cat):
    g = fresh(cat, azrael=BUSHES)
    set_stock(g, 2, 0, 0)
    g.force_dice(face(g, AZ, "shortage", 1))
    place(g, "bushes-upper", 0)
    assert rolls(g) == [(AZ, face(g, AZ, "shortage", 1))]
    assert stock(g) == (1, 0, 0)          # the shortage took one berry, no berries gained
    assert g.st.occ[g.action("bushes-upper")].tolist() == [0, -1]


@pytest.mark.rule("HV-A01")
def test_no_azrael_die_for_a_meeple_placed_away_from_azrael(cat):
    g = fresh(cat, azrael=SAWMILL)
    place(g, "river-upper", 0)
    place(g, "river-upper", 1)
    assert rolls(g) == []
    assert stock(g) == (0, 0, 3)


# ================================================================= HV-A02
@pytest.mark.rule("HV-A02")
@pytest.mark.rule("HV-Y01")
@pytest.mark.parametrize("die,start,end", [
    (WHITE, DARK_FOREST, STREAM),          # one icon: one location
    (WHITE, CONSTRUCTION, DARK_FOREST),    # 8 wraps to 1
    (RED, SAWMILL, RIVER),                 # the double icon: two locations
    (RED, SHELTER, DARK_FOREST),           # 7 -> 8 -> 1
    (RED, CONSTRUCTION, STREAM),           # 8 -> 1 -> 2
])
def test_azrael_icon_on_a_danger_die_moves_him_one_location_per_icon(cat, die, start, end):
    g = fresh(cat, azrael=start)
    f = face(g, die, "azrael")
    assert g.R.die[die, f, 0, 1] == (1 if die == WHITE else 2)
    before = snapshot(g)
    apply(g, die, f)
    assert g.sc("AZRAEL") == end
    assert [(e[3], e[4]) for e in g.events(K.EV_AZRAEL)] == [(start, end)]
    # nothing else changed
    assert stock(g) == before[0]
    assert g.sc("ESPLANADE") == 8 and g.sc("NEST") == 0


# ================================================================= HV-A03
@pytest.mark.rule("HV-A03")
def test_azrael_entering_a_location_that_holds_meeples_has_no_effect(cat):
    g = fresh(cat, azrael=BUSHES)
    # a meeple from an earlier turn waits on the River's upper action
    g.st.occ[g.action("river-upper"), 0] = 2
    g.set_sc("ESPLANADE", 7)
    hands_before = [hand(g, p) for p in range(3)]
    g.force_dice(face(g, WHITE, "azrael"))
    # a dangerous action at the River: the danger die sends Azrael from the Bushes to the River,
    # where two meeples now stand
    place(g, "river-lower", 0)
    assert g.sc("AZRAEL") == RIVER
    assert rolls(g) == [(WHITE, face(g, WHITE, "azrael"))]   # no Azrael die for anyone there
    assert stock(g) == (0, 0, 3)                              # the action's 3 stones, nothing lost
    assert g.sc("ESPLANADE") == 6 and g.sc("NEST") == 0
    assert [hand(g, p) for p in range(3)] == hands_before
    assert g.st.occ[g.action("river-upper")].tolist() == [2, -1]
    assert g.st.occ[g.action("river-lower")].tolist() == [0, -1]


# ================================================================= HV-A04
@pytest.mark.rule("HV-A04")
def test_dangerous_action_where_azrael_is_rolls_both_dice_and_resolves_each(cat):
    g = fresh(cat, azrael=RIVER)
    set_stock(g, 1, 0, 0)
    g.force_dice(face(g, AZ, "shortage", 1), face(g, WHITE, "find"))
    g.script(2)                           # Find: a stone (options berry, log, stone)
    place(g, "river-lower", 0)
    assert rolls(g) == [(AZ, face(g, AZ, "shortage", 1)), (WHITE, face(g, WHITE, "find"))]
    # Azrael die: the only berry lost; danger die: +1 stone; the action: +3 stones
    assert stock(g) == (0, 0, 4)


@pytest.mark.rule("HV-A04")
def test_dangerous_action_where_azrael_is_rolls_the_azrael_die_and_the_red_die(cat):
    g = fresh(cat, azrael=RIVER, die="red")
    g.force_dice(face(g, AZ, "cracoucass"), face(g, RED, "azrael"))
    victim = int(g.st.hand[0, 0])         # no positive Smurf anywhere: FIRST takes p0's slot 0
    place(g, "river-lower", 0)
    assert rolls(g) == [(AZ, face(g, AZ, "cracoucass")), (RED, face(g, RED, "azrael"))]
    assert g.sc("NEST") == 1 and g.sc("ESPLANADE") == 6     # Cracoucass took one meeple
    assert pile(g, S.P_DISCARD) == [victim]                  # ... and one card
    assert g.sc("AZRAEL") == SHELTER                         # River + 2
    assert stock(g) == (0, 0, 3)


# ================================================================= HV-X01
def _x01_hands(g):
    """p0: two starting Smurfs; p1: a starting and a lasting Smurf; p2: an immediate Smurf."""
    st_cards, imm, last = kinds(g, K.KIND_STARTING), kinds(g, K.KIND_IMMEDIATE), kinds(g, K.KIND_LASTING)
    set_hand(g, 0, [st_cards[0], st_cards[1]])
    set_hand(g, 1, [st_cards[2], last[0]])
    set_hand(g, 2, [imm[0]])
    return st_cards, imm, last


@pytest.mark.rule("HV-X01")
@pytest.mark.rule("HV-Y01")
def test_cracoucass_takes_a_meeple_and_a_positive_smurf_first(cat):
    g = fresh(cat)
    g.set_sc("ESPLANADE", 5)
    st_cards, imm, last = _x01_hands(g)
    g.script(1)                           # second legal card: p2's immediate Smurf
    cracoucass_attack(g.R, g.C, g.st, 0)
    assert g.sc("ESPLANADE") == 4 and g.sc("NEST") == 1
    # only the two positive Smurfs were offered (p1 slot 1, p2 slot 0)
    assert sorted(g.st.options[:2].tolist()) == [1 * K.CARD_SLOTS + 1, 2 * K.CARD_SLOTS + 0]
    assert g.st.decisions[K.D_CRACOUCASS_DISCARD] == 1
    assert hand(g, 2) == [] and hand(g, 1) == [st_cards[2], last[0]]
    assert hand(g, 0) == [st_cards[0], st_cards[1]]
    assert pile(g, S.P_DISCARD) == [imm[0]]
    assert [(e[3], e[4], e[5]) for e in g.events(K.EV_DISCARD)] == [(imm[0], 2, 0)]


@pytest.mark.rule("HV-X01")
@pytest.mark.rule("HV-T08")
def test_cracoucass_counts_a_lasting_smurf_as_positive(cat):
    g = fresh(cat)
    st_cards, imm, last = _x01_hands(g)
    set_hand(g, 2, [st_cards[3]])          # now the only positive Smurf is p1's lasting one
    cracoucass_attack(g.R, g.C, g.st, 2)   # a single legal card: forced
    assert hand(g, 1) == [st_cards[2]]
    assert pile(g, S.P_DISCARD) == [last[0]]
    assert hand(g, 0) == [st_cards[0], st_cards[1]] and hand(g, 2) == [st_cards[3]]


@pytest.mark.rule("HV-X01")
def test_cracoucass_without_positive_smurfs_any_player_discards_a_starting_smurf(cat):
    g = fresh(cat)
    s = kinds(g, K.KIND_STARTING)
    set_hand(g, 0, [s[0]])
    set_hand(g, 1, [])
    set_hand(g, 2, [s[1], s[2]])
    g.script(2)                           # options: p0 s0, p2 s1, p2 s2 -> p2's second card
    cracoucass_attack(g.R, g.C, g.st, 0)
    assert g.st.options[:3].tolist() == [0, 2 * K.CARD_SLOTS, 2 * K.CARD_SLOTS + 1]
    assert hand(g, 0) == [s[0]] and hand(g, 2) == [s[1]]
    assert pile(g, S.P_DISCARD) == [s[2]]
    assert g.sc("NEST") == 1 and g.sc("ESPLANADE") == 7


@pytest.mark.rule("HV-X01")
def test_cracoucass_with_an_empty_esplanade_takes_no_meeple_but_a_card_is_discarded(cat):
    g = fresh(cat)
    g.set_sc("ESPLANADE", 0)
    g.set_sc("NEST", 2)
    st_cards, imm, last = _x01_hands(g)
    cracoucass_attack(g.R, g.C, g.st, 1)    # FIRST: p1's lasting Smurf
    assert g.sc("ESPLANADE") == 0 and g.sc("NEST") == 2
    assert [e[3] for e in g.events(K.EV_KIDNAP)] == [0]
    assert pile(g, S.P_DISCARD) == [last[0]]
    assert hand(g, 1) == [st_cards[2]]


@pytest.mark.rule("HV-X01")
def test_cracoucass_with_no_card_in_any_hand_still_takes_a_meeple(cat):
    g = fresh(cat)
    for p in range(3):
        set_hand(g, p, [])
    cracoucass_attack(g.R, g.C, g.st, 0)
    assert g.sc("ESPLANADE") == 7 and g.sc("NEST") == 1
    assert pile(g, S.P_DISCARD) == []
    assert g.st.decisions[K.D_CRACOUCASS_DISCARD] == 0


@pytest.mark.rule("HV-X01")
@pytest.mark.parametrize("die", [WHITE, RED, AZ])
def test_every_die_cracoucass_face_sends_a_meeple_to_the_nest(cat, die):
    g = fresh(cat)
    s = kinds(g, K.KIND_STARTING)
    for p in range(3):
        set_hand(g, p, [])
    set_hand(g, 1, [s[5]])
    apply(g, die, face(g, die, "cracoucass"), roller=0)
    assert g.sc("ESPLANADE") == 7 and g.sc("NEST") == 1
    assert pile(g, S.P_DISCARD) == [s[5]] and hand(g, 1) == []


# ================================================================= HV-X02
@pytest.mark.rule("HV-X02")
def test_meeples_in_the_nest_take_no_turn(cat):
    g = fresh(cat, azrael=DARK_FOREST)
    # 3 meeples kidnapped earlier this round, 3 on actions, 2 left on the esplanade
    g.set_sc("NEST", 3)
    g.set_sc("ESPLANADE", 2)
    for a, s in [("dark-forest-upper", 0), ("sawmill-upper", 0), ("river-upper", 0)]:
        g.st.occ[g.action(a), s] = 1
    g.st.garg_deck[g.sc("GARG_N") - 1] = g.gargamel("crumbling-stones")   # no choice, Azrael 0
    g.force_dice(*[face(g, AZ, "nothing")] * 8)
    play_round(g.R, g.C, g.st)
    turns = g.events(K.EV_TURN)
    assert [e[3] for e in turns] == [2, 1]          # two turns, esplanade 2 then 1
    assert [e[3] for e in g.events(K.EV_RESCUE_NEST)] == []
    # end of round (not hungry): all 8 back on the esplanade
    assert g.sc("ESPLANADE") == 8 and g.sc("NEST") == 0


@pytest.mark.rule("HV-X02")
@pytest.mark.parametrize("option,mode", [(1, 2), (2, 3)])
def test_the_dark_forest_returns_a_nest_meeple_to_the_esplanade(cat, option, mode):
    g = fresh(cat)
    g.set_sc("NEST", 2)
    g.set_sc("ESPLANADE", 3)
    hand0 = hand(g, 0)
    forest = pile(g, S.P_FOREST)
    g.force_dice(face(g, WHITE, "bright-idea"))
    g.script(option)                      # rescue options: [draw, free, both]
    place(g, "dark-forest-upper", 0)
    assert g.sc("NEST") == 1
    assert g.sc("ESPLANADE") == 3         # one placed, one freed
    if mode == 3:
        assert hand(g, 0) == hand0 + [forest[-1]]
        assert g.st.pile_n[S.P_FOREST] == len(forest) - 1
    else:
        assert hand(g, 0) == hand0
        assert g.st.pile_n[S.P_FOREST] == len(forest)
    assert [e[3] for e in g.events(K.EV_RESCUE_NEST)] == [1]


# ================================================================= HV-Y01
@pytest.mark.rule("HV-Y01")
def test_shortage_loses_as_many_as_possible(cat):
    g = fresh(cat, die="red")
    set_stock(g, 1, 0, 0)
    apply(g, RED, face(g, RED, "shortage", 2))
    assert stock(g) == (0, 0, 0)
    assert [(e[3], e[4]) for e in g.events(K.EV_LOSE)] == [(K.BERRY, 1)]


@pytest.mark.rule("HV-Y01")
def test_shortage_takes_one_resource_per_icon_of_the_teams_choice(cat):
    g = fresh(cat, die="red")
    set_stock(g, 2, 3, 1)
    g.script(1, 2)                        # a log, then a stone (options: berry, log, stone)
    apply(g, RED, face(g, RED, "shortage", 2))
    assert stock(g) == (2, 2, 0)
    g2 = fresh(cat)
    set_stock(g2, 2, 3, 0)
    g2.script(1)                          # options: berry, log -> log
    apply(g2, WHITE, face(g2, WHITE, "shortage", 1))
    assert stock(g2) == (2, 2, 0)


@pytest.mark.rule("HV-Y01")
def test_invention_destruction_discards_one_crafted_invention_of_choice(cat):
    g = fresh(cat)
    a, b, c = g.invention("shovel"), g.invention("toolbox"), g.invention("telescope")
    set_crafted(g, [a, b, c])
    g.script(1)
    apply(g, WHITE, face(g, WHITE, "destroy-invention"))
    assert sorted(g.st.inv[S.I_CRAFTED, : g.st.inv_n[S.I_CRAFTED]].tolist()) == sorted([a, c])
    assert g.sc("INV_DISCARD") == 1
    assert [(e[3], e[4]) for e in g.events(K.EV_INV_DISCARD)] == [(b, 1)]


@pytest.mark.rule("HV-Y01")
def test_invention_destruction_with_no_crafted_invention_does_nothing(cat):
    g = fresh(cat)
    ideas = g.st.inv_n[S.I_IDEAS]
    apply(g, AZ, face(g, AZ, "destroy-invention"))
    assert g.st.inv_n[S.I_CRAFTED] == 0 and g.st.inv_n[S.I_IDEAS] == ideas
    assert g.sc("INV_DISCARD") == 0


@pytest.mark.rule("HV-Y01")
@pytest.mark.rule("HV-T08")
def test_smurf_hunt_the_roller_discards_a_positive_smurf(cat):
    g = fresh(cat, die="red")
    s, imm, last = kinds(g, K.KIND_STARTING), kinds(g, K.KIND_IMMEDIATE), kinds(g, K.KIND_LASTING)
    set_hand(g, 0, [imm[1]])              # another player's positive Smurf is safe
    set_hand(g, 1, [s[0], last[0], imm[0]])
    g.script(1)                           # options: slot 1 (lasting), slot 2 (immediate)
    apply(g, RED, face(g, RED, "smurf-hunt"), roller=1)
    assert g.st.options[:2].tolist() == [1, 2]
    assert sorted(hand(g, 1)) == sorted([s[0], last[0]])
    assert hand(g, 0) == [imm[1]]
    assert pile(g, S.P_DISCARD) == [imm[0]]
    assert [(e[3], e[4], e[5]) for e in g.events(K.EV_DISCARD)] == [(imm[0], 1, 1)]


@pytest.mark.rule("HV-Y01")
def test_smurf_hunt_with_only_starting_smurfs_does_nothing(cat):
    g = fresh(cat)
    s, imm = kinds(g, K.KIND_STARTING), kinds(g, K.KIND_IMMEDIATE)
    set_hand(g, 0, [imm[0]])
    set_hand(g, 2, [s[0], s[1]])
    apply(g, AZ, face(g, AZ, "smurf-hunt"), roller=2)
    assert hand(g, 2) == [s[0], s[1]] and hand(g, 0) == [imm[0]]
    assert pile(g, S.P_DISCARD) == []


@pytest.mark.rule("HV-Y01")
@pytest.mark.parametrize("choice,expected", [(0, (1, 0, 0)), (1, (0, 1, 0)), (2, (0, 0, 1))])
def test_find_gains_one_resource_of_choice(cat, choice, expected):
    g = fresh(cat)
    g.script(choice)
    apply(g, WHITE, face(g, WHITE, "find"))
    assert stock(g) == expected


@pytest.mark.rule("HV-Y01")
def test_bright_idea_reveals_one_invention_into_the_ideas_zone(cat):
    g = fresh(cat)
    ideas = g.st.inv[S.I_IDEAS, : g.st.inv_n[S.I_IDEAS]].tolist()
    deck_n = int(g.st.inv_n[S.I_DECK])
    top = int(g.st.inv[S.I_DECK, deck_n - 1])
    apply(g, WHITE, face(g, WHITE, "bright-idea"))
    assert g.st.inv[S.I_IDEAS, : g.st.inv_n[S.I_IDEAS]].tolist() == ideas + [top]
    assert g.st.inv_n[S.I_DECK] == deck_n - 1


@pytest.mark.rule("HV-Y01")
def test_the_blank_azrael_face_does_nothing(cat):
    g = fresh(cat)
    set_stock(g, 2, 2, 2)
    before = snapshot(g)
    apply(g, AZ, face(g, AZ, "nothing"))
    after = snapshot(g)
    assert stock(g) == (2, 2, 2)
    for x, y in zip(before[1:], after[1:]):
        assert np.array_equal(x, y)


# ================================================================= HV-Y02
ASSUMED_FACES = {   # assumptions.md, "Dice (HV-Y02)"
    WHITE: [("azrael", 1), ("cracoucass", 1), ("shortage", 1), ("destroy-invention", 1),
            ("find", 1), ("bright-idea", 1)],
    RED: [("azrael", 2), ("cracoucass", 1), ("shortage", 2), ("shortage", 1),
          ("destroy-invention", 1), ("smurf-hunt", 1)],
    AZ: [("cracoucass", 1), ("smurf-hunt", 1), ("destroy-invention", 1), ("shortage", 1),
         ("shortage", 1), ("nothing", 1)],
}


@pytest.mark.rule("HV-Y02")
@pytest.mark.parametrize("die", [WHITE, RED, AZ])
def test_loaded_dice_faces_match_the_assumed_faces(cat, die):
    R = cat.rules
    got = []
    for f in range(K.N_FACES):
        got.append((int(R.die[die, f, 0, 0]), int(R.die[die, f, 0, 1])))
        assert R.die[die, f, 1, 0] == K.FACE_NOTHING        # one result per face
    assert got == [(K.FACE_RESULTS[r], n) for r, n in ASSUMED_FACES[die]]
    assert [d["source"] for d in cat.dice] == ["assumed"] * 3


@pytest.mark.rule("HV-Y02")
def test_the_red_super_die_is_the_harsher_danger_die(cat):
    R = cat.rules

    def results(die):
        return [(int(R.die[die, f, 0, 0]), int(R.die[die, f, 0, 1])) for f in range(K.N_FACES)]

    white, red = results(WHITE), results(RED)
    good = (K.FACE_FIND, K.FACE_BRIGHT_IDEA)
    assert sum(r in good for r, _ in white) == 2
    assert sum(r in good for r, _ in red) == 0               # no Find, no Bright idea
    assert (K.FACE_AZRAEL, 2) in red and (K.FACE_AZRAEL, 2) not in white
    assert all(not (r == K.FACE_AZRAEL and n > 1) for r, n in white + results(AZ))
    loss = lambda res: sum(n for r, n in res if r == K.FACE_SHORTAGE)   # noqa: E731
    assert loss(red) == 3 and loss(white) == 1
    assert K.FACE_SMURF_HUNT in [r for r, _ in red]


@pytest.mark.rule("HV-Y02")
@pytest.mark.parametrize("die", [WHITE, RED, AZ])
def test_roll_die_is_uniform_over_the_six_faces(cat, die):
    g = make_game(cat, log=False, seed=20240601 + die)
    n = 6000
    counts = np.zeros(K.N_FACES, np.int64)
    for _ in range(n):
        counts[roll_die(g.st, die)] += 1
    expected = n / K.N_FACES
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    # 5 degrees of freedom: P(chi2 > 20.5) = 0.001; generous threshold
    assert chi2 < 25.0, (counts.tolist(), chi2)
    assert counts.min() > 0.8 * expected
