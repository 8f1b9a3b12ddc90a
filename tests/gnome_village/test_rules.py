"""Scenario tests of Gnome Village's rules, one rule each: a game set up by the kernels, villages
drawn by hand (scenario.py), a phase or an action run, the exact state expected."""
import numpy as np
import pytest

from simcore.games.gnome_village import actions as AC
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import core as CO
from simcore.games.gnome_village import state as S
from simcore.games.gnome_village import tables as T
from simcore.games.gnome_village import turn as TU
from simcore.games.gnome_village.village import check_village

from .scenario import CAT, Game

R = CAT.rules
PAINTER, CARPENTER, SCHOOL, GARDENER = K.W_PAINTER, K.W_CARPENTER, K.W_SCHOOL, K.W_GARDENER


def buy_code(what, arg=0):
    return what * K.BUY_ARG + arg


def buys(g, p):
    n = TU.list_buys(g.R, g.st, p)
    return [int(o) for o in g.st.options[:n]]


def cell(r, c):
    return r * K.GRID + c


# ------------------------------------------------------------------ setup
@pytest.mark.rule("GV-S05")
def test_setup_supply_by_player_count():
    for players, houses, works, extra in ((2, 6, 3, 10), (3, 9, 4, 14), (4, 12, 5, 12)):
        st = Game(players).st
        assert st.sc[S.S_HOUSES] == houses and list(st.wsupply) == [works] * 4
        st = Game(players, assume=("start-houses=extra",)).st   # on top, as far as the box's 20 go
        assert st.sc[S.S_HOUSES] == extra and extra + 2 * players <= 20


@pytest.mark.rule("GV-S06")
def test_the_road_stack_is_what_the_players_did_not_take():
    for players in (2, 3, 4):
        st = Game(players).st
        n = st.sc[S.S_ROAD_N]
        assert n == 45 - 5 * players
        kinds = np.bincount(st.roads[:n], minlength=4)
        assert kinds.tolist() == [20 - 3 * players, 15 - 2 * players, 5, 5]
    a, b = Game(3).st, Game(3).st
    assert (a.roads == b.roads).all()                  # the same seed, the same stack
    from simcore.games.gnome_village.turn import setup_game
    from simcore.harness import start_game
    start_game(Game(3).C, b, 2, 0)
    setup_game(R, Game(3).C, b, 0)
    assert (a.roads != b.roads).any()                  # shuffled


@pytest.mark.rule("GV-S07")
def test_businesses_shuffled_face_down_two_revealed():
    st = Game(3).st
    up = [int(b) for b in st.faceup[:2]]
    assert all(b >= 0 for b in up) and (st.faceup[2:] == -1).all()
    assert st.sc[S.S_BIZ_N] == 22 and st.sc[S.S_BIZ_TOTAL] == 24
    all_biz = np.bincount(list(st.bizs[:22]) + up, minlength=R.biz.shape[0])
    assert all_biz.tolist() == [2] * 12 + [0, 0, 0]
    st = Game(3, expansion=True).st
    assert st.sc[S.S_BIZ_TOTAL] == 28 and st.sc[S.S_BIZ_N] == 26


@pytest.mark.rule("GV-S08")
def test_forest_deck_shuffled_and_made_again_from_the_discard_pile():
    g = Game(3)
    st = g.st
    assert st.sc[S.S_FOREST_N] == 39 and st.sc[S.S_DISCARD_N] == 0
    assert np.bincount(st.forest[:39], minlength=R.forest.shape[0]).tolist() == list(R.forest[:, T.FC_COUNT])
    st.sc[S.S_FOREST_N] = 0
    st.discard[:5] = [g.card(K.F_COINS, coins=1)] * 5
    st.sc[S.S_DISCARD_N] = 5
    before = st.pl[0, S.P_COINS]
    TU.reveal(g.R, g.C, st, 0)
    assert st.sc[S.S_FOREST_N] == 4 and st.sc[S.S_DISCARD_N] == 1
    assert len(g.events(K.EV_RESHUFFLE)) == 1 and st.pl[0, S.P_COINS] == before + 1
    g = Game(3, assume=("forest-reshuffle=no-reshuffle",))
    st = g.st
    st.sc[S.S_FOREST_N] = 0
    st.sc[S.S_DISCARD_N] = 5
    before = st.pl[0, S.P_COINS]
    TU.reveal(g.R, g.C, st, 0)
    assert len(g.events(K.EV_NO_CARD)) == 1 and st.pl[0, S.P_COINS] == before


@pytest.mark.rule("GV-S09")
def test_seats_play_in_order_from_the_first_player():
    g = Game(3)
    g.no_forest()
    for _ in range(6):
        TU.next_turn(g.R, g.C, g.st)
    turns = g.events(K.EV_TURN)
    assert turns[:, 2].tolist() == [0, 1, 2, 0, 1, 2] and turns[:, 1].tolist() == [1, 1, 1, 2, 2, 2]


