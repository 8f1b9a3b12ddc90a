"""Interval estimates for win rates and their differences, and the p-values and false-discovery
correction of ranked differences."""
import math


def wilson_interval(wins: int, games: int, z: float = 1.959963984540054):
    """Wilson score interval for a binomial proportion (95% by default).

    Returns (low, high); for zero games returns (0.0, 1.0).
    """
    if games < 0 or wins < 0 or wins > games:
        raise ValueError(f"need 0 <= wins <= games, got wins={wins} games={games}")
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denom = 1.0 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


Z95 = 1.959963984540054


def z_for(confidence: float) -> float:
    """The two-sided normal quantile for a confidence level (0.95 -> 1.96)."""
    from statistics import NormalDist
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


def halfwidth(low: float, high: float) -> float:
    return (high - low) / 2.0


def paired_difference(a, b, z: float = Z95) -> dict:
    """Difference of win rates a - b measured on the same games (common random numbers).

    `a` and `b` are equal-length 0/1 sequences, element i being game i of each configuration;
    see `paired_from_counts`, which this calls with their joint counts.
    """
    import numpy as np
    a = np.asarray(a)
    b = np.asarray(b)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"need two equal-length 1-d samples, got {a.shape} and {b.shape}")
    a, b = a != 0, b != 0
    n11, n10, n01 = int((a & b).sum()), int((a & ~b).sum()), int((~a & b).sum())
    return paired_from_counts(n11, n10, n01, a.shape[0] - n11 - n10 - n01, z)


def paired_from_counts(n11: int, n10: int, n01: int, n00: int, z: float = Z95) -> dict:
    """The paired difference a - b from the joint counts of n paired games (n11: both won,
    n10: only a, n01: only b, n00: neither): sufficient statistics, so the counts of chunks
    add up and no game's row is kept.

    The paired interval is the normal interval of the mean of the per-game differences
    d_i = a_i - b_i (variance var(d) / n); the unpaired interval is the normal interval of
    the same difference as if the two samples were independent (variance
    p_a(1 - p_a) / n + p_b(1 - p_b) / n). `variance_reduction` is 1 - paired / unpaired
    variance: the share of the unpaired variance the pairing removes. Variances and the
    correlation are computed from exact integer sums (then rounded once), not by summing
    floats game by game, so they do not depend on the order the games came in.
    """
    from fractions import Fraction
    n = n11 + n10 + n01 + n00
    if n < 2:
        raise ValueError(f"need at least 2 paired games, got {n}")
    wa, wb = n11 + n10, n11 + n01
    pa, pb = wa / n, wb / n
    s1, s2 = n10 - n01, n10 + n01          # sums of d and of d^2
    diff = s1 / n
    var_d_num = n * s2 - s1 * s1           # var(d) (ddof 1) = var_d_num / (n (n - 1))
    var_paired = float(Fraction(var_d_num, n * (n - 1))) / n
    var_unpaired = (pa * (1 - pa) + pb * (1 - pb)) / n
    hp = z * math.sqrt(var_paired)
    hu = z * math.sqrt(var_unpaired)
    reduction = 1.0 - var_paired / var_unpaired if var_unpaired > 0 else 0.0
    if 0 < wa < n and 0 < wb < n:
        cov = n * n11 - wa * wb
        corr = max(-1.0, min(1.0, cov / math.sqrt((n * wa - wa * wa) * (n * wb - wb * wb))))
    else:
        corr = 0.0
    out = {"diff": diff, "diff_ci_low": diff - hp, "diff_ci_high": diff + hp,
           "unpaired_ci_low": diff - hu, "unpaired_ci_high": diff + hu,
           "variance_reduction": reduction, "correlation": corr,
           "estimable": var_paired > 0}
    if var_paired == 0:
        # every game ended alike on both sides: a zero-width interval would claim certainty
        # that n games cannot give
        out["why_not_estimable"] = not_estimable_words(pa, pb, ("A", "B"))
    return out


def mean_ci(total: int, total_sq: int, n: int, z: float = 1.959964) -> tuple[float, float, float]:
    """Mean of n integers and its normal interval, from their sum and sum of squares (exact
    integer sums: the same whatever order the values came in)."""
    from fractions import Fraction
    m = total / n if n else 0.0
    if n < 2:
        return m, m, m
    h = z * math.sqrt(float(Fraction(n * total_sq - total * total, n * (n - 1)))) / math.sqrt(n)
    return m, m - h, m + h


def not_estimable_words(pa: float, pb: float, sides: tuple | None = None) -> str:
    """Why a paired difference with no spread (every game gave the same difference) has no
    interval, in words, from the two sides' win rates; `sides` names them (("A", "B")),
    else 'one side' and 'the other'."""
    if pa == pb == 1:
        return "every game won on both sides"
    if pa == pb == 0:
        return "every game lost on both sides"
    if pa == pb:            # each game won on both sides or lost on both
        return f"both sides had the same outcome in every game ({100 * pa:.1f}% won)"
    if sides:
        won, lost = sides if pa > pb else sides[::-1]
        return f"{won} won and {lost} lost every game"
    return "every game won on one side and lost on the other"


def look_schedule(first: int, max_games: int) -> list[int]:
    """The sample sizes at which a sequential run looks at its intervals: `first`, then
    doubling, the last one `max_games`. Fixed before any game is played."""
    if first < 1 or max_games < first:
        raise ValueError(f"need 1 <= first <= max_games, got {first} and {max_games}")
    looks = [first]
    while looks[-1] < max_games:
        looks.append(min(2 * looks[-1], max_games))
    return looks


def sequential_z(n_looks: int, confidence: float = 0.95) -> float:
    """The z of each look's interval so that all looks hold together with probability at
    least `confidence` (Bonferroni: each look gets (1 - confidence) / n_looks). Stopping at any
    look therefore keeps the stated coverage, whatever the rule that chose the look."""
    return z_for(1.0 - (1.0 - confidence) / n_looks)


FDR = 0.05   # the false-discovery rate of the ranked paired comparisons (fdr_marks)


def p_value(diff: float, low: float, high: float, z: float = Z95) -> float:
    """Two-sided p-value of a difference from its normal interval (1.0 when the interval is
    not estimable: every game gave the same difference)."""
    if low != low or high != high:
        return 1.0 if diff == 0 else 0.0
    se = (high - low) / (2 * z)
    if se <= 0:
        return 1.0 if diff == 0 else 0.0
    return math.erfc(abs(diff) / se / math.sqrt(2))


def fdr_marks(p_values, alpha: float = FDR):
    """True where an effect survives the Benjamini-Hochberg correction at `alpha` over all the
    p-values given (statsmodels multipletests, method fdr_bh), as a bool array."""
    import numpy as np
    p = np.asarray(list(p_values), dtype=float)
    if p.size == 0:
        return np.zeros(0, bool)
    from statsmodels.stats.multitest import multipletests
    return multipletests(p, alpha=alpha, method="fdr_bh")[0]
