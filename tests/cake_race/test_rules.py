"""Scenario tests of the cake race's rules: one rule each, forced dice and cards."""
import numpy as np
import pytest

from simcore.games.cake_race import consts as K
from simcore.games.cake_race import state as S
from simcore.games.cake_race.tables import K_BROWN, K_CAKE, K_SUPPLY
from strategies.cake_race.ids import THRESHOLD
from simcore.games.cake_race.rules import (chase, finish, game_over, move_options, play_round,
                                           play_turn, roll, take_cakes, turn_card)
from simcore.policy import SCRIPTED

from .scenario import CAT, C, G, Game, H, N, R, pt

from simcore.games.cake_race.catalog import load_catalog
from simcore.games.cake_race.rules import cat_runs, flee


def rules_with(**choices):
    """The default rules with some rule choices of setup.toml overridden (game options)."""
    return load_catalog(**choices).rules

CAKE = int(R.k[K_CAKE])


def options(frm, steps, to_home=False):
    g = Game()
    n = move_options(R, g.st, pt(frm), steps, to_home)
    return [CAT.points[i] for i in g.st.options[:n]]


# ------------------------------------------------------------------ board and setup
@pytest.mark.rule("CR-B01")
def test_default_board_is_a_graph_with_17_steps_from_each_start():
    assert R.adj.shape[0] == len(CAT.points) == 48
    assert [int(R.dist[s, CAKE]) for s in R.starts] == [17, 17, 17, 17]


@pytest.mark.rule("CR-B02")
def test_the_cake_is_one_point():
    assert CAT.points[CAKE] == "cake" and R.start_no[CAKE] == -1 and R.red[CAKE] == 0


@pytest.mark.rule("CR-B03")
def test_brown_point_is_4_to_6_from_the_cake():
    assert 4 <= R.dist[int(R.k[K_BROWN]), CAKE] <= 6


@pytest.mark.rule("CR-B04")
def test_four_starts():
    assert [CAT.points[s] for s in R.starts] == ["start-1", "start-2", "start-3", "start-4"]


@pytest.mark.rule("CR-B05")
def test_about_a_quarter_of_path_points_are_red():
    path_points = len(CAT.points) - 4 - 1
    assert R.red.sum() == 10 and 0.2 <= R.red.sum() / path_points <= 0.3
    assert all(R.red[s] == 0 for s in R.starts)


@pytest.mark.rule("CR-B06")
def test_paths_go_both_ways_and_all_reach_the_cake():
    for u in range(R.adj.shape[0]):
        for v in R.adj[u, : R.deg[u]]:
            assert u in R.adj[v, : R.deg[v]]
    assert (R.dist[:, CAKE] >= 0).all()


@pytest.mark.rule("CR-S01")
def test_each_smurf_starts_on_its_own_start():
    g = Game(players=4)
    assert [g.pos(p) for p in range(4)] == ["start-1", "start-2", "start-3", "start-4"]
    assert all(g.p(p, "CARRIED") == g.p(p, "SECURED") == 0 for p in range(4))


@pytest.mark.rule("CR-S02")
def test_the_deck_is_shuffled_per_game():
    orders = {tuple(Game(game_index=i).deck_list()) for i in range(20)}
    assert len(orders) == 20
    for o in orders:
        assert sorted(o) == sorted(R.deck.tolist())


@pytest.mark.rule("CR-S03")
def test_all_cakes_start_on_the_big_cake():
    g = Game(players=3)
    assert g.sc("CAKE_LEFT") == int(R.k[K_SUPPLY]) == 40


@pytest.mark.rule("CR-D01")
def test_die_faces_uniform_1_to_3():
    g = Game(log=False)
    faces = [roll(R, g.st, 0, K.ROLL_MOVE) for _ in range(30000)]
    counts = np.bincount(faces, minlength=4)[1:]
    assert counts.sum() == 30000 and set(faces) == {1, 2, 3}
    # each face 1/3: within 4 standard deviations
    assert np.all(np.abs(counts - 10000) < 4 * np.sqrt(30000 * (1 / 3) * (2 / 3)))


