"""Hypothesis strategies: random well-formed Dominosa boards with a planted solution."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from dominosa_lab.puzzle import Placement, Puzzle, Solution, bone_pile


def _random_tiling(n_rows: int, n_cols: int, rng: random.Random) -> list[Placement]:
    """A random domino tiling of an ``n_rows`` x ``n_cols`` rectangle (one side even).

    Bricks (horizontal when the width is even, else vertical) mixed by random
    2x2 flips: two parallel dominoes filling a 2x2 square turn a quarter. Flips
    connect all tilings of a rectangle, so any tiling can appear (not exactly
    uniformly); unlike a backtracking fill, the time is linear at any size.
    """
    w = n_cols
    mate = [i + 1 - 2 * (i % 2) if w % 2 == 0 else i + w - 2 * w * ((i // w) % 2)
            for i in range(n_rows * w)]
    for _ in range(5 * n_rows * w if n_rows > 1 and w > 1 else 0):
        a = rng.randrange(n_rows - 1) * w + rng.randrange(w - 1)
        b, c, d = a + 1, a + w, a + w + 1
        if mate[a] == b and mate[c] == d:
            mate[a], mate[c], mate[b], mate[d] = c, a, d, b
        elif mate[a] == c and mate[b] == d:
            mate[a], mate[b], mate[c], mate[d] = b, a, d, c
    return [Placement(divmod(i, w), divmod(mate[i], w)) for i in range(n_rows * w) if i < mate[i]]


def planted_board(n: int, rng: random.Random) -> tuple[Puzzle, Solution]:
    """A full (n+1) x (n+2) board made by laying the shuffled double-n set on a random tiling."""
    tiling = _random_tiling(n + 1, n + 2, rng)
    dominoes = list(bone_pile(n))
    rng.shuffle(dominoes)
    grid = [[0] * (n + 2) for _ in range(n + 1)]
    for pl, (lo, hi) in zip(tiling, dominoes, strict=True):
        x, y = (lo, hi) if rng.random() < 0.5 else (hi, lo)
        grid[pl.a[0]][pl.a[1]], grid[pl.b[0]][pl.b[1]] = x, y
    puzzle = Puzzle(grid, max_pip=n)
    return puzzle, Solution(puzzle, tiling)


def random_board(n: int, seed: int) -> tuple[Puzzle, Solution]:
    """:func:`planted_board` from an integer seed: the same seed gives the same board."""
    return planted_board(n, random.Random(seed))


@st.composite
def boards(draw, min_n: int = 0, max_n: int = 4) -> tuple[Puzzle, Solution]:
    """A random full board of a double-N set, N in [min_n, max_n], with its planted solution."""
    n = draw(st.integers(min_n, max_n))
    rng = draw(st.randoms(use_true_random=False))
    return planted_board(n, rng)
