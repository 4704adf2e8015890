"""Beyond Tatham: set analysis by matchings (Hall's theorem), exact for each number, at any N.

The N+2 squares showing a number v are covered by the N+1 dominoes with a v:
each of the N others (v-w, w != v) covers exactly one of them and the double v-v
covers two, side by side. So a solution chooses a placement of v-v (two squares)
and then matches the other N squares one-to-one with the N dominoes v-w. This
deduction keeps exactly the choices that can be completed: for each active place
of v-v it finds a perfect matching of the remaining squares with the v-w dominoes
and, by the alternating-cycle test of :mod:`~dominosa_lab.core.graph`, every
square-domino pair that lies in some perfect matching. A place of v-v with no
matching, and a placement whose pair (square of v, domino v-w) is in none of them,
are ruled out.

Every conclusion of Tatham's set analysis (:mod:`~dominosa_lab.logic.sets`, all
three kinds) is one of these, since each of his sets is a set of squares that no
perfect matching can serve otherwise; but no subset is ever enumerated: per
number it costs one matching per place of the double, polynomial in N, where his
enumeration of 2**(N+2) subsets is switched off above N = 14.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from dominosa_lab.core.graph import Matching
from dominosa_lab.logic.geometry import Geometry, bits, domino_index
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step, join, squares_text

__all__ = ["hall_sets"]

LEVEL = "deep"


@dataclass
class _NumberGraph:
    """The squares of v (left), the numbers w != v (right), their edges and the doubles."""

    v: int
    squares: tuple[int, ...]
    others: tuple[int, ...]
    adj: list[list[int]]
    edge: dict[tuple[int, int], int]  # (square index, number index) -> placements
    doubles: list[tuple[int, int, int]]  # (placement, square index, square index)

    @classmethod
    def build(cls, g: Geometry, active: int, v: int) -> _NumberGraph:
        squares = g.number_cells[v]
        local = {s: i for i, s in enumerate(squares)}
        others = tuple(w for w in range(g.puzzle.max_pip + 1) if w != v)
        column = {w: j for j, w in enumerate(others)}
        adj: list[list[int]] = [[] for _ in squares]
        edge: dict[tuple[int, int], int] = {}
        doubles = []
        for i, s in enumerate(squares):
            for p in bits(active & g.cell_mask[s]):
                t = g.other(p, s)
                w = g.values[t]
                if w == v:
                    if s < t:
                        doubles.append((p, i, local[t]))
                    continue
                j = column[w]
                if (i, j) not in edge:
                    adj[i].append(j)
                    edge[(i, j)] = 0
                edge[(i, j)] |= 1 << p
        return cls(v, squares, others, adj, edge, doubles)

    def without(self, squares: tuple[int, ...], number: int = -1) -> tuple[list[int], list]:
        """The left vertices other than ``squares`` and their adjacency, less ``number``."""
        keep = [i for i in range(len(self.squares)) if i not in squares]
        adj = [[j for j in self.adj[i] if j != number] for i in keep]
        return keep, adj


def hall_sets(state: State) -> Iterator[Step]:
    """A placement that leaves the squares of its number no way to get distinct dominoes dies.

    Sound: in every solution the double v-v lies on an active place joining two
    squares of v, and the other squares of v hold the dominoes v-w (w != v) one
    each (each such domino has exactly one v). A place of v-v after which the rest
    cannot be matched that way, or a placement holding v-w at a square s of v such
    that no completion gives v-w to s, is in no solution. One step per placement
    ruled out; numbers whose placements have not changed since they were last found
    complete are skipped.
    """
    g = state.geometry
    memo = state.scratch.setdefault("hall", {})
    for v in state.scan(range(g.puzzle.max_pip + 1)):
        start = state.active
        seen = start & g.number_mask[v]
        if memo.get(v) == seen:
            continue
        ruled = _infeasible(_NumberGraph.build(g, start, v))
        for p in bits(ruled):
            yield Step("hall_sets", LEVEL, g, _explain, ruled_out=1 << p,
                       squares=g.number_cells[v], reads=seen,
                       dominoes=tuple(domino_index(v, w) for w in range(g.puzzle.max_pip + 1)),
                       facts=(v, start, p))
        if state.active == start & ~ruled:  # every step was applied: a fixed point
            memo[v] = state.active & g.number_mask[v]


def _infeasible(graph: _NumberGraph) -> int:
    """The placements of ``graph`` that no completion uses (a bit set)."""
    feasible: set[tuple[int, int]] = set()
    ruled = 0
    partner = [-1] * len(graph.squares)
    for p, i, k in graph.doubles:
        keep, adj = graph.without((i, k))
        matching = Matching(adj, len(graph.others), [partner[x] for x in keep])
        if not matching.perfect:
            ruled |= 1 << p
            continue
        for u, x in enumerate(keep):
            partner[x] = matching.left[u]
        for x, allowed in zip(keep, matching.allowed(), strict=True):
            feasible.update((x, j) for j in allowed)
    for key, placements in graph.edge.items():
        if key not in feasible:
            ruled |= placements
    return ruled


def _explain(step: Step) -> str:
    v, active, p = step.facts
    g = step.geometry
    graph = _NumberGraph.build(g, active, v)
    a, b = g.pairs[p]
    if g.values[a] == g.values[b]:
        i, k = (graph.squares.index(s) for s in (a, b))
        return (f"if {v}-{v} lay at {step.placement_text(p)}, {_shortage(step, graph, (i, k))}; "
                f"so it is ruled out")
    s = a if g.values[a] == v else b
    w = g.values[g.other(p, s)]
    i, j = graph.squares.index(s), graph.others.index(w)
    cases = []
    for q, x, y in graph.doubles:
        where = f"with {v}-{v} at {step.placement_text(q)}"
        if i in (x, y):
            cases.append(f"{where}, {step.cell_text(s)} is taken")
        else:
            cases.append(f"{where}, {_shortage(step, graph, (i, x, y), j)}")
    return (f"if {step.placement_text(p)} held {v}-{w}, the squares showing {v} could not all "
            f"get different dominoes: " + "; ".join(cases) + "; so it is ruled out")


def _shortage(step: Step, graph: _NumberGraph, gone: tuple[int, ...], number: int = -1) -> str:
    """Words for a Hall violation among the squares of v left when ``gone`` are taken."""
    keep, adj = graph.without(gone, number)
    matching = Matching(adj, len(graph.others))
    crowd, partners = matching.hall_violator()  # a placement ruled out leaves one unmatched
    squares = squares_text(step.cell_text(graph.squares[keep[x]]) for x in sorted(crowd))
    held = sorted(graph.others[w] for w in partners)
    if not held:
        return f"{squares} would have no domino left"
    dominoes = join(f"{min(graph.v, w)}-{max(graph.v, w)}" for w in held)
    return f"{squares} could only hold {dominoes}, one domino too few"