# ------------------------------------------------------------------ turns and movement
@pytest.mark.rule("CR-T01")
def test_seat_zero_plays_first_then_in_order():
    g = Game(players=3).dice(1, 1, 1).deck(N, N, N)
    play_round(R, g.cfg, g.st)
    turns = [e[2] for e in g.events(K.EV_TURN)]
    assert turns == [0, 1, 2]


@pytest.mark.rule("CR-T02")
def test_a_turn_is_a_roll_and_a_move():
    g = Game().dice(2)
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) == "lane1-2" and g.sc("TURN") == 1


@pytest.mark.rule("CR-M01")
def test_moves_exactly_the_roll():
    assert options("lane1-1", 3) == ["lane1-4"]
    assert options("trail-a2", 3) == ["trail-a5"]
    assert options("trail-a5", 3, to_home=True) == ["trail-a2"]
    # the goal ends a move early: the cake going out, a start coming home (CR-K02, CR-M04)
    assert options("trail-a9", 3) == ["cake"]
    assert options("lane1-2", 3, to_home=True) == ["start-1"]


@pytest.mark.rule("CR-M02")
def test_route_chosen_at_forks_never_a_point_twice():
    # home from the cake: down either trail, then at a junction into either lane
    assert options("cake", 2, to_home=True) == ["trail-a9", "trail-b9"]
    assert options("trail-a1", 3, to_home=True) == ["lane1-4", "lane2-4"]
    # a scripted strategy may take the other branch of the fork
    g = Game(strategy=SCRIPTED, params=(1.0,)).place(0, "trail-a1", carried=2).dice(3)
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) == "lane2-4"
    # no point twice: a forward move never comes back (each step is nearer the goal)
    for frm in ("trail-a6", "junction-a", "cake"):
        for steps in (1, 2, 3):
            for home in (False, True):
                for u in options(frm, steps, home):
                    assert u != frm


@pytest.mark.rule("CR-M06")
def test_a_smurf_moves_forward_only():
    # "röra dig framåt", "flytta sin smurf framåt": out toward the cake, never back to the
    # start and never sideways through the brown point to the other trail
    assert options("trail-a6", 1) == ["trail-a7"]
    assert options("trail-a6", 2) == ["trail-a8"]
    assert options("trail-a6", 1, to_home=True) == ["trail-a5"]
    assert "brown" not in {u for f in ("trail-a6", "trail-b6") for s in (1, 2, 3)
                           for h in (False, True) for u in options(f, s, h)}
    # every step of every move brings the Smurf one point nearer its goal
    for frm in range(R.adj.shape[0]):
        for steps in (1, 2, 3):
            for home in (False, True):
                g = Game()
                n = move_options(R, g.st, frm, steps, home)
                goal = R.dist_home if home else R.dist[:, CAKE]
                for u in g.st.options[:n]:
                    assert goal[u] == max(0, goal[frm] - steps) or goal[u] == 0
    # carrying cakes a Smurf heads home; with the big cake empty too, even without cakes
    g = Game().place(0, "trail-a5", carried=2).dice(2)
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) == "trail-a3"
    g = Game().place(0, "trail-a5").dice(2)
    g.st.sc[S.S_CAKE_LEFT] = 0
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) == "trail-a3"
    g = Game().place(0, "trail-a5").dice(2)
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) == "trail-a7"


@pytest.mark.rule("CR-M03")
def test_a_move_that_cannot_be_made_in_full_is_not_made():
    # forward moves always go the full roll but for a goal, which ends a move; only a start
    # that needs an exact roll (exact_home) can be overshot, and then the Smurf stays put
    from simcore.games.cake_race.tables import K_EXACT_HOME
    R2 = R.replace(k=R.k.copy())
    R2.k[K_EXACT_HOME] = 1
    g = Game()
    assert move_options(R2, g.st, pt("lane1-2"), 3, True) == 0
    assert move_options(R2, g.st, pt("lane1-2"), 2, True) == 1 and g.st.options[0] == pt("start-1")
    g = Game().place(0, "lane1-2", carried=3).dice(3)
    play_turn(R2, g.cfg, g.st, 0)
    assert g.pos(0) == "lane1-2" and g.p(0, "CARRIED") == 3 and g.p(0, "SECURED") == 0
    assert g.events(K.EV_MOVE)[0][3:5] == (pt("lane1-2"), pt("lane1-2"))
    from simcore.games.cake_race.trace import format_log
    assert "  stays at lane1-2: the roll overshoots a start (exact_home)" in format_log(g.events(), CAT)


