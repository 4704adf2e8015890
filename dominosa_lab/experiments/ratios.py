"""How many times faster: the ratio of two medians over the same boards, with its interval.

A benchmark runs two solvers (or one against several peers) on the same boards. Its
headline is a ratio of medians, ``median(peer) / median(ours)`` (above 1: ours is faster),
and that ratio needs an interval: :func:`median_ratio` resamples the boards (a paired
bootstrap: a resampled board keeps the times of every solver on it) and takes the 2.5th
and 97.5th percentiles of the ratio over the resamples.

A run that a time limit stopped (``capped``) took at least its recorded time, so a median
over runs some of which were stopped is bracketed: the recorded times give its least value
and stopped runs taken as endless its greatest. The ratio, and every resample's ratio, is
bracketed the same way; the interval runs from the 2.5th percentile of the least values to
the 97.5th of the greatest. When the two ends of the estimate differ (half or more of a
solver's runs were stopped) the ratio is only a bound: :attr:`MedianRatio.bound` says
which (``"at least"`` or ``"at most"``) and the estimate is the bound's value.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dominosa_lab.errors import ArgumentError

__all__ = ["MedianRatio", "median_ratio"]


@dataclass(frozen=True)
class MedianRatio:
    """``median(peer) / median(ours)`` with its 95% paired-bootstrap interval.

    ``bound`` is ``""`` for a measured ratio, ``"at least"`` or ``"at most"`` when stopped runs
    leave only a bound (``estimate`` is then that bound); ``high`` is ``inf`` when stopped runs
    leave the interval open above.
    """

    estimate: float
    low: float
    high: float
    bound: str = ""

    def excludes_one(self) -> bool:
        """Whether the interval lies wholly above or wholly below 1 (a difference shown)."""
        return self.low > 1 or self.high < 1

    def format(self, spec: str = ".3g") -> str:
        """``at least 75 [52, inf]``-style text: the estimate (with its bound) and interval.

        Examples
        --------
        >>> MedianRatio(1.49, 0.9, 2.1).format()
        '1.49 [0.9, 2.1]'
        >>> MedianRatio(75.0, 52.0, float("inf"), "at least").format(".2g")
        'at least 75 [52, inf]'
        >>> MedianRatio(420.3, 281.0, 618.0).format(".2g")
        '420 [280, 620]'
        """
        prefix = f"{self.bound} " if self.bound else ""
        low, high = _plain(self.low, spec), _plain(self.high, spec)
        return f"{prefix}{_plain(self.estimate, spec)} [{low}, {high}]"


def _plain(x: float, spec: str) -> str:
    """``x`` rounded as ``spec`` says, written without an exponent (420, not 4.2e+02)."""
    return f"{float(f'{x:{spec}}'):,g}"


def _medians(times: np.ndarray, capped: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, ...]:
    """Least and greatest medians of each column over the resampled ``rows`` (draws x boards)."""
    least = np.median(times[rows], axis=1)
    greatest = np.median(np.where(capped, np.inf, times)[rows], axis=1)
    return least, greatest


def _resamples(boards: int, draws: int, rng: np.random.Generator) -> np.ndarray:
    """Row 0 the boards as they are, then ``draws`` bootstrap resamples of them."""
    return np.vstack([np.arange(boards), rng.integers(0, boards, (draws, boards))])


def _times(name: str, times, capped) -> tuple[np.ndarray, np.ndarray]:
    """``times`` as boards x columns and its ``capped`` flags (none stopped unless told)."""
    times = np.asarray(times, float)
    times = times[:, None] if times.ndim == 1 else times
    flags = (np.zeros(times.shape, bool) if capped is None
             else np.asarray(capped, bool).reshape(-1, times.shape[1]))
    if times.ndim != 2 or len(times) < 2 or flags.shape != times.shape:
        raise ArgumentError(f"{name} needs one time per board (at least two boards) and one "
                            f"stopped flag per time, got shapes {times.shape} and {flags.shape}")
    return times, flags


def median_ratio(
    ours: np.ndarray,
    peers: np.ndarray,
    ours_capped: np.ndarray | None = None,
    peers_capped: np.ndarray | None = None,
    *,
    paired: bool = True,
    draws: int = 4000,
    seed: int = 0,
) -> MedianRatio:
    """How many times our median time is below the best peer's, with a 95% bootstrap interval.

    ``ours`` holds one time per board; ``peers`` one per board (a vector) or one column per peer
    (boards x peers). The statistic is the smallest of the peers' medians over our median,
    recomputed on each resample (so the choice of the best peer is resampled too). With
    ``paired`` (the default) both ran on the same boards in the same order and a resampled board
    keeps every solver's time; with ``paired=False`` they ran on different boards (other seeds,
    other counts) and each side is resampled on its own. ``*_capped`` mark the runs a time limit
    stopped; their times are lower bounds (see the module's docstring for how a bound is
    reported). The same function gives any ratio of medians: ``median_ratio(b, a)`` is
    ``median(a) / median(b)``.

    Examples
    --------
    >>> r = median_ratio([1, 1, 1, 1, 1, 1], [3, 3, 3, 60, 60, 60],
    ...                  peers_capped=[False] * 3 + [True] * 3)
    >>> r.bound, r.estimate, r.high
    ('at least', 31.5, inf)
    >>> median_ratio([1.0] * 8, [2.0] * 8).format()
    '2 [2, 2]'
    >>> median_ratio([0.5] * 10, [60.0] * 3, peers_capped=[True] * 3, paired=False).format()
    'at least 120 [120, inf]'
    """
    ours, ours_capped = _times("ours", ours, ours_capped)
    peers, peers_capped = _times("peers", peers, peers_capped)
    if paired and len(ours) != len(peers):
        raise ArgumentError(f"paired runs need the same boards: {len(ours)} times of ours, "
                            f"{len(peers)} of the peers")
    rng = np.random.default_rng(seed)
    our_rows = _resamples(len(ours), draws, rng)
    peer_rows = our_rows if paired else _resamples(len(peers), draws, rng)
    ours_least, ours_greatest = (m[:, 0] for m in _medians(ours, ours_capped, our_rows))
    peer_least, peer_greatest = _medians(peers, peers_capped, peer_rows)
    with np.errstate(divide="ignore", invalid="ignore"):
        least = peer_least.min(axis=1) / ours_greatest
        greatest = peer_greatest.min(axis=1) / ours_least
    least = np.where(np.isnan(least), 0.0, least)  # inf / inf: nothing known
    greatest = np.where(np.isnan(greatest), np.inf, greatest)
    low = float(np.percentile(least[1:], 2.5))
    high = float(np.percentile(greatest[1:], 97.5, method="higher"))
    if least[0] == greatest[0]:
        return MedianRatio(float(least[0]), low, high)
    if np.isinf(greatest[0]) and np.isfinite(least[0]) and least[0] > 0:
        return MedianRatio(float(least[0]), low, high, "at least")
    return MedianRatio(float(greatest[0]), low, high, "at most")
