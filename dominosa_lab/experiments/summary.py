"""Summaries of runs: 95% intervals, sample sizes, a decay fit, medians under a budget, durations.

An estimate from samples is reported with its 95% interval (:func:`mean_interval`
for a mean, :func:`proportion_interval` for a share); a median over runs that a
budget may have stopped says whether it is exact or only a lower bound
(:func:`median_under_budget`); an extrapolated time is written in the unit a
reader grasps (:func:`format_duration`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np
import pandas as pd

from dominosa_lab.core.options import check_count, check_items, check_number
from dominosa_lab.errors import ArgumentError

__all__ = [
    "MIN_SAMPLES",
    "Interval",
    "LogOddsFit",
    "fit_log_odds",
    "fit_log_odds_errors",
    "format_duration",
    "mean_interval",
    "median_interval",
    "median_under_budget",
    "proportion_interval",
    "sample_size",
]

#: The fewest samples for which :func:`mean_interval`'s normal approximation is used.
MIN_SAMPLES = 30

_Z = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95% confidence interval ``[low, high]``."""

    estimate: float
    low: float
    high: float

    def format(self, spec: str = ".3g") -> str:
        """``estimate (95% CI low-high)`` with each number formatted by ``spec``.

        Examples
        --------
        >>> Interval(0.438, 0.415, 0.461).format(".1%")
        '43.8% (95% CI 41.5%-46.1%)'
        """
        return (f"{self.estimate:{spec}} (95% CI {self.low:{spec}}-{self.high:{spec}})")

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def scaled(self, factor: float) -> Interval:
        """The interval of ``factor`` times the quantity (``factor`` > 0)."""
        return Interval(self.estimate * factor, self.low * factor, self.high * factor)

    def inverse(self, numerator: float = 1.0) -> Interval:
        """The interval of ``numerator`` divided by the quantity (a positive one, e.g. a rate).

        Examples
        --------
        >>> Interval(4.0, 2.0, 8.0).inverse(100)
        Interval(estimate=25.0, low=12.5, high=50.0)
        """
        return Interval(numerator / self.estimate, numerator / self.high, numerator / self.low)


def _numbers(values: Iterable[float]) -> np.ndarray:
    """``values`` as a float array, each checked to be a finite number."""
    items = check_items("values", values, "a list of numbers")
    return np.array([check_number(f"values[{i}]", v, minimum=-math.inf, allow_none=False)
                     for i, v in enumerate(items)], dtype=float)


def mean_interval(values: Iterable[float]) -> Interval:
    """The mean of ``values`` with its 95% interval (normal approximation, at least 30 values).

    Examples
    --------
    >>> iv = mean_interval([0, 1] * 50)
    >>> round(iv.estimate, 2), round(iv.low, 3), round(iv.high, 3)
    (0.5, 0.402, 0.598)
    """
    data = _numbers(values)
    if len(data) < MIN_SAMPLES:
        raise ArgumentError(
            f"mean_interval needs at least {MIN_SAMPLES} values for its normal approximation, "
            f"got {len(data)}")
    mean = float(data.mean())
    half = _Z * float(data.std(ddof=1)) / math.sqrt(len(data))
    return Interval(mean, mean - half, mean + half)


def median_interval(values: Iterable[float]) -> Interval:
    """The median of ``values`` with a 95% interval that assumes no distribution.

    The interval runs from the k-th smallest to the k-th largest value, k the
    largest with ``P(Binomial(n, 1/2) < k) <= 2.5%``: each value falls below the
    true median with probability 1/2, so the interval misses it at most 5% of the
    time. It needs at least 6 values (for fewer, even the extremes cover less).

    Examples
    --------
    >>> median_interval([5, 1, 9, 3, 7, 2, 8, 4, 6, 10])  # 10 values: 2nd to 9th
    Interval(estimate=5.5, low=2.0, high=9.0)
    """
    data = np.sort(_numbers(values))
    n = len(data)
    below = 0.0  # P(Binomial(n, 1/2) < k), for k = 1, 2, ...
    k = 0
    while True:
        below += math.comb(n, k) / 2 ** n
        if below > 0.025:
            break
        k += 1
    if k == 0:
        raise ArgumentError(f"median_interval needs at least 6 values, got {n}")
    return Interval(float(np.median(data)), float(data[k - 1]), float(data[n - k]))


