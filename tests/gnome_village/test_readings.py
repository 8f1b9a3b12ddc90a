"""The readings that were fixed in code and are now knobs (data/setup.toml, data/assumptions.toml):
where a gnome sent home stands (home-house: first | own), how much one Architect action
moves (architect: one | any) and when the Financial Advisor pays (advisor: spent | work-buy). One scenario per alternative, the default's beside it; the
default games are the recorded ones (test_golden.py)."""
import numpy as np
import pytest

from simcore.games.gnome_village import actions as AC
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import core as CO
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village import state as S
from simcore.games.gnome_village import tables as T
from simcore.games.gnome_village import turn as TU
from simcore.games.gnome_village.catalog import load_catalog
from simcore.games.gnome_village.config import make_config
from simcore.games.gnome_village.village import check_village
from simcore.policy import RANDOM

from .scenario import Game, rules


def cell(r, c):
    return r * K.GRID + c


def test_the_readings_in_force_and_their_alternatives():
    assert rules().k[T.K_HOME] == K.HOME_FIRST and rules().k[T.K_ARCHITECT] == K.ARCHITECT_ONE
    assert rules("home-house=own").k[T.K_HOME] == K.HOME_OWN
    assert rules("architect=any").k[T.K_ARCHITECT] == K.ARCHITECT_ANY
    assert rules().k[T.K_ADVISOR] == K.ADVISOR_SPENT
    assert rules("advisor=work-buy").k[T.K_ADVISOR] == K.ADVISOR_WORK_BUY


# ------------------------------------------------------------------ home-house
TWO_HOMES = ["H@  H  B:police@",       # gnome 0 at home on (0, 0); gnome 1 on the Police,
             "X   X  X"]                # its own house (0, 1) lit and empty


def two_homes(*assume):
    g = Game(2, assume=assume)
    g.draw(0, TWO_HOMES)
    g.st.gnome[0, 0, S.GN_HOME] = cell(0, 0)
    g.st.gnome[0, 1, S.GN_HOME] = cell(0, 1)
    return g


@pytest.mark.rule("GV-F09")
def test_angry_gnome_sends_a_gnome_to_the_first_lit_house_or_to_its_own():
    g = two_homes()
    TU.angry(g.R, g.C, g.st, 0)
    assert tuple(g.st.gnome[0, 1, 1:3]) == (0, 0)        # first in reading order
    g = two_homes("home-house=own")
    TU.angry(g.R, g.C, g.st, 0)
    assert tuple(g.st.gnome[0, 1, 1:3]) == (0, 1)        # the house it lit
    assert g.events(K.EV_HOME)[-1, 5] == cell(0, 1)


@pytest.mark.rule("GV-F04")
def test_a_removed_business_sends_its_gnome_to_the_first_lit_house_or_to_its_own():
    for assume, home in (((), (0, 0)), (("home-house=own",), (0, 1))):
        g = two_homes(*assume)
        TU.remove_business(g.R, g.st, 0, 0, 2)
        assert tuple(g.st.gnome[0, 1, :3]) == (S.GS_ACTIVE, *home)


@pytest.mark.rule("GV-A02")
def test_a_gnome_back_from_a_chapel_goes_to_its_own_house_with_home_house_own():
    for assume, home in (((), (0, 0)), (("home-house=own",), (0, 1))):
        g = two_homes(*assume)
        g.no_forest()
        st = g.st
        st.gnome[0, 1, S.GN_STATE] = S.GS_DATE           # held on player 1's Chapel
        st.gnome[0, 1, S.GN_HOST] = 1
        TU.play_turn(g.R, g.C, st, 0)
        assert tuple(st.gnome[0, 1, 1:4]) != (0, 2, 1) and st.gnome[0, 1, S.GN_HOST] == 0
        assert g.events(K.EV_HOME)[0, 5] == cell(*home)


@pytest.mark.rule("GV-X04")
def test_a_gnome_back_from_a_prison_goes_to_its_own_house_with_home_house_own():
    for assume, home in (((), (0, 0)), (("home-house=own",), (0, 1))):
        g = two_homes(*assume)
        st = g.st
        st.gnome[0, 1, S.GN_STATE] = S.GS_PRISON         # on player 1's Prison
        st.gnome[0, 1, S.GN_HOST] = 1
        TU.earn(g.R, g.C, st, 0)
        assert tuple(st.gnome[0, 1, :4]) == (S.GS_ACTIVE, *home, 0)


def test_own_home_falls_back_to_the_first_lit_house_when_its_house_is_not_lit():
    g = two_homes("home-house=own")
    g.st.gnome[0, 1, S.GN_HOME] = cell(1, 0)             # a road: no home there
    CO.go_home(g.R, g.st, 0, 1)
    assert tuple(g.st.gnome[0, 1, 1:3]) == (0, 0)


