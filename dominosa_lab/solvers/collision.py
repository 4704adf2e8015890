"""``collision``: Caviness's brute force — every combination of places, overlapping ones dropped.

The article takes, for each domino, the list of its possible places, forms
all combinations of one place per domino (Mathematica's ``Outer``) and keeps
those in which no two dominoes overlap (``Select``). On a whole board that is
hopeless (about 2·10^13 combinations on the m9 board) and the article says
so; it only runs it on the first 3 and the first 13 dominoes.

Two ways to run it here:

* :func:`prefix` counts the combinations of the first ``k`` dominoes and the
  survivors without overlap, vectorised with numpy and streamed in blocks
  (:class:`Product`), so the article's prefixes take milliseconds; with a
  ``time_limit`` it measures the rate on a prefix too large to finish.
  :func:`survivors` streams the surviving combinations themselves (with all
  dominoes: the solutions, on boards small enough).
* :func:`solve`, the registered method, walks the whole product: the
  generalized odometer of :mod:`~dominosa_lab.solvers.odometer` without its
  jump, always advancing at the right end and checking whole combinations. A
  piece is placed when its digit changes, so ``nodes`` counts the product's
  tree (one placement per prefix), not ``k`` placements per combination. It
  needs a budget on anything but tiny boards.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from dominosa_lab.core.puzzle import Domino, Placement, Puzzle, Solution
from dominosa_lab.core.search import Search
from dominosa_lab.errors import ArgumentError
from dominosa_lab.solvers.odometer import Odometer, ordered_candidates

__all__ = ["BLOCK", "PrefixCount", "Product", "prefix", "solve", "survivors"]

BLOCK = 1 << 16  # combinations checked per numpy block


@dataclass(frozen=True)
class PrefixCount:
    """The brute force on the first ``k`` dominoes.

    ``combinations`` is the size of the whole product, ``examined`` how many
    of them were checked (all of them when ``complete``), ``survivors`` how
    many of those have no two dominoes overlapping.
    """

    dominoes: tuple[Domino, ...]
    options: tuple[int, ...]
    combinations: int
    examined: int
    survivors: int
    seconds: float

    @property
    def k(self) -> int:
        """The number of dominoes combined."""
        return len(self.dominoes)

    @property
    def complete(self) -> bool:
        """True when every combination was checked."""
        return self.examined == self.combinations

    @property
    def rate(self) -> float:
        """Combinations checked per second."""
        return self.examined / self.seconds if self.seconds > 0 else math.inf


class Product:
    """The product of the first ``k`` dominoes' places, as a head and a numpy tail block.

    The last dominoes form the tail block (at most ``block`` combinations,
    built once as rows of 64-bit cell bitmasks with a no-overlap flag); the
    head combinations in front of it are streamed one at a time, so memory
    stays at one block whatever ``k``.
    """

    def __init__(self, puzzle: Puzzle, k: int | None = None,
                 order: str | Sequence[Domino] = "pile", block: int = BLOCK) -> None:
        dominoes, places = ordered_candidates(puzzle, order)
        k = len(dominoes) if k is None else k
        if not 0 <= k <= len(dominoes):
            raise ArgumentError(f"k must be between 0 and {len(dominoes)} (the dominoes), got {k}")
        if block < 1:
            raise ArgumentError(f"block must be a positive number of combinations, got {block}")
        self.dominoes, self.places = dominoes[:k], places[:k]
        self.options = tuple(len(p) for p in self.places)
        self.size = math.prod(self.options)
        words = max(1, -(-len(puzzle.cells) // 64))
        self._masks = [_bitmasks(puzzle, p, words) for p in self.places]
        self._split = _split(self.options, block)
        self._cover, self._ok = _block(self._masks[self._split:], words)

    def blocks(self) -> Iterator[tuple[tuple[int, ...], np.ndarray]]:
        """Each head combination (digits from 0) with the no-overlap flags of its block."""
        if self.size == 0:
            return
        for head in itertools.product(*(range(n) for n in self.options[:self._split])):
            places = [m[i] for m, i in zip(self._masks, head, strict=False)]
            yield head, _survivors(self._cover, self._ok, places)

    def combination(self, head: tuple[int, ...], row: int) -> tuple[Placement, ...]:
        """The places of row ``row`` of the block behind ``head``."""
        tail = np.unravel_index(row, self.options[self._split:]) if self._split < len(
            self.options) else ()
        digits = (*head, *(int(t) for t in tail))
        return tuple(p[d] for p, d in zip(self.places, digits, strict=True))


def prefix(
    puzzle: Puzzle,
    k: int,
    order: str | Sequence[Domino] = "pile",
    time_limit: float | None = None,
    block: int = BLOCK,
) -> PrefixCount:
    """Count the combinations of the first ``k`` dominoes' places, and those without overlap.

    Parameters
    ----------
    puzzle : Puzzle
        The board.
    k : int
        How many dominoes, from the start of ``order``.
    order : str or sequence of dominoes
        ``"pile"`` (00, 01, 02, ...: the article's), ``"fewest"`` or explicit.
    time_limit : float, optional
        Stop after this many seconds; the result then has ``complete == False``.
    block : int
        Combinations per numpy block (see :class:`Product`).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> m9 = load("caviness-m9")
    >>> c = prefix(m9, 3)
    >>> c.options, c.combinations, c.survivors
    ((6, 1, 7), 42, 19)
    >>> c = prefix(m9, 13)
    >>> c.combinations, c.survivors, c.complete
    (653184, 4, True)
    """
    start = time.perf_counter()
    product = Product(puzzle, k, order, block)
    examined = survivors = 0
    blocks = product.blocks()
    while time_limit is None or time.perf_counter() - start < time_limit:  # 0: none examined
        block = next(blocks, None)
        if block is None:
            break
        survivors += int(np.count_nonzero(block[1]))
        examined += len(block[1])
    return PrefixCount(product.dominoes, product.options, product.size, examined, survivors,
                       time.perf_counter() - start)


def survivors(
    puzzle: Puzzle, k: int | None = None, order: str | Sequence[Domino] = "pile"
) -> Iterator[tuple[Placement, ...]]:
    """Stream the combinations of the first ``k`` dominoes (all when ``None``) without overlap.

    With ``k=None`` these are the puzzle's solutions, found by vectorised
    brute force: feasible on boards up to double-4, not on the m9 board.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> [len(c) for c in survivors(load("caviness-m9"), 13)]
    [13, 13, 13, 13]
    """
    product = Product(puzzle, k, order)
    for head, ok in product.blocks():
        for row in np.flatnonzero(ok):
            yield product.combination(head, int(row))


def _bitmasks(puzzle: Puzzle, places: Sequence[Placement], words: int) -> np.ndarray:
    """Each place as a row of 64-bit words with its two cells' bits set."""
    out = np.zeros((len(places), words), dtype=np.uint64)
    for row, pl in enumerate(places):
        for cell in pl.cells:
            i = puzzle.index(cell)
            out[row, i // 64] |= np.uint64(1 << (i % 64))
    return out


def _split(options: Sequence[int], block: int) -> int:
    """Where the tail block starts: the longest suffix whose product fits in ``block``."""
    size, split = 1, len(options)
    while split > 0 and size * options[split - 1] <= block:
        split -= 1
        size *= options[split]
    return split


def _block(masks: Sequence[np.ndarray], words: int) -> tuple[np.ndarray, np.ndarray]:
    """Cover and no-overlap flag of every combination of ``masks`` (row-major product)."""
    cover = np.zeros((1, words), dtype=np.uint64)
    ok = np.ones(1, dtype=bool)
    for m in masks:
        overlap = (cover[:, None, :] & m[None, :, :]).any(axis=2)
        ok = (ok[:, None] & ~overlap).reshape(-1)
        cover = (cover[:, None, :] | m[None, :, :]).reshape(-1, words)
    return cover, ok


def _survivors(cover: np.ndarray, ok: np.ndarray, head: Sequence[np.ndarray]) -> np.ndarray:
    """Which of the block's combinations have no overlap with the head's places in front."""
    head_cover = np.zeros(cover.shape[1], dtype=np.uint64)
    head_ok = True
    for m in head:
        head_ok = head_ok and not (head_cover & m).any()
        head_cover = head_cover | m
    return ok & ~(cover & head_cover).any(axis=1) & head_ok


def solve(puzzle: Puzzle, search: Search, order: str = "pile") -> Iterator[Solution]:
    """Yield the non-overlapping combinations of the whole product (the article's brute force).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> r = solve(load("mikefc-small"), method="collision", limit=None)
    >>> r.status, len(r.solutions)
    ('solved', 1)
    >>> solve(load("caviness-m9"), method="collision", max_nodes=1000).status
    'stopped'
    """
    return Odometer(puzzle, order).solutions(search, jump=False)
