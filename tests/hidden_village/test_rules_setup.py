"""Scenario tests for the Setup (HV-S01..S11), Difficulty and variants (HV-D01..D03) and
Resources (HV-R01) rules of The Smurfs: Hidden Village.

Setup tests run the real setup kernel over a few hundred game indices and check exact counts
and that every random draw can produce every component; behaviour tests build one situation
and call one kernel.
"""
from __future__ import annotations

from collections import Counter

import pytest

from simcore.errors import DataError, UserError
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.catalog import DEFAULT_DATA_DIR, load_catalog
from simcore.games.hidden_village.config import make_config
from simcore.games.hidden_village.rules.core import gain, gain_choice
from simcore.games.hidden_village.rules.inventions import craft
from simcore.games.hidden_village.rules.locations import place_meeple
from simcore.games.hidden_village.rules.query import placement_legal
from simcore.games.hidden_village.rules.turn import end_of_round, play_round, return_meeples
from simcore.games.hidden_village.state import new_state
from tests.conftest import make_game, set_up

# level -> (houses, lost Smurfs in the Dark Forest, cakes, Gargamel cards): the rulebook's table
LEVELS = {
    "standard": (6, 10, 2, 10),
    "complex": (7, 14, 3, 11),
    "terrible": (8, 16, 4, 10),
    "smurfnightmarish": (8, 18, 4, 10),
}
# assumptions.md, "Roofs": berry, log, stone
ROOF_COSTS = [(0, 2, 1), (0, 1, 2), (0, 2, 2), (1, 2, 1), (0, 3, 1), (0, 1, 3), (1, 2, 2), (1, 1, 2)]
HAND_SIZE = {1: 5, 2: 4, 3: 3, 4: 3, 5: 3}   # assumptions.md, "Setup"
SEED = 20240607


def setups(cat, n, seed=SEED, **options):
    """Yield (Config, State) for game indices 0 .. n-1 set up by the real kernel (one State)."""
    C, _ = make_config(cat, log=False, **options)
    st = new_state(cat.rules)
    for i in range(n):
        set_up(cat.rules, C, st, seed, i)
        yield C, st


def lost_cards(cat):
    return {i for i, k in enumerate(cat.rules.smurf_kind) if k != K.KIND_STARTING}


def starting_cards(cat):
    return {i for i, k in enumerate(cat.rules.smurf_kind) if k == K.KIND_STARTING}


def too_late_id(cat):
    return [c["id"] for c in cat.gargamel].index("too-late")


def override_dir(tmp_path, name, edit):
    """A user data folder holding a copy of the default `name` passed through `edit(text)`."""
    text = (DEFAULT_DATA_DIR / name).read_text(encoding="utf-8")
    new = edit(text)
    assert new != text, "the override must change the file"
    (tmp_path / name).write_text(new, encoding="utf-8")
    return tmp_path


def cards_in_play(st, players):
    out = []
    for p in range(players):
        out += [int(c) for c in st.hand[p, : st.hand_n[p]]]
    for pile in (S.P_DECK, S.P_DISCARD, S.P_FOREST, S.P_EXTRA):
        out += [int(c) for c in st.piles[pile, : st.pile_n[pile]]]
    return out


# ------------------------------------------------------------------ HV-S01 resources
@pytest.mark.rule("HV-S01")
def test_three_resource_types_and_an_empty_stock_at_setup(cat):
    assert cat.resources == ["berry", "log", "stone"]
    assert (K.BERRY, K.LOG, K.STONE, K.N_RES) == (0, 1, 2, 3)
    assert cat.setup["supply_per_resource"] == 20
    assert int(cat.rules.setup[T.SU_SUPPLY_CAP]) == 20
    for level in LEVELS:
        g = make_game(cat, level=level, seed=3)
        assert g.st.stock.tolist() == [0, 0, 0]


@pytest.mark.rule("HV-S01")
def test_supply_is_unlimited_by_default(cat):
    g = make_game(cat)
    assert g.C.finite_supply == 0
    g.st.stock[:] = [19, 19, 19]
    a = g.action("sawmill-upper")
    g.st.occ[a, 0] = 0
    place_meeple(g.R, g.C, g.st, a, 1)
    assert g.st.stock.tolist() == [19, 22, 19]      # 3 logs although the box holds 20


