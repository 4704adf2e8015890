"""Darby's "swapping": new boards from a solved one by exchanging dominoes.

Exchanging the numbers of two dominoes of a solution (each possibly turned
round) gives a board on which every domino still occurs once and the same
tiling is still a solution: always a valid, solvable puzzle. Exchanging the
numbers of two single cells keeps every number's count, so the board is still
well formed, but it need not have any solution. Neither kind of swap keeps
uniqueness in general; ``notebooks/04`` measures how often it survives.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.core.puzzle import Cell, Placement, Puzzle, Solution
from dominosa_lab.errors import PuzzleError

__all__ = ["random_cell_swap", "random_domino_swap", "swap_cells", "swap_dominoes"]


def swap_dominoes(
    solution: Solution, first: Placement, second: Placement, flip: bool = False
) -> Solution:
    """The same tiling on a new board where ``first`` and ``second`` trade their numbers.

    With ``flip`` each domino is also turned round; ``first == second`` with
    ``flip`` turns one domino round in place.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> p = load("mikefc-small")
    >>> s = solve(p, method="rowscan").solution
    >>> t = swap_dominoes(s, s.placements[0], s.placements[1])
    >>> t.is_valid(), t.puzzle != p, t.placements == s.placements
    (True, True, True)
    """
    for pl in (first, second):
        if pl not in solution.placements:
            raise PuzzleError(f"{pl} is not a domino of the solution")
    rows = [list(row) for row in solution.puzzle.rows]
    numbers = {pl: [solution.puzzle.value(c) for c in pl.cells] for pl in (first, second)}
    for pl, other in ((first, second), (second, first)):
        values = numbers[other][::-1] if flip else numbers[other]
        for (r, c), v in zip(pl.cells, values, strict=True):
            rows[r][c] = v
    puzzle = Puzzle(rows, max_pip=solution.puzzle.max_pip)
    return Solution(puzzle, solution.placements)


def swap_cells(puzzle: Puzzle, a: Cell, b: Cell) -> Puzzle:
    """The board with the numbers of two cells exchanged (well formed, maybe unsolvable).

    Examples
    --------
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> swap_cells(p, (0, 0), (0, 2)).rows
    ((1, 0, 0), (1, 1, 0))
    """
    rows = [list(row) for row in puzzle.rows]
    (ra, ca), (rb, cb) = a, b
    rows[ra][ca], rows[rb][cb] = puzzle.value(b), puzzle.value(a)
    return Puzzle(rows, max_pip=puzzle.max_pip)


def random_domino_swap(solution: Solution, rng: np.random.Generator) -> Solution:
    """:func:`swap_dominoes` on two different dominoes chosen at random, flipped at random."""
    i, j = rng.choice(len(solution.placements), size=2, replace=False)
    return swap_dominoes(solution, solution.placements[i], solution.placements[j],
                         flip=bool(rng.integers(2)))


def random_cell_swap(puzzle: Puzzle, rng: np.random.Generator) -> Puzzle:
    """:func:`swap_cells` on two cells with different numbers chosen at random."""
    cells = puzzle.cells
    if len({puzzle.value(c) for c in cells}) < 2:
        raise PuzzleError("every cell holds the same number: no swap changes the board")
    while True:
        i, j = rng.choice(len(cells), size=2, replace=False)
        if puzzle.value(cells[i]) != puzzle.value(cells[j]):
            return swap_cells(puzzle, cells[i], cells[j])
