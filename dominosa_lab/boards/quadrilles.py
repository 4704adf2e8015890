"""Quadrilles: double-6 boards split into 2x2 blocks of equal numbers (Lucas's "quadrilles").

In a quadrille the complete double-6 set is laid so that equal numbers form
2x2 squares: each number fills two of the 14 blocks. Given where the blocks
lie, a candidate board is a way to give each number two blocks; it can only
be a quadrille if every two numbers have blocks that touch (each non-double
domino straddles a block of each of its numbers). :func:`quadrille_boards`
enumerates the pairings of the blocks (``13!! = 135,135``, numbers named in
order of first block, so no board is repeated under renaming) and yields
those that pass this test; a solver then tells which of them are puzzles
with a solution.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from dominosa_lab.core.puzzle import Cell, Puzzle
from dominosa_lab.errors import PuzzleError

__all__ = ["BLOCKS", "DUDENEY_BLOCKS", "quadrille_boards"]

BLOCKS = 14

#: Top-left corners of the 14 blocks of Dudeney's quadrille figure (Modern Puzzles,
#: 1926, no. 196 "Les Quadrilles"): an 8x8 square whose first and last rows
#: hold only columns 0-1 and 4-5, blocks staggered by one row in alternate column pairs.
DUDENEY_BLOCKS: tuple[Cell, ...] = tuple(
    (r, c) for c in (0, 2, 4, 6) for r in ((0, 2, 4, 6) if c % 4 == 0 else (1, 3, 5))
)


def quadrille_boards(blocks: Sequence[Cell] = DUDENEY_BLOCKS) -> Iterator[Puzzle]:
    """Every board giving each number two of ``blocks`` in which all numbers meet.

    Parameters
    ----------
    blocks : sequence of (row, col)
        Top-left cells of 14 non-overlapping 2x2 blocks.

    Examples
    --------
    >>> from dominosa_lab import solve
    >>> boards = list(quadrille_boards())
    >>> len(boards), sum(solve(p, method="dlx").status == "solved" for p in boards)
    (259, 2)
    """
    cells = [_block_cells(b) for b in blocks]
    _check_blocks(cells)
    touch = [
        sum(1 << j for j, other in enumerate(cells) if j != i and _touching(mine, other))
        for i, mine in enumerate(cells)
    ]
    for pairing in _pairings(list(range(len(blocks)))):
        if _all_meet(pairing, touch):
            yield _board(cells, pairing)


def _block_cells(block: Cell) -> tuple[Cell, ...]:
    r, c = block
    return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))


def _check_blocks(cells: list[tuple[Cell, ...]]) -> None:
    if len(cells) != BLOCKS:
        raise PuzzleError(f"a double-6 quadrille has {BLOCKS} blocks (two per number), "
                          f"got {len(cells)}")
    flat = [cell for block in cells for cell in block]
    if min(x for cell in flat for x in cell) < 0:
        raise PuzzleError("block corners must have non-negative coordinates")
    if len(set(flat)) != len(flat):
        raise PuzzleError("blocks overlap")


def _touching(a: tuple[Cell, ...], b: tuple[Cell, ...]) -> bool:
    return any(abs(x[0] - y[0]) + abs(x[1] - y[1]) == 1 for x in a for y in b)


def _pairings(items: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to split ``items`` into pairs (the first item pairs with each other in turn)."""
    if not items:
        yield []
        return
    first = items[0]
    for k in range(1, len(items)):
        rest = items[1:k] + items[k + 1:]
        for tail in _pairings(rest):
            yield [(first, items[k]), *tail]


def _all_meet(pairing: list[tuple[int, int]], touch: list[int]) -> bool:
    """Whether the blocks of every two numbers touch."""
    reach = [touch[a] | touch[b] for a, b in pairing]
    own = [(1 << a) | (1 << b) for a, b in pairing]
    return all(reach[x] & own[y] for x in range(len(own)) for y in range(x + 1, len(own)))


def _board(cells: list[tuple[Cell, ...]], pairing: list[tuple[int, int]]) -> Puzzle:
    height = max(r for block in cells for r, _ in block) + 1
    width = max(c for block in cells for _, c in block) + 1
    rows: list[list[int | None]] = [[None] * width for _ in range(height)]
    for number, pair in enumerate(pairing):
        for block in pair:
            for r, c in cells[block]:
                rows[r][c] = number
    return Puzzle(rows, max_pip=len(pairing) - 1)