@pytest.mark.rule("HV-S01")
def test_finite_supply_caps_each_resource_at_20(cat):
    g = make_game(cat, finite_supply=True)
    assert g.C.finite_supply == 1
    g.st.stock[:] = [0, 19, 0]
    a = g.action("sawmill-upper")
    g.st.occ[a, 0] = 0
    place_meeple(g.R, g.C, g.st, a, 1)
    assert g.st.stock.tolist() == [0, 20, 0]        # only 1 log token was left in the supply
    gain(g.R, g.C, g.st, K.LOG, 5)
    assert g.st.stock.tolist() == [0, 20, 0]
    gain(g.R, g.C, g.st, K.STONE, 25)
    assert g.st.stock.tolist() == [0, 20, 20]
    # Find with logs and stones exhausted: berry is the only type left, so it is gained
    g.script(0)
    gain_choice(g.R, g.C, g.st)
    assert g.st.stock.tolist() == [1, 20, 20]
    assert int(g.st.decisions[K.D_GAIN_ONE]) == 1


# ------------------------------------------------------------------ HV-S02 houses
@pytest.mark.rule("HV-S02")
def test_roofs_show_the_assumed_construction_costs(cat):
    assert len(cat.roofs) == 8
    assert [tuple(int(x) for x in c) for c in cat.rules.roof_cost] == ROOF_COSTS


@pytest.mark.rule("HV-S02", "HV-D01")
@pytest.mark.parametrize("level", list(LEVELS))
def test_houses_per_level_get_distinct_random_roofs(cat, level):
    n_houses = LEVELS[level][0]
    roofs_seen = Counter()
    for C, st in setups(cat, 150, level=level):
        assert int(st.sc[S.S_N_HOUSES]) == n_houses
        roofs = [int(r) for r in st.house_roof[:n_houses]]
        assert len(set(roofs)) == n_houses and all(0 <= r < 8 for r in roofs)
        assert sorted(int(r) for r in st.house_roof) == list(range(8))
        assert st.house_built.tolist() == [0] * 8
        roofs_seen.update(roofs)
    assert set(roofs_seen) == set(range(8))          # every roof can be drawn


@pytest.mark.rule("HV-S02")
def test_standard_roof_draw_is_uniform(cat):
    counts = Counter()
    n = 400
    for C, st in setups(cat, n):
        counts.update(int(r) for r in st.house_roof[:6])
    # each roof is among the 6 drawn with probability 6/8: 300 of 400 (sd 8.7)
    for roof in range(8):
        assert 250 <= counts[roof] <= 350, counts


# ------------------------------------------------------------------ HV-S03 cakes
@pytest.mark.rule("HV-S03", "HV-D01")
@pytest.mark.parametrize("level", list(LEVELS))
def test_cakes_revealed_per_level(cat, level):
    n_cakes = LEVELS[level][2]
    assert len(cat.cakes) == 10
    seen = Counter()
    for C, st in setups(cat, 150, level=level):
        assert int(st.sc[S.S_N_CAKES]) == n_cakes
        assert sorted(int(c) for c in st.cake) == list(range(10))   # a shuffle of the 10
        assert st.cake_done.tolist() == [0] * 10                   # all face up
        seen.update(int(c) for c in st.cake[:n_cakes])
    assert set(seen) == set(range(10))


@pytest.mark.rule("HV-S03")
def test_standard_cake_draw_is_uniform(cat):
    counts = Counter()
    for C, st in setups(cat, 400):
        counts.update(int(c) for c in st.cake[:2])
    # each cake is revealed with probability 2/10: 80 of 400 (sd 8)
    for cake in range(10):
        assert 50 <= counts[cake] <= 110, counts