@pytest.mark.rule("GV-S10")
def test_the_coin_supply_is_limited():
    g = Game(3)
    st = g.st
    assert st.sc[S.S_BANK] == 40 - 3 * 4
    st.sc[S.S_BANK] = 1
    st.pl[1, S.P_COINS] += 11                      # the coins are elsewhere
    TU.resolve_card(g.R, g.C, st, 0, g.card(K.F_COINS, coins=2))
    assert st.pl[0, S.P_COINS] == 5 and st.sc[S.S_BANK] == 0


# ------------------------------------------------------------------ turn
@pytest.mark.rule("GV-T01")
def test_a_turn_is_reveal_earn_work_and_buy_move():
    g = Game(2)
    st = g.st
    g.draw(0, ["H  B:police@  .",
               "X  X          X",
               ".  Wc         ."])
    g.coins(0, 3)
    st.forest[st.sc[S.S_FOREST_N] - 1] = g.card(K.F_COINS, coins=1)
    TU.play_turn(g.R, g.C, st, 0)
    kinds = g.events()[:, 0].tolist()
    order = [kinds.index(k) for k in (K.EV_TURN, K.EV_CARD, K.EV_EARN, K.EV_BUY, K.EV_MOVE)]
    assert order == sorted(order)


@pytest.mark.rule("GV-T02")
def test_reveal_flips_the_top_card_onto_the_discard_pile():
    g = Game(3)
    st = g.st
    top = int(st.forest[38])
    TU.reveal(g.R, g.C, st, 0)
    assert st.sc[S.S_FOREST_N] == 38 and st.discard[0] == top and st.sc[S.S_DISCARD_N] == 1
    assert g.events(K.EV_CARD)[0, 3] == top


@pytest.mark.rule("GV-T03")
def test_earn_the_coins_printed_on_each_business_a_gnome_stands_on():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  B:restaurant@  B:police@  Wc@",
               "X   X              X          X"])
    g.coins(0, 0)
    TU.earn(g.R, g.C, st, 0)
    assert st.pl[0, S.P_COINS] == 2 + 1           # restaurant 2, police 1, house and workshop 0


@pytest.mark.rule("GV-T04")
def test_work_and_buy_one_option_at_a_time_until_the_player_ends_it():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  .  .",
               "X   X  X"])
    g.coins(0, 2)
    # options: business (2 slots), workshop (4 types), product (4 types), end
    assert buys(g, 0) == [buy_code(K.BUY_BUSINESS, 0), buy_code(K.BUY_BUSINESS, 1)] + \
        [buy_code(K.BUY_WORKSHOP, w) for w in range(4)] + [buy_code(K.BUY_PRODUCT, w) for w in range(4)] + [0]
    g.script(0, 2, 0)                               # a carpenter workshop, on the first free cell
    TU.work_and_buy(g.R, g.C, st, 0)
    assert st.pl[0, S.P_COINS] == 0 and st.kind[0, 0, 1] == K.T_WORKSHOP and st.arg[0, 0, 1] == CARPENTER
    assert st.flag[0, 0, 1] == 0                    # placed at once, inactive
    assert buys(g, 0) == [0]                        # with no coin left, only the end


@pytest.mark.rule("GV-T05")
def test_at_most_five_houses():
    g = Game(2)
    g.draw(0, ["H@  H  h  h  h  WP  WC",
               "X   X  X  X  X  X   X"])
    assert buy_code(K.BUY_HOUSE) not in buys(g, 0)
    g.draw(0, ["H@  H  h  h  .  WP  WC",
               "X   X  X  X  X  X   X"])
    assert buy_code(K.BUY_HOUSE) in buys(g, 0)


@pytest.mark.rule("GV-T06")
def test_moving_is_optional():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  B:police",
               "X   X"])
    g.script(0, 1)                                  # options: the police, then STAY
    TU.move_phase(g.R, g.C, st, 0)
    assert tuple(st.gnome[0, 0, 1:3]) == (0, 0) and len(g.events(K.EV_MOVE)) == 0


# ------------------------------------------------------------------ Forest cards
@pytest.mark.rule("GV-F01")
def test_activate_one_workshop_of_a_type_shown():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  Wp  Ws",
               "X   X   X"])
    TU.resolve_card(g.R, g.C, st, 0, g.card(K.F_ACTIVATE))     # painter or carpenter
    assert st.flag[0, 0, 1] == 1 and st.flag[0, 0, 2] == 0
    TU.resolve_card(g.R, g.C, st, 0, g.card(K.F_ACTIVATE))     # painter already active: nothing
    assert g.events(K.EV_ACTIVATE)[-1, 3] == -1


@pytest.mark.rule("GV-F02")
def test_a_group_card_activates_a_workshop_for_every_player():
    g = Game(3)
    st = g.st
    for p in range(3):
        g.draw(p, ["H@  Wg",
                   "X   X"])
    plain = g.card(K.F_ACTIVATE)                                # no gardener icon on it
    TU.resolve_card(g.R, g.C, st, 1, plain)
    assert st.flag[:3, 0, 1].tolist() == [0, 0, 0]
    TU.resolve_card(g.R, g.C, st, 1, g.card(K.F_ACTIVATE, group=True))
    assert st.flag[:3, 0, 1].tolist() == [1, 1, 1]
    assert g.events(K.EV_ACTIVATE)[-3:, 2].tolist() == [1, 2, 0]   # from the revealing player