def proportion_interval(successes: int, trials: int) -> Interval:
    """The share ``successes / trials`` with its 95% Wilson score interval.

    Examples
    --------
    >>> iv = proportion_interval(1, 1000)
    >>> round(iv.estimate, 4), round(iv.low, 5), round(iv.high, 4)
    (0.001, 0.00018, 0.0056)
    """
    trials = check_count("trials", trials)
    successes = check_count("successes", successes)
    if trials == 0 or successes > trials:
        raise ArgumentError(f"need 0 <= successes <= trials and trials > 0, "
                            f"got {successes} of {trials}")
    p = successes / trials
    centre = (p + _Z * _Z / (2 * trials)) / (1 + _Z * _Z / trials)
    half = _wilson_half_width(p, trials)
    # clamped to the estimate: rounding must not push an end past it (at 0 or all successes)
    return Interval(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def median_under_budget(
    frame: pd.DataFrame, by: str | Sequence[str], value: str = "nodes"
) -> pd.DataFrame:
    """The median of ``value`` per group, and whether a budget makes it only a lower bound.

    A run with ``status == "stopped"`` would have needed at least its recorded
    value, more than any run that finished, so it sorts last. The median is
    exact while its upper middle run finished; otherwise (half or more of the
    runs stopped) it is a lower bound: column ``capped``.

    Examples
    --------
    >>> runs = pd.DataFrame({"n": [3, 3, 3, 4, 4, 4], "nodes": [5, 7, 100, 9, 100, 100],
    ...                      "status": ["solved"] * 2 + ["stopped"] + ["solved"] + ["stopped"] * 2})
    >>> print(median_under_budget(runs, "n").reset_index().to_string(index=False))
     n  nodes  capped
     3    7.0   False
     4  100.0    True
    """
    def summarise(group: pd.DataFrame) -> pd.Series:
        stopped = (group["status"] == "stopped").to_numpy()
        order = np.lexsort((group[value].to_numpy(), stopped))  # stopped runs last
        upper_middle = order[len(group) // 2]
        return pd.Series({value: group[value].median(), "capped": bool(stopped[upper_middle])})

    return frame.groupby(by)[[value, "status"]].apply(summarise)


def format_duration(seconds: float | Interval) -> str:
    """A duration in the largest unit it fills: seconds, minutes, hours, days or years.

    An :class:`Interval` of seconds is written in the unit of its estimate, its
    bounds with one more digit when two digits cannot tell them apart.

    Examples
    --------
    >>> format_duration(45), format_duration(90), format_duration(1.8 * 86400)
    ('45 seconds', '1.5 minutes', '1.8 days')
    >>> format_duration(400 * 86400), format_duration(12345 * 365.25 * 86400)
    ('1.1 years', '12,000 years')
    >>> format_duration(Interval(2.2 * 86400, 2.18 * 86400, 2.22 * 86400))
    '2.2 days (95% CI 2.18-2.22)'
    """
    estimate = seconds.estimate if isinstance(seconds, Interval) else seconds
    unit, size = next(((u, z) for u, z in _UNITS if estimate >= z), ("seconds", 1.0))
    text = f"{_two_digits(estimate / size)} {unit}"
    if not isinstance(seconds, Interval):
        return text
    low, high = seconds.low / size, seconds.high / size
    digits = 2 if _two_digits(low) != _two_digits(high) else 3
    return f"{text} (95% CI {_digits(low, digits)}-{_digits(high, digits)})"


_UNITS = (("years", 365.25 * 86400), ("days", 86400.0), ("hours", 3600.0), ("minutes", 60.0))


def _two_digits(x: float) -> str:
    """``x`` to two significant digits, without an exponent: 1.8, 43, 730, 12,000."""
    return _digits(x, 2)


def _digits(x: float, digits: int) -> str:
    """``x`` to ``digits`` significant digits, without an exponent."""
    return f"{float(f'{x:.{digits}g}'):,g}"


def sample_size(p: float, half_width: float) -> int:
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
    z = _Z
    a, b, c = half_width**2, 2 * half_width**2 * z * z - z * z * q, (half_width**2 - 0.25) * z**4
    n = math.ceil((-b + math.sqrt(b * b - 4 * a * c)) / (2 * a))
    while n > 1 and _wilson_half_width(p, n - 1) <= half_width:
        n -= 1
    while _wilson_half_width(p, n) > half_width:
        n += 1
    return n


def _wilson_half_width(p: float, trials: int) -> float:
    """Half the width of the Wilson interval at proportion ``p`` (before clamping)."""
    q = p * (1 - p)
    return _Z * math.sqrt(q / trials + _Z * _Z / (4 * trials * trials)) / (1 + _Z * _Z / trials)


def fit_log_odds(
    x: Sequence[float], hits: Sequence[int], trials: Sequence[int], degree: int = 2
) -> np.ndarray:
    """Binomial maximum likelihood fit of ``logit p(x)`` as a polynomial in ``x``.

    Iteratively reweighted least squares; every point counts with its number
    of trials, so zero counts and exact values (give them many trials) are
    handled without taking a logarithm of zero. Returns the coefficients,
    highest power first (as :func:`numpy.polyval` takes them);
    :func:`fit_log_odds_errors` gives their standard errors too.

    Examples
    --------
    >>> x = np.arange(1, 8)
    >>> p = 1 / (1 + np.exp(-(1.0 - 0.5 * x - 0.1 * x**2)))
    >>> np.round(fit_log_odds(x, np.round(p * 1e6).astype(int), [10**6] * 7), 2)
    array([-0.1, -0.5,  1. ])
    """
    return _log_odds_fit(x, hits, trials, degree)[0]


def _log_odds_fit(
    x: Sequence[float], hits: Sequence[int], trials: Sequence[int], degree: int
) -> tuple[np.ndarray, np.ndarray]:
    """The coefficients of :func:`fit_log_odds` and the Fisher information at them."""
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
            p = 1 / (1 + np.exp(-design @ beta))
            weight = np.maximum(trials * p * (1 - p), 1e-12)
            return beta, design.T @ (design * weight[:, None])
    raise ArgumentError("the log-odds fit did not converge: too few points with hits?")


@dataclass(frozen=True)
class LogOddsFit:
    """A fit of ``logit p(x)`` as a polynomial, with the covariance of its coefficients.

    The covariance is the inverse of the binomial Fisher information at the maximum; the
    intervals below are Wald 95% intervals from it. They measure the sampling noise of the
    counts under the fitted model, not whether a polynomial of that degree is the right shape.
    """

    coefficients: np.ndarray
    covariance: np.ndarray

    def coefficient(self, power: int) -> Interval:
        """The coefficient of ``x**power`` with its 95% interval (``power=1``: the slope)."""
        index = len(self.coefficients) - 1 - power
        if not 0 <= index < len(self.coefficients):
            raise ArgumentError(f"the fit has powers 0..{len(self.coefficients) - 1}, "
                                f"got {power}")
        estimate = float(self.coefficients[index])
        half = _Z * math.sqrt(float(self.covariance[index, index]))
        return Interval(estimate, estimate - half, estimate + half)

    def probability(self, x: float) -> Interval:
        """The fitted ``p(x)`` with its 95% interval (Wald on the log-odds, then mapped to p).

        Examples
        --------
        >>> fit = fit_log_odds_errors([1, 2, 3, 4], [500, 270, 120, 50], [1000] * 4)
        >>> iv = fit.probability(2.5)
        >>> iv.low < iv.estimate < iv.high, round(iv.estimate, 2)
        (True, 0.18)
        """
        row = np.vander([float(x)], len(self.coefficients))[0]
        logit = float(row @ self.coefficients)
        half = _Z * math.sqrt(float(row @ self.covariance @ row))
        return Interval(_expit(logit), _expit(logit - half), _expit(logit + half))


def _expit(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z > -700 else 0.0


def fit_log_odds_errors(
    x: Sequence[float], hits: Sequence[int], trials: Sequence[int], degree: int = 1
) -> LogOddsFit:
    """:func:`fit_log_odds` (a straight line by default) with the covariance of its coefficients.

    Examples
    --------
    >>> fit = fit_log_odds_errors([1, 2, 3, 4, 5], [900, 750, 500, 250, 100], [1000] * 5)
    >>> slope = fit.coefficient(1)
    >>> slope.low < round(slope.estimate, 2) < slope.high, round(slope.estimate, 2)
    (True, -1.1)
    """
    beta, information = _log_odds_fit(x, hits, trials, degree)
    return LogOddsFit(beta, np.linalg.inv(information))

