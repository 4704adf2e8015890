"""A puzzle's grade, the search of an unfinished board handed to the default method on a large one.

:func:`~dominosa_lab.logic.grade.grade` of the reasoning layer names the level of the deductions
that finish a board; when they stop short, a search for up to two solutions says whether the
board ``needs a guess``, is ``ambiguous`` or has ``no solution``. The logic layer's own search
makes a guess only when no deduction applies, and runs the deductions over the whole board after
every guess: in ``benchmarks/results/grade_search.md`` it took a median of 2.4 processor seconds
(at most 10.8) on planted boards of 1,351 placements (N = 25) and stopped at its 20 s on boards of
N = 27, 30 and 40, where the compiled engine (:mod:`~dominosa_lab.solvers.fast`) answered in
hundredths of a second. Importing the engine and loading its kernels costs a fresh process about
1 s, more than the logic layer's search took on any board of up to 1,057 placements (N = 22; at
most 0.8 s). So from :data:`ENGINE_FROM` placements the default method searches; below it the
logic layer. With it, a board of N = 150 is graded within 12 s.
"""

from __future__ import annotations

from dominosa_lab.core.options import keywords_after_first
from dominosa_lab.core.puzzle import PuzzleLike, as_puzzle
from dominosa_lab.logic.grade import Grade
from dominosa_lab.logic.grade import grade as grade_by_reasoning

__all__ = ["ENGINE_FROM", "grade"]

#: Boards of at least this many placements (N >= 21 on the standard shape) are searched by the
#: default method when the deductions stop short.
ENGINE_FROM = 1_000


@keywords_after_first
def grade(
    puzzle: PuzzleLike,
    *,
    max_level: str = "deep",
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> Grade:
    """The grade of ``puzzle`` and the count of each deduction used
    (:func:`~dominosa_lab.logic.grade.grade`, whose parameters these are but ``searcher``), the
    search after deductions that stop short by the default method on a board of at least
    :data:`ENGINE_FROM` placements, by the logic layer's own below.

    Examples
    --------
    >>> from dominosa_lab import from_tatham, random_puzzle
    >>> grade(from_tatham("3:00033121123313202210")).level
    'extreme'
    >>> g = grade(random_puzzle(40, seed=11).puzzle, time_limit=60)
    >>> g.level, g.solutions, g.status
    ('ambiguous', 2, 'solved')
    """
    from dominosa_lab.solvers.fast import solve

    puzzle = as_puzzle(puzzle)
    searcher = solve if len(puzzle.placements()) >= ENGINE_FROM else None
    return grade_by_reasoning(puzzle, max_level=max_level, max_nodes=max_nodes,
                              time_limit=time_limit, searcher=searcher)
