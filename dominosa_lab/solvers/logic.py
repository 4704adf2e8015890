"""``logic``: solve like a person who reasons, guessing only when no deduction applies.

The deductions of :mod:`dominosa_lab.logic` run to a fixed point; when none
applies the search guesses among the placements left for the domino or square
with fewest of them, and deduces again after each guess. Each placement found
by deduction is a node (a choice among one), each guess a choice among k. The
default ladder, ``lean``, holds Tatham's trivial and basic deductions, the two
deductions beyond his ladder (tilings, Hall sets) and his forcing chains: it
finishes every puzzle his solver finishes without a single guess.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa_lab.core.puzzle import Puzzle, Solution
from dominosa_lab.core.search import Search
from dominosa_lab.logic import State, solutions

__all__ = ["solve"]


def solve(puzzle: Puzzle, search: Search, ladder: str = "lean") -> Iterator[Solution]:
    """Yield every solution of ``puzzle``: deductions of ``ladder``, a guess when stuck.

    Examples
    --------
    >>> from dominosa_lab import from_tatham, solve
    >>> r = solve(from_tatham("6:13426004156616604462233262440300525512351342063315415510"),
    ...           method="logic", limit=None)
    >>> r.status, r.stats.nodes, r.stats.choices
    ('solved', 28, 0)
    """
    return solutions(State(puzzle), search, ladder)
