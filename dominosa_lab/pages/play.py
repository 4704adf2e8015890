"""The play board's data: each puzzle with its answer and the reasoning that solves it.

The page cannot run the deductions, so they are run here once: the ``full`` ladder of
:mod:`dominosa_lab.logic` from the empty board, every step that places a domino or rules
one out kept with its sentence, the squares it speaks of and what it decided. The page
gives as a hint the first step still relevant to the student's board, and answers "why?"
on a domino with the step that placed it or ruled it out.
"""

from __future__ import annotations

from typing import Any

from dominosa_lab.core.puzzle import Placement, Puzzle, Solution
from dominosa_lab.logic import State, Step, ladder, run

__all__ = ["LEADS", "play_puzzle"]

#: The lesson's words for the deductions a student meets first; the others are named plainly.
LEADS: dict[str, str] = {
    "domino_single_placement": "Forced piece",
    "square_single_placement": "Forced location",
    "square_single_domino": "One domino for a square",
    "domino_must_overlap": "Every place shares a square",
    "local_duplicate": "Two of the same",
    "local_duplicate_2": "Two of the same",
    "parity": "Odd and even",
}
OTHER_LEAD = "Reasoning"


def play_puzzle(puzzle: Puzzle, solution: Solution, name: str = "") -> dict[str, Any]:
    """The JSON-ready record of one puzzle of the play board.

    Parameters
    ----------
    puzzle : Puzzle
        A board with exactly one solution.
    solution : Solution
        That solution (the answer, shown only on request).
    name : str
        What the page calls the puzzle.

    Returns
    -------
    dict
        ``name``, ``rows``, ``max_pip``, ``solution`` (placements as ``[r, c, r, c]``),
        ``steps`` (each ``lead``, ``text``, ``cells``, ``placed`` or None, ``ruled``) and
        ``decided`` (``"r,c,r,c"`` of every placement the steps decide: the step's index).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> record = play_puzzle(p, solve(p).solution)
    >>> record["steps"][0]["lead"], record["steps"][0]["text"]
    ('Forced piece', '0-0 fits only at (0,0)-(0,1): it goes there.')
    >>> record["decided"]["0,0,0,1"], record["decided"]["0,0,1,0"]
    (0, 0)
    """
    steps = [step for step in run(State(puzzle), ladder("full"))
             if step.placed_index >= 0 or step.ruled_out_mask]
    return {
        "name": name or puzzle.name or "puzzle",
        "rows": [list(row) for row in puzzle.rows],
        "max_pip": puzzle.max_pip,
        "solution": [_pair(pl) for pl in solution.placements],
        "steps": [_step(step) for step in steps],
        "decided": _decided(steps, solution),
    }


def _step(step: Step) -> dict[str, Any]:
    """One step for the page: the lesson's word for it, one plain sentence, what it decided."""
    cells = dict.fromkeys([*step.cells, *(step.placement.cells if step.placement else ())])
    return {
        "lead": LEADS.get(step.name, OTHER_LEAD),
        "text": _sentence(step),
        "cells": [list(cell) for cell in cells],
        "placed": None if step.placement is None else _pair(step.placement),
        "ruled": [_pair(pl) for pl in step.ruled_out],
    }


def _sentence(step: Step) -> str:
    """The step's sentence; for a step that places a domino, without the list of what that
    rules out (the page draws those)."""
    if step.placed_index >= 0 and step.ruled_out_mask:
        step = Step(step.name, step.level, step.geometry, step.explain, placed=step.placed_index,
                    squares=step.square_indices, dominoes=step.domino_indices,
                    reads=step.read_mask, facts=step.facts)
    text = step.text
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _decided(steps: list[Step], solution: Solution) -> dict[str, int]:
    """Which step decided each placement: the one that placed it or ruled it out; a
    placement no step names is decided by the step that placed the answer's domino
    sharing a square or a domino with it."""
    decided: dict[str, int] = {}
    for k, step in enumerate(steps):
        for pl in (*step.ruled_out, *([step.placement] if step.placement else [])):
            decided.setdefault(_key(pl), k)
    puzzle = solution.puzzle
    for pl in solution.placements:
        if _key(pl) not in decided:
            continue
        rivals = [q for q in puzzle.candidates()[puzzle.domino_of(pl)]
                  if q != pl] + [q for q in _overlapping(puzzle, pl) if q != pl]
        for q in rivals:
            decided.setdefault(_key(q), decided[_key(pl)])
    return decided


def _overlapping(puzzle: Puzzle, pl: Placement) -> list[Placement]:
    """Every placement of the board sharing a square with ``pl``."""
    return [q for pls in puzzle.candidates().values() for q in pls
            if set(q.cells) & set(pl.cells)]


def _pair(pl: Placement) -> list[int]:
    """A placement as ``[r, c, r, c]``."""
    return [*pl.a, *pl.b]


def _key(pl: Placement) -> str:
    """A placement as the page's key ``"r,c,r,c"``."""
    return ",".join(map(str, _pair(pl)))
