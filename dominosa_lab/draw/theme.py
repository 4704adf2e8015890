"""The one look of every picture, one colour per method, and where figures are written.

Charts take the look of the R blog's ggplot (seed 000): a grey panel with a white
grid and no box, dark grey text; the board drawings of :mod:`~dominosa_lab.draw.board`
share its greys. Colour means *method*: :data:`METHOD_COLORS` gives every
method of :data:`~dominosa_lab.solvers.METHODS` its own colour, used in every
notebook; a move order changes the line and marker (:data:`ORDER_STYLES`), never
the colour. Series that are not methods cycle through greys.

Two helpers keep a chart honest: :func:`plot_capped` draws runs that a budget
stopped as lower bounds (hollow marker, arrow up), never as plain data, and
:func:`overlay_published` puts a source's own numbers on a figure that reproduces
its table.

A notebook calls :func:`use_theme` once; :func:`theme` is the same as a context.
Figures are files of the main job: ``make reproduce`` (``dominosa-lab reproduce``)
sets :data:`FIGURES_ENV` to the ``figures/`` folder, and only then do
:func:`save_figure` and :func:`figure_path` write there, at :data:`DPI`. Running
a notebook any other way (the tests' nbval run, JupyterLab) draws inline at
:data:`INLINE_DPI` and writes nothing, so the tests never change a tracked file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
from cycler import cycler
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from dominosa_lab.core.options import ORDERS
from dominosa_lab.errors import MethodError
from dominosa_lab.solvers import METHODS

__all__ = [
    "CAPPED_LABEL",
    "DPI",
    "FIGURES_ENV",
    "GREY20",
    "GREY30",
    "GREY60",
    "GREY90",
    "INLINE_DPI",
    "METHOD_COLORS",
    "ORDER_STYLES",
    "PUBLISHED_COLOR",
    "STYLE",
    "capped_handle",
    "figure_path",
    "lighten",
    "matrix_axes",
    "method_color",
    "method_style",
    "overlay_published",
    "plot_capped",
    "save_figure",
    "theme",
    "use_theme",
]

#: The environment variable naming the folder figures are written to.
FIGURES_ENV = "DOMINOSA_LAB_FIGURES"

#: The resolution of every figure file.
DPI = 150

#: The resolution of pictures shown in a notebook: the theme's 12-point text is 18 px
#: high, readable on a projector from the back of a classroom.
INLINE_DPI = 110

GREY90 = "#e5e5e5"  #: ggplot's grey90: the R blog's tile fill, and the charts' panel
GREY60 = "#999999"  #: ggplot's grey60: secondary series and guides
GREY30 = "#4d4d4d"  #: ggplot's grey30: tick labels
GREY20 = "#333333"  #: ggplot's grey20: the R blog's domino outline, text, primary series

#: One colour per method (colour-blind-safe hues of Okabe and Ito, plus purple and wine),
#: keyed by the names of ``dominosa_lab.METHODS``.
METHOD_COLORS: dict[str, str] = {
    "rowscan": "#e69f00",  # orange
    "human": "#009e73",  # bluish green
    "collision": "#cc79a7",  # reddish purple
    "odometer": "#d55e00",  # vermillion
    "dominowise": "#6a3d9a",  # purple
    "dlx": "#0072b2",  # blue
    "logic": "#56b4e9",  # sky blue
    "fast": "#882255",  # wine (Paul Tol): the default
}

#: The line and marker of each move order (the colour stays the method's).
ORDER_STYLES: dict[str, dict[str, str]] = {
    "pile": {"linestyle": "-", "marker": "s"},
    "fewest": {"linestyle": "--", "marker": "D"},
    "mrv": {"linestyle": "-", "marker": "o"},
    "random": {"linestyle": ":", "marker": "^"},
}

#: The colour of a source's published numbers drawn over our own.
PUBLISHED_COLOR = "#111111"

#: The legend entry of runs stopped by their budget.
CAPPED_LABEL = "stopped by the budget (true value higher)"

#: The theme as matplotlib settings (see the module docstring).
STYLE: dict[str, Any] = {
    "figure.dpi": INLINE_DPI,
    "figure.facecolor": "white",
    "figure.titlesize": 15,
    "savefig.dpi": DPI,
    "savefig.bbox": "tight",
    "savefig.facecolor": "white",
    "font.size": 12,
    "axes.facecolor": GREY90,
    "axes.edgecolor": GREY90,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.spines.left": False,
    "axes.spines.bottom": False,
    "axes.grid": True,
    "axes.axisbelow": True,
    "axes.titlesize": 14,
    "axes.titlelocation": "left",
    "axes.titlecolor": GREY20,
    "axes.labelsize": 13,
    "axes.labelcolor": GREY20,
    "axes.prop_cycle": cycler(color=[GREY20, GREY60, GREY20, GREY60],
                              linestyle=["-", "-", "--", "--"]),
    "grid.color": "white",
    "grid.linewidth": 1.2,
    "xtick.color": GREY20,
    "ytick.color": GREY20,
    "xtick.labelcolor": GREY30,
    "ytick.labelcolor": GREY30,
    "xtick.labelsize": 12,
    "ytick.labelsize": 12,
    "xtick.major.size": 4,
    "ytick.major.size": 4,
    "xtick.minor.size": 0,
    "ytick.minor.size": 0,
    "legend.frameon": False,
    "legend.fontsize": 12,
    "legend.title_fontsize": 12,
    "lines.linewidth": 2.2,
    "lines.markersize": 8,
    "patch.edgecolor": "white",
    "image.cmap": "viridis",
    "text.color": GREY20,
}


def use_theme() -> None:
    """Make :data:`STYLE` the look of every figure from now on (call once per notebook).

    Examples
    --------
    >>> import matplotlib
    >>> with matplotlib.rc_context():  # restores the settings afterwards
    ...     use_theme()
    ...     matplotlib.rcParams["axes.facecolor"] == GREY90, matplotlib.rcParams["figure.dpi"]
    (True, 110.0)
    """
    import matplotlib.pyplot

    matplotlib.rcParams.update(STYLE)


@contextmanager
def theme() -> Iterator[None]:
    """The look of :func:`use_theme` inside a ``with`` block only (scripts, the command line)."""
    with matplotlib.rc_context(STYLE):
        yield


def method_color(method: str) -> str:
    """The colour of ``method`` (a name of ``METHODS``).

    Examples
    --------
    >>> method_color("dlx")
    '#0072b2'
    >>> method_color("simplex")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.MethodError: no colour for method 'simplex'; known: collision, dlx, \
