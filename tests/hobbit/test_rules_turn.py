"""Scenario tests of the Hobbit deck-builder's set-up (HB-S*), zones (HB-Z02), turn (HB-T*),
cards and combat (HB-C*), heroes (HB-H*), the end (HB-E*) and the second chapter alone
(HB-X01): a game set up by the kernels, zones built by hand with named cards (scenario.py), one
step run, the outcome checked, and the box kept whole."""
import collections
import shutil

import pytest

from simcore.errors import UserError
from simcore.games.hobbit import catalog as CAT_
from simcore.games.hobbit import consts as K
from simcore.games.hobbit import effects as FX
from simcore.games.hobbit import game as G
from simcore.games.hobbit import state as S
from simcore.games.hobbit import tables as T
from simcore.games.hobbit import turn as TU
from simcore.games.hobbit import zones as Z
from simcore.games.hobbit.config import make_config

from .scenario import (CAT, clear_events, events, game, kind, path, pile, script, set_path,
                       set_pile, set_zone, zone)
from .test_rules_cards import clear, new, ok, play


def ids_of(cards):
    return collections.Counter(cards)


# ------------------------------------------------------------------ set-up
@pytest.mark.rule("HB-S01")
def test_two_to_five_players_each_with_a_hero_dealt_or_named():
    for bad in (1, 6):
        with pytest.raises(UserError):
            make_config(CAT, players=bad)
    for players in (2, 3, 4, 5):
        _, R, cfg, st = game(players=players, seed=players)
        heroes = st.pl[:players, S.P_HERO].tolist()
        assert len(set(heroes)) == players                   # one hero each, none twice
    _, R, cfg, st = game(players=3, heroes="bombur,random,tauriel")
    assert CAT.heroes[st.pl[0, S.P_HERO]] == "bombur" and CAT.heroes[st.pl[2, S.P_HERO]] == "tauriel"
    assert CAT.heroes[st.pl[1, S.P_HERO]] not in ("bombur", "tauriel")
    _, R, cfg, st = game(players=5, pool="auj")
    assert all(R.hero[h, T.HR_SET] == 0 for h in st.pl[:5, S.P_HERO])


@pytest.mark.rule("HB-S02")
def test_each_player_starts_with_seven_courage_three_despair_and_draws_five():
    _, R, cfg, st = game(players=4)
    for p in range(4):
        cards = zone(st, p, "hand") + zone(st, p, "deck")
        assert ids_of(cards) == {"courage": 7, "despair": 3}
        assert len(zone(st, p, "hand")) == 5
    assert st.zn[4].sum() == 0                                # no fifth player
    ok(st, R)


@pytest.mark.rule("HB-S03")
@pytest.mark.rule("HB-S04")
def test_the_path_is_dealt_five_from_the_shuffled_main_deck_beside_valor_and_corruption():
    _, R, cfg, st = game(players=3)
    assert all(c is not None for c in path(st)[:5]) and all(c is None for c in path(st)[5:])
    assert st.sc[S.S_MAIN_N] == 112 - 5
    assert pile(st, "valor") == ["valor"] * 16 and pile(st, "corr") == ["corruption"] * 15
    other = game(players=3, seed=2)[3]
    assert pile(st, "main") != pile(other, "main")            # shuffled per game


@pytest.mark.rule("HB-S05")
@pytest.mark.rule("HB-S06")
@pytest.mark.rule("HB-S07")
@pytest.mark.parametrize("knob,at", [(None, None), ("one-ring=first", -1), ("one-ring=last", 0)])
def test_the_one_ring_lies_among_great_goblins_level_2_loot_as_the_knob_says(knob, at):
    cat = CAT_.load_catalog(assume=[knob]) if knob else None
    places = set()
    for seed in range(1, 13):
        _, R, cfg, st = game(players=2, seed=seed, cat=cat)
        arch = pile(st, "arch")                 # bottom first: Azog, 3 Loot, Great Goblin, ...
        under = arch[1:4]
        assert arch[4] == "great-goblin" and "the-one-ring" in under
        places.add(under.index("the-one-ring"))
    assert places == ({0, 1, 2} if at is None else {at % 3})


