"""Grading: how hard a puzzle is for a person who reasons, in Tatham's levels and ours.

A puzzle's grade is the lowest level of the ``full`` ladder at which the
deductions alone finish it: Tatham's ``trivial``, ``basic``, ``hard``,
``extreme`` (his ladder runs first and unchanged, so his boards get his grades and
his deduction counts), then ``deep`` when only our deductions beyond his finish
it. At N >= 15, where Tatham switches his set analysis off (every number is on
more than 16 squares), ``hard`` means set analysis without doubles found by
:func:`~dominosa_lab.logic.wide.wide_sets`, and ``extreme`` means his forcing
chains (his set analysis with doubles stays off there; our ``hall_sets``, level
``deep``, covers it). A board the deductions cannot finish is then searched (with guesses, under
the budget; by the logic layer's own search unless a ``searcher`` is given, as
:func:`dominosa_lab.grade` gives one on large boards) for up to two solutions, and reported as
``needs a guess`` (exactly
one solution: unique, but not by reasoning alone), ``ambiguous`` (two or more:
no reasoning can finish it) or ``no solution``. When the budget runs out first the
grade says ``status="stopped"`` with the search's counters, as :func:`~dominosa_lab.solve`
does, and its level stays ``needs a guess`` (the deductions, under the same clock, stop short).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from dominosa_lab.core.options import keywords_after_first
from dominosa_lab.core.puzzle import Puzzle, PuzzleLike, Solution, as_puzzle
from dominosa_lab.core.search import Search, SearchStats, SearchStopped, Status, collect
from dominosa_lab.logic.deduce import deduce
from dominosa_lab.logic.guess import solutions
from dominosa_lab.logic.ladder import LEVELS

__all__ = ["GRADES", "Grade", "Searcher", "grade"]

#: A search for a board's solutions, reporting to a :class:`~dominosa_lab.core.search.Search`
#: (a method's ``solve``, e.g. :func:`dominosa_lab.solvers.fast.solve`).
Searcher = Callable[[Puzzle, Search], Iterator[Solution]]

#: Every grade, easiest first: the levels, then the three verdicts on unfinished boards.
GRADES = (*LEVELS, "needs a guess", "ambiguous", "no solution")


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade.

    Attributes
    ----------
    level : str
        One of :data:`GRADES` (see the module docstring).
    counts : dict
        How often each deduction was used (Tatham's keys for his; per placement for
        the ones he counts that way); zeros omitted.
    solutions : int or None
        0, 1 or 2 (two or more); None when the search for a second solution ran out
        of budget (the level is then ``needs a guess``).
    status : str
        ``solved`` (graded), ``no_solution``, or ``stopped`` when the budget ran out.
    stats : SearchStats
        The counters of the search after the deductions (zero when none was needed).
    reason : str
        Why the search stopped (empty when it did not).
    """

    level: str
    counts: dict[str, int]
    solutions: int | None
    status: Status = "solved"
    stats: SearchStats = field(default_factory=SearchStats)
    reason: str = ""

    @property
    def by_deduction(self) -> bool:
        """Whether the deductions alone finish the puzzle."""
        return self.level in LEVELS

    def __str__(self) -> str:
        lines = [self.level]
        lines += [f"  {name:<30} {count}" for name, count in self.counts.items()]
        return "\n".join(lines)


@keywords_after_first
def grade(
    puzzle: PuzzleLike,
    *,
    max_level: str = "deep",
    max_nodes: int | None = None,
    time_limit: float | None = None,
    searcher: Searcher | None = None,
) -> Grade:
    """The grade of ``puzzle`` and the count of each deduction used.

    Parameters
    ----------
    puzzle : Puzzle or rows of numbers
        The board.
    max_level : str
        The hardest level allowed (e.g. ``"basic"``: a board needing more is reported
        as ``needs a guess`` or ``ambiguous``).
    max_nodes, time_limit : optional
        The budget of the search that tells a unique board from an ambiguous one when
        the deductions stop short; when it runs out, ``status="stopped"``.
    searcher : callable, optional
        That search, given the board and the run's :class:`~dominosa_lab.core.search.Search`
        (the deductions' clock and budget); by default the logic layer's own, which guesses
        only when no deduction applies (:func:`~dominosa_lab.logic.guess.solutions`).

    Examples
    --------
    >>> from dominosa_lab import from_tatham, load
    >>> g = grade(from_tatham("3:00033121123313202210"))
    >>> g.level, g.counts["forcing_chain_duplicate"]
    ('extreme', 1)
    >>> grade(from_tatham("3:00033121123313202210"), max_level="hard").level
    'needs a guess'
    >>> g = grade(load("tcg-n10"), max_level="trivial", max_nodes=3)
    >>> g.level, g.status, g.stats.nodes
    ('needs a guess', 'stopped', 3)
    """
    search = Search(max_nodes=max_nodes, time_limit=time_limit)
    puzzle = as_puzzle(puzzle)
    try:
        search.check_time()  # a time limit of 0 stops before the reasoning tables are built
        deduced = deduce(puzzle, max_level=max_level, check=search.check_time)
    except SearchStopped as stop:
        search.finish()
        return Grade("needs a guess", {}, None, "stopped", search.stats, stop.reason)
    if deduced.status == "solved":
        return Grade(deduced.level, deduced.counts, 1)
    if deduced.status == "contradiction":
        return Grade("no solution", deduced.counts, 0, "no_solution",
                     reason=deduced.state.contradiction() or "")
    stream = solutions(deduced.state, search) if searcher is None else searcher(puzzle, search)
    found = collect(stream, search, limit=2)
    if found.status == "stopped":
        return Grade("needs a guess", deduced.counts, None, "stopped", found.stats, found.reason)
    count = len(found.solutions)
    level = ("no solution", "needs a guess", "ambiguous")[count]
    return Grade(level, deduced.counts, count, found.status, found.stats)
