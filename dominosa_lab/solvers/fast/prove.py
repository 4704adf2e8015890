"""Proofs of "no solution" with the engine: a small region of squares that cannot be covered.

A board has a solution exactly when its squares can be covered, each by one placement, with no
domino used twice (the squares are twice the dominoes, so every domino is then used). Leave some
squares out of that demand (they may stay uncovered) and it asks less: when even a region of the
board cannot be covered with different dominoes, the board has no solution, and the region is
the reason, small enough for a person to check by trying its placements. :func:`uncoverable` finds
such a region by the engine, on the board's cover model with only the region's squares primary
(every domino and every other square at most once): starting from the whole board, it leaves out
bands of squares in reading order, halving the bands, while the rest still cannot be covered (the
deletion search of delta debugging), each test under a share of the time limit (``test_share``,
:data:`~dominosa_lab.solvers.fast.settings.SETTINGS`).
"""

from __future__ import annotations

import time

import numpy as np

from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.fast.dominosa import RULE_MAX, DominosaCover
from dominosa_lab.solvers.fast.settings import SETTINGS

__all__ = ["coverable", "uncoverable"]


def coverable(board: DominosaCover, dead: np.ndarray, region: np.ndarray,
              time_limit: float | None = None) -> bool | None:
    """Whether the squares of ``region`` can each be covered by a placement not in ``dead``,
    no two placements overlapping or holding one domino; None when ``time_limit`` ran out.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> board = DominosaCover(Puzzle([[0, 1, 0], [1, 0, 1]]))   # every placement holds 0-1
    >>> none = np.zeros(0, np.int64)
    >>> coverable(board, none, np.arange(6)), coverable(board, none, np.arange(2))
    (False, True)
    """
    primary = np.zeros(board.model.n_items, np.uint8)
    primary[region] = 1
    if len(region) == board.values.shape[0]:  # every square: then every domino is used too
        primary[:] = 1
    model = board.model._replace(primary=primary)
    engine = CoverSearch(model, Search(time_limit=time_limit), int, dead=dead, rule_max=RULE_MAX)
    try:
        return engine.start() and next(engine.covers(), None) is not None
    except SearchStopped:
        return None


def uncoverable(puzzle: Puzzle, alive: np.ndarray | None = None,
                time_limit: float | None = 60.0) -> tuple[np.ndarray, bool] | None:
    """A region of squares (indices in reading order) that cannot be covered with different
    dominoes by the placements ``alive`` (a bool per placement in Tatham's order; all by
    default), and whether it is minimal (no square of it can be left out); None when the whole
    board can be covered or ``time_limit`` ran out before that was decided. When the time runs
    out while shrinking, the region found so far is returned, not minimal.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> region, minimal = uncoverable(Puzzle([[0, 1, 0], [1, 0, 1]]))
    >>> region.tolist(), minimal    # squares (1,0) and (1,2): both need 0-1
    ([3, 5], True)
    >>> uncoverable(Puzzle([[0, 0, 1], [0, 1, 1]])) is None    # it has a solution
    True
    """
    board = DominosaCover(puzzle)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    dead = np.zeros(0, np.int64) if alive is None else np.flatnonzero(~np.asarray(alive, bool))
    region = np.arange(board.values.shape[0])
    if coverable(board, dead, region, time_limit) is not False:
        return None
    band = max(len(region) // 2, 1)
    while True:
        start = 0
        while start < len(region):
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                return region, False
            rest = np.concatenate((region[:start], region[start + band:]))
            share = None if left is None else max(left * SETTINGS.test_share, 0.01)
            if len(rest) and coverable(board, dead, rest, share) is False:
                region = rest
            else:
                start += band
        if band == 1:
            return region, True
        band = max(band // 2, 1)
