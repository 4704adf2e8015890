"""Random Dominosa boards for the tests: a seeded domino tiling with the double-N set shuffled on.

The tiling starts from bricks (all horizontal when the width is even, else all
vertical) and is mixed by random 2x2 flips: two parallel dominoes filling a 2x2
square are turned a quarter. Flips connect all tilings of a rectangle, so every
tiling can appear; the distribution is not exactly uniform, which these tests
do not need.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from dominosa_lab import Placement, Puzzle, Solution
from dominosa_lab.puzzle import bone_pile

Cell = tuple[int, int]


def random_tiling(
    n_rows: int, n_cols: int, rng: random.Random, sweeps: int = 20
) -> list[Placement]:
    """A random domino tiling of an ``n_rows`` x ``n_cols`` rectangle (one side even)."""
    partner: dict[Cell, Cell] = {}

    def lay(a: Cell, b: Cell) -> None:
        partner[a], partner[b] = b, a

    for r in range(n_rows):
        for c in range(n_cols):
            if n_cols % 2 == 0 and c % 2 == 0:
                lay((r, c), (r, c + 1))
            elif n_cols % 2 and r % 2 == 0:
                lay((r, c), (r + 1, c))
    for _ in range(sweeps * n_rows * n_cols):
        r, c = rng.randrange(n_rows - 1), rng.randrange(n_cols - 1)
        if partner[(r, c)] == (r, c + 1) and partner[(r + 1, c)] == (r + 1, c + 1):
            lay((r, c), (r + 1, c))
            lay((r, c + 1), (r + 1, c + 1))
        elif partner[(r, c)] == (r + 1, c) and partner[(r, c + 1)] == (r + 1, c + 1):
            lay((r, c), (r, c + 1))
            lay((r + 1, c), (r + 1, c + 1))
    return sorted({Placement(a, b) for a, b in partner.items()})


def random_board(n: int, seed: int) -> tuple[Puzzle, Solution]:
    """A random double-``n`` board on (n+1) x (n+2) cells and its planted solution."""
    rng = random.Random(seed)
    tiling = random_tiling(n + 1, n + 2, rng)
    dominoes = list(bone_pile(n))
    rng.shuffle(dominoes)
    grid: list[list[int | None]] = [[None] * (n + 2) for _ in range(n + 1)]
    for pl, (x, y) in zip(tiling, dominoes, strict=True):
        a, b = pl.cells
        if rng.random() < 0.5:
            x, y = y, x
        grid[a[0]][a[1]], grid[b[0]][b[1]] = x, y
    puzzle = Puzzle(grid, max_pip=n)
    return puzzle, Solution(puzzle, tiling)


@st.composite
def boards(draw: st.DrawFn, max_n: int = 4) -> tuple[Puzzle, Solution]:
    """Hypothesis strategy: a random board with ``1 <= N <= max_n`` and its planted solution."""
    n = draw(st.integers(min_value=1, max_value=max_n))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return random_board(n, seed)
