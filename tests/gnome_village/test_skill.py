"""The skill scale of Gnome Village: skill 0 plays random's very games and skill 1 greedy's, on
the same seeds (every seat at that skill: rival_skill -1); in between, a better player does not
win less (paired, on the same deals); the rivals play at rival_skill."""
import numpy as np

import strategies
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village.config import make_config
from simcore.policy import RANDOM

from .scenario import CAT

SKILL = strategies.get("skill", "gnome-village")
GREEDY = strategies.get("greedy", "gnome-village")


def run(sid, params, n, players=3, rivals="same", seed=2, **options):
    cfg, _ = make_config(CAT, players=players, rivals=rivals, **options)
    return G.run_games(CAT, cfg, sid, np.asarray(params, np.float64), seed, 0, n)


def skill(s, **more):
    return np.asarray(SKILL.param_vector({"skill": s, **more}))


def test_skill_0_is_random_and_skill_1_is_greedy_game_for_game():
    for players in (2, 4):
        assert (run(SKILL.kernel_id, skill(0.0, rival_skill=-1.0), 40, players)
                == run(RANDOM, [0.0], 40, players)).all()
        assert (run(SKILL.kernel_id, skill(1.0, rival_skill=1.0), 40, players)
                == run(GREEDY.kernel_id, GREEDY.param_vector(), 40, players)).all()
        # against greedy rivals too: only the focal seat plays the scale
        assert (run(SKILL.kernel_id, skill(1.0), 40, players, rivals="greedy")
                == run(GREEDY.kernel_id, GREEDY.param_vector(), 40, players, rivals="greedy")).all()


def test_each_seat_may_have_its_own_skill():
    """seat_0 = 1 and every other seat at 0: seat 0 plays greedy, the others random."""
    a = run(SKILL.kernel_id, skill(0.0, seat_0=1.0, rival_skill=-1.0), 40, 3, seat="0")
    b = run(SKILL.kernel_id, skill(1.0, seat_1=0.0, seat_2=0.0), 40, 3, seat="0")
    assert (a == b).all()
    assert (a[:, K.R_OUTCOME] == K.WIN).mean() > 0.8


def test_the_win_rate_does_not_fall_with_skill():
    """The focal seat at skills 0 .. 1 against greedy rivals, on the same deals: each step up
    wins at least as often, within the paired noise (TOLERANCE), and the ends differ clearly."""
    n = 300
    TOLERANCE = 0.04       # about two paired standard errors of a step at n = 300
    rates = []
    for s in (0.0, 0.25, 0.5, 0.75, 0.9, 1.0):
        r = run(SKILL.kernel_id, skill(s), n, 3, rivals="greedy")
        rates.append((r[:, K.R_OUTCOME] == K.WIN).mean())
    for lo, hi in zip(rates, rates[1:]):
        assert hi >= lo - TOLERANCE, rates
    assert rates[-1] - rates[0] > 0.2, rates


def test_the_rivals_play_rival_skill_and_a_seat_s_own_skill_wins_over_it():
    """--rivals same: the other seats play at rival_skill (0.5 by default), the focal seat at
    skill, whatever seat is focal; seat_q, where given, wins over both."""
    for seat in ("0", "2"):
        others = {f"seat_{q}": 0.0 for q in range(3) if str(q) != seat}
        assert (run(SKILL.kernel_id, skill(1.0, rival_skill=0.0), 40, 3, seat=seat)
                == run(SKILL.kernel_id, skill(1.0, rival_skill=-1.0, **others), 40, 3, seat=seat)).all()
    assert (run(SKILL.kernel_id, skill(0.7), 40, 3)
            == run(SKILL.kernel_id, skill(0.7, rival_skill=0.5), 40, 3)).all()
    a = run(SKILL.kernel_id, skill(0.0, seat_0=1.0, rival_skill=0.0), 40, 3, seat="1")
    b = run(SKILL.kernel_id, skill(0.0, seat_0=1.0, rival_skill=-1.0), 40, 3, seat="1")
    assert (a == b).all()   # seat 0's own 1.0 over rival_skill; seat 2 at 0 either way


def test_a_curve_over_skill_against_rivals_of_skill_0_5_rises():
    """With the default rivals (same, at rival_skill 0.5), the focal seat's odds rise with its
    skill: a curve says something (with every seat at `skill` it stays near the fair share)."""
    n = 300
    low = (run(SKILL.kernel_id, skill(0.0), n, 3)[:, K.R_OUTCOME] == K.WIN).mean()
    high = (run(SKILL.kernel_id, skill(1.0), n, 3)[:, K.R_OUTCOME] == K.WIN).mean()
    assert high - low > 0.3, (low, high)