@pytest.mark.rule("GV-F03")
def test_every_card_but_gnome_coins_gives_one_coin():
    for kind in (K.F_ACTIVATE, K.F_REMOVAL, K.F_ROADS, K.F_ANGRY):
        g = Game(2)
        before = int(g.st.pl[0, S.P_COINS])
        TU.resolve_card(g.R, g.C, g.st, 0, g.card(kind))
        assert g.st.pl[0, S.P_COINS] == before + 1


@pytest.mark.rule("GV-F04")
def test_removal_takes_an_opponents_business_and_its_gnome_goes_home():
    g = Game(2)
    st = g.st
    g.draw(1, ["H@  B:police@",
               "X   X"])
    TU.resolve_card(g.R, g.C, st, 0, g.card(K.F_REMOVAL))
    assert st.kind[1, 0, 1] == K.T_EMPTY and st.sc[S.S_BIZ_OUT] == 1
    assert tuple(st.gnome[1, 1, :4]) == (S.GS_ACTIVE, 0, 0, 1)    # on the Lights On house
    g = Game(2)
    TU.resolve_card(g.R, g.C, g.st, 0, g.card(K.F_REMOVAL))     # no business anywhere
    assert g.st.sc[S.S_BIZ_OUT] == 0 and len(g.events(K.EV_REMOVE)) == 0


@pytest.mark.rule("GV-F05")
def test_a_removal_leaves_the_village_legal_with_an_empty_cell():
    g = Game(2)
    st = g.st
    g.draw(1, ["H@  B:police  h",
               "X   X         X"])
    TU.remove_business(g.R, st, 1, 0, 1)
    assert check_village(g.R, st, 1) == S.LEGAL and st.kind[1, 0, 1] == K.T_EMPTY


@pytest.mark.rule("GV-F06")
def test_removing_a_hat_business_and_the_happy_gnome():
    g = Game(3)
    st = g.st
    g.draw(0, ["H@  B:hat  B:hat",
               "X   X      X"])
    g.draw(1, ["H@  B:hat",
               "X   X"])
    st.sc[S.S_HAPPY] = 0
    TU.remove_business(g.R, st, 0, 0, 1)          # 1 against 1: a tie, the holder keeps it
    assert st.sc[S.S_HAPPY] == 0
    TU.remove_business(g.R, st, 0, 0, 2)          # the holder has none left, player 1 has more
    assert st.sc[S.S_HAPPY] == 1
    TU.remove_business(g.R, st, 1, 0, 1)          # nobody has a Hat business: back to the centre
    assert st.sc[S.S_HAPPY] == -1


@pytest.mark.rule("GV-F07")
def test_gnome_coins_gives_the_coins_shown():
    for coins in (1, 2):
        g = Game(2)
        before = int(g.st.pl[0, S.P_COINS])
        TU.resolve_card(g.R, g.C, g.st, 0, g.card(K.F_COINS, coins=coins))
        assert g.st.pl[0, S.P_COINS] == before + coins


@pytest.mark.rule("GV-F08")
def test_roads_card_draws_and_places_a_road():
    g = Game(2)
    st = g.st
    roads = CO.count_kind(st, 0, K.T_ROAD)
    n = int(st.sc[S.S_ROAD_N])
    TU.resolve_card(g.R, g.C, st, 0, g.card(K.F_ROADS))
    assert CO.count_kind(st, 0, K.T_ROAD) == roads + 1 and st.sc[S.S_ROAD_N] == n - 1
    assert check_village(g.R, st, 0) == S.LEGAL
    st.sc[S.S_ROAD_N] = 0
    before = int(st.pl[0, S.P_COINS])
    TU.resolve_card(g.R, g.C, st, 0, g.card(K.F_ROADS))
    assert CO.count_kind(st, 0, K.T_ROAD) == roads + 1 and st.pl[0, S.P_COINS] == before + 1


@pytest.mark.rule("GV-F09")
def test_angry_gnome_sends_one_gnome_of_every_player_home():
    g = Game(3)
    st = g.st
    g.draw(0, ["H@  WP@",
               "X   X"])
    g.draw(1, ["H@  B:police@",
               "X   X"])
    g.draw(2, ["H@  h",
               "X   X"])
    TU.resolve_card(g.R, g.C, st, 2, g.card(K.F_ANGRY))
    assert tuple(st.gnome[0, 1, 1:3]) == (0, 0) and st.flag[0, 0, 1] == 0   # the painter flips inactive
    assert tuple(st.gnome[1, 1, 1:3]) == (0, 0)
    assert sorted(g.events(K.EV_ANGRY)[:, 2].tolist()) == [0, 1]          # player 2 had none to send


