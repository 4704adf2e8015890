"""Matplotlib drawings of boards and solutions, in the R blog's greys, with cell borders.

Every cell is a light tile framed by a thin grey border, so that a printed board
has edges to draw dominoes along; nothing else crosses a tile (the theme's grid is
turned off on a board), and a placed domino is a bold outline inside its two cells.

A board of more than :data:`MANY_CELLS` cells is drawn the same way with its tiles as one
collection and its numbers as one collection of glyph outlines (``TextPath``): matplotlib lays
out and draws each text and patch on its own, and ``dominosa-lab draw`` of a planted board of
N = 150 took 105 s that way and 11 s this way (``benchmarks/results/questions.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.colors import ListedColormap, is_color_like
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle
from matplotlib.text import TextPath
from matplotlib.transforms import Affine2D

from dominosa_lab.core.options import (
    check_flag,
    check_items,
    check_number,
    check_type,
    describe_value,
)
from dominosa_lab.core.puzzle import Placement, Puzzle, Solution, as_cell, as_placement
from dominosa_lab.draw.pips import has_layout, layout, pip_radius
from dominosa_lab.draw.theme import GREY20, GREY60, GREY90, matrix_axes
from dominosa_lab.errors import ArgumentError

if TYPE_CHECKING:
    from dominosa_lab.trace.play import DominoTable

__all__ = [
    "BORDER_COLOR",
    "COORDINATE_COLOR",
    "HIGHLIGHT_COLOR",
    "MANY_CELLS",
    "MOST_INCHES",
    "OUTLINE_COLOR",
    "OUTLINE_INSET",
    "PIP_COLOR",
    "TILE_COLOR",
    "TILE_SIZE",
    "cell_inches",
    "cell_xy",
    "check_axes",
    "check_color",
    "checked_placements",
    "draw_domino_table",
    "draw_puzzle",
    "draw_puzzle_and_solution",
    "outline",
]

TILE_COLOR = GREY90  # the R blog's tile fill
OUTLINE_COLOR = GREY20  # the R blog's domino outline
TILE_SIZE = 1.0  # a cell fills its square; neighbours share a border
BORDER_COLOR = GREY60  # the thin cell borders
OUTLINE_INSET = 0.42  # the R blog's rectangle half-extent around a cell centre
PIP_COLOR = "#111111"
COORDINATE_COLOR = "#555555"  # row and column numbers beside the board
HIGHLIGHT_COLOR = "#fdd49e"  # a light orange that black numbers and outlines stay readable on
#: The longest side, in inches, of the boards in a figure the drawing makes itself.
MOST_INCHES = 48.0
#: Boards of more cells draw their tiles and numbers as collections (see the module).
MANY_CELLS = 2_000


def draw_puzzle(
    puzzle: Puzzle,
    solution: Solution | Iterable[Placement] | None = None,
    ax: Axes | None = None,
    *,
    numbers: bool = True,
    pips: bool = False,
    tile_color: str = TILE_COLOR,
    outline_color: str = OUTLINE_COLOR,
    linewidth: float | None = None,
    fontsize: float | None = None,
    title: str | None = None,
    coordinates: bool = False,
    highlight: Iterable[tuple[int, int]] = (),
    highlight_color: str = HIGHLIGHT_COLOR,
) -> Axes:
    """Draw a board, and optionally placed dominoes, in the greys of the R blog's plots.

    Light tiles framed by thin grey cell borders carry the numbers; each placed
    domino gets a bold outline inside its two cells.
    Gaps are left blank. ``solution`` may be a complete :class:`Solution` or any
    iterable of :class:`Placement` (a partial placement). With ``pips=True`` the
    cells under placed dominoes show domino faces (Caviness's dotted display,
    layouts in :mod:`dominosa_lab.draw.pips`); numbers above 12 stay numbers.

    Parameters
    ----------
    puzzle : Puzzle
        The board.
    solution : Solution or iterable of Placement, optional
        Dominoes to outline.
    ax : matplotlib Axes, optional
        Where to draw; a new figure sized to the board when omitted.
    numbers : bool
        Write the numbers on the tiles.
    pips : bool
        Draw pips instead of numbers on the cells of placed dominoes.
    tile_color, outline_color : str
        Fill of the tiles and colour of the domino outlines.
    linewidth, fontsize : float, optional
        Outline width and number size; scaled to the board when omitted.
    title : str, optional
        Axes title.
    coordinates : bool
        Number the rows down the left side and the columns along the top, from 0, as
        cells are named: ``(row, column)``, row 0 at the top.
    highlight : iterable of (row, col)
        Cells whose tiles are filled with ``highlight_color`` instead.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> p = load("mikefc-small")
    >>> ax = draw_puzzle(p, solve(p, method="rowscan").solution)
    >>> len(ax.patches)  # 20 tiles + 10 outlines
    30
    >>> ax = draw_puzzle(p, solve(p, method="rowscan").solution, pips=True)
    >>> len(ax.patches) - 30, len(ax.texts)  # one circle per pip, no numbers left
    (30, 0)
    """
    check_type("puzzle", puzzle, Puzzle, "a Puzzle")
    placements = checked_placements(solution)
    marked = {as_cell(cell) for cell in check_items("highlight", highlight, "a list of cells")}
    for name, flag in (("numbers", numbers), ("pips", pips), ("coordinates", coordinates)):
        check_flag(name, flag)
    for name, color in (("tile_color", tile_color), ("outline_color", outline_color),
                        ("highlight_color", highlight_color)):
        check_color(name, color)
    linewidth = check_number("linewidth", linewidth)
    fontsize = check_number("fontsize", fontsize)
    check_type("title", title, (str, type(None)), "text or None")
    check_axes(ax)
    n_rows, n_cols = puzzle.shape
    if ax is None:
        cell = cell_inches(n_cols, n_rows)
        _, ax = plt.subplots(figsize=(cell * n_cols + 0.4, cell * n_rows + 0.4))
    scale = _scale(ax, n_rows, n_cols)
    fontsize = fontsize if fontsize is not None else max(5.0, 13 * scale)
    linewidth = linewidth if linewidth is not None else max(1.0, 3.2 * scale)
    border = max(0.5, linewidth / 4)
    half = TILE_SIZE / 2
    faces = {cell for pl in placements for cell in pl.cells} if pips else set()
    many = len(puzzle.cells) > MANY_CELLS and not faces
    if many:
        _many_cells(ax, puzzle, marked, (tile_color, highlight_color), border,
                    fontsize if numbers else None)
    for r, c in [] if many else puzzle.cells:
        x, y = cell_xy((r, c), n_rows)
        value = puzzle.value((r, c))
        fill = highlight_color if (r, c) in marked else tile_color
        _add(ax, Rectangle((x - half, y - half), TILE_SIZE, TILE_SIZE,
                           facecolor=fill, edgecolor=BORDER_COLOR, linewidth=border))
        if (r, c) in faces and has_layout(value):
            _pips(ax, x, y, value, pip_radius(puzzle.max_pip))
        elif numbers:
            ax.text(x, y, str(value), ha="center", va="center",
                    fontsize=fontsize, color="#111111")
    for pl in placements:
        outline(ax, puzzle, pl, outline_color, linewidth)
    _frame(ax, n_rows, n_cols, title)
    if coordinates:
        _coordinates(ax, n_rows, n_cols, 0.8 * fontsize)
    return ax


def draw_puzzle_and_solution(
    puzzle: Puzzle,
    solution: Solution | Iterable[Placement] | None,
    *,
    pips: bool = False,
    titles: tuple[str, str] = ("puzzle", "solution"),
) -> Figure:
    """The board alone and with its dominoes outlined, side by side (the R blog's two plots).

    ``solution`` None draws the second board without outlines (e.g. when a
    search found none); ``titles`` name the two boards.

    Examples
    --------
    >>> from dominosa_lab import load, solve
    >>> p = load("mikefc-small")
    >>> fig = draw_puzzle_and_solution(p, solve(p).solution)
    >>> [len(ax.patches) for ax in fig.axes]  # 20 tiles; 20 tiles and 10 outlines
    [20, 30]
    >>> plt.close(fig)
    """
    check_type("puzzle", puzzle, Puzzle, "a Puzzle")
    solution = checked_placements(solution)
    titles = check_items("titles", titles, "two titles")
    if len(titles) != 2 or not all(isinstance(t, str) for t in titles):
        raise ArgumentError(f"titles must be two titles (text), got {titles!r}")
    n_rows, n_cols = puzzle.shape
    cell = cell_inches(2 * n_cols, n_rows)
    fig, axes = plt.subplots(1, 2, figsize=(2 * cell * n_cols + 1.5, cell * n_rows + 0.8))
    draw_puzzle(puzzle, ax=axes[0], title=titles[0])
    draw_puzzle(puzzle, solution, ax=axes[1], pips=pips, title=titles[1])
    return fig


def checked_placements(solution: Solution | Iterable[Placement] | None) -> list[Placement]:
    """The placements of ``solution`` (a Solution, placements or pairs of cells, or None for
    none), each checked; ArgumentError or PuzzleError naming what is wrong."""
    if solution is None:
        return []
    items = check_items("solution", solution, "a Solution, a list of placements or None")
    return [as_placement(pl) for pl in items]


def check_axes(ax: object, allow_none: bool = True) -> Axes | None:
    """``ax`` if it is a matplotlib Axes (or None, when allowed); else ArgumentError."""
    kinds = (Axes, type(None)) if allow_none else Axes
    return check_type("ax", ax, kinds, "a matplotlib Axes" + (" or None" if allow_none else ""))


def check_color(name: str, color: object) -> object:
    """``color`` if matplotlib reads it as a colour; else ArgumentError naming ``name``."""
    try:
        readable = is_color_like(color)
    except OverflowError:  # a number too large for a float: matplotlib lets it through
        readable = False
    if readable:
        return color
    raise ArgumentError(f"{name} must be a matplotlib colour such as '#c0392b' or 'red', got "
                        f"{describe_value(color)}")


def cell_xy(cell: tuple[int, int], n_rows: int) -> tuple[float, float]:
    """Plot coordinates of a cell's centre: column to the right, row 0 at the top."""
    r, c = cell
    return float(c), float(n_rows - 1 - r)


def _pips(ax: Axes, x: float, y: float, value: int, radius: float) -> None:
    """The face ``value`` on the tile centred at ``(x, y)``."""
    for px, py in layout(value):
        ax.add_patch(Circle((x - 0.5 + px, y - 0.5 + py), radius, facecolor=PIP_COLOR,
                            edgecolor="none"))


def outline(
    ax: Axes,
    puzzle: Puzzle,
    pl: Placement,
    color: str = OUTLINE_COLOR,
    linewidth: float = 2.5,
    linestyle: str = "solid",
) -> None:
    """Outline one domino on axes drawn by :func:`draw_puzzle` (e.g. to mark the last move)."""
    n_rows = puzzle.shape[0]
    (xa, ya), (xb, yb) = cell_xy(pl.a, n_rows), cell_xy(pl.b, n_rows)
    x0, x1 = min(xa, xb) - OUTLINE_INSET, max(xa, xb) + OUTLINE_INSET
    y0, y1 = min(ya, yb) - OUTLINE_INSET, max(ya, yb) + OUTLINE_INSET
    _add(ax, Rectangle((x0, y0), x1 - x0, y1 - y0, fill=False, edgecolor=color,
                       linewidth=linewidth, linestyle=linestyle, joinstyle="round"))


def _many_cells(ax: Axes, puzzle: Puzzle, marked: set, fills: tuple[str, str], border: float,
                fontsize: float | None) -> None:
    """The tiles of a large board as one collection, and its numbers (unless ``fontsize`` is
    None) as one collection of glyph outlines centred on the tiles (see the module)."""
    n_rows = puzzle.shape[0]
    centres = np.array([cell_xy(cell, n_rows) for cell in puzzle.cells], dtype=float)
    corners = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)]) * (TILE_SIZE / 2)
    fill = [fills[1] if cell in marked else fills[0] for cell in puzzle.cells]
    ax.add_collection(PolyCollection(centres[:, None, :] + corners, facecolors=fill,
                                     edgecolors=BORDER_COLOR, linewidths=border),
                      autolim=False)
    if fontsize is None:
        return
    glyphs = {}
    for value in {puzzle.value(cell) for cell in puzzle.cells}:
        path = TextPath((0, 0), str(value), size=fontsize)
        middle = (path.vertices.min(axis=0) + path.vertices.max(axis=0)) / 2
        glyphs[value] = path.transformed(Affine2D().translate(*-middle))
    ax.add_collection(PathCollection(
        [glyphs[puzzle.value(cell)] for cell in puzzle.cells], offsets=centres,
        offset_transform=ax.transData, facecolors="#111111", edgecolors="none",
        transform=Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans, zorder=3), autolim=False)


