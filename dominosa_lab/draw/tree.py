"""Drawing search trees (matplotlib); the trees come from :mod:`dominosa_lab.trace.tree`."""

from __future__ import annotations

from collections import Counter

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D

from dominosa_lab.core.options import check_type
from dominosa_lab.draw.board import check_axes
from dominosa_lab.trace.tree import OUTCOMES, ROOT, collapse_tree, outcome_counts, tidy_layout

__all__ = [
    "CURRENT_COLOR",
    "EDGE_COLOR",
    "HIDDEN_COLOR",
    "LABEL_AT",
    "LABEL_LIMIT",
    "LABEL_ROOM",
    "OPEN_COLOR",
    "OUTCOME_COLORS",
    "OUTCOME_NAMES",
    "draw_search_tree",
]

#: Colour of each outcome (ColorBrewer RdYlGn/RdYlBu, readable in grey print too).
OUTCOME_COLORS: dict[str, str] = {
    "solution": "#1a9850",
    "path": "#91cf60",
    "dead_end": "#d73027",
    "internal_dead_end": "#fdae61",
    "stopped": "#4575b4",
    "unexplored": "#bdbdbd",
}
OUTCOME_NAMES: dict[str, str] = {
    "solution": "solution",
    "path": "way to a solution",
    "dead_end": "dead end",
    "internal_dead_end": "internal dead end",
    "stopped": "open (search stopped)",
    "unexplored": "options not tried (search stopped first)",
}
OPEN_COLOR = "white"  # a visited state whose fate is not known yet (stepping)
EDGE_COLOR = "#b0b0b0"
CURRENT_COLOR = "#111111"
HIDDEN_COLOR = "#8c8c8c"
LABEL_LIMIT = 40  # label the moves of trees up to this many states ...
LABEL_AT = 0.6  # where on its edge a move's label sits, from parent (0) to child (1)
LABEL_ROOM = 2.2  # ... when levels and neighbours are at least this many font sizes apart


def draw_search_tree(
    tree: nx.DiGraph,
    ax: Axes | None = None,
    *,
    max_nodes: int = 300,
    labels: bool | None = None,
    current: int | None = None,
    step: int | None = None,
    legend: bool = True,
    title: str | None = None,
    node_size: float | None = None,
    fontsize: float = 8.0,
) -> Axes:
    """Draw a search tree top-down: states coloured by outcome, the ways to solutions in green.

    Options a stopped run never tried hang below their state as a grey
    summary on a dotted edge, marked with how many there were.

    Parameters
    ----------
    tree : networkx.DiGraph
        A tree from :func:`dominosa_lab.trace.tree.search_tree`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure sized to the tree when omitted.
    max_nodes : int
        Bigger trees are summarised by :func:`~dominosa_lab.trace.tree.collapse_tree`: deep
        failed subtrees become a grey triangle marked with the number of states hidden.
    labels : bool, optional
        Write each move (domino and arrow) on its edge; by default when the tree has
        at most 40 states, was built with a puzzle, and there is room for the labels.
    current : int, optional
        A state to ring, with the way to it in black (the stepper's position).
    step : int, optional
        Draw the tree as it stood after this many trace events: states not yet
        visited are left out and states whose fate is not known yet are white, so
        stepping through a search grows the tree without giving the ending away.
    legend : bool
        List the outcomes with their counts.
    title : str, optional
        Axes title; by default the method and its counters.
    node_size : float, optional
        Marker area in points²; scaled to the tree when omitted.
    fontsize : float
        Size of the move labels, the hidden counts and the legend; the title is 2 points
        bigger.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on (a new figure's when ``ax`` was not given).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> from dominosa_lab.trace.tree import search_tree
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> tree = search_tree(solve(p, method="rowscan", limit=None, trace=True), p)
    >>> ax = draw_search_tree(tree)
    >>> [t.get_text() for t in ax.texts]
    ['00→', '01↓', '01↓', '11→']
    """
    check_type("tree", tree, nx.DiGraph, "a search tree (dominosa_lab.trace.tree.search_tree)")
    check_axes(ax)
    shown = collapse_tree(tree, max_nodes)
    pos = tidy_layout(shown)
    ax = ax if ax is not None else _new_axes(pos)
    unit = _unit(ax, pos)
    size = node_size if node_size is not None else max(4.0, min(220.0, (0.55 * unit) ** 2))
    if step is not None:
        shown = shown.subgraph(n for n, made in shown.nodes(data="step") if made <= step)
    style = {n: _style(data, step) for n, data in shown.nodes(data=True)}
    way = set(nx.shortest_path(tree, ROOT, current)) if current is not None else set()
    _draw_edges(ax, shown, pos, style, way)
    _draw_nodes(ax, shown, pos, style, size)
    _draw_hidden(ax, shown, pos, fontsize)
    _draw_untried(ax, shown, pos, fontsize)
    if current is not None and current in pos:
        ax.scatter(*pos[current], s=size * 2.5, facecolors="none", edgecolors=CURRENT_COLOR,
                   linewidths=2, zorder=5)
    if labels or (labels is None and len(shown) <= LABEL_LIMIT and unit >= LABEL_ROOM * fontsize):
        _draw_labels(ax, shown, pos, fontsize)
    if legend:
        counts = outcome_counts(tree) if step is None else Counter(style.values())
        counts[style[ROOT]] -= 1  # the root is drawn as the black square
        _legend(ax, counts, sum(shown.graph.get("hidden", {}).values()), fontsize)
    ax.set_title(_title(tree) if title is None else title, fontsize=fontsize + 2)
    ax.axis("off")
    _frame(ax, pos)
    return ax


