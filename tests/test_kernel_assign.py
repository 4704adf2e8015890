"""The trail's kernels (``assign``): an option made true or false, a level opened, levels taken
back, and what each counts.

Most tests use one model, :data:`FIVE`: items 0, 1 and 2 are primary, item 3 secondary, and

* option 0 covers items 0 and 1, option 1 items 1 and 2, option 2 item 0,
* option 3 items 2 and 3, option 4 item 2,

so before any search items 0 to 3 have 2, 2, 3 and 1 options left and three primary items are
uncovered.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab.solvers.engine.assign import backjump, make_false, make_true, new_level
from dominosa_lab.solvers.engine.rules import BLOCKED
from dominosa_lab.solvers.engine.state import (
    E_CHOICE,
    E_PLACE,
    E_REMOVE,
    R_ALO,
    R_BIN,
    R_CL,
    R_DEC,
    R_FACT,
)
from tests.cover_states import counters, decide, model, snapshot, state, trail
from tests.strategies import cover_models

FIVE = model({0, 1}, {1, 2}, {0}, {2, 3}, {2}, secondary={3})


def test_make_true_sets_the_options_value_reason_and_level_and_puts_it_on_the_trail():
    s = state(FIVE)
    new_level(s)
    assert make_true(FIVE, s, 3, R_CL, 7)
    assert (s.value[3], s.reason[3], s.level[3], s.reason_at[3]) == (1, R_CL, 1, 7)
    assert trail(s) == [3]


def test_make_true_covers_its_items_and_counts_only_the_primary_ones_covered():
    # option 3 covers item 2 (primary) and item 3 (secondary): one primary item fewer uncovered
    s = state(FIVE)
    make_true(FIVE, s, 3, R_DEC, -1)
    assert s.cover.tolist() == [-1, -1, 3, 3]
    assert (counters(s).uncovered, counters(s).n_true) == (2, 1)


def test_make_true_leaves_the_options_left_to_its_items_as_they_were():
    # "left" counts the options not false: a true option is one of them
    s = state(FIVE)
    make_true(FIVE, s, 0, R_DEC, -1)
    assert s.left.tolist() == [2, 2, 3, 1]


def test_make_true_counts_a_node_and_a_deduction_as_a_choice_among_one():
    s = state(FIVE)
    make_true(FIVE, s, 2, R_DEC, -1)  # a decision: its choice is counted by the caller
    assert (counters(s).nodes, s.choices[1]) == (1, 0)
    make_true(FIVE, s, 3, R_ALO, 2)
    assert (counters(s).nodes, s.choices[1], counters(s).max_depth) == (2, 1, 2)


def test_make_true_records_how_many_solutions_were_found_before_it():
    s = state(FIVE, solutions=2)
    make_true(FIVE, s, 2, R_DEC, -1)
    assert s.found_at[2] == 2


def test_make_true_past_the_node_budget_refuses_and_changes_nothing():
    s = state(FIVE, max_nodes=1)
    assert make_true(FIVE, s, 2, R_DEC, -1)
    before = snapshot(s), counters(s).nodes, s.choices.tolist()
    assert not make_true(FIVE, s, 3, R_ALO, 2)
    assert (snapshot(s), counters(s).nodes, s.choices.tolist()) == before


def test_a_silent_make_true_ignores_the_budget_and_counts_nothing():
    s = state(FIVE, max_nodes=0, silent=1)
    assert make_true(FIVE, s, 3, R_ALO, 2)
    assert s.value[3] == 1 and counters(s).n_true == 1 and counters(s).uncovered == 2
    assert (counters(s).nodes, counters(s).max_depth, s.choices.sum()) == (0, 0, 0)


def test_a_traced_make_true_logs_a_deductions_choice_then_its_placement():
    s = state(FIVE, trace=True)
    make_true(FIVE, s, 2, R_DEC, -1)
    make_true(FIVE, s, 3, R_ALO, 2)
    assert s.events[:counters(s).n_events].tolist() == [E_PLACE, 2, E_CHOICE, 1, E_PLACE, 3]


def test_make_false_sets_the_options_value_reason_and_level_and_puts_it_on_the_trail():
    s = state(FIVE)
    new_level(s)
    new_level(s)
    make_false(FIVE, s, 1, BLOCKED.code, 0)
    assert (s.value[1], s.reason[1], s.level[1], s.reason_at[1]) == (0, BLOCKED.code, 2, 0)
    assert trail(s) == [1]


def test_make_false_takes_the_option_from_its_items_options_left_and_counts_nothing():
    # option 1 covers items 1 and 2: they go from 2 and 3 options left to 1 and 2
    s = state(FIVE)
    make_false(FIVE, s, 1, R_FACT, -1)
    assert s.left.tolist() == [2, 1, 2, 1]
    assert s.cover.tolist() == [-1, -1, -1, -1]
    assert (counters(s).uncovered, counters(s).n_true, counters(s).nodes) == (3, 0, 0)


def test_new_level_starts_the_level_at_the_end_of_the_trail():
    s = state(FIVE)
    make_false(FIVE, s, 2, R_FACT, -1)
    new_level(s)
    assert (counters(s).level, s.level_start[1]) == (1, 1)
    make_true(FIVE, s, 3, R_DEC, -1)
    make_false(FIVE, s, 4, R_BIN, 3)
    new_level(s)
    assert (counters(s).level, s.level_start[2]) == (2, 3)


def three_levels():
    """Level 0: option 2 false; level 1: option 3 true, options 1 and 4 false; level 2: option
    0 true. The snapshots taken as levels 1 and 2 opened come with the state."""
    s = state(FIVE)
    make_false(FIVE, s, 2, R_FACT, -1)
    at = [snapshot(s)]
    decide(FIVE, s, 3)
    make_false(FIVE, s, 1, R_BIN, 3)
    make_false(FIVE, s, 4, R_BIN, 3)
    at.append(snapshot(s))
    decide(FIVE, s, 0)
    return s, at


def test_backjump_takes_back_the_levels_above_the_target():
    s, at = three_levels()
    backjump(FIVE, s, 1)
    # option 0 open again, items 0 and 1 uncovered again, the trail cut where level 2 began
    assert s.value.tolist() == [-1, 0, 0, 1, 0]
    assert s.cover.tolist() == [-1, -1, 3, 3]
    assert (trail(s), counters(s).level, counters(s).uncovered) == ([2, 3, 1, 4], 1, 2)
    assert snapshot(s) == at[1]


def test_backjump_to_level_zero_restores_the_options_left_and_keeps_level_zero():
    s, at = three_levels()
    backjump(FIVE, s, 0)
    assert s.value.tolist() == [-1, -1, 0, -1, -1]
    assert s.left.tolist() == [1, 2, 3, 1]  # option 2, false at level 0, still out of item 0
    assert (trail(s), counters(s).level, counters(s).n_true) == ([2], 0, 0)
    assert snapshot(s) == at[0]


def test_backjump_counts_each_placement_taken_back_with_no_solution_since_as_a_backtrack():
    s, _ = three_levels()
    backjump(FIVE, s, 0)  # options 0 and 3 taken back; the false ones are no placements
    assert counters(s).backtracks == 2


def test_backjump_counts_no_backtrack_for_a_placement_a_solution_was_found_below():
    s, _ = three_levels()
    counters(s).solutions += 1  # found with options 3 and 0 placed
    backjump(FIVE, s, 0)
    assert counters(s).backtracks == 0


def test_a_traced_backjump_logs_the_placements_taken_back_latest_first():
    s = state(FIVE, trace=True)
    decide(FIVE, s, 3)
    decide(FIVE, s, 0)
    start = counters(s).n_events
    backjump(FIVE, s, 0)
    assert s.events[start:counters(s).n_events].tolist() == [E_REMOVE, 0, E_REMOVE, 3]


def test_backjump_moves_the_propagation_queue_back_to_the_end_of_the_trail():
    s, _ = three_levels()
    counters(s).queue_head = counters(s).trail_len  # everything propagated
    backjump(FIVE, s, 1)
    assert counters(s).queue_head == counters(s).trail_len == 4


def test_backjump_leaves_a_propagation_queue_behind_the_target_level_where_it_is():
    s, _ = three_levels()
    counters(s).queue_head = 1  # level 0 propagated, level 1 not yet
    backjump(FIVE, s, 1)
    assert (counters(s).queue_head, counters(s).trail_len) == (1, 4)


steps = st.lists(st.tuples(st.sampled_from(["decide", "true", "false"]), st.integers(0, 99)),
                 max_size=20)


@settings(max_examples=200, deadline=None)
@given(m=cover_models(), plan=steps)
def test_a_backjump_restores_the_state_each_level_opened_on(m, plan):
    # a consistent partial assignment (no item covered twice), each level opened by a decision
    # as the search opens them (at most one per option: the room the state has); then each
    # level is taken back in turn, from the deepest
    s = state(m)
    opened = []
    for kind, k in plan:
        q = k % m.n_options
        if s.value[q] != -1:
            continue
        if kind == "false":
            make_false(m, s, q, R_FACT, -1)
        elif (s.cover[m.items_of(q)] < 0).all():
            if kind == "decide":
                opened.append(snapshot(s))
                decide(m, s, q)
            else:
                make_true(m, s, q, R_ALO, -1)
    for level in reversed(range(len(opened))):
        backjump(m, s, level)
        assert snapshot(s) == opened[level]
