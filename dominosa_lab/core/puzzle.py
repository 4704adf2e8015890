"""The Dominosa model: Puzzle, Placement, Solution and their validation.

Coordinates are ``(row, col)`` tuples, 0-based, row 0 at the top. A board is a
rectangle of numbers in which ``None`` marks a gap (a square that is not part
of the board), so irregular boards are rectangles with holes.
"""

from __future__ import annotations

import numbers
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import Any

from dominosa_lab.core.options import largest_set
from dominosa_lab.errors import ArgumentError, PuzzleError

__all__ = [
    "Cell",
    "Domino",
    "Placement",
    "Puzzle",
    "PuzzleLike",
    "Solution",
    "above_shape",
    "as_cell",
    "as_domino",
    "as_placement",
    "as_puzzle",
    "bone_pile",
    "check_cell_count",
    "is_int",
]

Cell = tuple[int, int]
Domino = tuple[int, int]


@lru_cache(maxsize=64)
def bone_pile(max_pip: int) -> tuple[Domino, ...]:
    """All dominoes ``(lo, hi)`` of the double-``max_pip`` set, in order 00, 01, ..., NN."""
    return tuple((lo, hi) for lo in range(max_pip + 1) for hi in range(lo, max_pip + 1))


@dataclass(frozen=True, order=True)
class Placement:
    """Two edge-adjacent cells covered by one domino, stored top-left first.

    Examples
    --------
    >>> pl = Placement((0, 1), (0, 0))
    >>> pl.cells, pl.horizontal
    (((0, 0), (0, 1)), True)
    """

    a: Cell
    b: Cell

    def __post_init__(self) -> None:
        a, b = as_cell(self.a), as_cell(self.b)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise PuzzleError(f"cells {a} and {b} are not edge-adjacent, so no domino covers them")
        if b < a:
            a, b = b, a
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """The two cells, top-left first."""
        return (self.a, self.b)

    @property
    def horizontal(self) -> bool:
        """True when both cells lie in one row."""
        return self.a[0] == self.b[0]

    @property
    def direction(self) -> int:
        """The R blog's direction: 0 horizontal, 1 vertical."""
        return 0 if self.horizontal else 1

    def __repr__(self) -> str:
        return f"Placement({self.a}, {self.b})"

    @classmethod
    def between(cls, a: Cell, b: Cell) -> Placement:
        """The placement of ``a`` and ``b``, taken as they are: two adjacent cells as tuples of
        ints, ``a`` first (a board's own lists, read by a solver); no checks, no copies.

        Examples
        --------
        >>> Placement.between((0, 0), (1, 0)) == Placement((1, 0), (0, 0))
        True
        """
        placement = object.__new__(cls)
        object.__setattr__(placement, "a", a)
        object.__setattr__(placement, "b", b)
        return placement


def as_cell(cell: Any) -> Cell:
    """``cell`` as a ``(row, col)`` pair of ints; :class:`PuzzleError` for anything else.

    Examples
    --------
    >>> as_cell([1, 2])
    (1, 2)
    >>> as_cell(5)
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.PuzzleError: a cell is a (row, col) pair, got 5
    """
    if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is int:
        return cell  # the common case, at C speed
    pair = _pair(cell)
    if pair is None:
        raise PuzzleError(f"a cell is a (row, col) pair, got {_short(cell)}")
    r, c = pair
    if not (is_int(r) and is_int(c)):
        raise PuzzleError(f"a cell is a (row, col) pair of integers, got {_short(cell)}")
    return (int(r), int(c))


def as_placement(placement: Any) -> Placement:
    """``placement`` if it is a :class:`Placement`, else the Placement of a pair of cells;
    :class:`PuzzleError` for anything else.

    Examples
    --------
    >>> as_placement([(0, 1), (0, 0)])
    Placement((0, 0), (0, 1))
    """
    if isinstance(placement, Placement):
        return placement
    pair = _pair(placement)
    if pair is None:
        raise PuzzleError(f"a placement is a Placement or a pair of cells, got "
                          f"{_short(placement)}")
    return Placement(*pair)