@pytest.mark.rule("CR-M04")
def test_a_start_ends_the_move_without_exact_roll():
    assert options("lane1-1", 3, to_home=True)[0] == "start-1"
    g = Game().place(0, "lane1-2", carried=3).dice(3)
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) == "start-1" and g.p(0, "SECURED") == 3


@pytest.mark.rule("CR-M04")
def test_exact_home_needs_the_exact_roll_to_reach_a_start():
    R2 = rules_with(exact_home=True)
    g = Game().place(0, "lane1-2", carried=3).dice(3, 2)
    play_turn(R2, g.cfg, g.st, 0)                 # 3 overshoots start-1 (2 away): no move
    assert g.pos(0) == "lane1-2" and g.p(0, "SECURED") == 0
    play_turn(R2, g.cfg, g.st, 0)                 # 2 lands on it
    assert g.pos(0) == "start-1" and g.p(0, "SECURED") == 3
    # the big cake still needs no exact roll (CR-K02)
    g = Game().place(0, "trail-a9").dice(3, 1).deck(N)
    play_turn(R2, g.cfg, g.st, 0)
    assert g.pos(0) == "cake"


@pytest.mark.rule("CR-M05")
def test_smurfs_share_points():
    g = Game(players=2).place(0, "trail-a3").place(1, "trail-a1").dice(2)
    play_turn(R, g.cfg, g.st, 1)
    assert g.pos(0) == g.pos(1) == "trail-a3"


# ------------------------------------------------------------------ cards
@pytest.mark.rule("CR-C01")
def test_red_point_turns_top_card_to_bottom():
    g = Game().place(0, "lane1-1").dice(2).deck(N, G, H)
    play_turn(R, g.cfg, g.st, 0)                 # lane1-1 -> lane1-3 (red)
    assert g.pos(0) == "lane1-3" and g.deck_list() == [G, H, N]
    # passing over a red point does nothing
    g = Game().place(0, "lane1-2").dice(3).deck(G, N)
    play_turn(R, g.cfg, g.st, 0)                 # over lane1-3 to lane1-5
    assert g.pos(0) == "lane1-5" and g.deck_list() == [G, N] and not g.events(K.EV_CARD)


@pytest.mark.rule("CR-C02")
def test_nothing_card():
    g = Game().place(0, "trail-a2", carried=4).deck(N, G)
    turn_card(R, g.cfg, g.st, 0)
    assert g.pos(0) == "trail-a2" and g.p(0, "CARRIED") == 4 and g.deck_list() == [G, N]


@pytest.mark.rule("CR-C03")
def test_gargamel_keeps_a_roll_returns_the_rest_and_sends_home():
    g = Game().place(0, "trail-a8", carried=7).deck(G, N).dice(2)
    left = g.sc("CAKE_LEFT")
    turn_card(R, g.cfg, g.st, 0)
    assert g.pos(0) == "start-1" and g.p(0, "SECURED") == 2 and g.p(0, "CARRIED") == 0
    assert g.sc("CAKE_LEFT") == left + 5 and g.sc("RETURNED") == 5
    assert g.deck_list() == [N, G]
    # fewer cakes than the roll: keeps them all
    g = Game().place(0, "trail-a8", carried=1).deck(G).dice(3)
    turn_card(R, g.cfg, g.st, 0)
    assert g.p(0, "SECURED") == 1 and g.sc("RETURNED") == 0
    # no cakes: no roll, still back to the start
    g = Game().place(0, "trail-a5").deck(G).dice(3)
    turn_card(R, g.cfg, g.st, 0)
    assert g.pos(0) == "start-1" and g.ctl("FORCED_POS") == 0


