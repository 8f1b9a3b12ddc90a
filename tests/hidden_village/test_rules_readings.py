"""Scenario tests: the rulebook readings that are knobs (data/assumptions.toml), each played
under both readings: the end of the round's order (HV-E01, HV-E02), when the Azrael die is
rolled against paying the action's cost (HV-A01, HV-L05), and the single-use Disguise,
Wardrobe and Shovel (HV-I05, HV-N12, HV-N15, HV-N17).

Each catalog is loaded with `--assume`'s machinery (load_catalog(assume=...)), so the tests
play the same patched data a user's run does."""
import pytest

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.catalog import load_catalog
from simcore.games.hidden_village.rules.effects import bonus_actions
from simcore.games.hidden_village.rules.locations import place_meeple
from simcore.games.hidden_village.rules.turn import end_of_round
from tests.conftest import make_game
from tests.hidden_village.scenario import face, hand, next_gargamel, set_crafted, set_stock, stock

DARK_FOREST, STREAM, SAWMILL, BUSHES, RIVER, WORKSHOP, SHELTER, CONSTRUCTION = range(8)


@pytest.fixture(scope="module")
def knob():
    cache = {}

    def load(*assume):
        if assume not in cache:
            cache[assume] = load_catalog(assume=assume)
        return cache[assume]
    return load


def fresh(cat, azrael=SAWMILL):
    g = make_game(cat)
    g.set_sc("AZRAEL", azrael)
    set_crafted(g, [])
    g.st.inv_n[S.I_IDEAS] = 0
    g.st.inv_used[:] = 0
    g.clear_events()
    return g


def craft(g, *inv_ids):
    """These inventions crafted (taken out of the deck), nothing else."""
    cards = [g.invention(x) for x in inv_ids]
    deck = [int(c) for c in g.st.inv[S.I_DECK, : g.st.inv_n[S.I_DECK]] if int(c) not in cards]
    g.st.inv[S.I_DECK, : len(deck)] = deck
    g.st.inv_n[S.I_DECK] = len(deck)
    set_crafted(g, cards)
    g.st.inv_occ[:] = 0


def crafted(g):
    return [int(c) for c in g.st.inv[S.I_CRAFTED, : g.st.inv_n[S.I_CRAFTED]]]


def place(g, action_id, p=0):
    g.set_sc("CUR", p)
    place_meeple(g.R, g.C, g.st, g.action(action_id), p)


def fill_round(g):
    """Every meeple placed (as at the end of a round): 8 on the board, none on the esplanade."""
    placed = 0
    for a in range(K.N_ACTIONS):
        for s in range(int(g.R.act[a, T.A_SPACES])):
            if placed < g.sc("ESPLANADE"):
                g.st.occ[a, s] = 0
                placed += 1
    g.set_sc("ESPLANADE", 0)


# ---------------------------------------------------------------- the end of the round's order
def test_the_order_is_data_in_the_rules_record(knob):
    assert knob().rules.setup[T.SU_GARGAMEL_FIRST] == 0
    assert knob("end-of-round=gargamel-first").rules.setup[T.SU_GARGAMEL_FIRST] == 1


@pytest.mark.rule("HV-E01")
@pytest.mark.rule("HV-E02")
@pytest.mark.rule("HV-X01")
def test_meeples_first_a_cracoucass_card_takes_a_returned_meeple(knob):
    g = fresh(knob())
    fill_round(g)
    next_gargamel(g, "bird-call")
    end_of_round(g.R, g.C, g.st)
    assert g.sc("NEST") == 1 and g.sc("ESPLANADE") == 7      # returned, then one carried off


@pytest.mark.rule("HV-E01")
@pytest.mark.rule("HV-E02")
@pytest.mark.rule("HV-X01")
def test_gargamel_first_a_cracoucass_card_finds_the_esplanade_empty(knob):
    g = fresh(knob("end-of-round=gargamel-first"))
    fill_round(g)
    next_gargamel(g, "bird-call")
    n_cards = sum(len(hand(g, p)) for p in range(g.C.players))
    end_of_round(g.R, g.C, g.st)
    assert g.sc("NEST") == 0 and g.sc("ESPLANADE") == 8      # none carried off, all back
    assert sum(len(hand(g, p)) for p in range(g.C.players)) == n_cards - 1   # the discard stands
    kinds = [e[0] for e in g.events() if e[0] in (K.EV_GARGAMEL, K.EV_RETURN)]
    assert kinds == [K.EV_GARGAMEL, K.EV_RETURN]


@pytest.mark.rule("HV-E02")
@pytest.mark.rule("HV-G02")
def test_gargamel_first_too_late_ends_the_game_before_the_meeples_return(knob):
    g = fresh(knob("end-of-round=gargamel-first"))
    fill_round(g)
    next_gargamel(g, "too-late")
    end_of_round(g.R, g.C, g.st)
    assert g.sc("OUTCOME") == K.LOSS
    assert g.events(K.EV_RETURN) == []


