"""How far a large board is from its grade: a board no step of that grade helped ranks last.

From N = :data:`~dominosa_lab.boards.unique.SCALE_FROM` on, the planted board (with more
single-placement dominoes, :func:`~dominosa_lab.boards.singles.more_singles`) leaves the
capped ladder a few dozen small regions open, most of them a 2x2 block whose two tilings hold
the same two dominoes: a second solution that no deduction rules out, only a swap. At N = 100
about half the boards planted have no ``basic`` step fired anywhere (three of N = 100 seeds
100 to 105). Scored by the placements open alone, the climb repairs such a board down to its
last block, and repairing that gives a board the ``trivial`` rungs finish, too easy: on
N = 100 seed 2 no board the climb graded had a ``basic`` step; from its 9th board it held one
block (2 placements open), and each of the next 20 swaps gave a board ``trivial`` finishes.
Of 69 single swaps drawn on that board from the block and its neighbours, none gave a
``basic`` step either (33 gave a board ``trivial`` finishes, 36 left the block open). This
score keeps the step of the grade instead:

1. a step of the grade wanted fired: the placements left open;
2. none fired: :data:`BELOW_GRADE` plus the placements left open, so that any board with
   such a step ranks before it, and the climb keeps one once it has found one.

The score for ``extreme`` from N = :data:`~dominosa_lab.boards.extreme.EXTREME_FROM` on
(:func:`~dominosa_lab.boards.extreme.extreme_score`) is this one, with a small region open and
no extreme step never kept.

A climb that finds none within its patience plants anew
(:data:`~dominosa_lab.boards.unique.PATIENCE`).
"""

from __future__ import annotations

from dominosa_lab.logic import Deduced

__all__ = ["BELOW_GRADE", "below_grade_score"]

#: A stuck board with no step of the grade wanted counts as far as this plus its open
#: placements: farther than any board with one (a board has fewer placements than this).
BELOW_GRADE = 10**9


def below_grade_score(deduced: Deduced, open_: int, wanted: str) -> int:
    """The score of a board the ladder capped at ``wanted`` left stuck with ``open_``
    placements open besides the planted ones (see the module).

    Examples
    --------
    >>> from dominosa_lab.boards.unique import unique_puzzle
    >>> from dominosa_lab.logic import deduce
    >>> stuck = deduce(unique_puzzle(6, grade="basic", seed=1).puzzle, max_level="trivial")
    >>> stuck.status, stuck.level
    ('stuck', 'trivial')
    >>> below_grade_score(stuck, 40, "trivial"), below_grade_score(stuck, 40, "basic") > 10**9
    (40, True)
    """
    return open_ if deduced.level == wanted else BELOW_GRADE + open_
