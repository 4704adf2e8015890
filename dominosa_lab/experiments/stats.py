"""Binomial estimates for the sampled census: Wilson intervals, sample sizes, a decay fit.

Only numpy: the three formulas are short enough to state and test here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from dominosa_lab.errors import ArgumentError

__all__ = ["Z95", "fit_log_odds", "sample_size", "wilson_interval"]

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054


def wilson_interval(hits: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a binomial proportion (95% by default).

    Unlike the textbook ``p +- z sqrt(p(1-p)/n)`` it stays inside [0, 1] and
    keeps its coverage when ``hits`` is 0 or ``trials``.

    Examples
    --------
    >>> [round(x, 4) for x in wilson_interval(0, 1000)]
    [0.0, 0.0038]
    >>> [round(x, 4) for x in wilson_interval(402, 1000)]
    [0.372, 0.4327]
    """
    if trials <= 0 or not 0 <= hits <= trials:
        raise ArgumentError(f"need 0 <= hits <= trials and trials > 0, got {hits} of {trials}")
    p = hits / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    # clamped to the estimate: rounding must not push an end past it (at 0 or all hits)
    return max(0.0, min(p, (centre - spread) / scale)), min(1.0, max(p, (centre + spread) / scale))


def sample_size(p: float, half_width: float, z: float = Z95) -> int:
    """The fewest trials whose Wilson interval at proportion ``p`` is at most ``+- half_width``.

    With ``p = 1/2`` (the worst case) and ``half_width = 0.01`` that is 9,600
    boards; far from 1/2 it is fewer.

    Examples
    --------
    >>> sample_size(0.5, 0.01), sample_size(0.02, 0.01), sample_size(0.0, 0.01)
    (9600, 792, 189)
    """
    if not 0 < half_width < 0.5 or not 0 <= p <= 1:
        raise ArgumentError(f"need 0 <= p <= 1 and 0 < half_width < 0.5, got {p}, {half_width}")
    q = p * (1 - p)
    # Wilson's half width is z sqrt(q/n + z^2/4n^2) / (1 + z^2/n): solve it = h for n.
    a, b, c = half_width**2, 2 * half_width**2 * z * z - z * z * q, (half_width**2 - 0.25) * z**4
    n = math.ceil((-b + math.sqrt(b * b - 4 * a * c)) / (2 * a))
    while n > 1 and _half_width(p, n - 1, z) <= half_width:
        n -= 1
    while _half_width(p, n, z) > half_width:
        n += 1
    return n


def _half_width(p: float, trials: int, z: float) -> float:
    q = p * (1 - p)
    return z * math.sqrt(q / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)


def fit_log_odds(
    x: Sequence[float], hits: Sequence[int], trials: Sequence[int], degree: int = 2
) -> np.ndarray:
    """Binomial maximum likelihood fit of ``logit p(x)`` as a polynomial in ``x``.

    Iteratively reweighted least squares; every point counts with its number
    of trials, so zero counts and exact values (give them many trials) are
    handled without taking a logarithm of zero. Returns the coefficients,
    highest power first (as :func:`numpy.polyval` takes them).

    Examples
    --------
    >>> x = np.arange(1, 8)
    >>> p = 1 / (1 + np.exp(-(1.0 - 0.5 * x - 0.1 * x**2)))
    >>> np.round(fit_log_odds(x, np.round(p * 1e6).astype(int), [10**6] * 7), 2)
    array([-0.1, -0.5,  1. ])
    """
    x = np.asarray(x, float)
    hits, trials = np.asarray(hits, float), np.asarray(trials, float)
    design = np.vander(x, degree + 1)
    beta = np.zeros(degree + 1)
    for _ in range(100):
        p = 1 / (1 + np.exp(-design @ beta))
        weight = np.maximum(trials * p * (1 - p), 1e-12)
        information = design.T @ (design * weight[:, None])
        step = np.linalg.solve(information, design.T @ (hits - trials * p))
        beta += step
        if np.abs(step).max() < 1e-10:
            return beta
    raise ArgumentError("the log-odds fit did not converge: too few points with hits?")