def as_domino(domino: Any, max_pip: int) -> Domino:
    """``domino`` as ``(lo, hi)`` of the double-``max_pip`` set; :class:`PuzzleError` else.

    Examples
    --------
    >>> as_domino((3, 1), 3)
    (1, 3)
    """
    pair = _pair(domino)
    if pair is None or not all(map(is_int, pair)):
        raise PuzzleError(f"a domino is a pair of numbers, got {_short(domino)}")
    lo, hi = sorted(map(int, pair))
    if not 0 <= lo <= hi <= max_pip:
        raise PuzzleError(f"domino {(lo, hi)} is not in the double-{max_pip} set")
    return (lo, hi)


def _pair(value: Any) -> tuple[Any, Any] | None:
    """The two items of a 2-sequence (not text, not a mapping), or None."""
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__len__"):
        return None
    try:
        if len(value) != 2:
            return None
        a, b = value
    except (TypeError, ValueError):
        return None
    return a, b


def _short(value: Any) -> str:
    """``repr(value)``, cut to 60 characters for a message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def is_int(x: Any) -> bool:
    """True for an integer (Python or numpy), False for bools and everything else."""
    return type(x) is int or (isinstance(x, numbers.Integral) and not isinstance(x, bool))


class Puzzle:
    """An immutable Dominosa board: rows of numbers 0..N, ``None`` for gaps.

    Parameters
    ----------
    rows : sequence of sequences of int or None
        The numbers row by row; every row has the same length.
    max_pip : int, optional
        N, the highest number of the double-N set; inferred as the largest number.
    name : str, optional
        What the board is called (a catalogue name, or how it was made).

    Raises
    ------
    PuzzleError
        If the rows are ragged, hold something other than integers, hold a
        number outside 0..N, or cannot be covered by the complete double-N set
        (odd or wrong cell count, or numbers over or under their N+2 copies).

    Examples
    --------
    >>> p = Puzzle([[3, 2, 2, 1, 1], [0, 3, 0, 2, 2], [0, 3, 2, 1, 3], [1, 0, 1, 0, 3]])
    >>> p.shape, p.max_pip, len(p.dominoes)
    ((4, 5), 3, 10)
    >>> p.domino_of(Placement((0, 0), (0, 1)))
    (2, 3)
    """

    __slots__ = ("_cells", "_dominoes", "_hash", "_index", "_max_pip", "_rows", "name")

    def __init__(
        self,
        rows: Iterable[Sequence[int | None]],
        *,
        max_pip: int | None = None,
        name: str | None = None,
    ) -> None:
        self._rows = _validated_rows(rows)
        n_cells = sum(len(row) - row.count(None) for row in self._rows)
        _check_even(n_cells)  # before the numbers' scan: a long odd row is refused at once
        self._max_pip = _validated_max_pip(self._rows, max_pip)
        check_cell_count(n_cells, self._max_pip)
        self._cells, self._index = _layout(len(self._rows), len(self._rows[0]), _gaps(self._rows))
        _check_balance(self._rows, self._max_pip)
        self._dominoes = bone_pile(self._max_pip)
        self._hash = hash((self._rows, self._max_pip))
        self.name = name

    # --- the model ----------------------------------------------------------------------

    @property
    def rows(self) -> tuple[tuple[int | None, ...], ...]:
        """The numbers row by row, ``None`` for gaps."""
        return self._rows

    @property
    def shape(self) -> tuple[int, int]:
        """``(n_rows, n_cols)`` of the enclosing rectangle."""
        return (len(self._rows), len(self._rows[0]))

    @property
    def max_pip(self) -> int:
        """N, the highest number of the double-N set."""
        return self._max_pip

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The board's cells (gaps excluded) in row-major order."""
        return self._cells

    @property
    def has_gaps(self) -> bool:
        """True for an irregular board."""
        return len(self._cells) != self.shape[0] * self.shape[1]

    @property
    def dominoes(self) -> tuple[Domino, ...]:
        """The bone pile: every ``(lo, hi)`` with ``0 <= lo <= hi <= N``, in order."""
        return self._dominoes

    def value(self, cell: Cell) -> int:
        """The number on ``cell``; :class:`PuzzleError` if the cell is off the board or a gap."""
        try:  # the common case first, as fast as a lookup can be
            r, c = cell
            v = self._rows[r][c] if r >= 0 and c >= 0 else None
        except (TypeError, ValueError, IndexError):
            r, c = as_cell(cell)  # a malformed cell is refused here; else it is off the board
            v = None
        if v is None:
            raise PuzzleError(f"cell {(r, c)} is not on the board")
        return v

    def index(self, cell: Cell) -> int:
        """The position of ``cell`` in :attr:`cells`."""
        try:
            return self._index[cell]
        except (KeyError, TypeError):
            cell = as_cell(cell)
        try:
            return self._index[cell]
        except KeyError:
            raise PuzzleError(f"cell {cell} is not on the board") from None

    def placements(self) -> tuple[Placement, ...]:
        """Every pair of adjacent cells, row-major by first cell, horizontal before vertical."""
        return _adjacent_pairs(self._cells)

    def domino_of(self, placement: Placement) -> Domino:
        """The domino ``(lo, hi)`` that would lie on ``placement``."""
        if type(placement) is not Placement:
            placement = as_placement(placement)
        x, y = self.value(placement.a), self.value(placement.b)
        return (x, y) if x <= y else (y, x)

    def candidates(self) -> dict[Domino, list[Placement]]:
        """Every domino with the list of placements whose numbers match it."""
        out: dict[Domino, list[Placement]] = {d: [] for d in self.dominoes}
        for pl in self.placements():
            out[self.domino_of(pl)].append(pl)
        return out

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The board cells edge-adjacent to ``cell`` (up, left, right, down)."""
        r, c = as_cell(cell)
        around = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
        return [x for x in around if x in self._index]

    # --- value semantics ------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self._rows == other._rows and self._max_pip == other._max_pip

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Callable[..., Puzzle], tuple]:
        return (_unpickled, (self._rows, self._max_pip, self.name))

    def __setattr__(self, key: str, value: Any) -> None:
        if key != "name" and hasattr(self, "_hash"):
            raise AttributeError("Puzzle is immutable")
        object.__setattr__(self, key, value)

    def __repr__(self) -> str:
        label = f"{self.name!r}, " if self.name else ""
        return f"Puzzle({label}N={self._max_pip}, shape={self.shape})"

    def __str__(self) -> str:
        """The board as text: numbers right-aligned, ``.`` for gaps (the text format)."""
        width = len(str(self._max_pip))
        return "\n".join(
            " ".join(("." if v is None else str(v)).rjust(width) for v in row) for row in self._rows
        ) + "\n"


def _unpickled(rows: tuple[tuple[int | None, ...], ...], max_pip: int, name: str | None
               ) -> Puzzle:
    """A pickled :class:`Puzzle` again (pickle passes arguments by position)."""
    return Puzzle(rows, max_pip=max_pip, name=name)


@lru_cache(maxsize=32)
def _adjacent_pairs(cells: tuple[Cell, ...]) -> tuple[Placement, ...]:
    """The placements of a board's shape (made once per shape: every numbering shares them)."""
    index = set(cells)
    out = []
    for r, c in cells:
        if (r, c + 1) in index:
            out.append(Placement((r, c), (r, c + 1)))
        if (r + 1, c) in index:
            out.append(Placement((r, c), (r + 1, c)))
    return tuple(out)