@pytest.mark.rule("CR-C04")
def test_hat_is_kept_out_of_the_deck():
    g = Game().place(0, "trail-a2").deck(H, N, C)
    turn_card(R, g.cfg, g.st, 0)
    assert g.p(0, "HATS") == 1 and g.deck_list() == [N, C]


@pytest.mark.rule("CR-C05")
def test_cat_without_hat_starts_a_chase():
    g = Game().place(0, "trail-a2", carried=2).deck(C, N).dice(3, 3)
    turn_card(R, g.cfg, g.st, 0)
    assert g.sc("N_CHASES") == 1 and g.events(K.EV_CHASE) and g.deck_list() == [N, C]
    # trail-a2 -> 3 steps home-ward: lane1-5 or lane2-5 side; the cat (brown) rolls 3: too far
    assert g.events(K.EV_CAT_MOVE)


@pytest.mark.rule("CR-C06")
def test_hat_shown_is_kept_by_default():
    assert CAT.setup["hat_spent"] is False
    g = Game().place(0, "trail-a2", carried=2, hats=1).deck(C, N, C)
    turn_card(R, g.cfg, g.st, 0)
    assert g.sc("N_CHASES") == 0 and g.p(0, "HATS") == 1 and g.deck_list() == [N, C, C]
    turn_card(R, g.cfg, g.st, 0)
    turn_card(R, g.cfg, g.st, 0)                 # a second cat: the same hat stops it
    assert g.sc("N_CHASES") == 0 and g.sc("N_HATS_USED") == 2 and g.p(0, "HATS") == 1
    assert g.pos(0) == "trail-a2" and g.p(0, "CARRIED") == 2


@pytest.mark.rule("CR-C06")
def test_hat_shown_is_spent_under_the_spent_reading():
    R2 = rules_with(hat_spent=True)
    g = Game().place(0, "trail-a2", carried=2, hats=1).deck(C, N)
    turn_card(R2, g.cfg, g.st, 0)
    assert g.sc("N_CHASES") == 0 and g.p(0, "HATS") == 0 and g.deck_list() == [N, C, H]
    assert g.pos(0) == "trail-a2" and g.p(0, "CARRIED") == 2


# ------------------------------------------------------------------ the big cake
@pytest.mark.rule("CR-K01")
def test_taken_cakes_are_carried_unsafe():
    g = Game().place(0, "cake", carried=0).dice(3)
    take_cakes(R, g.st, 0)
    assert g.p(0, "CARRIED") == 3 and g.p(0, "SECURED") == 0 and g.sc("CAKE_LEFT") == 37


@pytest.mark.rule("CR-K02")
def test_arrival_without_exact_roll_then_take_and_card():
    g = Game().place(0, "trail-a9").dice(3, 2).deck(N, G)
    play_turn(R, g.cfg, g.st, 0)                 # 1 step is enough: stops on the cake
    assert g.pos(0) == "cake" and g.p(0, "CARRIED") == 2 and g.deck_list() == [G, N]
    assert g.ctl("FORCED_POS") == 2                # the move roll and the take roll, no more


@pytest.mark.rule("CR-K03")
def test_staying_at_the_cake_rolls_takes_and_turns_a_card():
    g = Game(params=(8.0,)).place(0, "cake", carried=3).dice(2).deck(N, G)
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) == "cake" and g.p(0, "CARRIED") == 5 and g.deck_list() == [G, N]
    assert g.events(K.EV_STAY)[0][3] == 0


@pytest.mark.rule("CR-K04")
def test_carry_cap_trims_the_take():
    g = Game().place(0, "cake", carried=8).dice(3)
    assert take_cakes(R, g.st, 0) == 2 and g.p(0, "CARRIED") == 10
    g = Game().place(0, "cake", carried=2).dice(3)
    g.st.sc[S.S_CAKE_LEFT] = 1
    assert take_cakes(R, g.st, 0) == 1 and g.sc("CAKE_LEFT") == 0


