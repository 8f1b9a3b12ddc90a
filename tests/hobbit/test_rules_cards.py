"""Scenario tests of the Hobbit deck-builder's keywords and card clarifications (HB-K*), the
chapter change after Azog and both Smaugs (HB-D*), Impossible Mode and the co-operative variant
(HB-I*): a game set up by the kernels, zones built by hand with named cards (scenario.py), one
step run (turn.play_card, effects.apply_op, turn.fight, turn.end_turn, turn.chapter_change,
turn.start_turn, turn.score, game.finish...), the outcome checked, and the box kept whole."""
import collections

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

from .scenario import (CAT, census, events, game, kind, name, path, pile, script, set_path,
                       set_pile, set_zone, zone)

# heroes whose abilities stay out of the way of these scenarios (seat 0 first)
HEROES = ("bard", "kili", "beorn", "gandalf", "balin")
SMAUGS = ["smaug-the-terrible", "the-arkenstone", "the-black-arrow", "the-gems-of-lasgalen",
          "thrors-crown", "smaug-the-magnificent"]
IMPOSSIBLE_SMAUGS = ["impossible-smaug-the-terrible", "the-arkenstone", "the-black-arrow",
                     "the-gems-of-lasgalen", "thrors-crown", "impossible-smaug-the-magnificent"]
LOOT4 = {"the-arkenstone", "the-black-arrow", "the-gems-of-lasgalen", "thrors-crown"}


def new(players=2, mode="normal", chapter=0, seed=1, cat=None, heroes=None):
    """(rules, config, state): a game set up by the rules, in chapter `chapter` (1: The
    Desolation of Smaug, the Smaugs and their Loot then on the archenemy stack), no Group
    Ambush due (the one set-up makes due is test_rules_turn's HB-T07 scenario)."""
    _, R, cfg, st = game(players=players, mode=mode, seed=seed, cat=cat,
                         heroes=heroes or ",".join(HEROES[:players]))
    st.sc[S.S_GROUP_DUE] = 0                    # as after the first turn: no Group Ambush due
    if chapter:
        st.sc[S.S_CHAPTER] = 1
        set_pile(st, "arch", SMAUGS if mode == "normal" else IMPOSSIBLE_SMAUGS)
    return R, cfg, st


def clear(st, p, *zones):
    """Empty player p's zones (all of them by default) into the box."""
    for z in zones or K.PLAYER_ZONES:
        set_zone(st, p, z, [])


def play(R, cfg, st, p, cid):
    """p plays the (last) copy of card cid in his hand."""
    i = Z.find(st, p, K.Z_HAND, kind(cid))
    assert i >= 0, f"{cid} not in hand"
    TU.play_card(R, cfg, st, p, i)


def ok(st, R):
    assert census(st, R) == []


def kinds_of(ids):
    return collections.Counter(ids)


def cost(R, cid):
    return int(R.card[kind(cid), T.C_COST])


def hand_has_no_defense(R, st, p):
    return not any(R.card[c, T.C_DEFENSE] for c in st.z[p, K.Z_HAND, :st.zn[p, K.Z_HAND]])


# =================================================================== keywords and clarifications
@pytest.mark.rule("HB-K01")
def test_stack_ongoing_is_live_only_while_its_card_is_on_top_of_the_stack():
    R, cfg, st = new()
    ori = kind("ori")
    # Azog deeper in the stack (The Trolls on top): his cost-up does nothing
    assert name(Z.arch_top(st)) == "the-trolls"
    assert Z.effective_cost(R, st, 0, ori) == cost(R, "ori")
    # Azog on top: Allies cost one more (his Stack Ongoing), other types do not
    set_pile(st, "arch", ["azog"])
    assert Z.effective_cost(R, st, 0, ori) == cost(R, "ori") + 1
    assert Z.effective_cost(R, st, 0, kind("warg")) == cost(R, "warg")
    set_path(st, ["ori", None, None, None, None])
    set_pile(st, "valor", [])
    st.sc[S.S_POWER] = cost(R, "ori")           # the printed cost is not enough
    TU.buy_phase(R, cfg, st, 0)                 # only "end" is offered
    assert path(st)[0] == "ori" and st.sc[S.S_POWER] == cost(R, "ori")
    st.sc[S.S_POWER] = cost(R, "ori") + 1
    TU.buy_phase(R, cfg, st, 0)                 # FIRST: the first option, Ori
    assert path(st)[0] is None and zone(st, 0, "discard")[-1] == "ori"
    assert st.sc[S.S_POWER] == 0
    ok(st, R)


@pytest.mark.rule("HB-K01")
def test_a_played_stack_ongoing_card_does_nothing_by_it():
    R, cfg, st = new(chapter=1)                 # Smaug the Magnificent on top
    clear(st, 0)
    set_zone(st, 0, "hand", ["azog"])
    before = Z.effective_cost(R, st, 0, kind("ori"))
    play(R, cfg, st, 0, "azog")
    assert Z.effective_cost(R, st, 0, kind("ori")) == before == cost(R, "ori")
    assert zone(st, 0, "played") == ["azog"] and st.sc[S.S_POWER] == 0
    # Smaug the Terrible's scorch acts from the stack only: played, he moves no Path card
    set_zone(st, 0, "hand", ["smaug-the-terrible"])
    set_path(st, ["lindir", "ori", "warg", "dori", "elrond"])
    main_n = st.sc[S.S_MAIN_N]
    play(R, cfg, st, 0, "smaug-the-terrible")
    assert path(st)[:5] == ["lindir", "ori", "warg", "dori", "elrond"]
    assert st.sc[S.S_MAIN_N] == main_n
    ok(st, R)


@pytest.mark.rule("HB-K02")
def test_stashing_puts_a_card_under_its_owners_hero_out_of_the_deck_cycle():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "hand", ["mirkwood-elves", "valor", "courage"])
    script(st, 0, [0])                          # Stash the first card of the hand: the Valor
    play(R, cfg, st, 0, "mirkwood-elves")
    assert zone(st, 0, "stash") == ["valor"] and zone(st, 0, "hand") == ["courage"]
    assert events(st, K.EV_STASH)[-1][3:5] == (kind("valor"), 0)
    # the end of the turn and the reshuffles leave the Stash alone
    set_zone(st, 0, "deck", [])
    TU.end_turn(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["valor"]
    assert sorted(zone(st, 0, "hand")) == ["courage", "mirkwood-elves"]   # all there was
    assert Z.draw(st, 0, 1) == 0                # deck and discard empty: the Stash is not drawn
    ok(st, R)


@pytest.mark.rule("HB-K02")
def test_a_stashed_card_loses_its_text():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "stash", ["bag-end", "the-shire", "riddle-game"])
    set_zone(st, 0, "deck", ["courage"] * 7)
    set_zone(st, 0, "hand", ["lindir"])
    play(R, cfg, st, 0, "lindir")               # an Ally: the Shire would give +1 Power
    assert st.sc[S.S_POWER] == 0
    TU.riddles(R, cfg, st, 0)                    # a Riddle Game is Stashed only from the hand
    assert zone(st, 0, "stash") == ["bag-end", "the-shire", "riddle-game"]
    TU.end_turn(R, cfg, st, 0)                  # Bag End would draw one more
    assert len(zone(st, 0, "hand")) == 5
    ok(st, R)


@pytest.mark.rule("HB-K03")
def test_the_stash_counts_at_the_end_corruptions_included():
    R, cfg, st = new()
    for p in (0, 1):
        clear(st, p)
    set_zone(st, 0, "deck", ["valor"])
    set_zone(st, 0, "stash", ["valor", "corruption", "the-key-of-erebor", "hoarding"])
    # 1 + 1 - 1 + 3 - 1, and the Hoarding's -1 for the Stash's 4 cards
    assert TU.score(R, st, 0) == 2
    set_zone(st, 1, "deck", ["valor", "valor"])
    st.sc[S.S_END] = K.END_PATH
    st.sc[S.S_FOCAL] = 0
    G.finish(R, cfg, st)
    assert st.pl[0, S.P_VP] == 2 and st.pl[1, S.P_VP] == 2
    assert st.sc[S.S_OUTCOME] == K.TIE
    set_zone(st, 0, "stash", ["valor", "the-key-of-erebor"])
    G.finish(R, cfg, st)
    assert st.pl[0, S.P_VP] == 5 and st.sc[S.S_OUTCOME] == K.WIN and st.sc[S.S_WINNER] == 0
    ok(st, R)


@pytest.mark.rule("HB-K04")
def test_hide_and_seek_puts_a_stashed_card_into_the_hand():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "stash", ["valor", "dragon-gold"])
    set_zone(st, 0, "hand", ["hide-and-seek"])
    script(st, 0, [1])                          # the Dragon Gold
    play(R, cfg, st, 0, "hide-and-seek")
    assert zone(st, 0, "hand") == ["dragon-gold"] and zone(st, 0, "stash") == ["valor"]
    ok(st, R)