def _add(ax: Axes, patch: Rectangle) -> None:
    """Put a tile or an outline on a board's axes. The board's limits are set by :func:`_frame`,
    so the patch is added without widening the data limits, which ``add_patch`` does at a cost
    of about a quarter of the time of drawing a board of N = 60 with its solution."""
    ax.add_artist(patch)


def cell_inches(across: int, down: int) -> float:
    """Inches per cell of a figure made for ``across`` by ``down`` cells: 0.55, or less so that
    neither side of the boards passes :data:`MOST_INCHES` (a board of N = 150 drawn at 0.55 in a
    cell would need a picture of 25,000 by 12,500 pixels).

    Examples
    --------
    >>> cell_inches(8, 7), round(cell_inches(304, 151), 3)
    (0.55, 0.158)
    """
    return min(0.55, MOST_INCHES / max(across, down, 1))


def _frame(ax: Axes, n_rows: int, n_cols: int, title: str | None) -> None:
    ax.set_xlim(-0.6, n_cols - 0.4)
    ax.set_ylim(-0.6, n_rows - 0.4)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)


def _coordinates(ax: Axes, n_rows: int, n_cols: int, fontsize: float) -> None:
    """Row numbers on the left, column numbers on top, as axis labels (the title makes room).

    The axes stay white and without grid lines: the theme's grid would run through the
    middle of every cell, across the numbers.
    """
    ax.axis("on")
    ax.grid(False)
    ax.set_facecolor("white")
    ax.set_xticks(range(n_cols), [str(c) for c in range(n_cols)])
    ax.set_yticks([n_rows - 1 - r for r in range(n_rows)], [str(r) for r in range(n_rows)])
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.set_xlabel("column", fontsize=fontsize, color=COORDINATE_COLOR)
    ax.set_ylabel("row", fontsize=fontsize, color=COORDINATE_COLOR)
    ax.tick_params(length=0, labelsize=fontsize, labelcolor=COORDINATE_COLOR)
    for side in ax.spines.values():
        side.set_visible(False)