# ------------------------------------------------------------------ HV-S04 inventions
@pytest.mark.rule("HV-S04")
def test_three_ideas_revealed_from_the_shuffled_invention_deck(cat):
    assert len(cat.inventions) == 24
    seen = Counter()
    orders = set()
    for C, st in setups(cat, 300):
        assert int(st.inv_n[S.I_IDEAS]) == 3
        assert int(st.inv_n[S.I_DECK]) == 21
        assert int(st.inv_n[S.I_CRAFTED]) == 0
        ideas = [int(c) for c in st.inv[S.I_IDEAS, :3]]
        deck = [int(c) for c in st.inv[S.I_DECK, :21]]
        assert sorted(ideas + deck) == list(range(24))
        seen.update(ideas)
        orders.add(tuple(deck))
    assert set(seen) == set(range(24))
    assert len(orders) == 300                         # the deck is shuffled anew each game
    # each card is an idea with probability 3/24: 37.5 of 300 (sd 5.7)
    assert all(15 <= seen[c] <= 60 for c in range(24)), seen


@pytest.mark.rule("HV-S04")
def test_ideas_are_the_top_three_cards_of_the_deck(cat):
    g = make_game(cat, seed=11)
    ideas = [e[3] for e in g.events(K.EV_IDEA)]
    assert ideas == [int(c) for c in g.st.inv[S.I_IDEAS, :3]]
    # popped from the top of the shuffled deck: the slots above the count still hold them
    assert ideas == [int(g.st.inv[S.I_DECK, i]) for i in (23, 22, 21)]


# ------------------------------------------------------------------ HV-S05 Azrael
@pytest.mark.rule("HV-S05")
def test_azrael_starts_in_the_dark_forest(cat):
    assert cat.locations[0]["id"] == "dark-forest"
    for level in LEVELS:
        for C, st in setups(cat, 20, level=level):
            st_az = int(st.sc[S.S_AZRAEL])
            assert st_az == 0
    # a reused State whose Azrael had moved is reset by the setup kernel
    C, _ = make_config(cat)
    st = new_state(cat.rules)
    st.sc[S.S_AZRAEL] = 5
    set_up(cat.rules, C, st, 1, 0)
    assert int(st.sc[S.S_AZRAEL]) == 0


# ------------------------------------------------------------------ HV-S06 the nest
@pytest.mark.rule("HV-S06")
def test_nest_starts_empty(cat):
    for level in LEVELS:
        g = make_game(cat, level=level)
        assert g.sc("NEST") == 0
    # even when the State is reused from a game that ended with meeples in the nest
    C, _ = make_config(cat, level="terrible")
    st = new_state(cat.rules)
    st.sc[S.S_NEST] = 3
    st.sc[S.S_ESPLANADE] = 5
    set_up(cat.rules, C, st, 1, 0)
    assert int(st.sc[S.S_NEST]) == 0
    assert int(st.sc[S.S_ESPLANADE]) == 8


# ------------------------------------------------------------------ HV-S07 Gargamel deck
@pytest.mark.rule("HV-S07", "HV-D01")
@pytest.mark.parametrize("level", list(LEVELS))
def test_gargamel_deck_size_with_too_late_at_the_bottom(cat, level):
    n = LEVELS[level][3]
    tl = too_late_id(cat)
    assert len(cat.gargamel) == 17
    seen = Counter()
    for C, st in setups(cat, 150, level=level):
        assert int(st.sc[S.S_GARG_N]) == n
        assert int(st.sc[S.S_GARG_TOP]) == -1                 # nothing revealed yet
        deck = [int(c) for c in st.garg_deck[:n]]
        assert deck[0] == tl                                  # index 0 is the bottom
        assert tl not in deck[1:]
        assert len(set(deck)) == n
        seen.update(deck[1:])
    assert set(seen) == set(range(17)) - {tl}                 # any effect card can be dealt


@pytest.mark.rule("HV-S07")
def test_too_late_bottom_3_is_shuffled_into_the_bottom_three_cards(cat):
    tl = too_late_id(cat)
    positions = Counter()
    n = 300
    for C, st in setups(cat, n, too_late="bottom-3"):
        assert C.too_late_k == 3
        deck = [int(c) for c in st.garg_deck[:10]]
        assert deck.count(tl) == 1
        assert len(set(deck)) == 10
        positions[deck.index(tl)] += 1
    assert set(positions) == {0, 1, 2}
    # uniform over the bottom 3: 100 each (sd 8.2)
    assert all(65 <= positions[i] <= 135 for i in range(3)), positions


