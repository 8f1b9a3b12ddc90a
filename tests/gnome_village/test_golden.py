"""Games that must not change: the results of greedy, random, skill and lookahead for seed 11,
recorded (as a digest of the result rows) from commit a323364, before greedy's plans were
rebuilt and the readings of a gnome's way home and the Architect became knobs. A change of the
default rules or of a strategy's default play shows here; a deliberate one records new digests
and says why in its commit."""
import hashlib

import numpy as np
import pytest

import strategies
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village.config import make_config

from .scenario import CAT

GOLDEN = {   # (strategy, players, rivals, games): sha256 of the int64 result rows, first 16 hex
    ("greedy", 2, "same", 400): "b260f2cf7cea00c4",
    ("greedy", 3, "same", 400): "85a3d8d225c09d72",
    ("greedy", 4, "same", 400): "d3871ce6f92252d2",
    ("random", 3, "greedy", 400): "a4e96b46c1ad743f",
    ("skill", 3, "greedy", 200): "98a9b3ce3999f8de",
    ("lookahead", 3, "greedy", 6): "6eda1cee870a8093",
}


@pytest.mark.parametrize("key", sorted(GOLDEN), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_default_games_are_the_recorded_ones(key):
    name, players, rivals, n = key
    s = strategies.get(name, "gnome-village")
    cfg, _ = make_config(CAT, players=players, rivals=rivals)
    r = G.run_games(CAT, cfg, s.kernel_id, np.asarray(s.param_vector(), np.float64), 11, 0, n)
    assert hashlib.sha256(np.ascontiguousarray(r, np.int64).tobytes()).hexdigest()[:16] == GOLDEN[key]
