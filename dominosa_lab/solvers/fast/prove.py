"""Proofs of "no solution" with the engine: a small region of squares that cannot be covered.

A board has a solution exactly when its squares can be covered, each by one placement, with no
domino used twice (the squares are twice the dominoes, so every domino is then used). Leave some
squares out of that demand (they may stay uncovered) and it asks less: when even a region of the
board cannot be covered with different dominoes, the board has no solution, and the region is
the reason, small enough for a person to check by trying its placements. :func:`uncoverable` finds
such a region by the engine, on the board's cover model with only the region's squares primary
(every domino and every other square at most once): it first proves that the whole board cannot
be covered (the proof, timed), then leaves out bands of squares in reading order, halving the
bands, while the rest still cannot be covered (the deletion search of delta debugging).

**Its time is bounded by the proof's.** Each test of a smaller region may take ``test_proofs``
times the proof's time, and the shrinking altogether ``shrink_proofs`` times it plus
``shrink_seconds`` (:data:`~dominosa_lab.solvers.fast.settings.SETTINGS`): with the values there,
:func:`uncoverable` takes at most 6 times the proof's time plus 10 s, and returns the region found
so far when that runs out. A region smaller than the board is often hard: with a square left
out, the dominoes are no longer all used, the counting behind the proof is lost, and the engine
may search long to show that the rest cannot be covered; such a test is given up (the square is
kept) rather than let it take the time of the others.
"""

from __future__ import annotations

import time

import numpy as np

from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine.handover import covers_with_hand_over
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.fast.dominosa import RULE_MAX, DominosaCover
from dominosa_lab.solvers.fast.settings import SETTINGS

__all__ = ["coverable", "shrink", "uncoverable"]


def coverable(board: DominosaCover, dead: np.ndarray, region: np.ndarray,
              time_limit: float | None = None) -> bool | None:
    """Whether the squares of ``region`` can each be covered by a placement not in ``dead``,
    no two placements overlapping or holding one domino, asked as ``solve`` asks a board (the
    engine, then its hand-over); None when ``time_limit`` ran out.

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
        return engine.start() and next(covers_with_hand_over(engine), None) is not None
    except SearchStopped:
        return None


def uncoverable(puzzle: Puzzle, alive: np.ndarray | None = None,
                time_limit: float | None = 60.0) -> tuple[np.ndarray, bool] | None:
    """A region of squares (indices in reading order) that cannot be covered with different
    dominoes by the placements ``alive`` (a bool per placement in Tatham's order; all by
    default), and whether it is minimal (no square of it can be left out); None when the whole
    board can be covered or ``time_limit`` ran out before that was decided. Within at most
    ``1 + shrink_proofs`` times the time of proving that the whole board cannot be
    covered, plus ``shrink_seconds`` (see the module); when that runs out while shrinking, or a
    test of a single square is given up, the region found so far is returned, not minimal.
    With ``time_limit`` None the region is shrunk until it is minimal, however long it takes.

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
    dead = np.zeros(0, np.int64) if alive is None else np.flatnonzero(~np.asarray(alive, bool))
    region = np.arange(board.values.shape[0])
    start = time.perf_counter()
    if coverable(board, dead, region, time_limit) is not False:
        return None
    if time_limit is None:  # no limit: shrink until no square can be left out
        return shrink(board, dead, region, None, None)
    proof = time.perf_counter() - start
    budget = min(SETTINGS.shrink_proofs * proof + SETTINGS.shrink_seconds, time_limit - proof)
    return shrink(board, dead, region, budget, max(SETTINGS.test_proofs * proof, 0.01))


def shrink(board: DominosaCover, dead: np.ndarray, region: np.ndarray, seconds: float | None,
           test_seconds: float | None) -> tuple[np.ndarray, bool]:
    """A part of ``region`` (squares that cannot be covered by placements not in ``dead``) that
    cannot be covered either, by the deletion search of delta debugging within ``seconds``, each
    test within ``test_seconds`` (None: no limit); and whether it is minimal (every test
    decided, none of its squares can be left out).

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> board = DominosaCover(Puzzle([[0, 1, 0], [1, 0, 1]]))   # every placement holds 0-1
    >>> region, minimal = shrink(board, np.zeros(0, np.int64), np.arange(6), 10.0, 1.0)
    >>> region.tolist(), minimal
    ([3, 5], True)
    """
    deadline = time.perf_counter() + (float("inf") if seconds is None else seconds)
    band, decided = max(len(region) // 2, 1), True
    while True:
        start = 0
        while start < len(region):
            left = deadline - time.perf_counter()
            if left <= 0:
                return region, False
            rest = np.concatenate((region[:start], region[start + band:]))
            limit = None if test_seconds is None else min(test_seconds, left)
            found = coverable(board, dead, rest, limit) if len(rest) else True
            if found is False:
                region = rest
            else:
                decided &= found is not None or band > 1
                start += band
        if band == 1:
            return region, decided
        band = max(band // 2, 1)
