"""Scenario tests: the 24 Invention cards (data/inventions.toml) and the invention rules
HV-I01..HV-I07 with the rulebook's clarifications HV-N12..HV-N17.

Each test builds a game with the real setup kernel, writes the exact situation into the state
(ideas, crafted inventions, meeples, stock, Azrael, piles), forces the dice and the team's
choices, calls one kernel (a placement, the bonus actions of a turn, a die face, Gargamel's
reveal...) and checks the resulting state exactly.

The cards' `text` is the specification: a test shows the card changing the state exactly as
the text says.
"""
import dataclasses

import numpy as np
import pytest

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.rules.dice import apply_face
from simcore.games.hidden_village.rules.effects import bonus_actions
from simcore.games.hidden_village.rules.gargamel import reveal_gargamel
from simcore.games.hidden_village.rules.locations import place_meeple
from simcore.games.hidden_village.rules.turn import (end_of_round, place_step, play_turn,
                                                       return_meeples)
from simcore.games.hidden_village.tables import with_abilities
from tests.conftest import make_game
from tests.hidden_village.scenario import (face, hand, next_gargamel, on_board, placements,
                                           set_cakes, set_crafted, set_stock, stock)

DARK_FOREST, STREAM, SAWMILL, BUSHES, RIVER, WORKSHOP, SHELTER, CONSTRUCTION = range(8)
B, L, ST = K.BERRY, K.LOG, K.STONE
N_INVENTIONS = 24
HARMLESS_WHITE = 5      # the white die's Bright idea (checked in fresh())


# ----------------------------------------------------------------- helpers (this file only)
@pytest.fixture(scope="module")
def plain(cat):
    """The catalog with the Smurf cards' abilities blanked (the inventions keep theirs): for
    the tests that play a whole turn and must not be disturbed by the card played."""
    rules = with_abilities(cat.rules, smurf_op=np.zeros_like(cat.rules.smurf_op))
    return dataclasses.replace(cat, rules=rules)


def fresh(cat, azrael=SHELTER, **kw):
    """A set-up game with an empty log, Azrael parked at the Shelter (away from the actions
    these tests use unless they say otherwise), no idea and no crafted invention."""
    g = make_game(cat, **kw)
    assert g.R.die[K.DIE_WHITE, HARMLESS_WHITE, 0, 0] == K.FACE_BRIGHT_IDEA
    g.set_sc("AZRAEL", azrael)
    set_inventions(g)
    g.clear_events()
    return g


def set_inventions(g, ideas=(), crafted=(), top=(), occupied=None):
    """The ideas zone and the inventions zone exactly (crafted slots in the given order); every
    other Invention card is in the deck, `top` on top in the order they will be revealed.
    `occupied` maps a crafted slot to the player whose meeple stands on it."""
    idea_c = [g.invention(x) for x in ideas]
    craft_c = [g.invention(x) for x in crafted]
    top_c = [g.invention(x) for x in top]
    named = idea_c + craft_c + top_c
    assert len(named) == len(set(named)), "an Invention card named twice"
    old = [int(c) for z in (S.I_CRAFTED, S.I_IDEAS, S.I_DECK) for c in g.st.inv[z, : g.st.inv_n[z]]]
    rest = [c for c in old if c not in named]
    deck = rest + top_c[::-1]                 # the top of the deck is the last
    for zone, cs in ((S.I_DECK, deck), (S.I_IDEAS, idea_c)):
        g.st.inv[zone, : len(cs)] = cs
        g.st.inv_n[zone] = len(cs)
    set_crafted(g, craft_c)
    g.st.inv_occ[:] = 0
    g.st.inv_used[:] = 0
    for slot, p in (occupied or {}).items():
        g.st.inv_occ[slot] = p + 1
    assert sum(int(n) for n in g.st.inv_n) == N_INVENTIONS


def zone(g, z):
    return [int(c) for c in g.st.inv[z, : g.st.inv_n[z]]]


def crafted(g):
    return zone(g, S.I_CRAFTED)


def ideas(g):
    return zone(g, S.I_IDEAS)


def deck(g):
    return zone(g, S.I_DECK)


def inv(g, *ids):
    return [g.invention(x) for x in ids]


def pile(g, P):
    return [int(c) for c in g.st.piles[P, : g.st.pile_n[P]]]


def place(g, action_id, p=0):
    g.set_sc("CUR", p)
    place_meeple(g.R, g.C, g.st, g.action(action_id), p)


def place_on_invention(g, slot, p=0):
    g.set_sc("CUR", p)
    place_meeple(g.R, g.C, g.st, K.N_ACTIONS + slot, p)


def prefill(g, action_id, p=1):
    """A meeple of player p already on the first space of a 2-space action."""
    a = g.action(action_id)
    assert g.R.act[a, T.A_SPACES] == 2
    g.st.occ[a, 0] = p
    g.set_sc("ESPLANADE", g.sc("ESPLANADE") - 1)


def bonus(g, p=0):
    g.set_sc("CUR", p)
    bonus_actions(g.R, g.C, g.st, p)


def apply(g, die, face, roller=0):
    apply_face(g.R, g.C, g.st, die, face, roller)


def meeples_accounted(g):
    """Meeples on the esplanade, in the nest, idle, on actions, on invention cards and left in
    the inventions zone by a discarded card."""
    on_cards = int((g.st.inv_occ[: g.st.inv_n[S.I_CRAFTED]] != 0).sum())
    return (g.sc("ESPLANADE") + g.sc("NEST") + g.sc("IDLE") + on_board(g) + on_cards
            + g.sc("INV_ORPHANS"))


def use_only_single_use(g, *then, p=0):
    """Bonus actions with nothing to craft and exactly one usable single-use invention: option 1
    uses it, then the choices `then` of its effect."""
    g.script(1, *then)
    bonus(g, p)


