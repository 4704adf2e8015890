"""How far a board is from grade ``extreme``: the climb's score for that grade.

A board that the ladder capped at ``extreme`` leaves stuck falls, at N = 20, into
one of a few kinds: a small region open (a few placements, often a second solution);
a large one (hundreds of placements, no foothold for the easier rungs); either of them
with or without an extreme step fired on the way. Scoring all of them by the placements
left open, as the other grades are scored, leads to a small region with no extreme
step: repairing it, the swap almost always gives a board the easier rungs finish (too
easy), and the climb stalls there (at N = 20, 1,508 boards graded, the median of
``benchmarks/results/unique.md``). This score ranks the kinds instead:

1. an extreme step fired: the placements left open (the repairs that keep it);
2. none fired, a large region open:
   :func:`~dominosa_lab.boards.below.below_grade_score`, ``BELOW_GRADE`` plus the placements open
   (fewer of them means more squares of two placements, the links of the forcing
   chains, the extreme rung at N >= 15);
3. none fired, a small region open: infinity, never kept, like a board too easy.

A large region is more than :data:`LARGE_REGION` of the placements outside the planted
tiling. The score serves from N = :data:`EXTREME_FROM` on, where the extreme rung is forcing
chains alone; below, where Tatham's set analysis with doubles is the usual extreme step, the
placements open serve as for the other grades (a median of 0.55 s at N = 9 and 0.54 s at
N = 12 in ``benchmarks/results/unique.md``).
"""

from __future__ import annotations

from dominosa_lab.boards.below import below_grade_score
from dominosa_lab.logic import Deduced
from dominosa_lab.logic.sets import TATHAM_SET_LIMIT

__all__ = ["EXTREME_FROM", "LARGE_REGION", "extreme_score", "large_region"]

#: The smallest N whose extreme boards :func:`extreme_score` scores: each number is shown
#: N + 2 times, and Tatham's set analysis skips a number shown more than
#: :data:`~dominosa_lab.logic.sets.TATHAM_SET_LIMIT` times.
EXTREME_FROM = TATHAM_SET_LIMIT - 1

#: The share of the placements outside the planted tiling that a region left open must
#: exceed to be large. At N = 20 the placements the capped ladder leaves open on a freshly
#: planted board fall in two groups, 12 to 44 (65 boards of 200) and 391 to 587 (135) of the
#: 650 outside the planted tiling; a quarter (162) lies between them.
LARGE_REGION = 0.25


def extreme_score(deduced: Deduced, open_: int, spare: int) -> float:
    """The score of a board the ``extreme`` ladder left stuck with ``open_`` placements open
    besides the planted ones, of ``spare`` outside the planted tiling (see the module).

    Examples
    --------
    >>> from dominosa_lab.boards.unique import unique_puzzle
    >>> from dominosa_lab.logic import deduce
    >>> stuck = deduce(unique_puzzle(6, grade="basic", seed=1).puzzle, max_level="trivial")
    >>> stuck.status, stuck.level
    ('stuck', 'trivial')
    >>> extreme_score(stuck, 40, 100) == below_grade_score(stuck, 40, "extreme")
    True
    >>> extreme_score(stuck, 4, 100)
    inf
    """
    if deduced.level != "extreme" and not large_region(open_, spare):
        return float("inf")
    return below_grade_score(deduced, open_, "extreme")


def large_region(open_: float, spare: int) -> bool:
    """Whether ``open_`` placements left open besides the planted ones are a large region: more
    than :data:`LARGE_REGION` of the ``spare`` outside the planted tiling.

    Examples
    --------
    >>> large_region(26, 100), large_region(25, 100)
    (True, False)
    """
    return open_ > LARGE_REGION * spare