@pytest.mark.rule("HB-S07")
def test_the_archenemies_stand_in_story_order_with_their_loot_under_them():
    seen1, seen2 = set(), set()
    for seed in range(1, 9):
        _, R, cfg, st = game(players=2, seed=seed)
        arch = pile(st, "arch")                              # bottom first
        assert arch[0] == "azog" and arch[4] == "great-goblin" and arch[-1] == "the-trolls"
        loot2, loot1 = arch[1:4], arch[5:7]
        assert "the-one-ring" in loot2
        assert all(R.card[kind(c), T.C_SET] == K.SET_LOOT2 for c in loot2 if c != "the-one-ring")
        assert all(R.card[kind(c), T.C_SET] == K.SET_LOOT1 for c in loot1) and len(set(loot1)) == 2
        seen1 |= set(loot1)
        seen2 |= set(loot2)
        unused = [c for c in pile(st, "box") if R.card[kind(c), T.C_SET] in (K.SET_LOOT1, K.SET_LOOT2)]
        assert len(unused) == 4                              # two of each level stay boxed
    assert len(seen1) > 2 and len(seen2) > 3                 # at random


@pytest.mark.rule("HB-S08")
def test_seat_zero_plays_first_and_play_passes_left():
    cat, R, cfg, st = game(players=3)
    st.sid[:] = 0
    G.play_game(R, cfg, st)
    turns = [e[2] for e in events(st, K.EV_TURN)][:7]
    assert turns == [0, 1, 2, 0, 1, 2, 0]


# ------------------------------------------------------------------ zones
@pytest.mark.rule("HB-Z02")
def test_an_empty_deck_is_the_shuffled_discard_pile_and_nothing_more_once_both_are_empty():
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "discard", ["valor", "courage", "stealth"])
    assert Z.draw(st, 0, 2) == 2
    assert len(zone(st, 0, "deck")) == 1 and zone(st, 0, "discard") == []
    assert Z.draw(st, 0, 5) == 1 and len(zone(st, 0, "hand")) == 3
    ok(st, R)


# ------------------------------------------------------------------ the turn
@pytest.mark.rule("HB-T01")
def test_a_turn_plays_the_hand_for_power_then_buys():
    R, cfg, st = new(heroes="beorn,kili")
    clear(st, 0)
    set_zone(st, 0, "hand", ["courage", "courage", "valor"])
    set_path(st, ["elven-blade", "stealth", "lindir", "warg", "ori"])
    script(st, 0, [0, 0, 0])                                 # play the first card each time
    TU.play_hand(R, cfg, st, 0)
    assert st.sc[S.S_POWER] == 4 and zone(st, 0, "hand") == []
    assert sorted(zone(st, 0, "played")) == ["courage", "courage", "valor"]
    # options: the slots it affords (stealth 2, lindir 2, warg 3, ori 3), Valor 3, end
    script(st, 0, [0, 1])                                    # stealth; then (lindir, end): end
    TU.buy_phase(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["stealth"] and st.sc[S.S_POWER] == 2
    ok(st, R)


@pytest.mark.rule("HB-T01")
@pytest.mark.parametrize("knob", [None, "play-after-buy=strict"])
def test_a_card_drawn_while_buying_is_played_and_its_power_spent(knob):
    cat = CAT_.load_catalog(assume=[knob]) if knob else None
    R, cfg, st = new(heroes="gandalf,kili", cat=cat)    # Gandalf: a 6-cost gain draws 1
    clear(st, 0)
    set_zone(st, 0, "hand", ["courage"] * 6, cat=cat)
    set_zone(st, 0, "deck", ["valor"], cat=cat)
    set_path(st, ["elrond", None, None, None, None], cat=cat)        # cost 6
    # every decision takes its first option: play each card; buy Elrond (6 of 6 Power), which
    # draws the Valor; then end buying
    TU.main_phase(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["elrond"]
    if knob is None:                            # the Valor is played: +2 Power to spend
        assert zone(st, 0, "hand") == [] and "valor" in zone(st, 0, "played")
        assert st.sc[S.S_POWER] == 2
    else:                                       # play, then buy, then end: it stays in the hand
        assert zone(st, 0, "hand") == ["valor"] and st.sc[S.S_POWER] == 0
    ok(st, R)


@pytest.mark.rule("HB-T02")
@pytest.mark.rule("HB-T04")
@pytest.mark.rule("HB-T09")
def test_the_end_of_a_turn_discards_hand_and_played_loses_power_and_draws_five():
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "hand", ["despair"])
    set_zone(st, 0, "played", ["courage", "valor"])
    set_zone(st, 0, "deck", ["courage"] * 6)
    st.sc[S.S_POWER] = 3
    TU.end_turn(R, cfg, st, 0)
    assert sorted(zone(st, 0, "discard")) == ["courage", "despair", "valor"]
    assert zone(st, 0, "played") == [] and st.sc[S.S_POWER] == 0
    assert zone(st, 0, "hand") == ["courage"] * 5 and zone(st, 0, "deck") == ["courage"]
    ok(st, R)


@pytest.mark.rule("HB-T03")
def test_end_of_turn_effects_resolve_after_the_hand_is_discarded():
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "hand", ["despair"])
    set_zone(st, 0, "played", ["walking-stick"])             # end-turn destroy 1
    set_zone(st, 0, "deck", ["courage"] * 5)
    script(st, 0, [0])                                       # destroy the first: the Despair
    TU.end_turn(R, cfg, st, 0)
    assert "despair" in pile(st, "destroyed_auj")
    assert zone(st, 0, "discard") == ["walking-stick"]
    ok(st, R)
    # after step 2, before step 4: the hand is already in the discard pile (after what was
    # there: the first option is the Courage), the cards played are not yet (no Valor offered)
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "hand", ["despair"])
    set_zone(st, 0, "discard", ["courage"])
    set_zone(st, 0, "played", ["walking-stick", "valor"])
    set_zone(st, 0, "deck", ["courage"] * 5)
    script(st, 0, [0])
    TU.end_turn(R, cfg, st, 0)
    assert pile(st, "destroyed_auj").count("courage") >= 1
    assert sorted(zone(st, 0, "discard")) == ["despair", "valor", "walking-stick"]
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "played", ["walking-stick", "valor"])    # hand and discard empty
    set_zone(st, 0, "deck", ["courage"] * 5)
    script(st, 0, [0])
    TU.end_turn(R, cfg, st, 0)
    assert sorted(zone(st, 0, "discard")) == ["valor", "walking-stick"]  # nothing to destroy
    ok(st, R)


