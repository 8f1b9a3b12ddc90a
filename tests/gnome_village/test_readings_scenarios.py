"""Five readings of the rulebook, labelled in data/setup.toml and data/assumptions.toml (the whole-game check of each is in test_readings.py), data/assumptions.toml), one scenario per
reading, the default's and the alternative's side by side: which workshop the Doctor may
activate (doctor: any | empty), when a business counts as used (business-used: performed |
visited), which edges of a road a gnome may cross (road-walk: edge | path), whether a group
Activate card binds the other players (group-activate: all | optional), and what 3 coins may
stand in for when a house is made (house-substitute: both | one)."""
import pytest

from simcore.games.gnome_village import actions as AC
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import state as S
from simcore.games.gnome_village import tables as T
from simcore.games.gnome_village import turn as TU
from simcore.games.gnome_village.catalog import load_catalog
from simcore.games.gnome_village.village import move_targets

from .scenario import Game, cells, rules

SCHOOL = K.W_SCHOOL


def test_the_readings_in_force_and_their_alternatives():
    r = rules()
    assert (r.k[T.K_DOCTOR], r.k[T.K_BUSINESS_USED], r.k[T.K_ROAD_WALK], r.k[T.K_GROUP_ACTIVATE],
            r.k[T.K_HOUSE_SUBSTITUTE]) == (K.DOCTOR_ANY, K.USED_PERFORMED, K.WALK_EDGE, K.GROUP_ALL,
                                           K.HOUSE_SUB_BOTH)
    assert rules("doctor=empty").k[T.K_DOCTOR] == K.DOCTOR_EMPTY
    assert rules("business-used=visited").k[T.K_BUSINESS_USED] == K.USED_VISITED
    assert rules("road-walk=path").k[T.K_ROAD_WALK] == K.WALK_PATH
    assert rules("group-activate=optional").k[T.K_GROUP_ACTIVATE] == K.GROUP_OPTIONAL
    assert rules("house-substitute=one").k[T.K_HOUSE_SUBSTITUTE] == K.HOUSE_SUB_ONE


# ------------------------------------------------------------------ doctor
def doctor_on_a_workshop_with_a_gnome(*assume):
    """Player 0's gnome 0 acts on the Doctor; its only inactive workshop, a School, has its
    gnome 1 on it (it used the School and stayed)."""
    g = Game(2, assume=assume)
    g.draw(0, ["H  B:doctor@  Ws@",
               "X  X          X"])
    g.st.pl[0, S.P_TURNS] = 5
    AC.perform(g.R, g.C, g.st, 0, 0, 0, 1, 0)
    return g


@pytest.mark.rule("GV-A09")
def test_the_doctor_activates_a_workshop_with_a_gnome_on_it():
    g = doctor_on_a_workshop_with_a_gnome()
    assert g.st.flag[0, 0, 2] == 1 and g.st.prod[1, SCHOOL] == 1
    assert g.st.used[0, 0, 1] == 5                         # performed: the Doctor is used


@pytest.mark.rule("GV-A09")
def test_with_doctor_empty_a_workshop_with_a_gnome_on_it_is_not_offered():
    g = doctor_on_a_workshop_with_a_gnome("doctor=empty")
    assert g.st.flag[0, 0, 2] == 0 and g.st.prod[1, SCHOOL] == 0
    assert g.st.used[0, 0, 1] == 0                         # nothing to do: not used


# ------------------------------------------------------------------ business-used
def airport_with_no_target(*assume):
    """Player 0's gnome acts on its Airport on turn 5 with nowhere to fly (player 1's only
    business has a gnome on it); on turn 6 player 1 has a free Police to fly to."""
    g = Game(2, assume=assume)
    st = g.st
    g.draw(0, ["H  B:airport@",
               "X  X"])
    g.draw(1, ["H  B:police@",
               "X  X"])
    st.pl[0, S.P_TURNS] = 5
    AC.perform(g.R, g.C, st, 0, 0, 0, 1, 0)
    assert st.gnome[0, 0, S.GN_HOST] == 0                 # it did not fly
    st.pl[0, S.P_TURNS] = 6
    g.draw(1, ["H@  B:police",
               "X   X"])
    return g


@pytest.mark.rule("GV-B05")
@pytest.mark.rule("GV-A10")
def test_an_airport_with_no_target_is_usable_next_turn():
    g = airport_with_no_target()
    st = g.st
    assert st.used[0, 0, 1] == 0 and AC.can_use(st, 0, 0, 0, 1)
    TU.move_to(g.R, g.C, st, 0, 0, K.STAY)                # staying does not act again
    assert st.gnome[0, 0, S.GN_HOST] == 0 and st.used[0, 0, 1] == 0
    st.gnome[0, 0, 1:3] = (0, 0)                          # home, then back onto the Airport
    TU.move_to(g.R, g.C, st, 0, 0, 1)
    assert tuple(st.gnome[0, 0, :4]) == (S.GS_ACTIVE, 0, 1, 1)   # flew to player 1's Police
    assert st.used[0, 0, 1] == 6


