"""Uniformly random arrangements: the double-N numbers shuffled onto the board, solvable or not.

Caviness asks about all the ways to write the numbers on a board, not only the
boards a generator lays dominoes on. A *shuffled* board is one of those ways
drawn uniformly: each number 0..N written N+2 times on the (N+1) x (N+2)
rectangle in a uniformly random order. Most have no solution at all once N
passes 5. Compare :func:`~dominosa_lab.boards.planted.random_puzzle`, which
lays the set on a random tiling and so is always solvable.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.core.options import check_count, keywords_after_first
from dominosa_lab.core.puzzle import Puzzle

__all__ = ["shuffled_puzzle"]


@keywords_after_first
def shuffled_puzzle(n: int, *, seed: int) -> Puzzle:
    """A uniformly random arrangement of the double-``n`` numbers, named ``shuffled-nN-sSEED``.

    Every arrangement is equally likely: a uniform permutation (from
    ``numpy.random.default_rng(seed)``) of the multiset with ``n + 2`` copies of
    each number, laid out row by row.

    Raises
    ------
    ArgumentError
        For a negative or non-integer ``n`` or ``seed``.

    Examples
    --------
    >>> p = shuffled_puzzle(2, seed=7)
    >>> p.name, p.shape, sorted(v for row in p.rows for v in row) == sorted([0, 1, 2] * 4)
    ('shuffled-n2-s7', (3, 4), True)
    """
    n = check_count("n", n, allow_none=False)
    seed = check_count("seed", seed, allow_none=False, maximum=None)
    numbers = np.random.default_rng(seed).permutation(np.repeat(np.arange(n + 1), n + 2))
    return Puzzle(numbers.reshape(n + 1, n + 2).tolist(), max_pip=n, name=f"shuffled-n{n}-s{seed}")
