"""``dlx``: Dominosa as exact cover, solved by the dancing-links engine (the TCG homework).

Items: one primary item per cell (row-major) and one per domino (00, 01, ..., NN).
Options: one per pair of adjacent cells, covering its two cells and the domino
their numbers make; ``2RC - R - C`` options on a full R x C board. A solution
covers every cell once and uses every domino once, which is Dominosa.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from dominosa_lab.core.board import board_model
from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.puzzle import Puzzle, Solution
from dominosa_lab.core.search import Search

__all__ = ["formulation", "solve"]


def formulation(puzzle: Puzzle) -> ExactCover:
    """The exact-cover problem of ``puzzle``: cells then dominoes as items, placements as options
    (the board model's ``dlx`` view).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> ec = formulation(load("tcg-n10"))        # 11 x 12: 2*11*12 - 11 - 12 options
    >>> ec.n_items, ec.n_options
    (198, 241)
    """
    return board_model(puzzle).exact_cover("dlx")


def solve(
    puzzle: Puzzle,
    search: Search,
    order: str = "mrv",
    seed: int | np.random.Generator | None = None,
) -> Iterator[Solution]:
    """Yield every solution, branching on the item the ``order`` heuristic picks.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> r = solve(load("tcg-n10"), method="dlx")
    >>> r.status, r.solution.is_valid(), r.stats.nodes
    ('solved', True, 129)
    """
    problem = formulation(puzzle)
    placements = problem.payloads

    def build(rows: list[int]) -> Solution:
        return Solution(puzzle, [placements[j] for j in rows])

    return problem.solve(search, order=order, seed=seed, build=build)
