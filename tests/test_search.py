"""Search: the counting rule, the budget and the bounded trace."""

import itertools
import time

import pytest

from dominosa_lab.core.search import Search, SearchStopped, collect
from dominosa_lab.errors import ArgumentError


def test_every_placement_is_a_node():
    s = Search()
    for item in "abc":
        s.place(item)
    assert s.stats.nodes == 3 and s.stats.max_depth == 3


def test_a_removal_with_no_solution_below_is_a_backtrack():
    s = Search()
    s.place("a")
    s.remove("a")
    assert s.stats.backtracks == 1


def test_a_removal_after_a_solution_below_is_not_a_backtrack():
    s = Search()
    s.place("a")
    s.place("b")
    s.found()
    s.remove("b")
    s.remove("a")
    assert s.stats.backtracks == 0 and s.stats.solutions == 1


def test_choices_count_by_number_of_options():
    s = Search()
    for k in (2, 1, 2, 0):
        s.choice(k)
    assert s.stats.branching == {2: 2, 1: 1, 0: 1}
    assert s.stats.choices == 2


def test_node_budget_raises_before_the_extra_node():
    s = Search(max_nodes=2)
    s.place("a")
    s.place("b")
    with pytest.raises(SearchStopped, match="node budget of 2"):
        s.place("c")
    assert s.stats.nodes == 2


def test_zero_time_limit_stops_at_the_first_clock_check():
    s = Search(time_limit=0.0)
    with pytest.raises(SearchStopped, match="time limit"):
        for _ in range(10_000):
            s.place()


@pytest.mark.parametrize("kwargs", [{"max_nodes": -1}, {"time_limit": -0.5}])
def test_negative_budgets_are_rejected(kwargs):
    with pytest.raises(ArgumentError, match="must be a"):
        Search(**kwargs)


def test_trace_is_off_by_default():
    s = Search()
    s.place("a")
    assert s.events is None


def test_trace_records_kind_depth_and_backtrack():
    s = Search(trace=True)
    s.place("a")
    s.dead_end("stuck")
    s.remove("a")
    kinds = [(e.kind, e.depth) for e in s.events]
    assert kinds == [("place", 1), ("dead_end", 1), ("remove", 0)]
    assert s.events[-1].backtrack and s.events[1].text == "stuck"


def test_trace_records_each_choice_with_its_number_of_options():
    s = Search(trace=True)
    s.choice(3)
    s.place("a")
    s.choice(0)
    assert [(e.kind, e.options, e.depth) for e in s.events] == [
        ("choice", 3, 0), ("place", 0, 1), ("choice", 0, 1)]
    assert s.stats.branching == {3: 1, 0: 1}


def test_choices_are_only_counted_when_not_tracing():
    s = Search()
    s.choice(3)
    assert s.events is None and s.stats.branching == {3: 1}


def test_a_truncated_trace_ends_with_a_note_saying_so():
    s = Search(trace=True, trace_limit=3)
    for _ in range(5):
        s.place("x")
    assert len(s.events) == 4
    assert s.events[-1].kind == "note" and "truncated after 3 events" in s.events[-1].text


def _stream(search, items):
    for item in items:
        search.place(item)
        search.found(item)
        yield item
        search.remove(item)


def test_collect_stops_at_the_limit():
    s = Search()
    result = collect(_stream(s, "abc"), s, limit=2)
    assert result.solutions == ["a", "b"] and result.status == "solved"


def test_collect_reports_stopped_with_the_counters_so_far():
    s = Search(max_nodes=2)
    result = collect(_stream(s, "abc"), s, limit=None)
    assert result.status == "stopped" and result.solutions == ["a", "b"]
    assert result.stats.nodes == 2 and "node budget" in result.reason


def test_collect_reports_no_solution_for_an_empty_stream():
    s = Search()
    assert collect(iter(()), s).status == "no_solution"


@pytest.mark.parametrize("limit", [0, -1, 1.5])
def test_collect_rejects_a_limit_that_is_not_positive(limit):
    s = Search()
    with pytest.raises(ArgumentError, match="limit must be an integer >= 1"):
        collect(iter(()), s, limit=limit)


def test_progress_is_reported_at_the_clock_checks_once_due():
    calls = []
    search = Search(progress=lambda stats, seconds: calls.append(stats.nodes), progress_every=0)
    for _ in range(2000):
        search.place()
    gaps = [b - a for a, b in itertools.pairwise(calls)]
    assert calls[0] == 0 and max(gaps) <= 256  # before the first and at least once every 256
    assert len(calls) < 200  # quick placements: the clock is read ever less often


def test_the_clock_is_read_at_every_slow_placement():
    calls = []
    search = Search(progress=lambda stats, seconds: calls.append(stats.nodes), progress_every=0)
    for _ in range(5):
        time.sleep(0.005)
        search.place()
    assert calls == [0, 1, 2, 3, 4]


def test_a_time_limit_of_zero_stops_before_the_first_placement():
    search = Search(time_limit=0)
    with pytest.raises(SearchStopped, match="time limit of 0 s exhausted"):
        search.place()
    assert search.stats.nodes == 0


def test_progress_is_reported_before_a_spent_time_budget_stops_the_run():
    calls = []
    search = Search(time_limit=0, progress=lambda stats, seconds: calls.append(seconds),
                    progress_every=0)
    with pytest.raises(SearchStopped):
        for _ in range(300):
            search.place()
    assert len(calls) == 1
