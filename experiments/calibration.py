"""The statistics of `meeplesim calibrate`: which skill on the game's skill scale explains a real
table's playtests, how sure that is, whether one skill explains every row, and what the table
should win elsewhere. Pure functions of counts: nothing here plays a game.

The simulated curve. Each configuration c was played at skills s_1 < ... < s_J (paired seeds:
game i is the same deal at every skill), m_cj wins of M_cj games. The true win rate at s_j is
not m/M but unknown; its posterior is Beta(m + 1/2, M - m + 1/2) (Jeffreys). Between two skills
played the Beta is interpolated onto a fine grid (step `FINE_STEP`): its mean on the logit
scale, its size linearly (`beta_on_grid`).

The likelihood. A table's row of n games and k wins is binomial with the table's rate p; with p
Beta-distributed (the simulation's Monte Carlo error) the row's probability is the beta-binomial
(scipy.stats.betabinom): the Monte Carlo error integrated out exactly, not ignored. Rows are
independent (different configurations are different simulated cells and different real games).

The skill. A uniform prior on the skill scale, so the posterior over the fine grid is the
normalised likelihood. The point estimate is the maximum-likelihood skill (the middle of the
maximum when the likelihood is flat there); the 95% interval is the highest-posterior-density
set's span. A posterior rather than a profile likelihood: the skill lives on [0, 1] and a
table that wins (nearly) everything, or nothing, has its likelihood's maximum on the edge,
where the chi-square calibration of a profile likelihood fails; the posterior needs no
asymptotics and its coverage is measured (docs/calibrate.md).

The fit. The deviance G2 = 2 (log L of every row at its own observed rate - log L of every row
at the one fitted skill), R - 1 degrees of freedom for R rows (configurations); its p-value by
a parametric bootstrap (rows drawn again from the fitted skill's beta-binomial,
the skill fitted again, `BOOT` times), because with 5 to 40 games a row the chi-square
approximation of G2 is poor (measured in docs/calibrate.md). A row's share of G2 says how much
it disagrees.

Predictions. A configuration's win rate at the table's skill is the mixture, over the skill's
posterior, of each fine-grid skill's Beta: its mean, and its 2.5% and 97.5% quantiles (the
interval carries the skill's uncertainty and the Monte Carlo error both).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FINE_STEP = 0.005        # the fine grid's step on the skill scale
MASS = 0.95              # the skill interval's posterior mass; the predictions' interval
BOOT = 1000              # parametric bootstrap draws of the fit test
JEFFREYS = 0.5           # the Beta prior's parameters of a simulated rate
P_GRID = 4001            # points of the win-rate grid a mixture's quantiles are read on


def fine_grid(skills) -> np.ndarray:
    s = np.asarray(skills, float)
    n = int(round((s[-1] - s[0]) / FINE_STEP)) + 1
    return np.linspace(s[0], s[-1], max(n, 2))


def beta_on_grid(wins, games, skills, fine) -> tuple[np.ndarray, np.ndarray]:
    """(a, b): the Beta posterior's parameters of each configuration's rate (rows of `wins`,
    `games`: one per configuration, one column per simulated skill) on the fine grid. Between
    two skills played, the posterior mean is interpolated on the logit scale (a win rate
    against skill is S-shaped: linear in the rate, the middle of a steep step is off by
    several points) and the Beta's size a + b linearly."""
    from scipy.special import expit, logit
    w = np.atleast_2d(np.asarray(wins, float))
    g = np.atleast_2d(np.asarray(games, float))
    s = np.asarray(skills, float)
    size = g + 2 * JEFFREYS
    mean = (w + JEFFREYS) / size
    p = np.array([expit(np.interp(fine, s, logit(m))) for m in mean])
    nu = np.array([np.interp(fine, s, z) for z in size])
    return p * nu, (1 - p) * nu


def _best(ll: np.ndarray) -> np.ndarray:
    """Index of the maximum along the last axis: the middle of the maximum's flat stretch."""
    top = ll.max(axis=-1, keepdims=True)
    at = ll >= top - 1e-9
    first = at.argmax(axis=-1)
    last = at.shape[-1] - 1 - at[..., ::-1].argmax(axis=-1)
    return (first + last) // 2


