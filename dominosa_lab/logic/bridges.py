"""Tatham's parity deduction: a placement that would cut its area into two odd parts.

Look at the graph whose vertices are the squares and whose edges are the active
placements. A *bridge* is an edge whose removal splits its connected piece in two.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa_lab.logic.geometry import Geometry, bits
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step, join

__all__ = ["bridges", "parity"]

LEVEL = "basic"


def parity(state: State) -> Iterator[Step]:
    """A bridge with an even number of squares on each side cannot be used.

    Sound: using the bridge covers one square of each side; each side is then an odd
    number of squares that can only be tiled by placements inside it (the bridge was
    the only placement joining the sides), and an odd area has no tiling. All such
    bridges of one snapshot of the graph are ruled out together (each was justified
    by a state that held); one step, counted per placement as Tatham counts it.
    """
    g = state.geometry
    ruled, facts, squares = 0, [], set()
    for p, side, other, piece in bridges(g, state.active):
        if side % 2 == 0 and other % 2 == 0:
            ruled |= 1 << p
            facts.append((p, side, other))
            squares.update(piece)
    if ruled:
        yield Step("parity", LEVEL, g, _explain, ruled_out=ruled, squares=tuple(sorted(squares)),
                   reads=state.active & g.squares_mask(squares), facts=tuple(facts),
                   per_placement=True)


def bridges(g: Geometry, active: int) -> Iterator[tuple[int, int, int, tuple[int, ...]]]:
    """Every bridge of the graph of ``active`` placements joining more than two squares:
    (placement, squares on each side, piece).

    Tarjan's bridge finding, iterative; a tree edge u-w of the depth-first search is
    a bridge when nothing below w reaches above w, and w's subtree is one side. A piece
    of two squares, one placement with one square on each side (most of a board near
    its end), is skipped unsearched.
    """
    n = len(g.cells)
    disc = [-1] * n
    low = [0] * n
    size = [1] * n
    timer = 0
    around = _neighbours(g, active)
    for root in range(n):
        if disc[root] >= 0 or _alone(around, root):
            continue
        start = timer
        order = [root]
        disc[root] = low[root] = timer
        timer += 1
        tree = []
        stack = [(root, -1, around[root])]
        while stack:
            v, came_by, todo = stack[-1]
            if todo:
                p, w = todo.pop()
                if p == came_by:
                    continue
                if disc[w] < 0:
                    disc[w] = low[w] = timer
                    timer += 1
                    order.append(w)
                    tree.append((p, v, w))
                    stack.append((w, p, around[w]))
                elif disc[w] < low[v]:
                    low[v] = disc[w]
                continue
            stack.pop()
            if stack:
                u = stack[-1][0]
                size[u] += size[v]
                if low[v] < low[u]:
                    low[u] = low[v]
        piece = timer - start
        for p, u, w in tree:
            if low[w] > disc[u]:
                yield p, size[w], piece - size[w], tuple(order)


def _alone(around: list[list[tuple[int, int]]], square: int) -> bool:
    """Whether ``square`` has one active placement and its other square has no other."""
    return len(around[square]) == 1 and len(around[around[square][0][1]]) == 1


def _neighbours(g: Geometry, active: int) -> list[list[tuple[int, int]]]:
    """Per square, (placement, the other square) of its active placements, lowest first."""
    around: list[list[tuple[int, int]]] = [[] for _ in g.cells]
    pairs = g.pairs
    for p in bits(active):
        a, b = pairs[p]
        around[a].append((p, b))
        around[b].append((p, a))
    return around


def _explain(step: Step) -> str:
    cuts = join(f"{step.placement_text(p)} ({a} | {b} squares)" for p, a, b in step.facts)
    many = len(step.facts) > 1
    return (f"placing {'any of ' if many else ''}{cuts} would cut its area in two and use one "
            f"square of each side, leaving two areas of odd size that dominoes cannot cover; "
            f"so {'they are' if many else 'it is'} ruled out")
