"""hints: the next steps of reasoning, under the budget and with the status of every entry point."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import ArgumentError, Puzzle, from_tatham, hints, load
from dominosa_lab.logic import State, ladder, run

EXTREME = from_tatham("3:00033121123313202210")
TRIVIAL = from_tatham("3:02113312013003232012")


def test_the_first_hint_is_the_first_step_of_the_ladder_that_does_something():
    first = next(s for s in run(State(EXTREME), ladder("full")) if s.count or s.placed_index >= 0)
    (hint,) = hints(EXTREME).steps
    assert (hint.name, hint.text) == (first.name, first.text)


def test_limit_caps_the_steps_and_leaves_the_board_open():
    found = hints(EXTREME, limit=3)
    assert len(found.steps) == 3 and found.status == "open"


def test_without_a_limit_the_steps_finish_a_board_the_ladder_finishes():
    found = hints(TRIVIAL, limit=None)
    assert found.status == "solved"
    assert found.stats.nodes == sum(s.placed_index >= 0 for s in found.steps) == 10


def test_every_hint_rules_something_out_or_places_a_domino():
    assert all(s.count or s.placement is not None for s in hints(EXTREME, limit=None).steps)


def test_a_board_the_deductions_cannot_finish_is_stuck():
    assert hints(load("tcg-n10"), limit=None).status == "stuck"


def test_a_board_without_solution_says_so_and_why():
    found = hints(Puzzle([[0, 1, 0], [1, 0, 1]]), limit=None)
    assert found.status == "no_solution" and found.reason


def test_a_spent_node_budget_stops_with_the_counters():
    found = hints(TRIVIAL, limit=None, max_nodes=4)
    assert found.status == "stopped" and found.stats.nodes == 4
    assert "node budget of 4" in found.reason


def test_a_spent_time_budget_stops():
    assert hints(EXTREME, limit=None, time_limit=0).status == "stopped"


def test_the_ladder_and_its_cap_are_chosen_by_keyword():
    capped = hints(EXTREME, limit=None, ladder_name="tatham", max_level="basic")
    assert capped.status == "stuck"
    assert {s.level for s in capped.steps} <= {"trivial", "basic"}


@settings(max_examples=50, deadline=None)
@given(limit=st.one_of(st.none(), st.integers(-3, 3), st.text(max_size=2), st.floats()))
def test_a_limit_is_a_positive_integer_or_none(limit):
    try:
        found = hints(TRIVIAL, limit=limit)
    except ArgumentError as err:
        assert "limit must be an integer >= 1 or None" in str(err)
    else:
        assert limit is None or len(found.steps) <= limit


def test_an_unknown_ladder_is_named():
    with pytest.raises(ArgumentError, match="ladder must be one of 'tatham', 'full', 'lean'"):
        hints(TRIVIAL, ladder_name="quick")