def hpd(fine, post, mass: float = MASS) -> tuple[float, float]:
    """The span of the highest-posterior-density set holding `mass` (points of equal density
    all in or all out)."""
    order = np.argsort(-post, kind="stable")
    cum = np.cumsum(post[order])
    cut = post[order][min(int(np.searchsorted(cum, mass * cum[-1])), len(cum) - 1)]
    keep = fine[post >= cut * (1 - 1e-9)]
    return float(keep.min()), float(keep.max())


@dataclass
class Fit:
    fine: np.ndarray           # the fine skill grid
    post: np.ndarray           # the posterior over it (sums to 1)
    best: int                  # index of the maximum-likelihood skill
    skill: float
    low: float
    high: float
    deviance: float            # G2 against one rate a row
    df: int                    # rows - 1
    fit_p: float | None        # the bootstrap p-value (None: one row, nothing to test)
    chi2_p: float | None       # the chi-square approximation's (for comparison only)
    row_deviance: np.ndarray   # each row's share of G2


def _tables(n, a, b) -> list:
    """Per row, log P(k of n_r) under each fine skill's beta-binomial for every k = 0..n_r
    ([n_r + 1, fine grid]) and at the row's own observed rate ([n_r + 1]): the bootstrap reads
    its draws from these instead of evaluating them again."""
    from scipy.stats import betabinom, binom
    out = []
    for r, nr in enumerate(n):
        ks = np.arange(nr + 1)
        out.append((betabinom.logpmf(ks[:, None], nr, a[r][None, :], b[r][None, :]),
                    binom.logpmf(ks, nr, ks / nr)))
    return out


def fit(k, n, a, b, fine, boot: int = BOOT, seed: int = 0) -> Fit:
    """The skill that explains rows (k wins of n games; a, b their configurations' Beta on the
    fine grid `fine`: beta_on_grid), its interval and the test of one skill for every row."""
    from scipy.stats import betabinom, chi2
    k, n = np.asarray(k, int), np.asarray(n, int)
    fine = np.asarray(fine, float)
    tab = _tables(n, a, b)
    ll = np.array([t[0][kr] for t, kr in zip(tab, k)])          # [rows, fine]
    total = ll.sum(axis=0)
    post = np.exp(total - total.max())
    post /= post.sum()
    i = int(_best(total))
    lo, hi = hpd(fine, post)
    sat = np.array([t[1][kr] for t, kr in zip(tab, k)])
    parts = 2 * (sat - ll[:, i])
    g2 = float(max(parts.sum(), 0.0))
    df = len(k) - 1
    fit_p = chi2_p = None
    if df > 0:
        chi2_p = float(chi2.sf(g2, df))
        rng = np.random.default_rng(seed)
        ks = betabinom.rvs(n, a[:, i], b[:, i], size=(boot, len(k)), random_state=rng)
        lls = sum(t[0][ks[:, r]] for r, t in enumerate(tab))     # [boot, fine]
        sats = sum(t[1][ks[:, r]] for r, t in enumerate(tab))
        g2s = 2 * (sats - lls.max(axis=1))
        fit_p = float((1 + np.sum(g2s >= g2 - 1e-9)) / (boot + 1))
    return Fit(fine, post, i, float(fine[i]), lo, hi, g2, df, fit_p, chi2_p, parts)


def predict(a, b, post, mass: float = MASS) -> tuple[float, float, float]:
    """(mean, low, high) of one configuration's win rate at the table's skill: the posterior
    mixture of the fine grid's Betas (a, b: that configuration's, on the fine grid)."""
    from scipy.stats import beta
    a, b, w = np.asarray(a, float), np.asarray(b, float), np.asarray(post, float)
    on = w > w.max() * 1e-9
    a, b, w = a[on], b[on], w[on] / w[on].sum()
    mean = float(np.sum(w * a / (a + b)))
    p = np.linspace(0.0, 1.0, P_GRID)
    cdf = beta.cdf(p[:, None], a[None, :], b[None, :]) @ w
    tail = (1 - mass) / 2
    lo = float(np.interp(tail, cdf, p))
    hi = float(np.interp(1 - tail, cdf, p))
    return mean, lo, hi
