"""DominoPeg: the pegged 12-piece wooden puzzle of seed 004, its board, pieces and symmetries.

The board has two grids. Pieces lie on a 6 x 4 grid of *piece cells*
(indices 0-23, row-major, 6 per row); pegs sit in a 7 x 5 grid of *circles*
(indices 0-34, row-major, 7 per row), the corners of the piece cells, so the
top-left circle of cell ``p`` is ``p + p // 6``. A piece covers two cells and
the six circles around them (its four corners and the middles of its long
sides); some of those six carry a peg. Every circle takes at most one peg.

The twelve pieces carry 6 x 2 + 6 x 3 = 30 pegs, the board has 35 circles,
so a finished board always shows exactly 5 empty circles. A puzzle names the
circles that must stay empty (the *holes*); with 5 holes the empty circles are
exactly the holes.

Pieces are given as the seed gives them (``BASE_PIECES``): the circles a peg
covers when the piece lies horizontally at the top-left corner, as offsets in
the 7-wide circle grid (``0 1 2`` top row, ``7 8 9`` bottom row). Turning a
piece over is the seed's ``FLIP_MAP``, rotating it is ``ORIENTATION_MAPS``
(vertical pieces use offsets ``0 1 / 7 8 / 14 15``).

Examples
--------
>>> len(ORIENTATIONS)
70
>>> PegBoard([0, 7, 14, 21, 28]).holes
(0, 7, 14, 21, 28)
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from dominosa_lab.core.options import check_items, check_type
from dominosa_lab.errors import PuzzleError

__all__ = [
    "BASE_PIECES",
    "FLIPS",
    "FLIP_MAP",
    "N_CELLS",
    "N_CIRCLES",
    "N_EMPTY",
    "N_PEGS",
    "N_PIECES",
    "ORIENTATIONS",
    "ORIENTATION_MAPS",
    "PLACEMENTS",
    "ROTATIONS",
    "Orientation",
    "PegBoard",
    "PegPlacement",
    "PegSolution",
    "check_circles",
    "checked_board",
    "circle_of_cell",
    "orientations",
    "placements_at",
]

PIECE_COLS, PIECE_ROWS = 6, 4
CIRCLE_COLS, CIRCLE_ROWS = 7, 5
N_CELLS = PIECE_COLS * PIECE_ROWS
N_CIRCLES = CIRCLE_COLS * CIRCLE_ROWS

#: The seed's twelve pieces: name and peg offsets when horizontal at the top-left.
BASE_PIECES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("0", (0, 1)),
    ("1", (0, 2)),
    ("2", (0, 7)),
    ("3", (0, 8)),
    ("4", (0, 9)),
    ("5", (1, 8)),
    ("6", (0, 1, 2)),
    ("7", (0, 1, 7)),
    ("8", (0, 1, 8)),
    ("9", (0, 1, 9)),
    ("A", (0, 2, 7)),
    ("B", (0, 2, 8)),
)
FLIPS: tuple[bool, ...] = (False, True)
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
#: Turning a piece over (top row <-> bottom row), as the seed writes it.
FLIP_MAP: dict[int, int] = {0: 7, 1: 8, 2: 9, 7: 0, 8: 1, 9: 2}
#: Rotating a piece clockwise, as the seed writes it.
ORIENTATION_MAPS: dict[int, dict[int, int]] = {
    0: {0: 0, 1: 1, 2: 2, 7: 7, 8: 8, 9: 9},
    90: {0: 1, 1: 8, 2: 15, 7: 0, 8: 7, 9: 14},
    180: {0: 9, 1: 8, 2: 7, 7: 2, 8: 1, 9: 0},
    270: {0: 14, 1: 7, 2: 0, 7: 15, 8: 8, 9: 1},
}
N_PIECES = len(BASE_PIECES)
N_PEGS = sum(len(spots) for _, spots in BASE_PIECES)
#: Circles left empty by every finished board.
N_EMPTY = N_CIRCLES - N_PEGS

_FOOTPRINT = {True: (0, 1, 2, 7, 8, 9), False: (0, 1, 7, 8, 14, 15)}


def circle_of_cell(cell: int) -> int:
    """The circle at the top-left corner of a piece cell.

    Examples
    --------
    >>> circle_of_cell(0), circle_of_cell(6), circle_of_cell(23)
    (0, 7, 26)
    """
    if isinstance(cell, bool) or not isinstance(cell, numbers.Integral):
        raise PuzzleError(f"a piece cell is an integer, got {cell!r}")
    return cell + cell // PIECE_COLS


@dataclass(frozen=True, order=True)
class Orientation:
    """One way to lay a piece: base piece (index into ``BASE_PIECES``), flip, rotation, pegs.

    ``spots`` are the pegs as offsets from the top-left circle of the piece's
    top-left cell in the 7-wide circle grid.
    """

    piece: int
    flip: bool
    rotation: int
    spots: tuple[int, ...]

    @property
    def name(self) -> str:
        """The seed's name of the base piece (``"0"`` ... ``"B"``)."""
        return BASE_PIECES[self.piece][0]

    @property
    def horizontal(self) -> bool:
        """True when the piece lies along a row (rotation 0 or 180)."""
        return self.rotation in (0, 180)

    @property
    def cell_offsets(self) -> tuple[int, int]:
        """The two piece cells, as offsets from the top-left one (the seed's piece_positions)."""
        return (0, 1) if self.horizontal else (0, PIECE_COLS)

    @property
    def footprint(self) -> tuple[int, ...]:
        """The six circles around the piece, as offsets like ``spots``."""
        return _FOOTPRINT[self.horizontal]


