"""Where a board typed by hand went wrong: two numbers exchanged.

A person typing a Dominosa board can exchange two numbers, most often two neighbours. Every
number is still shown N + 2 times, so nothing looks wrong, but the board usually has no
solution (the ``adjacent`` and ``transposed`` families of ``benchmarks/bench_proofs.py``). A
reason that the board has none (:func:`~dominosa_lab.solvers.explain.explain_no_solution`)
does not say where the slip is; this module looks for it.

**Suspects.** Belief propagation over the whole board
(:func:`~dominosa_lab.solvers.engine.beliefs.log_odds`) gives every placement the log-odds
that it is in a tiling. On a planted board every square has a placement it believes in;
around a slip the beliefs cannot agree, and the squares whose likeliest placement is least
likely are the *suspects* (:func:`suspects`, least sure first).

**The slips.** :func:`find_slips` exchanges the numbers of each two neighbouring suspects
that differ, then of any two of the :data:`FAR_SUSPECTS` least sure, the pairs of the least
sure suspects first in each kind, and solves the board so made within
:data:`NODES_PER_DOMINO` placements tried per domino: each that has a solution is a slip the
person may have made, and its solution is the check a person can read. More than one
exchange can mend a board (nine on the double-12 board of the examples, the one made among
them), so the slips are where the board can be mended, not proof of where the person slipped;
``benchmarks/results/slips.md`` measures how often the exchange made is among them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dominosa_lab.boards.swaps import swap_cells
from dominosa_lab.core.options import (
    check_count,
    check_items,
    check_seconds,
    keywords_after_first,
)
from dominosa_lab.core.puzzle import Cell, Puzzle, PuzzleLike, Solution, as_cell, as_puzzle
from dominosa_lab.logic.step import cell_text

__all__ = ["FAR_SUSPECTS", "NODES_PER_DOMINO", "SUSPECTS", "Slip", "find_slips", "suspects"]

#: The suspects :func:`find_slips` exchanges in pairs, by default.
SUSPECTS = 16

#: The suspects any two of which :func:`find_slips` also exchanges, neighbours or not (the
#: typing slip is two neighbours; two squares exchanged anywhere are the least sure ones too).
FAR_SUSPECTS = 8

#: Placements tried per domino of the board when a mended board is solved: a planted board is
#: solved with few backtracks, a board that still has no solution is given up.
NODES_PER_DOMINO = 2


@dataclass(frozen=True)
class Slip:
    """Two squares whose numbers, exchanged, give a board with a solution.

    Attributes
    ----------
    cells : tuple of two Cell
        The two squares, in reading order.
    numbers : tuple of two int
        The numbers they show on the board as typed.
    solution : Solution
        A solution of the board with the two numbers exchanged.
    """

    cells: tuple[Cell, Cell]
    numbers: tuple[int, int]
    solution: Solution

    def __str__(self) -> str:
        (a, b), (x, y) = self.cells, self.numbers
        return f"the {x} at {cell_text(a)} and the {y} at {cell_text(b)}"


def suspects(puzzle: PuzzleLike, count: int = SUSPECTS) -> tuple[Cell, ...]:
    """The ``count`` squares whose likeliest placement belief propagation holds least likely,
    least sure first (see the module).

    Examples
    --------
    >>> from dominosa_lab import random_puzzle
    >>> from dominosa_lab.boards import swap_cells
    >>> typed = swap_cells(random_puzzle(12, seed=6).puzzle, (6, 4), (7, 4))
    >>> suspects(typed, 5)          # the exchanged squares come 4th and 5th
    ((9, 9), (8, 9), (8, 10), (6, 4), (7, 4))
    """
    return _suspects(as_puzzle(puzzle), count, np.inf)


def _suspects(puzzle: Puzzle, count: int, deadline: float) -> tuple[Cell, ...]:
    """:func:`suspects`, the beliefs stopped at ``deadline`` (``time.perf_counter()``)."""
    from dominosa_lab.solvers.engine.beliefs import log_odds
    from dominosa_lab.solvers.fast.dominosa import DominosaCover
    from dominosa_lab.solvers.fast.warm import ensure_compiled

    count = check_count("count", count, minimum=1, allow_none=False)
    ensure_compiled()
    board = DominosaCover(puzzle)
    odds = log_odds(board.model, np.full(board.model.n_options, -1), calm=None,
                    deadline=deadline)
    surest = np.full(len(board.cells), -np.inf)
    for side in (0, 1):
        np.maximum.at(surest, board.pairs[:, side], odds)
    order = np.argsort(surest, kind="stable")[:count]
    return tuple(board.cells[s] for s in order.tolist())


@keywords_after_first
def find_slips(puzzle: PuzzleLike, *, among: Sequence[Cell] | None = None,
               time_limit: float | None = 10.0) -> tuple[Slip, ...]:
    """The pairs of squares ``among`` the suspects (neighbours, then any two of the first
    :data:`FAR_SUSPECTS`) whose numbers, exchanged, give a board with a solution; those found
    within ``time_limit`` seconds.

    Meant for a board with no solution (on one with a solution, exchanges that keep one are
    returned).

    Parameters
    ----------
    puzzle : Puzzle or rows of numbers
        The board as typed.
    among : sequence of Cell or None
        The squares whose pairs are exchanged, least sure first; None: the
        :data:`SUSPECTS` squares of :func:`suspects`.
    time_limit : float or None
        Seconds for the beliefs and the exchanges together; None: no limit.

    Returns
    -------
    tuple of Slip
        Empty when no exchange of two suspects mends the board in time.

    Examples
    --------
    >>> from dominosa_lab import random_puzzle, solve
    >>> from dominosa_lab.boards import swap_cells
    >>> typed = swap_cells(random_puzzle(12, seed=6).puzzle, (6, 4), (7, 4))
    >>> solve(typed).status
    'no_solution'
    >>> slips = find_slips(typed)
    >>> len(slips), all(slip.solution.is_valid() for slip in slips)
    (9, True)
    >>> print(slips[1])                 # the exchange made
    the 4 at (6,4) and the 5 at (7,4)
    """
    puzzle = as_puzzle(puzzle)
    limit = check_seconds("time_limit", time_limit)
    deadline = np.inf if limit is None else time.perf_counter() + limit
    slips = []
    among = (_suspects(puzzle, SUSPECTS, deadline) if among is None
             else _on_board(puzzle, check_items("among", among, "a sequence of cells")))
    for a, b in _exchanges(puzzle, among):
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        solution = _solution(swap_cells(puzzle, a, b), None if left == np.inf else left)
        if solution is not None:
            slips.append(Slip((a, b), (puzzle.value(a), puzzle.value(b)), solution))
    return tuple(slips)


def _exchanges(puzzle: Puzzle, found: tuple[Cell, ...]) -> list[tuple[Cell, Cell]]:
    """The pairs of suspects showing different numbers, in reading order within a pair: the
    neighbouring ones, then any two of the first :data:`FAR_SUSPECTS`; each kind ordered by its
    surer square's place among the suspects, then the other's."""
    pairs = [(found[i], found[j]) for j in range(len(found)) for i in range(j)
             if puzzle.value(found[i]) != puzzle.value(found[j])]
    near = [pair for pair in pairs if _neighbours(*pair)]
    far = [pair for pair in pairs if not _neighbours(*pair)
           and max(found.index(pair[0]), found.index(pair[1])) < FAR_SUSPECTS]
    return [tuple(sorted(pair)) for pair in near + far]


def _on_board(puzzle: Puzzle, cells: tuple) -> tuple[Cell, ...]:
    """``cells`` as cells of ``puzzle``; a :class:`~dominosa_lab.errors.PuzzleError` names the
    first that is not one."""
    cells = tuple(map(as_cell, cells))
    for cell in cells:
        puzzle.value(cell)
    return cells


def _neighbours(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _solution(board: Puzzle, seconds: float | None) -> Solution | None:
    """A solution of ``board`` found within :data:`NODES_PER_DOMINO` placements per domino and
    ``seconds``; None when there is none or the budget ran out."""
    from dominosa_lab.solvers import solve

    result = solve(board, max_nodes=NODES_PER_DOMINO * len(board.dominoes), time_limit=seconds)
    return result.solution if result.status == "solved" else None