@pytest.mark.rule("GV-B05")
@pytest.mark.rule("GV-A10")
def test_a_declined_airport_is_usable_next_turn():
    for assume, usable in (((), True), (("business-used=visited",), False)):
        g = Game(2, assume=assume)
        st = g.st
        g.draw(0, ["H  B:airport@",
                   "X  X"])
        g.draw(1, ["H@  B:police",
                   "X   X"])
        st.pl[0, S.P_TURNS] = 5
        g.script(0, 1)                                     # option 1: ACTION_SKIP, after the Police
        AC.perform(g.R, g.C, st, 0, 0, 0, 1, 0)
        assert st.gnome[0, 0, S.GN_HOST] == 0
        st.pl[0, S.P_TURNS] = 6
        assert AC.can_use(st, 0, 0, 0, 1) == usable


@pytest.mark.rule("GV-B05")
def test_with_business_used_visited_an_airport_with_no_target_is_used():
    g = airport_with_no_target("business-used=visited")
    st = g.st
    assert st.used[0, 0, 1] == 5 and not AC.can_use(st, 0, 0, 0, 1)
    st.gnome[0, 0, 1:3] = (0, 0)
    TU.move_to(g.R, g.C, st, 0, 0, 1)
    assert st.gnome[0, 0, S.GN_HOST] == 0                 # on the Airport, but no flight


@pytest.mark.rule("GV-B05")
def test_a_thief_with_nobody_to_rob_is_not_used_and_one_that_robs_is():
    g = Game(2)
    st = g.st
    g.draw(0, ["H  B:thief@",
               "X  X"])
    g.coins(1, 0)
    st.pl[0, S.P_TURNS] = 5
    AC.perform(g.R, g.C, st, 0, 0, 0, 1, 0)
    assert st.used[0, 0, 1] == 0
    g.coins(1, 2)
    AC.perform(g.R, g.C, st, 0, 0, 0, 1, 0)
    assert st.used[0, 0, 1] == 5 and st.pl[1, S.P_COINS] == 0


# ------------------------------------------------------------------ road-walk
# the gnome's house (0, 0) borders the T-junction (0, 1) on the T's side without a path (Tw:
# paths n, e, s); the Police (0, 2) is reached only through it
ROAD_SIDE = ["H@  Tw  B:police",
             ".   X   ."]


@pytest.mark.rule("GV-M01")
def test_a_gnome_crosses_any_edge_of_a_road_or_only_its_paths():
    for assume, reached in (((), True), (("road-walk=path",), False)):
        g = Game(2, assume=assume)
        g.draw(0, ROAD_SIDE)
        n = move_targets(g.R, g.st, 0, 0)
        assert ((0, 2) in cells(g.st, n)) == reached
    g = Game(2, assume=("road-walk=path",))               # along the paths it still goes round
    g.draw(0, ["H@  .  B:police",
               "X   X  X"])
    assert (0, 2) in cells(g.st, move_targets(g.R, g.st, 0, 0))


# ------------------------------------------------------------------ group-activate
@pytest.mark.rule("GV-F02")
def test_a_group_card_activates_for_every_player_or_lets_the_others_decline():
    for assume, active in (((), 1), (("group-activate=optional",), 0)):
        g = Game(2, assume=assume)
        st = g.st
        g.draw(1, ["H@  Ws",
                   "X   X"])
        g.script(1, 1)              # optional: option 1 declines; all: one option, no decision
        TU.resolve_card(g.R, g.C, st, 0, g.card(K.F_ACTIVATE, group=True))
        assert st.flag[1, 0, 1] == active
        e = g.events(K.EV_ACTIVATE)
        assert e[e[:, 2] == 1][-1, 5] == 1 - active            # logged as declined


# ------------------------------------------------------------------ house-substitute
def house_offered(assume, picture, coins):
    g = Game(2, assume=assume)
    g.draw(0, picture)
    g.coins(0, coins)
    n = TU.list_buys(g.R, g.st, 0)
    return K.BUY_HOUSE * K.BUY_ARG in [int(o) for o in g.st.options[:n]]


@pytest.mark.rule("GV-C04")
@pytest.mark.rule("GV-W04")
def test_coins_stand_in_for_both_painter_and_carpenter_or_for_one():
    neither = ["H@  .", "X   X"]
    carpenter = ["H@  WC  .", "X   X   X"]
    assert house_offered((), neither, 6) and not house_offered((), neither, 5)
    assert not house_offered(("house-substitute=one",), neither, 6)
    for assume in ((), ("house-substitute=one",)):
        assert house_offered(assume, carpenter, 3)          # rb L199's example
        assert not house_offered(assume, carpenter, 2)
