"""A picture of one reasoning step: the cells it read, what it ruled out, what it placed.

The board is drawn as :func:`~dominosa_lab.draw.board.draw_puzzle` draws it, with
the dominoes already placed outlined in grey; on top, the cells the deduction
read are shaded, the placements it read are thin blue bars between cell centres,
each placement it rules out is a red bar crossed at its middle, and the placement
it puts in the solution, if any, is outlined in green. The step's sentence can go
underneath.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from dominosa_lab.core.options import check_count, check_flag, check_type
from dominosa_lab.core.puzzle import Placement
from dominosa_lab.draw.board import cell_xy, check_axes, checked_placements, draw_puzzle, outline
from dominosa_lab.logic import Step

__all__ = ["DONE_COLOR", "PLACED_COLOR", "READ_COLOR", "RULED_COLOR", "SEEN_COLOR", "draw_step"]

READ_COLOR = "#f6d55c"  # the cells a deduction read
SEEN_COLOR = "#3c6e9f"  # the placements it read
RULED_COLOR = "#c0392b"  # the placements it rules out
PLACED_COLOR = "#2e8b57"  # the placement it puts in the solution
DONE_COLOR = "#9a9a9a"  # dominoes placed before the step


def draw_step(
    step: Step,
    placed: Iterable[Placement] = (),
    ax: Axes | None = None,
    *,
    caption: bool = True,
    width: int = 60,
    title: str | None = None,
    coordinates: bool = False,
) -> Axes:
    """Draw ``step`` on its board (see the module docstring).

    Parameters
    ----------
    step : Step
        A step of :mod:`dominosa_lab.logic`.
    placed : iterable of Placement
        Dominoes already placed before the step (outlined in grey).
    ax : matplotlib Axes, optional
        Where to draw; a new figure sized to the board when omitted.
    caption : bool
        Write the step's sentence under the board, wrapped at ``width`` characters.
    title : str, optional
        Axes title; the deduction's name and level when omitted.
    coordinates : bool
        Number the rows and columns, as the sentences name cells ``(row,col)``.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dominosa_lab import from_tatham
    >>> from dominosa_lab.logic import State, domino_must_overlap
    >>> state = State(from_tatham("3:00033121123313202210"))
    >>> step = next(domino_must_overlap(state))
    >>> ax = draw_step(step, caption=False)
    >>> len(ax.lines) == len(step.placements) + 3 * len(step.ruled_out)  # a bar; a bar and an x
    True
    """
    check_type("step", step, Step, "a Step (one of Hints.steps)")
    placed = checked_placements(placed)
    check_flag("caption", caption)
    check_flag("coordinates", coordinates)
    width = check_count("width", width, minimum=10, allow_none=False)
    check_type("title", title, (str, type(None)), "text or None")
    check_axes(ax)
    puzzle = step.geometry.puzzle
    n_rows, n_cols = puzzle.shape
    if ax is None:
        room = 1.4 if caption else 0.6
        _, ax = plt.subplots(figsize=(0.62 * n_cols + 0.6, 0.62 * n_rows + room))
    ax = draw_puzzle(puzzle, list(placed), ax=ax, outline_color=DONE_COLOR,
                     title=f"{step.name} ({step.level})" if title is None else title,
                     coordinates=coordinates, highlight=step.cells, highlight_color=READ_COLOR)
    ruled = set(step.ruled_out)
    for pl in step.placements:
        if pl not in ruled:
            _bar(ax, pl, n_rows, SEEN_COLOR, 2.0)
    for pl in step.ruled_out:
        _bar(ax, pl, n_rows, RULED_COLOR, 2.6)
        _cross(ax, pl, n_rows)
    if step.placement is not None:
        outline(ax, puzzle, step.placement, PLACED_COLOR, linewidth=3.5)
    if caption:
        ax.text(0.5, -0.02, textwrap.fill(step.text, width), transform=ax.transAxes,
                ha="center", va="top", fontsize=9, wrap=True)
    return ax


def _bar(ax: Axes, pl: Placement, n_rows: int, color: str, width: float) -> None:
    """A bar between the centres of a placement's two cells (shortened to stay on the tiles)."""
    (xa, ya), (xb, yb) = cell_xy(pl.a, n_rows), cell_xy(pl.b, n_rows)
    dx, dy = (xb - xa) * 0.18, (yb - ya) * 0.18
    ax.plot([xa + dx, xb - dx], [ya + dy, yb - dy], color=color, linewidth=width,
            linestyle="-", solid_capstyle="round", zorder=2.5)


def _cross(ax: Axes, pl: Placement, n_rows: int) -> None:
    """An x over the middle of a placement."""
    (xa, ya), (xb, yb) = cell_xy(pl.a, n_rows), cell_xy(pl.b, n_rows)
    mx, my, r = (xa + xb) / 2, (ya + yb) / 2, 0.14
    for sign in (1, -1):
        ax.plot([mx - r, mx + r], [my - sign * r, my + sign * r], color=RULED_COLOR,
                linewidth=2.6, linestyle="-", zorder=2.6)