@pytest.mark.rule("GV-G03")
def test_every_gnome_knows_the_house_it_lit():
    g = Game(3)
    st = g.st
    for p in range(3):                                   # the starting gnome (GV-S04)
        assert st.gnome[p, 0, S.GN_HOME] == st.gnome[p, 0, S.GN_ROW] * K.GRID + st.gnome[p, 0, S.GN_COL]
    dark = CO.first_house(st, 0, 0)
    TU.place_gnome(st, 0)
    assert st.gnome[0, 1, S.GN_HOME] == dark and st.arg[0, dark // K.GRID, dark % K.GRID] == 1


@pytest.mark.rule("GV-A08")
def test_the_architect_moving_a_house_takes_its_gnomes_home_along():
    g = Game(2, assume=("home-house=own",))
    st = g.st
    g.draw(0, ["H@  B:architect@  H",
               "X   X             X"])
    st.gnome[0, 0, S.GN_HOME] = cell(0, 0)
    st.gnome[0, 1, S.GN_HOME] = cell(0, 2)               # away on the Architect
    g.script(0, 0, 0)                                    # the house (0, 2), to its first legal place
    AC.perform(g.R, g.C, st, 0, 0, 0, 1, 1)
    moved = g.events(K.EV_ACTION)[-1]
    assert moved[4] == cell(0, 2) and moved[5] != cell(0, 2)
    assert st.gnome[0, 1, S.GN_HOME] == moved[5] and st.gnome[0, 0, S.GN_HOME] == cell(0, 0)
    TU.angry(g.R, g.C, st, 0)
    assert st.gnome[0, 1, S.GN_ROW] * K.GRID + st.gnome[0, 1, S.GN_COL] == moved[5]


# ------------------------------------------------------------------ architect
ARCHITECT = ["H@  B:architect@  Wc",     # 4 tiles without a gnome: the Carpenter and 3 roads
             "X   X             X"]
SKIP = 4                                  # their skip option, after the 4 tiles


def architect_moves(*assume, answers=()):
    g = Game(2, assume=assume)
    g.draw(0, ARCHITECT)
    g.script(0, *answers)
    tiles = CO.count_tiles(g.st, 0)
    AC.perform(g.R, g.C, g.st, 0, 0, 0, 1, 0)
    ev = g.events(K.EV_ACTION)
    assert check_village(g.R, g.st, 0) == S.LEGAL and CO.count_tiles(g.st, 0) == tiles
    return int((ev[:, 3] == K.A_ARCHITECT).sum()), tiles


@pytest.mark.rule("GV-A08")
def test_the_architect_moves_one_tile_or_as_many_as_the_player_likes():
    assert architect_moves()[0] == 1                     # every answer a move: still one
    n, tiles = architect_moves("architect=any")
    assert n == tiles                                    # never skipping: one move per tile
    assert architect_moves("architect=any", answers=(SKIP,))[0] == 0
    # the Carpenter to its first legal place, (1, 3); then again (4th tile in reading order
    # now); then the player stops
    g = Game(2, assume=("architect=any",))
    g.draw(0, ARCHITECT)
    g.script(0, 0, 0, 3, 0, SKIP)
    AC.perform(g.R, g.C, g.st, 0, 0, 0, 1, 0)
    ev = g.events(K.EV_ACTION)
    assert ev[:, 4].tolist() == [cell(0, 2), cell(1, 3)] and ev[1, 5] != cell(1, 3)
    assert g.st.kind[0, ev[1, 5] // K.GRID, ev[1, 5] % K.GRID] == K.T_WORKSHOP
    assert check_village(g.R, g.st, 0) == S.LEGAL


# ------------------------------------------------------------------ advisor
def advisor_turn(assume, coins, spend, later):
    """Player 0 holds `coins`, spends `spend` of them, ends its Work & Buy (nothing left to
    buy), gains `later` coins in the Move phase (another gnome's business), its gnome acts on
    the Financial Advisor, the turn ends: its coins then."""
    g = Game(2, assume=assume)
    st = g.st
    g.draw(0, ["H  B:financial-advisor@",
               "X  X"])
    g.coins(0, coins)
    st.pl[0, S.P_SPENT] = 0
    CO.pay(st, 0, spend)
    TU.work_and_buy(g.R, g.C, st, 0)                     # 0 or 1 coin: only END is offered
    CO.gain(st, 0, later)
    AC.perform(g.R, g.C, st, 0, 0, 0, 1, 0)
    TU.end_of_turn(g.R, st, 0)
    return int(st.pl[0, S.P_COINS])


@pytest.mark.rule("GV-A07")
def test_the_advisor_pays_whoever_spent_all_by_the_end_of_the_turn_or_of_work_and_buy():
    for assume in ((), ("advisor=work-buy",)):
        assert advisor_turn(assume, 1, 1, 0) == 1         # spent all, none left: paid
        assert advisor_turn(assume, 0, 0, 0) == 0         # nothing spent: never paid
        assert advisor_turn(assume, 1, 0, 0) == 1         # a coin kept: never paid
    # spent all in Work & Buy, then a coin from the Move phase
    assert advisor_turn((), 1, 1, 1) == 1                 # holds a coin at the end: not paid
    assert advisor_turn(("advisor=work-buy",), 1, 1, 1) == 2


@pytest.mark.parametrize("assume", ["home-house=own", "architect=any", "advisor=work-buy",
                                    "doctor=empty", "business-used=visited", "road-walk=path",
                                    "group-activate=optional", "house-substitute=one"])
def test_whole_games_play_with_each_alternative(assume):
    """Random seats use the Architect and send gnomes home: the alternative plays other games
    than the default, every game ends, and the default's games stay its own."""
    cat = load_catalog(assume=[assume])
    cfg, _ = make_config(cat, players=3)
    a = G.run_games(cat, cfg, RANDOM, np.zeros(1), 3, 0, 300)
    b = G.run_games(load_catalog(), cfg, RANDOM, np.zeros(1), 3, 0, 300)
    assert (a[:, K.R_OUTCOME] != K.RUNNING).all()
    assert (a != b).any()
