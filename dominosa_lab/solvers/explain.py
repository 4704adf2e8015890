"""Why a board has no solution: a chain of deductions, or squares and dominoes that cannot go
together.

:func:`explain_no_solution` runs the ``lean`` ladder of the reasoning layer. When it empties a
square or a domino, one reason is that chain, cut to the steps it rests on
(:func:`~dominosa_lab.logic.refute.contradiction`); its squares are those the steps read. The
others are *cores*: squares that the board's placements cannot cover while some dominoes are each
placed; their squares are the core's and those of its dominoes' placements, and a person checks
one by trying them (:func:`~dominosa_lab.logic.refute.uncovered`). One core is the squares and
dominoes of positive weight in weights that show the board has no fractional cover
(:func:`~dominosa_lab.solvers.fast.prove.weighed`); the other is one that CryptoMiniSat names and
shrinks until none can be left out (:func:`~dominosa_lab.solvers.fast.prove.unsatisfiable`). The
reason given is the one with the fewest squares (on a tie, the chain, then the shrunk core).

**Time.** The ladder's time; then the weights' ``weigh_rounds`` linear programmes and one to check
them (polynomial in the board, where the proofs are not); then CryptoMiniSat's proof
and at most ``shrink_proofs`` times that proof plus ``shrink_seconds`` of shrinking (2, 5 times and
10 s with :data:`~dominosa_lab.solvers.fast.settings.SETTINGS`), all within ``time_limit``; when
the ladder gave a chain, CryptoMiniSat may take at most ``shrink_proofs`` times the ladder's time,
and when the weights gave a core, its proof at most as long as the weights took.
When none of the three ends in time there is no reason to give: ``benchmarks/results/reasons.md``
measures how often.
"""

from __future__ import annotations

import time

import numpy as np

from dominosa_lab.core.options import check_seconds, keywords_after_first
from dominosa_lab.core.puzzle import Puzzle, PuzzleLike, as_puzzle
from dominosa_lab.core.search import Refutation, Search, SearchStopped
from dominosa_lab.logic.deduce import deduce
from dominosa_lab.logic.geometry import Geometry
from dominosa_lab.logic.refute import contradiction, uncovered

__all__ = ["explain_no_solution"]


@keywords_after_first
def explain_no_solution(puzzle: PuzzleLike, *, time_limit: float | None = 60.0
                        ) -> Refutation | None:
    """Why ``puzzle`` has no solution, as a :class:`~dominosa_lab.core.search.Refutation`: the
    region of squares that cannot be covered (with some dominoes placed, for a core), the
    deductions that show it, and a sentence.

    Parameters
    ----------
    puzzle : Puzzle or rows of numbers
        The board.
    time_limit : float or None
        Seconds the deductions and the search for a reason may take together at most; the
        shrinking also stops at 5 times the proof plus 10 s (see the module). None: no limit,
        and CryptoMiniSat's core is shrunk until no square or domino can be left out.

    Returns
    -------
    Refutation or None
        None when the board has a solution, or when no reason was found in time (the
        deductions or the proof not finished).

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
    if found.status == "solved":
        return None
    from dominosa_lab.solvers.fast.settings import SETTINGS
    from dominosa_lab.solvers.fast.warm import ensure_compiled

    ladder = clock.elapsed()
    chain = contradiction(found)
    ensure_compiled()
    start = time.perf_counter()
    weights = _weighed(puzzle, found.state.geometry, _left(clock))
    weighing = time.perf_counter() - start if weights is not None else None
    left = _left(clock)
    if chain is not None:
        left = min(np.inf if left is None else left, SETTINGS.shrink_proofs * ladder)
    core = _core(puzzle, found.state.geometry, left, weighing)
    return min((why for why in (chain, core, weights) if why is not None),
               key=lambda why: len(why.squares), default=None)


def _left(clock: Search) -> float | None:
    """The seconds left to ``clock`` (None: no limit)."""
    return None if clock.deadline is None else max(clock.deadline - time.perf_counter(), 0.0)


def _weighed(puzzle: Puzzle, g: Geometry, time_limit: float | None) -> Refutation | None:
    """The core of positive weight of ``puzzle`` found within ``time_limit``, worded; None when
    none was."""
    from dominosa_lab.solvers.fast.prove import weighed

    found = weighed(puzzle, time_limit)
    return None if found is None else uncovered(g, found[0].tolist(), False, found[1].tolist())


def _core(puzzle: Puzzle, g: Geometry, time_limit: float | None, proof_limit: float | None
          ) -> Refutation | None:
    """The core of ``puzzle`` found by CryptoMiniSat within ``time_limit``, its proof within
    ``proof_limit`` (None: no bound of its own), worded; None when none was."""
    from dominosa_lab.solvers.fast.prove import unsatisfiable

    found = unsatisfiable(puzzle, time_limit, proof_limit=proof_limit)
    if found is None:
        return None
    squares, dominoes, minimal = found
    return uncovered(g, squares.tolist(), minimal, dominoes.tolist())