@pytest.mark.rule("HB-K04")
def test_fimbul_destroys_the_costliest_non_corruption_card_of_the_stash():
    R, cfg, st = new(chapter=1)
    for p in (0, 1):
        clear(st, p)
    set_zone(st, 1, "stash", ["valor", "corruption", "the-key-of-erebor", "hoarding"])
    set_zone(st, 1, "hand", ["courage"])
    set_zone(st, 0, "hand", ["fimbul-the-hunter"])
    dos_n = st.sc[S.S_DESTROYED_DOS_N]
    play(R, cfg, st, 0, "fimbul-the-hunter")
    assert zone(st, 1, "stash") == ["valor", "corruption", "hoarding"]
    assert pile(st, "destroyed_dos")[dos_n:] == ["the-key-of-erebor"]
    assert zone(st, 0, "stash") == []
    assert len(events(st, K.EV_ATTACK)) == 1
    ok(st, R)


@pytest.mark.rule("HB-K04")
def test_other_effects_do_not_reach_the_stash():
    R, cfg, st = new(players=3, chapter=1)
    for p in (0, 1, 2):
        clear(st, p)
    stash0 = ["lindir", "warg", "a-warm-send-off", "valor"]
    set_zone(st, 0, "stash", stash0)
    set_zone(st, 1, "stash", ["ori"])
    asked = st.ctl[S.H_ASKED]
    for op, a in ((K.OP_DESTROY, 1), (K.OP_DISCARD, 1), (K.OP_STASH, 1), (K.OP_BARRELS, 0)):
        FX.apply_op(R, cfg, st, 0, -1, op, a, 0, 1)
    FX.apply_op(R, cfg, st, 0, -1, K.OP_BALLISTA, 2, 0, 1)
    assert st.sc[S.S_POWER] == 2                # none returned: the Stash's Ally and Enemy stay
    # A Warm Send-Off gained: the copy in the Stash is not offered
    set_path(st, ["a-warm-send-off", None, None, None, None])
    FX.gain(R, cfg, st, 0, Z_take_path(st, 0), True)
    assert st.ctl[S.H_ASKED] == asked           # no decision had anything to offer
    # Lake-town Guards offers the discard piles only
    set_zone(st, 0, "deck", [])
    set_zone(st, 1, "deck", [])
    set_zone(st, 2, "deck", [])
    set_zone(st, 0, "discard", [])
    FX.apply_op(R, cfg, st, 0, -1, K.OP_GUARDS, 0, 0, 1)
    assert zone(st, 0, "stash") == stash0 and zone(st, 1, "stash") == ["ori"]
    ok(st, R)


@pytest.mark.rule("HB-K05")
def test_magic_is_the_replacement_card_draw_two_then_discard_one():
    assert [c for c in CAT.cards if "magic" in c] == ["magic"]
    m = kind("magic")
    assert CAT.rules.card[m, T.C_COUNT] == 3 and CAT.rules.card[m, T.C_NFX] == 1
    assert tuple(CAT.rules.fx[m, 0]) == (K.TR_PLAY, K.OP_DRAW_DISCARD, 2, 1)
    R, cfg, st = new()
    clear(st, 0)
    set_zone(st, 0, "deck", ["despair", "valor", "ori"])
    set_zone(st, 0, "hand", ["magic"])
    script(st, 0, [1])                          # discard the second card drawn: the Valor
    play(R, cfg, st, 0, "magic")
    assert zone(st, 0, "hand") == ["ori"] and zone(st, 0, "discard") == ["valor"]
    assert zone(st, 0, "deck") == ["despair"] and st.sc[S.S_POWER] == 0
    ok(st, R)


@pytest.mark.rule("HB-K06")
def test_riddle_game_in_the_desolation_of_smaug_is_stashed_and_replaced():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "deck", ["despair", "valor"])
    set_zone(st, 0, "hand", ["riddle-game", "courage"])
    script(st, 0, [2])                          # then play nothing: options courage, valor, none
    TU.play_hand(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["riddle-game"]
    assert zone(st, 0, "hand") == ["courage", "valor"] and zone(st, 0, "deck") == ["despair"]
    assert st.sc[S.S_POWER] == 0
    ok(st, R)


@pytest.mark.rule("HB-K06")
def test_riddle_game_drawn_during_the_turn_is_stashed_too_and_played_in_the_first_chapter():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "deck", ["despair", "riddle-game"])
    set_zone(st, 0, "hand", ["lindir"])
    script(st, 0, [0, 1])                       # play Lindir (draws the Riddle Game), then stop
    TU.play_hand(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["riddle-game"] and zone(st, 0, "hand") == ["despair"]
    # An Unexpected Journey: the Riddle Game stays in the hand and can be played
    R, cfg, st = new(chapter=0)
    clear(st, 0)
    set_zone(st, 0, "hand", ["riddle-game", "courage"])
    script(st, 0, [0, 1])                       # play the Riddle Game, then stop
    TU.play_hand(R, cfg, st, 0)
    assert zone(st, 0, "stash") == [] and zone(st, 0, "played") == ["riddle-game"]
    assert st.sc[S.S_POWER] == 2 and zone(st, 0, "hand") == ["courage"]
    ok(st, R)


@pytest.mark.rule("HB-K07")
def test_azog_played_from_a_deck_only_counts_as_an_enemy():
    R, cfg, st = new(chapter=1)
    for p in (0, 1):
        clear(st, p)
    set_zone(st, 1, "hand", ["courage"])
    set_zone(st, 0, "hand", ["azog", "dwarven-axe"])
    corr_n = st.sc[S.S_CORR_N]
    play(R, cfg, st, 0, "azog")
    assert st.sc[S.S_POWER] == 0 and st.tcount[K.T_ENEMY] == 1
    assert st.sc[S.S_CORR_N] == corr_n          # his Group Ambush: nothing
    assert Z.effective_cost(R, st, 0, kind("ori")) == cost(R, "ori")   # his Ongoing: nothing
    play(R, cfg, st, 0, "dwarven-axe")          # +2, and +1 for another Enemy played
    assert st.sc[S.S_POWER] == 3
    assert events(st, K.EV_PLAY)[-2][3] == kind("azog")
    ok(st, R)


@pytest.mark.rule("HB-K08")
@pytest.mark.rule("HB-C06")
def test_the_two_destroyed_piles_are_kept_apart():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_pile(st, "destroyed_auj", [])
    set_pile(st, "destroyed_dos", [])
    set_zone(st, 0, "hand", ["courage", "dragon-gold", "ori", "hoarding", "corruption",
                             "thrors-crown"])
    script(st, 0, [0, 0, 0, 0, 0, 0])
    FX.apply_op(R, cfg, st, 0, -1, K.OP_DESTROY, 6, 0, 1)
    assert zone(st, 0, "hand") == []
    assert pile(st, "destroyed_auj") == ["courage", "ori", "corruption"]
    assert pile(st, "destroyed_dos") == ["dragon-gold", "hoarding", "thrors-crown"]
    ok(st, R)


@pytest.mark.rule("HB-K09")
@pytest.mark.parametrize("card", ["orc-archer", "thranduil", "giant-spiders"])
def test_the_attack_is_chosen_before_any_defense_card(card):
    R, cfg, st = new(chapter=1)
    for p in (0, 1):
        clear(st, p)
    set_zone(st, 1, "hand", ["stealth", "courage"])
    set_zone(st, 0, "hand", [card])
    # one counter for every decision: #0 must be seat 0's choice of Attack (the Corruption),
    # #1 seat 1's Defense (declined). Asked the other way round, seat 1 would defend (#0: 0).
    script(st, 0, [1])
    script(st, 1, [0, 1])
    play(R, cfg, st, 0, card)
    assert st.decisions[K.D_ATTACK] == 1 and st.decisions[K.D_DEFEND] == 1
    assert zone(st, 1, "hand") == ["stealth", "courage"]
    assert zone(st, 1, "discard") == ["corruption"]
    ev = events(st, K.EV_ATTACK)
    assert [(e[3], e[4], e[5]) for e in ev] == [(kind(card), 1, 0)]
    ok(st, R)


@pytest.mark.rule("HB-K09")
def test_one_attack_chosen_hits_every_opponent():
    R, cfg, st = new(players=3, chapter=1)
    for p in (0, 1, 2):
        clear(st, p)
        set_zone(st, p, "hand", ["courage", "despair"])
    set_zone(st, 0, "hand", ["giant-spiders"])
    script(st, 0, [0])                          # the discard
    script(st, 1, [0, 1])                       # #1: seat 1 discards his Despair
    script(st, 2, [0, 0, 0])                    # #2: seat 2 discards his Courage
    play(R, cfg, st, 0, "giant-spiders")
    assert st.decisions[K.D_ATTACK] == 1
    assert zone(st, 1, "discard") == ["despair"] and zone(st, 2, "discard") == ["courage"]
    ok(st, R)


@pytest.mark.rule("HB-K10")
def test_barrel_of_fun_gives_two_power_each_time_it_is_played():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "hand", ["barrel-of-fun", "barrel-of-fun"])
    play(R, cfg, st, 0, "barrel-of-fun")
    assert st.sc[S.S_POWER] == 2
    # the same card played again this turn (back in the hand): +2 again
    i = Z.find(st, 0, K.Z_PLAYED, kind("barrel-of-fun"))
    Z.push(st, 0, K.Z_HAND, Z.take(st, 0, K.Z_PLAYED, i))
    play(R, cfg, st, 0, "barrel-of-fun")
    assert st.sc[S.S_POWER] == 4
    play(R, cfg, st, 0, "barrel-of-fun")
    assert st.sc[S.S_POWER] == 6 and zone(st, 0, "hand") == []
    ok(st, R)


