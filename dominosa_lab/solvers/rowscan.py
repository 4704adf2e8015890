"""``rowscan``: the R blog's recursive backtracking, as an explicit-stack search.

Scan the cells in row-major order; at the first free cell try a horizontal
domino, then a vertical one, each only if both cells are free and the domino
has not been used; recurse to the next free cell; undo and try the next option
when a branch fails. This is the method of seed 000, without its flaws: the
grid is not copied per call (one array of flags is updated and restored), the
recursion is an explicit stack (no recursion limit on large boards), and every
solution can be listed, not only the first. A board without a solution ends with
status ``"no_solution"``; the R function returns ``NULL`` there (its
``stop("Out of bounds...")`` is never reached: a cell that takes no domino
falls through to the end of the function before the scan can leave the grid).
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa_lab.core.board import board_model
from dominosa_lab.core.puzzle import Placement, Puzzle, Solution
from dominosa_lab.core.search import Search
from dominosa_lab.solvers.backtrack import depth_first

__all__ = ["solve"]


def solve(puzzle: Puzzle, search: Search) -> Iterator[Solution]:
    """Yield every solution in the R blog's order, reporting each placement to ``search``.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> p = load("mikefc-small")
    >>> r = solve(p, method="rowscan")
    >>> r.status, r.stats.nodes, r.stats.backtracks
    ('solved', 16, 6)
    """
    n_rows, n_cols = puzzle.shape
    size = n_rows * n_cols
    width = puzzle.max_pip + 1
    value = [v if v is not None else -1 for row in puzzle.rows for v in row]
    used = [v < 0 for v in value]
    domino_used = [False] * (width * width)
    moves = _moves(puzzle)
    placed: list[Placement] = []
    here = [_next_free(used, 0)]  # the first free cell, kept up to date by do/undo

    def options() -> list[tuple[int, int, int, Placement]]:
        pos = here[-1]
        found = []
        for other, pl in moves[pos]:
            if used[other]:
                continue
            x, y = value[pos], value[other]
            key = x * width + y if x <= y else y * width + x
            if not domino_used[key]:
                found.append((pos, other, key, pl))
        return found

    def do(move: tuple[int, int, int, Placement]) -> Placement:
        a, b, key, pl = move
        used[a] = used[b] = domino_used[key] = True
        placed.append(pl)
        here.append(_next_free(used, a + 1))
        return pl

    def undo(move: tuple[int, int, int, Placement]) -> Placement:
        a, b, key, pl = move
        used[a] = used[b] = domino_used[key] = False
        placed.pop()
        here.pop()
        return pl

    return depth_first(
        search, options, do, undo,
        complete=lambda: here[-1] == size,
        build=lambda: Solution(puzzle, placed),
        dead_end=lambda: f"no domino fits at {divmod(here[-1], n_cols)}",
    )


def _next_free(used: list[bool], pos: int) -> int:
    """The first free cell at or after ``pos`` in reading order (``len(used)`` if none)."""
    while pos < len(used) and used[pos]:
        pos += 1
    return pos


def _moves(puzzle: Puzzle) -> list[list[tuple[int, Placement]]]:
    """For each flat cell index, its right then down neighbour with the Placement (the board
    model's ``rowscan`` view)."""
    n_cols = puzzle.shape[1]
    model = board_model(puzzle)
    flat = [r * n_cols + c for r, c in model.cells]
    pairs, placements = model.pairs.tolist(), model.placements
    moves: list[list[tuple[int, Placement]]] = [[] for _ in range(puzzle.shape[0] * n_cols)]
    for p in model.view("rowscan").order.tolist():
        a, b = pairs[p]
        moves[flat[a]].append((flat[b], placements[p]))
    return moves
