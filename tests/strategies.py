"""Hypothesis strategies: random well-formed Dominosa boards with a planted solution, and small
exact-cover models for the engine's kernels."""

from __future__ import annotations

import random

from hypothesis import assume
from hypothesis import strategies as st

from dominosa_lab.core.puzzle import Placement, Puzzle, Solution, bone_pile
from dominosa_lab.solvers.engine.state import CoverModel, cover_model


def _random_tiling(cells: set[tuple[int, int]], rng: random.Random) -> list[Placement] | None:
    """A domino tiling of ``cells`` by randomised backtracking (small boards only)."""
    free = set(cells)
    placed: list[Placement] = []

    def fill() -> bool:
        if not free:
            return True
        r, c = min(free)
        moves = [(r, c + 1), (r + 1, c)]
        rng.shuffle(moves)
        for other in moves:
            if other in free:
                free.difference_update({(r, c), other})
                placed.append(Placement((r, c), other))
                if fill():
                    return True
                placed.pop()
                free.update({(r, c), other})
        return False

    return placed if fill() else None


def planted_board(n: int, rng: random.Random) -> tuple[Puzzle, Solution]:
    """A full (n+1) x (n+2) board made by laying the shuffled double-n set on a random tiling."""
    cells = {(r, c) for r in range(n + 1) for c in range(n + 2)}
    tiling = _random_tiling(cells, rng)
    dominoes = list(bone_pile(n))
    rng.shuffle(dominoes)
    grid = [[0] * (n + 2) for _ in range(n + 1)]
    for pl, (lo, hi) in zip(tiling, dominoes, strict=True):
        x, y = (lo, hi) if rng.random() < 0.5 else (hi, lo)
        grid[pl.a[0]][pl.a[1]], grid[pl.b[0]][pl.b[1]] = x, y
    puzzle = Puzzle(grid, max_pip=n)
    return puzzle, Solution(puzzle, tiling)


def random_board(n: int, seed: int) -> tuple[Puzzle, Solution]:
    """:func:`planted_board` from an integer seed."""
    return planted_board(n, random.Random(seed))


@st.composite
def boards(draw, min_n: int = 0, max_n: int = 4) -> tuple[Puzzle, Solution]:
    """A random full board of a double-N set, N in [min_n, max_n], with its planted solution."""
    n = draw(st.integers(min_n, max_n))
    rng = draw(st.randoms(use_true_random=False))
    return planted_board(n, rng)


@st.composite
def cover_models(draw, max_items: int = 5, max_options: int = 8) -> CoverModel:
    """A small exact-cover model: up to ``max_items`` items, some secondary, and up to
    ``max_options`` options, each a non-empty set of them (two options may be equal)."""
    n = draw(st.integers(1, max_items))
    options = draw(st.lists(st.sets(st.integers(0, n - 1), min_size=1),
                            min_size=1, max_size=max_options))
    primary = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    starts = [0]
    for option in options:
        starts.append(starts[-1] + len(option))
    return cover_model(starts, [i for option in options for i in sorted(option)], primary)


@st.composite
def domino_grids(draw, max_side: int = 5) -> CoverModel:
    """The domino tilings of a grid of at most ``max_side`` squares a side with up to three
    squares taken out, as an exact cover: an item per square (row by row; those taken out are
    secondary, with no option), an option per pair of neighbouring squares left. Grids with an
    odd or unbalanced number of squares left have no tiling, which a search must refute."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(2, max_side))
    out = draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                       max_size=3))
    pairs = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)] + \
            [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    pairs = [(a, b) for a, b in pairs if a not in out and b not in out]
    assume(pairs)
    items = [r * cols + c for pair in pairs for r, c in pair]
    return cover_model(range(0, 2 * len(pairs) + 1, 2), items,
                       [(r, c) not in out for r in range(rows) for c in range(cols)])