@pytest.mark.rule("HV-S07")
def test_too_late_placement_option_is_validated(cat):
    assert make_config(cat, too_late="bottom")[0].too_late_k == 0
    assert make_config(cat, level="complex", too_late="bottom-11")[0].too_late_k == 11
    for bad in ("top", "bottom-0", "bottom-x", "bottom3"):
        with pytest.raises(UserError):
            make_config(cat, too_late=bad)
    with pytest.raises(UserError):
        make_config(cat, level="standard", too_late="bottom-11")   # deeper than 10 cards


# ------------------------------------------------------------------ HV-S08 lost Smurfs
@pytest.mark.rule("HV-S08", "HV-D01")
@pytest.mark.parametrize("level", list(LEVELS))
def test_dark_forest_and_additional_pile_per_level(cat, level):
    n_lost = LEVELS[level][1]
    lost = lost_cards(cat)
    assert len(lost) == 20
    seen = Counter()
    for C, st in setups(cat, 150, level=level):
        assert int(st.pile_n[S.P_FOREST]) == n_lost
        assert int(st.pile_n[S.P_EXTRA]) == 20 - n_lost
        forest = [int(c) for c in st.piles[S.P_FOREST, :n_lost]]
        extra = [int(c) for c in st.piles[S.P_EXTRA, : 20 - n_lost]]
        assert sorted(forest + extra) == sorted(lost)
        seen.update(forest)
    assert set(seen) == lost                                  # any lost Smurf may be in the forest


# ------------------------------------------------------------------ HV-S09 hands
@pytest.mark.rule("HV-S09")
def test_hand_sizes_come_from_setup_toml(cat):
    assert cat.setup["hand_size"] == HAND_SIZE
    for players, h in HAND_SIZE.items():
        C, _ = make_config(cat, players=players)
        assert C.hand_size == h


@pytest.mark.rule("HV-S09")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_starting_smurfs_dealt_and_the_rest_form_the_deck(cat, players):
    h = HAND_SIZE[players]
    starting = starting_cards(cat)
    assert len(starting) == 15
    in_hand0 = Counter()
    for C, st in setups(cat, 100, players=players):
        for p in range(K.MAX_PLAYERS):
            assert int(st.hand_n[p]) == (h if p < players else 0)
        hands = [int(c) for p in range(players) for c in st.hand[p, :h]]
        deck = [int(c) for c in st.piles[S.P_DECK, : st.pile_n[S.P_DECK]]]
        assert int(st.pile_n[S.P_DECK]) == 15 - players * h
        assert int(st.pile_n[S.P_DISCARD]) == 0
        assert set(hands) <= starting                     # no lost Smurf is dealt
        assert sorted(hands + deck) == sorted(starting)   # the rest is the Smurf deck
        assert sorted(cards_in_play(st, players)) == list(range(35))
        in_hand0.update(int(c) for c in st.hand[0, :h])
    assert set(in_hand0) == starting                       # any starting Smurf can be dealt


# ------------------------------------------------------------------ HV-S10 meeples
@pytest.mark.rule("HV-S10")
def test_eight_meeples_on_the_esplanade_and_a_ninth_in_the_box(cat):
    assert int(cat.rules.setup[T.SU_MEEPLES]) == 8
    assert int(cat.rules.setup[T.SU_MEEPLES_IN_BOX]) == 9
    for level in LEVELS:
        g = make_game(cat, level=level)
        assert g.sc("ESPLANADE") == 8
        assert g.sc("MEEPLES") == 8
        assert g.sc("NEST") == 0 and g.sc("IDLE") == 0
        assert (g.st.occ == -1).all()


