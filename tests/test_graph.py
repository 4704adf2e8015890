"""The graph helpers written once: CSR grouping, maximum matching, strong components, reach."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab.core.graph import Matching, csr, reach, strong_components


@st.composite
def bipartite(draw) -> tuple[list[list[int]], int]:
    """A small bipartite graph: per left vertex its distinct right neighbours."""
    n_left = draw(st.integers(0, 7))
    n_right = draw(st.integers(0, 7))
    if n_right == 0:
        return [[] for _ in range(n_left)], 0
    adj = [sorted(draw(st.sets(st.integers(0, n_right - 1), max_size=n_right)))
           for _ in range(n_left)]
    return adj, n_right


@st.composite
def digraph(draw) -> list[list[int]]:
    """A small directed graph: per vertex its successors."""
    n = draw(st.integers(1, 9))
    return [sorted(draw(st.sets(st.integers(0, n - 1), max_size=4))) for _ in range(n)]


@given(st.lists(st.integers(0, 5), max_size=20))
def test_csr_groups_every_position_under_its_key_in_order(keys):
    starts, members = csr(np.array(keys, dtype=np.int64), 6)
    for k in range(6):
        assert members[starts[k]:starts[k + 1]].tolist() == [i for i, x in enumerate(keys)
                                                              if x == k]


@given(bipartite())
@settings(max_examples=200)
def test_matching_is_a_maximum_matching(graph):
    adj, n_right = graph
    m = Matching(adj, n_right)
    pairs = [(u, w) for u, w in enumerate(m.left) if w >= 0]
    assert all(w in adj[u] and m.right[w] == u for u, w in pairs)
    g = nx.Graph([(("l", u), ("r", w)) for u, ws in enumerate(adj) for w in ws])
    g.add_nodes_from(("l", u) for u in range(len(adj)))
    best = nx.bipartite.maximum_matching(g, top_nodes=[("l", u) for u in range(len(adj))])
    assert len(pairs) == len(best) // 2
    assert len(m.unmatched) == len(adj) - len(pairs)


@given(bipartite(), st.data())
def test_matching_grown_from_a_start_is_still_maximum(graph, data):
    adj, n_right = graph
    start = [data.draw(st.sampled_from([-1, *ws])) for ws in adj]
    grown, fresh = Matching(adj, n_right, start), Matching(adj, n_right)
    assert len(grown.unmatched) == len(fresh.unmatched)


@given(digraph())
@settings(max_examples=200)
def test_strong_components_are_networkx_strong_components(succ):
    comp = strong_components(len(succ), succ.__getitem__)
    g = nx.DiGraph([(u, w) for u, ws in enumerate(succ) for w in ws])
    g.add_nodes_from(range(len(succ)))
    ours = {frozenset(u for u in range(len(succ)) if comp[u] == c) for c in set(comp)}
    assert ours == {frozenset(c) for c in nx.strongly_connected_components(g)}


@given(digraph())
def test_strong_components_are_numbered_so_every_arc_goes_down_or_stays(succ):
    comp = strong_components(len(succ), succ.__getitem__)
    assert all(comp[w] <= comp[u] for u, ws in enumerate(succ) for w in ws)


@given(digraph(), st.data())
def test_reach_is_every_vertex_a_path_leads_to(succ, data):
    start = data.draw(st.integers(0, len(succ) - 1))
    g = nx.DiGraph([(u, w) for u, ws in enumerate(succ) for w in ws])
    g.add_nodes_from(range(len(succ)))
    found = reach(start, succ.__getitem__)
    assert found[0] == start and len(found) == len(set(found))
    assert set(found) == {start} | nx.descendants(g, start)


@st.composite
def with_perfect_matching(draw) -> list[list[int]]:
    """A bipartite graph on n + n vertices holding a hidden perfect matching, plus other edges."""
    n = draw(st.integers(1, 6))
    hidden = draw(st.permutations(range(n)))
    return [sorted({hidden[u], *draw(st.sets(st.integers(0, n - 1), max_size=3))})
            for u in range(n)]


@given(with_perfect_matching())
@settings(max_examples=200)
def test_allowed_edges_are_the_edges_of_some_perfect_matching(adj):
    in_some: list[set[int]] = [set() for _ in adj]
    for partners in itertools.permutations(range(len(adj))):
        if all(w in adj[u] for u, w in enumerate(partners)):
            for u, w in enumerate(partners):
                in_some[u].add(w)
    assert [set(ws) for ws in Matching(adj, len(adj)).allowed()] == in_some


@given(bipartite())
@settings(max_examples=200)
def test_hall_violator_has_one_neighbour_fewer_than_members(graph):
    adj, n_right = graph
    m = Matching(adj, n_right)
    if not m.unmatched:
        return
    crowd, partners = m.hall_violator()
    assert crowd[0] == m.unmatched[0] and len(set(crowd)) == len(crowd)
    assert {w for u in crowd for w in adj[u]} == set(partners)
    assert len(set(partners)) == len(crowd) - 1
