"""The Python deductions the compiled engine mirrors, and a solve by them alone.

:data:`MIRRORS` names, for each compiled step of the engine's level 0, the deductions of
:mod:`dominosa_lab.logic` it computes (an equivalence test holds the two fixed points equal).
:func:`deduced` runs those Python deductions: when they place every domino, so does the engine's
level 0 (which adds probing), with the same counters and no kernel loaded. This module imports no
numba.
"""

from __future__ import annotations

from dominosa_lab.core.puzzle import Placement, Puzzle
from dominosa_lab.logic import Deduction, State, ladder, run

__all__ = ["MIRRORS", "deduced", "mirrored_rungs"]

#: Each compiled step at level 0 (:mod:`~dominosa_lab.solvers.engine.propagate`,
#: :mod:`~dominosa_lab.solvers.engine.rule`, :mod:`~dominosa_lab.solvers.fast.dominosa`), and the
#: deductions of :mod:`dominosa_lab.logic` it mirrors.
MIRRORS = {
    "propagate: an item's last option": ("domino_single_placement", "square_single_placement"),
    "rule: the blocked-option rule": ("square_single_domino", "domino_must_overlap"),
    "dominosa.hall_sets_out": ("hall_sets",),
}


def mirrored_rungs() -> tuple[Deduction, ...]:
    """The mirrored deductions, in the order of the full ladder (cheapest first).

    Examples
    --------
    >>> [d.name for d in mirrored_rungs()][:2]
    ['domino_single_placement', 'square_single_placement']
    """
    names = {name for names in MIRRORS.values() for name in names}
    return tuple(d for d in ladder("full") if d.name in names)


def deduced(puzzle: Puzzle) -> list[Placement] | None:
    """The placements the mirrored deductions make, in the order found, when they place every
    domino (the one solution); else None.

    Examples
    --------
    >>> from dominosa_lab import load
    >>> len(deduced(load("mikefc-large"))), deduced(load("tcg-n10"))
    (28, None)
    """
    state = State(puzzle)
    g = state.geometry
    placed = [g.placements[step.placed_index] for step in run(state, mirrored_rungs())
              if step.placed_index >= 0]
    return placed if state.contradiction() is None and state.is_solved() else None
