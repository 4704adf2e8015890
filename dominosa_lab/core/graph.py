"""Graphs on small integers, written once: CSR grouping, bipartite matching, strong components.

A graph is ``adj``: for each left vertex the list of its right vertices. The three
facts the deductions build on (Dulmage-Mendelsohn; see e.g. Lovasz and Plummer,
*Matching Theory*):

* given a perfect matching M, an edge u-w not in M is in *some* perfect matching
  exactly when it lies on an M-alternating cycle, i.e. when, in the digraph on the
  left vertices with an arc u -> x for every edge u-w, w = M(x), the vertex
  ``x = M^-1(w)`` reaches u: when u and x are in one strongly connected component;
* if it is not, the left vertices that x reaches form a set L whose neighbours
  (apart from w) are the partners of L minus w, one fewer than L: a violation of
  Hall's condition once u and w are taken away;
* a left vertex that no augmenting path can match reaches, the same way, a set L
  with only ``|L| - 1`` neighbours: the graph has no perfect matching.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

import numpy as np

__all__ = ["Matching", "csr", "reach", "strong_components"]

Vertex = TypeVar("Vertex", bound=Hashable)


def csr(keys: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Group positions by key: ``(starts, members)`` with the positions ``i`` where
    ``keys[i] == k`` in ``members[starts[k]:starts[k + 1]]``, ascending.

    Examples
    --------
    >>> starts, members = csr(np.array([1, 0, 1]), 3)
    >>> starts.tolist(), members.tolist()
    ([0, 1, 3, 3], [1, 0, 2])
    """
    keys = np.asarray(keys, dtype=np.int64)
    starts = np.zeros(size + 1, np.int64)
    np.cumsum(np.bincount(keys, minlength=size), out=starts[1:])
    return starts, np.argsort(keys, kind="stable").astype(np.int64)


class Matching:
    """A maximum matching of a bipartite graph, grown from an optional start.

    Parameters
    ----------
    adj : sequence of sequences of int
        ``adj[u]``: the right vertices of left vertex ``u``.
    n_right : int
        How many right vertices there are.
    start : sequence of int, optional
        A matching to begin from (``start[u]`` the partner of ``u`` or -1); pairs that
        are not edges of ``adj`` are dropped.

    Examples
    --------
    >>> m = Matching([[0, 1], [0]], 2)
    >>> m.left, m.perfect
    ([1, 0], True)
    """

    def __init__(self, adj: Sequence[Sequence[int]], n_right: int,
                 start: Sequence[int] | None = None) -> None:
        self.adj = adj
        self.left = [-1] * len(adj)
        self.right = [-1] * n_right
        if start is not None:
            for u, w in enumerate(start):
                if w >= 0 and self.right[w] < 0 and w in adj[u]:
                    self.left[u], self.right[w] = w, u
        self.unmatched = [u for u in range(len(adj)) if self.left[u] < 0 and not self._augment(u)]

    @property
    def perfect(self) -> bool:
        """Whether every vertex on both sides is matched."""
        return not self.unmatched and len(self.left) == len(self.right)

    def _augment(self, root: int) -> bool:
        """Match ``root`` along an augmenting path (depth-first, iterative), if there is one."""
        adj, left, right = self.adj, self.left, self.right
        for w in adj[root]:  # a free partner next door is the common case
            if right[w] < 0:
                left[root], right[w] = w, root
                return True
        seen = set()
        path: list[tuple[int, int]] = []  # (left vertex, index of its next edge)
        stack = [(root, 0)]
        while stack:
            u, i = stack.pop()
            nbrs = adj[u]
            while i < len(nbrs) and nbrs[i] in seen:
                i += 1
            if i == len(nbrs):
                if path:
                    path.pop()
                continue
            w = nbrs[i]
            seen.add(w)
            stack.append((u, i + 1))
            path.append((u, w))
            if right[w] < 0:
                for x, y in path:
                    left[x], right[y] = y, x
                return True
            stack.append((right[w], 0))
        return False

    def successors(self, u: int) -> list[int]:
        """The arcs of the alternating digraph out of left vertex ``u`` (see the module text)."""
        mine, right = self.left[u], self.right
        return [right[w] for w in self.adj[u] if w != mine and right[w] >= 0]

    def hall_violator(self) -> tuple[list[int], list[int]]:
        """When a left vertex is unmatched: left vertices with one neighbour fewer than members
        (Hall's condition fails, so no matching covers them all), and those neighbours. They
        are the vertices the alternating digraph reaches from the first unmatched one (it
        first, then breadth-first), and the partners of all but it.

        Examples
        --------
        >>> Matching([[0], [0], [0, 1]], 2).hall_violator()
        ([1, 0], [0])
        """
        u = self.unmatched[0]
        crowd = reach(u, self.successors)
        return crowd, [self.left[x] for x in crowd if x != u]

    def allowed(self) -> list[list[int]]:
        """Of a perfect matching: per left vertex, its right vertices joined by an edge of
        *some* perfect matching (the matched one, and each edge u-w whose ``M^-1(w)`` shares
        u's strong component of the alternating digraph; see the module text).

        Examples
        --------
        >>> Matching([[0, 1], [0, 1], [1, 2]], 3).allowed()   # 2-1 is in no perfect matching
        [[0, 1], [0, 1], [2]]
        """
        comp = strong_components(len(self.left), self.successors)
        return [[w for w in self.adj[u] if w == self.left[u] or comp[u] == comp[self.right[w]]]
                for u in range(len(self.left))]


def strong_components(n: int, successors) -> list[int]:
    """The strongly connected component of each of ``n`` vertices (Tarjan, iterative)."""
    index = [-1] * n
    low = [0] * n
    comp = [-1] * n
    on_stack = [False] * n
    stack: list[int] = []
    counter = 0
    n_comps = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, successors(root), 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, succ, i = work[-1]
            if i < len(succ):
                work[-1] = (v, succ, i + 1)
                w = succ[i]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, successors(w), 0))
                elif on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
                continue
            work.pop()
            if work and low[v] < low[work[-1][0]]:
                low[work[-1][0]] = low[v]
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = n_comps
                    if w == v:
                        break
                n_comps += 1
    return comp


def reach(start: Vertex, successors: Callable[[Vertex], Iterable[Vertex]]) -> list[Vertex]:
    """The vertices reachable from ``start`` (itself included), in breadth-first order; any
    hashable vertices.

    Examples
    --------
    >>> reach("a", {"a": ["b"], "b": ["a", "c"], "c": [], "d": ["a"]}.__getitem__)
    ['a', 'b', 'c']
    """
    seen = {start}
    order = [start]
    for v in order:
        for w in successors(v):
            if w not in seen:
                seen.add(w)
                order.append(w)
    return order
