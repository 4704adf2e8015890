"""Hints: the next steps of reasoning on a board, each with the sentence that justifies it.

A hint is a :class:`~dominosa_lab.logic.step.Step` that rules something out or
places a domino, found by a ladder (:func:`~dominosa_lab.logic.ladder.run`) from the
empty board. :func:`hints` takes the puzzle first and every other argument by
keyword, with the budget of :func:`~dominosa_lab.solve`: each placement the
deductions find is a node (the house counting rule), and a spent budget is
``status="stopped"`` with the counters so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from dominosa_lab.core.options import check_count, keywords_after_first
from dominosa_lab.core.puzzle import PuzzleLike, as_puzzle
from dominosa_lab.core.search import Search, SearchStats, SearchStopped
from dominosa_lab.logic.ladder import ladder, run
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step

__all__ = ["HintStatus", "Hints", "hints"]

HintStatus = Literal["open", "solved", "stuck", "no_solution", "stopped"]


@dataclass
class Hints:
    """The steps a ladder found, and where they left the board.

    Attributes
    ----------
    status : str
        ``open`` (``limit`` steps found, more may follow), ``solved`` (the steps finish
        the board), ``stuck`` (no deduction applies: the next move is a guess, or the
        puzzle has several solutions), ``no_solution`` (a square or domino has no place
        left) or ``stopped`` (the budget ran out).
    steps : list of Step
        The steps, in order; each one rules something out or places a domino.
    stats : SearchStats
        ``nodes`` = placements the steps found (``max_depth`` the same), ``seconds``.
    reason : str
        Why there is no solution, or why the budget stopped the run (else empty).
    """

    status: HintStatus
    steps: list[Step] = field(default_factory=list)
    stats: SearchStats = field(default_factory=SearchStats)
    reason: str = ""


@keywords_after_first
def hints(
    puzzle: PuzzleLike,
    *,
    limit: int | None = 1,
    ladder_name: str = "full",
    max_level: str | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> Hints:
    """The first ``limit`` steps of reasoning on ``puzzle`` (all of them when ``None``).

    Parameters
    ----------
    puzzle : Puzzle or rows of numbers
        The board.
    limit : int or None
        Steps to find; ``None`` runs the ladder to its fixed point.
    ladder_name : str
        A ladder of :data:`~dominosa_lab.logic.ladder.LADDERS`, up to ``max_level``.
    max_nodes, time_limit : optional
        The budget: placements found, seconds.

    Examples
    --------
    >>> from dominosa_lab import from_tatham
    >>> h = hints(from_tatham("3:00033121123313202210"))
    >>> h.status, h.steps[0].name
    ('open', 'domino_must_overlap')
    >>> h = hints(from_tatham("3:02113312013003232012"), limit=None)
    >>> h.status, h.stats.nodes
    ('solved', 10)
    >>> hints(from_tatham("3:02113312013003232012"), limit=None, max_nodes=2).status
    'stopped'
    """
    limit = check_count("limit", limit, minimum=1)
    rungs = ladder(ladder_name, max_level)
    search = Search(max_nodes=max_nodes, time_limit=time_limit)
    state = State(as_puzzle(puzzle))
    found: list[Step] = []
    status: HintStatus = "open"
    reason = state.contradiction() or ""
    try:
        if not reason:
            for step in run(state, rungs, search.check_time):
                _count(step, search)
                if step.count or step.placed_index >= 0:
                    found.append(step)
                    if len(found) == limit:
                        break
            reason = state.contradiction() or ""
        if reason:
            status = "no_solution"
        elif state.is_solved():
            status = "solved"
        elif len(found) != limit:
            status = "stuck"
    except SearchStopped as stop:
        status, reason = "stopped", stop.reason
    search.finish()
    return Hints(status, found, search.stats, reason)


def _count(step: Step, search: Search) -> None:
    """Report ``step`` to the budget: a placement found is a node; the clock is read each step."""
    search.check_time()
    if step.placed_index >= 0:
        search.place(step.placement)
