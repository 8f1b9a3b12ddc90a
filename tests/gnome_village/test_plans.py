"""Greedy's two plans (workshop-first, business-first: its `plan` and `plan_until` parameters):
their bonus on hand-built villages, where it stops, and their games; and the seat cells the
report pairs: with greedy in every seat, the focal seat fixed at 0 or at 1 plays the
very same games (chance is keyed by game index), so the seats' cells pair game by game."""
import numpy as np

import strategies
from experiments.grid import load_grid
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village import state as S
from simcore.games.gnome_village import turn as TU
from simcore.games.gnome_village.config import make_config
from strategies.gnome_village import PLAN_LEAN, PLAN_UNTIL
from strategies.gnome_village import greedy as GR

from .scenario import CAT, Game

GREEDY = strategies.get("greedy", "gnome-village")
WORKSHOP = strategies.get("workshop-first", "gnome-village")
BUSINESS = strategies.get("business-first", "gnome-village")


def run(strategy, players=3, rivals="greedy", seat="rotate", n=200, seed=5):
    cfg, _ = make_config(CAT, players=players, rivals=rivals, seat=seat)
    return G.run_games(CAT, cfg, strategy.kernel_id, np.asarray(strategy.param_vector(), np.float64),
                       seed, 0, n)


def test_the_plans_are_greedy_with_a_bonus_until_a_count_of_tiles():
    assert WORKSHOP.kernel_id == BUSINESS.kernel_id == GREEDY.kernel_id
    assert np.asarray(GREEDY.param_vector()).tolist() == [1.0, 0.0, 2.0]
    assert (PLAN_LEAN, PLAN_UNTIL) == (3.0, 2.0)
    assert np.asarray(WORKSHOP.param_vector()).tolist() == [1.0, 3.0, 2.0]
    assert np.asarray(BUSINESS.param_vector()).tolist() == [1.0, -3.0, 2.0]
    assert np.asarray(WORKSHOP.param_vector({"plan": 0.0})).tolist() == [1.0, 0.0, 2.0]
    assert "plan" in WORKSHOP.param_help and "plan_until" in WORKSHOP.param_help
    assert "workshop" in WORKSHOP.description and "business" in BUSINESS.description
    assert GR.PLAN_WORKSHOPS == (K.W_SCHOOL, K.W_PAINTER, K.W_CARPENTER, K.W_GARDENER)


def code(what, arg=0):
    return what * K.BUY_ARG + arg


def values(picture, coins, plan, until=PLAN_UNTIL):
    """Player 0 of a 3-player game with `picture` as its village and `coins`: every Work & Buy
    option greedy may take, with its value under the plan, and the option greedy takes."""
    g = Game(players=3)
    g.draw(0, picture)
    g.coins(0, coins)
    g.st.ctl[S.H_SEAT] = 0
    g.st.faceup[:2] = (g.biz("police"), g.biz("thief"))
    n = TU.list_buys(g.R, g.st, 0)
    opts = [int(o) for o in g.st.options[:n]]
    v = {o: GR.buy_value(g.R, g.st, 0, o, 1.0, plan, until) for o in opts}
    best = opts[GR.choose_valued(g.R, g.C, g.st, K.D_BUY, n, 1.0, plan, until)]
    plain = {o: GR.buy_value(g.R, g.st, 0, o, 1.0, 0.0, until) for o in opts}
    return v, plain, best


START = [". H . h .", "Tw X X X Te"]                      # the starting village, no workshop
SCHOOL = [". H Ws h .", "Tw X X X Te"]                    # a School bought (inactive)
SCHOOL_PAINTER = ["Wp H Ws h .", "Tw X X X Te"]           # then a Painter: 2 workshops
TWO_SHOPS = ["B:hat H B:doctor h .", "Tw X X X Te"]       # 2 businesses


def test_workshop_first_adds_its_bonus_to_the_workshop_it_wants_next_until_it_holds_plan_until():
    ws, pn, cp = code(K.BUY_WORKSHOP, K.W_SCHOOL), code(K.BUY_WORKSHOP, K.W_PAINTER), code(K.BUY_WORKSHOP, K.W_CARPENTER)
    biz = code(K.BUY_BUSINESS, 0)
    v, plain, best = values(START, 4, PLAN_LEAN)
    assert v[ws] == plain[ws] + PLAN_LEAN == GR.WORKSHOP_VALUE + PLAN_LEAN - 2     # GV-W08: 2 coins
    assert v[pn] == plain[pn] and v[cp] == plain[cp]       # only the School, first of PLAN_WORKSHOPS
    assert v[biz] == plain[biz]                             # nothing taken off the businesses
    assert best == ws
    # with a School the plan wants the Painter
    v, plain, best = values(SCHOOL, 4, PLAN_LEAN)
    assert v[pn] == plain[pn] + PLAN_LEAN and v[ws] == plain[ws] and v[cp] == plain[cp]
    assert best == pn
    # two workshops: the plan is over, greedy's own values
    v, plain, _ = values(SCHOOL_PAINTER, 4, PLAN_LEAN)
    assert v == plain
    # plan_until = 1: over with the School alone
    v, plain, _ = values(SCHOOL, 4, PLAN_LEAN, until=1)
    assert v == plain