# ------------------------------------------------------------------ workshops
@pytest.mark.rule("GV-W02")
def test_a_workshop_activated_in_the_move_phase_is_used_from_the_next_turn():
    g = Game(2)
    st = g.st
    g.no_forest()
    g.draw(0, ["H@  Wp  WC  h",
               "X   X   X   X"])
    g.coins(0, 0)
    TU.play_turn(g.R, g.C, st, 0)                   # no house: the painter is inactive in the Work phase
    assert st.flag[0, 0, 1] == 1 and st.sc[S.S_HOUSES] == 6
    assert buy_code(K.BUY_HOUSE) in buys(g, 0)     # now both are active: a free house next turn


@pytest.mark.rule("GV-W03")
def test_using_a_workshop_deactivates_it():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  WP  WC  .",
               "X   X   X   X"])
    g.coins(0, 0)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_HOUSE))
    assert st.flag[0, 0, 1] == 0 and st.flag[0, 0, 2] == 0 and st.pl[0, S.P_COINS] == 0


@pytest.mark.rule("GV-W04")
def test_painter_and_carpenter_give_a_free_house():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  WP  WC  .",
               "X   X   X   X"])
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_HOUSE))
    assert st.kind[0, 0, 3] == K.T_HOUSE and st.arg[0, 0, 3] == 0 and st.sc[S.S_HOUSES] == 5


@pytest.mark.rule("GV-W05")
def test_school_gives_a_new_gnome_on_a_free_house():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  WS  h",
               "X   X   X"])
    assert buy_code(K.BUY_GNOME) in buys(g, 0)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_GNOME))
    assert st.flag[0, 0, 1] == 0 and st.pl[0, S.P_PLACED] == 2
    assert tuple(st.gnome[0, 1, :4]) == (S.GS_RESTING, 0, 2, 0)


@pytest.mark.rule("GV-W06")
def test_gardener_gives_a_road_from_the_stack():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  WG",
               "X   X"])
    g.coins(0, 0)
    n = int(st.sc[S.S_ROAD_N])
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_ROAD))
    assert st.flag[0, 0, 1] == 0 and st.sc[S.S_ROAD_N] == n - 1
    assert CO.count_kind(st, 0, K.T_ROAD) + st.sc[S.S_ROADS_OUT] == 3


@pytest.mark.rule("GV-W07")
def test_a_product_token_stands_in_for_a_workshop():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  WC  .",
               "X   X   X"])
    g.coins(0, 0)
    st.prod[0, PAINTER] = 1
    st.psupply[PAINTER] -= 1
    assert buy_code(K.BUY_HOUSE) in buys(g, 0)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_HOUSE))
    assert st.prod[0, PAINTER] == 0 and st.psupply[PAINTER] == 2 and st.flag[0, 0, 1] == 0


@pytest.mark.rule("GV-W08")
def test_a_bought_workshop_costs_2_and_is_placed_inactive():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  .",
               "X   X"])
    g.coins(0, 3)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_WORKSHOP, SCHOOL))
    assert st.pl[0, S.P_COINS] == 1 and st.wsupply[SCHOOL] == 2
    assert st.kind[0, 0, 1] == K.T_WORKSHOP and st.arg[0, 0, 1] == SCHOOL and st.flag[0, 0, 1] == 0
    g.coins(0, 1)
    assert buy_code(K.BUY_WORKSHOP, SCHOOL) not in buys(g, 0)


# ------------------------------------------------------------------ village costs
@pytest.mark.rule("GV-C01")
def test_a_business_costs_1_from_a_face_up_slot_refilled_at_once():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  .",
               "X   X"])
    g.coins(0, 1)
    up, top = int(st.faceup[1]), int(st.bizs[st.sc[S.S_BIZ_N] - 1])
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_BUSINESS, 1))
    assert st.pl[0, S.P_COINS] == 0 and st.kind[0, 0, 1] == K.T_BUSINESS and st.arg[0, 0, 1] == up
    assert st.faceup[1] == top and st.sc[S.S_BIZ_N] == 21


@pytest.mark.rule("GV-C02")
def test_three_coins_buy_a_road():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  .",
               "X   X"])
    g.coins(0, 3)
    assert buy_code(K.BUY_ROAD) in buys(g, 0)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_ROAD))
    assert st.pl[0, S.P_COINS] == 0
    g.coins(0, 2)
    assert buy_code(K.BUY_ROAD) not in buys(g, 0)


@pytest.mark.rule("GV-C03")
def test_three_coins_buy_a_gnome():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  h",
               "X   X"])
    g.coins(0, 3)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_GNOME))
    assert st.pl[0, S.P_COINS] == 0 and st.pl[0, S.P_PLACED] == 2


@pytest.mark.rule("GV-C04")
def test_three_coins_stand_in_for_a_missing_workshop():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  WC  .",
               "X   X   X"])
    g.coins(0, 3)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_HOUSE))
    assert st.pl[0, S.P_COINS] == 0 and st.flag[0, 0, 1] == 0 and st.kind[0, 0, 2] == K.T_HOUSE


@pytest.mark.rule("GV-C05")
def test_a_product_token_costs_2():
    g = Game(2)
    st = g.st
    g.coins(0, 2)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_PRODUCT, GARDENER))
    assert st.pl[0, S.P_COINS] == 0 and st.prod[0, GARDENER] == 1 and st.psupply[GARDENER] == 1
    g = Game(2, assume=("product-price=3",))
    g.coins(0, 2)
    assert buy_code(K.BUY_PRODUCT, GARDENER) not in buys(g, 0)