@pytest.mark.rule("HV-S10")
def test_a_played_round_returns_exactly_the_eight_meeples(cat):
    g = make_game(cat, players=2, seed=5)
    play_round(g.R, g.C, g.st)
    assert g.sc("OUTCOME") == K.RUNNING
    # the return step (before Gargamel's card) brought all 8 back, the nest included
    assert g.events(K.EV_RETURN)[-1][3:5] == (8, 0)
    assert g.sc("ESPLANADE") + g.sc("NEST") == 8             # a Bird Call may kidnap after it
    assert g.sc("MEEPLES") == 8
    assert (g.st.occ == -1).all()


@pytest.mark.rule("HV-S10")
@pytest.mark.rule("HV-N14")
def test_robot_assistant_puts_the_ninth_meeple_in_play(cat):
    g = make_game(cat)
    robot = [c["id"] for c in cat.inventions].index("robot-assistant")
    g.st.inv[S.I_IDEAS, 0] = robot
    g.st.inv_n[S.I_IDEAS] = 1
    g.st.stock[:] = [4, 0, 0]
    craft(g.R, g.C, g.st, 0, True, 0)
    assert g.st.stock.tolist() == [0, 0, 0]
    assert [int(c) for c in g.st.inv[S.I_CRAFTED, : g.st.inv_n[S.I_CRAFTED]]] == [robot]
    assert g.sc("MEEPLES") == 9
    assert g.sc("ESPLANADE") == 9


# ------------------------------------------------------------------ HV-S11 first player
@pytest.mark.rule("HV-S11")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_player_zero_holds_the_first_player_marker(cat, players):
    assert cat.setup["first_player"] == 0
    g = make_game(cat, players=players)
    assert g.sc("FIRST") == 0
    assert g.sc("CUR") == 0
    assert g.events(K.EV_FIRST_PLAYER) == [(K.EV_FIRST_PLAYER, 0, 0, 0, 0, 0)]


@pytest.mark.rule("HV-S11")
def test_single_player_takes_every_turn(cat):
    g = make_game(cat, players=1, seed=9)
    g.clear_events()
    play_round(g.R, g.C, g.st)
    turns = g.events(K.EV_TURN)
    assert len(turns) == g.sc("TURN") >= 1
    assert {e[2] for e in turns} == {0}
    assert g.sc("FIRST") == 0                                # the marker passes from 0 to 0


@pytest.mark.rule("HV-S11")
def test_first_player_from_a_user_setup_file(cat, tmp_path):
    d = override_dir(tmp_path, "setup.toml",
                     lambda t: t.replace("first_player = 0", "first_player = 2"))
    cat2 = load_catalog(d)
    assert cat2.setup["first_player"] == 2
    g = make_game(cat2, players=3)
    assert g.sc("FIRST") == 2 and g.sc("CUR") == 2


# ------------------------------------------------------------------ HV-D01 levels
@pytest.mark.rule("HV-D01")
def test_four_levels_with_the_rulebook_counts(cat):
    assert list(cat.levels) == list(LEVELS)
    for level, (houses, lost, cakes, garg) in LEVELS.items():
        lv = cat.levels[level]
        assert (lv["houses"], lv["lost_smurfs"], lv["cakes"], lv["gargamel_cards"]) == \
            (houses, lost, cakes, garg)
        C, v = make_config(cat, level=level)
        assert (C.n_houses, C.n_lost, C.n_cakes, C.n_garg) == (houses, lost, cakes, garg)
        assert v.level == level
    with pytest.raises(UserError):
        make_config(cat, level="impossible")


CUSTOM_LEVEL = """
[[level]]
id = "custom"
name = "Custom"
houses = 5
lost_smurfs = 12
cakes = 1
gargamel_cards = 13
hungry_cracoucass = false
super_danger_die = false
source = "assumed"
"""


@pytest.mark.rule("HV-D01")
def test_a_custom_level_sets_all_four_counts(cat, tmp_path):
    cat2 = load_catalog(override_dir(tmp_path, "levels.toml", lambda t: t + CUSTOM_LEVEL))
    assert list(cat2.levels) == list(LEVELS) + ["custom"]
    tl = too_late_id(cat2)
    for C, st in setups(cat2, 30, level="custom"):
        assert int(st.sc[S.S_N_HOUSES]) == 5
        assert len({int(r) for r in st.house_roof[:5]}) == 5
        assert int(st.pile_n[S.P_FOREST]) == 12
        assert int(st.pile_n[S.P_EXTRA]) == 8
        assert int(st.sc[S.S_N_CAKES]) == 1
        assert int(st.sc[S.S_GARG_N]) == 13
        assert int(st.garg_deck[0]) == tl
        assert tl not in [int(c) for c in st.garg_deck[1:13]]
        assert C.hungry == 0 and C.danger_die == K.DIE_WHITE


