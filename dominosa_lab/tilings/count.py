"""Domino tilings of a board ("solution schemas"): count exactly, enumerate, census.

Caviness calls a layout of dominoes face down on a board a *solution schema*;
it is a domino tiling of the board. This module answers how many there are:

* :func:`count_tilings` counts the tilings of any board, gaps allowed, with a
  broken-profile transfer matrix (one cell at a time, the profile being the
  cells of the next row already covered), exactly;
* :func:`kasteleyn_count` evaluates Kasteleyn's and Temperley-Fisher's product
  formula for a rectangle, exactly, as an independent check;
* :func:`iter_tilings` lists the tilings on the exact-cover engine (items are
  cells, options are pairs of adjacent cells), counting nodes through a Search;
* :func:`schema_census` turns the count into the number of (grid, solution)
  pairs of a board shape, the quantity behind Caviness's open questions.

A *board* is given as a shape ``(rows, cols)``, a boolean mask (True for a
cell), rows of numbers with ``None`` for gaps, or a :class:`Puzzle`;
:func:`board_mask` turns any of them into a boolean array.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from dominosa_lab.core.board import layout
from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.options import check_fits
from dominosa_lab.core.puzzle import Placement, Puzzle, check_cell_count, is_int
from dominosa_lab.core.search import Search
from dominosa_lab.errors import PuzzleError

__all__ = [
    "MAX_WIDTH",
    "SchemaCensus",
    "board_mask",
    "cell_moves",
    "check_width",
    "count_tilings",
    "iter_tilings",
    "kasteleyn_count",
    "mask_cells",
    "mask_pairs",
    "narrow",
    "profile_step",
    "schema_census",
]

#: A board given by its shape: ``(rows, cols)``, a boolean mask, rows with ``None`` gaps, a Puzzle.
BoardShape = tuple[int, int] | Sequence[Sequence[Any]] | np.ndarray | Puzzle

#: The widest profile :func:`count_tilings` accepts (its arrays have ``2**width`` entries).
MAX_WIDTH = 22


# --- boards --------------------------------------------------------------------------------


def board_mask(board: BoardShape) -> np.ndarray:
    """The board as a 2-D boolean array, True for a cell and False for a gap.

    Parameters
    ----------
    board : shape, mask, rows or Puzzle
        ``(rows, cols)`` for a full rectangle; a 2-D sequence (or array) of
        booleans, True for a cell; rows of numbers with ``None`` for gaps; a Puzzle.

    Raises
    ------
    PuzzleError
        For a negative or non-integer shape, ragged rows, an entry that is
        neither a boolean, an integer nor None, or booleans mixed with numbers.
    ArgumentError
        For a shape too large for this machine's memory
        (:func:`~dominosa_lab.core.options.check_fits`).

    Examples
    --------
    >>> board_mask((2, 3)).sum()
    np.int64(6)
    >>> board_mask([[1, None], [2, 3]]).tolist()
    [[True, False], [True, True]]
    """
    if isinstance(board, Puzzle):
        return _mask_from_rows(board.rows)
    if isinstance(board, np.ndarray) and board.dtype == bool:
        if board.ndim != 2:
            raise PuzzleError(f"a mask is 2-D, got an array of shape {board.shape}")
        return board.copy()
    if _is_shape(board):
        rows, cols = (int(x) for x in board)
        if rows < 0 or cols < 0:
            raise PuzzleError(f"a board shape has non-negative sides, got {tuple(board)}")
        check_fits("board", rows * cols)
        return np.ones((rows, cols), dtype=bool)
    return _mask_from_rows(board)


def _is_shape(board: Any) -> bool:
    return (
        isinstance(board, (tuple, list))
        and len(board) == 2
        and all(is_int(x) for x in board)
    )


def _is_bool(x: Any) -> bool:
    return isinstance(x, (bool, np.bool_))


def _mask_from_rows(rows: Any) -> np.ndarray:
    if isinstance(rows, (str, bytes)):
        raise PuzzleError("a board is a shape, a mask or rows of numbers, not a string")
    try:
        rows = [list(row) for row in rows]
    except TypeError:
        raise PuzzleError(
            "a board is a shape (rows, cols), a 2-D mask of booleans or rows of numbers/None"
        ) from None
    width = len(rows[0]) if rows else 0
    kinds = set()
    for r, row in enumerate(rows):
        if len(row) != width:
            raise PuzzleError(f"ragged board: row {r} has {len(row)} entries, row 0 has {width}")
        for c, v in enumerate(row):
            if _is_bool(v):
                kinds.add("booleans")
            elif v is None or is_int(v):
                kinds.add("numbers")
            else:
                raise PuzzleError(
                    f"row {r}, column {c}: {v!r} is not a boolean, an integer or None (a gap)"
                )
    if len(kinds) > 1:
        raise PuzzleError("a board mixes booleans with numbers/None; use one or the other")
    if kinds == {"booleans"}:
        return np.array(rows, dtype=bool).reshape(len(rows), width)
    return np.array([[v is not None for v in row] for row in rows], dtype=bool).reshape(
        len(rows), width
    )


def mask_cells(mask: np.ndarray) -> list[tuple[int, int]]:
    """The cells of a mask in row-major order."""
    return [(int(r), int(c)) for r, c in zip(*np.nonzero(mask), strict=True)]


def mask_pairs(mask: np.ndarray) -> list[Placement]:
    """Every placement of a domino on the mask: row-major, horizontal before vertical (the
    placements of the board model's layout of its cells)."""
    return list(layout(tuple(mask_cells(mask))).placements)


# --- the transfer matrix -------------------------------------------------------------------


def profile_step(layer: np.ndarray, c: int, down: bool, right: bool) -> np.ndarray:
    """Advance a broken profile over the free cell in column ``c``.

    ``layer[..., s]`` weighs the partial tilings whose profile is ``s``: bit ``j``
    set means the next unprocessed cell of column ``j`` is already covered. At
    cell ``c`` a covered cell is passed (its bit cleared); a free one takes a
    vertical domino (``down``: the cell below exists) or a horizontal one
    (``right``: the next cell of the row exists and is not yet covered).
    Gap cells need no step: no domino ever reaches them. The result's entries
    are sums of at most two entries of ``layer``.

    Examples
    --------
    One row of two cells, then the next row: one horizontal domino, or two vertical.

    >>> layer = np.array([1, 0, 0, 0])
    >>> layer = profile_step(profile_step(layer, 0, True, True), 1, True, False)
    >>> layer.tolist()  # profile 0b11: both cells below covered; 0b00: done
    [1, 0, 0, 1]
    """
    lead = layer.shape[:-1]
    low = 1 << c
    new = np.zeros_like(layer)
    old4 = layer.reshape(*lead, -1, 2, low)
    new4 = new.reshape(*lead, -1, 2, low)
    new4[..., 0, :] = old4[..., 1, :]
    if down:
        new4[..., 1, :] = old4[..., 0, :]
    if right:
        new.reshape(*lead, -1, 2, 2, low)[..., 1, 0, :] += layer.reshape(*lead, -1, 2, 2, low)[
            ..., 0, 0, :
        ]
    return new


def narrow(mask: np.ndarray) -> tuple[np.ndarray, bool]:
    """The mask turned so that its rows are the shorter side, and whether it was transposed."""
    if mask.shape[1] > mask.shape[0]:
        return mask.T.copy(), True
    return mask, False


def cell_moves(mask: np.ndarray, r: int, c: int) -> tuple[bool, bool]:
    """Whether a domino from cell ``(r, c)`` may go down, and right."""
    n_rows, n_cols = mask.shape
    return (
        bool(r + 1 < n_rows and mask[r + 1, c]),
        bool(c + 1 < n_cols and mask[r, c + 1]),
    )


def check_width(width: int) -> None:
    """Refuse a profile too wide for memory, naming the limit."""
    if width > MAX_WIDTH:
        raise PuzzleError(
            f"the board's narrower side is {width} cells; the transfer matrix handles at most "
            f"{MAX_WIDTH} (2**{width} profiles)"
        )


def count_tilings(board: BoardShape) -> int:
    """The exact number of domino tilings of a board (gaps allowed).

    A broken-profile transfer matrix over the shorter side runs in
    ``O(cells * 2**width)`` with numpy, in several residue systems at once
    (moduli below ``2**62``, additions only); the Chinese remainder theorem
    gives the exact count, since a board of ``2d`` cells has at most ``2**d``
    tilings (each domino is one of two choices at its first cell).

    Parameters
    ----------
    board : shape, mask, rows or Puzzle
        See :func:`board_mask`. An odd number of cells gives 0, an empty board 1.

    Raises
    ------
    PuzzleError
        For a malformed board, or a shorter side above :data:`MAX_WIDTH`.

    Examples
    --------
    >>> count_tilings((8, 8))
    12988816
    >>> count_tilings([[0, 1, None], [2, 3, 4]])  # an L of five cells
    0
    >>> count_tilings([[True, True, True], [True, False, True], [True, True, True]])
    2
    """
    mask, _ = narrow(board_mask(board))
    n_cells = int(mask.sum())
    if n_cells % 2:
        return 0
    n_rows, width = mask.shape
    check_width(width)
    moduli = _moduli(n_cells // 2 + 1)
    column = np.array(moduli, dtype=np.int64)[:, None]
    layer = np.zeros((len(moduli), 1 << width), dtype=np.int64)
    layer[:, 0] = 1
    for r in range(n_rows):
        for c in range(width):
            if mask[r, c]:
                down, right = cell_moves(mask, r, c)
                layer = profile_step(layer, c, down, right)
                if right:
                    np.remainder(layer, column, out=layer)
    return _crt([int(x) for x in layer[:, 0]], moduli)


def _moduli(bits: int) -> list[int]:
    """Pairwise coprime odd moduli below ``2**62`` whose product exceeds ``2**bits``."""
    out: list[int] = []
    m = (1 << 62) - 1
    while math.prod(out) <= 1 << bits:
        if all(math.gcd(m, x) == 1 for x in out):
            out.append(m)
        m -= 2
    return out


def _crt(residues: list[int], moduli: list[int]) -> int:
    """The integer in ``[0, prod(moduli))`` with the given residues."""
    x, product = 0, 1
    for res, m in zip(residues, moduli, strict=True):
        x += product * ((res - x) * pow(product, -1, m) % m)
        product *= m
    return x


# --- Kasteleyn's formula ---------------------------------------------------------------------


def kasteleyn_count(m: int, n: int) -> int:
    """Kasteleyn's (and Temperley-Fisher's) product formula for the ``m x n`` rectangle.

    ``T(m, n) = prod_{j <= ceil(m/2)} prod_{k <= ceil(n/2)} (4 cos^2(pi j/(m+1)) +
    4 cos^2(pi k/(n+1)))``, evaluated exactly: the numbers ``x_j = 4 cos^2(pi j/(m+1))``
    are the roots of an integer polynomial ``h_m`` (the path graph's characteristic
    polynomial ``p_m(t)``, or ``t p_m(t)`` for odd ``m``, read as a polynomial in
    ``t^2``), so the double product is the product of ``prod_k (x + y_k)`` over the
    roots of ``h_m``, a resultant, computed with fractions by Euclid's algorithm.

    Raises
    ------
    PuzzleError
        If ``m`` or ``n`` is not a non-negative integer.

    Examples
    --------
    >>> kasteleyn_count(8, 8), kasteleyn_count(3, 3), kasteleyn_count(0, 5)
    (12988816, 0, 1)
    """
    for side in (m, n):
        if not is_int(side) or side < 0:
            raise PuzzleError(f"rectangle sides are non-negative integers, got {m!r} x {n!r}")
    hm, hn = _half_poly(int(m)), _half_poly(int(n))
    deg = len(hn) - 1
    g = [(-1) ** (deg - i) * a for i, a in enumerate(hn)]  # prod_k (x + y_k) = ±h_n(-x)
    return int(_root_product(hm, g))


def _path_poly(n: int) -> list[int]:
    """Coefficients (low to high) of the path graph's ``p_n = t p_{n-1} - p_{n-2}``, ``p_1 = t``."""
    prev, cur = [1], [0, 1]
    if n == 0:
        return prev
    for _ in range(n - 1):
        nxt = [0, *cur]
        for i, a in enumerate(prev):
            nxt[i] -= a
        prev, cur = cur, nxt
    return cur


def _half_poly(n: int) -> list[int]:
    """Monic ``h_n`` (low to high) whose roots are ``4 cos^2(pi j/(n+1))``, ``j <= ceil(n/2)``."""
    p = _path_poly(n)
    if n % 2:
        p = [0, *p]
    return p[::2]


def _root_product(f: list, g: list) -> Fraction:
    """``prod g(a)`` over the roots ``a`` of the monic ``f`` (coefficients low to high)."""
    d = len(f) - 1
    if d == 0:
        return Fraction(1)
    r = _remainder(g, f)
    if not r:
        return Fraction(0)
    lead = r[-1]
    if len(r) == 1:
        return lead**d
    monic = [a / lead for a in r]
    sign = (-1) ** (d * (len(r) - 1))
    return lead**d * sign * _root_product(monic, f)


def _remainder(g: list, f: list) -> list[Fraction]:
    """``g mod f`` for monic ``f``, without leading zeros (empty for zero)."""
    rem = [Fraction(a) for a in g]
    d = len(f) - 1
    for top in range(len(rem) - 1, d - 1, -1):
        q = rem[top]
        if q:
            for i, a in enumerate(f):
                rem[top - d + i] -= q * a
    rem = rem[:d]
    while rem and rem[-1] == 0:
        rem.pop()
    return rem


# --- enumeration on the exact-cover engine ---------------------------------------------------


def iter_tilings(
    board: BoardShape, search: Search | None = None, order: str = "mrv"
) -> Iterator[tuple[Placement, ...]]:
    """Stream every domino tiling of a board, each a sorted tuple of Placements.

    The exact-cover engine does the work: one item per cell, one option per
    pair of adjacent cells. Pass a :class:`Search` to count its nodes and
    backtracks or to give it a budget.

    Examples
    --------
    >>> from dominosa_lab.core.search import Search
    >>> s = Search()
    >>> tilings = list(iter_tilings((2, 3), search=s))
    >>> len(tilings), s.stats.solutions
    (3, 3)
    >>> tilings[0]
    (Placement((0, 0), (0, 1)), Placement((0, 2), (1, 2)), Placement((1, 0), (1, 1)))
    """
    shape = layout(tuple(mask_cells(board_mask(board))))
    pairs = shape.placements
    problem = ExactCover(len(shape.cells), 0, shape.pairs.tolist(), names=shape.cells,
                         payloads=pairs)
    return problem.solve(
        search, order=order, build=lambda rows: tuple(sorted(pairs[j] for j in rows))
    )


# --- Caviness's schemas --------------------------------------------------------------------


@dataclass(frozen=True)
class SchemaCensus:
    """How many schemas a board has, and how many (grid, solution) pairs they carry.

    ``labellings`` is the number of ways to lay the double-N set face up on one
    schema: ``D!`` orders times ``2`` orientations for each of the ``D - N - 1``
    non-double dominoes. Every (grid, solution) pair comes from exactly one
    (schema, labelling), so ``pairs = schemas * labellings`` is the number of
    solutions summed over every grid of this board.
    """

    n: int
    shape: tuple[int, int]
    cells: int
    dominoes: int
    schemas: int
    labellings: int

    @property
    def pairs(self) -> int:
        """Solutions summed over all grids of the board: ``schemas * labellings``."""
        return self.schemas * self.labellings


def schema_census(n: int, board: BoardShape | None = None) -> SchemaCensus:
    """Caviness's solution schemas of a double-``n`` board, counted exactly.

    Parameters
    ----------
    n : int
        The double-n set.
    board : optional
        The board (see :func:`board_mask`); by default the ``(n+1) x (n+2)`` rectangle.

    Raises
    ------
    PuzzleError
        For a negative ``n`` or a board whose cell count is not ``(n+1)(n+2)``.

    Examples
    --------
    >>> c = schema_census(1)
    >>> c.shape, c.schemas, c.labellings, c.pairs
    ((2, 3), 3, 12, 36)
    """
    if not is_int(n) or n < 0:
        raise PuzzleError(f"n must be a non-negative integer, got {n!r}")
    mask = board_mask((n + 1, n + 2) if board is None else board)
    cells = int(mask.sum())
    check_cell_count(cells, n)
    dominoes = cells // 2
    labellings = math.factorial(dominoes) * 2 ** (dominoes - n - 1)
    return SchemaCensus(n, mask.shape, cells, dominoes, count_tilings(mask), labellings)
