"""DominoPeg's pure-Python engine (``engine="bits"``, the default): its solutions, counters,
budget and trace, against the compiled engine."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominosa_lab.dominopeg import PegBoard, solve
from dominosa_lab.dominopeg.exact import ENGINES

PATTERNS = {
    "one solution": (25, 26, 27, 32, 33),
    "22 solutions": (2, 3, 10, 11, 12),
    "62 solutions": (0, 7, 14, 21, 28),
    "none": (26, 27, 32, 33, 34),
    "none, in a corner": (0, 1, 7, 8, 14),
}
SEED_BOARDS = ((0, 10, 20, 24, 28), (0, 7, 14, 21, 28))


def test_the_default_engine_is_the_pure_python_one():
    assert ENGINES[0] == "bits"
    assert solve(PegBoard(PATTERNS["one solution"])).settings == {"engine": "bits"}


@pytest.mark.parametrize("holes", PATTERNS.values(), ids=PATTERNS.keys())
def test_bits_and_the_compiled_engine_find_the_same_solutions(holes):
    bits = solve(PegBoard(holes), limit=None)
    fast = solve(PegBoard(holes), limit=None, engine="fast")
    assert bits.status == fast.status
    assert {s.placements for s in bits.solutions} == {s.placements for s in fast.solutions}
    assert len(bits.solutions) == len({s.placements for s in bits.solutions})


@st.composite
def clustered_holes(draw) -> tuple[int, ...]:
    """Five holes in one 3 x 3 window of circles: solvable or not, with at most a few thousand
    solutions (a pattern anywhere has about 10,800 on average: results/dominopeg_census.csv)."""
    row, col = draw(st.integers(0, 2)), draw(st.integers(0, 4))
    window = [(row + i) * 7 + col + j for i in range(3) for j in range(3)]
    return tuple(draw(st.lists(st.sampled_from(window), min_size=5, max_size=5, unique=True)))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clustered_holes())
def test_bits_and_the_compiled_engine_count_the_same_solutions_of_five_clustered_holes(holes):
    counts = [len(solve(PegBoard(holes), limit=None, engine=e).solutions) for e in ("bits", "fast")]
    assert counts[0] == counts[1]


@pytest.mark.parametrize("holes", SEED_BOARDS)
def test_a_first_solution_costs_a_node_per_piece_plus_one_per_backtrack(holes):
    result = solve(PegBoard(holes))
    assert result.solution.is_valid()
    assert result.stats.nodes == 12 + result.stats.backtracks


def test_an_exhausted_search_backtracks_every_node_it_places():
    stats = solve(PegBoard(PATTERNS["none"]), limit=None).stats
    assert stats.nodes == stats.backtracks > 0
    assert stats.solutions == 0


def test_every_level_opened_is_one_choice_among_the_placements_left():
    result = solve(PegBoard(PATTERNS["none"]), limit=None, trace=True)
    choices = Counter(e.options for e in result.trace if e.kind == "choice")
    assert choices == result.stats.branching
    assert sum(k for k in choices.elements()) == result.stats.nodes


def test_a_node_budget_stops_the_search_with_its_counters():
    result = solve(PegBoard(SEED_BOARDS[0]), max_nodes=50)
    assert (result.status, result.stats.nodes) == ("stopped", 50)
    assert result.reason == "node budget of 50 exhausted"


def test_a_time_limit_of_zero_stops_before_the_first_node():
    result = solve(PegBoard(SEED_BOARDS[0]), time_limit=0)
    assert (result.status, result.stats.nodes) == ("stopped", 0)


def test_the_trace_records_each_placement_and_take_back():
    result = solve(PegBoard(PATTERNS["one solution"]), trace=True)
    kinds = Counter(e.kind for e in result.trace)
    assert kinds["place"] == result.stats.nodes
    assert kinds["remove"] == result.stats.backtracks
    assert kinds["solution"] == 1


def test_the_trace_says_which_item_has_no_placement_left():
    result = solve(PegBoard(PATTERNS["none"]), trace=True)
    dead = [e.text for e in result.trace if e.kind == "dead_end"]
    assert dead and all(t.endswith("has no placement left") for t in dead)


def test_with_fewer_holes_every_solution_leaves_the_holes_among_five_empty_circles():
    holes = (25, 26, 27, 32)
    result = solve(PegBoard(holes), limit=5)
    assert len({s.placements for s in result.solutions}) == 5
    for s in result.solutions:
        assert s.is_valid()
        assert set(holes) <= set(s.empty) and len(s.empty) == 5