# ================================================================= HV-I01 crafting
@pytest.mark.rule("HV-I01")
@pytest.mark.rule("HV-T07")
def test_crafting_pays_the_printed_smurfberry_cost_and_reveals_no_new_idea(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["log-cart", "telescope", "lookout-tower"])
    set_stock(g, 5, 1, 1)
    deck_before = deck(g)
    assert g.R.inv[g.invention("lookout-tower"), T.INV_COST] == 3
    # options: pass, craft idea 0, 1, 2 (all affordable); craft the Lookout Tower, then pass
    g.script(3, 0)
    bonus(g)
    assert stock(g) == (2, 1, 1)
    assert crafted(g) == inv(g, "lookout-tower")
    assert sorted(ideas(g)) == sorted(inv(g, "log-cart", "telescope"))
    assert deck(g) == deck_before                     # no new idea
    assert g.events(K.EV_IDEA) == []
    assert [(e[3], e[4]) for e in g.events(K.EV_CRAFT)] == [(g.invention("lookout-tower"), 3)]
    assert g.sc("N_CRAFTED") == 1


@pytest.mark.rule("HV-I01")
@pytest.mark.rule("HV-L05")
def test_an_idea_the_stock_cannot_pay_for_cannot_be_crafted(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["lookout-tower", "log-cart"])   # cost 3 and 2
    set_stock(g, 2, 5, 5)
    bonus(g)                                          # FIRST strategy: pass
    assert g.st.decisions[K.D_BONUS] == 1
    assert g.st.options[0] == 0 and g.st.options[1] == 2    # pass, craft idea slot 1 only
    g.script(1, 0)
    bonus(g)
    assert crafted(g) == inv(g, "log-cart")
    assert ideas(g) == inv(g, "lookout-tower")
    assert stock(g) == (0, 5, 5)


@pytest.mark.rule("HV-I01")
def test_with_no_affordable_idea_and_no_usable_invention_nothing_is_asked(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["lookout-tower"])
    set_stock(g, 2, 0, 0)
    bonus(g)
    assert g.st.decisions[K.D_BONUS] == 0
    assert ideas(g) == inv(g, "lookout-tower") and crafted(g) == []


# ================================================================= HV-I02 the limit of 4
FOUR = ["telescope", "storage-barn", "bird-scarer", "sturdy-roof"]


@pytest.mark.rule("HV-I02")
@pytest.mark.parametrize("choice,gone", [(1, "storage-barn"), (3, "sturdy-roof"), (4, "log-cart")])
def test_crafting_a_fifth_invention_discards_one_of_the_teams_choice(cat, choice, gone):
    g = fresh(cat)
    set_inventions(g, ideas=["log-cart"], crafted=FOUR)
    set_stock(g, 2, 0, 0)
    # craft the Log Cart (option 1); discard crafted slot `choice` (slot 4 is the new card)
    g.script(1, choice)
    bonus(g)
    kept = FOUR + ["log-cart"]
    kept.remove(gone)
    assert sorted(crafted(g)) == sorted(inv(g, *kept))
    assert g.st.inv_n[S.I_CRAFTED] == 4
    assert g.st.decisions[K.D_CRAFT_DISCARD] == 1
    assert [(e[3], e[4]) for e in g.events(K.EV_INV_DISCARD)] == [(g.invention(gone), 0)]
    assert g.sc("INV_DISCARD") == 1
    assert stock(g) == (0, 0, 0)


@pytest.mark.rule("HV-I02")
@pytest.mark.rule("HV-L09")
def test_the_workshop_free_craft_over_the_limit_also_discards_one(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["wheelbarrow", "log-cart"], crafted=FOUR)
    prefill(g, "workshop-upper")
    g.script(1, 0)              # free craft: idea slot 1 (Log Cart); discard crafted slot 0
    place(g, "workshop-upper")
    assert sorted(crafted(g)) == sorted(inv(g, "storage-barn", "bird-scarer", "sturdy-roof", "log-cart"))
    assert ideas(g) == inv(g, "wheelbarrow")
    assert [e[3] for e in g.events(K.EV_INV_DISCARD)] == [g.invention("telescope")]


@pytest.mark.rule("HV-I02")
def test_four_crafted_inventions_are_allowed_without_a_discard(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["log-cart"], crafted=FOUR[:3])
    set_stock(g, 2, 0, 0)
    g.script(1)
    bonus(g)
    assert sorted(crafted(g)) == sorted(inv(g, *FOUR[:3], "log-cart"))
    assert g.st.decisions[K.D_CRAFT_DISCARD] == 0 and g.sc("INV_DISCARD") == 0


# ================================================================= HV-I03 no limit on ideas
@pytest.mark.rule("HV-I03")
@pytest.mark.rule("HV-L09")
def test_the_ideas_zone_has_no_size_limit(cat):
    g = fresh(cat)
    names = [c["id"] for c in g.cat.inventions]
    set_inventions(g, ideas=names[:20])
    place(g, "workshop-lower")                  # reveal 3 new ideas, keeping the old ones
    assert g.st.inv_n[S.I_IDEAS] == 23
    assert ideas(g)[:20] == inv(g, *names[:20])
    assert g.st.inv_n[S.I_DECK] == 1
    assert len(g.events(K.EV_IDEA)) == 3


# ================================================================= HV-I04 new-action inventions
@pytest.mark.rule("HV-I04")
@pytest.mark.rule("HV-T03")
def test_a_crafted_new_action_invention_is_a_placement_of_step_2(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["telescope", "log-cart", "weather-vane"])
    opts = placements(g)
    # only the new-action card is a place for a meeple, not the durable or single-use ones
    assert [a for a in opts if a >= K.N_ACTIONS] == [K.N_ACTIONS + 1]
    set_stock(g, 0, 0, 0)
    g.script(opts.index(K.N_ACTIONS + 1))
    place_step(g.R, g.C, g.st, 2)
    assert list(g.st.inv_occ[:3]) == [0, 3, 0]        # player 2's meeple on the Log Cart
    assert g.sc("ESPLANADE") == 7 and on_board(g) == 0
    assert stock(g) == (0, 2, 0)
    assert [e[3] for e in g.events(K.EV_USE)] == [g.invention("log-cart")]


@pytest.mark.rule("HV-I04")
def test_the_meeple_stays_on_the_invention_until_the_end_of_the_round_then_returns(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["log-cart"])
    place_on_invention(g, 0, p=1)
    assert g.st.inv_occ[0] == 2
    assert K.N_ACTIONS not in placements(g)           # one meeple per card and round
    g.set_sc("ESPLANADE", 0)
    for a, s in [("sawmill-upper", 0), ("sawmill-upper", 1), ("river-upper", 0),
                 ("river-upper", 1), ("bushes-upper", 0), ("bushes-upper", 1), ("stream-upper", 0)]:
        g.st.occ[g.action(a), s] = 0
    return_meeples(g.C, g.st)
    assert g.sc("ESPLANADE") == 8
    assert g.st.inv_occ[0] == 0 and on_board(g) == 0
    assert K.N_ACTIONS in placements(g)               # free again next round


