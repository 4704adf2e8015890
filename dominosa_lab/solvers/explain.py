"""Why a board has no solution: deductions first, then the smallest region the engine can find.

:func:`explain_no_solution` runs the ``lean`` ladder of the reasoning layer. When it empties a
square or a domino, the reason is that chain, cut to the steps it rests on
(:func:`~dominosa_lab.logic.refute.contradiction`). When it stops short, the engine looks for a
region of squares that the placements left cannot cover with different dominoes, shrunk until
no square can be left out (:func:`~dominosa_lab.solvers.fast.prove.uncoverable`), and the reason
is the steps that ruled out the region's other placements and the region itself
(:func:`~dominosa_lab.logic.refute.uncovered`): a person checks it by trying the placements left.

**Time.** The ladder's time, then at most ``1 + shrink_proofs`` times the engine's proof that the
placements left cannot cover the whole board, plus ``shrink_seconds`` (6 times the proof plus 10 s
with :data:`~dominosa_lab.solvers.fast.settings.SETTINGS`), all within ``time_limit``. When the
region cannot be shrunk below the whole board in that time, there is no reason to give:
``benchmarks/results/reasons.md`` measures how often.
"""

from __future__ import annotations

import time

import numpy as np

from dominosa_lab.core.options import check_seconds, keywords_after_first
from dominosa_lab.core.puzzle import PuzzleLike, as_puzzle
from dominosa_lab.core.search import Refutation, Search, SearchStopped
from dominosa_lab.logic.deduce import deduce
from dominosa_lab.logic.geometry import bits
from dominosa_lab.logic.refute import contradiction, uncovered

__all__ = ["explain_no_solution"]


@keywords_after_first
def explain_no_solution(puzzle: PuzzleLike, *, time_limit: float | None = 60.0
                        ) -> Refutation | None:
    """Why ``puzzle`` has no solution, as a :class:`~dominosa_lab.core.search.Refutation`: the
    region of squares that cannot be covered, the deductions that show it, and a sentence.

    Parameters
    ----------
    puzzle : Puzzle or rows of numbers
        The board.
    time_limit : float or None
        Seconds the deductions and the search for a region may take together at most; the
        search for a region also stops at 6 times the engine's proof plus 10 s (see the
        module). None: no limit, and a region is shrunk until no square can be left out.

    Returns
    -------
    Refutation or None
        None when the board has a solution, or when no reason was found in time (the
        deductions not finished, or no region smaller than the whole board).

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> why = explain_no_solution(Puzzle([[0, 1, 0], [1, 0, 1]]))
    >>> print(why)
    domino 0-0 has no placement left: the board has no solution
    >>> explain_no_solution(Puzzle([[0, 0, 1], [0, 1, 1]])) is None   # it has a solution
    True
    """
    puzzle = as_puzzle(puzzle)
    clock = Search(time_limit=check_seconds("time_limit", time_limit))
    try:
        clock.check_time()
        found = deduce(puzzle, ladder_name="lean", keep_steps=True, check=clock.check_time)
    except SearchStopped:
        return None
    if found.status == "contradiction":
        return contradiction(found)
    if found.status == "solved":
        return None
    from dominosa_lab.solvers.fast.prove import uncoverable
    from dominosa_lab.solvers.fast.warm import ensure_compiled

    ensure_compiled()
    alive = np.zeros(len(found.state.geometry.placements), bool)
    alive[bits(found.state.active)] = True
    left = None if clock.deadline is None else max(clock.deadline - time.perf_counter(), 0.0)
    found_region = uncoverable(puzzle, alive, left)
    if found_region is None:
        return None
    region, minimal = found_region
    if not minimal and len(region) == len(puzzle.cells):  # the whole board: no reason yet
        return None
    return uncovered(found, region.tolist(), minimal)