@pytest.mark.rule("HB-T05")
def test_a_buy_pays_its_cost_to_the_discard_pile_and_defeats_may_repeat():
    R, cfg, st = new()
    clear(st, 0)
    st.sc[S.S_POWER] = 20
    trolls = R.card[kind("the-trolls"), T.C_COST]
    set_path(st, ["lindir", None, None, None, None])
    # options: lindir, Valor, fight, end: fight twice (two Loot under The Trolls), then end
    script(st, 0, [2, 2, 2])
    TU.buy_phase(R, cfg, st, 0)
    assert st.sc[S.S_POWER] == 20 - 2 * trolls
    assert all(R.card[kind(c), T.C_SET] == K.SET_LOOT1 for c in zone(st, 0, "discard"))
    assert len(zone(st, 0, "discard")) == 2
    cat = CAT_.load_catalog(assume=["fights=one-per-turn"])
    R1, cfg1, st1 = new(cat=cat)
    st1.sc[S.S_POWER] = 20
    TU.fight(R1, cfg1, st1, 0)
    assert not TU.can_fight(R1, st1)


@pytest.mark.rule("HB-T06")
def test_a_bought_slot_stays_empty_until_the_end_of_the_turn():
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "deck", ["courage"] * 5)
    set_path(st, ["lindir", "ori", "warg", "stealth", "dori"])
    st.sc[S.S_POWER] = 2
    script(st, 0, [0, 1])                                    # lindir, then end
    TU.buy_phase(R, cfg, st, 0)
    assert path(st)[0] is None
    TU.end_turn(R, cfg, st, 0)
    assert path(st)[0] is not None
    ok(st, R)


@pytest.mark.rule("HB-T07")
def test_a_group_ambush_is_due_after_a_defeat_for_loot_and_hits_from_the_next_player():
    R, cfg, st = new(players=3, heroes="bard,kili,beorn")
    for p in range(3):
        clear(st, p)
        set_zone(st, p, "deck", ["courage"] * 6)
    st.sc[S.S_POWER] = 20
    TU.fight(R, cfg, st, 0)                                  # The Trolls, for a Loot
    assert st.sc[S.S_GROUP_DUE] == 1
    TU.end_turn(R, cfg, st, 0)
    hits = [e[4] for e in events(st, K.EV_GROUP)]
    assert hits == [1, 2, 0]                                 # the next player first
    n = len(events(st, K.EV_GROUP))
    TU.end_turn(R, cfg, st, 1)                               # nothing defeated: none due
    assert len(events(st, K.EV_GROUP)) == n
    cat = CAT_.load_catalog(assume=["group-ambush=every-turn"])
    R2, cfg2, st2 = new(players=3, cat=cat, heroes="bard,kili,beorn")
    TU.end_turn(R2, cfg2, st2, 0)
    assert len(events(st2, K.EV_GROUP)) == 3


