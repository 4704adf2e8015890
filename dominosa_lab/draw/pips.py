"""Pip layouts of domino faces, 0 to 12, as data: where the dots go on a half-domino.

Caviness draws double-6 and double-9 faces from 3x3 matrices, "a pip wherever
the matrix had a 1", some made by built-in matrix commands and the rest "by
addition and subtraction". :data:`ARTICLE_MATRICES` builds them that way,
from the identity, its mirror image and a matrix of ones. He notes that a
double-12 set "would require adjusting the pip positions": 10, 11 and 12 do
not fit a 3x3 grid, so, as on real double-12 sets, their outer columns hold
four pips and the middle column two, three or four (:data:`TALL_COLUMNS`).
The faces 0-9 keep their 3x3 positions, which real double-12 sets share.

Positions are ``(x, y)`` in the unit square of one cell, ``x`` to the right
and ``y`` up; beyond 12 there is no layout and drawings fall back to numbers.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.errors import ArgumentError

__all__ = ["ARTICLE_MATRICES", "MAX_PIPS", "TALL_COLUMNS", "has_layout", "layout", "pip_radius"]

MAX_PIPS = 12

_I = np.eye(3, dtype=int)  # IdentityMatrix[3]: the diagonal
_J = np.fliplr(_I)  # its mirror: the other diagonal
_ONES = np.ones((3, 3), dtype=int)  # ConstantArray[1, {3, 3}]
_CENTRE = _I * _J  # the one cell both diagonals share
_MIDDLE_COLUMN = _ONES @ _CENTRE

#: The article's double-9 faces: 3x3 0/1 matrices, row 0 at the top.
ARTICLE_MATRICES: dict[int, np.ndarray] = {
    0: 0 * _ONES,
    1: _CENTRE,
    2: _J - _CENTRE,
    3: _J,
    4: _I + _J - 2 * _CENTRE,
    5: _I + _J - _CENTRE,
    6: _ONES - _MIDDLE_COLUMN,
    7: _ONES - _MIDDLE_COLUMN + _CENTRE,
    8: _ONES - _CENTRE,
    9: _ONES,
}

#: Pips per column (left, middle, right) of the faces a 3x3 grid cannot hold.
TALL_COLUMNS: dict[int, tuple[int, int, int]] = {10: (4, 2, 4), 11: (4, 3, 4), 12: (4, 4, 4)}

_MARGIN = 0.22  # distance of the outer pips from the cell's edge


def layout(n: int) -> tuple[tuple[float, float], ...]:
    """The pip positions of face ``n`` (0..12) in the unit square, ``y`` up.

    Examples
    --------
    >>> layout(1)
    ((0.5, 0.5),)
    >>> [len(layout(n)) for n in range(13)] == list(range(13))
    True
    """
    if n in ARTICLE_MATRICES:
        rows, cols = np.nonzero(ARTICLE_MATRICES[n])
        return tuple((_spread(int(c), 3), _spread(2 - int(r), 3))
                     for r, c in zip(rows, cols, strict=True))
    if n in TALL_COLUMNS:
        return tuple(
            (_spread(col, 3), _spread(k, count))
            for col, count in enumerate(TALL_COLUMNS[n])
            for k in reversed(range(count))
        )
    raise ArgumentError(f"n must be a number of pips from 0 to {MAX_PIPS} (a layout exists "
                        f"for each), got {n!r}")


def pip_radius(max_pip: int) -> float:
    """Pip radius (in cells) for a set: smaller once faces need four pips in a column.

    Examples
    --------
    >>> pip_radius(6) > pip_radius(12)
    True
    """
    return 0.085 if max_pip < min(TALL_COLUMNS) else 0.065


def has_layout(n: int) -> bool:
    """Whether face ``n`` can be drawn with pips."""
    return 0 <= n <= MAX_PIPS


def _spread(k: int, count: int) -> float:
    """Position of the ``k``-th of ``count`` evenly spread pips across the cell."""
    if count == 1:
        return 0.5
    return _MARGIN + k * (1 - 2 * _MARGIN) / (count - 1)
