"""Invariants over many random games, determinism, and exact odds against Monte Carlo."""
import math
from statistics import NormalDist

import numpy as np
import pytest

import simcore.games.cake_race as game
from simcore.harness import start_game
from simcore import jit
from simcore.games.cake_race import consts as K
from simcore.games.cake_race import state as S
from simcore.games.cake_race.tables import K_CAP, K_ELIM_AT, K_MAX_ROUNDS, K_SUPPLY
from simcore.games.cake_race.config import make_config, seat_strategies
from strategies.cake_race.ids import ADAPTIVE, ADAPTIVE_PARAMS, THRESHOLD
from simcore.games.cake_race.exact import first_trip_odds
from simcore.games.cake_race.rules import finish, game_over, play_turn, setup_game
from simcore.games.cake_race.state import new_state
from simcore.policy import FIRST, RANDOM
from simcore.seats import assign_seats
from simcore.stats import wilson_interval

from tests import invariant_count

from .scenario import CAT

# numba's cache keyed by this file alone would keep stale copies of the rules it calls
WITH_THE_RULES = jit.njit_with(game.__name__ + ".rules")


@WITH_THE_RULES
def _check(R, st, bad):
    """Count invariant violations after a turn into bad[0..5]."""
    total = st.sc[S.S_CAKE_LEFT] + st.sc[S.S_REMOVED]
    held = 0
    for p in range(st.sc[S.S_PLAYERS]):
        c = st.pl[p, S.P_CARRIED]
        total += c + st.pl[p, S.P_SECURED]
        held += st.pl[p, S.P_HATS]
        if c < 0 or c > R.k[K_CAP]:
            bad[1] += 1
        if st.pl[p, S.P_MARKERS] > R.k[K_ELIM_AT]:
            bad[2] += 1
        if (st.pl[p, S.P_MARKERS] >= R.k[K_ELIM_AT]) != (st.pl[p, S.P_ELIM] == 1):
            bad[3] += 1
        if c > 0 and R.start_no[st.pl[p, S.P_POS]] >= 0:
            bad[4] += 1
    if total != R.k[K_SUPPLY] or st.sc[S.S_CAKE_LEFT] < 0:
        bad[0] += 1
    # the deck and the hats held are the whole deck, kind by kind
    if st.sc[S.S_DECK_N] + held != R.deck.shape[0]:
        bad[5] += 1
    for kind in range(R.counts.shape[0]):
        n = 0
        for i in range(st.sc[S.S_DECK_N]):
            if st.deck[(st.sc[S.S_DECK_HEAD] + i) % st.deck.shape[0]] == kind:
                n += 1
        if n + (held if kind == 2 else 0) != R.counts[kind]:
            bad[5] += 1


@WITH_THE_RULES
def _play_checked(R, cfg, st, fsid, fpar, rsid, rpar, seed, n_games, bad, ends):
    for g in range(n_games):
        start_game(cfg, st, seed, g)
        setup_game(R, cfg, st, g)
        assign_seats(st.sid, st.par, st.sc[S.S_FOCAL], fsid, fpar, rsid, rpar)
        _check(R, st, bad)
        done = False
        while not done:
            st.sc[S.S_ROUND] += 1
            if st.sc[S.S_ROUND] > R.k[K_MAX_ROUNDS]:
                st.sc[S.S_ROUND] -= 1
                finish(st, 1)
                break
            for p in range(st.sc[S.S_PLAYERS]):
                play_turn(R, cfg, st, p)
                _check(R, st, bad)
                if game_over(R, st):
                    finish(st, 0)
                    done = True
                    break
        ends[st.sc[S.S_OUTCOME]] += 1


def run_checked(cat, players, sid, rivals, games, seed=5, params=(4.0,)):
    """Play `games` games of one configuration of catalog `cat`, checking every invariant after
    every turn; fails on any violation or a game that does not end. Returns the outcome counts."""
    cfg, _ = make_config(cat, players=players, rivals=rivals)
    st = new_state(cat.rules, event_capacity=1)
    fsid, fpar, rsid, rpar = seat_strategies(cfg, sid, np.asarray(params, np.float64))
    bad = np.zeros(6, np.int64)
    ends = np.zeros(4, np.int64)
    _play_checked(cat.rules, cfg, st, fsid, fpar, rsid, rpar, seed, games, bad, ends)
    invariant_count.add(games, bad.sum() + ends[K.RUNNING])
    assert bad.tolist() == [0] * 6, ("cakes, carry, markers, elimination, carried at home, deck", bad)
    assert ends[K.RUNNING] == 0 and ends.sum() == games          # every game ended
    return ends


@pytest.mark.parametrize("players,sid,rivals", [(1, RANDOM, "same"), (2, RANDOM, "same"),
                                                (3, RANDOM, "same"), (4, RANDOM, "same"),
                                                (4, THRESHOLD, "adaptive"), (3, FIRST, "random")])
def test_invariants_over_random_games(players, sid, rivals):
    run_checked(CAT, players, sid, rivals, 300)


# every rule choice of setup.toml flipped from its default
FLIPPED = dict(hat_spent=not CAT.setup["hat_spent"], caught_loses="roll", chase_first="cat",
               exact_home=True)


@pytest.mark.parametrize("players,sid,rivals", [(3, RANDOM, "same"), (4, THRESHOLD, "adaptive")])
def test_invariants_under_the_flipped_rule_choices(players, sid, rivals):
    from simcore.games.cake_race.catalog import load_catalog
    run_checked(load_catalog(**FLIPPED), players, sid, rivals, 300)


