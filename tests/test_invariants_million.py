"""The slow tier's big invariant run (`scripts/test --slow`): more than 1 000 000 games with
every invariant of the invariant drivers checked after every turn.

Hidden Village: every level x die x Hungry Cracoucass setting the levels allow (11) x 1 to 5
players x the strategies random, first, greedy and planner, half of each cell's games with a
finite supply (so the supply bound is checked too); rollout a few games per level setting (it
is slow). The cake race: 1 to 4 players x every rivals setting x the strategies random, first,
threshold, adaptive and skill (its default 0.5, rivals at 0.5). The session ends with
`INVARIANTS games=<n> violations=0` (tests/conftest.py).
"""
import zlib

import numpy as np
import pytest

import strategies
from tests.cake_race import test_invariants as cr
from tests.cake_race.scenario import CAT as CR_CAT
from tests.hidden_village import test_invariants as hv

HV_SETTINGS = [(lv, die, hungry) for lv in ("standard", "complex") for die in ("white", "red")
               for hungry in (True, False)] + \
              [("terrible", "white", True), ("terrible", "red", True), ("smurfnightmarish", "red", True)]
# games per cell (level setting x players), from the measured games/s of the drivers
HV_GAMES = {"random": 5000, "first": 3000, "greedy": 5000, "planner": 2000}
HV_ROLLOUT_GAMES = 20          # per level setting, 3 players
CR_RIVALS = ["same", "first", "random", "threshold-4", "adaptive"]
CR_GAMES = 2500                # per cell (players x rivals)


def seed_of(*cell) -> int:
    return zlib.crc32(repr(cell).encode())


@pytest.mark.slow
@pytest.mark.parametrize("strategy", sorted(HV_GAMES))
def test_hidden_village_invariants_over_every_setting(cat, strategy):
    n = HV_GAMES[strategy]
    for level, die, hungry in HV_SETTINGS:
        for players in range(1, 6):
            for finite in (False, True):
                hv.run_checked(cat, level, die, n // 2, players=players, finite_supply=finite,
                               strategy=strategy, hungry=hungry,
                               seed=seed_of(strategy, level, die, hungry, players, finite))


@pytest.mark.slow
def test_hidden_village_invariants_with_rollout(cat):
    for level, die, hungry in HV_SETTINGS:
        hv.run_checked(cat, level, die, HV_ROLLOUT_GAMES, players=3, strategy="rollout",
                       hungry=hungry, seed=seed_of("rollout", level, die, hungry))


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["random", "first", "threshold", "adaptive", "skill"])
def test_cake_race_invariants_over_every_setting(strategy):
    s = strategies.get(strategy, "cake-race")
    for rival in ("threshold", "adaptive"):     # the rivals' kernels, whichever case runs first
        strategies.get(rival, "cake-race")
    for players in range(1, 5):
        for rivals in CR_RIVALS:
            cr.run_checked(CR_CAT, players, s.kernel_id, rivals, CR_GAMES,
                           seed=seed_of(strategy, players, rivals),
                           params=np.asarray(s.param_vector()))


def planned_games() -> int:
    hv_games = len(HV_SETTINGS) * 5 * sum(2 * (n // 2) for n in HV_GAMES.values())
    return hv_games + len(HV_SETTINGS) * HV_ROLLOUT_GAMES + 5 * 4 * len(CR_RIVALS) * CR_GAMES


def test_the_slow_tier_plays_at_least_a_million_games():
    assert planned_games() >= 1_000_000