@pytest.mark.rule("HV-I04")
@pytest.mark.rule("HV-Y01")
def test_a_discarded_card_leaves_its_meeple_in_the_inventions_zone_until_the_end_of_the_round(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["stone-crusher", "telescope"], occupied={0: 1})
    g.set_sc("ESPLANADE", 7)
    g.script(0)                                       # Invention destruction: the Stone Crusher
    apply(g, K.DIE_WHITE, face(g, K.DIE_WHITE, "destroy-invention"))
    assert crafted(g) == inv(g, "telescope")
    assert g.st.inv_occ[0] == 0                       # the Telescope holds no meeple
    assert g.sc("INV_ORPHANS") == 1                   # the meeple stays out
    assert g.sc("ESPLANADE") == 7 and g.sc("MEEPLES") == 8
    assert meeples_accounted(g) == 8
    return_meeples(g.C, g.st)
    assert g.sc("INV_ORPHANS") == 0 and g.sc("ESPLANADE") == 8


@pytest.mark.rule("HV-I04")
def test_a_meeple_on_another_card_keeps_its_card_when_a_card_before_it_is_discarded(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["telescope", "bird-scarer", "log-cart"], occupied={2: 0})
    g.set_sc("ESPLANADE", 7)
    g.script(0)                                       # destroy the Telescope (slot 0)
    apply(g, K.DIE_WHITE, face(g, K.DIE_WHITE, "destroy-invention"))
    slots = crafted(g)
    assert sorted(slots) == sorted(inv(g, "bird-scarer", "log-cart"))
    lc = slots.index(g.invention("log-cart"))
    assert g.st.inv_occ[lc] == 1 and g.st.inv_occ[1 - lc] == 0
    assert g.sc("INV_ORPHANS") == 0 and meeples_accounted(g) == 8


# ================================================================= HV-I05 single use
@pytest.mark.rule("HV-I05")
@pytest.mark.rule("HV-T07")
def test_a_single_use_invention_is_discarded_after_use(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["weather-vane", "telescope"])
    set_stock(g, 0, 0, 0)
    use_only_single_use(g, 2)                         # use it; gain a stone
    assert stock(g) == (0, 0, 1)
    assert crafted(g) == inv(g, "telescope")
    assert [(e[3], e[4]) for e in g.events(K.EV_INV_DISCARD)] == [(g.invention("weather-vane"), 3)]
    assert g.sc("INV_DISCARD") == 1 and g.sc("N_INV_USED") == 1
    assert g.st.decisions[K.D_BONUS] == 1             # nothing left to use: not asked again


# ================================================================= HV-I06 durable
@pytest.mark.rule("HV-I06")
def test_a_durable_invention_acts_every_time_while_crafted_and_stops_when_discarded(cat):
    g = fresh(cat, die="red")
    set_inventions(g, crafted=["storage-barn", "telescope"])
    set_stock(g, 5, 0, 0)
    short2 = face(g, K.DIE_RED, "shortage", 2)
    apply(g, K.DIE_RED, short2)
    apply(g, K.DIE_RED, short2)
    assert stock(g) == (3, 0, 0)                      # 1 lost each time instead of 2
    g.script(0)
    apply(g, K.DIE_RED, face(g, K.DIE_RED, "destroy-invention"))   # the Storage Barn goes
    assert crafted(g) == inv(g, "telescope")
    apply(g, K.DIE_RED, short2)
    assert stock(g) == (1, 0, 0)                      # the full Shortage again


# ================================================================= HV-I07 who and when
@pytest.mark.rule("HV-I07")
@pytest.mark.rule("HV-N13")
def test_any_player_may_use_a_crafted_invention_on_their_turn(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["recruitment-plan"])
    forest = pile(g, S.P_FOREST)
    h2 = hand(g, 2)
    use_only_single_use(g, p=2)
    assert hand(g, 2) == h2 + [forest[-1]]            # the player whose turn it is draws
    assert crafted(g) == []


@pytest.mark.rule("HV-I07")
@pytest.mark.rule("HV-T07")
def test_timing_bound_inventions_are_not_offered_as_bonus_actions(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["lucky-charm", "rewind-spell", "disguise"])
    set_stock(g, 9, 9, 9)
    bonus(g)
    assert g.st.decisions[K.D_BONUS] == 0             # nothing usable now
    assert len(crafted(g)) == 3


@pytest.mark.rule("HV-I07")
def test_timing_bound_inventions_are_offered_at_their_moment(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["lucky-charm", "rewind-spell", "weather-vane"])
    bonus(g)
    assert g.st.decisions[K.D_BONUS] == 1
    assert list(g.st.options[:2]) == [0, 102]         # pass, use the Weather Vane only
    g.force_dice(HARMLESS_WHITE)
    place(g, "sawmill-lower")                         # a danger-die roll: the Lucky Charm
    assert g.st.decisions[K.D_IGNORE_DANGER] == 1
    next_gargamel(g, "burned-plans", "burned-plans")
    reveal_gargamel(g.R, g.C, g.st)  # Gargamel's reveal: the Rewind Spell
    assert g.st.decisions[K.D_REWIND] == 1


@pytest.mark.rule("HV-I07")
@pytest.mark.rule("HV-N01")
def test_under_the_beta_smurf_no_crafted_invention_may_be_used(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["weather-vane", "log-cart", "shovel", "disguise"])
    g.set_sc("PLAYED", g.card("beta-smurf"))
    g.set_sc("NO_INV", 1)
    bonus(g)
    assert g.st.decisions[K.D_BONUS] == 0
    assert not [a for a in placements(g) if a >= K.N_ACTIONS]
    set_stock(g, 0, 0, 0)
    g.force_dice(face(g, K.DIE_WHITE, "shortage", 1))
    place(g, "sawmill-lower")
    assert g.st.decisions[K.D_IGNORE_DANGER] == 0
    assert stock(g) == (0, 3, 0)                      # no Disguise, no Shovel extra