@pytest.mark.rule("HB-K11")
def test_the_barge_destroys_a_lowest_cost_path_card_the_player_choosing_among_ties():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_path(st, ["ori", "lindir", "walking-stick", "elven-blade", "thrors-map"])
    set_pile(st, "destroyed_auj", [])
    set_zone(st, 0, "hand", ["the-barge"])
    script(st, 0, [1])                          # options: Lindir, Walking Stick, none
    play(R, cfg, st, 0, "the-barge")
    assert path(st)[:5] == ["ori", "lindir", None, "elven-blade", "thrors-map"]
    assert pile(st, "destroyed_auj") == ["walking-stick"]
    assert st.sc[S.S_POWER] == 1
    assert list(st.optcard[:3]) == [kind("lindir"), kind("walking-stick"), -1]
    ok(st, R)


@pytest.mark.rule("HB-K11")
def test_the_barge_may_destroy_nothing():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_path(st, ["ori", "lindir", "walking-stick", "elven-blade", "thrors-map"])
    set_zone(st, 0, "hand", ["the-barge"])
    script(st, 0, [2])                          # none
    play(R, cfg, st, 0, "the-barge")
    assert path(st)[:5] == ["ori", "lindir", "walking-stick", "elven-blade", "thrors-map"]
    ok(st, R)


@pytest.mark.rule("HB-K12")
@pytest.mark.rule("HB-D15")
def test_the_burglar_steals_smaugs_loot_without_his_group_ambush():
    R, cfg, st = new(chapter=1)
    for p in (0, 1):
        clear(st, p)
        set_zone(st, p, "deck", ["courage"] * 6)
    set_zone(st, 1, "hand", ["valor", "lindir"])
    set_path(st, ["ori", "lindir", "warg", "dori", "elrond"])
    set_zone(st, 0, "hand", ["the-burglar"])
    play(R, cfg, st, 0, "the-burglar")
    assert zone(st, 0, "discard") == ["thrors-crown"]          # the Loot immediately under him
    assert pile(st, "arch") == SMAUGS[:4] + ["smaug-the-magnificent"]
    assert st.sc[S.S_GROUP_DUE] == 0
    TU.end_turn(R, cfg, st, 0)
    assert events(st, K.EV_GROUP) == []
    assert zone(st, 1, "stash") == [] and zone(st, 0, "stash") == []
    ok(st, R)


@pytest.mark.rule("HB-K12")
def test_smaug_may_still_be_defeated_the_turn_he_is_robbed():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "hand", ["the-burglar"])
    play(R, cfg, st, 0, "the-burglar")
    st.sc[S.S_POWER] = cost(R, "smaug-the-magnificent")
    assert TU.can_fight(R, st)
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["thrors-crown", "the-gems-of-lasgalen"]
    assert st.sc[S.S_GROUP_DUE] == 1            # the defeat's Loot: his Group Ambush follows
    ok(st, R)


@pytest.mark.rule("HB-K13")
def test_bolg_each_player_stashes_his_top_card_unless_it_costs_zero():
    R, cfg, st = new(players=3, chapter=1)
    for p in (0, 1, 2):
        clear(st, p)
    set_zone(st, 0, "deck", ["courage", "valor"])
    set_zone(st, 1, "deck", ["valor", "courage"])
    set_zone(st, 2, "deck", ["despair", "warg"])
    set_zone(st, 0, "hand", ["bolg"])
    play(R, cfg, st, 0, "bolg")
    assert zone(st, 0, "stash") == ["valor"] and zone(st, 0, "deck") == ["courage"]
    assert zone(st, 1, "stash") == [] and zone(st, 1, "deck") == ["valor", "courage"]
    assert zone(st, 2, "stash") == ["warg"] and zone(st, 2, "deck") == ["despair"]
    assert st.sc[S.S_POWER] == 3
    ok(st, R)


@pytest.mark.rule("HB-K14")
def test_durins_line_tapestry_the_rulebooks_sequence_draws_five():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    # 3, 3, 6, 7, 4 from the top, then an 8 that is not drawn
    set_zone(st, 0, "deck", ["the-eagles", "thrors-map", "galadriel", "elrond", "ori", "warg"])
    assert [cost(R, c) for c in ["warg", "ori", "elrond", "galadriel", "thrors-map"]] == [3, 3, 6, 7, 4]
    set_zone(st, 0, "hand", ["durins-line-tapestry"])
    play(R, cfg, st, 0, "durins-line-tapestry")
    assert zone(st, 0, "hand") == ["warg", "ori", "elrond", "galadriel", "thrors-map"]
    assert zone(st, 0, "deck") == ["the-eagles"]
    ok(st, R)


@pytest.mark.rule("HB-K14")
def test_durins_line_tapestry_the_first_cheaper_card_is_drawn_and_stops():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "deck", ["the-eagles", "lindir", "warg"])
    set_zone(st, 0, "hand", ["durins-line-tapestry"])
    play(R, cfg, st, 0, "durins-line-tapestry")
    assert zone(st, 0, "hand") == ["warg", "lindir"] and zone(st, 0, "deck") == ["the-eagles"]
    ok(st, R)


@pytest.mark.rule("HB-K15")
def test_escape_the_flames_puts_the_costliest_card_under_smaug_the_terrible_as_loot():
    R, cfg, st = new(chapter=1)
    set_pile(st, "arch", ["smaug-the-terrible"])
    clear(st, 1)
    set_zone(st, 1, "hand", ["courage", "dragon-gold", "the-burglar", "valor"])
    assert hand_has_no_defense(R, st, 1)
    script(st, 1, [1])                          # the tied 6-costs: Dragon Gold, The Burglar
    FX.ambush(R, cfg, st, 1, kind("escape-the-flames"))
    assert zone(st, 1, "hand") == ["courage", "dragon-gold", "valor"]
    assert pile(st, "arch") == ["the-burglar", "smaug-the-terrible"]
    assert list(st.optcard[:2]) == [kind("dragon-gold"), kind("the-burglar")]
    # Smaug the Terrible must give it up before he can be defeated
    clear(st, 0)
    st.sc[S.S_POWER] = cost(R, "smaug-the-terrible")
    assert TU.fight_gain(R, st) == kind("the-burglar")
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["the-burglar"] and st.sc[S.S_END] == 0
    assert pile(st, "arch") == ["smaug-the-terrible"]
    st.sc[S.S_POWER] = cost(R, "smaug-the-terrible")
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["the-burglar", "smaug-the-terrible"]
    assert st.sc[S.S_END] == K.END_SMAUG
    ok(st, R)


@pytest.mark.rule("HB-K15")
def test_escape_the_flames_goes_under_the_current_smaug_not_the_bottom_of_the_stack():
    R, cfg, st = new(chapter=1)
    clear(st, 1)
    set_zone(st, 1, "hand", ["courage", "elven-blade", "warg"])
    FX.apply_op(R, cfg, st, 1, kind("escape-the-flames"), K.OP_FLAMES, 0, 0, 0)
    assert pile(st, "arch") == SMAUGS[:5] + ["elven-blade", "smaug-the-magnificent"]
    assert zone(st, 1, "hand") == ["courage", "warg"]
    st.sc[S.S_POWER] = cost(R, "smaug-the-magnificent")
    TU.fight(R, cfg, st, 0)                     # the next defeat earns it, as Loot
    assert zone(st, 0, "discard")[-1] == "elven-blade"
    ok(st, R)


@pytest.mark.rule("HB-K16")
def test_lake_town_ballista_returns_an_ally_and_an_enemy():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "discard", ["lindir", "courage", "warg", "ori"])
    set_zone(st, 0, "hand", ["lake-town-ballista"])
    script(st, 0, [1])                          # the Allies: Lindir, Ori: Ori
    play(R, cfg, st, 0, "lake-town-ballista")
    assert zone(st, 0, "hand") == ["ori", "warg"]
    assert zone(st, 0, "discard") == ["lindir", "courage"] and st.sc[S.S_POWER] == 0
    ok(st, R)


@pytest.mark.rule("HB-K16")
def test_lake_town_ballista_one_card_returned_gives_no_power_none_gives_two():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "discard", ["courage", "warg"])
    set_zone(st, 0, "hand", ["lake-town-ballista"])
    play(R, cfg, st, 0, "lake-town-ballista")
    assert zone(st, 0, "hand") == ["warg"] and st.sc[S.S_POWER] == 0
    set_zone(st, 0, "discard", ["courage", "valor"])
    set_zone(st, 0, "hand", ["lake-town-ballista"])
    play(R, cfg, st, 0, "lake-town-ballista")
    assert zone(st, 0, "hand") == [] and st.sc[S.S_POWER] == 2
    ok(st, R)


def _guards_state():
    R, cfg, st = new(players=3, chapter=1)
    for p in (0, 1, 2):
        clear(st, p)
    set_zone(st, 0, "deck", ["courage", "valor"])
    set_zone(st, 1, "deck", ["courage", "warg"])
    set_zone(st, 2, "deck", ["courage", "lindir"])
    set_zone(st, 2, "discard", ["ori"])
    set_zone(st, 1, "hand", ["stealth"])        # a Defense card: Guards is no Attack
    set_zone(st, 0, "hand", ["lake-town-guards"])
    return R, cfg, st