def _validated_rows(rows: Iterable[Sequence[Any]]) -> tuple[tuple[int | None, ...], ...]:
    if isinstance(rows, (str, bytes)):
        raise PuzzleError(
            "rows must be a sequence of rows of numbers; for text use dominosa_lab.parse")
    try:
        rows = [tuple(row) for row in rows]
    except TypeError:
        raise PuzzleError("rows must be a sequence of rows of numbers (or None for gaps)") from None
    if not rows or not rows[0]:
        raise PuzzleError("the board is empty")
    width = len(rows[0])
    out = []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise PuzzleError(f"ragged rows: row {r} has {len(row)} entries, row 0 has {width}")
        # the common case checked at C speed: Python ints only, none negative
        plain = set(map(type, row)) == {int} and min(row) >= 0
        out.append(row if plain else _validated_row(r, row))
    return tuple(out)


def _validated_row(r: int, row: tuple[Any, ...]) -> tuple[int | None, ...]:
    for c, v in enumerate(row):
        if v is not None and not is_int(v):
            raise PuzzleError(f"row {r}, column {c}: {v!r} is not an integer (None marks a gap)")
        if v is not None and v < 0:
            raise PuzzleError(f"row {r}, column {c}: {v} is negative")
    return tuple(None if v is None else int(v) for v in row)