# ================================================================= the 24 cards
# ---------------------------------------------------------------- Disguise (HV-N12)
@pytest.mark.rule("HV-N12")
def test_disguise_ignores_the_white_danger_die_result(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["disguise"])
    g.force_dice(face(g, K.DIE_WHITE, "cracoucass"))
    g.script(1)                                       # ignore with the Disguise (slot 0)
    place(g, "sawmill-lower")
    assert g.sc("NEST") == 0 and g.sc("ESPLANADE") == 7
    assert stock(g) == (0, 3, 0)                      # the action's effect still applies
    assert crafted(g) == inv(g, "disguise")           # durable: stays
    assert g.sc("N_INV_USED") == 1


@pytest.mark.rule("HV-N12")
@pytest.mark.rule("HV-D03")
def test_disguise_ignores_the_super_danger_die_result(cat):
    g = fresh(cat, die="red")
    set_inventions(g, crafted=["disguise"])
    set_stock(g, 2, 0, 2)
    g.force_dice(face(g, K.DIE_RED, "shortage", 2))
    g.script(1)
    place(g, "river-lower")
    assert stock(g) == (2, 0, 5)


@pytest.mark.rule("HV-N12")
def test_disguise_does_not_work_for_the_azrael_die(cat):
    g = fresh(cat, azrael=RIVER)
    set_inventions(g, crafted=["disguise"])
    set_stock(g, 0, 0, 1)
    g.force_dice(face(g, K.DIE_AZRAEL, "shortage", 1))
    place(g, "river-upper")                           # first space, where Azrael is
    assert g.st.decisions[K.D_IGNORE_DANGER] == 0
    assert stock(g) == (0, 0, 0)


@pytest.mark.rule("HV-N12")
@pytest.mark.rule("HV-A04")
def test_disguise_ignores_the_danger_die_but_not_the_azrael_die_rolled_together(cat):
    g = fresh(cat, azrael=RIVER)
    set_inventions(g, crafted=["disguise"])
    set_stock(g, 1, 0, 0)
    g.force_dice(face(g, K.DIE_AZRAEL, "shortage", 1), face(g, K.DIE_WHITE, "cracoucass"))
    g.script(1)
    place(g, "river-lower")
    assert stock(g) == (0, 0, 3)                      # Azrael's Shortage applied
    assert g.sc("NEST") == 0                          # the danger die's Cracoucass ignored
    assert g.st.decisions[K.D_IGNORE_DANGER] == 1


def test_disguise_works_once_per_turn(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["disguise"])
    set_stock(g, 1, 0, 0)
    shortage = face(g, K.DIE_WHITE, "shortage", 1)
    g.force_dice(shortage, shortage)
    g.script(1)
    place(g, "sawmill-lower")                         # ignored
    assert stock(g) == (1, 3, 0)
    place(g, "river-lower")                           # same turn: applied
    assert g.st.decisions[K.D_IGNORE_DANGER] == 1
    assert stock(g) == (0, 3, 3)


def test_disguise_can_be_used_again_on_the_next_turn(plain):
    g = fresh(plain)
    set_inventions(g, crafted=["disguise"])
    g.st.inv_used[g.invention("disguise")] = 1        # used on the previous turn
    g.force_dice(face(g, K.DIE_WHITE, "cracoucass"))
    opt = placements(g).index(g.action("sawmill-lower"))
    g.script(0, opt, 1)                               # play card 0; Sawmill lower; Disguise
    play_turn(g.R, g.C, g.st, 0)
    assert g.st.decisions[K.D_IGNORE_DANGER] == 1
    assert g.sc("NEST") == 0 and stock(g) == (0, 3, 0)


# ---------------------------------------------------------------- Recruitment Plan (HV-N13)
@pytest.mark.rule("HV-N13")
def test_recruitment_plan_draws_a_lost_smurf_that_is_not_a_rescue(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["recruitment-plan"])
    set_cakes(g, "welcome-cake")
    g.set_sc("RESCUES_ROUND", 1)
    g.set_sc("PLAYED", g.card("poet-smurf"))          # would gain 2 resources on a rescue
    forest = pile(g, S.P_FOREST)
    h0 = hand(g, 0)
    use_only_single_use(g)
    assert hand(g, 0) == h0 + [forest[-1]]
    assert pile(g, S.P_FOREST) == forest[:-1]
    assert stock(g) == (0, 0, 0)                      # no Poet
    assert g.sc("N_RESCUES") == 0 and g.sc("RESCUES_ROUND") == 1
    assert g.st.cake_done[0] == 0                     # 2 rescues in the round not reached
    assert crafted(g) == []                           # single use


def test_poet_smurf_does_gain_on_a_real_rescue(cat):
    """The counterpart of the Recruitment Plan test: the same Poet and Welcome Cake do react
    to a Dark Forest rescue."""
    g = fresh(cat)
    set_cakes(g, "welcome-cake")
    g.set_sc("RESCUES_ROUND", 1)
    g.set_sc("PLAYED", g.card("poet-smurf"))
    set_stock(g, 1, 0, 0)
    prefill(g, "dark-forest-lower")
    g.script(1)                                       # Poet: (berry, stone)
    place(g, "dark-forest-lower")
    assert stock(g) == (1, 0, 1)
    assert g.sc("N_RESCUES") == 1 and g.sc("RESCUES_ROUND") == 2
    assert g.st.cake_done[0] == 1


# ---------------------------------------------------------------- Rescue Cart (HV-N13)
@pytest.mark.rule("HV-N13")
def test_rescue_cart_frees_a_nest_meeple_and_is_not_a_rescue(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["rescue-cart"])
    g.set_sc("PLAYED", g.card("poet-smurf"))
    g.set_sc("ESPLANADE", 4)
    g.set_sc("NEST", 2)
    use_only_single_use(g)
    assert g.sc("NEST") == 1 and g.sc("ESPLANADE") == 5
    assert stock(g) == (0, 0, 0)                      # no Poet
    assert g.sc("N_RESCUES") == 0 and g.sc("RESCUES_ROUND") == 0
    assert crafted(g) == []
    assert [e[3] for e in g.events(K.EV_RESCUE_NEST)] == [1]


