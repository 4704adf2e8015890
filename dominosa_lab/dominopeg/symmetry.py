"""The four symmetries of the 6 x 4 board and what they do to holes and solutions.

The board is a rectangle, not a square, so its symmetries are the identity,
the left-right mirror, the top-bottom mirror and the half turn. Pieces may be
turned over, so the mirror image of a placement is a placement of the same
piece, and every symmetry maps the solutions of a hole pattern one-to-one onto
the solutions of the image pattern.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dominosa_lab.core.options import check_choice, check_count, check_items, check_type
from dominosa_lab.dominopeg.model import (
    CIRCLE_COLS,
    CIRCLE_ROWS,
    N_CELLS,
    N_CIRCLES,
    ORIENTATIONS,
    PIECE_COLS,
    PIECE_ROWS,
    Orientation,
    PegBoard,
    PegPlacement,
    PegSolution,
    check_circles,
    circle_of_cell,
)
from dominosa_lab.errors import PuzzleError

__all__ = [
    "SYMMETRIES",
    "canonical",
    "count_up_to_symmetry",
    "images",
    "map_cell",
    "map_circle",
    "map_holes",
    "map_placement",
    "map_solution",
    "orbit",
    "solution_key",
]

Point = Callable[[int, int, int, int], tuple[int, int]]

#: Each symmetry as a map of (row, col) in a grid of ``rows`` x ``cols`` points.
SYMMETRIES: dict[str, Point] = {
    "identity": lambda r, c, rows, cols: (r, c),
    "mirror left-right": lambda r, c, rows, cols: (r, cols - 1 - c),
    "mirror top-bottom": lambda r, c, rows, cols: (rows - 1 - r, c),
    "half turn": lambda r, c, rows, cols: (rows - 1 - r, cols - 1 - c),
}

_BY_SHAPE: dict[tuple[int, bool, tuple[int, ...]], Orientation] = {
    (o.piece, o.horizontal, o.spots): o for o in ORIENTATIONS
}


def map_circle(circle: int, symmetry: str) -> int:
    """The image of a circle index under a symmetry.

    Examples
    --------
    >>> map_circle(0, "half turn"), map_circle(0, "mirror left-right")
    (34, 6)
    """
    check_choice("symmetry", symmetry, SYMMETRIES)
    (circle,) = check_circles([circle], "circle")
    r, c = SYMMETRIES[symmetry](*divmod(circle, CIRCLE_COLS), CIRCLE_ROWS, CIRCLE_COLS)
    return r * CIRCLE_COLS + c


def map_cell(cell: int, symmetry: str) -> int:
    """The image of a piece-cell index under a symmetry."""
    check_choice("symmetry", symmetry, SYMMETRIES)
    cell = check_count("cell", cell, maximum=N_CELLS - 1, allow_none=False)
    r, c = SYMMETRIES[symmetry](*divmod(cell, PIECE_COLS), PIECE_ROWS, PIECE_COLS)
    return r * PIECE_COLS + c


def map_holes(holes: Iterable[int], symmetry: str) -> tuple[int, ...]:
    """The image of a set of circles, sorted."""
    return tuple(sorted(map_circle(h, symmetry) for h in check_circles(holes)))


_CIRCLE_MAPS = [tuple(map_circle(q, name) for q in range(N_CIRCLES)) for name in SYMMETRIES]


def orbit(holes: Iterable[int]) -> set[tuple[int, ...]]:
    """The distinct images of a hole pattern under the four symmetries."""
    return images(check_circles(holes))


def images(holes: tuple[int, ...]) -> set[tuple[int, ...]]:
    """:func:`orbit` without the input checks, for the census's 324,632 valid patterns."""
    return {tuple(sorted(image[h] for h in holes)) for image in _CIRCLE_MAPS}


def canonical(holes: Iterable[int]) -> tuple[int, ...]:
    """The representative of a hole pattern's orbit: its smallest image as a sorted tuple.

    Examples
    --------
    >>> canonical([34, 27, 20, 13, 6])
    (0, 7, 14, 21, 28)
    >>> canonical([0, 10, 20, 24, 28]) == canonical([6, 10, 14, 24, 34])
    True
    """
    return min(orbit(holes))


def map_placement(pl: PegPlacement, symmetry: str) -> PegPlacement:
    """The image of a placement: same piece, its cells and pegs moved by the symmetry."""
    check_type("placement", pl, PegPlacement, "a PegPlacement")
    cell = min(map_cell(c, symmetry) for c in pl.cells)
    corner = circle_of_cell(cell)
    spots = tuple(sorted(map_circle(p, symmetry) - corner for p in pl.pegs))
    key = (pl.piece, pl.orientation.horizontal, spots)
    if key not in _BY_SHAPE:
        raise PuzzleError(f"placement {pl} under symmetry {symmetry!r} is no orientation of "
                          f"piece {pl.piece}: the placement is not one of the piece's")
    return PegPlacement(cell, _BY_SHAPE[key])


def map_solution(solution: PegSolution, symmetry: str) -> PegSolution:
    """The image of a solution, on the image board."""
    check_type("solution", solution, PegSolution, "a PegSolution")
    board = PegBoard(map_holes(solution.board.holes, symmetry))
    return PegSolution(board, tuple(map_placement(pl, symmetry) for pl in solution.placements))


def solution_key(solution: PegSolution) -> tuple:
    """A solution's placements as sortable plain data."""
    check_type("solution", solution, PegSolution, "a PegSolution")
    return tuple((pl.cell, pl.piece, pl.orientation.spots) for pl in solution.placements)


def count_up_to_symmetry(solutions: Iterable[PegSolution]) -> int:
    """How many solutions remain when those that a symmetry maps onto each other count once.

    Examples
    --------
    >>> from dominosa_lab.dominopeg.exact import solve
    >>> first = solve(PegBoard([25, 26, 27, 32, 33])).solution
    >>> mirrored = map_solution(first, "mirror left-right")
    >>> mirrored.is_valid(), mirrored.board.holes
    (True, (21, 22, 23, 29, 30))
    >>> count_up_to_symmetry([first, mirrored])
    1
    """
    solutions = check_items("solutions", solutions, "a list of PegSolution")
    return len({
        min(solution_key(map_solution(s, name)) for name in SYMMETRIES) for s in solutions
    })