def _frame(ax: Axes, pos: dict) -> None:
    """Limits from the whole tree, so a tree drawn at a step keeps its final place."""
    xs = [x for x, _ in pos.values()]
    depth = -min(y for _, y in pos.values())
    ax.set_xlim(min(xs) - 0.7, max(xs) + 0.9)
    ax.set_ylim(-depth - 1.1, 0.5)


def _new_axes(pos: dict) -> Axes:
    """A figure sized to the tree, roomier per state when it is small enough to label."""
    width = max(x for x, _ in pos.values()) + 1
    depth = -min(y for _, y in pos.values()) + 1
    per_unit = 0.5 if len(pos) <= LABEL_LIMIT else 0.25
    _, ax = plt.subplots(figsize=(min(14, max(4, per_unit * width + 1.5)),
                                  min(9, max(2.5, (per_unit + 0.1) * depth + 1))))
    return ax


def _unit(ax: Axes, pos: dict) -> float:
    """Points between neighbouring states (one layout unit) across or down, whichever is less."""
    width = max(x for x, _ in pos.values()) + 2
    depth = -min(y for _, y in pos.values()) + 2
    bbox = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    return min(bbox.width * fig_w / width, bbox.height * fig_h / depth) * 72


def _style(data: dict, step: int | None) -> str:
    """The outcome a state is drawn with: its own, or ``open`` while undecided at ``step``."""
    decided = data["decided"]
    if step is not None and (decided is None or decided > step):
        return "open"
    return data["outcome"]


def _draw_edges(ax: Axes, tree: nx.DiGraph, pos: dict, style: dict, way: set) -> None:
    styles: dict[tuple[str, float, str], list] = {}
    for parent, child in tree.edges:
        if child in way:
            key = (CURRENT_COLOR, 2.4, "solid")
        elif style[child] in ("solution", "path"):
            key = (OUTCOME_COLORS["solution"], 2.4, "solid")
        elif style[child] == "unexplored":
            key = (OUTCOME_COLORS["unexplored"], 1.2, "dotted")
        else:
            key = (EDGE_COLOR, 1.0, "solid")
        styles.setdefault(key, []).append((pos[parent], pos[child]))
    for (color, width, line), segments in styles.items():
        ax.add_collection(LineCollection(segments, colors=color, linewidths=width,
                                         linestyles=line, zorder=1))


