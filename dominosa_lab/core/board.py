"""THE board model: one puzzle's squares, placements and dominoes as small integers and arrays.

Every reader of a board (the deductions, the seed solvers, dancing links, the
compiled engine, the drawings) takes its numbers from here, built once per
:class:`~dominosa_lab.core.puzzle.Puzzle` and cached (:func:`board_model`):

* **square** ``s`` is the ``s``-th cell of :attr:`Puzzle.cells` (reading order);
* **placement** ``p`` is the ``p``-th of :meth:`Puzzle.placements`: by first square
  in reading order, the horizontal placement before the vertical one (the
  canonical order);
* **domino** ``d`` is the ``d``-th of :attr:`Puzzle.dominoes` (``00, 01, ..., 0N,
  11, ...``, the canonical numbering).

The tables are flat numpy arrays whose length is linear in the board: each
placement's two squares and its domino, and per square and per domino its
placements as CSR pairs (``starts``, ``members``: the placements of square ``s``
are ``square_placements[square_starts[s]:square_starts[s + 1]]``, ascending). Two
placements overlap exactly when they share a square, so a placement's neighbours
are read through its two squares (:meth:`BoardModel.neighbours`) and no table of
placement pairs is ever built. The same sets as Python ``int`` bit sets (bit
``p`` for placement ``p``), which the deductions read, are made on first use and,
on boards of more than :data:`KEEP_BITS_MAX` placements, built each time they are
read rather than kept (kept, they would grow as squares x placements).

Some published counts depend on the order in which a method meets the
placements or numbers the dominoes. These orders are the named *views*
(:data:`VIEWS`), each a permutation of the canonical placements and dominoes:
``view.order[i]`` is the canonical index of the view's ``i``-th placement and
``view.rank`` the inverse. :meth:`BoardModel.exact_cover` builds the exact-cover
problem (one primary item per square, then one per domino; one option per
placement) in any view.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
from numpy.typing import ArrayLike

from dominosa_lab.core.exact_cover import CoverArrays, ExactCover
from dominosa_lab.core.graph import csr
from dominosa_lab.core.options import check_choice
from dominosa_lab.core.puzzle import Cell, Domino, Placement, Puzzle, bone_pile

__all__ = [
    "KEEP_BITS_MAX",
    "VIEWS",
    "BitSets",
    "BoardModel",
    "BoardView",
    "Layout",
    "bit_sets",
    "board_model",
    "domino_number",
    "inverse",
    "layout",
    "read_only",
    "shared_view",
    "square_values",
    "tatham_domino",
]

#: The named orders of placements and dominoes, each a permutation of the canonical ones.
VIEWS: dict[str, str] = {
    "rowscan": "the R blog's scan: placements by first square in reading order, horizontal first",
    "dlx": "the TCG homework's matrix: placements as rowscan, dominoes 00, 01, ..., NN",
    "tatham": "Simon Tatham's solver: every vertical placement in reading order, then every "
              "horizontal one; dominoes 00, 01, 11, 02, 12, 22, ...",
}


def tatham_domino(lo: int, hi: int) -> int:
    """The index of domino ``{lo, hi}`` in Tatham's numbering (``00, 01, 11, 02, ...``).

    Examples
    --------
    >>> tatham_domino(0, 2), tatham_domino(2, 1)
    (3, 4)
    """
    if lo > hi:
        lo, hi = hi, lo
    return hi * (hi + 1) // 2 + lo


#: Bit sets over more placements than this are built when read, not kept: kept, they take
#: about squares x placements / 16 bytes (23 MB at N = 100, 340 MB at N = 200), and reading
#: one costs time proportional to its length anyway. Below it reading a kept set is about
#: 1.7 times faster for the deductions (``benchmarks/bench_board.py``).
KEEP_BITS_MAX = 20_000


class BitSets(Sequence):
    """CSR groups read as Python ``int`` bit sets (bit ``m`` for member ``m``), each built
    when read from its members (the memory stays linear in the number of members)."""

    def __init__(self, starts: np.ndarray, members: np.ndarray) -> None:
        bounds, flat = starts.tolist(), members.tolist()
        self.groups = [flat[bounds[k]:bounds[k + 1]] for k in range(len(bounds) - 1)]

    def __len__(self) -> int:
        return len(self.groups)

    def __getitem__(self, k: int) -> int:  # type: ignore[override]
        mask = 0
        for m in self.groups[k]:
            mask |= 1 << m
        return mask

    def __iter__(self) -> Iterator[int]:
        return map(self.__getitem__, range(len(self.groups)))


def bit_sets(starts: np.ndarray, members: np.ndarray) -> Sequence[int]:
    """Each CSR group as a Python ``int`` bit set: a tuple when the members number at most
    :data:`KEEP_BITS_MAX`, else a :class:`BitSets` that builds each set when read.

    Examples
    --------
    >>> bit_sets(np.array([0, 2, 3]), np.array([0, 4, 1]))
    (17, 2)
    >>> list(bit_sets(np.array([0, 1]), np.array([KEEP_BITS_MAX]))) == [1 << KEEP_BITS_MAX]
    True
    """
    lazy = BitSets(starts, members)
    if members.size and int(members.max()) >= KEEP_BITS_MAX:
        return lazy
    return tuple(lazy)


@dataclass(frozen=True, eq=False)
class BoardView:
    """One named order of a board: placements and dominoes as permutations of the canonical.

    Attributes
    ----------
    name : str
        A key of :data:`VIEWS`.
    order, rank : numpy arrays of int
        ``order[i]``: the canonical placement at the view's position ``i``; ``rank``
        the inverse permutation.
    domino_order, domino_rank : numpy arrays of int
        The same for the dominoes.
    pairs : numpy array of int, shape (P, 2)
        The two squares of each placement, in the view's order.
    """

    name: str
    order: np.ndarray
    rank: np.ndarray
    domino_order: np.ndarray
    domino_rank: np.ndarray
    pairs: np.ndarray


class Layout:
    """What every numbering of one board shape shares: squares, placements, their incidence.

    Built once per shape (:func:`layout`). ``pairs[p]`` are the two squares of
    placement ``p`` (canonical order), the first one above or left of the second;
    ``horizontal[p]`` its direction; ``square_starts``/``square_placements`` the
    placements of each square (CSR).

    Examples
    --------
    >>> lay = layout(((0, 0), (0, 1), (1, 0), (1, 1)))
    >>> lay.pairs.tolist(), lay.horizontal.tolist()
    ([[0, 1], [0, 2], [1, 3], [2, 3]], [True, False, False, True])
    """

    def __init__(self, cells: tuple[Cell, ...]) -> None:
        self.cells = cells
        rows = np.array([r for r, _ in cells], dtype=np.int64)
        cols = np.array([c for _, c in cells], dtype=np.int64)
        grid = np.full((rows.max(initial=-1) + 2, cols.max(initial=-1) + 2), -1, np.int64)
        grid[rows, cols] = np.arange(len(cells))
        right, down = grid[rows, cols + 1], grid[rows + 1, cols]
        squares = np.arange(len(cells))
        first = np.concatenate((squares[right >= 0], squares[down >= 0]))
        second = np.concatenate((right[right >= 0], down[down >= 0]))
        horizontal = np.arange(first.shape[0]) < int((right >= 0).sum())
        order = np.lexsort((~horizontal, first))
        self.pairs = np.stack((first[order], second[order]), axis=1)
        self.horizontal = horizontal[order]
        self.square_starts, members = csr(self.pairs.ravel(), len(cells))
        self.square_placements = members // 2
        self.colour = (rows + cols) % 2
        read_only(self.pairs, self.horizontal, self.square_starts, self.square_placements,
                  self.colour)

    @cached_property
    def placements(self) -> tuple[Placement, ...]:
        """The :class:`Placement` of each placement index (as :meth:`Puzzle.placements`)."""
        cells = self.cells
        return tuple(Placement.between(cells[a], cells[b]) for a, b in self.pairs.tolist())

    @cached_property
    def cell_index(self) -> dict[Cell, int]:
        """The square index of each cell."""
        return {cell: s for s, cell in enumerate(self.cells)}

    @cached_property
    def orders(self) -> dict[str, np.ndarray]:
        """Per view name, its placement order (view position -> canonical placement)."""
        canonical = np.arange(self.pairs.shape[0])
        tatham = np.lexsort((self.pairs[:, 0], self.horizontal))
        read_only(canonical, tatham)
        return {"rowscan": canonical, "dlx": canonical, "tatham": tatham}


@lru_cache(maxsize=32)
def layout(cells: tuple[Cell, ...]) -> Layout:
    """The (cached) :class:`Layout` of a board shape given by its cells in reading order."""
    return Layout(cells)


class BoardModel:
    """One puzzle's squares, placements and dominoes, in one order and one numbering.

    Parameters
    ----------
    puzzle : Puzzle

    Attributes
    ----------
    puzzle : Puzzle
    layout : Layout
        The shape's tables (shared by every puzzle of the shape).
    cells : tuple of Cell
        Square ``s`` is ``cells[s]``.
    values : numpy array of int
        The number on each square.
    pairs : numpy array of int, shape (P, 2)
        The two squares of each placement.
    placement_domino : numpy array of int
        The domino each placement would hold.
    dominoes : tuple of Domino
        ``(lo, hi)`` of each domino.
    square_starts, square_placements, domino_starts, domino_placements : numpy arrays of int
        The placements of each square and of each domino (CSR, ascending).

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> m = board_model(Puzzle([[0, 0, 1], [1, 1, 0]]))
    >>> m.n_squares, m.n_placements, m.n_dominoes
    (6, 7, 3)
    >>> m.placements[0], m.dominoes[m.placement_domino[0]]
    (Placement((0, 0), (0, 1)), (0, 0))
    >>> m.neighbours(0).tolist()            # the placements sharing a square with placement 0
    [1, 2, 3]
    >>> m.view("tatham").order.tolist()     # vertical placements first
    [1, 3, 4, 0, 2, 5, 6]
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.layout = layout(puzzle.cells)
        self.cells = puzzle.cells
        self.values = square_values(puzzle)
        self.dominoes: tuple[Domino, ...] = puzzle.dominoes
        self.pairs = self.layout.pairs
        self.square_starts = self.layout.square_starts
        self.square_placements = self.layout.square_placements
        lo, hi = np.sort(self.values[self.pairs], axis=1).T
        self.placement_domino = domino_number(lo, hi, puzzle.max_pip)
        read_only(self.values, self.placement_domino)

    @cached_property
    def _domino_csr(self) -> tuple[np.ndarray, np.ndarray]:
        """The placements of each domino (CSR), built on first use: the compiled engine, which
        builds its own item lists, never asks."""
        return read_only(*csr(self.placement_domino, self.n_dominoes))

    @property
    def domino_starts(self) -> np.ndarray:
        """Where each domino's placements start in :attr:`domino_placements`."""
        return self._domino_csr[0]

    @property
    def domino_placements(self) -> np.ndarray:
        """The placements of every domino, domino by domino, ascending."""
        return self._domino_csr[1]

    @property
    def n_squares(self) -> int:
        """How many squares."""
        return len(self.cells)

    @property
    def n_placements(self) -> int:
        """How many placements."""
        return self.pairs.shape[0]

    @property
    def n_dominoes(self) -> int:
        """How many dominoes the set has."""
        return len(self.dominoes)

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The :class:`Placement` of each placement index (as :meth:`Puzzle.placements`)."""
        return self.layout.placements

    @cached_property
    def placement_index(self) -> dict[Placement, int]:
        """The index of each :class:`Placement`."""
        return {pl: p for p, pl in enumerate(self.placements)}

    @cached_property
    def square_mask(self) -> Sequence[int]:
        """Per square, the bit set of its placements (built on first use)."""
        return bit_sets(self.square_starts, self.square_placements)

    @cached_property
    def domino_mask(self) -> Sequence[int]:
        """Per domino, the bit set of its placements (built on first use)."""
        return bit_sets(self.domino_starts, self.domino_placements)

    def square_of(self, cell: Cell) -> int:
        """The square index of ``cell``; PuzzleError if it is not on the board."""
        return self.puzzle.index(cell)

    def square_options(self, square: int) -> np.ndarray:
        """The placements covering ``square``, ascending."""
        return self.square_placements[self.square_starts[square]:self.square_starts[square + 1]]

    def domino_options(self, domino: int) -> np.ndarray:
        """The placements holding ``domino``, ascending."""
        return self.domino_placements[self.domino_starts[domino]:self.domino_starts[domino + 1]]

    def neighbours(self, p: int) -> np.ndarray:
        """The placements other than ``p`` sharing a square with placement ``p``, ascending."""
        a, b = self.pairs[p]
        both = np.concatenate((self.square_options(a), self.square_options(b)))
        return np.unique(both[both != p])

    @property
    def n_entries(self) -> int:
        """The total length of the model's arrays (linear in the number of squares)."""
        arrays = (self.values, self.pairs, self.placement_domino, self.square_starts,
                  self.square_placements, self.domino_starts, self.domino_placements)
        return sum(a.size for a in arrays)

    def view(self, name: str) -> BoardView:
        """The named order ``name`` (a key of :data:`VIEWS`) of this board, cached.

        Raises
        ------
        ArgumentError
            If ``name`` is not a view.
        """
        check_choice("view", name, VIEWS, "the board model")
        return shared_view(self.layout, self.puzzle.max_pip, name)

    def cover_arrays(self, view: str = "dlx") -> CoverArrays:
        """The exact cover of :meth:`exact_cover` as flat arrays, without building it: option
        (placement, in ``view`` order) ``o`` covers its two squares, then ``n_squares`` + its
        domino in the view's numbering; every item is primary.

        Examples
        --------
        >>> from dominosa_lab import Puzzle
        >>> a = board_model(Puzzle([[0, 0, 1], [1, 1, 0]])).cover_arrays()
        >>> a.option_items[a.option_starts[0]:a.option_starts[1]].tolist(), a.primary.size
        ([0, 1, 6], 9)
        >>> a.item_options[a.item_starts[6]:a.item_starts[7]].tolist()   # domino 00's placements
        [0]
        """
        v = self.view(view)
        n_items = self.n_squares + self.n_dominoes
        domino = v.domino_rank[self.placement_domino[v.order]] + self.n_squares
        items = np.concatenate((self.pairs[v.order], domino[:, None]), axis=1).ravel()
        starts = np.arange(0, items.size + 1, 3, dtype=np.int64)
        item_starts, entries = csr(items, n_items)
        return CoverArrays(starts, items, item_starts, entries // 3, np.ones(n_items, bool))

    def exact_cover(self, view: str = "dlx") -> ExactCover:
        """The exact-cover problem of the board in ``view``: the squares (named by cell), then
        the dominoes as primary items; the placements as options (payloads), in view order.

        Examples
        --------
        >>> from dominosa_lab import load
        >>> ec = board_model(load("tcg-n10")).exact_cover()   # 11 x 12: 2*11*12 - 11 - 12 options
        >>> ec.n_items, ec.n_options
        (198, 241)
        """
        items = self.cover_arrays(view).option_items
        v = self.view(view)
        placements = self.placements
        names = [*self.cells, *(self.dominoes[d] for d in v.domino_order)]
        return ExactCover(len(names), 0, items.reshape(-1, 3).tolist(), names=names,
                          payloads=[placements[p] for p in v.order])

    def __repr__(self) -> str:
        return f"BoardModel({self.puzzle!r}, {self.n_placements} placements)"


def read_only(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """Make ``arrays`` read-only (the model is immutable) and return them."""
    for array in arrays:
        array.flags.writeable = False
    return arrays


def inverse(order: np.ndarray) -> np.ndarray:
    """The inverse of a permutation.

    Examples
    --------
    >>> inverse(np.array([2, 0, 1])).tolist()
    [1, 2, 0]
    """
    rank = np.empty_like(order)
    rank[order] = np.arange(order.shape[0])
    return rank


def square_values(puzzle: Puzzle) -> np.ndarray:
    """The number on each square, in reading order.

    Examples
    --------
    >>> square_values(Puzzle([[0, 0, 1], [None, 1, 1], [None, 0, None]], max_pip=1)).tolist()
    [0, 0, 1, 1, 1, 0]
    """
    try:  # a board without gaps converts at C speed
        return np.array(puzzle.rows, dtype=np.int64).ravel()
    except TypeError:
        return np.array([puzzle.value(cell) for cell in puzzle.cells], dtype=np.int64)


@lru_cache(maxsize=64)
def shared_view(lay: Layout, max_pip: int, name: str) -> BoardView:
    """The view ``name`` of every board of one shape and set (shared: it reads no number).

    Examples
    --------
    >>> board = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> shared_view(layout(board.cells), 1, "tatham").pairs.tolist()[:3]
    [[0, 3], [1, 4], [2, 5]]
    """
    order = lay.orders[name]
    dominoes = bone_pile(max_pip)
    domino_order = np.arange(len(dominoes))
    if name == "tatham":
        domino_order = np.argsort([tatham_domino(lo, hi) for lo, hi in dominoes])
    return BoardView(name, order, *read_only(inverse(order), domino_order,
                                             inverse(domino_order), lay.pairs[order]))


def domino_number(lo: ArrayLike, hi: ArrayLike, max_pip: int) -> ArrayLike:
    """The board model's number of the domino ``{lo, hi}`` (``lo <= hi``; numbers or arrays of
    them) in the double-``max_pip`` set: 0-0, 0-1, ..., 0-N, 1-1, 1-2, ... (the order of
    :func:`~dominosa_lab.core.puzzle.bone_pile`). The compiled engine compiles this function.

    Examples
    --------
    >>> [domino_number(lo, hi, 6) for lo, hi in [(0, 0), (0, 6), (1, 1), (6, 6)]]
    [0, 6, 7, 27]
    """
    return lo * (max_pip + 1) - lo * (lo - 1) // 2 + hi - lo


@lru_cache(maxsize=64)
def board_model(puzzle: Puzzle) -> BoardModel:
    """The (cached) :class:`BoardModel` of ``puzzle``.

    Examples
    --------
    >>> from dominosa_lab import load
    >>> p = load("mikefc-small")
    >>> board_model(p) is board_model(p)
    True
    """
    return BoardModel(puzzle)
