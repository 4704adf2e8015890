"""Exact cover in one picture: the 0/1 matrix of options by items, the chosen rows highlighted."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from dominosa_lab.core.board import board_model
from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.options import check_count, check_items, check_number, check_type
from dominosa_lab.core.puzzle import Puzzle, Solution
from dominosa_lab.draw.board import check_axes, checked_placements
from dominosa_lab.draw.theme import matrix_axes
from dominosa_lab.errors import PuzzleError
from dominosa_lab.formats.rmatrix import domino_label
from dominosa_lab.trace.tree import placement_label

__all__ = [
    "CHOSEN_BAND",
    "CHOSEN_COLOR",
    "GRID_COLOR",
    "ONE_COLOR",
    "draw_dominosa_cover",
    "draw_exact_cover",
]

ONE_COLOR = "#4d4d4d"
CHOSEN_COLOR = "#1a9850"
CHOSEN_BAND = "#d9f0d3"
GRID_COLOR = "#d0d0d0"


def draw_exact_cover(
    problem: ExactCover,
    chosen: Collection[int] = (),
    ax: Axes | None = None,
    *,
    row_labels: Sequence[str] | None = None,
    col_labels: Sequence[str] | None = None,
    fontsize: float = 7.0,
) -> Axes:
    """Draw an exact-cover problem as its 0/1 matrix, options as rows and items as columns.

    A 1 is a dark square; the rows in ``chosen`` (option indices) are shaded and
    their 1s drawn green, so an exact cover shows as one green square in every
    primary column. A line separates primary from secondary items. A new figure
    gets square cells at least twice the labels' ``fontsize`` (in points) high.

    Examples
    --------
    >>> ec = ExactCover(3, 0, [[0, 1], [2], [1, 2]], names="abc")
    >>> ax = draw_exact_cover(ec, chosen=[0, 1])
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['a', 'b', 'c']
    """
    check_type("problem", problem, ExactCover, "an ExactCover problem")
    chosen = [check_count("a chosen option", row, allow_none=False, maximum=problem.n_options - 1)
              for row in check_items("chosen", chosen, "a list of option indices")]
    fontsize = check_number("fontsize", fontsize, allow_none=False)
    check_axes(ax)
    n_rows, n_cols = problem.n_options, problem.n_items
    if ax is None:
        cell = max(0.22, 2 * fontsize / 72)  # inches
        _, ax = plt.subplots(figsize=(cell * n_cols + 1.5, cell * n_rows + 1))
    chosen = set(chosen)
    for j in chosen:
        ax.add_patch(Rectangle((-0.5, j - 0.5), n_cols, 1, facecolor=CHOSEN_BAND,
                               edgecolor="none", zorder=0))
    for j, option in enumerate(problem.options):
        color = CHOSEN_COLOR if j in chosen else ONE_COLOR
        for item in option:
            ax.add_patch(Rectangle((item - 0.4, j - 0.4), 0.8, 0.8, facecolor=color,
                                   edgecolor="none", zorder=2))
    ax.hlines([i - 0.5 for i in range(n_rows + 1)], -0.5, n_cols - 0.5, colors=GRID_COLOR,
              linewidth=0.5, zorder=1)
    ax.vlines([i - 0.5 for i in range(n_cols + 1)], -0.5, n_rows - 0.5, colors=GRID_COLOR,
              linewidth=0.5, zorder=1)
    if 0 < problem.n_primary < n_cols:
        ax.axvline(problem.n_primary - 0.5, color="black", linewidth=1.2, zorder=3)
    ax.set_xlim(-0.5, n_cols - 0.5)
    ax.set_ylim(n_rows - 0.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks(range(n_cols), col_labels or [str(n) for n in problem.names],
                  rotation=90, fontsize=fontsize)
    ax.set_yticks(range(n_rows), row_labels or [str(p) for p in problem.payloads],
                  fontsize=fontsize)
    matrix_axes(ax)
    return ax


def draw_dominosa_cover(
    puzzle: Puzzle, solution: Solution | None = None, ax: Axes | None = None, **options
) -> Axes:
    """Draw the exact-cover matrix of a board (the ``dlx`` formulation), a solution's rows green.

    Columns are the cells (``r0c1``) then the dominoes (``01``); rows are the
    placements, named by domino and direction and their first cell.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> ax = draw_dominosa_cover(p, solve(p, method="dlx").solution)
    >>> len(ax.get_yticklabels()), len(ax.get_xticklabels())
    (7, 9)
    """
    check_type("puzzle", puzzle, Puzzle, "a Puzzle")
    placements = checked_placements(solution)
    model = board_model(puzzle)
    problem = model.exact_cover("dlx")
    cols = [f"r{r}c{c}" for r, c in puzzle.cells]
    cols += [domino_label(d, puzzle.max_pip) for d in problem.names[model.n_squares:]]
    rows = [f"{placement_label(puzzle, pl)} at {pl.a}" for pl in problem.payloads]
    rank = model.view("dlx").rank
    try:
        chosen = [rank[model.placement_index[pl]] for pl in placements]
    except KeyError as err:
        raise PuzzleError(f"solution: {err.args[0]} is not a placement of this board") from None
    return draw_exact_cover(problem, chosen, ax, row_labels=rows, col_labels=cols, **options)