# ---------------------------------------------------------------- Robot Assistant (HV-N14)
@pytest.mark.rule("HV-N14")
@pytest.mark.rule("HV-S10")
def test_crafting_the_robot_assistant_puts_the_9th_meeple_on_the_esplanade(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["robot-assistant"])
    set_stock(g, 4, 0, 0)
    g.set_sc("ESPLANADE", 3)
    g.script(1)
    bonus(g)
    assert crafted(g) == inv(g, "robot-assistant")
    assert stock(g) == (0, 0, 0)
    assert g.sc("MEEPLES") == 9 and g.sc("ESPLANADE") == 4
    assert [e[3] for e in g.events(K.EV_MEEPLE_IN)] == [9]


@pytest.mark.rule("HV-N14")
@pytest.mark.rule("HV-E01")
def test_with_the_robot_assistant_nine_meeples_return_at_the_end_of_the_round(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["robot-assistant"])
    g.set_sc("MEEPLES", 9)
    g.set_sc("ESPLANADE", 0)
    for a in ("sawmill-upper", "bushes-upper", "river-upper", "stream-upper"):
        g.st.occ[g.action(a), :] = 0
    g.st.occ[g.action("workshop-lower"), 0] = 1
    return_meeples(g.C, g.st)
    assert g.sc("ESPLANADE") == 9


@pytest.mark.rule("HV-N14")
def test_robot_assistant_discarded_takes_a_meeple_from_the_esplanade(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["robot-assistant", "telescope"])
    g.set_sc("MEEPLES", 9)
    g.set_sc("ESPLANADE", 3)
    for a in ("sawmill-upper", "bushes-upper", "river-upper"):
        g.st.occ[g.action(a), :] = 0
    g.script(0)                                       # destroy the Robot Assistant
    apply(g, K.DIE_WHITE, face(g, K.DIE_WHITE, "destroy-invention"))
    assert crafted(g) == inv(g, "telescope")
    assert g.sc("MEEPLES") == 8 and g.sc("ESPLANADE") == 2 and on_board(g) == 6
    assert g.st.decisions[K.D_ROBOT_REMOVE] == 0
    assert [e[3] for e in g.events(K.EV_MEEPLE_OUT)] == [8]


@pytest.mark.rule("HV-N14")
def test_robot_assistant_discarded_with_an_empty_esplanade_removes_a_meeple_on_an_action(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["robot-assistant", "telescope"])
    g.set_sc("MEEPLES", 9)
    g.set_sc("ESPLANADE", 0)
    spaces = [("stream-upper", 0), ("stream-upper", 1), ("sawmill-upper", 0), ("sawmill-upper", 1),
              ("bushes-upper", 0), ("bushes-upper", 1), ("river-upper", 0), ("river-upper", 1),
              ("workshop-lower", 0)]
    for a, s in spaces:
        g.st.occ[g.action(a), s] = 2
    # destroy the Robot Assistant (slot 0); the team removes the meeple of the River's
    # second space: option 7 of the occupied spaces in board order
    g.script(0, 7)
    apply(g, K.DIE_WHITE, face(g, K.DIE_WHITE, "destroy-invention"))
    assert g.st.decisions[K.D_ROBOT_REMOVE] == 1
    assert g.st.occ[g.action("river-upper"), 1] == -1
    assert on_board(g) == 8
    assert g.sc("MEEPLES") == 8 and g.sc("ESPLANADE") == 0
    return_meeples(g.C, g.st)
    assert g.sc("ESPLANADE") == 8                     # it left the game


@pytest.mark.rule("HV-N14")
@pytest.mark.rule("HV-I02")
def test_robot_assistant_discarded_for_the_limit_of_4_takes_its_meeple_back(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["log-cart"], crafted=["robot-assistant", "telescope", "toolbox", "shovel"])
    g.set_sc("MEEPLES", 9)
    g.set_sc("ESPLANADE", 5)
    for a in ("sawmill-upper", "bushes-upper"):
        g.st.occ[g.action(a), :] = 0
    set_stock(g, 1, 0, 0)                             # Log Cart 2 - Toolbox 1
    g.script(1, 0)                                    # craft the Log Cart; discard the Robot
    bonus(g)
    assert g.sc("MEEPLES") == 8 and g.sc("ESPLANADE") == 4
    assert meeples_accounted(g) == 8


# ---------------------------------------------------------------- Shovel (HV-N15)
@pytest.mark.rule("HV-N15")
def test_shovel_adds_one_resource_of_the_locations_type(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["shovel"])
    g.force_dice(HARMLESS_WHITE)
    place(g, "sawmill-lower")
    assert stock(g) == (0, 4, 0)


@pytest.mark.rule("HV-N15")
@pytest.mark.parametrize("pair_option,expected", [(0, (1, 1, 1)), (1, (1, 1, 1)), (2, (1, 1, 1))])
def test_shovel_at_the_stream_adds_the_third_type(cat, pair_option, expected):
    g = fresh(cat)
    set_inventions(g, crafted=["shovel"])
    prefill(g, "stream-upper")
    g.script(pair_option)                  # (berry, log), (berry, stone) or (log, stone)
    place(g, "stream-upper")
    assert stock(g) == expected
    assert g.st.decisions[K.D_GAIN_ONE] == 0          # the third type is forced


def test_shovel_acts_once_per_turn(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["shovel"])
    prefill(g, "river-upper")
    prefill(g, "bushes-upper")
    place(g, "river-upper")
    place(g, "bushes-upper")                          # same turn: no second extra
    assert stock(g) == (3, 0, 4)


def test_shovel_does_not_act_on_a_new_action_invention(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["shovel", "log-cart"])
    place_on_invention(g, 1)
    assert stock(g) == (0, 2, 0)