@pytest.mark.rule("GV-C06")
def test_a_house_is_never_bought_outright_only_made():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  .",
               "X   X"])
    g.coins(0, 5)
    assert buy_code(K.BUY_HOUSE) not in buys(g, 0)     # two workshop actions at 3 coins each
    g.coins(0, 6)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_HOUSE))
    assert st.pl[0, S.P_COINS] == 0


# ------------------------------------------------------------------ businesses
@pytest.mark.rule("GV-B03")
def test_a_restaurant_scores_one_point():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  B:restaurant  B:police",
               "X   X             X"])
    g.coins(0, 0)
    assert CO.score(g.R, st, 0) == 2 + 1


@pytest.mark.rule("GV-B04")
def test_the_happy_gnome_goes_to_the_most_hat_businesses_and_stays_on_a_tie():
    g = Game(3)
    st = g.st
    g.draw(0, ["H@  .",
               "X   X"])
    g.draw(1, ["H@  .",
               "X   X"])
    st.faceup[0] = g.biz("hat")
    g.coins(1, 2)
    TU.buy(g.R, g.C, st, 1, buy_code(K.BUY_BUSINESS, 0))
    assert st.sc[S.S_HAPPY] == 1
    st.faceup[0] = g.biz("hat")
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_BUSINESS, 0))
    assert st.sc[S.S_HAPPY] == 1                   # 1 against 1: the holder keeps it
    g.coins(0, 1)
    st.sc[S.S_HAPPY] = 1
    CO.update_happy(g.R, st)
    assert st.sc[S.S_HAPPY] == 1


@pytest.mark.rule("GV-B05")
def test_a_business_action_after_the_move_and_never_two_turns_in_a_row():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  B:thief",
               "X   X"])
    g.coins(1, 3)
    st.pl[0, S.P_TURNS] = 5
    TU.move_phase(g.R, g.C, st, 0)                # the thief is the first target
    assert st.pl[1, S.P_COINS] == 1 and st.used[0, 0, 1] == 5
    st.pl[0, S.P_TURNS] = 6
    st.gnome[0, 0, 1:3] = (0, 0)
    TU.move_phase(g.R, g.C, st, 0)                # it moves there again, but may not steal
    assert tuple(st.gnome[0, 0, 1:3]) == (0, 1) and st.pl[1, S.P_COINS] == 1
    st.pl[0, S.P_TURNS] = 7
    assert AC.can_use(st, 0, 0, 0, 1)


# ------------------------------------------------------------------ business actions
def acting(g, p, name, at=(0, 1)):
    """Player p's gnome 0 performs the business `name` drawn at `at` of p's village."""
    AC.perform(g.R, g.C, g.st, p, p, at[0], at[1], 0)


@pytest.mark.rule("GV-A01")
def test_police_fines_each_opponent_a_coin():
    g = Game(3)
    st = g.st
    g.draw(0, ["H  B:police@",
               "X  X"])
    g.coins(0, 0)
    g.coins(1, 2)
    g.coins(2, 0)
    acting(g, 0, "police")
    assert st.pl[:3, S.P_COINS].tolist() == [1, 1, 0]


@pytest.mark.rule("GV-A02")
def test_chapel_brings_an_opponents_gnome_until_its_next_turn():
    g = Game(2)
    st = g.st
    g.no_forest()
    g.draw(0, ["H  B:chapel@",
               "X  X"])
    g.draw(1, ["H@  WP@",
               "X   X"])
    g.script(0, 1)                                  # options: gnome 0, gnome 1, skip
    acting(g, 0, "chapel")
    assert tuple(st.gnome[1, 1, :4]) == (S.GS_DATE, 0, 1, 0) and st.flag[1, 0, 1] == 0
    g.coins(1, 0)
    TU.play_turn(g.R, g.C, st, 1)                   # at its owner's turn, first of all, it comes home
    ev = g.events()
    turn = [i for i, e in enumerate(ev) if e[0] == K.EV_TURN and e[2] == 1][0]
    assert ev[turn + 1, 0] == K.EV_HOME and tuple(ev[turn + 1, 3:5]) == (1, 1)
    assert st.gnome[1, 1, S.GN_STATE] == S.GS_ACTIVE and st.gnome[1, 1, S.GN_HOST] == 1


@pytest.mark.rule("GV-A03")
def test_theater_pays_one_plus_one_per_gnome_on_a_neighbouring_workshop_or_business():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  B:theater@  WC@",
               "X   X           B:police@",
               "X   X           X"])
    g.coins(0, 0)
    AC.perform(g.R, g.C, st, 0, 0, 0, 1, 1)
    # the workshop beside it and the police on the diagonal: 1 + 2 (the house does not count)
    assert st.pl[0, S.P_COINS] == 3


