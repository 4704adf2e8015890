"""Beyond Tatham: rule out every placement that no tiling by the placements left can use.

Colour the board like a chessboard: every domino covers one square of each
colour, so a tiling by the active placements is a perfect matching of the
bipartite graph (one colour, the other colour, active placements). Tatham's
parity deduction rules out a bridge that would leave two odd areas, which is one
special way for a placement to lie in no perfect matching; this deduction rules
out *all* of them, with one maximum matching and one strongly-connected-components
pass (the Dulmage-Mendelsohn decomposition; :mod:`~dominosa_lab.core.graph`).
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa_lab.core.graph import Matching, reach
from dominosa_lab.logic.geometry import Geometry, bits
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step, squares_text

__all__ = ["tiling"]

LEVEL = "deep"


def tiling(state: State) -> Iterator[Step]:
    """A placement in no tiling of the board by the active placements cannot be used.

    Sound: a solution is in particular a tiling of the board by active placements
    (it covers every square once), so a placement that no such tiling uses is in no
    solution. The test is exact for tilings: given one tiling M (a perfect matching
    of the chessboard colours), a placement u-w outside M is in another tiling
    exactly when it closes a cycle alternating between M and non-M placements;
    where it does not, the squares of u's colour that can be reached by such paths
    from w's partner need more partners than they have once u and w are covered,
    and the step names them. If there is no tiling at all, every placement is ruled
    out (there is no solution) and the step names squares that cannot all be paired.
    One step per placement, so the count is per placement like Tatham's parity.
    """
    g = state.geometry
    memo = state.scratch.setdefault("tiling", {})
    start = state.active
    if memo.get("fixed") == start:
        return
    left, right, adj = _graph(g, start)
    matching = Matching(adj, len(right), memo.get("matching"))
    memo["matching"] = matching.left
    if not matching.perfect:
        yield _no_tiling(state, left, right, matching)
        return
    ruled = 0
    for u, (s, allowed) in enumerate(zip(left, matching.allowed(), strict=True)):
        for w in adj[u]:
            if w not in allowed:
                x = matching.right[w]
                p = _placement(g, s, right[w])
                if state.active >> p & 1:
                    ruled |= 1 << p
                    crowd = reach(x, matching.successors)
                    yield _step(state, p, [left[v] for v in crowd],
                                [right[matching.left[v]] for v in crowd if v != x])
    if state.active == start & ~ruled:  # every step was applied: a fixed point
        memo["fixed"] = state.active


def _graph(g: Geometry, active: int) -> tuple[list[int], list[int], list[list[int]]]:
    """Left squares (the larger colour, or colour 0), right squares, and adjacency."""
    colour = 0 if g.colour.count(0) >= g.colour.count(1) else 1
    left = [s for s in range(len(g.cells)) if g.colour[s] == colour]
    right = [s for s in range(len(g.cells)) if g.colour[s] != colour]
    where = {s: i for i, s in enumerate(right)}
    adj = [[where[g.other(p, s)] for p in bits(active & g.cell_mask[s])] for s in left]
    return left, right, adj


def _placement(g: Geometry, a: int, b: int) -> int:
    return (g.cell_mask[a] & g.cell_mask[b]).bit_length() - 1


def _step(state: State, p: int, crowd: list[int], partners: list[int]) -> Step:
    g = state.geometry
    return Step("tiling", LEVEL, g, _explain, ruled_out=1 << p,
                squares=tuple(sorted({*crowd, *partners})),
                reads=state.active & g.squares_mask(crowd),
                facts=(p, tuple(crowd), tuple(partners)))


def _no_tiling(state: State, left: list[int], right: list[int], matching: Matching) -> Step:
    g = state.geometry
    found, matched = matching.hall_violator()  # the left colour is the larger: one unmatched
    crowd = [left[v] for v in found]
    partners = [right[w] for w in matched]
    return Step("tiling", LEVEL, g, _explain, ruled_out=state.active,
                squares=tuple(sorted({*crowd, *partners})), reads=state.active,
                facts=(-1, tuple(crowd), tuple(partners)))


def _explain(step: Step) -> str:
    p, crowd, partners = step.facts
    many = squares_text(step.cell_text(s) for s in sorted(crowd))
    if partners:
        few = squares_text(step.cell_text(s) for s in sorted(partners))
        need = f"{many} could only pair with {few}, so one of them would stay uncovered"
    else:
        need = f"{many} would have no neighbour left to pair with"
    if p < 0:
        return f"the board cannot be tiled at all: {need}; there is no solution"
    return f"if {step.placement_text(p)} were used, {need}; so it is ruled out"
