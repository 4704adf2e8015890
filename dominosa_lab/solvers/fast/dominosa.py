"""Dominosa on the compiled engine: the board as a cover model, and the Dominosa deductions the
engine runs, each beside the Python deduction of the reasoning layer it mirrors (the table
:data:`~dominosa_lab.solvers.fast.mirror.MIRRORS`, which the equivalence test reads).

A board becomes a :class:`~dominosa_lab.solvers.engine.state.CoverModel`, read from its board model
(:func:`~dominosa_lab.core.board.shared_view`, the ``tatham`` view, and
:func:`~dominosa_lab.core.board.square_values`): one primary item per square (class 0, reading
order), one per domino (class 1, Tatham's order), one option per placement (Tatham's order, as
:mod:`~dominosa_lab.logic.geometry`). The engine's own steps are then these deductions:

* an item with one option left takes it: :func:`~dominosa_lab.logic.trivial.domino_single_placement`
  and :func:`~dominosa_lab.logic.trivial.square_single_placement`;
* the blocked-option rule (:mod:`~dominosa_lab.solvers.engine.rule`) read through squares for
  dominoes: :func:`~dominosa_lab.logic.local.domino_must_overlap` (a placement sharing a square with
  every placement left to a domino dies); read through dominoes for squares:
  :func:`~dominosa_lab.logic.local.square_single_domino` (a square whose placements all hold one
  domino uses it up);

and :func:`hall_sets_out` is :func:`~dominosa_lab.logic.hall.hall_sets`, compiled: the same rule,
exact per number (one matching per place of the double, then the strongly connected components
of the alternating graph). The explained Python forms stay the reference: :func:`fixed_point`
runs the compiled ones at level 0 and a test holds it equal to the Python ladder of the same
rules.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from dominosa_lab.core import board as _board
from dominosa_lab.core.board import layout, shared_view, square_values
from dominosa_lab.core.puzzle import Placement, Puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine import loop
from dominosa_lab.solvers.engine.jit import bare, kernel
from dominosa_lab.solvers.engine.rule import rule_table
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.engine.state import C_NONE, CoverModel
from dominosa_lab.solvers.fast import sources  # noqa: F401 (stale kernels cleared first)

__all__ = ["RULE_MAX", "DominosaCover", "cover_lists", "fixed_point", "hall_fixed_point",
           "hall_sets_out",
           "root_deductions", "root_kernel"]

#: :func:`~dominosa_lab.core.board.domino_number`, compiled: the board model's number of a domino.
domino_number = bare(_board.domino_number)
#: Item classes: squares and dominoes; each is read through the other by the blocked rule.
SQUARE, DOMINO = 0, 1
#: The blocked-option rule cannot fire on a domino with more placements left than the six
#: that share a square with one placement, nor on a square (four at most): reading it
#: there is wasted.
RULE_MAX = 6


class DominosaCover:
    """A puzzle as compiled arrays: the cover model, the numbers, the placements.

    Attributes
    ----------
    model : CoverModel
        Items: squares ``0 .. n-1``, dominoes ``n .. n+M-1``; options: placements.
    values : array of int
        The number on each square.
    pairs : array of int, shape (P, 2)
        The two squares of each placement (vertical pairs first, as ``Geometry.pairs``).
    cells : tuple of Cell
        The board's squares, in reading order (``pairs`` indexes them).

    Examples
    --------
    >>> from dominosa_lab import load
    >>> d = DominosaCover(load("mikefc-small"))
    >>> d.model.n_items, d.model.n_options
    (30, 31)
    """

    def __init__(self, puzzle: Puzzle) -> None:
        view = shared_view(layout(puzzle.cells), puzzle.max_pip, "tatham")
        self.max_pip = puzzle.max_pip
        self.values = square_values(puzzle)
        self.pairs = view.pairs.copy()  # writable, as the kernels are compiled for
        #: Each domino's item, counted after the squares (:func:`cover_lists`).
        self.domino_rank = view.domino_rank.copy()
        self.n_items = self.values.shape[0] + self.domino_rank.shape[0]
        self.cells = puzzle.cells

    @cached_property
    def model(self) -> CoverModel:
        """The board's cover model (made when first asked for: the first solution of a small
        board makes its own, :mod:`~dominosa_lab.solvers.fast.first`)."""
        model = cover_lists(self.pairs, self.values, self.domino_rank, self.max_pip, self.n_items)
        table = rule_table(model)
        return model._replace(table=table) if table.size else model

    def placement(self, q: int) -> Placement:
        """The :class:`~dominosa_lab.core.puzzle.Placement` of option ``q`` (made on demand:
        a solution needs one per domino, and making all of them costs more than a small board's
        search)."""
        a, b = self.pairs[q]
        return Placement.between(self.cells[a], self.cells[b])

    def placements(self, options: np.ndarray) -> list[Placement]:
        """The :class:`~dominosa_lab.core.puzzle.Placement` of each option of ``options`` (a
        solution's, made at once: one look-up of their squares for all)."""
        cells, between = self.cells, Placement.between
        return [between(cells[a], cells[b]) for a, b in self.pairs[options].tolist()]

    def engine(self, search: Search, rule: bool = True, learn: bool = True) -> CoverSearch:
        """The compiled engine on this board, with or without the blocked-option rule and
        clause learning, reporting to ``search``."""
        return CoverSearch(self.model, search, self.placement, learn=learn,
                           rule_max=RULE_MAX if rule else 0)


@kernel
def cover_lists(pairs, values, domino_rank, max_pip, n_items):
    """The board's :class:`~dominosa_lab.solvers.engine.state.CoverModel` without the rule's
    table: placement ``q`` covers the squares ``pairs[q]``, then the item of its domino (after
    the squares, in the order ``domino_rank`` gives the board model's numbering); every item
    primary, squares of class ``SQUARE`` read through dominoes and dominoes the other way
    round."""
    k, n = pairs.shape[0], values.shape[0]
    ost = np.arange(0, 3 * k + 1, 3).astype(np.int64)
    oit = np.empty(3 * k, np.int64)
    for q in range(k):
        a, b = values[pairs[q, 0]], values[pairs[q, 1]]
        lo, hi = min(a, b), max(a, b)
        oit[3 * q] = pairs[q, 0]
        oit[3 * q + 1] = pairs[q, 1]
        oit[3 * q + 2] = n + domino_rank[domino_number(lo, hi, max_pip)]
    ist = np.zeros(n_items + 1, np.int64)
    for j in range(3 * k):
        ist[oit[j] + 1] += 1
    for i in range(n_items):
        ist[i + 1] += ist[i]
    fill = ist[:-1].copy()
    iop = np.empty(3 * k, np.int64)
    for j in range(3 * k):
        iop[fill[oit[j]]] = j // 3
        fill[oit[j]] += 1
    klass = np.full(n_items, DOMINO, np.int64)
    klass[:n] = SQUARE
    one = np.full((2, k), -2, np.int64)  # a placement covers two squares: read through lists
    one[DOMINO] = oit[2::3]
    return CoverModel(option_start=ost, option_items=oit, item_start=ist, item_options=iop,
                      primary=np.ones(n_items, np.uint8), rule=1 - klass, klass=klass, one=one,
                      table=np.zeros(0, np.int64))


def root_deductions(engine: CoverSearch, board: DominosaCover, probe: bool) -> bool:
    """Level 0: the engine's own steps, then Hall sets to a fixed point, then (``probe``)
    failed-placement probing on the squares with two placements left (Tatham's forcing
    chains run through such squares) and Hall sets again while either rules something out.
    One compiled call (:func:`root_kernel`): on small boards the calls themselves would cost more
    than the deductions.

    Returns False when the board is found to have no solution.
    """
    return engine.deduce(root_kernel, engine.dead, board.values, board.pairs, board.max_pip, probe)


@kernel
def root_kernel(m, s, g, dead, values, pairs, max_pip, probe):
    """:func:`root_deductions` as one kernel: the conflict kind it ends with."""
    kind = loop.start(m, s, g, dead)
    while kind == C_NONE:
        kind = hall_fixed_point(m, s, g, values, pairs, max_pip)
        if kind != C_NONE or not probe:
            break
        kind, ruled = loop.probe(m, s, g, SQUARE)
        if ruled == 0:
            break
    return kind


@kernel
def hall_fixed_point(m, s, g, values, pairs, max_pip):
    """The Hall-set rule and propagation until neither rules anything out: the conflict kind."""
    kind = C_NONE
    while kind == C_NONE:
        out = hall_sets_out(values, pairs, m.item_start, m.item_options, max_pip, s.value)
        if out.size == 0:
            break
        kind = loop.kill(m, s, g, out)
    return kind


def fixed_point(puzzle: Puzzle) -> int:
    """The placements left (a bit set in Tatham's order) when the compiled deductions stop.

    Examples
    --------
    >>> from dominosa_lab import load
    >>> bin(fixed_point(load("mikefc-small"))).count("1")   # solved: one per domino
    10
    """
    board = DominosaCover(puzzle)
    engine = board.engine(Search())
    root_deductions(engine, board, probe=False)
    alive = np.flatnonzero(engine.state() != 0)
    return sum(1 << int(p) for p in alive)


@kernel
def _components(adj_start, adj, n_left, skip, mate_l, mate_r, comp):
    """Strongly connected components of u -> mate_r[j] over the edges (u, j) not in the
    matching (Tarjan, iterative); vertices with ``skip[u]`` left out. Returns their number."""
    index = np.full(n_left, -1, np.int64)
    low = np.zeros(n_left, np.int64)
    on = np.zeros(n_left, np.uint8)
    stack = np.empty(n_left, np.int64)
    call_u = np.empty(n_left, np.int64)
    call_e = np.empty(n_left, np.int64)
    counter = 0
    sp = 0
    ncomp = 0
    for root in range(n_left):
        if skip[root] or index[root] >= 0:
            continue
        csp = 1
        call_u[0] = root
        call_e[0] = adj_start[root]
        index[root] = low[root] = counter
        counter += 1
        stack[sp] = root
        sp += 1
        on[root] = 1
        while csp > 0:
            u = call_u[csp - 1]
            e = call_e[csp - 1]
            if e < adj_start[u + 1]:
                call_e[csp - 1] = e + 1
                j = adj[e]
                if j == mate_l[u]:
                    continue
                w = mate_r[j]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack[sp] = w
                    sp += 1
                    on[w] = 1
                    call_u[csp] = w
                    call_e[csp] = adj_start[w]
                    csp += 1
                elif on[w] == 1 and index[w] < low[u]:
                    low[u] = index[w]
                continue
            if low[u] == index[u]:
                while True:
                    sp -= 1
                    w = stack[sp]
                    on[w] = 0
                    comp[w] = ncomp
                    if w == u:
                        break
                ncomp += 1
            csp -= 1
            if csp > 0 and low[u] < low[call_u[csp - 1]]:
                low[call_u[csp - 1]] = low[u]
    return ncomp


@kernel
def _number_graph(values, pairs, ist, iop, state, v, squares, local):
    """Number v's graph: its squares (left, by place in ``squares``) joined to the numbers
    w != v (right, ``w`` or ``w - 1`` above v) that a placement left puts beside them, as
    (edge starts, edge ends, each edge's placement, the places of the double v-v: (placement,
    its two squares) rows)."""
    k = squares.shape[0]
    adj_start = np.zeros(k + 1, np.int64)
    adj = np.empty(4 * k + 4, np.int64)
    edge_p = np.empty(4 * k + 4, np.int64)
    doubles = np.empty((4 * k + 4, 3), np.int64)
    nd = 0
    ne = 0
    for i in range(k):
        s = squares[i]
        for t in range(ist[s], ist[s + 1]):
            p = iop[t]
            if state[p] == 0:
                continue
            other = pairs[p, 1] if pairs[p, 0] == s else pairs[p, 0]
            w = values[other]
            if w == v:
                if s < other:
                    doubles[nd, 0] = p
                    doubles[nd, 1] = i
                    doubles[nd, 2] = local[other]
                    nd += 1
                continue
            adj[ne] = w if w < v else w - 1
            edge_p[ne] = p
            ne += 1
        adj_start[i + 1] = ne
    return adj_start, adj, edge_p, doubles[:nd]


@kernel
def _feasible(adj_start, adj, n_right, doubles, out):
    """Per edge of a number's graph, 1 when it lies in a perfect matching for some place of
    the double (matched, or within one strong component); a place without a matching is
    ruled out in ``out``."""
    k = adj_start.shape[0] - 1
    feasible = np.zeros(adj_start[k], np.uint8)
    mate_l = np.empty(k, np.int64)
    mate_r = np.empty(max(n_right, 1), np.int64)
    seen = np.empty(max(n_right, 1), np.uint8)
    su = np.empty(k + 1, np.int64)
    se = np.empty(k + 1, np.int64)
    comp = np.empty(k, np.int64)
    skip = np.zeros(k, np.uint8)
    for d in range(doubles.shape[0]):
        a, b = doubles[d, 1], doubles[d, 2]
        skip[:] = 0
        skip[a] = 1
        skip[b] = 1
        size = _match_without(adj_start, adj, k, n_right, a, b, mate_l, mate_r, seen, su, se)
        if size < k - 2:
            out[doubles[d, 0]] = 1
            continue
        _components(adj_start, adj, k, skip, mate_l, mate_r, comp)
        for u in range(k):
            if skip[u]:
                continue
            for e in range(adj_start[u], adj_start[u + 1]):
                j = adj[e]
                if j == mate_l[u] or comp[u] == comp[mate_r[j]]:
                    feasible[e] = 1
    return feasible


@kernel
def hall_sets_out(values, pairs, ist, iop, max_pip, state):
    """The placements that :func:`~dominosa_lab.logic.hall.hall_sets` rules out (compiled).

    For each number v: for every place of the double v-v not ruled out, a perfect
    matching of the other squares of v with the numbers w != v (square s and w are
    joined when a placement left puts v-w on s), and the edges in some perfect
    matching (matched, or within one strong component). A place of the double
    without a matching dies, and so does every placement whose (square, number) pair
    no place of the double can complete. ``state``: -1 open, 0 ruled out, 1 placed.
    """
    n = values.shape[0]
    out = np.zeros(state.shape[0], np.uint8)
    local = np.full(n, -1, np.int64)
    for v in range(max_pip + 1):
        squares = np.flatnonzero(values == v)
        for i in range(squares.shape[0]):
            local[squares[i]] = i
        adj_start, adj, edge_p, doubles = _number_graph(values, pairs, ist, iop, state, v,
                                                        squares, local)
        feasible = _feasible(adj_start, adj, max_pip, doubles, out)
        for e in range(feasible.shape[0]):
            if feasible[e] == 0:
                out[edge_p[e]] = 1
    for p in range(state.shape[0]):
        if state[p] == 0:
            out[p] = 0
    return np.flatnonzero(out)


@kernel
def _match_without(adj_start, adj, k, n_right, a, b, mate_l, mate_r, seen, su, se):
    """The matching's size with left vertices ``a`` and ``b`` (the double's squares) left out."""
    for u in range(k):
        mate_l[u] = -1
    mate_l[a] = -2
    mate_l[b] = -2
    size = _match_rest(adj_start, adj, k, n_right, mate_l, mate_r, seen, su, se)
    mate_l[a] = -1
    mate_l[b] = -1
    return size


@kernel
def _match_rest(adj_start, adj, n_left, n_right, mate_l, mate_r, seen, stack_u, stack_e):
    """Augmenting paths from every left vertex not marked -2; returns the matching's size."""
    for j in range(n_right):
        mate_r[j] = -1
    size = 0
    for root in range(n_left):
        if mate_l[root] == -2:
            continue
        for j in range(n_right):
            seen[j] = 0
        stack_u[0] = root
        stack_e[0] = adj_start[root]
        sp = 1
        while sp > 0:
            u = stack_u[sp - 1]
            e = stack_e[sp - 1]
            if e >= adj_start[u + 1]:
                sp -= 1
                continue
            stack_e[sp - 1] = e + 1
            j = adj[e]
            if seen[j] == 1:
                continue
            seen[j] = 1
            if mate_r[j] < 0:
                for t in range(sp - 1, -1, -1):
                    uu = stack_u[t]
                    jj = adj[stack_e[t] - 1]
                    mate_r[jj] = uu
                    mate_l[uu] = jj
                size += 1
                break
            stack_u[sp] = mate_r[j]
            stack_e[sp] = adj_start[mate_r[j]]
            sp += 1
    return size