def test_the_bonus_must_outbid_a_gnome_paid_with_coins_to_buy_the_school_first():
    """PLAN_LEAN's comment: greedy values a gnome bought with 3 coins 6 - 3 = 3, the School
    2.5 - 2 = 0.5, so the School comes first only with a bonus over 2.5."""
    gnome, ws = code(K.BUY_GNOME), code(K.BUY_WORKSHOP, K.W_SCHOOL)
    v, plain, best = values(START, 4, 2.0)
    assert plain[gnome] == GR.GNOME_VALUE - 3 and v[ws] < v[gnome] and best == gnome
    _, _, best = values(START, 4, PLAN_LEAN)
    assert best == ws


def test_business_first_adds_its_bonus_to_every_business_until_it_holds_plan_until():
    biz0, biz1, ws = code(K.BUY_BUSINESS, 0), code(K.BUY_BUSINESS, 1), code(K.BUY_WORKSHOP, K.W_SCHOOL)
    v, plain, _ = values(START, 4, -PLAN_LEAN)
    assert v[biz0] == plain[biz0] + PLAN_LEAN and v[biz1] == plain[biz1] + PLAN_LEAN
    assert v[ws] == plain[ws]                               # nothing taken off the workshops
    v, plain, _ = values(TWO_SHOPS, 4, -PLAN_LEAN)
    assert v == plain


def test_without_a_plan_greedy_values_every_purchase_as_before():
    for picture in (START, SCHOOL, SCHOOL_PAINTER, TWO_SHOPS):
        for until in (0.0, 1.0, 2.0, 5.0):
            v, plain, _ = values(picture, 6, 0.0, until)
            assert v == plain
            assert v == values(picture, 6, 0.0, 2.0)[0]


def test_the_plans_play_other_games_than_greedy_on_the_same_deals():
    g, w, b = run(GREEDY), run(WORKSHOP), run(BUSINESS)
    assert (g[:, K.R_SEAT] == w[:, K.R_SEAT]).all()          # the same seat in game i
    for r in (w, b):
        assert (r[:, K.R_POINTS] != g[:, K.R_POINTS]).any()
    assert (w[:, K.R_POINTS] != b[:, K.R_POINTS]).any()
    # plan 0 is greedy itself, game for game, whatever plan_until
    for until in (0.0, 1.0, 4.0):
        plain = strategies.Strategy("plain", GREEDY.kernel_id, "",
                                    params={"coin": 1.0, "plan": 0.0, "plan_until": until})
        assert (run(plain) == g).all()


def test_every_fixed_seat_plays_the_same_games_with_greedy_in_every_seat():
    seats = [run(GREEDY, rivals="same", seat=str(s), n=120) for s in range(3)]
    for s, r in enumerate(seats):
        assert (r[:, K.R_SEAT] == s).all()
        assert (r[:, K.R_WINNER] == seats[0][:, K.R_WINNER]).all()
        assert (r[:, K.R_ROUNDS] == seats[0][:, K.R_ROUNDS]).all()
    # exactly one seat wins a game that is not shared
    won = np.stack([r[:, K.R_OUTCOME] == K.WIN for r in seats])
    tie = np.stack([r[:, K.R_OUTCOME] == K.TIE for r in seats]).any(axis=0)
    assert (won.sum(axis=0) == np.where(tie, 0, 1)).all()


def test_the_seats_grid_has_every_seat_of_every_player_count_and_the_plans_grid_both_plans():
    g = load_grid("gnome-seats")
    cells = [dict(zip(names, v)) for names, vals in g.groups for v in vals]
    assert [(c["players"], c["seat"]) for c in cells] == [
        (2, "0"), (2, "1"), (3, "0"), (3, "1"), (3, "2"), (4, "0"), (4, "1"), (4, "2"), (4, "3")]
    p = load_grid("gnome-plans")
    assert p.fixed["rivals"] == "greedy"
    assert [v for names, vals in p.groups for v in vals] == [("greedy",), ("workshop-first",), ("business-first",)]