# ---------------------------------------------------------------- Rewind Spell (HV-N16)
@pytest.mark.rule("HV-N16")
@pytest.mark.rule("HV-E02")
def test_rewind_spell_puts_the_card_at_the_bottom_and_the_new_card_is_applied(cat):
    g = fresh(cat, azrael=SAWMILL)
    set_inventions(g, crafted=["rewind-spell", "telescope"])
    set_stock(g, 6, 2, 0)
    n = g.sc("GARG_N")
    below = [int(c) for c in g.st.garg_deck[: n - 2]]
    next_gargamel(g, "looting", "spoiled-berries")
    g.script(1)                                       # use the Rewind Spell
    end_of_round(g.R, g.C, g.st)
    assert stock(g) == (3, 2, 0)                      # Spoiled Berries, not Looting
    assert g.sc("GARG_TOP") == g.gargamel("spoiled-berries")
    assert g.sc("GARG_N") == n - 1
    assert [int(c) for c in g.st.garg_deck[: n - 1]] == [g.gargamel("looting")] + below
    assert crafted(g) == inv(g, "telescope")          # single use
    assert g.sc("AZRAEL") == SAWMILL                  # Spoiled Berries 1, Telescope -1
    assert [e[3] for e in g.events(K.EV_GARGAMEL)] == [g.gargamel("looting"), g.gargamel("spoiled-berries")]
    assert [e[3] for e in g.events(K.EV_REWIND)] == [g.gargamel("looting")]
    assert g.st.decisions[K.D_REWIND] == 1            # no second rewind: the new card stands


@pytest.mark.rule("HV-N16")
def test_rewind_spell_moves_azrael_by_the_new_cards_value(cat):
    g = fresh(cat, azrael=SAWMILL)
    set_inventions(g, crafted=["rewind-spell"])
    next_gargamel(g, "crumbling-stones", "looting")   # 0, then 2
    set_stock(g, 0, 0, 4)
    g.script(1)
    end_of_round(g.R, g.C, g.st)
    assert g.sc("AZRAEL") == RIVER
    assert stock(g) == (0, 0, 2)                      # Looting: 2 lost


@pytest.mark.rule("HV-N16")
def test_rewind_spell_kept_when_the_team_accepts_the_card(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["rewind-spell"])
    set_stock(g, 6, 0, 0)
    next_gargamel(g, "spoiled-berries", "looting")
    g.script(0)
    reveal_gargamel(g.R, g.C, g.st)
    assert g.st.decisions[K.D_REWIND] == 1            # offered, declined
    assert stock(g) == (3, 0, 0)
    assert crafted(g) == inv(g, "rewind-spell")
    assert g.events(K.EV_REWIND) == []


@pytest.mark.rule("HV-N16")
@pytest.mark.rule("HV-E02")
def test_a_rewound_lasting_card_has_no_effect(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["rewind-spell"])
    next_gargamel(g, "trapped-forest", "burned-plans")
    g.script(1)
    reveal_gargamel(g.R, g.C, g.st)
    assert int(np.abs(g.st.loc_mod).sum()) == 0
    assert g.action("dark-forest-upper") in placements(g)


# ---------------------------------------------------------------- Wardrobe (HV-N17)
@pytest.mark.rule("HV-N17")
@pytest.mark.rule("HV-L07")
def test_wardrobe_draws_a_second_lost_smurf_that_is_kept_and_is_not_a_second_rescue(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["wardrobe"])
    set_cakes(g, "welcome-cake")
    g.set_sc("PLAYED", g.card("poet-smurf"))
    set_stock(g, 1, 0, 0)
    prefill(g, "dark-forest-lower")
    forest = pile(g, S.P_FOREST)
    h0 = hand(g, 0)
    g.script(0)                                       # Poet: (berry, log), once
    place(g, "dark-forest-lower")
    assert hand(g, 0) == h0 + [forest[-1], forest[-2]]
    assert pile(g, S.P_FOREST) == forest[:-2]
    assert g.sc("N_RESCUES") == 1 and g.sc("RESCUES_ROUND") == 1
    assert g.st.cake_done[0] == 0                     # not 2 rescues
    assert stock(g) == (1, 1, 0)                      # paid 1 berry; Poet once
    assert g.st.decisions[K.D_OPTIONAL] == 0          # the second card is not optional


@pytest.mark.rule("HV-N17")
def test_wardrobe_does_not_act_on_freeing_a_nest_meeple(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["wardrobe"])
    g.set_sc("NEST", 1)
    g.set_sc("ESPLANADE", 7)
    set_stock(g, 1, 0, 0)
    prefill(g, "dark-forest-lower")
    forest = pile(g, S.P_FOREST)
    g.script(1)                                       # options: draw, free, both -> free
    place(g, "dark-forest-lower")
    assert pile(g, S.P_FOREST) == forest
    assert g.sc("NEST") == 0


# ---------------------------------------------------------------- new-action inventions
def test_smurfberry_press_spends_1_log_to_collect_3_smurfberries(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["smurfberry-press"])
    set_stock(g, 0, 2, 0)
    place_on_invention(g, 0)
    assert stock(g) == (3, 1, 0)
    assert g.st.inv_occ[0] == 1 and g.sc("ESPLANADE") == 7


def test_smurfberry_press_needs_a_log_in_the_stock(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["smurfberry-press"])
    set_stock(g, 5, 0, 5)
    assert K.N_ACTIONS not in placements(g)
    set_stock(g, 5, 1, 5)
    assert K.N_ACTIONS in placements(g)


def test_log_cart_collects_2_logs(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["log-cart"])
    set_stock(g, 1, 1, 1)
    place_on_invention(g, 0)
    assert stock(g) == (1, 3, 1)


def test_stone_crusher_collects_2_stones(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["stone-crusher"])
    set_stock(g, 1, 1, 1)
    place_on_invention(g, 0)
    assert stock(g) == (1, 1, 3)


@pytest.mark.parametrize("start,end", [(SAWMILL, BUSHES), (CONSTRUCTION, DARK_FOREST)])
def test_lookout_tower_moves_azrael_one_location_forward(cat, start, end):
    g = fresh(cat, azrael=start)
    set_inventions(g, crafted=["lookout-tower"])
    place_on_invention(g, 0)
    assert g.sc("AZRAEL") == end
    assert [(e[3], e[4]) for e in g.events(K.EV_AZRAEL)] == [(start, end)]
    assert g.events(K.EV_ROLL) == []                  # no Azrael die: not a location


def test_mail_bird_draws_1_card_from_the_smurf_deck(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["mail-bird"])
    d = pile(g, S.P_DECK)
    h1 = hand(g, 1)
    place_on_invention(g, 0, p=1)
    assert hand(g, 1) == h1 + [d[-1]]                 # may exceed the hand size (HV-T06)
    assert pile(g, S.P_DECK) == d[:-1]