@pytest.mark.rule("HB-T07")
@pytest.mark.parametrize("knob", [None, "group-ambush=not-at-start"])
def test_the_trolls_at_set_up_and_smaug_the_magnificent_at_the_chapter_change_are_due(knob):
    cat = CAT_.load_catalog(assume=[knob]) if knob else None
    due = 1 if knob is None else 0
    _, R, cfg, st = game(players=2, cat=cat)
    assert pile(st, "arch")[-1] == "the-trolls" and st.sc[S.S_GROUP_DUE] == due
    clear_events(st)
    TU.end_turn(R, cfg, st, 0)                  # The Trolls' Group Ambush (discard 1), from seat 1
    hits = [(e[2], e[3]) for e in events(st, K.EV_GROUP)]
    assert hits == ([(1, kind("the-trolls")), (0, kind("the-trolls"))] if due else [])
    assert st.sc[S.S_GROUP_DUE] == 0
    set_pile(st, "arch", [], cat=cat)           # Azog fell: the stack is empty
    TU.chapter_change(R, cfg, st, 0)            # step 9: Smaug the Magnificent on top
    assert pile(st, "arch")[-1] == "smaug-the-magnificent" and st.sc[S.S_GROUP_DUE] == due
    ok(st, R)


@pytest.mark.rule("HB-T08")
def test_a_zero_vp_archenemy_with_no_loot_left_is_removed_at_the_end_of_the_turn():
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "deck", ["courage"] * 5)
    st.sc[S.S_POWER] = 30
    TU.fight(R, cfg, st, 0)
    TU.fight(R, cfg, st, 0)                                  # both Loot taken
    assert pile(st, "arch")[-1] == "the-trolls" and not TU.can_fight(R, st)
    TU.end_turn(R, cfg, st, 0)
    assert pile(st, "removed") == ["the-trolls"] and pile(st, "arch")[-1] != "the-trolls"
    ok(st, R)


@pytest.mark.rule("HB-T10")
def test_an_ambush_entering_the_path_hits_the_next_player_at_the_start_of_his_turn():
    R, cfg, st = new(heroes="bard,kili")
    clear(st, 0)
    clear(st, 1)
    set_zone(st, 0, "deck", ["courage"] * 5)
    set_zone(st, 1, "hand", ["courage", "despair"])
    set_path(st, [None, "lindir", "ori", "dori", "nori"])
    set_pile(st, "main", ["warg"])                           # ambush discard 1
    script(st, 1, [1])                                       # he discards the Despair
    TU.end_turn(R, cfg, st, 0)
    assert path(st)[0] == "warg" and events(st, K.EV_AMBUSH) == []
    TU.start_turn(R, cfg, st, 1)
    assert [e[4] for e in events(st, K.EV_AMBUSH)] == [1]
    assert zone(st, 1, "discard") == ["despair"] and zone(st, 1, "hand") == ["courage"]
    ok(st, R)


# ------------------------------------------------------------------ cards and combat
@pytest.mark.rule("HB-C01")
def test_every_card_has_a_type_a_cost_vp_and_rows_of_the_vocabulary():
    R = CAT.rules
    for k in range(R.card.shape[0]):
        assert R.card[k, T.C_TYPE] in K.TYPE_NAMES and R.card[k, T.C_COST] >= 0
        for r in range(R.card[k, T.C_NFX]):
            assert R.fx[k, r, T.FX_TRIG] in K.TRIGGER_NAMES and R.fx[k, r, T.FX_OP] in K.OP_NAMES


@pytest.mark.rule("HB-C02")
def test_a_defeat_gains_the_loot_under_an_archenemy_else_the_archenemy():
    R, cfg, st = new()
    clear(st, 0)
    set_pile(st, "arch", ["azog", "the-one-ring", "great-goblin"])
    st.sc[S.S_POWER] = 50
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["the-one-ring"] and pile(st, "arch") == ["azog", "great-goblin"]
    st.sc[S.S_ARCH_N] -= 1                                   # Great Goblin gone: Azog on top
    Z.spush(st.removed, st.sc, S.S_REMOVED_N, kind("great-goblin"))
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["the-one-ring", "azog"] and st.sc[S.S_AZOG_FELL] == 1
    ok(st, R)


