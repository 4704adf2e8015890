"""The census: the number of solutions of every one of the C(35, 5) hole patterns.

There are about 3.5 billion finished boards, far too many to list one by one,
so the census is a dynamic program over the piece cells in column order (4
cells a column, so a vertical piece ends at the next cell and a horizontal one
four cells on). A state is one integer:

* bits 0-34: the circles holding a peg,
* bits 35-46: the pieces used,
* bits 47-50: which of the next four cells are already covered.

Two partial boards with the same state have the same completions *and* the
same empty circles at the end (the empty circles are the complement of the
pegs), so their counts add. After the last cell every state holds all twelve
pieces and its count is the number of solutions of the pattern left empty.
Once a column of circles can take no more pegs, states with more than five
empty circles in the closed columns are dropped.

The states never merge across different pegs in closed columns, so after the
first two columns the work splits into independent chunks (one per peg
pattern of circle columns 0-1), which bounds memory and runs on several
processes or a cluster (:func:`dominosa_lab.experiments.dominopeg.peg_census`
sends them through the sweep seam). The top-bottom mirror maps chunk to
chunk, so only one chunk of each mirror pair is computed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb

import numpy as np

from dominosa_lab.core.options import check_count, check_items, check_seed
from dominosa_lab.dominopeg.model import (
    CIRCLE_COLS,
    CIRCLE_ROWS,
    N_CIRCLES,
    N_EMPTY,
    N_PIECES,
    PIECE_COLS,
    PIECE_ROWS,
    PegBoard,
    check_circles,
    checked_board,
    placements_at,
)
from dominosa_lab.dominopeg.naive import board_mask, first_cell_fits
from dominosa_lab.dominopeg.symmetry import images
from dominosa_lab.errors import ArgumentError

__all__ = [
    "N_PATTERNS",
    "CensusChunk",
    "KnuthEstimate",
    "census",
    "census_chunks",
    "empty_frequency",
    "estimate_solutions",
    "finish_chunk",
    "orbit_table",
    "pattern_masks",
    "tally",
]

N_PATTERNS = comb(N_CIRCLES, N_EMPTY)
_U = N_CIRCLES
_W = _U + N_PIECES
_LOW = (1 << _W) - 1
_SPLIT = 2 * PIECE_ROWS  # chunk after the first two piece columns


def _cell(k: int) -> int:
    """The piece cell (row-major index) visited at step ``k`` of the column order."""
    col, row = divmod(k, PIECE_ROWS)
    return row * PIECE_COLS + col


def _column(col: int) -> int:
    """Bit mask of one column of circles."""
    return sum(1 << (row * CIRCLE_COLS + col) for row in range(CIRCLE_ROWS))


def _moves(k: int) -> list[tuple[int, int]]:
    """(test, add) bit masks of the placements starting at step ``k``."""
    moves = []
    for pl in placements_at(_cell(k)):
        pegs = sum(1 << c for c in pl.pegs) | 1 << (_U + pl.piece)
        second = 1 if not pl.orientation.horizontal else PIECE_ROWS  # steps to its other cell
        window = 1 << (_W + second)
        moves.append((pegs | (window if second < PIECE_ROWS else 0), pegs | window))
    return moves


_MOVES = [_moves(k) for k in range(PIECE_COLS * PIECE_ROWS)]


def _step(keys: np.ndarray, counts: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Advance every state over cell ``k``: place a piece there unless it is already covered."""
    covered = ((keys >> _W) & 1).astype(bool)
    parts, weights = [keys[covered]], [counts[covered]]
    free, free_counts = keys[~covered], counts[~covered]
    for test, add in _MOVES[k]:
        ok = (free & test) == 0
        parts.append(free[ok] | add)
        weights.append(free_counts[ok])
    keys = np.concatenate(parts)
    keys = (keys & _LOW) | ((keys >> (_W + 1)) << _W)
    counts = np.concatenate(weights)
    if k % PIECE_ROWS == PIECE_ROWS - 1:  # circle column k // 4 is now closed
        closed = sum(_column(c) for c in range(k // PIECE_ROWS + 1))
        n_closed = CIRCLE_ROWS * (k // PIECE_ROWS + 1)
        keep = n_closed - np.bitwise_count(keys & closed) <= N_EMPTY
        keys, counts = keys[keep], counts[keep]
    return _merge(keys, counts)


def _merge(keys: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Add up the counts of equal states."""
    unique, inverse = np.unique(keys, return_inverse=True)
    return unique, np.bincount(inverse, weights=counts, minlength=len(unique)).astype(np.int64)


def _run(keys: np.ndarray, counts: np.ndarray, start: int, stop: int):
    for k in range(start, stop):
        keys, counts = _step(keys, counts, k)
    return keys, counts


def _mirror_tb(masks: np.ndarray) -> np.ndarray:
    """Reflect circle bit masks top to bottom."""
    out = np.zeros_like(masks)
    for row in range(CIRCLE_ROWS):
        band = ((1 << CIRCLE_COLS) - 1) << (row * CIRCLE_COLS)
        shift = (CIRCLE_ROWS - 1 - 2 * row) * CIRCLE_COLS
        part = masks & band
        out |= part << shift if shift >= 0 else part >> -shift
    return out


def pattern_masks() -> np.ndarray:
    """Bit masks of all C(35, 5) hole patterns, in ``itertools.combinations`` order."""
    return np.array(
        [sum(1 << c for c in holes) for holes in combinations(range(N_CIRCLES), N_EMPTY)],
        dtype=np.int64,
    )


@dataclass(frozen=True)
class CensusChunk:
    """The states of one chunk after the first two columns, and whether its mirror image counts.

    ``pegs`` (the pegs of circle columns 0-1) names the chunk; ``mirrored``
    says that the top-bottom mirror chunk was left out and takes this one's counts.
    """

    pegs: int
    keys: np.ndarray
    counts: np.ndarray
    mirrored: bool


def census_chunks() -> list[CensusChunk]:
    """The census split by the pegs of circle columns 0-1, one chunk per mirror pair.

    The chunks come largest first, so that a pool of workers does not end on a big one.
    """
    keys, counts = _run(np.zeros(1, np.int64), np.ones(1, np.int64), 0, _SPLIT)
    prefix = keys & (_column(0) | _column(1))
    chunks = []
    for value in np.unique(prefix):
        image = int(_mirror_tb(np.array([value]))[0])
        if image >= value:
            mask = prefix == value
            chunks.append(CensusChunk(int(value), keys[mask], counts[mask], image != value))
    return sorted(chunks, key=lambda c: -len(c.keys))


def finish_chunk(chunk: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Run a chunk's ``(keys, counts)`` to the last cell: (empty-circle masks, solution counts)."""
    keys, counts = _run(*chunk, _SPLIT, PIECE_COLS * PIECE_ROWS)
    empty = ~keys & ((1 << N_CIRCLES) - 1)
    return empty, counts


def tally(
    finished: Iterable[tuple[CensusChunk, tuple[np.ndarray, np.ndarray]]],
) -> np.ndarray:
    """Add finished chunks (and their mirror images) into counts per pattern.

    Returns ``counts[i]``: the solutions of the ``i``-th pattern of
    ``itertools.combinations(range(35), 5)``. Additions commute, so the order
    of the chunks does not matter.
    """
    masks = pattern_masks()
    order = np.argsort(masks)
    sorted_masks = masks[order]
    result = np.zeros(N_PATTERNS, dtype=np.int64)
    for chunk, (empty, n) in finished:
        result[order[np.searchsorted(sorted_masks, empty)]] += n
        if chunk.mirrored:
            result[order[np.searchsorted(sorted_masks, _mirror_tb(empty))]] += n
    return result


def census(progress: Callable[[int, int], None] | None = None) -> np.ndarray:
    """Count the solutions of every 5-hole pattern, here, one chunk after another.

    :func:`dominosa_lab.experiments.dominopeg.peg_census` runs the same chunks
    on any executor (a process pool, Dask).

    Parameters
    ----------
    progress : callable, optional
        Called as ``progress(done, total)`` after each chunk.

    Returns
    -------
    numpy.ndarray
        ``counts[i]`` is the number of solutions of the ``i``-th pattern of
        ``itertools.combinations(range(35), 5)``.
    """
    chunks = census_chunks()

    def finished() -> Iterator[tuple[CensusChunk, tuple[np.ndarray, np.ndarray]]]:
        for done, chunk in enumerate(chunks, 1):
            yield chunk, finish_chunk((chunk.keys, chunk.counts))
            if progress is not None:
                progress(done, len(chunks))

    return tally(finished())


@dataclass(frozen=True, eq=False)
class KnuthEstimate:
    """Knuth's probes of a search tree: what each probe estimates the solutions and nodes to be.

    Every probe is an unbiased estimate and the probes are independent, so their
    mean is the estimate and their spread its error: the 95% interval is
    ``mean_interval(estimate.solution_probes)`` of :mod:`dominosa_lab.experiments.summary`
    (the probes are heavy-tailed, so the interval needs many of them).
    """

    solution_probes: np.ndarray
    node_probes: np.ndarray

    @property
    def solutions(self) -> float:
        """The estimated number of solutions (leaves of the tree at full depth)."""
        return float(self.solution_probes.mean())

    @property
    def nodes(self) -> float:
        """The estimated number of nodes (pieces placed) of the whole tree."""
        return float(self.node_probes.mean())


def estimate_solutions(
    board: PegBoard | None = None, samples: int = 10_000, seed: int = 0
) -> KnuthEstimate:
    """Knuth's estimate of the number of solutions and of nodes of the seed's search tree.

    Each probe walks one random path down the Ruby search (first empty cell,
    a uniformly chosen fitting piece); the product of the numbers of choices
    met is an unbiased estimate of the leaves, their running sum of the nodes.

    Parameters
    ----------
    board : PegBoard, optional
        The holes; the empty board (no holes, every pattern at once) by default.
    samples : int
        Number of random probes.
    seed : int
        Seed of the ``numpy.random.Generator``.

    Returns
    -------
    KnuthEstimate
        Each probe's estimates; ``solutions`` and ``nodes`` are their means.

    Examples
    --------
    >>> est = estimate_solutions(samples=2000, seed=1)
    >>> 1e8 < est.solutions < 1e11 and est.nodes > est.solutions
    True
    >>> len(est.solution_probes)
    2000
    """
    samples = check_count("samples", samples, minimum=1, allow_none=False)
    rng = np.random.default_rng(check_seed("seed", seed))
    start = board_mask(PegBoard() if board is None else checked_board(board))
    leaves = np.zeros(samples)
    nodes = np.zeros(samples)
    for i in range(samples):
        occ, weight, depth = start, 1.0, 0
        while depth < N_PIECES:
            fits = first_cell_fits(occ)[1]
            if not fits:
                weight = 0.0
                break
            weight *= len(fits)
            nodes[i] += weight
            occ |= fits[rng.integers(len(fits))][0]
            depth += 1
        leaves[i] = weight
    return KnuthEstimate(leaves, nodes)


def orbit_table(counts: np.ndarray) -> list[tuple[tuple[int, ...], int, int]]:
    """One row per orbit of hole patterns: (canonical holes, patterns in the orbit, solutions each).

    ``counts`` is the output of :func:`census`; patterns of one orbit have equal
    counts, which this does not assume: it reads the representative's count.

    Examples
    --------
    >>> rows = orbit_table(np.arange(N_PATTERNS))
    >>> len(rows), sum(size for _, size, _ in rows)
    (81648, 324632)
    """
    try:
        counts = np.asarray(counts, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        counts = None
    if counts is None or counts.shape != (N_PATTERNS,):
        raise ArgumentError(f"counts must be census()'s {N_PATTERNS:,} integers, one per hole "
                            "pattern")
    rows = []
    for index, holes in enumerate(combinations(range(N_CIRCLES), N_EMPTY)):
        orbit = images(holes)
        if holes == min(orbit):
            rows.append((holes, len(orbit), int(counts[index])))
    return rows


def _orbit_row(row: object) -> tuple[tuple[int, ...], int, int]:
    """One :func:`orbit_table` row, checked: (holes, orbit size, solutions)."""
    if not isinstance(row, (tuple, list)) or len(row) != 3:
        raise ArgumentError(f"an orbit_table row is (holes, orbit size, solutions), got {row!r}")
    holes, size, count = row
    return (check_circles(holes), check_count("an orbit's size", size, allow_none=False),
            check_count("an orbit's solutions", count, allow_none=False, maximum=None))


def empty_frequency(
    rows: list[tuple[tuple[int, ...], int, int]],
) -> tuple[np.ndarray, np.ndarray]:
    """How often each circle is empty: over the solvable patterns, and over all solutions.

    ``rows`` are :func:`orbit_table` rows; every pattern of each orbit is counted.

    Returns
    -------
    (by_pattern, by_solution) : tuple of numpy.ndarray
        Length 35: the share of solvable patterns with that circle among their
        holes, and the share of all finished boards with that circle empty.

    Examples
    --------
    >>> by_pattern, by_solution = empty_frequency([((0, 1, 2, 3, 4), 4, 10)])
    >>> by_pattern[[0, 6, 28]].tolist(), round(float(by_solution.sum()), 6)
    ([0.25, 0.25, 0.25], 5.0)
    """
    rows = [_orbit_row(row) for row in check_items("rows", rows, "orbit_table() rows")]
    patterns = np.zeros(N_CIRCLES)
    solutions = np.zeros(N_CIRCLES)
    solvable = total = 0
    for holes, _, count in rows:
        if count == 0:
            continue
        for image in images(holes):
            patterns[list(image)] += 1
            solutions[list(image)] += count
            solvable += 1
            total += count
    return patterns / max(solvable, 1), solutions / max(total, 1)