@pytest.mark.rule("HB-K17")
def test_lake_town_guards_every_player_discards_and_the_chosen_discard_pile_loses_a_card():
    R, cfg, st = _guards_state()
    script(st, 0, [2, 0])                       # the player: seat 2; his card: the Ori
    play(R, cfg, st, 0, "lake-town-guards")
    for p, top in ((0, "valor"), (1, "warg")):
        assert zone(st, p, "discard") == [top] and zone(st, p, "deck") == ["courage"]
    assert zone(st, 2, "discard") == ["lindir"] and zone(st, 2, "stash") == ["ori"]
    assert zone(st, 0, "stash") == [] and zone(st, 1, "hand") == ["stealth"]
    assert st.decisions[K.D_DEFEND] == 0 and events(st, K.EV_ATTACK) == []
    assert st.decisions[K.D_TARGET] == 1 and st.sc[S.S_POWER] == 1
    ok(st, R)


@pytest.mark.rule("HB-K17")
def test_lake_town_guards_the_player_may_choose_himself():
    R, cfg, st = _guards_state()
    script(st, 0, [0, 0])
    play(R, cfg, st, 0, "lake-town-guards")
    assert zone(st, 0, "stash") == ["valor"] and zone(st, 0, "discard") == []
    assert zone(st, 1, "stash") == [] and zone(st, 2, "stash") == []
    ok(st, R)


def _magnificent_fell(seed=1, players=3):
    """Seat 0 defeats Smaug the Magnificent for a Loot; every hand known, no Defense card."""
    R, cfg, st = new(players=players, chapter=1, seed=seed)
    for p in range(players):
        clear(st, p)
        set_zone(st, p, "deck", ["courage", "despair", "courage", "despair", "courage"])
        set_zone(st, p, "hand", ["valor", "lindir", "warg"])
    set_path(st, ["ori", "lindir", "warg", "dori", "elrond"])
    st.sc[S.S_POWER] = cost(R, "smaug-the-magnificent")
    TU.fight(R, cfg, st, 0)
    assert st.sc[S.S_GROUP_DUE] == 1
    return R, cfg, st


@pytest.mark.rule("HB-K18")
@pytest.mark.rule("HB-D14")
def test_smaug_the_magnificent_each_player_stashes_a_random_card_of_his_hand():
    R, cfg, st = _magnificent_fell()
    TU.end_turn(R, cfg, st, 0)                  # seat 0 has drawn his five before step 7
    hit = [e[4] for e in events(st, K.EV_GROUP)]
    assert hit == [1, 2, 0]
    for p in (1, 2):
        assert len(zone(st, p, "stash")) == 1 and zone(st, p, "stash")[0] in ("valor", "lindir", "warg")
        assert sorted(zone(st, p, "hand") + zone(st, p, "stash")) == ["lindir", "valor", "warg"]
    assert zone(st, 0, "stash")[0] in ("courage", "despair") and len(zone(st, 0, "hand")) == 4
    ok(st, R)


@pytest.mark.rule("HB-D14")
def test_smaug_the_magnificents_card_is_drawn_at_random():
    picked = set()
    for seed in range(1, 25):
        R, cfg, st = _magnificent_fell(seed=seed, players=2)
        FX.group_ambush(R, cfg, st, 1, kind("smaug-the-magnificent"), K.TR_GROUP)
        picked.add(zone(st, 1, "stash")[0])
    assert picked == {"valor", "lindir", "warg"}


@pytest.mark.rule("HB-K19")
def test_re_lighting_the_forge_and_master_of_lake_town_count_the_stash_before_it_joins_the_deck():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "deck", ["re-lighting-the-forge", "master-of-lake-town"] + ["despair"] * 3)
    set_zone(st, 0, "stash", ["despair"] * 6)
    assert TU.score(R, st, 0) == 6 // 2 + 6 // 3
    # a Forge in the Stash counts, the Stash then holding it too
    set_zone(st, 0, "deck", ["despair"])
    set_zone(st, 0, "stash", ["re-lighting-the-forge", "despair", "despair", "despair"])
    assert TU.score(R, st, 0) == 2
    set_zone(st, 0, "stash", [])
    set_zone(st, 0, "deck", ["re-lighting-the-forge"] + ["despair"] * 8)
    assert TU.score(R, st, 0) == 0              # the deck's cards are not Stash
    ok(st, R)


@pytest.mark.rule("HB-K20")
def test_river_barrels_may_stash_one_ally_and_one_enemy():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "discard", ["lindir", "warg", "valor", "ori", "goblin-scout"])
    set_zone(st, 0, "hand", ["river-barrels"])
    script(st, 0, [1, 0])                       # the Ori; the Warg
    play(R, cfg, st, 0, "river-barrels")
    assert zone(st, 0, "stash") == ["ori", "warg"]
    assert zone(st, 0, "discard") == ["lindir", "valor", "goblin-scout"]
    ok(st, R)


@pytest.mark.rule("HB-K20")
def test_river_barrels_may_stash_only_one_or_none():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "discard", ["lindir", "warg"])
    set_zone(st, 0, "hand", ["river-barrels", "river-barrels"])
    script(st, 0, [1, 0, 1, 1])                 # no Ally, the Warg; then neither
    play(R, cfg, st, 0, "river-barrels")
    assert zone(st, 0, "stash") == ["warg"]
    play(R, cfg, st, 0, "river-barrels")
    assert zone(st, 0, "stash") == ["warg"] and zone(st, 0, "discard") == ["lindir"]
    ok(st, R)


def _cup_state():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "deck", ["despair"] * 3 + ["courage"] * 5)
    set_zone(st, 0, "hand", ["a-small-cup", "valor", "courage"])
    set_path(st, ["ori", "lindir", "warg", "dori", "elrond"])
    play(R, cfg, st, 0, "a-small-cup")
    return R, cfg, st