def test_random_games_end_well_before_the_round_cap():
    """Forward moves (CR-M06): the random strategy's games end; none is cut at 400 rounds."""
    for players in (2, 4):
        cfg, _ = make_config(CAT, players=players)
        r = game.run_games(CAT, cfg, RANDOM, np.array([]), 11, 0, 1000)
        assert r[:, K.R_CUT].sum() == 0 and np.median(r[:, K.R_ROUNDS]) < 200


def test_outcomes_are_consistent_with_the_scores():
    cfg, _ = make_config(CAT, players=3, rivals="adaptive")
    r = game.run_games(CAT, cfg, THRESHOLD, np.array([5.0]), 3, 0, 3000)
    f = {n: i for i, n in enumerate(K.RESULT_FIELDS)}
    sec = r[:, f["secured_0"]:f["secured_0"] + 3]
    seat = r[:, f["seat"]]
    assert (r[:, f["secured_3"]] == -1).all()
    assert np.bincount(seat).tolist() == [1000, 1000, 1000]         # the focal seat rotates
    assert (sec[np.arange(3000), seat] == r[:, f["secured"]]).all()
    won = r[:, f["outcome"]] == K.WIN
    assert (r[won, f["winner"]] == seat[won]).all()
    assert (r[won, f["eliminated"]] == 0).all()
    done = r[:, f["cut"]] == 0
    total = sec.sum(axis=1) + r[:, f["cakes_left"]] + r[:, f["cakes_removed"]]
    assert (total[done] == 40).all() and (r[done, f["cakes_left"]] == 0).all()


def test_same_games_whatever_the_chunking():
    cfg, _ = make_config(CAT, players=3, rivals="random")
    whole = game.run_games(CAT, cfg, ADAPTIVE, np.array(list(ADAPTIVE_PARAMS.values())), 9, 0, 300)
    parts = np.concatenate([game.run_games(CAT, cfg, ADAPTIVE, np.array(list(ADAPTIVE_PARAMS.values())),
                                           9, a, 100) for a in (0, 100, 200)])
    assert (whole == parts).all()
    other = game.run_games(CAT, cfg, ADAPTIVE, np.array(list(ADAPTIVE_PARAMS.values())), 10, 0, 300)
    assert not (whole == other).all()


def test_log_tells_the_game():
    cfg, _ = make_config(CAT, players=2, rivals="adaptive")
    st, events, row = game.play_logged(CAT, cfg, THRESHOLD, np.array([4.0]), 7, 0)
    lines = game.format_log(events, CAT)
    assert lines[0].startswith("round 1, Smurf 0 at start-1")
    assert lines[-1].startswith("game over after round")
    recs = game.event_records(events, CAT)
    assert len(recs) == len(events) and recs[-1]["event"] == "end"
    summary = game.objectives_summary(st, CAT)
    assert f"{row[K.R_SECURED]} secured" in summary[row[K.R_SEAT]]


# ---------------------------------------------------------------- exact against Monte Carlo
Z99 = 2.5758293035489


def test_exact_odds_are_a_distribution_with_the_right_support():
    for k in (1, 4, 10):
        p = first_trip_odds(CAT, k)
        assert math.isclose(sum(p), 1.0, abs_tol=1e-12)
        assert all(x >= 0 for x in p)
        # threshold k: home with at most k + 2 cakes (the last take is at most 3)
        assert all(x == 0 for x in p[min(k + 2, 10) + 1:])
    # k = 1 leaves after the arrival's take: 1 to 3 cakes, or nothing
    assert first_trip_odds(CAT, 1)[4:] == [0.0] * 7


RULE_SETS = {"default": {}, "hat flipped": {"hat_spent": not CAT.setup["hat_spent"]},
             "all flipped": FLIPPED}


@pytest.mark.parametrize("k,rules", [(2, "default"), (5, "default"), (8, "default"),
                                     (5, "hat flipped"), (8, "hat flipped"), (6, "all flipped")])
def test_monte_carlo_agrees_with_exact_first_trip_odds(k, rules):
    """One player, threshold k: the share of games whose first trip brings home n cakes is
    within its 99% Wilson interval of the exact probability, for every n (Bonferroni over the
    n with a non-zero probability), and so is the mean. Under the default rule choices, the
    hat rule flipped, and every rule choice flipped."""
    from simcore.games.cake_race.catalog import load_catalog
    cat = load_catalog(**RULE_SETS[rules]) if RULE_SETS[rules] else CAT
    exact = np.array(first_trip_odds(cat, k))
    cfg, _ = make_config(cat, players=1)
    games = 20000
    r = game.run_games(cat, cfg, THRESHOLD, np.array([float(k)]), 2024, 0, games)
    first = r[:, K.R_FIRST_TRIP]
    assert (first >= 0).all()
    counts = np.bincount(first, minlength=exact.shape[0])
    assert counts.shape[0] == exact.shape[0]
    support = [n for n in range(exact.shape[0]) if exact[n] > 0]
    z = NormalDist().inv_cdf(1 - 0.01 / (2 * len(support)))
    for n in range(exact.shape[0]):
        if exact[n] == 0:
            assert counts[n] == 0, (k, n)
            continue
        lo, hi = wilson_interval(int(counts[n]), games, z)
        assert lo <= exact[n] <= hi, (k, n, counts[n] / games, exact[n], lo, hi)
    mean, sd = first.mean(), first.std(ddof=1)
    exact_mean = float((np.arange(exact.shape[0]) * exact).sum())
    assert abs(mean - exact_mean) <= Z99 * sd / math.sqrt(games), (k, mean, exact_mean)
