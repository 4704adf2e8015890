"""A puzzle's squares, placements and dominoes as small integers and bit masks.

The deductions work on integers: square ``i`` is the ``i``-th cell of
:attr:`Puzzle.cells` (reading order), placement ``p`` is an index into
:attr:`Geometry.placements`, domino ``d`` an index into :attr:`Geometry.dominoes`.
A set of placements is a Python ``int`` used as a bit set (bit ``p`` for
placement ``p``), so that ruling out, testing and copying a set cost one
machine-word operation per 30 placements.

The orders follow Simon Tatham's solver, because its deduction counts depend on
them: placements are all vertical pairs in reading order, then all horizontal
pairs; dominoes are ``0-0, 0-1, 1-1, 0-2, 1-2, 2-2, ...`` (index
``hi * (hi + 1) / 2 + lo``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from dominosa_lab.core.puzzle import Cell, Domino, Placement, Puzzle

__all__ = ["Geometry", "bits", "domino_index", "geometry", "shape", "union"]


def domino_index(lo: int, hi: int) -> int:
    """The index of domino ``{lo, hi}`` in Tatham's order (``0-0, 0-1, 1-1, 0-2, ...``)."""
    if lo > hi:
        lo, hi = hi, lo
    return hi * (hi + 1) // 2 + lo


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first.

    Examples
    --------
    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Geometry:
    """The fixed tables of one puzzle that every deduction reads (built once, shared).

    Attributes
    ----------
    puzzle : Puzzle
    cells : tuple of Cell
        Square ``i`` is ``cells[i]`` (reading order).
    values : tuple of int
        The number on each square.
    pairs : tuple of (int, int)
        The two squares of each placement, vertical pairs first.
    placements : tuple of Placement
    domino_of : tuple of int
        The domino each placement would hold.
    dominoes : tuple of Domino
        ``(lo, hi)`` of each domino index.
    cell_mask, domino_mask, overlap_mask : tuple of int
        The placements covering a square, holding a domino, sharing a square with a placement.
    number_cells : tuple of tuple of int
        The squares of each number, in reading order.
    number_mask : tuple of int
        The placements touching a square of each number.
    colour : tuple of int
        0 or 1 by chessboard colour of each square.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> g = Geometry(Puzzle([[0, 0, 1], [1, 1, 0]]))
    >>> g.placements[0], g.dominoes[g.domino_of[0]]
    (Placement((0, 0), (1, 0)), (0, 1))
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        layout = shape(puzzle.cells)
        self.cells: tuple[Cell, ...] = puzzle.cells
        self.cell_index: dict[Cell, int] = layout.cell_index
        self.pairs = layout.pairs
        self.placements = layout.placements
        self.placement_index = layout.placement_index
        self.full = layout.full
        self.cell_mask = layout.cell_mask
        self.overlap_mask = layout.overlap_mask
        self.colour = layout.colour
        #: Tables a deduction derives from the shape alone, once per shape.
        self.shape_tables = layout.tables
        self.values = tuple(puzzle.value(cell) for cell in self.cells)
        n = puzzle.max_pip
        self.dominoes: tuple[Domino, ...] = tuple(
            (lo, hi) for hi in range(n + 1) for lo in range(hi + 1))
        self.domino_of = tuple(domino_index(self.values[a], self.values[b]) for a, b in self.pairs)
        self.domino_mask = _masks(len(self.dominoes), ((d,) for d in self.domino_of))
        self.number_cells = tuple(map(tuple, _masks(n + 1, ((v,) for v in self.values), list)))
        self.number_mask = tuple(self.squares_mask(squares) for squares in self.number_cells)

    @property
    def n_dominoes(self) -> int:
        """How many dominoes the set has."""
        return len(self.dominoes)

    def other(self, p: int, square: int) -> int:
        """The square of placement ``p`` that is not ``square``."""
        a, b = self.pairs[p]
        return b if a == square else a

    def placement_of(self, placement: Placement) -> int:
        """The index of a :class:`Placement`; KeyError if it is not on the board."""
        return self.placement_index[placement]

    def mask_of(self, placements: Iterable[Placement]) -> int:
        """The bit set of some :class:`Placement` objects."""
        return union(1 << self.placement_index[pl] for pl in placements)

    def squares_mask(self, squares: Iterable[int]) -> int:
        """The bit set of every placement that covers one of ``squares`` (square indices)."""
        return union(self.cell_mask[s] for s in squares)

    def placements_in(self, mask: int) -> tuple[Placement, ...]:
        """The :class:`Placement` objects of a bit set, in index order."""
        return tuple(self.placements[p] for p in bits(mask))

    def __repr__(self) -> str:
        return f"Geometry({self.puzzle!r}, {len(self.pairs)} placements)"


class _Shape:
    """What a geometry takes from the board's shape alone (shared by every numbering)."""

    def __init__(self, cells: tuple[Cell, ...]) -> None:
        index = self.cell_index = {cell: i for i, cell in enumerate(cells)}
        vertical = [(i, index[(r + 1, c)]) for i, (r, c) in enumerate(cells) if (r + 1, c) in index]
        horizontal = [(i, index[(r, c + 1)]) for i, (r, c) in enumerate(cells)
                      if (r, c + 1) in index]
        self.pairs = tuple(vertical + horizontal)
        self.placements = tuple(Placement(cells[a], cells[b]) for a, b in self.pairs)
        self.placement_index = {pl: p for p, pl in enumerate(self.placements)}
        self.full = (1 << len(self.pairs)) - 1
        self.cell_mask = _masks(len(cells), self.pairs)
        self.overlap_mask = tuple((self.cell_mask[a] | self.cell_mask[b]) & ~(1 << p)
                                  for p, (a, b) in enumerate(self.pairs))
        self.colour = tuple((r + c) % 2 for r, c in cells)
        self.tables: dict = {}


@lru_cache(maxsize=16)
def shape(cells: tuple[Cell, ...]) -> _Shape:
    """What every numbering of a board's shape shares: its placements and their bit sets
    (cached per shape; ``tables`` holds what other modules derive from it)."""
    return _Shape(cells)



def _masks(size: int, owners, collect=None) -> tuple:
    """Per owner, the bit set of the items listing it (``owners[i]``: item i's owners), or
    with ``collect=list`` the list of those items."""
    if collect is list:
        lists: list[list[int]] = [[] for _ in range(size)]
        for i, mine in enumerate(owners):
            for owner in mine:
                lists[owner].append(i)
        return tuple(lists)
    masks = [0] * size
    for i, mine in enumerate(owners):
        for owner in mine:
            masks[owner] |= 1 << i
    return tuple(masks)


def union(masks: Iterable[int]) -> int:
    """The union of some bit sets."""
    out = 0
    for mask in masks:
        out |= mask
    return out


@lru_cache(maxsize=64)
def geometry(puzzle: Puzzle) -> Geometry:
    """The (cached) :class:`Geometry` of ``puzzle``."""
    return Geometry(puzzle)