@pytest.mark.rule("GV-A04")
def test_courier_sells_a_product_for_three_coins():
    g = Game(2)
    st = g.st
    g.draw(0, ["H  B:courier@  WS",
               "X  X           X"])
    g.coins(0, 0)
    g.coins(1, 5)
    acting(g, 0, "courier")
    assert st.flag[0, 0, 2] == 0 and st.prod[1, SCHOOL] == 1 and st.psupply[SCHOOL] == 1
    assert st.pl[0, S.P_COINS] == 3 and st.pl[1, S.P_COINS] == 2


@pytest.mark.rule("GV-A05")
def test_military_protects_while_its_gnome_stands_there():
    g = Game(3)
    st = g.st
    g.draw(0, ["H  B:police@",
               "X  X"])
    g.draw(1, ["H  B:military@",
               "X  X"])
    g.draw(2, ["H@  B:military",
               "X   X"])
    for p in range(3):
        g.coins(p, 2)
    acting(g, 0, "police")
    assert st.pl[:3, S.P_COINS].tolist() == [3, 2, 1]      # player 1 is protected, player 2 is not
    # a gnome flown onto another's Military protects its own village, not that one's
    g.draw(1, ["H@  B:police",
               "X   X"])
    st.gnome[2, 0, :4] = (S.GS_ACTIVE, 0, 1, 1)             # player 2's gnome on ... player 1's police? no:
    g.draw(1, ["H@  B:military",
               "X   X"])
    st.gnome[2, 0, :4] = (S.GS_ACTIVE, 0, 1, 1)             # player 2's gnome on player 1's Military
    assert CO.protected(g.R, st, 2) and not CO.protected(g.R, st, 1)


@pytest.mark.rule("GV-A06")
def test_thief_takes_up_to_two_coins_from_one_opponent():
    g = Game(3)
    st = g.st
    g.draw(0, ["H  B:thief@",
               "X  X"])
    g.coins(0, 0)
    g.coins(1, 0)
    g.coins(2, 1)
    acting(g, 0, "thief")                          # player 1 has nothing: player 2 is the option
    assert st.pl[:3, S.P_COINS].tolist() == [1, 0, 0]


@pytest.mark.rule("GV-A07")
def test_financial_advisor_pays_a_coin_to_a_player_who_spent_all():
    g = Game(2)
    st = g.st
    g.draw(0, ["H  B:financial-advisor@",
               "X  X"])
    g.coins(0, 1)
    CO.pay(st, 0, 1)
    acting(g, 0, "financial-advisor")
    TU.end_of_turn(g.R, st, 0)
    assert st.pl[0, S.P_COINS] == 1
    g.coins(0, 1)                                  # a coin left: nothing
    st.pl[0, S.P_ADVISOR] = 1
    TU.end_of_turn(g.R, st, 0)
    assert st.pl[0, S.P_COINS] == 1
    g.coins(0, 0)                                  # nothing spent this turn: nothing
    st.pl[0, S.P_SPENT] = 0
    TU.end_of_turn(g.R, st, 0)
    assert st.pl[0, S.P_COINS] == 0


@pytest.mark.rule("GV-A08")
def test_architect_moves_a_tile_and_the_village_stays_legal():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  B:architect@  Wc",
               "X   X             X"])
    g.script(0, 0, 0)                               # the workshop (the first tile without a gnome),
    n_tiles = CO.count_tiles(st, 0)                 # then its first legal new place
    acting(g, 0, "architect")
    moved = g.events(K.EV_ACTION)[-1]
    assert moved[3] == K.A_ARCHITECT and moved[4] == cell(0, 2) and moved[5] != cell(0, 2)
    assert st.kind[0, 0, 2] == K.T_EMPTY and CO.count_tiles(st, 0) == n_tiles
    assert check_village(g.R, st, 0) == S.LEGAL
    # a tile with a gnome on it is never offered
    g.script(0, 0, 0)
    acting(g, 0, "architect")
    assert g.events(K.EV_ACTION)[-1, 4] not in (cell(0, 0), cell(0, 1))


@pytest.mark.rule("GV-A09")
def test_doctor_activates_a_workshop_and_gives_its_product_away():
    g = Game(2)
    st = g.st
    g.draw(0, ["H  B:doctor@  Ws",
               "X  X          X"])
    acting(g, 0, "doctor")
    assert st.flag[0, 0, 2] == 1 and st.prod[1, SCHOOL] == 1


@pytest.mark.rule("GV-A10")
def test_airport_flies_to_another_village_and_back_after_its_earn_phase():
    g = Game(2)
    st = g.st
    g.draw(0, ["H  B:airport@",
               "X  X"])
    g.draw(1, ["H@  Wp  B:police",
               "X   X   X"])
    g.coins(0, 0)
    acting(g, 0, "airport")                        # first option: player 1's painter
    assert tuple(st.gnome[0, 0, :4]) == (S.GS_ACTIVE, 0, 1, 1) and st.flag[1, 0, 1] == 1
    TU.earn(g.R, g.C, st, 1)                        # player 1's Earn: a painter token, then home
    assert st.prod[0, PAINTER] == 1
    assert tuple(st.gnome[0, 0, :4]) == (S.GS_ACTIVE, 0, 1, 0) and st.gnome[0, 0, S.GN_NOEARN] == 1
    TU.earn(g.R, g.C, st, 0)                        # no coin on the Airport this time
    assert st.pl[0, S.P_COINS] == 0 and st.gnome[0, 0, S.GN_NOEARN] == 0
    g.coins(1, 2)
    g.script(0, 1)                                  # now the police: performed at once
    acting(g, 0, "airport")
    assert st.pl[0, S.P_COINS] == 1 and st.pl[1, S.P_COINS] == 1
    TU.earn(g.R, g.C, st, 1)
    assert st.pl[0, S.P_COINS] == 2 and st.gnome[0, 0, S.GN_HOST] == 0


