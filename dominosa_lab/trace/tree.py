"""Search trees from traces: replay a trace, build its tree, lay the tree out tidily.

A traced search (``solve(..., trace=True)``) is a list of
:class:`~dominosa_lab.core.search.Event`. Replaying it gives the state of the board
after every event (:func:`replay`, used by the stepper and the animations) and
the tree of search states (:func:`search_tree`): node 0 is the empty board,
node ``i`` the state after the ``i``-th placement tried, so a complete trace
gives a tree of ``stats.nodes + 1`` states. A run that stopped before it had
tried everything (at its solution limit, or out of budget) also gets, below each
state it left with options untried, one *summary* node (outcome
``"unexplored"``) counting them: the method's ``choice`` events say how many
options each state had. :func:`collapse_tree` summarises a
big tree and :func:`tidy_layout` places a tree top-down in the manner of
Reingold and Tilford (Walker's algorithm in Buchheim, Jünger and Leipert's
linear-time form). Drawing is in :mod:`dominosa_lab.draw.tree`; this module
needs only networkx.

Each node of a search tree carries

``item``
    the placement that led to the state (``None`` for the root);
``depth``
    pieces on the board;
``step``
    index in the trace of the event that created the state (see :class:`Snapshot`);
``decided``
    the step at which its outcome became known (a solution found below it, or
    the search backing out of it); ``None`` while still open at the end;
``options``
    how many options the method had in that state (its ``choice`` event), ``None``
    where it reported no choice (a solution, or a state a check rejected whole);
``outcome``
    what became of the state, one of :data:`OUTCOMES`;
``dead_ends``
    the method's dead-end reports made in that state: for a leaf, why the search
    gave up there; at an inner state, options a check threw out before placing
    them (the odometer reports each overlapping reading this way);
``notes``
    the method's remarks made in that state (e.g. why a move was forced).

A summary node has outcome ``"unexplored"``, ``count`` (the options its parent
never tried), ``label`` (``"+3 untried"``), the depth a child would have, and
``step`` and ``decided`` at the end of the trace.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dominosa_lab.core.options import check_type
from dominosa_lab.core.puzzle import Placement, Puzzle
from dominosa_lab.core.search import Event, SearchResult
from dominosa_lab.errors import TraceError
from dominosa_lab.formats.rmatrix import domino_label

if TYPE_CHECKING:  # networkx is imported by the functions that build or walk a tree
    import networkx as nx

__all__ = [
    "OUTCOMES",
    "ROOT",
    "Snapshot",
    "collapse_tree",
    "describe_event",
    "outcome_counts",
    "placement_label",
    "replay",
    "search_tree",
    "tidy_layout",
    "untried_options",
    "wrap_caption",
]

#: The outcomes of a search state, in the order the drawings list them.
OUTCOMES: dict[str, str] = {
    "solution": "a complete board",
    "path": "on the way to a solution",
    "dead_end": "a leaf the search backed out of: no piece fits",
    "internal_dead_end": "an inner state the search backed out of: every branch below failed",
    "stopped": "left open when the search ran out of budget or the trace was truncated",
    "unexplored": "options of a state never tried because the search stopped first",
}

ROOT = 0


@dataclass(frozen=True)
class Snapshot:
    """The search as it stood after ``step`` events of a trace (step 0: before the first).

    ``node`` is the current state's node in :func:`search_tree`; ``placements``
    what is on the board; ``nodes``, ``backtracks``, ``solutions`` and ``depth``
    the counters so far; ``event`` the event just applied (``None`` at step 0).
    """

    step: int
    node: int
    placements: tuple[Any, ...]
    nodes: int = 0
    backtracks: int = 0
    solutions: int = 0
    depth: int = 0
    event: Event | None = None
    path: tuple[int, ...] = field(default=(ROOT,), repr=False)


def replay(trace: Sequence[Event]) -> Iterator[Snapshot]:
    """Yield the :class:`Snapshot` after each event of ``trace``, starting with step 0.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> r = solve(Puzzle([[0, 0, 1], [1, 1, 0]]), method="rowscan", trace=True)
    >>> [(f.step, f.event.kind, len(f.placements)) for f in list(replay(r.trace))[1:4]]
    [(1, 'choice', 0), (2, 'place', 1), (3, 'choice', 1)]
    >>> last = list(replay(r.trace))[-1]
    >>> last.step == len(r.trace), last.nodes, last.event.kind
    (True, 3, 'solution')
    """
    path: list[int] = [ROOT]
    items: list[Any] = []
    nodes = backtracks = solutions = 0
    yield Snapshot(0, ROOT, ())
    for step, event in enumerate(trace, start=1):
        if event.kind == "place":
            nodes += 1
            path.append(nodes)
            items.append(event.item)
        elif event.kind == "remove":
            if len(path) == 1:
                raise TraceError(f"trace event {step - 1} removes a piece from an empty board; "
                                 f"a trace must place a piece before it removes it")
            path.pop()
            items.pop()
            backtracks += event.backtrack
        elif event.kind == "solution":
            solutions += 1
        yield Snapshot(step, path[-1], tuple(items), nodes, backtracks, solutions,
                    len(items), event, tuple(path))


def search_tree(result: SearchResult, puzzle: Puzzle | None = None) -> nx.DiGraph:
    """The tree of search states of a traced run, as a ``networkx.DiGraph``.

    Parameters
    ----------
    result : SearchResult
        A run made with ``trace=True``.
    puzzle : Puzzle, optional
        When given, every node gets a short ``label``: the domino it placed and an
        arrow for its direction (``"23→"``, ``"01↓"``).

    Returns
    -------
    networkx.DiGraph
        States ``0 .. nodes`` (0 is the empty board) with the attributes listed in
        the module docstring, then the ``"unexplored"`` summaries (numbered on);
        edges parent -> child in the order tried. Graph attributes: ``method``,
        ``status``, ``nodes`` and ``backtracks`` (the run's counters), ``truncated``
        (the trace was cut at its cap, so the tree is partial and gets no
        summaries), ``complete`` (the whole search space was explored) and
        ``untried`` (the options the summaries count).

    Raises
    ------
    ValueError
        If the run was not traced.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> r = solve(p, method="rowscan", limit=None, trace=True)
    >>> t = search_tree(r, p)
    >>> t.number_of_nodes() - 1 == r.stats.nodes
    True
    >>> [(t.nodes[n]["label"], t.nodes[n]["outcome"]) for n in sorted(t)]
    [('', 'path'), ('00→', 'path'), ('01↓', 'path'), ('11→', 'solution'), ('01↓', 'dead_end')]
    """
    check_type("result", result, SearchResult, "a SearchResult (of solve with trace=True)")
    if result.trace is None:
        raise TraceError("result has no trace to draw a tree from; solve it again with "
                         "trace=True")
    import networkx as nx

    tree = nx.DiGraph()
    tree.add_node(ROOT, item=None, depth=0, step=0, options=None, dead_ends=[], notes=[])
    closed: dict[int, int] = {}  # node -> step of the event that took it back
    found: dict[int, int] = {}  # node -> step of its solution event
    previous = ROOT
    for frame in replay(result.trace):
        event, node = frame.event, frame.node
        if event is None:
            continue
        if event.kind == "place":
            tree.add_node(node, item=event.item, depth=frame.depth, step=frame.step,
                          options=None, dead_ends=[], notes=[])
            tree.add_edge(frame.path[-2], node)
        elif event.kind == "choice":
            tree.nodes[node]["options"] = event.options
        elif event.kind == "remove":
            closed[previous] = frame.step
        elif event.kind == "dead_end":
            tree.nodes[node]["dead_ends"].append(event.text)
        elif event.kind == "solution":
            found.setdefault(node, frame.step)
        elif event.kind == "note":
            tree.nodes[node]["notes"].append(event.text)
        previous = node
    truncated = tree.number_of_nodes() - 1 < result.stats.nodes
    complete = result.status != "stopped" and not truncated and len(closed) == len(tree) - 1
    if complete:
        closed[ROOT] = len(result.trace)
    _set_outcomes(tree, found, closed)
    if puzzle is not None:
        for n in tree:
            tree.nodes[n]["label"] = placement_label(puzzle, tree.nodes[n]["item"])
    untried = 0 if complete or truncated else _add_unexplored(tree, len(result.trace))
    tree.graph.update(method=result.method, status=result.status, nodes=result.stats.nodes,
                      backtracks=result.stats.backtracks, truncated=truncated,
                      complete=complete, untried=untried)
    return tree


def untried_options(tree: nx.DiGraph, node: int) -> int:
    """How many of a state's options the search never tried (0 where it reported no choice).

    An option is tried when it was placed (a child) or when the method's check
    threw it out in that state (a dead end reported there; the odometer's
    overlapping readings).
    """
    data = tree.nodes[node]
    options = data["options"]
    if not options:
        return 0
    placed = sum(tree.nodes[c]["outcome"] != "unexplored" for c in tree.successors(node))
    return options - placed - len(data["dead_ends"])


def _add_unexplored(tree: nx.DiGraph, end: int) -> int:
    """Give every state left with untried options a summary child; the options summarised."""
    counts = {n: untried_options(tree, n) for n in tree}
    total = 0
    for parent, count in counts.items():
        if count > 0:
            summary = len(tree)
            tree.add_node(summary, item=None, depth=tree.nodes[parent]["depth"] + 1, step=end,
                          decided=end, outcome="unexplored", options=None, dead_ends=[],
                          notes=[], count=count, label=f"+{count} untried")
            tree.add_edge(parent, summary)
            total += count
    return total


def _set_outcomes(tree: nx.DiGraph, found: dict[int, int], closed: dict[int, int]) -> None:
    on_path: dict[int, int] = {}  # node -> step of the first solution found below it
    for node, step in found.items():  # in trace order, so the first claim is the earliest
        above = next(tree.predecessors(node), None)
        while above is not None and above not in on_path:
            on_path[above] = step
            above = next(tree.predecessors(above), None)
    for node, data in tree.nodes(data=True):
        if node in found:
            data["outcome"], data["decided"] = "solution", found[node]
        elif node in on_path:
            data["outcome"], data["decided"] = "path", on_path[node]
        elif node not in closed:
            data["outcome"], data["decided"] = "stopped", None
        else:
            data["outcome"] = "internal_dead_end" if tree.out_degree(node) else "dead_end"
            data["decided"] = closed[node]


def placement_label(puzzle: Puzzle, item: Any) -> str:
    """A short name for a placement: its domino and an arrow, ``"23→"`` or ``"01↓"``.

    Examples
    --------
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> placement_label(p, Placement((0, 2), (1, 2))), placement_label(p, None)
    ('01↓', '')
    """
    if item is None:
        return ""
    if not isinstance(item, Placement):
        return str(item)
    return domino_label(puzzle.domino_of(item), puzzle.max_pip) + ("→" if item.horizontal else "↓")


def outcome_counts(tree: nx.DiGraph) -> dict[str, int]:
    """How many states of ``tree`` have each outcome (zeros included, in :data:`OUTCOMES` order)."""
    counts = dict.fromkeys(OUTCOMES, 0)
    for _, outcome in tree.nodes(data="outcome"):
        counts[outcome] += 1
    return counts


def collapse_tree(tree: nx.DiGraph, max_nodes: int = 300) -> nx.DiGraph:
    """A summary of ``tree`` with at most about ``max_nodes`` states shown.

    The tree is cut at the deepest level that keeps the count within
    ``max_nodes``; the ways to the solutions (and the open branch of a stopped
    run) are kept whole. A shown state whose descendants are hidden gets
    ``hidden`` (how many) and ``hidden_dead_ends`` (how many of them are dead
    ends). A tree already small enough is returned as it is.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> p = load("mikefc-large")
    >>> t = search_tree(solve(p, method="rowscan", limit=None, trace=True))
    >>> small = collapse_tree(t, max_nodes=100)
    >>> len(small) <= 100 < len(t), len(small) + sum(small.graph["hidden"].values()) == len(t)
    (True, True)
    """
    if len(tree) <= max_nodes:
        return tree
    import networkx as nx

    depth = nx.single_source_shortest_path_length(tree, ROOT)
    kept = {n for n, outcome in tree.nodes(data="outcome")
            if outcome in ("solution", "path", "stopped", "unexplored")}
    per_level = [0] * (max(depth.values()) + 1)
    for n, d in depth.items():
        if n not in kept:
            per_level[d] += 1
    cut, shown = 0, len(kept)
    while cut + 1 < len(per_level) and shown + per_level[cut] + per_level[cut + 1] <= max_nodes:
        shown += per_level[cut]
        cut += 1
    small = tree.subgraph(n for n in tree if depth[n] <= cut or n in kept).copy()
    hidden: dict[int, int] = {}
    for node in small:
        gone = [c for c in tree.successors(node) if c not in small]
        below = [d for c in gone for d in (c, *nx.descendants(tree, c))]
        if below:
            hidden[node] = len(below)
            small.nodes[node]["hidden"] = len(below)
            small.nodes[node]["hidden_dead_ends"] = sum(
                tree.nodes[d]["outcome"] == "dead_end" for d in below)
    small.graph["hidden"] = hidden
    return small


def tidy_layout(tree: nx.DiGraph, root: Any = ROOT, sep: float = 1.0) -> dict[Any, tuple[float,
                                                                                       float]]:
    """Tidy top-down positions ``{node: (x, y)}`` for a tree, ``y = -depth``.

    Walker's algorithm as made linear by Buchheim, Jünger and Leipert (2002):
    children are centred under their parent, subtrees are pushed apart just
    far enough (``sep``) and small subtrees between big ones are spaced
    evenly; children keep their edge order (for a search tree, the order the
    search tried them). The leftmost node has ``x = 0``. Iterative, so deep
    trees do not hit the recursion limit.

    Examples
    --------
    >>> import networkx as nx
    >>> t = nx.DiGraph([(0, 1), (0, 2), (1, 3), (1, 4), (2, 5)])
    >>> pos = tidy_layout(t)
    >>> pos[0], pos[1], pos[3], pos[4]
    ((1.25, 0), (0.5, -1), (0.0, -2), (1.0, -2))
    """
    return _Walker(tree, root, sep).positions()


class _Walker:
    """The state of one run of Buchheim-Jünger-Leipert's improved Walker algorithm."""

    def __init__(self, tree: nx.DiGraph, root: Any, sep: float) -> None:
        import networkx as nx

        self.order = list(nx.dfs_preorder_nodes(tree, root))
        self.index = {n: i for i, n in enumerate(self.order)}
        size = len(self.order)
        self.children = [[self.index[c] for c in tree.successors(n)] for n in self.order]
        self.parent = [-1] * size
        self.number = [0] * size  # position among the siblings
        self.depth = [0] * size
        for v in range(size):
            for k, c in enumerate(self.children[v]):
                self.parent[c], self.number[c], self.depth[c] = v, k, self.depth[v] + 1
        self.sep = sep
        self.x = [0.0] * size
        self.mod = [0.0] * size
        self.change = [0.0] * size
        self.shift = [0.0] * size
        self.thread = [-1] * size
        self.ancestor = list(range(size))
        self.midpoint = [0.0] * size

    def positions(self) -> dict[Any, tuple[float, float]]:
        """Run the walks and return the positions."""
        for v in reversed(range(len(self.order))):  # children before parents
            self._first_walk(v)
        self._place(0)
        x = self._second_walk()
        left = min(x)
        return {n: (x[i] - left, -self.depth[i]) for i, n in enumerate(self.order)}

    def _first_walk(self, v: int) -> None:
        """Lay out the children of ``v`` (their subtrees are done) and centre ``v`` over them."""
        kids = self.children[v]
        if not kids:
            return
        default = kids[0]
        for w in kids:
            self._place(w)
            default = self._apportion(w, default)
        self._execute_shifts(v)
        self.midpoint[v] = (self.x[kids[0]] + self.x[kids[-1]]) / 2

    def _left_brother(self, v: int) -> int:
        k = self.number[v]
        return self.children[self.parent[v]][k - 1] if k > 0 else -1

    def _place(self, v: int) -> None:
        """The preliminary x of ``v``: next to its left brother, or over its children."""
        brother = self._left_brother(v) if self.parent[v] >= 0 else -1
        if brother >= 0:
            self.x[v] = self.x[brother] + self.sep
            if self.children[v]:
                self.mod[v] = self.x[v] - self.midpoint[v]
        else:
            self.x[v] = self.midpoint[v] if self.children[v] else 0.0

    def _next_left(self, v: int) -> int:
        kids = self.children[v]
        return kids[0] if kids else self.thread[v]

    def _next_right(self, v: int) -> int:
        kids = self.children[v]
        return kids[-1] if kids else self.thread[v]

    def _apportion(self, v: int, default: int) -> int:
        """Push the subtree of ``v`` clear of its left siblings' subtrees."""
        w = self._left_brother(v)
        if w < 0:
            return default
        x, mod = self.x, self.mod
        vir = vor = v
        vil = w
        vol = self.children[self.parent[v]][0]
        sir = sor = mod[v]
        sil, sol = mod[vil], mod[vol]
        while self._next_right(vil) >= 0 and self._next_left(vir) >= 0:
            vil, vir = self._next_right(vil), self._next_left(vir)
            vol, vor = self._next_left(vol), self._next_right(vor)
            self.ancestor[vor] = v
            shift = (x[vil] + sil) - (x[vir] + sir) + self.sep
            if shift > 0:
                self._move_subtree(self._ancestor(vil, v, default), v, shift)
                sir += shift
                sor += shift
            sil += mod[vil]
            sir += mod[vir]
            sol += mod[vol]
            sor += mod[vor]
        if self._next_right(vil) >= 0 and self._next_right(vor) < 0:
            self.thread[vor] = self._next_right(vil)
            mod[vor] += sil - sor
        else:
            if self._next_left(vir) >= 0 and self._next_left(vol) < 0:
                self.thread[vol] = self._next_left(vir)
                mod[vol] += sir - sol
            default = v
        return default

    def _ancestor(self, vil: int, v: int, default: int) -> int:
        a = self.ancestor[vil]
        return a if self.parent[a] == self.parent[v] else default

    def _move_subtree(self, wl: int, wr: int, shift: float) -> None:
        subtrees = self.number[wr] - self.number[wl]
        self.change[wr] -= shift / subtrees
        self.shift[wr] += shift
        self.change[wl] += shift / subtrees
        self.x[wr] += shift
        self.mod[wr] += shift

    def _execute_shifts(self, v: int) -> None:
        shift = change = 0.0
        for w in reversed(self.children[v]):
            self.x[w] += shift
            self.mod[w] += shift
            change += self.change[w]
            shift += self.shift[w] + change

    def _second_walk(self) -> list[float]:
        """Final x: the preliminary x plus the modifiers of all ancestors."""
        total = [0.0] * len(self.order)
        for v in range(len(self.order)):  # preorder: parents before children
            p = self.parent[v]
            total[v] = 0.0 if p < 0 else total[p] + self.mod[p]
        return [self.x[v] + total[v] for v in range(len(self.order))]


def describe_event(event: Event | None, puzzle: Puzzle | None = None) -> str:
    """One line saying what a trace event did, for captions and the stepper.

    Examples
    --------
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> describe_event(Event("place", Placement((0, 0), (0, 1)), 1, 1), p)
    'placed 00→ on (0, 0)-(0, 1)'
    >>> describe_event(Event("remove", Placement((0, 0), (1, 0)), 0, 4, backtrack=True), p)
    'took back 01↓ from (0, 0)-(1, 0) (backtrack)'
    >>> describe_event(Event("choice", options=2))
    'a choice among 2 options'
    """
    if event is None:
        return "the empty board"
    item = event.item
    name = placement_label(puzzle, item) if puzzle is not None else str(item)
    where = f" {'-'.join(map(str, item.cells))}" if isinstance(item, Placement) else ""
    if event.kind == "place":
        return f"placed {name} on{where}"
    if event.kind == "remove":
        return f"took back {name} from{where}" + (" (backtrack)" if event.backtrack else "")
    if event.kind == "solution":
        return "solution found"
    if event.kind == "choice":
        return {0: "no option left", 1: "one option only"}.get(
            event.options, f"a choice among {event.options} options")
    label = "dead end" if event.kind == "dead_end" else "note"
    return f"{label}: {event.text}" if event.text else label


def wrap_caption(text: str, width: int) -> str:
    """``text`` in lines of at most ``width`` characters, never broken inside parentheses.

    A cell such as ``(1, 2)`` stays on one line; a word longer than ``width``
    gets a line of its own.

    Examples
    --------
    >>> print(wrap_caption("took back 12→ from (1, 2)-(1, 3) (backtrack)", 20))
    took back 12→ from
    (1, 2)-(1, 3)
    (backtrack)
    """
    lines: list[str] = []
    for word in re.split(r" (?![^(]*\))", text):  # a space not inside (...)
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)