# ---------------------------------------------------------------- the Azrael die and the cost
@pytest.mark.rule("HV-A01")
@pytest.mark.rule("HV-L05")
def test_after_payment_the_cost_is_paid_then_the_azrael_shortage_takes_what_is_left(knob):
    g = fresh(knob(), azrael=SHELTER)
    set_stock(g, 0, 1, 2)
    g.force_dice(face(g, K.DIE_AZRAEL, "shortage", 1))
    place(g, "shelter-upper")                       # 1 stone + 1 log, then Shortage 1
    assert stock(g) == (0, 0, 0)
    assert g.sc("N_ACTIONS") == 1


@pytest.mark.rule("HV-A01")
@pytest.mark.rule("HV-L05")
@pytest.mark.rule("HV-T03")
def test_at_placement_a_shortage_that_leaves_the_cost_unpaid_cancels_the_action(knob):
    g = fresh(knob("azrael-timing=at-placement"), azrael=SHELTER)
    set_stock(g, 0, 1, 1)
    g.force_dice(face(g, K.DIE_AZRAEL, "shortage", 1))
    g.script(1)                                     # the Shortage takes the stone
    place(g, "shelter-upper")
    assert stock(g) == (0, 1, 0)                    # nothing paid: the action is not performed
    assert g.sc("N_ACTIONS") == 0
    assert g.st.occ[g.action("shelter-upper"), 0] == 0      # the meeple stays
    assert [e[3] for e in g.events(K.EV_NOTHING)] == [K.NOTHING_UNPAID]


@pytest.mark.rule("HV-A01")
@pytest.mark.rule("HV-L05")
def test_at_placement_the_roll_comes_before_the_payment_when_the_stock_still_pays(knob):
    g = fresh(knob("azrael-timing=at-placement"), azrael=SHELTER)
    set_stock(g, 1, 1, 1)
    g.force_dice(face(g, K.DIE_AZRAEL, "shortage", 1))
    g.script(0)                                     # the Shortage takes the berry
    place(g, "shelter-upper")
    assert stock(g) == (0, 0, 0)
    assert g.sc("N_ACTIONS") == 1
    kinds = [e[0] for e in g.events() if e[0] in (K.EV_ROLL, K.EV_PAY)]
    assert kinds[0] == K.EV_ROLL and K.EV_PAY in kinds


@pytest.mark.rule("HV-A01")
def test_at_placement_a_meeple_that_does_not_fill_still_rolls_once(knob):
    g = fresh(knob("azrael-timing=at-placement"), azrael=SAWMILL)
    g.force_dice(face(g, K.DIE_AZRAEL, "nothing"))
    place(g, "sawmill-upper")
    assert len(g.events(K.EV_ROLL)) == 1


# ---------------------------------------------------------------- single-use readings
@pytest.mark.rule("HV-N17")
@pytest.mark.rule("HV-I05")
def test_a_single_use_wardrobe_draws_one_second_lost_smurf_then_is_discarded(knob):
    g = fresh(knob("wardrobe=single-use"))
    craft(g, "wardrobe")
    g.set_sc("AZRAEL", SHELTER)
    forest = [int(c) for c in g.st.piles[S.P_FOREST, : g.st.pile_n[S.P_FOREST]]]
    h0 = hand(g, 0)
    g.force_dice(face(g, K.DIE_WHITE, "bright-idea"))    # the upper action is dangerous
    g.script(0)
    place(g, "dark-forest-upper")
    assert hand(g, 0) == h0 + [forest[-1], forest[-2]]
    assert crafted(g) == []
    assert g.sc("N_INV_USED") == 1


@pytest.mark.rule("HV-N17")
@pytest.mark.rule("HV-I06")
def test_the_durable_wardrobe_stays(knob):
    g = fresh(knob())
    craft(g, "wardrobe")
    g.set_sc("AZRAEL", SHELTER)
    g.force_dice(face(g, K.DIE_WHITE, "bright-idea"))
    g.script(0)
    place(g, "dark-forest-upper")
    assert crafted(g) == [g.invention("wardrobe")]


@pytest.mark.rule("HV-N15")
@pytest.mark.rule("HV-I05")
def test_a_single_use_shovel_adds_one_resource_then_is_discarded(knob):
    g = fresh(knob("shovel=single-use"), azrael=SHELTER)
    craft(g, "shovel")
    g.force_dice(face(g, K.DIE_WHITE, "bright-idea"))
    place(g, "sawmill-lower")
    assert stock(g) == (0, 4, 0)
    assert crafted(g) == []


@pytest.mark.rule("HV-I07")
@pytest.mark.rule("HV-I05")
def test_single_use_wardrobe_and_shovel_wait_for_their_moment(knob):
    g = fresh(knob("wardrobe=single-use", "shovel=single-use"))
    craft(g, "wardrobe", "shovel")
    bonus_actions(g.R, g.C, g.st, 0)
    assert g.st.decisions[K.D_BONUS] == 0             # nothing to offer as a bonus action


@pytest.mark.rule("HV-N12")
@pytest.mark.rule("HV-I05")
def test_a_single_use_disguise_ignores_one_danger_roll_then_is_discarded(knob):
    g = fresh(knob("disguise=single-use"), azrael=SHELTER)
    craft(g, "disguise")
    g.force_dice(face(g, K.DIE_WHITE, "shortage", 1))
    g.script(1)                                       # use the Disguise
    set_stock(g, 1, 0, 0)
    place(g, "sawmill-lower")
    assert stock(g) == (1, 3, 0)                      # the Shortage ignored
    assert crafted(g) == []
