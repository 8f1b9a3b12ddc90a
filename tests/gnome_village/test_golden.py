"""Games that must not change: the results of greedy, random, skill and lookahead for seed 11,
recorded (as a digest of the result rows). A change of the default rules or of a strategy's
default play shows here; a deliberate one records new digests and says why in its commit.

Recorded again when the Doctor and business readings followed the rulebook; the new defaults change the games: the Doctor may activate a
workshop with a gnome on it (knob doctor) and a business counts as used only when its action
is performed (knob business-used). The digests before it (recorded from commit a323364) are
kept: the two knobs' alternatives must still play those very games."""
import hashlib

import numpy as np
import pytest

import strategies
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village.catalog import load_catalog
from simcore.games.gnome_village.config import make_config

from .scenario import CAT

GOLDEN = {   # (strategy, players, rivals, games): sha256 of the int64 result rows, first 16 hex
    ("greedy", 2, "same", 400): "c4facd9f5fa9a6d2",
    ("greedy", 3, "same", 400): "b000b73997e1840f",
    ("greedy", 4, "same", 400): "7f1fa3a59699d3ce",
    ("random", 3, "greedy", 400): "e98a5df458ac4187",
    ("skill", 3, "greedy", 200): "742874685a37b701",
    ("lookahead", 3, "greedy", 6): "cc83c3dba9efef99",
}
BEFORE_RULEBOOK_READINGS = {   # the same games under the readings in force before the rulebook readings
    ("greedy", 2, "same", 400): "b260f2cf7cea00c4",
    ("greedy", 3, "same", 400): "85a3d8d225c09d72",
    ("greedy", 4, "same", 400): "d3871ce6f92252d2",
    ("random", 3, "greedy", 400): "a4e96b46c1ad743f",
    ("skill", 3, "greedy", 200): "98a9b3ce3999f8de",
}
OLD_READINGS = ("doctor=empty", "business-used=visited")


def digest(cat, key):
    name, players, rivals, n = key
    s = strategies.get(name, "gnome-village")
    cfg, _ = make_config(cat, players=players, rivals=rivals)
    r = G.run_games(cat, cfg, s.kernel_id, np.asarray(s.param_vector(), np.float64), 11, 0, n)
    return hashlib.sha256(np.ascontiguousarray(r, np.int64).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(GOLDEN), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_default_games_are_the_recorded_ones(key):
    assert digest(CAT, key) == GOLDEN[key]


@pytest.mark.rule("GV-A09")
@pytest.mark.rule("GV-B05")
@pytest.mark.parametrize("key", sorted(BEFORE_RULEBOOK_READINGS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_old_readings_play_the_games_recorded_before_them(key):
    """--assume doctor=empty --assume business-used=visited is the game as it was."""
    assert digest(load_catalog(assume=list(OLD_READINGS)), key) == BEFORE_RULEBOOK_READINGS[key]