# ------------------------------------------------------------------ placing gnomes
@pytest.mark.rule("GV-G01")
def test_a_house_per_gnome():
    g = Game(2)
    g.draw(0, ["H@  H@  WS",
               "X   X   X"])
    assert buy_code(K.BUY_GNOME) not in buys(g, 0)
    g.draw(0, ["H@  H@  WS  h",
               "X   X   X   X"])
    assert buy_code(K.BUY_GNOME) in buys(g, 0)


@pytest.mark.rule("GV-G02")
def test_a_gnome_from_a_school_a_school_token_or_three_coins():
    for school, token, coins, offered, left in (("WS", 0, 0, True, 0), ("Ws", 1, 0, True, 0),
                                                ("Ws", 0, 3, True, 0), ("Ws", 0, 2, False, 2)):
        g = Game(2)
        g.draw(0, ["H@  " + school + "  h",
                   "X   X   X"])
        g.coins(0, coins)
        g.st.prod[0, SCHOOL] = token
        assert (buy_code(K.BUY_GNOME) in buys(g, 0)) == offered
        if offered:
            TU.buy(g.R, g.C, g.st, 0, buy_code(K.BUY_GNOME))
            assert g.st.pl[0, S.P_COINS] == left and g.st.prod[0, SCHOOL] == 0


@pytest.mark.rule("GV-G03")
def test_a_new_gnome_turns_a_lights_off_house_on():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  h  h",
               "X   X  X"])
    g.coins(0, 3)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_GNOME))
    assert st.arg[0, 0, :3].tolist() == [1, 1, 0] and CO.count_lights(st, 0, 1) == 2


@pytest.mark.rule("GV-G04")
def test_a_new_gnome_rests_until_the_next_move_phase():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  h  B:police",
               "X   X  X"])
    st.pl[0, S.P_TURNS] = 3
    g.coins(0, 3)
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_GNOME))
    g.script(0, 1)                                  # gnome 0 stays (police, STAY)
    TU.move_phase(g.R, g.C, st, 0)
    assert st.gnome[0, 1, S.GN_STATE] == S.GS_RESTING and tuple(st.gnome[0, 1, 1:3]) == (0, 1)
    st.pl[0, S.P_TURNS] = 4
    g.script(0, 1, 0)                               # gnome 0 stays, gnome 1 goes to the police
    TU.move_phase(g.R, g.C, st, 0)
    assert st.gnome[0, 1, S.GN_STATE] == S.GS_ACTIVE and tuple(st.gnome[0, 1, 1:3]) == (0, 2)


@pytest.mark.rule("GV-G05")
def test_new_houses_are_lights_off():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  WP  WC  .",
               "X   X   X   X"])
    TU.buy(g.R, g.C, st, 0, buy_code(K.BUY_HOUSE))
    assert st.kind[0, 0, 3] == K.T_HOUSE and st.arg[0, 0, 3] == 0


@pytest.mark.rule("GV-G06")
def test_no_gnome_beyond_the_fifth_or_the_supply():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  H@  H@  H@  H@  WS  h",
               "X   X   X   X   X   X   X"])
    assert buy_code(K.BUY_GNOME) not in buys(g, 0)    # 5 placed (and at most 5 houses)
    g.draw(0, ["H@  WS  h",
               "X   X   X"])
    st.sc[S.S_GNOME_BOX] = 0
    assert buy_code(K.BUY_GNOME) not in buys(g, 0)


# ------------------------------------------------------------------ end and scoring
@pytest.mark.rule("GV-E01")
def test_a_fifth_gnome_ends_the_game_at_the_end_of_the_round():
    g = Game(3)
    st = g.st
    g.no_forest()
    TU.next_turn(g.R, g.C, st)                      # player 0
    st.pl[1, S.P_PLACED] = 5
    st.sc[S.S_GNOME_BOX] -= 4
    assert not TU.next_turn(g.R, g.C, st)           # player 1 has 5: the end, after the round
    assert st.sc[S.S_END] == 1
    assert TU.next_turn(g.R, g.C, st)               # player 2 completes the round: over
    assert st.sc[S.S_TURN] == 3 and st.sc[S.S_CUT] == 0 and st.sc[S.S_OUTCOME] != K.RUNNING


