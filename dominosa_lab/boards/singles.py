"""A planted board made easier to start on: more dominoes that fit in one place only.

On a random double-N board each domino fits about four places, and at large N the cheap
deductions barely start: the capped ``basic`` ladder leaves 4,667 of a planted N = 60 board's
5,551 other placements open. Darby's swaps (:func:`~dominosa_lab.boards.swaps.swap_dominoes`)
kept only when they leave no fewer dominoes with a single placement on the board take one
swap per domino and no grading, and the same board then has 66 left open (seed 0; a domino
that fits one place is where the trivial deductions start). The planted tiling stays a
solution, as after any Darby swap.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.core.puzzle import Puzzle, Solution
from dominosa_lab.logic.geometry import bits, domino_index, shape

__all__ = ["more_singles"]


def more_singles(board: Solution, rng: np.random.Generator, swaps: int) -> Solution:
    """``board`` after ``swaps`` Darby swaps drawn from ``rng``, each kept unless it lowers
    the number of dominoes that fit in one place only.

    Examples
    --------
    >>> from dominosa_lab import solve
    >>> from dominosa_lab.boards import random_puzzle
    >>> p = random_puzzle(8, seed=3).puzzle
    >>> s = solve(p, method="logic").solution
    >>> t = more_singles(s, np.random.default_rng(0), 45)
    >>> t.is_valid(), t.placements == s.placements
    (True, True)
    """
    puzzle = board.puzzle
    tatham = shape(puzzle.cells)
    pairs, index = tatham.pairs, tatham.cell_index
    touching = [bits(mask) for mask in tatham.cell_mask]
    values = [puzzle.value(cell) for cell in puzzle.cells]
    tiles = [(index[pl.a], index[pl.b]) for pl in board.placements]

    def domino(p: int) -> int:
        x, y = values[pairs[p][0]], values[pairs[p][1]]
        return domino_index(min(x, y), max(x, y))

    count = np.bincount([domino(p) for p in range(len(pairs))],
                        minlength=domino_index(puzzle.max_pip, puzzle.max_pip) + 1).tolist()
    firsts = rng.integers(len(tiles), size=swaps).tolist()
    seconds = rng.integers(max(1, len(tiles) - 1), size=swaps).tolist()
    flips = rng.integers(2, size=swaps).tolist()
    for i, j, flip in zip(firsts, seconds, flips, strict=True):
        j += j >= i
        if j >= len(tiles):
            continue
        squares = (*tiles[i], *tiles[j])
        around = {p for s in squares for p in touching[s]}
        before = [domino(p) for p in around]
        old = [values[s] for s in squares]
        new = old[2:] + old[:2]
        values[squares[0]], values[squares[1]], values[squares[2]], values[squares[3]] = (
            (new[1], new[0], new[3], new[2]) if flip else new)
        after = [domino(p) for p in around]
        changed = set(before) | set(after)
        singles = sum(count[d] == 1 for d in changed)
        for d in before:
            count[d] -= 1
        for d in after:
            count[d] += 1
        if sum(count[d] == 1 for d in changed) < singles:
            for d in after:
                count[d] -= 1
            for d in before:
                count[d] += 1
            for s, v in zip(squares, old, strict=True):
                values[s] = v
    rows = [list(row) for row in puzzle.rows]
    for (r, c), v in zip(puzzle.cells, values, strict=True):
        rows[r][c] = v
    return Solution(Puzzle(rows, max_pip=puzzle.max_pip), board.placements)