@pytest.mark.rule("HV-K02")
def test_a_new_action_invention_is_a_non_dangerous_action_that_breaks_a_danger_streak(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["log-cart"])
    g.set_sc("DANGER_STREAK", 3)
    place_on_invention(g, 0)
    assert g.sc("DANGER_STREAK") == 0


# ---------------------------------------------------------------- Scaffolding
def _one_house_left(g, roof_id):
    """Every house built but house 0, which has roof `roof_id`."""
    roof = [r["id"] for r in g.cat.roofs].index(roof_id)
    g.st.house_roof[0] = roof
    g.st.house_built[: g.sc("N_HOUSES")] = 1
    g.st.house_built[0] = 0


def test_scaffolding_makes_a_house_cost_1_log_less(cat):
    g = fresh(cat)
    _one_house_left(g, "roof-1")                      # 2 logs, 1 stone
    set_stock(g, 0, 1, 1)
    assert g.action("construction-site-upper") not in placements(g)
    set_inventions(g, crafted=["scaffolding"])
    assert g.action("construction-site-upper") in placements(g)
    place(g, "construction-site-upper")               # then relocate nobody (option 0)
    assert g.st.house_built[0] == 1
    assert stock(g) == (0, 0, 0)
    assert sorted((e[3], e[4]) for e in g.events(K.EV_PAY)) == [(L, 1), (ST, 1)]


def test_scaffolding_takes_the_only_log_off_a_roof(cat):
    g = fresh(cat)
    _one_house_left(g, "roof-8")                      # 1 berry, 1 log, 2 stones
    set_inventions(g, crafted=["scaffolding"])
    set_stock(g, 1, 0, 2)
    place(g, "construction-site-upper")
    assert g.st.house_built[0] == 1 and stock(g) == (0, 0, 0)


# ---------------------------------------------------------------- Lucky Charm
@pytest.mark.rule("HV-I05")
def test_lucky_charm_ignores_a_danger_die_result_and_is_discarded(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["lucky-charm", "telescope"])
    set_stock(g, 2, 0, 0)
    g.force_dice(face(g, K.DIE_WHITE, "shortage", 1))
    g.script(1)
    place(g, "bushes-lower")
    assert stock(g) == (5, 0, 0)
    assert crafted(g) == inv(g, "telescope")
    assert [(e[3], e[4]) for e in g.events(K.EV_INV_DISCARD)] == [(g.invention("lucky-charm"), 3)]
    assert g.sc("N_INV_USED") == 1


def test_lucky_charm_may_be_kept_for_later(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["lucky-charm"])
    set_stock(g, 2, 0, 0)
    g.force_dice(face(g, K.DIE_WHITE, "shortage", 1))
    g.script(0)                                       # apply the result
    place(g, "bushes-lower")
    assert g.st.decisions[K.D_IGNORE_DANGER] == 1     # offered, declined
    assert stock(g) == (4, 0, 0)
    assert crafted(g) == inv(g, "lucky-charm")


@pytest.mark.rule("HV-N12")
def test_lucky_charm_does_not_work_for_the_azrael_die(cat):
    g = fresh(cat, azrael=BUSHES)
    set_inventions(g, crafted=["lucky-charm"])
    set_stock(g, 1, 0, 0)
    g.force_dice(face(g, K.DIE_AZRAEL, "shortage", 1))
    place(g, "bushes-upper")
    assert stock(g) == (0, 0, 0)
    assert crafted(g) == inv(g, "lucky-charm")


# ---------------------------------------------------------------- single-use bonus actions
@pytest.mark.parametrize("r", [B, L, ST])
def test_weather_vane_collects_1_resource_of_choice(cat, r):
    g = fresh(cat)
    set_inventions(g, crafted=["weather-vane"])
    set_stock(g, 1, 1, 1)
    use_only_single_use(g, r)
    expected = [1, 1, 1]
    expected[r] += 1
    assert stock(g) == tuple(expected)
    assert crafted(g) == []


@pytest.mark.parametrize("r", [B, L, ST])
def test_wheelbarrow_collects_3_resources_of_one_type_of_choice(cat, r):
    g = fresh(cat)
    set_inventions(g, crafted=["wheelbarrow"])
    use_only_single_use(g, r)
    expected = [0, 0, 0]
    expected[r] = 3
    assert stock(g) == tuple(expected)
    assert g.st.decisions[K.D_GAIN_ONE] == 1          # one choice for all 3
    assert crafted(g) == []


@pytest.mark.parametrize("to", [DARK_FOREST, SAWMILL, CONSTRUCTION])
def test_catnip_trap_moves_azrael_to_the_location_of_choice(cat, to):
    g = fresh(cat, azrael=RIVER)
    set_inventions(g, crafted=["catnip-trap"])
    use_only_single_use(g, to)
    assert g.sc("AZRAEL") == to
    assert [(e[3], e[4]) for e in g.events(K.EV_AZRAEL)] == [(RIVER, to)]
    assert crafted(g) == []


def test_blueprint_reveals_3_invention_cards_into_the_ideas_zone(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["log-cart"], crafted=["blueprint"],
                   top=["telescope", "shovel", "wardrobe"])
    set_stock(g, 0, 0, 0)
    n_deck = g.st.inv_n[S.I_DECK]
    use_only_single_use(g)
    assert ideas(g) == inv(g, "log-cart", "telescope", "shovel", "wardrobe")
    assert g.st.inv_n[S.I_DECK] == n_deck - 3
    assert crafted(g) == []


def test_magic_potion_prepares_a_cake_of_choice_whose_prerequisite_is_not_met(cat):
    g = fresh(cat)
    set_cakes(g, "smurfberry-pie", "daredevil-cake", "housewarming-cake")
    g.st.cake_done[0] = 1
    set_inventions(g, crafted=["magic-potion"])
    use_only_single_use(g, 1)                         # options: cakes 1, 2 -> the Housewarming
    assert list(g.st.cake_done[:3]) == [1, 0, 1]
    assert [e[3] for e in g.events(K.EV_CAKE)] == [g.cake_card("housewarming-cake")]
    assert crafted(g) == []