@pytest.mark.rule("CR-K05")
def test_must_leave_with_ten_may_leave_earlier():
    # threshold 10 would stay, but 10 carried forces the leave
    g = Game(params=(10.0,)).place(0, "cake", carried=10).dice(2).deck(N)
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) != "cake" and g.events(K.EV_STAY)[0][3] == 1
    # threshold 3 leaves with 4
    g = Game(params=(3.0,)).place(0, "cake", carried=4).dice(1).deck(N)
    play_turn(R, g.cfg, g.st, 0)
    assert g.pos(0) != "cake" and g.p(0, "CARRIED") == 4


@pytest.mark.rule("CR-K06")
def test_cakes_secured_at_a_start_for_good():
    g = Game().place(0, "lane1-1", carried=6, secured=3).dice(1)
    play_turn(R, g.cfg, g.st, 0)
    assert g.p(0, "SECURED") == 9 and g.p(0, "CARRIED") == 0
    # later trouble cannot touch them
    g.place(0, "trail-a8", carried=2, secured=9).deck(G).dice(1)
    turn_card(R, g.cfg, g.st, 0)
    assert g.p(0, "SECURED") == 10


# ------------------------------------------------------------------ the cat
@pytest.mark.rule("CR-H01")
def test_chase_starts_at_brown_point():
    g = Game().place(0, "trail-a10", carried=1).dice(1, 1)
    chase(R, g.cfg, g.st, 0)
    assert g.events(K.EV_CHASE)[0][3] == pt("brown")
    assert g.events(K.EV_CAT_MOVE)[0][3] == pt("brown")


@pytest.mark.rule("CR-H02")
def test_smurf_rolls_first_then_cat_alternating_no_cards():
    # trail-a10 flees 1 to a9, the cat (brown) rolls 1 to a6, the Smurf flees 1 to a8 (red:
    # no card in a chase), the cat rolls 1 to a7 ...
    g = Game().place(0, "trail-a10", carried=1).dice(1, 1, 1, 1).deck(G)
    chase(R, g.cfg, g.st, 0)
    rolls = [e[4] for e in g.events(K.EV_ROLL)]
    assert rolls[:4] == [K.ROLL_FLEE, K.ROLL_CAT, K.ROLL_FLEE, K.ROLL_CAT]
    assert not g.events(K.EV_CARD) and g.deck_list() == [G]


@pytest.mark.rule("CR-H02")
def test_the_cat_rolls_first_under_chase_first_cat():
    R2 = rules_with(chase_first="cat")
    g = Game().place(0, "trail-a9", carried=4).dice(3, 3, 3)
    chase(R2, g.cfg, g.st, 0)                     # brown is 4 from trail-a9: a 3 falls short
    assert [e[4] for e in g.events(K.EV_ROLL)] == [K.ROLL_CAT, K.ROLL_FLEE, K.ROLL_CAT]
    assert g.events(K.EV_CAT_MOVE)[0][3:5] == (pt("brown"), pt("trail-a8"))
    g = Game().place(0, "trail-a8", carried=4).dice(3)
    chase(R2, g.cfg, g.st, 0)                     # trail-a8 is 3 from brown: caught at once
    assert [e[4] for e in g.events(K.EV_ROLL)] == [K.ROLL_CAT]
    assert g.sc("N_CATCHES") == 1 and g.sc("REMOVED") == 4
    # the default: the Smurf first, and from trail-a8 a 1 leaves it 4 from the cat
    g = Game().place(0, "trail-a8", carried=4).dice(1, 3, 3)
    chase(R, g.cfg, g.st, 0)
    assert [e[4] for e in g.events(K.EV_ROLL)][:2] == [K.ROLL_FLEE, K.ROLL_CAT]


