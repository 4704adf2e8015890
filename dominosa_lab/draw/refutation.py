"""A picture of why a board has no solution: the board with the refutation's region marked."""

from __future__ import annotations

from collections.abc import Iterable

from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from dominosa_lab.core.puzzle import Cell, Puzzle
from dominosa_lab.core.search import Refutation
from dominosa_lab.draw.board import OUTLINE_COLOR, cell_xy, draw_puzzle

__all__ = ["draw_refutation", "refutation_title"]


def refutation_title(refutation: Refutation) -> str:
    """A short title: how many squares, dominoes and steps the argument takes.

    Examples
    --------
    >>> refutation_title(Refutation(((0, 0), (0, 1)), ((0, 1),), ("a step",), "so ...",
    ...                             "region"))
    'no solution: 2 squares cannot be covered (1 step before)'
    >>> refutation_title(Refutation(((0, 0), (0, 1)), ((0, 1),), (), "The ...", "core"))
    'no solution: 2 squares and 1 domino cannot go together'
    """
    steps = len(refutation.steps)
    before = f" ({steps} step{'s' * (steps != 1)} before)" if steps else ""
    if refutation.kind == "region":
        return f"no solution: {len(refutation.squares)} squares cannot be covered{before}"
    if refutation.kind == "core":
        dominoes = len(refutation.dominoes)
        return (f"no solution: {len(refutation.squares)} squares and {dominoes} "
                f"domino{'es' * (dominoes != 1)} cannot go together{before}")
    ended = refutation.text.split(" has no placement")[0].removeprefix("so ")
    return f"no solution: {ended} has no place{before}"


def draw_refutation(puzzle: Puzzle, refutation: Refutation, *, ax: Axes | None = None,
                    title: str | None = None, coordinates: bool = True,
                    marked: Iterable[Cell] = ()) -> Axes:
    """The board with the squares of ``refutation`` filled in the highlight colour (the region
    that cannot be covered, or the squares the deductions read), the squares of ``marked``
    framed (say, two squares whose numbers were exchanged), titled by
    :func:`refutation_title` unless ``title`` is given.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from dominosa_lab import Puzzle, explain_no_solution
    >>> p = Puzzle([[0, 1, 0], [1, 0, 1]])
    >>> ax = draw_refutation(p, explain_no_solution(p))
    >>> ax.get_title()
    'no solution: domino 0-0 has no place'
    >>> plt.close(ax.figure)
    """
    ax = draw_puzzle(puzzle, ax=ax, highlight=refutation.squares, coordinates=coordinates,
                     title=refutation_title(refutation) if title is None else title)
    rows = len(puzzle.rows)
    for cell in marked:
        x, y = cell_xy(cell, rows)
        ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, linewidth=2.5,
                               edgecolor=OUTLINE_COLOR, zorder=5))
    return ax