def _gaps(rows: tuple[tuple[int | None, ...], ...]) -> tuple[Cell, ...]:
    """The gaps of validated rows, in reading order."""
    return tuple((r, c) for r, row in enumerate(rows) if None in row
                 for c, v in enumerate(row) if v is None)


@lru_cache(maxsize=64)
def _layout(n_rows: int, n_cols: int, gaps: tuple[Cell, ...]) -> tuple[tuple[Cell, ...],
                                                                      dict[Cell, int]]:
    """A board shape's cells in reading order and the position of each (shared by every
    numbering of the shape; the dict is never changed)."""
    holes = set(gaps)
    cells = tuple((r, c) for r in range(n_rows) for c in range(n_cols) if (r, c) not in holes)
    return cells, {cell: i for i, cell in enumerate(cells)}


def _validated_max_pip(rows: tuple[tuple[int | None, ...], ...], max_pip: int | None) -> int:
    values = [v for v in chain.from_iterable(rows) if v is not None]
    if not values:
        raise PuzzleError("the board has no cells (every entry is a gap)")
    if max_pip is None:
        found = above_shape(rows, values)
        if found is not None:
            r, c, message = found
            raise PuzzleError(f"row {r}, column {c}: {message}")
        return max(values)
    if not is_int(max_pip) or max_pip < 0:
        raise PuzzleError(f"max_pip must be a non-negative integer, got {max_pip!r}")
    if max(values) > max_pip:  # found at C speed, then placed
        r, c, v = next((r, c, v) for r, row in enumerate(rows) for c, v in enumerate(row)
                       if v is not None and v > max_pip)
        raise PuzzleError(f"row {r}, column {c}: {v} exceeds max_pip {max_pip}")
    return int(max_pip)


def above_shape(rows: Sequence[Sequence[int | None]],
                values: list[int] | None = None) -> tuple[int, int, str] | None:
    """``(row, column, why)`` of the first number above the largest N that the board's number
    of squares allows (a double-N set covers (N+1)(N+2) squares), or None if there is none or
    the number of squares is odd.

    ``values`` are the rows' numbers in reading order, when the caller has them already.

    Examples
    --------
    >>> above_shape([[0, 0, 1], [1, 4, 0]])
    (1, 1, '4 is above 1, the largest number on a board of 6 squares (a double-1 set)')
    """
    if values is None:
        values = [v for v in chain.from_iterable(rows) if v is not None]
    bound = largest_set(len(values))
    if len(values) % 2 or max(values, default=0) <= bound:
        return None  # an odd number of squares is the first thing wrong
    r, c, v = next((r, c, v) for r, row in enumerate(rows) for c, v in enumerate(row)
                   if v is not None and v > bound)
    return r, c, (f"{v} is above {bound}, the largest number on a board of {len(values)} "
                  f"squares (a double-{bound} set)")


#: What every entry point takes as a puzzle: a :class:`Puzzle` or its rows of numbers.
PuzzleLike = Puzzle | Sequence[Sequence[int | None]]


def as_puzzle(puzzle: PuzzleLike) -> Puzzle:
    """``puzzle`` itself if it is a :class:`Puzzle`, else the Puzzle of its rows.

    Examples
    --------
    >>> as_puzzle([[0, 0, 1], [1, 1, 0]]).shape
    (2, 3)
    >>> as_puzzle("3:0211")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: puzzle must be a Puzzle or rows of numbers, got str; \
for text use dominosa_lab.parse, for a Tatham id dominosa_lab.from_tatham
    """
    if isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, (str, bytes)):
        raise ArgumentError(f"puzzle must be a Puzzle or rows of numbers, got "
                            f"{type(puzzle).__name__}; for text use dominosa_lab.parse, "
                            f"for a Tatham id dominosa_lab.from_tatham")
    return Puzzle(puzzle)