dominowise, fast, human, logic, odometer, rowscan
    """
    if method not in METHOD_COLORS:
        known = ", ".join(sorted(METHOD_COLORS))
        raise MethodError(f"no colour for method {method!r}; known: {known}")
    return METHOD_COLORS[method]


def method_style(method: str, order: str | None = None) -> dict[str, str]:
    """Keyword arguments of ``Axes.plot`` for a method (its colour) and a move order (line, marker).

    Without ``order`` the method's default order (the first it accepts) is used.

    Examples
    --------
    >>> method_style("dominowise", "fewest")
    {'color': '#6a3d9a', 'linestyle': '--', 'marker': 'D'}
    """
    color = method_color(method)
    order = METHODS[method].default_order if order is None else order
    if order not in ORDER_STYLES:
        raise MethodError(f"no style for order {order!r}; known: {', '.join(ORDERS)}")
    return {"color": color, **ORDER_STYLES[order]}


def lighten(color: str, amount: float) -> str:
    """``color`` mixed with white: ``amount`` 0 keeps it, 1 gives white (shades of one method).

    Examples
    --------
    >>> lighten("#0072b2", 0.5)
    '#80b9d8'
    """
    rgb = np.array(matplotlib.colors.to_rgb(color))
    return matplotlib.colors.to_hex(rgb + (1 - rgb) * amount)


def capped_handle(marker: str = "o") -> Line2D:
    """The legend entry for points drawn by :func:`plot_capped` as stopped by a budget."""
    return Line2D([], [], linestyle="none", marker=marker, markerfacecolor="white",
                  markeredgecolor=GREY20, markeredgewidth=1.8, label=CAPPED_LABEL)


def plot_capped(
    ax: Axes,
    x: Sequence[float],
    y: Sequence[float],
    capped: Sequence[bool],
    *,
    label: str | None = None,
    **style: Any,
) -> list[Any]:
    """Plot a series in which the ``capped`` points are lower bounds (a budget stopped the runs).

    Exact points are joined by the line and drawn filled; a capped point is not
    joined to anything: it is a hollow marker with an arrow pointing up, meaning
    "at least this much". Add :func:`capped_handle` to the legend to explain it.

    Parameters
    ----------
    ax : matplotlib Axes
    x, y : sequences of numbers
        The series.
    capped : sequence of bool
        True where the value is only a lower bound.
    label : str, optional
        The series' legend label (on its exact points).
    **style
        Passed to ``Axes.plot`` (e.g. :func:`method_style`).

    Returns
    -------
    list
        The artists drawn: the line of exact points, the capped markers, the arrows.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> line, hollow, *arrows = plot_capped(ax, [1, 2, 3], [10, 20, 30], [False, False, True],
    ...                                     **method_style("odometer"))
    >>> line.get_xdata().tolist(), hollow.get_xdata().tolist(), hollow.get_markerfacecolor()
    ([1, 2], [3], 'white')
    >>> len(arrows)
    1
    >>> plt.close(fig)
    """
    x, y, capped = np.asarray(x), np.asarray(y), np.asarray(capped, dtype=bool)
    exact = ~capped
    (line,) = ax.plot(x[exact], y[exact], label=label, **style)
    color = line.get_color()
    marker = style.get("marker", "o")
    (hollow,) = ax.plot(x[capped], y[capped], linestyle="none", marker=marker,
                        markerfacecolor="white", markeredgecolor=color, markeredgewidth=1.8,
                        label="_capped")
    arrows = [
        ax.annotate("", xy=(xi, yi), xytext=(0, 18), textcoords="offset points",
                    arrowprops={"arrowstyle": "<|-", "color": color, "lw": 1.6,
                                "shrinkA": 0, "shrinkB": 6})
        for xi, yi in zip(x[capped], y[capped], strict=True)
    ]
    return [line, hollow, *arrows]


def overlay_published(
    ax: Axes,
    x: Sequence[float],
    y: Sequence[float],
    *,
    label: str = "published",
    marker: str = "*",
    color: str = PUBLISHED_COLOR,
) -> Line2D:
    """Draw a source's own values over a figure that reproduces its table: large black stars.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> stars = overlay_published(ax, [10], [129], label="homework, Table 2")
    >>> stars.get_label(), stars.get_linestyle()
    ('homework, Table 2', 'None')
    >>> plt.close(fig)
    """
    (stars,) = ax.plot(x, y, linestyle="none", marker=marker, markersize=15,
                       markerfacecolor=color, markeredgecolor="white", markeredgewidth=0.8,
                       label=label, zorder=5)
    return stars


def matrix_axes(ax: Axes) -> Axes:
    """Turn ``ax`` into a plain table: white, no grid, no frame, labels along the top.

    For pictures that are matrices (the exact-cover matrix, Darby's domino tables),
    where the theme's grey panel and grid would only add noise.
    """
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.grid(False)
    ax.set_facecolor("white")
    for side in ax.spines.values():
        side.set_visible(False)
    return ax


def figure_path(name: str) -> Path | None:
    """``figures/NAME`` when figures are being written (see the module docstring), else None.

    Examples
    --------
    >>> import os
    >>> os.environ.pop(FIGURES_ENV, None) and None
    >>> print(figure_path("00_demo.gif"))
    None
    """
    folder = os.environ.get(FIGURES_ENV)
    if not folder:
        return None
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def save_figure(fig: Figure, name: str) -> Path | None:
    """Write ``fig`` to ``figures/NAME.png`` at :data:`DPI` when figures are being written."""
    path = figure_path(f"{name}.png")
    if path is not None:
        fig.savefig(path, dpi=DPI, bbox_inches="tight")
    return path
