"""The exact-cover engine: solution sets, secondary items, pre-covering, heuristics, counters."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab.core.exact_cover import ORDERS, ExactCover
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.errors import ArgumentError, ExactCoverError

# Knuth, "Dancing Links" (2000), the 7-item example: items a..g.
KNUTH_OPTIONS = [[2, 4], [0, 3, 6], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]


def knuth() -> ExactCover:
    return ExactCover(7, 0, KNUTH_OPTIONS, names="abcdefg")


def solution_set(problem: ExactCover, **kwargs) -> set[frozenset[int]]:
    return {frozenset(s) for s in problem.solve(**kwargs)}


def brute_force(n_primary: int, n_secondary: int, options: list[list[int]]) -> set[frozenset]:
    """Every set of options covering primaries exactly once and secondaries at most once."""
    found = set()
    for r in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), r):
            items = [i for j in chosen for i in options[j]]
            if len(items) == len(set(items)) and set(range(n_primary)) <= set(items):
                found.add(frozenset(chosen))
    return found


@st.composite
def problems(draw: st.DrawFn) -> tuple[int, int, list[list[int]]]:
    n_primary = draw(st.integers(0, 6))
    n_secondary = draw(st.integers(0, 3))
    n_items = n_primary + n_secondary
    if n_primary == 0:
        return 0, n_secondary, []
    option = st.lists(st.integers(0, n_items - 1), min_size=1, max_size=4, unique=True)
    with_primary = option.filter(lambda opt: min(opt) < n_primary)
    return n_primary, n_secondary, draw(st.lists(with_primary, max_size=10))


# --- solution sets ------------------------------------------------------------------------


def test_knuths_example_has_its_one_cover():
    assert solution_set(knuth()) == {frozenset({0, 3, 4})}


def test_solutions_are_option_indices_in_the_order_chosen():
    assert list(knuth().solve()) == [[3, 4, 0]]


@pytest.mark.parametrize("order", ORDERS)
def test_every_order_finds_the_same_covers(order):
    options = [[0, 1], [2, 3], [0, 2], [1, 3], [0, 1, 2, 3], [4], [0, 4]]
    expected = {frozenset({0, 1, 5}), frozenset({2, 3, 5}), frozenset({4, 5})}
    assert solution_set(ExactCover(5, 0, options), order=order, seed=3) == expected


@settings(max_examples=150, deadline=None)
@given(problems(), st.sampled_from(ORDERS), st.integers(0, 99))
def test_engine_agrees_with_brute_force(problem, order, seed):
    n_primary, n_secondary, options = problem
    ec = ExactCover(n_primary, n_secondary, options)
    solutions = list(ec.solve(order=order, seed=seed))
    assert len(solutions) == len({frozenset(s) for s in solutions})  # no cover twice
    assert {frozenset(s) for s in solutions} == brute_force(n_primary, n_secondary, options)


def test_a_problem_without_cover_yields_nothing():
    assert list(ExactCover(3, 0, [[0, 1], [1, 2]]).solve()) == []


def test_an_item_in_no_option_means_no_cover():
    assert list(ExactCover(2, 0, [[0]]).solve()) == []


def test_no_primary_items_has_the_empty_cover():
    assert list(ExactCover(0, 2, []).solve()) == [[]]


# --- secondary items ------------------------------------------------------------------------


def test_secondary_items_may_stay_uncovered():
    ec = ExactCover(2, 1, [[0, 2], [1, 2], [0], [1]])
    assert solution_set(ec) == {frozenset({0, 3}), frozenset({1, 2}), frozenset({2, 3})}


def test_secondary_items_are_never_covered_twice():
    ec = ExactCover(2, 1, [[0, 2], [1, 2]])
    assert list(ec.solve()) == []


def test_secondary_items_are_never_branched_on():
    search = Search()
    list(ExactCover(1, 2, [[0, 1], [0, 2], [0, 1, 2]]).solve(search))
    assert search.stats.branching == {3: 1}


# --- pre-covered items and forced options --------------------------------------------------


def test_pre_covered_items_need_no_option_and_exclude_theirs():
    ec = ExactCover(4, 0, [[0, 1], [2, 3], [1, 2], [0], [3]])
    assert solution_set(ec, covered=[1, 2]) == {frozenset({3, 4})}


def test_forced_options_open_every_solution():
    ec = ExactCover(4, 0, [[0, 1], [2, 3], [0, 2], [1, 3], [2], [3]])
    assert list(ec.solve(forced=[0])) == [[0, 1], [0, 4, 5]]


def test_forced_options_are_not_counted_as_nodes():
    search = Search()
    list(ExactCover(4, 0, [[0, 1], [2, 3]]).solve(search, forced=[0]))
    assert search.stats.nodes == 1


def test_forced_and_pre_covered_items_may_not_overlap():
    ec = ExactCover(3, 0, [[0, 1], [1, 2]])
    with pytest.raises(ExactCoverError, match="covered twice"):
        ec.solve(covered=[1], forced=[0])
    with pytest.raises(ExactCoverError, match="covered twice"):
        ec.solve(forced=[0, 1])


def test_a_problem_is_reusable_and_searches_are_independent():
    ec = knuth()
    first, second = ec.solve(), ec.solve(covered=[0, 1, 2, 3, 4, 5, 6])
    assert next(second) == []
    assert next(first) == [3, 4, 0]
    assert list(ec.solve()) == [[3, 4, 0]]


# --- heuristics ---------------------------------------------------------------------------


def test_mrv_branches_on_the_leftmost_item_with_fewest_options():
    # item 1 and item 2 have one option each; item 0 has two: mrv takes item 1 first.
    search = Search(trace=True)
    next(ExactCover(3, 0, [[0], [0, 2], [1]]).solve(search))
    assert (search.events[0].options, search.events[1].item) == (1, 2)


def test_first_branches_on_the_leftmost_item():
    search = Search(trace=True)
    next(ExactCover(3, 0, [[0], [0, 2], [1]]).solve(search, order="pile"))
    assert (search.events[0].options, search.events[1].item) == (2, 0)


def test_random_order_is_reproducible_by_seed():
    def trace(seed):
        search = Search(trace=True)
        list(ExactCover(6, 0, [[i] for i in range(6)]).solve(search, order="random", seed=seed))
        return [e.item for e in search.events if e.kind == "place"]

    assert trace(5) == trace(5)
    assert len({tuple(trace(s)) for s in range(10)}) > 1
    assert sorted(trace(5)) == list(range(6))


def test_random_order_takes_a_numpy_generator():
    ec = ExactCover(3, 0, [[0], [1], [2]])
    runs = [list(ec.solve(order="random", seed=np.random.default_rng(7))) for _ in range(2)]
    assert runs[0] == runs[1]


def test_an_unknown_order_is_refused():
    with pytest.raises(ArgumentError, match="order must be one of 'mrv', 'pile', 'random'"):
        knuth().solve(order="widest")


# --- reporting to the search --------------------------------------------------------------


def test_choices_report_the_chosen_items_option_count():
    search = Search()
    list(knuth().solve(search))
    assert search.stats.branching == {2: 1, 1: 3, 0: 1}  # a; then b (dead end e); b, c


def test_places_and_removes_nest_and_carry_the_payloads():
    ec = ExactCover(2, 0, [[0, 1], [0], [1]], payloads=["ab", "a", "b"])
    search = Search(trace=True)
    list(ec.solve(search))
    moves = [(e.kind, e.item) for e in search.events if e.kind in ("place", "remove")]
    assert moves == [("place", "ab"), ("remove", "ab"), ("place", "a"), ("place", "b"),
                     ("remove", "b"), ("remove", "a")]
    assert search.depth == 0 and search.stats.max_depth == 2


def test_found_receives_the_built_solution():
    search = Search(trace=True)
    solutions = list(knuth().solve(search, build=lambda rows: tuple(sorted(rows))))
    assert solutions == [(0, 3, 4)]
    assert [e.item for e in search.events if e.kind == "solution"] == [(0, 3, 4)]


def test_dead_ends_are_traced_with_the_item_name():
    search = Search(trace=True)
    list(ExactCover(2, 0, [[0]], names=["x", "y"]).solve(search))
    dead_ends = [e.text for e in search.events if e.kind == "dead_end"]
    assert dead_ends == ["item 'y' has no option left"]


def test_the_node_budget_stops_the_stream():
    search = Search(max_nodes=2)
    stream = ExactCover(6, 0, [[i] for i in range(6)]).solve(search)
    with pytest.raises(SearchStopped):
        list(stream)
    assert search.stats.nodes == 2


def test_the_stream_is_lazy():
    search = Search()
    stream = ExactCover(4, 0, [[0, 1], [2, 3], [0, 2], [1, 3]]).solve(search)
    next(stream)
    assert search.stats.nodes == 2
    assert len(list(stream)) == 1 and search.stats.nodes == 4


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((2, 0, [[]]), "option 0 is empty"),
        ((2, 0, [[0, 2]]), re.escape("option 0 names item 2, outside 0..1")),
        ((2, 0, [[1, 1]]), "lists an item twice"),
        ((1, 1, [[1]]), "option 0 has no primary item"),
        ((-1, 0, [[0]]), "n_primary must be a non-negative integer"),
    ],
)
def test_malformed_problems_are_refused(args, message):
    with pytest.raises(ExactCoverError, match=message):
        ExactCover(*args)


def test_names_and_payloads_must_match_the_counts():
    with pytest.raises(ExactCoverError, match="2 names given for 3 items"):
        ExactCover(3, 0, [[0]], names="ab")
    with pytest.raises(ExactCoverError, match="0 payloads given for 1 options"):
        ExactCover(3, 0, [[0]], payloads=[])


def test_out_of_range_covered_items_and_forced_options_are_refused():
    with pytest.raises(ExactCoverError, match="names item 9"):
        knuth().solve(covered=[9])
    with pytest.raises(ExactCoverError, match=re.escape("forced option 6 is outside 0..5")):
        knuth().solve(forced=[6])


def test_sizes_of_the_problem():
    ec = ExactCover(3, 2, [[0, 3], [1, 2, 4]])
    assert (ec.n_primary, ec.n_secondary, ec.n_items, ec.n_options) == (3, 2, 5, 2)