@pytest.mark.rule("CR-H03")
def test_safe_at_a_start_or_caught_within_reach():
    g = Game().place(0, "lane1-2", carried=4).dice(3)
    chase(R, g.cfg, g.st, 0)                     # reaches start-1 at once
    assert g.pos(0) == "start-1" and g.p(0, "SECURED") == 4 and g.sc("N_CATCHES") == 0
    # Smurf at trail-a9 flees 1 to trail-a8: the cat (brown, 3 away) rolls 3 and catches
    g = Game().place(0, "trail-a9", carried=4).dice(1, 3)
    chase(R, g.cfg, g.st, 0)
    assert g.sc("N_CATCHES") == 1
    # rolls 2: not caught, the cat moves 2 toward it
    g = Game().place(0, "trail-a9", carried=4).dice(1, 2, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3)
    chase(R, g.cfg, g.st, 0)
    moves = g.events(K.EV_CAT_MOVE)
    assert moves[0][3:5] == (pt("brown"), pt("trail-a7"))


@pytest.mark.rule("CR-H04")
def test_caught_marker_cakes_removed_back_to_start():
    g = Game().place(0, "trail-a9", carried=6).dice(1, 3)
    left = g.sc("CAKE_LEFT")
    chase(R, g.cfg, g.st, 0)
    assert g.p(0, "MARKERS") == 1 and g.p(0, "CARRIED") == 0 and g.sc("REMOVED") == 6
    assert g.sc("CAKE_LEFT") == left and g.pos(0) == "start-1" and g.p(0, "ELIM") == 0


@pytest.mark.rule("CR-H04")
def test_caught_keeps_a_roll_of_cakes_under_caught_loses_roll():
    R2 = rules_with(caught_loses="roll")
    g = Game().place(0, "trail-a9", carried=6).dice(1, 3, 2)   # flee 1, the cat 3: caught; keeps 2
    left = g.sc("CAKE_LEFT")
    chase(R2, g.cfg, g.st, 0)
    assert g.sc("N_CATCHES") == 1 and g.p(0, "MARKERS") == 1 and g.pos(0) == "start-1"
    assert g.sc("REMOVED") == 4 and g.p(0, "SECURED") == 2 and g.p(0, "CARRIED") == 0
    assert g.sc("CAKE_LEFT") == left and g.p(0, "FIRST_TRIP") == 2
    assert [e[4] for e in g.events(K.EV_ROLL)][-1] == K.ROLL_CAUGHT


@pytest.mark.rule("CR-H07")
def test_a_fleeing_smurf_may_run_past_the_cat():
    # the cat stands on trail-a7; the Smurf at trail-a8 flees 3 through it to trail-a5
    g = Game().place(0, "trail-a8", carried=3).dice(3, 1)
    g.st.sc[S.S_CAT] = pt("trail-a7")
    assert not flee(R, g.cfg, g.st, 0)
    assert g.pos(0) == "trail-a5" and g.sc("N_CATCHES") == 0
    assert not cat_runs(R, g.st, 0)               # 2 away: a 1 does not reach it
    assert g.sc("CAT") == pt("trail-a6") and g.p(0, "CARRIED") == 3


@pytest.mark.rule("CR-H05")
def test_third_marker_eliminates():
    g = Game(players=2).place(0, "trail-a9", carried=1, markers=2).dice(1, 3)
    chase(R, g.cfg, g.st, 0)
    assert g.p(0, "MARKERS") == 3 and g.p(0, "ELIM") == 1
    # an eliminated Smurf no longer plays
    turns = g.sc("TURN")
    play_turn(R, g.cfg, g.st, 0)
    assert g.sc("TURN") == turns


@pytest.mark.rule("CR-H06")
def test_a_chase_past_the_round_cap_ends_in_a_catch():
    from simcore.games.cake_race.tables import K_MAX_CHASE
    assert R.k[K_MAX_CHASE] == 1000
    R2 = R.replace(k=R.k.copy())
    R2.k[K_MAX_CHASE] = 2
    # far from the cat and from home: 1s for everyone, two rounds, then the cap
    g = Game().place(0, "trail-a1", carried=3).dice(1, 1, 1, 1, 3, 3)
    chase(R2, g.cfg, g.st, 0)
    assert g.ctl("FORCED_POS") == 4
    assert g.sc("N_CATCHES") == 1 and g.sc("REMOVED") == 3 and g.p(0, "MARKERS") == 1