@pytest.mark.rule("HB-C03")
def test_a_corruption_comes_off_the_top_of_its_stack_and_none_once_it_is_empty():
    R, cfg, st = new()
    clear(st, 0)
    set_pile(st, "corr", ["corruption", "corruption"])
    FX.gain_corruption(R, st, 0, 3)
    assert zone(st, 0, "discard") == ["corruption"] * 2 and pile(st, "corr") == []
    assert st.pl[0, S.P_CORRUPTIONS] == 2
    ok(st, R)


@pytest.mark.rule("HB-C04")
def test_an_attack_hits_each_opponent_unless_he_discards_a_defense():
    R, cfg, st = new(players=3, heroes="bard,kili,beorn")
    for p in range(3):
        clear(st, p)
    set_zone(st, 0, "hand", ["hunter-orc"])                  # attack corrupt 1
    set_zone(st, 1, "hand", ["stealth", "courage"])          # defends
    set_zone(st, 1, "deck", ["despair"])
    set_zone(st, 2, "hand", ["courage"])                     # cannot
    script(st, 0, [0])
    script(st, 1, [0])
    play(R, cfg, st, 0, "hunter-orc")
    assert zone(st, 1, "discard") == ["stealth"] and "despair" in zone(st, 1, "hand")
    assert zone(st, 2, "discard") == ["corruption"]
    assert [e[5] for e in events(st, K.EV_ATTACK)] == [1, 0]
    ok(st, R)


@pytest.mark.rule("HB-C05")
def test_a_location_stays_in_front_of_its_owner_and_acts_on_later_turns():
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "hand", ["the-shire"])                   # first-power 1 ally
    set_zone(st, 0, "deck", ["courage"] * 3 + ["lindir"] * 2)
    play(R, cfg, st, 0, "the-shire")
    TU.end_turn(R, cfg, st, 0)
    assert zone(st, 0, "locations") == ["the-shire"] and "the-shire" not in zone(st, 0, "discard")
    TU.start_turn(R, cfg, st, 0)
    set_zone(st, 0, "deck", ["courage"] * 3)
    play(R, cfg, st, 0, "lindir")
    assert st.sc[S.S_POWER] == 1                              # the first Ally: +1
    play(R, cfg, st, 0, "lindir")
    assert st.sc[S.S_POWER] == 1                              # only the first
    cat = CAT_.load_catalog(assume=["locations=discarded"])
    R2, cfg2, st2 = new(cat=cat)
    clear(st2, 0)
    set_zone(st2, 0, "hand", ["the-shire"], cat)
    play(R2, cfg2, st2, 0, "the-shire")
    assert zone(st2, 0, "played") == ["the-shire"]


@pytest.mark.rule("HB-C06")
def test_a_destroyed_card_goes_to_its_own_chapters_destroyed_pile():
    R, cfg, st = new()
    clear(st, 0)
    set_pile(st, "destroyed_auj", [])
    set_pile(st, "destroyed_dos", [])
    set_zone(st, 0, "hand", ["despair", "barrel-of-fun"])
    script(st, 0, [0, 0])
    FX.apply_op(R, cfg, st, 0, -1, K.OP_DESTROY, 2, 0, 1)
    assert pile(st, "destroyed_auj") == ["despair"] and pile(st, "destroyed_dos") == ["barrel-of-fun"]
    ok(st, R)


@pytest.mark.rule("HB-C07")
def test_a_defense_avoids_an_ambush_unless_the_knob_says_attacks_only():
    for assume, avoided in ((None, True), ("defense-ambush=attacks-only", False)):
        cat = CAT_.load_catalog(assume=[assume]) if assume else CAT
        R, cfg, st = new(cat=cat, heroes="bard,kili")
        clear(st, 1)
        set_zone(st, 1, "hand", ["stealth", "courage"], cat)
        set_zone(st, 1, "deck", ["despair"], cat)
        script(st, 1, [0] if avoided else [1])  # defend with Stealth; unasked: discard the Courage
        FX.ambush(R, cfg, st, 1, kind("warg"))
        assert events(st, K.EV_AMBUSH)[-1][5] == int(avoided)
        assert zone(st, 1, "discard") == (["stealth"] if avoided else ["courage"])


