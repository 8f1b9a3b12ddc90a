"""The Hobbit deck-builder's strategies play whole games legally in every mode, and the
measuring instruments order as they should: greedy and big-money beat random players,
co-operative greedy buys no Attack, lookahead is reproducible for a seed."""
import numpy as np
import pytest

import strategies
from simcore.games import get_game
from simcore.games.hobbit import consts as K
from tests.hobbit.scenario import CAT

GAME = get_game("hobbit")
F = {n: i for i, n in enumerate(K.RESULT_FIELDS)}


def play(strategy, games, seed=5, **options):
    s = strategies.get(strategy, "hobbit")
    cfg, _ = GAME.make_config(CAT, **options)
    return GAME.run_games(CAT, cfg, s.kernel_id, np.asarray(s.param_vector(), np.float64), seed, 0, games)


@pytest.mark.parametrize("strategy", ["random", "first", "big-money", "greedy", "skill"])
@pytest.mark.parametrize("mode", list(K.MODES))
def test_every_strategy_plays_whole_games_in_every_mode(strategy, mode):
    for players in (2, 3, 4, 5):
        rows = play(strategy, 30, players=players, mode=mode)
        assert (rows[:, F["end"]] > 0).all() and (rows[:, F["players"]] == players).all()
        assert set(rows[:, F["outcome"]].tolist()) <= set(K.OUTCOMES)


@pytest.mark.parametrize("strategy", ["big-money", "greedy", "skill"])
def test_every_strategy_plays_the_second_chapter_alone(strategy):
    rows = play(strategy, 40, players=3, start="dos")
    assert (rows[:, F["chapter_turn"]] == 0).all() and (rows[:, F["end"]] > 0).all()


def test_lookahead_plays_legally_and_is_reproducible():
    a = play("lookahead", 3, players=3, seed=9)
    b = play("lookahead", 3, players=3, seed=9)
    assert (a == b).all() and (a[:, F["end"]] > 0).all()


@pytest.mark.parametrize("strategy", ["greedy", "big-money"])
def test_a_rule_playing_strategy_beats_random_rivals(strategy):
    rows = play(strategy, 400, players=4, rivals="random")
    win = (rows[:, F["outcome"]] == K.WIN).mean()
    assert win > 0.6, f"{strategy} won {win:.1%} against random rivals (fair share 25%)"


def test_greedy_ends_its_normal_games_by_a_rule():
    rows = play("greedy", 400, players=4)
    assert (rows[:, F["end"]] != K.END_CUT).all()


def test_cooperative_greedy_buys_no_attack_and_rarely_stalls():
    """Co-op greedy holds back Attacks (HB-I06): it buys none. A Path of cards it will not buy,
    with decks that cannot reach Smaug, stands still: such a game is cut at the turn cap
    (HB-E04) and lost; measured in 1.6% of 2 000 games at 4 players."""
    s = strategies.get("greedy", "hobbit")
    par = np.asarray(s.param_vector(), np.float64)
    attacks = {k for k in range(len(CAT.cards))
               if any(CAT.rules.fx[k, r, 0] in (K.TR_ATTACK, K.TR_ATTACK_OR)
                      for r in range(CAT.rules.card[k, 9]))}
    assert attacks, "the catalog has Attack cards"
    cfg, _ = GAME.make_config(CAT, players=4, mode="coop")
    for g in range(6):
        _, events, _ = GAME.play_logged(CAT, cfg, s.kernel_id, par, 3, g)
        assert not {int(e[3]) for e in events if e[0] == K.EV_BUY} & attacks
    rows = play("greedy", 400, players=4, mode="coop")
    assert (rows[:, F["end"]] == K.END_CUT).mean() < 0.04
