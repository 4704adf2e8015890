"""The board model in Tatham's view: what the deductions read, as small integers and bit sets.

The deductions work on integers: square ``i`` is the ``i``-th cell of
:attr:`Puzzle.cells` (reading order), placement ``p`` is an index into
:attr:`Geometry.placements`, domino ``d`` an index into :attr:`Geometry.dominoes`.
A set of placements is a Python ``int`` used as a bit set (bit ``p`` for
placement ``p``), so that ruling out, testing and copying a set cost one
machine-word operation per 30 placements.

Everything is taken from the puzzle's :class:`~dominosa_lab.core.board.BoardModel`
in its ``tatham`` view, because Simon Tatham's deduction counts depend on his
orders: placements are all vertical pairs in reading order, then all horizontal
pairs; dominoes are ``0-0, 0-1, 1-1, 0-2, 1-2, 2-2, ...`` (index
``hi * (hi + 1) / 2 + lo``). The bit sets are built on first use, and the
placements overlapping a placement are read through its two squares
(:attr:`Geometry.overlap_mask` computes them when asked), so that no table grows
with the square of the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cached_property, lru_cache

import numpy as np

from dominosa_lab.core.bitset import bits
from dominosa_lab.core.board import bit_sets, board_model, inverse, layout, tatham_domino
from dominosa_lab.core.graph import csr
from dominosa_lab.core.puzzle import Cell, Domino, Placement, Puzzle

__all__ = ["KEEP_OVERLAPS_MAX", "KEEP_SQUARE_SETS_MAX", "Geometry", "Overlaps", "TathamShape",
           "bits", "domino_index", "geometry", "shape", "union"]

#: A shape's square bit sets are kept up to this many placements (once per shape, not per
#: numbering): at N = 100 (20,401 placements) they take 21 MB, and a basic N = 100 puzzle of
#: :func:`~dominosa_lab.boards.unique_puzzle` takes a fifth less time. Beyond, they are built
#: when read.
KEEP_SQUARE_SETS_MAX = 25_000

#: A shape's overlap bit sets are kept up to this many placements (N = 48 has 4,801): they grow
#: with the square of the board (3 MB at this size), and at N = 20 reading a kept one makes the
#: capped ladder about 3% faster.
KEEP_OVERLAPS_MAX = 5_000

#: The index of domino ``{lo, hi}`` in Tatham's order (``0-0, 0-1, 1-1, 0-2, ...``).
domino_index = tatham_domino


def union(masks: Iterable[int]) -> int:
    """The union of some bit sets."""
    out = 0
    for mask in masks:
        out |= mask
    return out


class Overlaps(Sequence):
    """Per placement, the bit set of the other placements sharing a square with it, computed
    from the squares' bit sets when asked (a stored table would grow with the square of the
    board)."""

    def __init__(self, pairs: tuple[tuple[int, int], ...], cell_mask: Sequence[int]) -> None:
        self.pairs, self.cell_mask = pairs, cell_mask

    def __len__(self) -> int:
        return len(self.pairs)

    def __getitem__(self, p: int) -> int:  # type: ignore[override]
        a, b = self.pairs[p]
        return (self.cell_mask[a] | self.cell_mask[b]) & ~(1 << p)

    def __iter__(self) -> Iterator[int]:
        return (self[p] for p in range(len(self.pairs)))


class TathamShape:
    """What every numbering of one board shape shares, in Tatham's placement order.

    Attributes
    ----------
    cells, cell_index, colour
        The squares in reading order, the index of each cell, its chessboard colour (0 or 1).
    pairs, placements, placement_index, full
        The two squares of each placement, its :class:`Placement`, the index of each
        Placement, the bit set of all placements.
    cell_mask, overlap_mask
        The placements covering a square, sharing a square with a placement (built on use).
    covering, near
        The placements covering a square; those covering a square of a placement or a square
        next to one (built on use).
    tables : dict
        What other modules derive from the shape alone, once per shape.
    """

    def __init__(self, cells: tuple[Cell, ...]) -> None:
        lay = layout(cells)
        self.order = lay.orders["tatham"]
        self.cells = cells
        self.cell_index = lay.cell_index
        self.pairs: tuple[tuple[int, int], ...] = tuple(map(tuple, lay.pairs[self.order].tolist()))
        self.placements: tuple[Placement, ...] = tuple(lay.placements[p] for p in self.order)
        self.full = (1 << len(self.pairs)) - 1
        self.colour = tuple(lay.colour.tolist())
        self.tables: dict = {}
        self._squares = (lay.square_starts, inverse(self.order)[lay.square_placements])

    @cached_property
    def placement_index(self) -> dict[Placement, int]:
        """The index of each :class:`Placement`."""
        return {pl: p for p, pl in enumerate(self.placements)}

    @cached_property
    def cell_mask(self) -> Sequence[int]:
        """Per square, the bit set of its placements (kept up to :data:`KEEP_SQUARE_SETS_MAX`
        placements, else built when read)."""
        sets = bit_sets(*self._squares)
        return tuple(sets) if len(self.pairs) <= KEEP_SQUARE_SETS_MAX else sets

    @cached_property
    def overlap_mask(self) -> Sequence[int]:
        """Per placement, the bit set of the placements sharing a square with it (kept up to
        :data:`KEEP_OVERLAPS_MAX` placements, else built when read)."""
        overlaps = Overlaps(self.pairs, self.cell_mask)
        return tuple(overlaps) if len(self.pairs) <= KEEP_OVERLAPS_MAX else overlaps

    @cached_property
    def covering(self) -> tuple[tuple[int, ...], ...]:
        """Per square, the placements covering it."""
        starts, members = (part.tolist() for part in self._squares)
        return tuple(tuple(members[starts[s]:starts[s + 1]]) for s in range(len(self.cells)))

    @cached_property
    def near(self) -> tuple[tuple[int, ...], ...]:
        """Per placement, the placements covering one of its squares or a square next to one."""
        covering, pairs = self.covering, self.pairs
        around = [{t for q in covering[s] for t in pairs[q]} for s in range(len(self.cells))]
        return tuple(tuple(sorted({q for t in around[a] | around[b] for q in covering[t]}))
                     for a, b in pairs)


@lru_cache(maxsize=16)
def shape(cells: tuple[Cell, ...]) -> TathamShape:
    """The (cached) :class:`TathamShape` of a board shape given by its cells."""
    return TathamShape(cells)


class Geometry:
    """The fixed tables of one puzzle that every deduction reads (built once, shared).

    Attributes
    ----------
    puzzle : Puzzle
    model : BoardModel
        The board model these tables are a view of.
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
    cell_mask, domino_mask, overlap_mask : sequences of int
        The placements covering a square, holding a domino, sharing a square with a placement.
    covering, near, domino_placements : tuples of tuples of int
        The same as placement indices: covering a square; covering a square of a placement or
        one next to it (see :class:`TathamShape`); holding a domino.
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
        self.model = board_model(puzzle)
        tatham = shape(puzzle.cells)
        self.cells: tuple[Cell, ...] = puzzle.cells
        self.cell_index: dict[Cell, int] = tatham.cell_index
        self.pairs = tatham.pairs
        self.placements = tatham.placements
        self.full = tatham.full
        self.colour = tatham.colour
        #: Tables a deduction derives from the shape alone, once per shape.
        self.shape_tables = tatham.tables
        self._shape = tatham
        self.values = tuple(self.model.values.tolist())
        view = self.model.view("tatham")
        self.dominoes: tuple[Domino, ...] = tuple(self.model.dominoes[d]
                                                  for d in view.domino_order)
        self._domino_of = view.domino_rank[self.model.placement_domino[view.order]]
        self.domino_of = tuple(self._domino_of.tolist())
        self.number_cells = tuple(tuple(np.flatnonzero(self.model.values == v).tolist())
                                  for v in range(puzzle.max_pip + 1))

    @cached_property
    def placement_index(self) -> dict[Placement, int]:
        """The index of each :class:`Placement`."""
        return self._shape.placement_index

    @cached_property
    def cell_mask(self) -> Sequence[int]:
        """Per square, the bit set of the placements covering it."""
        return self._shape.cell_mask

    @cached_property
    def overlap_mask(self) -> Sequence[int]:
        """Per placement, the bit set of the other placements sharing a square with it."""
        return self._shape.overlap_mask

    @cached_property
    def domino_mask(self) -> Sequence[int]:
        """Per domino, the bit set of the placements that would hold it."""
        return bit_sets(*csr(self._domino_of, self.n_dominoes))

    @cached_property
    def covering(self) -> tuple[tuple[int, ...], ...]:
        """Per square, the placements covering it."""
        return self._shape.covering

    @cached_property
    def near(self) -> tuple[tuple[int, ...], ...]:
        """Per placement, the placements covering one of its squares or a square next to one."""
        return self._shape.near

    @cached_property
    def domino_placements(self) -> tuple[tuple[int, ...], ...]:
        """Per domino, the placements that would hold it."""
        starts, members = (part.tolist() for part in csr(self._domino_of, self.n_dominoes))
        return tuple(tuple(members[starts[d]:starts[d + 1]]) for d in range(self.n_dominoes))

    @cached_property
    def number_mask(self) -> tuple[int, ...]:
        """Per number, the bit set of the placements touching a square of it."""
        return tuple(self.squares_mask(squares) for squares in self.number_cells)

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


@lru_cache(maxsize=64)
def geometry(puzzle: Puzzle) -> Geometry:
    """The (cached) :class:`Geometry` of ``puzzle``: its board model in Tatham's view."""
    return Geometry(puzzle)