@pytest.mark.rule("HV-G01")
def test_magic_potion_preparing_the_last_cake_wins_at_once(cat):
    g = fresh(cat)
    set_cakes(g, "smurfberry-pie", "daredevil-cake")
    g.st.cake_done[0] = 1
    g.st.pile_n[S.P_FOREST] = 0
    g.st.house_built[: g.sc("N_HOUSES")] = 1
    set_inventions(g, crafted=["magic-potion"])
    use_only_single_use(g)
    assert list(g.st.cake_done[:2]) == [1, 1]
    assert g.sc("OUTCOME") == K.WIN


@pytest.mark.rule("HV-G01")
@pytest.mark.rule("HV-N13")
def test_recruitment_plan_drawing_the_last_lost_smurf_empties_the_dark_forest(cat):
    """Not a rescue for other effects, but the Dark Forest deck is empty: the objective holds."""
    g = fresh(cat)
    set_cakes(g, "smurfberry-pie")
    g.st.cake_done[0] = 1
    g.st.house_built[: g.sc("N_HOUSES")] = 1
    last = pile(g, S.P_FOREST)[0]
    g.st.pile_n[S.P_FOREST] = 1
    set_inventions(g, crafted=["recruitment-plan"])
    use_only_single_use(g)
    assert hand(g, 0)[-1] == last
    assert g.sc("OUTCOME") == K.WIN


# ---------------------------------------------------------------- Storage Barn
@pytest.mark.parametrize("die,result_amount,lost", [
    (K.DIE_WHITE, 1, 0), (K.DIE_RED, 2, 1), (K.DIE_RED, 1, 0), (K.DIE_AZRAEL, 1, 0)])
def test_storage_barn_makes_a_shortage_lose_1_resource_fewer(cat, die, result_amount, lost):
    g = fresh(cat)
    set_inventions(g, crafted=["storage-barn"])
    set_stock(g, 3, 3, 3)
    apply(g, die, face(g, die, "shortage", result_amount))
    assert sum(stock(g)) == 9 - lost


def test_storage_barn_does_not_reduce_a_gargamel_loss(cat):
    """Looting is Gargamel's, not a die's Shortage."""
    g = fresh(cat)
    set_inventions(g, crafted=["storage-barn"])
    set_stock(g, 3, 0, 0)
    next_gargamel(g, "looting")
    reveal_gargamel(g.R, g.C, g.st)
    assert stock(g) == (1, 0, 0)


# ---------------------------------------------------------------- Bird Scarer
def test_bird_scarer_the_cracoucass_attack_discards_no_card(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["bird-scarer"])
    hands = [hand(g, p) for p in range(3)]
    g.st.hand[1, g.st.hand_n[1]] = pile(g, S.P_FOREST)[-1]   # a positive Smurf in a hand
    g.st.hand_n[1] += 1
    g.st.pile_n[S.P_FOREST] -= 1
    hands[1] = hand(g, 1)
    apply(g, K.DIE_WHITE, face(g, K.DIE_WHITE, "cracoucass"))
    assert g.sc("NEST") == 1 and g.sc("ESPLANADE") == 7     # the meeple is still taken
    assert [hand(g, p) for p in range(3)] == hands
    assert pile(g, S.P_DISCARD) == []
    assert g.st.decisions[K.D_CRACOUCASS_DISCARD] == 0


# ---------------------------------------------------------------- Toolbox
@pytest.mark.parametrize("idea,paid", [("lookout-tower", 2), ("log-cart", 1), ("telescope", 0)])
def test_toolbox_makes_crafting_cost_1_smurfberry_less(cat, idea, paid):
    g = fresh(cat)
    set_inventions(g, ideas=[idea], crafted=["toolbox"])
    set_stock(g, 3, 0, 0)
    g.script(1)
    bonus(g)
    assert sorted(crafted(g)) == sorted(inv(g, "toolbox", idea))
    assert stock(g) == (3 - paid, 0, 0)
    assert [e[4] for e in g.events(K.EV_CRAFT)] == [paid]


def test_toolbox_lets_the_team_craft_an_idea_one_smurfberry_short(cat):
    g = fresh(cat)
    set_inventions(g, ideas=["lookout-tower"], crafted=["toolbox"])
    set_stock(g, 2, 0, 0)
    g.script(1)
    bonus(g)
    assert g.invention("lookout-tower") in crafted(g) and stock(g) == (0, 0, 0)


# ---------------------------------------------------------------- Telescope
@pytest.mark.parametrize("card,steps", [("looting", 1), ("spoiled-berries", 0), ("burned-plans", 0)])
def test_telescope_azrael_moves_1_location_less_at_the_end_of_the_round(cat, card, steps):
    g = fresh(cat, azrael=SAWMILL)
    set_inventions(g, crafted=["telescope"])
    next_gargamel(g, card)
    end_of_round(g.R, g.C, g.st)
    assert g.sc("AZRAEL") == SAWMILL + steps


def test_telescope_does_not_slow_azrael_moved_by_a_die(cat):
    g = fresh(cat, azrael=SAWMILL)
    set_inventions(g, crafted=["telescope"])
    apply(g, K.DIE_WHITE, face(g, K.DIE_WHITE, "azrael", 1))
    assert g.sc("AZRAEL") == BUSHES


# ---------------------------------------------------------------- Sturdy Roof
def test_sturdy_roof_gargamel_cannot_destroy_a_house(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["sturdy-roof"])
    g.st.house_built[:3] = 1
    next_gargamel(g, "wrecking-spell")
    reveal_gargamel(g.R, g.C, g.st)
    assert list(g.st.house_built[:4]) == [1, 1, 1, 0]
    assert g.events(K.EV_HOUSE_DESTROYED) == []


@pytest.mark.rule("HV-N18")
def test_sturdy_roof_fit_of_rage_costs_resources_instead(cat):
    g = fresh(cat)
    set_inventions(g, crafted=["sturdy-roof"])
    g.st.house_built[:2] = 1
    set_stock(g, 1, 1, 0)
    next_gargamel(g, "fit-of-rage")
    reveal_gargamel(g.R, g.C, g.st)
    assert list(g.st.house_built[:2]) == [1, 1]
    assert stock(g) == (0, 0, 0)                      # as many as possible