def orientations() -> tuple[Orientation, ...]:
    """All distinct orientations in the seed's order: piece, then flip, then rotation.

    Duplicates (same pegs, same direction) are dropped keeping the first, as the
    seed's ``uniq { [piece.transpose, piece.horizontal?] }`` does.

    Examples
    --------
    >>> o = orientations()
    >>> len(o), o[0]
    (70, Orientation(piece=0, flip=False, rotation=0, spots=(0, 1)))
    """
    found: dict[tuple, Orientation] = {}
    for index, (_, spots) in enumerate(BASE_PIECES):
        for flip in FLIPS:
            flipped = [FLIP_MAP[s] for s in spots] if flip else list(spots)
            for rotation in ROTATIONS:
                turned = tuple(sorted(ORIENTATION_MAPS[rotation][s] for s in flipped))
                orientation = Orientation(index, flip, rotation, turned)
                found.setdefault((turned, orientation.horizontal), orientation)
    return tuple(found.values())


#: The 70 distinct orientations of the pieces, in the seed's order (:func:`orientations`).
ORIENTATIONS: tuple[Orientation, ...] = orientations()


@dataclass(frozen=True, order=True)
class PegPlacement:
    """An orientation laid with its top-left piece cell at ``cell``.

    Examples
    --------
    >>> pl = PegPlacement(7, ORIENTATIONS[0])
    >>> pl.cells, pl.pegs, pl.circles
    ((7, 8), (8, 9), (8, 9, 10, 15, 16, 17))
    """

    cell: int
    orientation: Orientation

    def __post_init__(self) -> None:
        if isinstance(self.cell, bool) or not isinstance(self.cell, numbers.Integral):
            raise PuzzleError(f"a piece cell is an integer, got {self.cell!r}")
        check_type("orientation", self.orientation, Orientation,
                   "an Orientation (one of ORIENTATIONS)")

    @property
    def piece(self) -> int:
        """Index of the base piece."""
        return self.orientation.piece

    @property
    def cells(self) -> tuple[int, int]:
        """The two piece cells covered."""
        return tuple(self.cell + d for d in self.orientation.cell_offsets)

    @property
    def pegs(self) -> tuple[int, ...]:
        """The circles that receive a peg."""
        corner = circle_of_cell(self.cell)
        return tuple(corner + s for s in self.orientation.spots)

    @property
    def circles(self) -> tuple[int, ...]:
        """All six circles around the piece."""
        corner = circle_of_cell(self.cell)
        return tuple(corner + s for s in self.orientation.footprint)

    @property
    def on_board(self) -> bool:
        """True when both cells lie on the 6 x 4 board (the seed's edge checks)."""
        row, col = divmod(self.cell, PIECE_COLS)
        if self.orientation.horizontal:
            return 0 <= row < PIECE_ROWS and col + 2 <= PIECE_COLS
        return 0 <= row + 1 < PIECE_ROWS and 0 <= col < PIECE_COLS

    def __repr__(self) -> str:
        o = self.orientation
        return f"PegPlacement({self.cell}, piece {o.name}, flip={o.flip}, rotation={o.rotation})"


def placements_at(cell: int) -> tuple[PegPlacement, ...]:
    """The on-board placements whose top-left cell is ``cell``, in the seed's piece order."""
    return tuple(
        pl for pl in (PegPlacement(cell, o) for o in ORIENTATIONS) if pl.on_board
    )


#: Every on-board placement, by top-left cell, then in the seed's piece order.
PLACEMENTS: tuple[PegPlacement, ...] = tuple(
    pl for cell in range(N_CELLS) for pl in placements_at(cell)
)