def _draw_nodes(ax: Axes, tree: nx.DiGraph, pos: dict, style: dict, size: float) -> None:
    colors = {**OUTCOME_COLORS, "open": OPEN_COLOR}
    for outcome, color in colors.items():
        nodes = [n for n in tree if style[n] == outcome and n != ROOT]
        if nodes:
            ax.scatter(*zip(*(pos[n] for n in nodes), strict=True), s=size, c=color,
                       edgecolors="#555555" if outcome == "open" else "white",
                       linewidths=0.8 if outcome == "open" else 0.5, zorder=3)
    ax.scatter(*pos[ROOT], s=size * 1.3, c=CURRENT_COLOR, marker="s", zorder=3)


def _draw_hidden(ax: Axes, tree: nx.DiGraph, pos: dict, fontsize: float) -> None:
    for node, hidden in tree.nodes(data="hidden"):
        if hidden:
            x, y = pos[node]
            x += 0.5 if tree.out_degree(node) else 0.0  # beside the shown children
            ax.fill([x, x - 0.3, x + 0.3], [y - 0.2, y - 0.8, y - 0.8], color=HIDDEN_COLOR,
                    alpha=0.5, zorder=2, linewidth=0)
            ax.text(x, y - 0.9, f"+{hidden}", ha="center", va="top", fontsize=fontsize,
                    color="#444444")


def _draw_untried(ax: Axes, tree: nx.DiGraph, pos: dict, fontsize: float) -> None:
    """Write under each summary of untried options how many it stands for."""
    for node, count in tree.nodes(data="count"):
        if count:
            x, y = pos[node]
            ax.text(x, y - 0.25, f"+{count}", ha="center", va="top", fontsize=fontsize,
                    color="#444444")


def _draw_labels(ax: Axes, tree: nx.DiGraph, pos: dict, fontsize: float) -> None:
    for parent, child in tree.edges:
        label = tree.nodes[child].get("label")
        if label and tree.nodes[child]["outcome"] != "unexplored":  # counted under the node
            (x0, y0), (x1, y1) = pos[parent], pos[child]
            at = LABEL_AT  # nearer the child, where siblings are a full unit apart
            ax.text(x0 + at * (x1 - x0), y0 + at * (y1 - y0), label, ha="center", va="center",
                    fontsize=fontsize, zorder=2.5,
                    bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none",
                          "alpha": 0.85})


def _legend(ax: Axes, counts: dict[str, int], hidden: int, fontsize: float) -> None:
    handles = [Line2D([], [], marker="s", color=CURRENT_COLOR, linestyle="", label="empty board")]
    handles += [Line2D([], [], marker="o", color=OUTCOME_COLORS[o], linestyle="",
                       label=f"{OUTCOME_NAMES[o]} ({counts[o]})")
                for o in OUTCOMES if counts.get(o)]
    if counts.get("open"):
        handles.append(Line2D([], [], marker="o", color=OPEN_COLOR, markeredgecolor="#555555",
                              linestyle="", label=f"fate not known yet ({counts['open']})"))
    if hidden:
        handles.append(Line2D([], [], marker="v", color=HIDDEN_COLOR, linestyle="",
                              label=f"hidden below ({hidden})"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=fontsize,
              frameon=False)


def _title(tree: nx.DiGraph) -> str:
    graph = tree.graph
    text = f"{graph['method']}: {graph['nodes']} nodes, {graph['backtracks']} backtracks"
    if graph["truncated"]:
        text += " (trace truncated: tree partial)"
    elif graph["status"] == "stopped":
        text += " (budget spent)"
    elif not graph["complete"]:
        text += " (search stopped at its solution limit)"
    if graph.get("untried"):
        text += f"\n{graph['untried']} options never tried"
    return text
