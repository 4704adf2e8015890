"""Run a ladder on a puzzle to its fixed point and report what it used.

:func:`deduce` is the building block of grading, hints and the generator of
puzzles of a chosen grade: no search, just the deductions, with a level cap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from dominosa_lab.core.options import keywords_after_first
from dominosa_lab.core.puzzle import PuzzleLike, Solution, as_puzzle
from dominosa_lab.logic.ladder import KEYS, LEVELS, ladder, run
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step

__all__ = ["Deduced", "deduce"]

Outcome = Literal["solved", "stuck", "contradiction"]


@dataclass
class Deduced:
    """What a ladder did to a board.

    Attributes
    ----------
    status : str
        ``solved`` (every domino placed), ``stuck`` (no deduction applies) or
        ``contradiction`` (a square or domino has no placement left: no solution).
    level : str
        The highest level whose pass ruled something out (``trivial`` if none did).
    counts : dict
        Per step name, what its steps added (see :attr:`Step.count`); zeros omitted.
    state : State
        The state at the end.
    steps : list of Step
        Every step, when asked for (``keep_steps=True``); else empty.
    """

    status: Outcome
    level: str
    counts: dict[str, int]
    state: State
    steps: list[Step] = field(default_factory=list)

    @property
    def solution(self) -> Solution | None:
        """The solution, when the ladder finished the board."""
        if self.status != "solved":
            return None
        return Solution(self.state.puzzle, self.state.placements())


@keywords_after_first
def deduce(
    puzzle: PuzzleLike | State,
    *,
    ladder_name: str = "full",
    max_level: str | None = None,
    keep_steps: bool = False,
    check: Callable[[], None] | None = None,
) -> Deduced:
    """Apply the ladder ``ladder_name`` (up to ``max_level``) to a fixed point; no guessing.

    A :class:`State` is worked on in place; a :class:`~dominosa_lab.core.puzzle.Puzzle` (or its
    rows) starts from its empty board. ``check``, if given, is called after every step and
    as the deductions scan the board, and may raise to stop the run (a caller's clock).

    Examples
    --------
    >>> from dominosa_lab import from_tatham
    >>> d = deduce(from_tatham("3:02113312013003232012"), ladder_name="tatham")
    >>> d.status, d.level, d.counts
    ('solved', 'trivial', {'domino_single_placement': 6, 'square_single_placement': 4})
    """
    state = puzzle if isinstance(puzzle, State) else State(as_puzzle(puzzle))
    counts: Counter[str] = Counter()
    steps: list[Step] = []
    top = 0
    for step in run(state, ladder(ladder_name, max_level), check):
        if check is not None:
            check()
        if step.count:
            counts[step.name] += step.count
            top = max(top, LEVELS.index(step.level))
        if keep_steps:
            steps.append(step)
    if state.contradiction() is not None:
        status: Outcome = "contradiction"
    else:
        status = "solved" if state.is_solved() else "stuck"
    ordered = {key: counts[key] for key in KEYS if counts[key]}
    return Deduced(status, LEVELS[top], ordered, state, steps)