def _check_even(n_cells: int) -> None:
    """Refuse a board whose cell count is odd."""
    if n_cells % 2:
        raise PuzzleError(f"the board has {n_cells:,} cells, an odd number; dominoes cover pairs")


def check_cell_count(n_cells: int, n: int) -> None:
    """Refuse a board whose cell count is odd or not the ``(n+1)(n+2)`` a double-n set covers."""
    _check_even(n_cells)
    need = (n + 1) * (n + 2)
    if n_cells != need:
        raise PuzzleError(
            f"a double-{n} set covers {need:,} cells ({need // 2:,} dominoes), "
            f"the board has {n_cells:,}"
        )


def _check_balance(rows: tuple[tuple[int | None, ...], ...], n: int) -> None:
    counts = Counter(chain.from_iterable(rows))
    wrong = [
        f"{k} occurs {counts[k]} times ({abs(counts[k] - (n + 2))} too "
        f"{'many' if counts[k] > n + 2 else 'few'})"
        for k in range(n + 1)
        if counts[k] != n + 2
    ]
    if wrong:
        raise PuzzleError(
            f"number balance: a double-{n} set has each number {n + 2} times; " + ", ".join(wrong)
        )


#: A Placement's own order (``order=True``: by ``a``, then ``b``), compared without calling its
#: Python ``__lt__`` (sorting a solution is on every method's path).
_PLACEMENT_ORDER = attrgetter("a", "b")


@dataclass(frozen=True)
class Solution:
    """A set of placements on a puzzle (complete or partial).

    Examples
    --------
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> s = Solution(p, [Placement((0, 0), (0, 1)), Placement((1, 0), (1, 1)),
    ...                  Placement((0, 2), (1, 2))])
    >>> s.is_valid(p)
    True
    """

    puzzle: Puzzle
    placements: tuple[Placement, ...]

    def __init__(self, puzzle: Puzzle, placements: Iterable[Placement]) -> None:
        if isinstance(placements, (str, bytes, dict)) or not hasattr(placements, "__iter__"):
            raise PuzzleError(f"a solution's placements are a list of placements, got "
                              f"{_short(placements)}")
        placements = tuple(placements)
        if not set(map(type, placements)) <= {Placement}:  # checked at C speed
            placements = tuple(map(as_placement, placements))
        object.__setattr__(self, "puzzle", as_puzzle(puzzle))
        object.__setattr__(self, "placements", tuple(sorted(placements, key=_PLACEMENT_ORDER)))

    def problems(self, puzzle: Puzzle | None = None) -> list[str]:
        """Why this is not a complete solution of ``puzzle`` (empty list if it is)."""
        puzzle = self.puzzle if puzzle is None else puzzle
        out: list[str] = []
        seen_cells: dict[Cell, Placement] = {}
        seen_dominoes: dict[Domino, Placement] = {}
        for pl in self.placements:
            try:
                dom = puzzle.domino_of(pl)
            except PuzzleError as err:
                out.append(f"{pl}: {err}")
                continue
            for cell in pl.cells:
                if cell in seen_cells:
                    out.append(f"cell {cell} is covered by {seen_cells[cell]} and {pl}")
                seen_cells[cell] = pl
            if dom in seen_dominoes:
                out.append(f"domino {dom} is used at {seen_dominoes[dom]} and {pl}")
            seen_dominoes[dom] = pl
        uncovered = [c for c in puzzle.cells if c not in seen_cells]
        if uncovered:
            out.append(f"{len(uncovered)} cells uncovered, first {uncovered[0]}")
        return out

    def is_valid(self, puzzle: Puzzle | None = None) -> bool:
        """True when every cell is covered once and every domino is used once."""
        return not self.problems(puzzle)

    def dominoes(self) -> dict[Domino, Placement]:
        """``{domino: placement}`` for the placed dominoes."""
        return {self.puzzle.domino_of(pl): pl for pl in self.placements}

    def __len__(self) -> int:
        return len(self.placements)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def __repr__(self) -> str:
        return f"Solution({len(self.placements)} placements on {self.puzzle!r})"
