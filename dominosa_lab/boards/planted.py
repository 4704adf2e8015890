"""Random Dominosa puzzles with their planted solution, reproducible from a seed.

A random puzzle is a random domino tiling of the board (a sampler from
:data:`dominosa_lab.tilings.sample.SAMPLERS`, chosen by ``tiling=``) with the
complete double-N set shuffled onto it, each domino turned either way. All
randomness comes from one ``numpy.random.Generator`` made from the seed
(PCG64, the same stream on every machine), and nothing depends on the order
of sets or hashes, so the same arguments give the same puzzle everywhere.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

import numpy as np

from dominosa_lab.core.options import (
    check_count,
    check_fits,
    describe_value,
    keywords_after_first,
)
from dominosa_lab.core.puzzle import (
    Placement,
    Puzzle,
    Solution,
    bone_pile,
    check_cell_count,
    is_int,
)
from dominosa_lab.errors import ArgumentError
from dominosa_lab.tilings.count import BoardShape, board_mask
from dominosa_lab.tilings.sample import TilingSampler, checked_tiling, get_sampler

__all__ = ["Planted", "board_name", "checked_board", "plant", "random_puzzle"]


class Planted(NamedTuple):
    """A random puzzle and the solution planted in it (it may have others too)."""

    puzzle: Puzzle
    solution: Solution


@keywords_after_first
def random_puzzle(
    n: int,
    *,
    seed: int | np.random.Generator,
    shape: BoardShape | None = None,
    tiling: str | TilingSampler = "uniform",
) -> Planted:
    """A random double-``n`` puzzle and the solution planted in it.

    Parameters
    ----------
    n : int
        The double-n set: ``(n+1)(n+2)/2`` dominoes, numbers 0..n.
    seed : int or numpy.random.Generator
        Everything random is drawn from ``numpy.random.default_rng(seed)``, or from the
        Generator itself (which it advances; the puzzle's name then has no seed part).
    shape : optional
        The board: ``(rows, cols)``, a boolean mask or rows with ``None`` gaps
        (see :func:`dominosa_lab.tilings.board_mask`) with ``(n+1)(n+2)`` cells;
        by default the ``(n+1) x (n+2)`` rectangle.
    tiling : str or callable
        A name in :data:`dominosa_lab.tilings.sample.SAMPLERS` (default ``"uniform"``:
        every tiling equally likely) or a sampler ``f(mask, rng) -> placements``.

    Returns
    -------
    Planted
        A named pair: ``puzzle``, named e.g. ``"random-n10-s3"``, and ``solution``,
        the planted one (the puzzle may have other solutions too).

    Raises
    ------
    ArgumentError
        For a negative or non-integer ``n`` or seed, an ``n`` whose board does not
        fit in memory (:func:`~dominosa_lab.core.options.check_fits`), or a seed given
        by position: everything after ``n`` is by keyword.
    PuzzleError
        For a board whose cell count is odd or not ``(n+1)(n+2)``, an unknown sampler,
        or a sampler whose placements do not tile the board.

    Examples
    --------
    >>> p, s = random_puzzle(3, seed=1)
    >>> p.name, p.shape, s.is_valid(p)
    ('random-n3-s1', (4, 5), True)
    >>> random_puzzle(3, seed=1).puzzle == p
    True
    >>> random_puzzle(3, seed=np.random.default_rng(1)).puzzle == p
    True
    """
    if isinstance(seed, np.random.Generator):
        rng, seed = seed, None
    elif is_int(seed) and seed >= 0:
        seed = int(seed)
        rng = np.random.default_rng(seed)
    else:
        raise ArgumentError(f"seed must be a non-negative integer or a numpy Generator, got "
                            f"{describe_value(seed)}")
    mask = checked_board(n, shape)
    name, sampler = get_sampler(tiling)
    rows, placements = plant(mask, n, rng, sampler)
    puzzle = Puzzle(rows, max_pip=n, name=_name(n, seed, shape, mask, name))
    return Planted(puzzle, Solution(puzzle, placements))


def plant(
    mask: np.ndarray, n: int, rng: np.random.Generator, sampler: TilingSampler
) -> tuple[list[list[int | None]], list[Placement]]:
    """The rows of a random double-``n`` board on ``mask`` and the tiling planted in it.

    A tiling drawn by ``sampler``, then the set laid on it in a random order, each
    domino turned at random; everything drawn from ``rng``.
    """
    placements = checked_tiling(mask, sampler(mask, rng))
    return _lay_dominoes(mask, placements, n, rng), placements


def checked_board(n: int, shape: BoardShape | None, *, pairs: bool = False) -> np.ndarray:
    """The mask of a double-``n`` board of ``shape`` (default: the (n+1) x (n+2) rectangle),
    each size checked before anything is allocated: ``n`` against memory
    (:func:`~dominosa_lab.core.options.check_fits`, ``pairs`` for the reasoning layer) and a
    ``(rows, cols)`` shape against the cells of the set.

    Examples
    --------
    >>> checked_board(1, (2, 3)).shape
    (2, 3)
    >>> checked_board(1, (100000, 100000))
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.PuzzleError: a double-1 set covers 6 cells (3 dominoes), the board has \
10,000,000,000
    """
    n = check_count("n", n, allow_none=False)
    check_fits("n", (n + 1) * (n + 2), pairs=pairs)
    if shape is None:
        shape = (n + 1, n + 2)
    if isinstance(shape, (tuple, list)) and len(shape) == 2 and all(map(is_int, shape)) \
            and min(shape) >= 0:
        check_cell_count(int(shape[0]) * int(shape[1]), n)
    mask = board_mask(shape)
    check_cell_count(int(mask.sum()), n)
    return mask


def _lay_dominoes(
    mask: np.ndarray, placements: list[Placement], n: int, rng: np.random.Generator
) -> list[list[int | None]]:
    """The double-n set in a random order on the placements, each turned at random."""
    pile = bone_pile(n)
    order = rng.permutation(len(pile)).tolist()
    turns = rng.integers(0, 2, size=len(pile)).tolist()
    rows: list[list[int | None]] = [[None] * mask.shape[1] for _ in range(mask.shape[0])]
    for pl, k, turn in zip(placements, order, turns, strict=True):
        lo, hi = pile[k]
        (r1, c1), (r2, c2) = pl.cells
        rows[r1][c1], rows[r2][c2] = (hi, lo) if turn else (lo, hi)
    return rows


def _name(n: int, seed: int | None, shape: BoardShape | None, mask: np.ndarray,
          sampler: str) -> str:
    """``random-n10-s3``; another board or sampler is named too: ``random-n10-12x11-flips-s3``."""
    return board_name("random", n, seed, shape, mask, "" if sampler == "uniform" else sampler)


def board_name(kind: str, n: int, seed: int | None, shape: BoardShape | None, mask: np.ndarray,
               detail: str = "") -> str:
    """``KIND-nN[-BOARD][-DETAIL]-sSEED``; BOARD only when not the (n+1) x (n+2) rectangle,
    ``-sSEED`` only for an integer seed.

    A board with gaps carries a digest of its mask: ``random-n10-11x13gaps1f2e3d-s3``.
    """
    parts = [f"{kind}-n{n}"]
    if shape is not None and (mask.shape != (n + 1, n + 2) or not mask.all()):
        gaps = "" if mask.all() else "gaps" + _digest(mask)
        parts.append(f"{mask.shape[0]}x{mask.shape[1]}{gaps}")
    if detail:
        parts.append(detail)
    if seed is not None:
        parts.append(f"s{seed}")
    return "-".join(parts)


def _digest(mask: np.ndarray) -> str:
    """Six hex digits that tell masks of the same size apart, the same on every machine."""
    return hashlib.sha1(np.packbits(mask).tobytes()).hexdigest()[:6]