def check_circles(circles: Iterable[int], what: str = "hole") -> tuple[int, ...]:
    """Validate circle indices: integers in 0-34, none repeated; return them sorted.

    Raises
    ------
    PuzzleError
        Naming the offending entry and its position.
    """
    seen: list[int] = []
    for position, value in enumerate(check_items(f"the {what}s", circles,
                                                 "a list of circle indices")):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise PuzzleError(f"{what} #{position} is {value!r}, not an integer circle index")
        if not 0 <= value < N_CIRCLES:
            raise PuzzleError(
                f"{what} #{position} is circle {value}, outside 0-{N_CIRCLES - 1}"
            )
        if value in seen:
            raise PuzzleError(f"{what} #{position} repeats circle {value}")
        seen.append(int(value))
    return tuple(sorted(seen))


def checked_board(board: PegBoard) -> PegBoard:
    """``board`` if it is a :class:`PegBoard`; else ArgumentError (the holes go in one)."""
    return check_type("board", board, PegBoard, "a PegBoard, e.g. PegBoard([25, 26, 27])")


class PegBoard:
    """A DominoPeg puzzle: the circles that must stay empty.

    Twelve pieces put 30 pegs into the 35 circles, so every finished board leaves
    exactly 5 circles empty. Five holes therefore fix the empty circles; fewer
    holes leave the rest to the solver; more than five cannot be met, and
    :attr:`impossible` says why without any search.

    Parameters
    ----------
    holes : iterable of int
        Circle indices 0-34 (row-major, 7 per row), each at most once.

    Raises
    ------
    PuzzleError
        For a non-integer, an index outside 0-34 or a repeated index.

    Examples
    --------
    >>> PegBoard([28, 0, 14]).holes
    (0, 14, 28)
    >>> print(PegBoard([25, 26, 27, 32, 33, 34]).impossible)
    6 circles must stay empty, but 12 pieces put 30 pegs into 35 circles, leaving exactly 5 empty
    """

    def __init__(self, holes: Iterable[int] = ()) -> None:
        self.holes = check_circles(holes)

    @property
    def impossible(self) -> str | None:
        """Why the board cannot be solved, by counting alone; ``None`` if counting allows it."""
        if len(self.holes) <= N_EMPTY:
            return None
        return (
            f"{len(self.holes)} circles must stay empty, but {N_PIECES} pieces put {N_PEGS} "
            f"pegs into {N_CIRCLES} circles, leaving exactly {N_EMPTY} empty"
        )

    def fits(self, placement: PegPlacement) -> bool:
        """True when the placement is on the board and none of its pegs is on a hole."""
        return placement.on_board and not set(placement.pegs) & set(self.holes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PegBoard) and other.holes == self.holes

    def __hash__(self) -> int:
        return hash(self.holes)

    def __repr__(self) -> str:
        return f"PegBoard({list(self.holes)})"


@dataclass(frozen=True)
class PegSolution:
    """A full or partial board: placements on a :class:`PegBoard`."""

    board: PegBoard
    placements: tuple[PegPlacement, ...]

    def __post_init__(self) -> None:
        checked_board(self.board)
        placements = check_items("placements", self.placements, "a list of PegPlacement")
        for pl in placements:
            check_type("a placement", pl, PegPlacement, "a PegPlacement")
        object.__setattr__(self, "placements", tuple(sorted(placements)))

    @cached_property
    def pegs(self) -> frozenset[int]:
        """The circles holding a peg."""
        return frozenset(c for pl in self.placements for c in pl.pegs)

    @property
    def empty(self) -> tuple[int, ...]:
        """The circles without a peg, ascending."""
        return tuple(c for c in range(N_CIRCLES) if c not in self.pegs)

    def problems(self) -> list[str]:
        """Everything wrong with this as a finished board (empty list when valid)."""
        found: list[str] = []
        pieces = sorted(pl.piece for pl in self.placements)
        if pieces != list(range(N_PIECES)):
            names = "".join(BASE_PIECES[i][0] for i in pieces)
            found.append(f"pieces used are {names!r}, not each of the 12 once")
        found += _overlaps((pl.cells for pl in self.placements), "cell")
        found += _overlaps((pl.pegs for pl in self.placements), "circle")
        found += [f"{pl} is off the board" for pl in self.placements if not pl.on_board]
        covered = {c for pl in self.placements for c in pl.cells}
        if covered != set(range(N_CELLS)):
            found.append(f"cells not covered: {sorted(set(range(N_CELLS)) - covered)}")
        pegged = sorted(set(self.board.holes) & self.pegs)
        if pegged:
            found.append(f"holes holding a peg: {pegged}")
        return found

    def is_valid(self) -> bool:
        """True when every piece is used once, the cells are tiled and no circle has two pegs."""
        return not self.problems()


def _overlaps(groups: Iterable[Sequence[int]], what: str) -> list[str]:
    seen: set[int] = set()
    twice: set[int] = set()
    for group in groups:
        for x in group:
            (twice if x in seen else seen).add(x)
    return [f"{what} {x} is covered twice" for x in sorted(twice)]