@pytest.mark.rule("HB-C08")
def test_valor_costs_three_for_two_power_and_one_vp_and_a_corruption_takes_one():
    R = CAT.rules
    v, c = kind("valor"), kind("corruption")
    assert (R.card[v, T.C_COST], R.card[v, T.C_VP], R.card[c, T.C_VP]) == (3, 1, -1)
    assert (R.fx[v, 0, T.FX_OP], R.fx[v, 0, T.FX_A]) == (K.OP_POWER, 2)


# ------------------------------------------------------------------ heroes
@pytest.mark.rule("HB-C01")
def test_bofurs_stash_start_stashes_only_while_his_stash_is_below_its_cap():
    R, cfg, st = new(heroes="bofur,kili")                    # stash-start 2
    assert tuple(R.hfx[CAT.heroes.index("bofur"), 0, 1:3]) == (K.OP_STASH_START, 2)
    clear(st, 0)
    set_zone(st, 0, "hand", ["valor", "courage"])
    set_zone(st, 0, "stash", ["despair"])
    script(st, 0, [0])                                       # Stash the first card offered
    TU.start_turn(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["despair", "valor"] and zone(st, 0, "hand") == ["courage"]
    asked = st.ctl[S.H_ASKED]
    TU.start_turn(R, cfg, st, 0)                             # two in the Stash: no more
    assert st.ctl[S.H_ASKED] == asked
    assert zone(st, 0, "stash") == ["despair", "valor"] and zone(st, 0, "hand") == ["courage"]
    ok(st, R)


@pytest.mark.rule("HB-H01")
def test_bombur_draws_one_more_off_a_card_he_plays_not_off_a_locations_end_draw():
    R, cfg, st = new(heroes="bombur,kili")
    clear(st, 0)
    set_zone(st, 0, "hand", ["lindir", "ori"])               # both draw 1
    set_zone(st, 0, "deck", ["courage"] * 10)
    play(R, cfg, st, 0, "lindir")
    assert len(zone(st, 0, "hand")) == 1 + 2                 # ori + 1 + Bombur's 1
    play(R, cfg, st, 0, "ori")
    assert len(zone(st, 0, "hand")) == 2 + 1                 # the first time only
    clear(st, 0)
    set_zone(st, 0, "locations", ["bag-end"])                # end-draw 1
    set_zone(st, 0, "deck", ["courage"] * 10)
    st.pl[0, S.P_DREW] = 0
    TU.end_turn(R, cfg, st, 0)
    assert len(zone(st, 0, "hand")) == 6                     # 5 + 1, none for Bombur
    ok(st, R)


@pytest.mark.rule("HB-H01")
def test_bombur_draws_nothing_more_off_an_ambush_that_draws(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(CAT_.DATA_DIR, d)
    f = d / "cards.toml"
    old = 'id = "goblin-scout"'
    text = f.read_text()
    at = text.index(old)
    row = '"play power 1", "ambush discard 1"'
    assert text.index(row, at) < text.index("[[card]]", at)
    f.write_text(text[:at] + text[at:].replace(row, '"play power 1", "ambush draw 1"', 1))
    cat = CAT_.load_catalog(d)
    R, cfg, st = new(cat=cat, heroes="bombur,kili")
    clear(st, 0)
    set_zone(st, 0, "deck", ["courage"] * 5, cat)
    FX.ambush(R, cfg, st, 0, kind("goblin-scout", cat))
    assert len(zone(st, 0, "hand")) == 1 and st.pl[0, S.P_DREW] == 0
    ok(st, R)


@pytest.mark.rule("HB-H02")
def test_tauriel_avoids_an_ambush_by_discarding_but_not_an_attack():
    R, cfg, st = new(heroes="kili,tauriel")
    clear(st, 0)
    clear(st, 1)
    set_zone(st, 1, "hand", ["courage", "despair"])
    script(st, 1, [1])                                       # discards the Despair to avoid
    FX.ambush(R, cfg, st, 1, kind("hunter-orc"))
    assert zone(st, 1, "discard") == ["despair"] and st.pl[1, S.P_CORRUPTIONS] == 0
    set_zone(st, 0, "hand", ["hunter-orc"])
    script(st, 0, [0])
    play(R, cfg, st, 0, "hunter-orc")                        # its Attack: no such choice
    assert st.pl[1, S.P_CORRUPTIONS] == 1
    ok(st, R)


@pytest.mark.rule("HB-H03")
def test_a_defeat_gaining_a_costly_loot_counts_as_one_gain():
    R, cfg, st = new(heroes="gandalf,kili")                  # big-gain 1 6: draw 1
    clear(st, 0)
    set_zone(st, 0, "deck", ["courage"] * 5)
    set_pile(st, "arch", ["azog", "the-one-ring", "great-goblin"])
    assert R.card[kind("the-one-ring"), T.C_COST] >= 6
    st.sc[S.S_POWER] = 50
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "hand") == ["courage"]                # one draw for the one gain
    ok(st, R)


# ------------------------------------------------------------------ the end
@pytest.mark.rule("HB-E01")
def test_the_game_ends_when_smaug_the_terrible_falls():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_pile(st, "arch", ["smaug-the-terrible"])
    st.sc[S.S_POWER] = 50
    TU.fight(R, cfg, st, 0)
    assert st.sc[S.S_END] == K.END_SMAUG and st.sc[S.S_SMAUG_FELL] == 1
    assert zone(st, 0, "discard") == ["smaug-the-terrible"]
    ok(st, R)


@pytest.mark.rule("HB-E02")
def test_the_game_ends_when_the_path_cannot_be_refilled():
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "deck", ["courage"] * 5)
    set_path(st, [None, None, "ori", "dori", "nori"])
    set_pile(st, "main", ["lindir"])
    TU.end_turn(R, cfg, st, 0)
    assert st.sc[S.S_END] == K.END_PATH and pile(st, "main") == []
    ok(st, R)


