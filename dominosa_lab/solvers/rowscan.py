"""``rowscan``: the R blog's recursive backtracking, as an explicit-stack search.

Scan the cells in row-major order; at the first free cell try a horizontal
domino, then a vertical one, each only if both cells are free and the domino
has not been used; recurse to the next free cell; undo and try the next option
when a branch fails. This is the method of seed 000, without its flaws: the
grid is not copied per call (one array of flags is updated and restored), the
recursion is an explicit stack (no recursion limit on large boards), and "no
solution" is a status, not an error.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa_lab.core.puzzle import Placement, Puzzle, Solution
from dominosa_lab.core.search import Search

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

    def options(pos: int) -> list[tuple[int, int, int, Placement]]:
        found = []
        for other, pl in moves[pos]:
            if used[other]:
                continue
            x, y = value[pos], value[other]
            key = x * width + y if x <= y else y * width + x
            if not domino_used[key]:
                found.append((pos, other, key, pl))
        return found

    def next_free(pos: int) -> int:
        while pos < size and used[pos]:
            pos += 1
        return pos

    placed: list[Placement] = []
    frames: list[list] = []  # [options, next option index, option currently on the board]

    def open_frame(pos: int) -> None:
        opts = options(pos)
        search.choice(len(opts))
        if not opts and search.tracing:
            search.dead_end(f"no domino fits at {divmod(pos, n_cols)}")
        frames.append([opts, 0, None])

    open_frame(next_free(0))
    while frames:
        frame = frames[-1]
        current = frame[2]
        if current is not None:
            a, b, key, pl = current
            used[a] = used[b] = domino_used[key] = False
            placed.pop()
            search.remove(pl)
            frame[2] = None
        opts, i = frame[0], frame[1]
        if i == len(opts):
            frames.pop()
            continue
        frame[1] = i + 1
        a, b, key, pl = frame[2] = opts[i]
        search.place(pl)
        used[a] = used[b] = domino_used[key] = True
        placed.append(pl)
        nxt = next_free(a + 1)
        if nxt == size:
            solution = Solution(puzzle, placed)
            search.found(solution)
            yield solution
        else:
            open_frame(nxt)


def _moves(puzzle: Puzzle) -> list[list[tuple[int, Placement]]]:
    """For each flat cell index, its right then down neighbour with the Placement."""
    n_cols = puzzle.shape[1]
    moves: list[list[tuple[int, Placement]]] = [[] for _ in range(puzzle.shape[0] * n_cols)]
    for pl in puzzle.placements():
        (r, c), (r2, c2) = pl.cells
        moves[r * n_cols + c].append((r2 * n_cols + c2, pl))
    return moves