@pytest.mark.rule("GV-E02")
def test_scoring():
    g = Game(2)
    st = g.st
    g.draw(0, ["H@  h  Wc  WS  B:restaurant  B:hat  B:hat",
               "X   X  X   X   X             X      X"])
    g.coins(0, 3)
    st.sc[S.S_HAPPY] = -1
    assert CO.score(g.R, st, 0) == 2 + 2 * 2 + 1 + 3     # lights on, workshops, restaurant, coins
    st.sc[S.S_HAPPY] = 0
    assert CO.score(g.R, st, 0) == 2 + 2 * 2 + 1 + 3 + 2
    g.draw(1, ["H@  B:hat",
               "X   X"])
    g.coins(1, 0)
    assert CO.score(g.R, st, 1) == 2                     # no Happy Gnome: its hat scores nothing


@pytest.mark.rule("GV-E03")
def test_most_points_win_a_tie_goes_to_the_most_tiles():
    g = Game(2, seat="0")
    st = g.st
    g.draw(0, ["H@  Wc",
               "X   X"])
    g.draw(1, ["H@  Wc  .",
               "X   X   X"])
    g.coins(0, 1)
    g.coins(1, 1)
    TU.finish(g.R, st)
    assert st.pl[:2, S.P_POINTS].tolist() == [5, 5] and st.pl[:2, S.P_TILES].tolist() == [4, 5]
    assert st.sc[S.S_WINNER] == 1 and st.sc[S.S_OUTCOME] == K.LOSS and st.sc[S.S_LOSS] == K.LOSS_TIEBREAK
    g.draw(1, ["H@  Wc",
               "X   X"])
    TU.finish(g.R, st)
    assert st.sc[S.S_WINNER] == -1 and st.sc[S.S_OUTCOME] == K.TIE
    g.coins(0, 2)
    TU.finish(g.R, st)
    assert st.sc[S.S_WINNER] == 0 and st.sc[S.S_OUTCOME] == K.WIN


@pytest.mark.rule("GV-E04")
def test_the_round_cap_cuts_a_game_and_scores_it():
    g = Game(2)
    st = g.st
    g.no_forest()
    st.sc[S.S_ROUND] = int(g.R.k[T.K_MAX_ROUNDS]) - 1
    assert not TU.next_turn(g.R, g.C, st)
    assert TU.next_turn(g.R, g.C, st)
    assert st.sc[S.S_CUT] == 1 and st.sc[S.S_OUTCOME] != K.RUNNING


# ------------------------------------------------------------------ variants
@pytest.mark.rule("GV-X01")
def test_the_childrens_variant_ends_at_four_gnomes():
    g = Game(2, family=True)
    st = g.st
    assert st.sc[S.S_END_AT] == 4
    st.pl[0, S.P_PLACED] = 4
    TU.end_of_turn(g.R, st, 0)
    assert st.sc[S.S_END] == 1
    g.draw(0, ["H@  H@  H@  H@  WS  h",
               "X   X   X   X   X   X"])
    assert buy_code(K.BUY_GNOME) not in buys(g, 0)


@pytest.mark.rule("GV-X03")
def test_construction_site_places_the_top_business_of_the_stack():
    g = Game(2, expansion=True)
    st = g.st
    g.draw(0, ["H  B:construction-site@  .",
               "X  X                     X"])
    top = int(st.bizs[st.sc[S.S_BIZ_N] - 1])
    n = int(st.sc[S.S_BIZ_N])
    acting(g, 0, "construction-site")
    assert st.sc[S.S_BIZ_N] == n - 1 and st.kind[0, 0, 2] == K.T_BUSINESS and st.arg[0, 0, 2] == top
    g.draw(0, ["H    B:construction-site@",
               "X!s  X!s"])                         # no road a business may border: not possible
    acting(g, 0, "construction-site")
    assert st.sc[S.S_BIZ_N] == n - 1


@pytest.mark.rule("GV-X04")
def test_prison_holds_a_gnome_until_its_owners_earn_phase():
    g = Game(2, expansion=True)
    st = g.st
    g.draw(0, ["H  B:prison@",
               "X  X"])
    g.draw(1, ["H@  B:police",
               "X   X"])
    g.coins(0, 0)
    g.coins(1, 2)
    acting(g, 0, "prison")
    assert tuple(st.gnome[1, 0, :4]) == (S.GS_PRISON, 0, 1, 0)
    TU.earn(g.R, g.C, st, 1)
    assert st.pl[:2, S.P_COINS].tolist() == [1, 1]
    assert tuple(st.gnome[1, 0, :4]) == (S.GS_ACTIVE, 0, 0, 1)


@pytest.mark.rule("GV-X05")
def test_swimming_pool_activates_one_more_tile():
    g = Game(2, expansion=True)
    st = g.st
    g.draw(0, ["H  B:swimming-pool@  Wp  B:thief",
               "X  X                 X   X"])
    acting(g, 0, "swimming-pool")                  # the painter, first in reading order
    assert st.flag[0, 0, 2] == 1
    g.coins(1, 2)
    g.script(0, 0)                                  # now the thief (the painter is active)
    acting(g, 0, "swimming-pool")
    assert st.pl[1, S.P_COINS] == 0