@pytest.mark.rule("HV-D01")
def test_a_custom_level_beyond_the_components_is_rejected(cat, tmp_path):
    too_many = CUSTOM_LEVEL.replace("houses = 5", "houses = 9")
    with pytest.raises(DataError, match="9 houses"):
        load_catalog(override_dir(tmp_path, "levels.toml", lambda t: t + too_many))


# ------------------------------------------------------------------ HV-D02 Hungry Cracoucass
@pytest.mark.rule("HV-D02")
def test_hungry_cracoucass_is_optional_at_standard_and_complex(cat):
    for level in ("standard", "complex"):
        assert make_config(cat, level=level)[0].hungry == 0
        assert make_config(cat, level=level, hungry=False)[0].hungry == 0
        assert make_config(cat, level=level, hungry=True)[0].hungry == 1


@pytest.mark.rule("HV-D02")
def test_hungry_cracoucass_is_mandatory_at_terrible_and_smurfnightmarish(cat):
    for level in ("terrible", "smurfnightmarish"):
        C, v = make_config(cat, level=level)
        assert C.hungry == 1 and v.hungry is True
        assert make_config(cat, level=level, hungry=True)[0].hungry == 1
        with pytest.raises(UserError, match="Hungry Cracoucass"):
            make_config(cat, level=level, hungry=False)


def _round_over(g, nest):
    """Every meeple placed: 8 - nest of them on action spaces, `nest` in the nest."""
    spaces = [(0, 0), (2, 0), (2, 1), (6, 0), (12, 0), (7, 0), (8, 0), (8, 1)]
    for a, s in spaces[: 8 - nest]:
        g.st.occ[a, s] = 1
    g.set_sc("ESPLANADE", 0)
    g.set_sc("NEST", nest)


@pytest.mark.rule("HV-D02")
def test_hungry_cracoucass_keeps_the_nest_meeples_at_end_of_round(cat):
    g = make_game(cat, level="terrible")
    _round_over(g, nest=3)
    return_meeples(g.C, g.st)
    assert g.sc("ESPLANADE") == 5
    assert g.sc("NEST") == 3
    assert (g.st.occ == -1).all()


@pytest.mark.rule("HV-D02")
def test_without_hungry_cracoucass_the_nest_empties_at_end_of_round(cat):
    g = make_game(cat, level="standard")
    _round_over(g, nest=3)
    return_meeples(g.C, g.st)
    assert g.sc("ESPLANADE") == 8
    assert g.sc("NEST") == 0
    assert (g.st.occ == -1).all()


@pytest.mark.rule("HV-D02")
def test_hungry_option_at_standard_keeps_the_nest_through_end_of_round(cat):
    g = make_game(cat, level="standard", hungry=True)
    _round_over(g, nest=2)
    # a harmless Gargamel card on top: Crumbling Stones with no stone in the stock
    g.st.garg_deck[g.sc("GARG_N") - 1] = g.gargamel("crumbling-stones")
    end_of_round(g.R, g.C, g.st)
    assert g.sc("OUTCOME") == K.RUNNING
    assert g.sc("ESPLANADE") == 6
    assert g.sc("NEST") == 2
    assert g.events(K.EV_RETURN)[-1][3:5] == (6, 2)


# ------------------------------------------------------------------ HV-D03 super danger die
@pytest.mark.rule("HV-D03")
def test_red_die_is_optional_below_smurfnightmarish(cat):
    for level in ("standard", "complex", "terrible"):
        assert make_config(cat, level=level)[0].danger_die == K.DIE_WHITE
        assert make_config(cat, level=level, die="white")[0].danger_die == K.DIE_WHITE
        assert make_config(cat, level=level, die="red")[0].danger_die == K.DIE_RED
    with pytest.raises(UserError):
        make_config(cat, die="green")