def _scale(ax: Axes, n_rows: int, n_cols: int) -> float:
    """Size of one cell in inches divided by 0.55 in (the default cell), capped at 1."""
    bbox = ax.get_position()
    width, height = ax.figure.get_size_inches()
    cell = min(bbox.width * width / (n_cols + 0.2), bbox.height * height / (n_rows + 0.2))
    return min(1.0, cell / 0.5)


def draw_domino_table(
    table: DominoTable,
    ax: Axes | None = None,
    *,
    cmap: str = "Blues",
    marked_color: str = "#c0392b",
    title: str | None = None,
) -> Axes:
    """Draw one of Darby's triangular domino tables as a heat table.

    Smaller number across the top, larger down the side; each cell shows the
    value for that domino, the colour its size; dominoes already outlined are
    written in ``marked_color`` (Darby's red). Only the light half of ``cmap`` is
    used, so that black and red numbers stay readable on every cell.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> from dominosa_lab.trace.play import PlayBoard
    >>> ax = draw_domino_table(PlayBoard(load("mikefc-small")).place_counts())
    >>> len(ax.texts)  # one number per domino
    10
    """
    from dominosa_lab.trace.play import DominoTable

    check_type("table", table, DominoTable, "a DominoTable (PlayBoard.drawn_counts() or "
               "place_counts())")
    check_color("marked_color", marked_color)
    grid = table.grid()
    size = len(grid)
    if ax is None:
        _, ax = plt.subplots(figsize=(0.45 * size + 1.0, 0.45 * size + 0.8))
    values = np.ma.masked_invalid(np.array(grid, dtype=float))
    top = max(1, *table.values.values())
    light = ListedColormap(plt.get_cmap(cmap)(np.linspace(0.0, 0.45, 256)))
    ax.imshow(values, cmap=light, vmin=0, vmax=top)
    for (lo, hi), v in sorted(table.values.items()):
        marked = (lo, hi) in table.marked
        ax.text(lo, hi, str(v), ha="center", va="center", fontsize=12,
                color=marked_color if marked else "black", weight="bold" if marked else "normal")
    ax.set_xticks(range(size))
    ax.set_yticks(range(size))
    matrix_axes(ax)
    ax.set_title(table.title if title is None else title, pad=18)
    return ax