# ------------------------------------------------------------------ end
@pytest.mark.rule("CR-E01")
def test_game_ends_when_cake_empty_and_all_home():
    g = Game(players=2).place(0, "start-1", secured=20).place(1, "trail-a3", carried=2, secured=18)
    g.st.sc[S.S_CAKE_LEFT] = 0
    assert not game_over(R, g.st)
    g.place(1, "start-2", secured=20)
    assert game_over(R, g.st)
    g.st.sc[S.S_CAKE_LEFT] = 1
    assert not game_over(R, g.st)


@pytest.mark.rule("CR-E02")
def test_most_secured_wins_eliminated_cannot_ties_share():
    g = Game(players=3, seat="0").place(0, "start-1", secured=12).place(1, "start-2", secured=15)
    g.place(2, "start-3", secured=13)
    g.st.pl[1, S.P_ELIM] = 1
    finish(g.st, 0)
    assert g.sc("WINNER") == 2 and g.sc("OUTCOME") == K.LOSS and g.sc("LOSS") == K.LOSS_OUTSCORED
    g = Game(players=2, seat="1").place(0, "start-1", secured=9).place(1, "start-2", secured=9)
    finish(g.st, 0)
    assert g.sc("OUTCOME") == K.TIE and g.sc("WINNER") == -1
    g = Game(players=2, seat="1").place(0, "start-1", secured=3).place(1, "start-2", secured=9)
    finish(g.st, 0)
    assert g.sc("OUTCOME") == K.WIN and g.sc("WINNER") == 1


@pytest.mark.rule("CR-E03")
def test_a_game_cut_by_the_round_cap_is_scored_by_cakes_secured_and_flagged():
    from simcore.games.cake_race.tables import K_MAX_ROUNDS
    from simcore.games.cake_race.game import record_result
    from simcore.games.cake_race.summary import summarize
    g = Game(players=1)
    g.st.sc[S.S_ROUND] = int(R.k[K_MAX_ROUNDS])
    assert not play_round(R, g.cfg, g.st)
    assert g.sc("TIMEOUT") == 1 and g.sc("OUTCOME") == K.LOSS and g.sc("LOSS") == K.LOSS_NO_CAKES
    # a seat far ahead when the game is cut wins it; one behind is outscored, not timed out
    rows = []
    for seat, outcome in (("0", K.WIN), ("1", K.LOSS)):
        g = Game(players=2, seat=seat).place(0, "trail-a3", carried=4, secured=12)
        g.place(1, "lane2-2", secured=3)
        g.st.sc[S.S_ROUND] = int(R.k[K_MAX_ROUNDS])
        assert not play_round(R, g.cfg, g.st)
        assert g.sc("OUTCOME") == outcome and g.sc("WINNER") == 0 and g.sc("TIMEOUT") == 1
        row = np.zeros(K.N_RESULT_FIELDS, np.int64)
        record_result(R, g.cfg, g.st, row)
        assert row[K.R_CUT] == 1 and row[K.R_LOSS_REASON] in (K.LOSS_NONE, K.LOSS_OUTSCORED)
        rows.append(row)
    s = summarize(np.array(rows))
    assert s["timeouts"] == 2 and s["wins"] == 1 and "timeout" not in s["loss_reasons"]


@pytest.mark.rule("CR-C01")
def test_the_deck_comes_round_and_its_new_pass_is_known():
    # three cards: turning all three starts a new pass holding what the deck holds then
    g = Game().place(0, "trail-a2", carried=1).deck(N, H, N)
    for _ in range(3):
        turn_card(R, g.cfg, g.st, 0)
    assert g.deck_list() == [N, N] and g.p(0, "HATS") == 1
    assert g.st.seen.tolist() == [0, 0, 0, 0] and g.st.pass0.tolist() == [2, 0, 0, 0]
    assert g.sc("PASS_LEFT") == 2
