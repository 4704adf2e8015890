"""Matplotlib drawings of DominoPeg: the wooden board, pieces with their pegs, heat maps.

Circle ``(row, col)`` is drawn at ``x = col, y = row`` (y grows downwards), so
piece cell ``(row, col)`` is the unit square between its four corner circles.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle
from matplotlib.ticker import FuncFormatter

from dominosa_lab.core.options import check_items, check_number, check_type
from dominosa_lab.dominopeg.model import (
    CIRCLE_COLS,
    CIRCLE_ROWS,
    N_CIRCLES,
    ORIENTATIONS,
    PIECE_COLS,
    Orientation,
    PegBoard,
    PegPlacement,
    PegSolution,
    checked_board,
)
from dominosa_lab.draw.board import check_axes
from dominosa_lab.errors import ArgumentError

__all__ = [
    "BOARD_COLOR",
    "EDGE_COLOR",
    "HOLE_COLOR",
    "HOLE_RADIUS",
    "INSET",
    "PEG_RADIUS",
    "PEG_SHADE",
    "PIECE_COLORS",
    "draw_empty_heatmap",
    "draw_orientation",
    "draw_orientations",
    "draw_peg",
]

BOARD_COLOR = "#c8a165"
PIECE_COLORS = plt.get_cmap("Set3").colors  # one pastel per piece; its pegs darker
PEG_SHADE = 0.55
EDGE_COLOR = "#6b4a1f"
HOLE_COLOR = "#2b1d0e"
INSET = 0.06  # gap between neighbouring pieces
PEG_RADIUS = 0.16
HOLE_RADIUS = 0.11


def draw_peg(
    board: PegBoard,
    solution: PegSolution | Iterable[PegPlacement] | None = None,
    ax: Axes | None = None,
    *,
    labels: bool = True,
    title: str | None = None,
) -> Axes:
    """Draw the wooden board: pieces as rounded rectangles with pegs, empty circles as holes.

    Each piece and its pegs share a colour; a peg sits on its circle, the corner
    or long-side middle of its piece.

    The holes the puzzle asks for are ringed in red.

    Parameters
    ----------
    board : PegBoard
        The puzzle (its holes are ringed).
    solution : PegSolution or placements, optional
        What lies on the board; nothing when omitted.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    labels : bool
        Write each piece's name (``0`` ... ``B``) on it.
    title : str, optional
        The axes title.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dominosa_lab.dominopeg.exact import solve
    >>> board = PegBoard([25, 26, 27, 32, 33])
    >>> ax = draw_peg(board, solve(board).solution)
    >>> len(ax.patches) > 35
    True
    >>> plt.close("all")
    """
    checked_board(board)
    check_axes(ax)
    if isinstance(solution, PegSolution):
        placements = list(solution.placements)
    else:
        placements = [check_type("solution's placement", pl, PegPlacement, "a PegPlacement")
                      for pl in check_items("solution", solution or (),
                                            "a PegSolution, a list of PegPlacement or None")]
    ax = plt.subplots(figsize=(6, 4.4))[1] if ax is None else ax
    ax.add_patch(Rectangle((-0.5, -0.5), CIRCLE_COLS, CIRCLE_ROWS, facecolor=BOARD_COLOR,
                           edgecolor=EDGE_COLOR, linewidth=2))
    pegs: set[int] = set()
    for pl in placements:
        _piece(ax, pl, labels)
        pegs.update(pl.pegs)
    for circle in range(N_CIRCLES):
        if circle not in pegs:
            row, col = divmod(circle, CIRCLE_COLS)
            ax.add_patch(Circle((col, row), HOLE_RADIUS, color=HOLE_COLOR))
    for hole in board.holes:
        row, col = divmod(hole, CIRCLE_COLS)
        ax.add_patch(Circle((col, row), HOLE_RADIUS * 1.9, fill=False, edgecolor="#c0392b",
                            linewidth=2))
    _frame(ax, CIRCLE_ROWS, CIRCLE_COLS, title)
    return ax


def _piece(ax: Axes, pl: PegPlacement, label: bool) -> None:
    """One piece: a rounded rectangle spanning its circles, its pegs as discs of its colour."""
    row, col = divmod(pl.cell, PIECE_COLS)
    width, height = (2, 1) if pl.orientation.horizontal else (1, 2)
    light = PIECE_COLORS[pl.piece]
    dark = tuple(PEG_SHADE * x for x in light)
    box = f"round,pad=0,rounding_size={3 * INSET}"
    ax.add_patch(FancyBboxPatch((col + INSET, row + INSET), width - 2 * INSET, height - 2 * INSET,
                                boxstyle=box, facecolor=light, edgecolor=EDGE_COLOR, linewidth=1.2))
    for circle in pl.pegs:
        r, c = divmod(circle, CIRCLE_COLS)
        ax.add_patch(Circle((c, r), PEG_RADIUS, facecolor=dark, edgecolor=EDGE_COLOR,
                            linewidth=0.8))
    if label:
        ax.text(col + width / 2, row + height / 2, pl.orientation.name, ha="center",
                va="center", fontsize=11, color=EDGE_COLOR, fontweight="bold")


def draw_orientation(orientation: Orientation, ax: Axes, margin: float = 0.6) -> Axes:
    """One orientation alone: the piece at the top-left of a small grid of circles, with
    ``margin`` circle spacings of room around the grid."""
    check_axes(ax, allow_none=False)
    margin = check_number("margin", margin)
    pl = PegPlacement(0, orientation)
    rows, cols = (2, 3) if orientation.horizontal else (3, 2)
    for r in range(rows):
        for c in range(cols):
            ax.add_patch(Circle((c, r), HOLE_RADIUS * 0.8, color=HOLE_COLOR, alpha=0.25))
    _piece(ax, pl, label=False)
    ax.set_xlim(-margin, 2 + margin)
    ax.set_ylim(2 + margin, -margin)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def draw_orientations(orientations: Sequence[Orientation] = ORIENTATIONS) -> Figure:
    """Every orientation, one column per base piece in the seed's order: a wide, short
    figure whose glyphs fill their squares (readable on a projector).

    Examples
    --------
    >>> fig = draw_orientations()
    >>> sum(1 for ax in fig.axes if ax.patches)
    70
    >>> plt.close("all")
    """
    orientations = [check_type("an orientation", o, Orientation, "an Orientation")
                    for o in check_items("orientations", orientations, "a list of Orientation")]
    if not orientations:
        raise ArgumentError("orientations must hold at least one Orientation, got none")
    pieces = sorted({o.piece for o in orientations})
    per_piece = {p: [o for o in orientations if o.piece == p] for p in pieces}
    height = max(len(v) for v in per_piece.values())
    fig, axes = plt.subplots(height, len(pieces), figsize=(13, 8.6), squeeze=False)
    for j, p in enumerate(pieces):
        for i, ax in enumerate(axes[:, j]):
            ax.axis("off")
            if i < len(per_piece[p]):
                o = per_piece[p][i]
                draw_orientation(o, ax, margin=0.3)
                ax.set_title(f"{o.name} {'F' if o.flip else ''}{o.rotation}", fontsize=14,
                             pad=2)
    fig.subplots_adjust(left=0.005, right=0.995, top=0.96, bottom=0.005, wspace=0.08,
                        hspace=0.35)
    return fig


def draw_empty_heatmap(values: Sequence[float], ax: Axes | None = None, *,
                       title: str | None = None, fmt: str = "{:.0%}",
                       vmin: float = 0.0, vmax: float | None = None) -> Axes:
    """A heat map over the 35 circles (e.g. how often each is empty), each value written in.

    The colour scale starts at ``vmin`` (zero by default, so that a small difference
    looks small) and ends at ``vmax`` (the largest value by default); give two maps
    the same ``vmax`` to compare them. The colour bar's ticks are written with
    ``fmt``, as the values are.

    Examples
    --------
    >>> ax = draw_empty_heatmap([c / 34 for c in range(35)])
    >>> len(ax.texts)
    35
    >>> plt.close("all")
    """
    values = check_items("values", values, f"{N_CIRCLES} numbers, one per circle")
    if len(values) != N_CIRCLES:
        raise ArgumentError(f"values must be {N_CIRCLES} numbers, one per circle, got "
                            f"{len(values)}")
    values = [check_number(f"values[{i}]", v, minimum=-math.inf, allow_none=False)
              for i, v in enumerate(values)]
    check_axes(ax)
    grid = np.asarray(values, dtype=float).reshape(CIRCLE_ROWS, CIRCLE_COLS)
    ax = plt.subplots(figsize=(6, 4.4))[1] if ax is None else ax
    vmax = float(grid.max()) if vmax is None else vmax
    image = ax.imshow(grid, cmap="YlOrBr", vmin=vmin, vmax=vmax)
    for (r, c), v in np.ndenumerate(grid):
        dark = v > vmin + 0.6 * (vmax - vmin)
        ax.text(c, r, fmt.format(v), ha="center", va="center", fontsize=12,
                color="white" if dark else "black")
    ax.figure.colorbar(image, ax=ax, shrink=0.8, format=FuncFormatter(lambda v, _: fmt.format(v)))
    ax.set_xticks(range(CIRCLE_COLS))
    ax.set_yticks(range(CIRCLE_ROWS))
    ax.grid(False)
    if title:
        ax.set_title(title)
    return ax


def _frame(ax: Axes, rows: int, cols: int, title: str | None) -> None:
    ax.set_xlim(-0.7, cols - 0.3)
    ax.set_ylim(rows - 0.3, -0.7)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
