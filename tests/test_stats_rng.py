"""Wilson intervals against known values; the seeded streams' independence and uniformity;
results independent of chunking."""

import numpy as np
import pytest

from experiments.runs import RunSpec, run
from simcore import jit
from simcore.rng import randint, stream_state
from simcore.stats import wilson_interval


def test_wilson_matches_the_textbook_value():
    # 81 successes in 263 trials: 95% Wilson interval 0.2553 .. 0.3662 (Wilson 1927; Newcombe 1998)
    lo, hi = wilson_interval(81, 263)
    assert lo == pytest.approx(0.2553, abs=1e-4)
    assert hi == pytest.approx(0.3662, abs=1e-4)


def test_wilson_edges():
    assert wilson_interval(0, 100) == (0.0, pytest.approx(0.036995, abs=1e-5))
    lo, hi = wilson_interval(100, 100)
    assert hi == 1.0 and lo == pytest.approx(1 - 0.036995, abs=1e-5)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 3)


@jit.njit_with("simcore.rng")   # cached with the stream kernels it calls
def _draws(seed, purpose, game, n, k):
    st = np.zeros(1, np.uint64)
    st[0] = stream_state(seed, purpose, game)
    out = np.zeros(n, np.int64)
    for i in range(n):
        out[i] = randint(st, 0, k)
    return out


def test_randint_is_uniform():
    x = _draws(7, 2, 0, 60000, 6)
    counts = np.bincount(x, minlength=6)
    chi2 = ((counts - 10000) ** 2 / 10000).sum()
    assert chi2 < 20.5   # 5 d.o.f., p = 0.001


def test_streams_differ_by_seed_purpose_and_game():
    base = _draws(7, 2, 0, 50, 1000)
    for other in (_draws(8, 2, 0, 50, 1000), _draws(7, 3, 0, 50, 1000), _draws(7, 2, 1, 50, 1000)):
        assert (base != other).mean() > 0.9
    assert (base == _draws(7, 2, 0, 50, 1000)).all()


def test_largest_seed_is_accepted():
    assert len(_draws(2**63 - 1, 0, 2**40, 3, 10)) == 3


def test_results_do_not_depend_on_chunk_size():
    spec = RunSpec(game="hidden-village", players=4, strategy="random", seed=99,
                   options={"level": "complex", "die": "red"})
    a = run(spec, 600, chunk=600)
    b = run(spec, 600, chunk=97)
    assert (a == b).all()


def test_a_later_range_replays_the_same_games():
    spec = RunSpec(game="hidden-village", players=3, strategy="random", seed=5,
                   options={"level": "standard", "die": "white"})
    whole = run(spec, 300)
    tail = run(spec, 100, start=200)
    assert (whole[200:] == tail).all()