@pytest.mark.rule("HB-K21")
def test_a_small_cup_stashes_the_next_card_played_at_the_end_of_the_turn():
    R, cfg, st = _cup_state()
    play(R, cfg, st, 0, "valor")
    play(R, cfg, st, 0, "courage")
    assert zone(st, 0, "stash") == []           # not yet
    TU.end_turn(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["valor"]
    assert sorted(zone(st, 0, "discard")) == ["a-small-cup", "courage"]
    ok(st, R)


@pytest.mark.rule("HB-K21")
def test_a_small_cup_stashes_the_card_wherever_it_is_even_destroyed():
    R, cfg, st = _cup_state()
    play(R, cfg, st, 0, "valor")
    i = Z.find(st, 0, K.Z_PLAYED, kind("valor"))
    Z.destroy(R, st, Z.take(st, 0, K.Z_PLAYED, i), K.Z_PLAYED)   # destroyed during the turn
    assert pile(st, "destroyed_auj")[-1] == "valor"
    TU.end_turn(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["valor"] and "valor" not in pile(st, "destroyed_auj")
    ok(st, R)


@pytest.mark.rule("HB-K21")
def test_a_small_cup_stashes_a_location_from_in_front_of_its_owner():
    R, cfg, st = _cup_state()
    set_zone(st, 0, "hand", ["the-barge"])
    script(st, 0, [1])                          # the Barge destroys nothing (Lindir, none)
    play(R, cfg, st, 0, "the-barge")
    assert zone(st, 0, "locations") == ["the-barge"]
    TU.end_turn(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["the-barge"] and zone(st, 0, "locations") == []
    ok(st, R)


@pytest.mark.rule("HB-K22")
def test_a_warm_send_off_gained_lets_the_player_stash_one_he_already_had():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "discard", ["courage", "a-warm-send-off"])
    set_path(st, ["a-warm-send-off", None, None, None, None])
    st.sc[S.S_POWER] = cost(R, "a-warm-send-off")
    script(st, 0, [0, 0])                       # buy it; Stash the one he had
    TU.buy_phase(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["a-warm-send-off"]
    assert zone(st, 0, "discard") == ["courage", "a-warm-send-off"]
    assert events(st, K.EV_BUY)[-1][3] == kind("a-warm-send-off")
    ok(st, R)


@pytest.mark.rule("HB-K22")
def test_a_warm_send_off_cannot_stash_itself():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_path(st, ["a-warm-send-off", None, None, None, None])
    asked = st.decisions[K.D_CARD]
    FX.gain(R, cfg, st, 0, Z_take_path(st, 0), True)
    assert zone(st, 0, "discard") == ["a-warm-send-off"] and zone(st, 0, "stash") == []
    assert st.decisions[K.D_CARD] == asked + 1 and st.options[0] == K.NONE  # only "none"
    # a copy in the hand is offered, the one gained is not
    set_zone(st, 0, "hand", ["a-warm-send-off"])
    set_path(st, ["a-warm-send-off", None, None, None, None])
    script(st, 0, [0])
    FX.gain(R, cfg, st, 0, Z_take_path(st, 0), True)
    assert zone(st, 0, "hand") == [] and zone(st, 0, "stash") == ["a-warm-send-off"]
    assert zone(st, 0, "discard") == ["a-warm-send-off", "a-warm-send-off"]
    ok(st, R)


def Z_take_path(st, s):
    c = int(st.path[s])
    st.path[s] = -1
    return c


# =================================================================== the chapter change
def _azog_state(players=3, mode="normal", seed=1, defeater=0, ambushes=True):
    """The last AUJ archenemy, Azog, alone on the stack; every hand one Courage (no Defense);
    `defeater` has just defeated him. Without `ambushes`, the DoS cards with an Ambush are
    set aside (removed from the game) so step 6 deals no Corruption."""
    R, cfg, st = new(players=players, mode=mode, seed=seed)
    if not ambushes:
        box = [int(c) for c in st.box[:st.sc[S.S_BOX_N]]]
        aside = [c for c in box if FX.has_rows(R, c, K.TR_AMBUSH)]
        kept = [c for c in box if not FX.has_rows(R, c, K.TR_AMBUSH)]
        st.box[:len(kept)] = kept
        st.sc[S.S_BOX_N] = len(kept)
        n = st.sc[S.S_REMOVED_N]
        st.removed[n:n + len(aside)] = aside
        st.sc[S.S_REMOVED_N] = n + len(aside)
    set_pile(st, "arch", ["azog"])
    for p in range(players):
        set_zone(st, p, "hand", ["courage"])
    st.sc[S.S_CUR] = defeater
    st.sc[S.S_POWER] = cost(R, "azog")
    TU.fight(R, cfg, st, defeater)
    return R, cfg, st


@pytest.mark.rule("HB-D01")
def test_the_chapter_changes_at_the_end_of_the_turn_azog_fell():
    R, cfg, st = _azog_state()
    assert st.sc[S.S_AZOG_FELL] == 1 and st.sc[S.S_CHAPTER] == 0
    assert "azog" in zone(st, 0, "discard")     # worth 5 VP: gained
    assert st.sc[S.S_ARCH_N] == 0
    st.sc[S.S_POWER] = 99
    assert not TU.can_fight(R, st)              # nothing more to fight this turn
    TU.end_turn(R, cfg, st, 0)
    assert st.sc[S.S_CHAPTER] == 1 and st.sc[S.S_AZOG_FELL] == 0
    ev = events(st)
    first_chapter = next(i for i, e in enumerate(ev) if e[0] == K.EV_CHAPTER)
    draws = [i for i, e in enumerate(ev) if e[0] == K.EV_DRAW and e[2] == 0]
    assert draws and draws[-1] < first_chapter          # the turn's own end came first
    assert [e[3] for e in ev if e[0] == K.EV_CHAPTER] == list(range(1, 10))
    ok(st, R)


@pytest.mark.rule("HB-D02")
def test_steps_one_and_two_destroy_the_main_deck_and_the_path():
    R, cfg, st = _azog_state()
    set_pile(st, "destroyed_auj", [])
    before = kinds_of(pile(st, "main") + [c for c in path(st) if c])
    TU.chapter_change(R, cfg, st, 0)
    assert kinds_of(pile(st, "destroyed_auj")) == before
    assert all(Z.chapter_of(R, kind(c)) == 0 for c in before)
    assert pile(st, "destroyed_dos") == []
    ok(st, R)


@pytest.mark.rule("HB-D03")
def test_step_three_the_hoarding_corruptions_go_to_the_bottom_of_the_corruption_stack():
    R, cfg, st = _azog_state(ambushes=False)
    n = st.sc[S.S_CORR_N]
    TU.chapter_change(R, cfg, st, 0)
    corr = pile(st, "corr")
    assert len(corr) == n + 5
    assert corr[:5] == ["hoarding"] * 5 and set(corr[5:]) == {"corruption"}
    h = kind("hoarding")
    assert R.card[h, T.C_TYPE] == K.T_CORRUPTION == R.card[kind("corruption"), T.C_TYPE]
    ok(st, R)


@pytest.mark.rule("HB-D03")
def test_a_hoarding_is_a_corruption_whose_end_of_game_text_differs():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_zone(st, 0, "deck", ["hoarding", "corruption"])
    assert TU.score(R, st, 0) == -2             # as a Corruption, with an empty Stash
    set_zone(st, 0, "stash", ["despair"] * 4)
    assert TU.score(R, st, 0) == -3             # -1 more for each 4 Stashed cards
    set_zone(st, 0, "stash", ["despair"] * 8)
    assert TU.score(R, st, 0) == -4
    # the Corruption stack deals it like any Corruption
    set_pile(st, "corr", ["corruption", "hoarding"])
    FX.gain_corruption(R, st, 0, 1)
    assert zone(st, 0, "discard") == ["hoarding"] and st.pl[0, S.P_CORRUPTIONS] == 1
    ok(st, R)


@pytest.mark.rule("HB-D04")
def test_step_four_the_shuffled_dos_deck_replaces_the_main_deck():
    orders = set()
    for seed in (1, 2, 3):
        R, cfg, st = _azog_state(seed=seed)
        TU.chapter_change(R, cfg, st, 0)
        main = pile(st, "main")
        dealt = main + [c for c in path(st) if c]
        assert len(dealt) == 60 and all(R.card[kind(c), T.C_SET] == K.SET_DOS for c in dealt)
        assert not any(R.card[c, T.C_SET] == K.SET_DOS for c in st.box[:st.sc[S.S_BOX_N]])
        assert events(st, K.EV_CHAPTER)[3][4] == 60
        orders.add(tuple(main))
        ok(st, R)
    assert len(orders) == 3                     # shuffled


@pytest.mark.rule("HB-D05")
def test_step_five_the_path_is_refilled_with_five_cards_of_the_new_deck():
    R, cfg, st = _azog_state()
    TU.chapter_change(R, cfg, st, 0)
    slots = path(st)
    assert all(c is not None for c in slots[:5]) and all(c is None for c in slots[5:])
    assert all(R.card[kind(c), T.C_SET] == K.SET_DOS for c in slots[:5])
    refills = [e for e in events(st, K.EV_REFILL)]
    assert [e[4] for e in refills[-5:]] == [0, 1, 2, 3, 4]
    assert st.sc[S.S_MAIN_N] == 55
    ok(st, R)


def _ambush_kinds(R, st):
    return [(s, int(c)) for s, c in enumerate(st.path[:5])
            if c >= 0 and FX.has_rows(R, int(c), K.TR_AMBUSH)]


def _seed_with_two_ambushes(players, defeater):
    """A seed whose new Path holds two Ambushes of different kinds whose every row hits each
    player (no Escape the Flames: the stack is empty at step 6)."""
    for seed in range(1, 400):
        R, cfg, st = _azog_state(players=players, seed=seed, defeater=defeater)
        TU.chapter_change(R, cfg, st, defeater)
        amb = _ambush_kinds(R, st)
        ks = [c for _, c in amb]
        if len(amb) == 2 and ks[0] != ks[1] and kind("escape-the-flames") not in ks:
            return seed, ks
    raise AssertionError("no seed deals two Ambushes into the new Path")


@pytest.mark.rule("HB-D06")
def test_step_six_the_new_paths_ambushes_hit_everyone_in_the_order_the_first_player_chooses():
    players, defeater = 3, 1
    seed, ks = _seed_with_two_ambushes(players, defeater)
    first = (defeater + 1) % players
    for pick, order in ((0, ks), (1, ks[::-1])):
        R, cfg, st = _azog_state(players=players, seed=seed, defeater=defeater)
        script(st, first, [pick])
        TU.chapter_change(R, cfg, st, defeater)
        assert st.decisions[K.D_ORDER] >= 1 and st.ctl[S.H_SEAT] == first
        hits = [(e[3], e[4]) for e in events(st, K.EV_GROUP)]
        want = [(c, (first + j) % players) for c in order for j in range(players)]
        assert hits == want                     # each fully, for all players, before the next
        assert st.sc[S.S_PEND_N] == 0
        n = len(events(st, K.EV_AMBUSH))
        TU.start_turn(R, cfg, st, first)        # they do not hit him again
        assert len(events(st, K.EV_AMBUSH)) == n
        ok(st, R)


@pytest.mark.rule("HB-D07")
@pytest.mark.rule("HB-D08")
@pytest.mark.rule("HB-D09")
def test_steps_seven_to_nine_the_new_archenemy_stack():
    orders = set()
    for seed in range(1, 9):
        R, cfg, st = _azog_state(seed=seed)
        TU.chapter_change(R, cfg, st, 0)
        arch = pile(st, "arch")
        assert len(arch) == 6
        assert arch[0] == "smaug-the-terrible"                  # step 7: starts the stack
        assert set(arch[1:5]) == LOOT4                          # step 8: on top of him
        assert arch[5] == "smaug-the-magnificent"               # step 9: on top of them
        assert Z.loot_under(R, st) == 4
        assert "impossible-smaug-the-terrible" in pile(st, "box")
        orders.add(tuple(arch[1:5]))
        ok(st, R)
    assert len(orders) > 1                      # the Level 4 Loot are shuffled


@pytest.mark.rule("HB-D10")
def test_the_player_left_of_azogs_defeater_takes_the_first_dos_turn_order_and_heroes_kept():
    cat = CAT_.load_catalog()                   # a copy whose turn cap this test may lower
    cat.rules.k[T.K_MAX_TURNS] = 4
    _, R, cfg, st = game(players=3, cat=cat, heroes="bard,kili,beorn")
    heroes = st.pl[:3, S.P_HERO].copy()
    set_pile(st, "arch", ["azog"], cat=cat)
    set_path(st, ["lindir", "ori", "warg", "dori", "elrond"], cat=cat)
    set_pile(st, "valor", [], cat=cat)
    set_zone(st, 0, "hand", ["elven-blade", "elven-blade", "elven-blade", "valor"], cat=cat)
    # seat 0: play his four cards, then fight Azog (options: the 5 Path cards, fight, end)
    script(st, 0, [0, 0, 0, 0, 5])
    G.play_game(R, cfg, st)
    assert st.sc[S.S_END] == K.END_CUT
    ch = events(st, K.EV_CHAPTER)
    assert ch and all(e[1] == 1 and e[2] == 0 for e in ch)   # at the end of turn 1, seat 0's
    assert [(e[1], e[2]) for e in events(st, K.EV_TURN)] == [(1, 0), (2, 1), (3, 2), (4, 0)]
    assert (st.pl[:3, S.P_HERO] == heroes).all()
    assert "azog" in [CAT.cards[c] for z in range(K.N_PLAYER_ZONES)
                      for c in st.z[0, z, :st.zn[0, z]]]
    # turn 2's first Path refill comes from the new main deck
    turn2 = [e for e in events(st, K.EV_REFILL) if e[1] == 2]
    assert all(R.card[e[3], T.C_SET] == K.SET_DOS for e in turn2)
    assert census(st, R) == []


@pytest.mark.rule("HB-D10")
def test_the_chapter_changes_seat_order_untouched_whoever_felled_azog():
    for defeater in (0, 1, 2):
        R, cfg, st = _azog_state(defeater=defeater)
        heroes = st.pl[:3, S.P_HERO].copy()
        TU.end_turn(R, cfg, st, defeater)
        assert st.sc[S.S_CHAPTER] == 1 and st.sc[S.S_CUR] == defeater
        assert (st.pl[:3, S.P_HERO] == heroes).all()


@pytest.mark.rule("HB-D11")
def test_a_new_boxs_hero_plays_from_the_first_turn_of_the_journey():
    R, cfg, st = new(players=2, heroes="bofur,tauriel")
    assert [CAT.heroes[h] for h in st.pl[:2, S.P_HERO]] == ["bofur", "tauriel"]
    assert st.sc[S.S_CHAPTER] == 0
    set_zone(st, 0, "hand", ["valor", "courage"])
    script(st, 0, [0])                          # Bofur's stash-start, in An Unexpected Journey
    TU.start_turn(R, cfg, st, 0)
    assert zone(st, 0, "stash") == ["valor"]
    set_pile(st, "arch", ["azog"])
    st.sc[S.S_POWER] = cost(R, "azog")
    TU.fight(R, cfg, st, 0)
    TU.end_turn(R, cfg, st, 0)
    assert st.sc[S.S_CHAPTER] == 1
    assert [CAT.heroes[h] for h in st.pl[:2, S.P_HERO]] == ["bofur", "tauriel"]
    ok(st, R)


@pytest.mark.rule("HB-D12")
def test_smaug_the_terrible_scorches_the_path_at_the_start_of_each_turn():
    R, cfg, st = new(chapter=1)
    set_pile(st, "arch", ["smaug-the-terrible"])
    set_path(st, ["lake-town-fishermen", "orcs-of-dol-guldur", "orc-raiders", "dragon-gold",
                  "lake-town-guards"])          # 2, 3, 5, 6, 4
    set_pile(st, "main", ["mirkwood-elves", "giant-spiders"])     # a 5 on top
    set_pile(st, "destroyed_dos", [])
    TU.start_turn(R, cfg, st, 1)
    assert path(st)[:6] == [None, None, "orc-raiders", "dragon-gold", None, "giant-spiders"]
    assert pile(st, "destroyed_dos") == ["lake-town-fishermen", "orcs-of-dol-guldur",
                                         "lake-town-guards"]
    assert pile(st, "main") == ["mirkwood-elves"]
    # the next turn: a 3 goes into the first empty slot and destroys none of the dearer cards
    TU.start_turn(R, cfg, st, 0)
    assert path(st)[:6] == ["mirkwood-elves", None, "orc-raiders", "dragon-gold", None,
                            "giant-spiders"]
    ok(st, R)


@pytest.mark.rule("HB-D12")
def test_smaug_the_terrible_scorches_only_from_the_top_of_the_stack():
    R, cfg, st = new(chapter=1)                 # Smaug the Magnificent on top
    set_path(st, ["lake-town-fishermen", "orcs-of-dol-guldur", "orc-raiders", "dragon-gold",
                  "lake-town-guards"])
    n = st.sc[S.S_MAIN_N]
    TU.start_turn(R, cfg, st, 1)
    assert path(st)[:6] == ["lake-town-fishermen", "orcs-of-dol-guldur", "orc-raiders",
                            "dragon-gold", "lake-town-guards", None]
    assert st.sc[S.S_MAIN_N] == n
    ok(st, R)


@pytest.mark.rule("HB-D12")
@pytest.mark.rule("HB-S04")
@pytest.mark.parametrize("knob", [None, "scorch-slots=five-slots"])
def test_smaug_the_terrible_puts_his_card_into_a_full_path_beyond_its_five_slots(knob):
    cat = CAT_.load_catalog(assume=[knob]) if knob else None
    R, cfg, st = new(chapter=1, cat=cat)
    set_pile(st, "arch", ["smaug-the-terrible"], cat=cat)
    set_path(st, ["orc-raiders", "dragon-gold", "durins-line-tapestry", "the-burglar",
                  "master-of-lake-town"], cat=cat)                    # 5, 6, 6, 6, 6: full
    set_pile(st, "main", ["giant-spiders"], cat=cat)                    # a 5: destroys none
    set_pile(st, "destroyed_dos", [], cat=cat)
    TU.start_turn(R, cfg, st, 1)
    if knob is None:                            # a sixth slot
        assert path(st)[5] == "giant-spiders" and pile(st, "destroyed_dos") == []
    else:                                       # five slots: it is destroyed itself
        assert path(st)[5] is None and pile(st, "destroyed_dos") == ["giant-spiders"]
        set_pile(st, "main", ["mirkwood-elves", "fimbul-the-hunter"], cat=cat)   # a 6: the 5 goes
        TU.start_turn(R, cfg, st, 1)
        assert path(st)[:6] == ["fimbul-the-hunter", "dragon-gold", "durins-line-tapestry",
                                "the-burglar", "master-of-lake-town", None]
    ok(st, R)


@pytest.mark.rule("HB-D12")
@pytest.mark.rule("HB-T10")
@pytest.mark.parametrize("knob", [None, "scorch-ambush=hits"])
def test_the_ambush_of_the_card_smaug_the_terrible_puts_into_the_path_hits_only_by_the_knob(knob):
    cat = CAT_.load_catalog(assume=[knob]) if knob else None
    R, cfg, st = new(chapter=1, cat=cat)
    set_pile(st, "arch", ["smaug-the-terrible"], cat=cat)
    set_path(st, [None] * 5, cat=cat)
    set_pile(st, "main", ["orcs-of-dol-guldur"], cat=cat)               # Ambush: discard 1
    clear(st, 1)
    set_zone(st, 1, "hand", ["courage", "despair"], cat=cat)
    TU.start_turn(R, cfg, st, 1)
    assert path(st)[0] == "orcs-of-dol-guldur"
    hit = [e for e in events(st, K.EV_AMBUSH) if e[3] == kind("orcs-of-dol-guldur")]
    assert len(zone(st, 1, "hand")) == (2 if knob is None else 1) and len(hit) == (knob is not None)
    ok(st, R)


@pytest.mark.rule("HB-K01")
@pytest.mark.parametrize("knob", [None, "stack-ongoing=whole-stack"])
def test_azogs_stack_ongoing_acts_from_under_the_trolls_only_by_the_knob(knob):
    cat = CAT_.load_catalog(assume=[knob]) if knob else None
    R, cfg, st = new(cat=cat)                   # set-up: The Trolls on top, Azog at the bottom
    assert pile(st, "arch")[0] == "azog" and pile(st, "arch")[-1] == "the-trolls"
    extra = 0 if knob is None else 1            # Azog: Allies cost 1 more
    assert Z.effective_cost(R, st, 0, kind("ori")) == cost(R, "ori") + extra
    assert Z.effective_cost(R, st, 0, kind("warg")) == cost(R, "warg")


@pytest.mark.rule("HB-D12")
@pytest.mark.rule("HB-K01")
def test_smaug_the_terrible_scorches_from_under_smaug_the_magnificent_with_the_whole_stack_live():
    cat = CAT_.load_catalog(assume=["stack-ongoing=whole-stack"])
    R, cfg, st = new(chapter=1, cat=cat)        # Smaug the Magnificent on top
    set_path(st, ["lake-town-fishermen", None, None, None, None], cat=cat)   # a 2
    set_pile(st, "main", ["giant-spiders"], cat=cat)                         # a 5
    TU.start_turn(R, cfg, st, 1)
    assert path(st)[:2] == [None, "giant-spiders"]             # the 2 destroyed
    ok(st, R)


@pytest.mark.rule("HB-D13")
def test_smaug_the_terrible_with_no_loot_under_him_is_gained_and_ends_the_game():
    R, cfg, st = new(chapter=1)
    set_pile(st, "arch", ["smaug-the-terrible"])
    clear(st, 0)
    st.sc[S.S_POWER] = cost(R, "smaug-the-terrible")
    assert TU.fight_gain(R, st) == kind("smaug-the-terrible")
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["smaug-the-terrible"] and st.sc[S.S_ARCH_N] == 0
    assert st.sc[S.S_SMAUG_FELL] == 1 and st.sc[S.S_END] == K.END_SMAUG
    assert TU.score(R, st, 0) == R.card[kind("smaug-the-terrible"), T.C_VP] == 8
    ok(st, R)


@pytest.mark.rule("HB-D15")
def test_cards_under_smaug_are_loot_each_defeat_gains_one():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    got = []
    for _ in range(4):
        st.sc[S.S_POWER] = cost(R, "smaug-the-magnificent")
        assert TU.can_fight(R, st)
        TU.fight(R, cfg, st, 0)
        got.append(zone(st, 0, "discard")[-1])
        assert pile(st, "arch")[-1] == "smaug-the-magnificent"
    assert got == ["thrors-crown", "the-gems-of-lasgalen", "the-black-arrow", "the-arkenstone"]
    st.sc[S.S_POWER] = 99
    assert not TU.can_fight(R, st)              # 0 VP and no Loot left
    assert pile(st, "arch") == ["smaug-the-terrible", "smaug-the-magnificent"]
    ok(st, R)


@pytest.mark.rule("HB-D15")
@pytest.mark.rule("HB-K15")
def test_azog_put_under_smaug_by_escape_the_flames_is_loot_not_the_live_archenemy():
    R, cfg, st = new(chapter=1)                 # Smaug the Magnificent on his four Loot
    clear(st, 1)
    set_zone(st, 1, "hand", ["courage", "azog", "valor"])
    assert hand_has_no_defense(R, st, 1)
    FX.ambush(R, cfg, st, 1, kind("escape-the-flames"))     # Azog is the costliest card (11)
    assert pile(st, "arch") == SMAUGS[:5] + ["azog", "smaug-the-magnificent"]
    assert Z.loot_under(R, st) == 5             # Azog is Loot, the four Level 4 Loot too
    ally = kind("ori")
    assert Z.effective_cost(R, st, 0, ally) == cost(R, "ori")    # his Stack Ongoing is not live
    # Smaug cannot be defeated while Azog lies under him: a defeat earns Azog, as Loot
    clear(st, 0)
    st.sc[S.S_POWER] = cost(R, "smaug-the-magnificent")
    assert TU.fight_gain(R, st) == kind("azog")
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["azog"]
    assert pile(st, "arch") == SMAUGS
    # the end of the turn leaves Smaug the Magnificent on top with his Loot: Azog never
    # becomes the live archenemy (no Group Ambush of his)
    TU.end_turn(R, cfg, st, 0)
    assert pile(st, "arch") == SMAUGS and Z.loot_under(R, st) == 4
    assert {a for _, _, _, a, _, _ in events(st, K.EV_GROUP)} == {kind("smaug-the-magnificent")}
    ok(st, R)


@pytest.mark.rule("HB-D15")
def test_a_defeat_for_face_down_loot_names_no_card_to_the_deciding_player():
    R, cfg, st = new(chapter=1)
    clear(st, 0)
    set_path(st, [None] * 5)
    st.sc[S.S_POWER] = cost(R, "smaug-the-magnificent")
    script(st, 0, [2])                          # the Valor, the fight, the end: the end
    TU.buy_phase(R, cfg, st, 0)
    assert list(st.options[:3]) == [K.OPT_VALOR, K.OPT_FIGHT, K.OPT_END]
    assert st.optcard[1] == -1                  # the Loot is face down
    set_pile(st, "arch", ["smaug-the-terrible"])
    st.sc[S.S_POWER] = cost(R, "smaug-the-terrible")
    script(st, 0, [2])                          # no Loot: the fight names Smaug himself
    TU.buy_phase(R, cfg, st, 0)
    assert list(st.options[:3]) == [K.OPT_VALOR, K.OPT_FIGHT, K.OPT_END]
    assert st.optcard[1] == kind("smaug-the-terrible")


# =================================================================== Impossible Mode
@pytest.mark.rule("HB-I01")
@pytest.mark.parametrize("mode", ["impossible", "coop"])
def test_impossible_the_hoarding_corruptions_go_on_top_of_the_corruption_stack(mode):
    R, cfg, st = _azog_state(mode=mode, ambushes=False)
    n = st.sc[S.S_CORR_N]
    TU.chapter_change(R, cfg, st, 0)
    corr = pile(st, "corr")
    assert len(corr) == n + 5 and corr[-5:] == ["hoarding"] * 5
    assert set(corr[:-5]) == {"corruption"}
    FX.gain_corruption(R, st, 1, 1)
    assert zone(st, 1, "discard")[-1] == "hoarding"
    ok(st, R)


@pytest.mark.rule("HB-I02")
@pytest.mark.parametrize("mode", ["impossible", "coop"])
def test_impossible_mode_uses_its_own_smaugs_and_is_played_from_the_very_start(mode):
    R, cfg, st = _azog_state(mode=mode)
    assert st.sc[S.S_MODE] == K.MODES[mode]
    TU.chapter_change(R, cfg, st, 0)
    arch = pile(st, "arch")
    assert arch[0] == "impossible-smaug-the-terrible" and arch[-1] == "impossible-smaug-the-magnificent"
    assert set(arch[1:5]) == LOOT4
    assert {"smaug-the-terrible", "smaug-the-magnificent"} <= set(pile(st, "box"))
    with pytest.raises(UserError):
        make_config(CAT, players=3, mode=mode, start="dos")
    ok(st, R)


@pytest.mark.rule("HB-I03")
def test_impossible_smaug_the_magnificent_avoid_hoard_or_gain_a_corruption():
    R, cfg, st = new(players=3, mode="impossible", chapter=1)
    for p in (0, 1, 2):
        clear(st, p)
    set_zone(st, 0, "hand", ["stealth", "courage"])
    set_zone(st, 0, "deck", ["despair"])      # Stealth's Defense draws it (no reshuffle)
    set_zone(st, 1, "hand", ["valor", "courage"])
    set_zone(st, 2, "hand", ["valor", "courage"])
    # #0 seat 0 defends with Stealth; #1 seat 1 hoards his Valor; #2 seat 2 declines (none)
    script(st, 0, [0])
    script(st, 1, [0, 0])
    script(st, 2, [0, 0, 2])
    corr_n = st.sc[S.S_CORR_N]
    FX.group_ambush(R, cfg, st, 0, kind("impossible-smaug-the-magnificent"), K.TR_GROUP)
    assert [e[5] for e in events(st, K.EV_GROUP)] == [1, 0, 0]   # seat 0 avoided it
    assert zone(st, 0, "discard") == ["stealth"]                 # and gained nothing
    assert zone(st, 1, "hand") == ["courage"] and zone(st, 1, "discard") == []
    assert pile(st, "arch")[-2:] == ["valor", "impossible-smaug-the-magnificent"]
    assert Z.loot_under(R, st) == 5
    assert zone(st, 2, "hand") == ["valor", "courage"] and zone(st, 2, "discard") == ["corruption"]
    assert st.sc[S.S_CORR_N] == corr_n - 1
    ok(st, R)


@pytest.mark.rule("HB-I03")
def test_impossible_smaug_the_magnificent_an_empty_hand_gains_a_corruption():
    R, cfg, st = new(players=2, mode="impossible", chapter=1)
    for p in (0, 1):
        clear(st, p)
    FX.group_ambush(R, cfg, st, 0, kind("impossible-smaug-the-magnificent"), K.TR_GROUP)
    assert zone(st, 0, "discard") == ["corruption"] == zone(st, 1, "discard")
    ok(st, R)


@pytest.mark.rule("HB-I04")
def test_impossible_smaug_the_terrible_a_six_destroys_every_path_card_not_costing_six():
    R, cfg, st = new(mode="impossible", chapter=1)
    set_pile(st, "arch", ["impossible-smaug-the-terrible"])
    set_path(st, ["lake-town-fishermen", "the-burglar", "the-key-of-erebor", "dragon-gold",
                  "lake-town-guards"])          # 2, 6, 7, 6, 4
    set_pile(st, "main", ["orc-raiders", "fimbul-the-hunter"])    # a 6 on top, then a 5
    set_pile(st, "destroyed_dos", [])
    TU.start_turn(R, cfg, st, 1)
    assert path(st)[:6] == [None, "the-burglar", None, "dragon-gold", None, "fimbul-the-hunter"]
    assert sorted(pile(st, "destroyed_dos")) == ["lake-town-fishermen", "lake-town-guards",
                                                 "the-key-of-erebor"]
    # a card of another cost destroys nothing
    TU.start_turn(R, cfg, st, 0)
    assert path(st)[:6] == ["orc-raiders", "the-burglar", None, "dragon-gold", None,
                            "fimbul-the-hunter"]
    assert len(pile(st, "destroyed_dos")) == 3
    ok(st, R)


def _path_runs_dry(mode):
    R, cfg, st = new(players=3, mode=mode, chapter=1)
    set_pile(st, "main", [])
    set_path(st, ["ori", None, "warg", "dori", "elrond"])
    TU.end_turn(R, cfg, st, 0)
    assert st.sc[S.S_END] == K.END_PATH
    for p in range(3):
        clear(st, p)
    set_zone(st, 1, "deck", ["valor"])          # seat 1 has the most VP
    return R, cfg, st


@pytest.mark.rule("HB-I05")
@pytest.mark.parametrize("mode", ["impossible", "coop"])
def test_impossible_a_path_that_cannot_be_refilled_loses_the_game_for_the_company(mode):
    R, cfg, st = _path_runs_dry(mode)
    for focal in range(3):
        st.sc[S.S_FOCAL] = focal
        G.finish(R, cfg, st)
        assert st.sc[S.S_OUTCOME] == K.LOSS and st.sc[S.S_LOSS] == K.LOSS_PATH
        assert st.sc[S.S_WINNER] == -1
    ok(st, R)


@pytest.mark.rule("HB-I05")
@pytest.mark.parametrize("assume, chapter, company_loses", [
    ((), 0, True), ((), 1, True),
    (("impossible-auj=dos-only",), 0, False), (("impossible-auj=dos-only",), 1, True)])
def test_impossible_the_dry_path_loss_follows_the_impossible_auj_knob(assume, chapter,
                                                                      company_loses):
    cat = CAT_.load_catalog(assume=list(assume))
    R, cfg, st = new(players=3, mode="impossible", chapter=chapter, cat=cat)
    set_pile(st, "main", [], cat=cat)
    set_path(st, ["ori", None, "warg", "dori", "elrond"], cat=cat)
    TU.end_turn(R, cfg, st, 0)
    assert st.sc[S.S_END] == K.END_PATH
    for p in range(3):
        clear(st, p)
    set_zone(st, 1, "deck", ["valor"], cat=cat)
    st.sc[S.S_FOCAL] = 1
    G.finish(R, cfg, st)
    if company_loses:
        assert (st.sc[S.S_OUTCOME], st.sc[S.S_LOSS], st.sc[S.S_WINNER]) == (K.LOSS, K.LOSS_PATH, -1)
    else:                                       # dos-only: An Unexpected Journey ends on VP
        assert (st.sc[S.S_OUTCOME], st.sc[S.S_WINNER]) == (K.WIN, 1)
    assert census(st, R) == []


@pytest.mark.rule("HB-I05")
def test_in_normal_mode_a_dry_path_ends_the_game_on_vp():
    R, cfg, st = _path_runs_dry("normal")
    st.sc[S.S_FOCAL] = 1
    G.finish(R, cfg, st)
    assert st.sc[S.S_OUTCOME] == K.WIN and st.sc[S.S_WINNER] == 1
    st.sc[S.S_FOCAL] = 0
    G.finish(R, cfg, st)
    assert st.sc[S.S_OUTCOME] == K.LOSS and st.sc[S.S_LOSS] == K.LOSS_OUTSCORED


@pytest.mark.rule("HB-I06")
def test_coop_everyone_wins_when_smaug_the_terrible_falls_no_vp_counted():
    R, cfg, st = new(players=3, mode="coop", chapter=1)
    set_pile(st, "arch", ["impossible-smaug-the-terrible"])
    for p in range(3):
        clear(st, p)
    set_zone(st, 2, "deck", ["valor", "valor", "valor"])   # seat 2 far ahead on VP
    set_zone(st, 0, "deck", ["corruption"])
    st.sc[S.S_POWER] = cost(R, "impossible-smaug-the-terrible")
    TU.fight(R, cfg, st, 1)
    assert st.sc[S.S_END] == K.END_SMAUG
    for focal in range(3):
        st.sc[S.S_FOCAL] = focal
        G.finish(R, cfg, st)
        assert st.sc[S.S_OUTCOME] == K.WIN and st.sc[S.S_LOSS] == K.LOSS_NONE
        assert st.sc[S.S_WINNER] == -1
    ok(st, R)


@pytest.mark.rule("HB-I06")
def test_coop_a_player_may_hold_back_an_attack():
    R, cfg, st = new(players=2, mode="coop", chapter=1)
    for p in (0, 1):
        clear(st, p)
    set_zone(st, 1, "hand", ["courage"])
    set_zone(st, 0, "hand", ["orc-raiders", "courage"])
    script(st, 0, [1, 1])                       # play the Courage, then stop: the Attack kept
    TU.play_hand(R, cfg, st, 0)
    assert zone(st, 0, "hand") == ["orc-raiders"] and events(st, K.EV_ATTACK) == []
    assert zone(st, 1, "discard") == []
    ok(st, R)


@pytest.mark.rule("HB-I07")
@pytest.mark.parametrize("chapter", [0, 1])
def test_impossible_a_destroyed_corruption_goes_back_on_top_of_its_stack(chapter):
    R, cfg, st = new(mode="impossible", chapter=chapter)
    clear(st, 0)
    set_pile(st, "destroyed_auj", [])
    set_pile(st, "destroyed_dos", [])
    set_zone(st, 0, "hand", ["corruption", "valor"])
    set_zone(st, 0, "discard", ["hoarding"])
    set_pile(st, "corr", ["corruption"] * 3)
    script(st, 0, [0, 1])                       # the Corruption of the hand, then the Hoarding
    FX.apply_op(R, cfg, st, 0, -1, K.OP_DESTROY, 2, 0, 1)
    assert pile(st, "corr") == ["corruption"] * 4 + ["hoarding"]
    assert pile(st, "destroyed_auj") == [] == pile(st, "destroyed_dos")
    assert zone(st, 0, "hand") == ["valor"]
    ok(st, R)


@pytest.mark.rule("HB-I07")
def test_in_normal_mode_a_destroyed_corruption_goes_to_the_destroyed_pile():
    R, cfg, st = new(mode="normal", chapter=1)
    clear(st, 0)
    set_pile(st, "destroyed_auj", [])
    set_zone(st, 0, "hand", ["corruption"])
    n = st.sc[S.S_CORR_N]
    FX.apply_op(R, cfg, st, 0, -1, K.OP_DESTROY, 1, 0, 1)
    assert pile(st, "destroyed_auj") == ["corruption"] and st.sc[S.S_CORR_N] == n
    ok(st, R)


@pytest.mark.rule("HB-I07")
def test_impossible_corruptions_return_only_in_the_second_chapter_with_dos_only():
    cat = CAT_.load_catalog(assume=["impossible-auj=dos-only"])
    for chapter, returns in ((0, False), (1, True)):
        R, cfg, st = new(mode="impossible", chapter=chapter, cat=cat)
        clear(st, 0)
        set_pile(st, "destroyed_auj", [], cat=cat)
        set_zone(st, 0, "hand", ["corruption"], cat=cat)
        n = st.sc[S.S_CORR_N]
        FX.apply_op(R, cfg, st, 0, -1, K.OP_DESTROY, 1, 0, 1)
        assert (st.sc[S.S_CORR_N] == n + 1) == returns
        assert (pile(st, "destroyed_auj") == ["corruption"]) == (not returns)


@pytest.mark.rule("HB-I08")
def test_impossible_smaugs_loot_is_shuffled_and_taken_at_random():
    got = collections.Counter()
    for seed in range(1, 41):
        R, cfg, st = new(mode="impossible", chapter=1, seed=seed)
        clear(st, 0)
        st.sc[S.S_POWER] = cost(R, "impossible-smaug-the-magnificent")
        TU.fight(R, cfg, st, 0)
        got[zone(st, 0, "discard")[0]] += 1
        assert Z.loot_under(R, st) == 3 and pile(st, "arch")[-1] == "impossible-smaug-the-magnificent"
        ok(st, R)
    assert set(got) == LOOT4                    # not always the Loot immediately under him
    # the Burglar's theft is random too
    stolen = set()
    for seed in range(1, 41):
        R, cfg, st = new(mode="impossible", chapter=1, seed=seed)
        clear(st, 0)
        set_zone(st, 0, "hand", ["the-burglar"])
        play(R, cfg, st, 0, "the-burglar")
        stolen.add(zone(st, 0, "discard")[0])
    assert stolen == LOOT4


@pytest.mark.rule("HB-I08")
def test_a_card_put_into_smaugs_loot_is_loot_only_while_there():
    R, cfg, st = new(players=2, mode="impossible", chapter=1)
    for p in (0, 1):
        clear(st, p)
    set_pile(st, "arch", ["impossible-smaug-the-terrible", "impossible-smaug-the-magnificent"])
    set_zone(st, 1, "hand", ["valor"])
    script(st, 1, [0])                          # put the Valor into Smaug's Loot
    FX.apply_op(R, cfg, st, 1, kind("impossible-smaug-the-magnificent"), K.OP_HOARD_OR, 0, 0, 0)
    assert Z.loot_under(R, st) == 1 and pile(st, "arch")[0] == "impossible-smaug-the-terrible"
    assert TU.fight_gain(R, st) == kind("valor")        # Loot while under Smaug
    st.sc[S.S_POWER] = cost(R, "impossible-smaug-the-magnificent")
    TU.fight(R, cfg, st, 0)
    assert zone(st, 0, "discard") == ["valor"] and Z.loot_under(R, st) == 0
    assert R.card[kind("valor"), T.C_TYPE] == K.T_VALOR  # a plain Valor again
    assert TU.fight_gain(R, st) == -1                    # no Loot left
    ok(st, R)