@pytest.mark.rule("HB-E03")
def test_the_most_vp_wins_and_a_tie_for_the_most_is_shared():
    R, cfg, st = new(players=3, heroes="bard,kili,beorn")
    for p in range(3):
        clear(st, p)
    set_zone(st, 0, "deck", ["valor", "valor"])
    set_zone(st, 1, "deck", ["valor", "valor"])
    set_zone(st, 2, "deck", ["valor"])
    st.sc[S.S_END] = K.END_PATH
    st.sc[S.S_FOCAL] = 0
    G.finish(R, cfg, st)
    assert st.pl[:3, S.P_VP].tolist() == [2, 2, 1]
    assert st.sc[S.S_OUTCOME] == K.TIE and st.sc[S.S_WINNER] == -1
    st.sc[S.S_FOCAL] = 2
    G.finish(R, cfg, st)
    assert st.sc[S.S_OUTCOME] == K.LOSS and st.sc[S.S_LOSS] == K.LOSS_OUTSCORED


@pytest.mark.rule("HB-E04")
def test_a_game_not_ended_by_the_turn_cap_is_cut_and_lost():
    assert CAT.rules.k[T.K_MAX_TURNS] == 400
    cat = CAT_.load_catalog()
    cat.rules.k[T.K_MAX_TURNS] = 6
    _, R, cfg, st = game(players=3, cat=cat)
    G.play_game(R, cfg, st)
    assert st.sc[S.S_END] == K.END_CUT and st.sc[S.S_TURN] == 6
    assert st.sc[S.S_OUTCOME] == K.LOSS and st.sc[S.S_LOSS] == K.LOSS_CUT


# ------------------------------------------------------------------ the second chapter alone
@pytest.mark.rule("HB-X01")
def test_the_second_chapter_alone_starts_from_the_assumed_auj_decks():
    _, R, cfg, st = game(players=3, start="dos")
    assert st.sc[S.S_CHAPTER] == 1 and pile(st, "arch")[-1] == "smaug-the-magnificent"
    for p in range(3):
        mine = zone(st, p, "deck") + zone(st, p, "hand") + zone(st, p, "discard")
        c = ids_of(mine)
        assert c["courage"] == 7 and c["despair"] == 3 and c["valor"] == 2
        assert len(zone(st, p, "stash")) == 2
    assert "azog" in zone(st, 2, "deck") + zone(st, 2, "hand") + zone(st, 2, "discard")
    assert st.sc[S.S_MAIN_N] == 60 - 5
    with pytest.raises(UserError):
        make_config(CAT, players=3, mode="impossible", start="dos")
    ok(st, R)