@pytest.mark.rule("HV-D03")
def test_red_die_is_mandatory_at_smurfnightmarish(cat):
    C, v = make_config(cat, level="smurfnightmarish")
    assert C.danger_die == K.DIE_RED and v.die == "red"
    assert make_config(cat, level="smurfnightmarish", die="red")[0].danger_die == K.DIE_RED
    with pytest.raises(UserError, match="red super danger die"):
        make_config(cat, level="smurfnightmarish", die="white")


@pytest.mark.rule("HV-D03", "HV-L06")
@pytest.mark.parametrize("level, die, rolled, berries_left", [
    ("standard", None, K.DIE_WHITE, 4),           # white face index 2: Shortage 1
    ("standard", "red", K.DIE_RED, 3),            # red face index 2: Shortage 2
    ("smurfnightmarish", None, K.DIE_RED, 3),
])
def test_the_configured_danger_die_is_rolled_for_a_dangerous_action(cat, level, die, rolled,
                                                                     berries_left):
    g = make_game(cat, level=level, die=die)
    g.st.stock[:] = [5, 0, 0]
    g.clear_events()
    g.force_dice(2)
    place_meeple(g.R, g.C, g.st, g.action("sawmill-lower"), 0)
    rolls = g.events(K.EV_ROLL)
    assert [(e[3], e[4]) for e in rolls] == [(rolled, 2)]
    assert g.st.stock.tolist() == [berries_left, 3, 0]


@pytest.mark.rule("HV-D03")
def test_red_die_azrael_face_moves_him_two_locations(cat):
    g = make_game(cat, die="red")
    assert g.sc("AZRAEL") == 0
    g.force_dice(g.die_face(K.DIE_RED, "azrael", 2))
    place_meeple(g.R, g.C, g.st, g.action("river-lower"), 0)
    assert g.sc("AZRAEL") == 2
    assert g.st.stock.tolist() == [0, 0, 3]


# ------------------------------------------------------------------ HV-R01 the village stock
@pytest.mark.rule("HV-R01")
def test_gains_and_costs_share_one_village_stock(cat):
    g = make_game(cat, players=3)
    assert g.st.stock.shape == (3,)
    g.clear_events()

    def turn(action, p):
        g.set_sc("CUR", p)
        place_meeple(g.R, g.C, g.st, g.action(action), p)

    turn("sawmill-upper", 0)                                 # player 0: first space
    assert g.st.stock.tolist() == [0, 0, 0]
    turn("sawmill-upper", 1)                                 # player 1 fills it
    assert g.st.stock.tolist() == [0, 3, 0]
    g.force_dice(g.die_face(K.DIE_WHITE, "destroy-invention"))   # nothing crafted: no effect
    turn("river-lower", 2)
    assert g.st.stock.tolist() == [0, 3, 3]
    # player 0 spends what players 1 and 2 gathered
    turn("shelter-upper", 0)
    assert g.st.stock.tolist() == [0, 2, 2]
    gains = [(e[2], e[3], e[4]) for e in g.events(K.EV_GAIN)]
    pays = [(e[2], e[3], e[4]) for e in g.events(K.EV_PAY)]
    assert gains == [(1, K.LOG, 3), (2, K.STONE, 3)]
    assert sorted(pays) == [(0, K.LOG, 1), (0, K.STONE, 1)]


@pytest.mark.rule("HV-R01")
def test_a_cost_cannot_be_paid_from_a_players_own_gains_only(cat):
    """There is no per-player stock: what one player gains, any player can spend, and an
    empty village stock blocks everyone."""
    g = make_game(cat, players=2)
    shelter = g.action("shelter-upper")
    assert not placement_legal(g.R, g.st, shelter)
    g.st.stock[:] = [0, 1, 1]
    assert placement_legal(g.R, g.st, shelter)
    place_meeple(g.R, g.C, g.st, shelter, 1)
    assert g.st.stock.tolist() == [0, 0, 0]
    assert not placement_legal(g.R, g.st, g.action("construction-site-upper"))
