"""Monte Carlo against exact values: the Forest cards revealed in a game's first turns.

No decision touches the Forest deck (GV-S08: shuffled at setup, revealed from the top), so in
every game the first t reveals are a uniform draw without replacement from the 39 cards
(GV-F10), whatever the strategies play: the number of cards of a kind among them is
hypergeometric. Played games (greedy seats, the log on) are checked against it within 99%
intervals, simultaneous over every value checked (Bonferroni): 40-odd intervals of 99% each
would miss one every other run by chance alone."""
from math import comb
from statistics import NormalDist

import numpy as np

import strategies
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import tables as T
from simcore.games.gnome_village.config import make_config
from simcore.games.gnome_village.game import play_logged
from simcore.stats import wilson_interval

from .scenario import CAT

REVEALS = 9          # three rounds of three players
GAMES = 1500


def first_reveals(games=GAMES, players=3, seed=3):
    greedy = strategies.get("greedy", "gnome-village")
    cfg, _ = make_config(CAT, players=players)
    kinds = np.zeros((games, REVEALS), np.int64)
    for i in range(games):
        _, events, _ = play_logged(CAT, cfg, greedy.kernel_id, np.asarray(greedy.param_vector()),
                                   seed, i, event_capacity=1 << 13)
        cards = events[events[:, 0] == K.EV_CARD, 3]
        assert len(cards) >= REVEALS
        kinds[i] = CAT.rules.forest[cards[:REVEALS], T.FC_KIND]
    return kinds


def hypergeometric(total, good, drawn, k):
    return comb(good, k) * comb(total - good, drawn - k) / comb(total, drawn)


def test_forest_card_kinds_in_the_first_reveals_match_the_exact_distribution():
    kinds = first_reveals()
    R = CAT.rules
    total = int(R.forest[:, T.FC_COUNT].sum())
    goods = {name: int(R.forest[R.forest[:, T.FC_KIND] == kind, T.FC_COUNT].sum())
             for name, kind in K.FOREST_KINDS.items()}
    # the cells checked per kind: each value expected in at least 5 games, then the rest pooled
    # (a value expected in a handful of games has no interval worth the name)
    cells = {}
    for name, good in goods.items():
        pmf = [hypergeometric(total, good, REVEALS, k) for k in range(min(good, REVEALS) + 1)]
        common = [k for k, p in enumerate(pmf) if p * GAMES >= 5]
        last = max(common)
        cells[name] = [(k, k, pmf[k]) for k in common] + [(last + 1, REVEALS, sum(pmf[last + 1:]))]
    checks = sum(len(c) + 1 for c in cells.values())            # the cells and a mean per kind
    z = NormalDist().inv_cdf(1 - 0.01 / (2 * checks))
    for name, kind in K.FOREST_KINDS.items():
        counts = (kinds == kind).sum(axis=1)
        for lo_k, hi_k, p in cells[name]:
            seen = int(((counts >= lo_k) & (counts <= hi_k)).sum())
            lo, hi = wilson_interval(seen, len(counts), z=z)
            assert lo <= p <= hi, (name, lo_k, hi_k, p, lo, hi)
        mean, sd = counts.mean(), counts.std(ddof=1)
        half = z * sd / np.sqrt(len(counts))
        assert abs(mean - REVEALS * goods[name] / total) <= half, (name, mean)
