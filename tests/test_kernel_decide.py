"""The branching heuristic (``decide``): Luby's sequence, the item and option a decision takes,
the target phase (kept, preferred, let go) and the restarts' schedule.

:data:`BRANCH` has items 0, 1 and 2 with three, two and two options (options 0-2, 3-4 and 5-6),
item 3 secondary with option 7 alone and item 4 with option 8 alone, made true in every test
(so item 4 is covered): of the uncovered primary items, items 1 and 2 have fewest options left.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab.solvers.engine.assign import make_false, make_true
from dominosa_lab.solvers.engine.decide import (
    choose,
    let_go,
    luby,
    prefer,
    restart_level,
    schedule_restarts,
    update_target,
)
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import (
    E_RESTART,
    R_DEC,
    R_FACT,
)
from tests.cover_states import counters, model, state

BRANCH = model({0}, {0}, {0}, {1}, {1}, {2}, {2}, {3}, {4}, secondary={3})


def branching(**flags):
    """A state of :data:`BRANCH` with option 8 true (item 4 covered)."""
    s = state(BRANCH, **flags)
    make_true(BRANCH, s, 8, R_DEC, -1)
    return s


def test_luby_gives_the_first_fifteen_terms_of_lubys_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


@given(st.integers(1, 1 << 30))
def test_luby_follows_its_recurrence(i):
    # with 2**(k-1) <= i < 2**k: the term 2**(k-1) ends a block of length 2**k - 1, and any
    # other term repeats the sequence from its start
    k = i.bit_length()
    expected = 1 << (k - 1) if i == (1 << k) - 1 else luby(i - (1 << (k - 1)) + 1)
    assert luby(i) == expected


def test_choose_takes_an_uncovered_primary_item_with_fewest_options_left():
    # item 4 (covered) and item 3 (secondary) have one option, but are not to be covered now
    assert choose(BRANCH, branching(learn=False)) == (3, 2)


def test_without_learning_a_tie_goes_to_the_first_item():
    s = branching(learn=False)
    s.activity[5] = 1.0
    assert choose(BRANCH, s) == (3, 2)


def test_with_learning_a_tie_in_activity_too_goes_to_the_first_item():
    assert choose(BRANCH, branching()) == (3, 2)


def test_with_learning_a_tie_goes_to_the_item_whose_open_options_are_most_active():
    s = branching()
    s.activity[5] = 1.0
    assert choose(BRANCH, s) == (5, 2)


def test_with_learning_the_activity_of_an_option_no_longer_open_does_not_count():
    # item 0 down to two options; its false option 0 is the most active of all
    s = branching()
    make_false(BRANCH, s, 0, R_FACT, -1)
    s.activity[[0, 3]] = [10.0, 0.5]
    assert choose(BRANCH, s) == (3, 2)


def test_fewer_options_left_beat_any_activity():
    s = branching()
    s.activity[:] = 1.0
    make_false(BRANCH, s, 0, R_FACT, -1)
    make_false(BRANCH, s, 1, R_FACT, -1)
    assert choose(BRANCH, s) == (2, 1)


def test_choose_takes_the_most_active_open_option_of_the_item():
    s = branching()
    s.activity[[3, 4]] = [1.0, 2.0]
    assert choose(BRANCH, s) == (4, 2)


def test_with_the_target_flag_an_option_of_the_target_phase_comes_before_a_more_active_one():
    s = branching(target=True)
    s.target[3] = 1
    s.activity[4] = 5.0
    assert choose(BRANCH, s) == (3, 2)


def test_without_the_target_flag_the_target_phase_is_not_read():
    s = branching()
    s.target[3] = 1
    s.activity[4] = 5.0
    assert choose(BRANCH, s) == (4, 2)


def test_a_longer_assignment_than_any_before_becomes_the_target_phase():
    s = branching(target=True)  # one option true, none seen before
    update_target(s)
    assert np.flatnonzero(s.target).tolist() == [8] and counters(s).best == 1
    make_true(BRANCH, s, 3, R_DEC, -1)
    make_true(BRANCH, s, 5, R_DEC, -1)
    update_target(s)
    assert np.flatnonzero(s.target).tolist() == [3, 5, 8] and counters(s).best == 3


def test_an_assignment_no_longer_than_the_best_leaves_the_target_phase():
    s = branching(target=True, best=1)
    update_target(s)
    assert not s.target.any()


def test_without_the_target_flag_no_assignment_becomes_the_target_phase():
    s = branching()
    update_target(s)
    assert not s.target.any() and counters(s).best == 0


def test_a_preferred_phase_is_the_target_and_no_assignment_replaces_it():
    s = branching(target=True)
    s.target[3] = 1
    prefer(s, np.array([4, 6]))
    assert np.flatnonzero(s.target).tolist() == [4, 6]
    for q in (0, 3, 5, 7):
        make_true(BRANCH, s, q, R_DEC, -1)
    update_target(s)  # five options true: longer than any assignment yet
    assert np.flatnonzero(s.target).tolist() == [4, 6]


def test_a_decision_takes_the_preferred_option_of_its_item():
    s = branching(target=True)
    s.activity[3] = 5.0
    prefer(s, np.array([4]))
    assert choose(BRANCH, s) == (4, 2)


def test_a_phase_let_go_is_replaced_by_the_next_assignment():
    s = branching(target=True)
    prefer(s, np.array([4, 6]))
    let_go(s)
    update_target(s)
    assert np.flatnonzero(s.target).tolist() == [8]


def test_schedule_restarts_sets_the_first_restart_after_one_luby_unit_of_conflicts():
    s = state(BRANCH, restarts=True)
    schedule_restarts(s, SETTINGS.luby_unit)
    assert (counters(s).restart_unit, counters(s).restart_budget, counters(s).restart_index) == \
        (SETTINGS.luby_unit, SETTINGS.luby_unit, 1)


def test_no_restart_before_its_budget_of_conflicts_is_spent():
    s = state(BRANCH, restarts=True)
    schedule_restarts(s, SETTINGS.luby_unit)
    counters(s).since_restart = SETTINGS.luby_unit - 1
    assert restart_level(s, 3) == (False, 3)
    assert counters(s).restarts == 0


def test_no_restart_without_the_restart_flag():
    s = state(BRANCH)
    schedule_restarts(s, SETTINGS.luby_unit)
    counters(s).since_restart = SETTINGS.luby_unit
    assert restart_level(s, 3) == (False, 3)


def test_no_restart_for_a_clause_that_asserts_at_level_zero():
    s = state(BRANCH, restarts=True)
    schedule_restarts(s, SETTINGS.luby_unit)
    counters(s).since_restart = SETTINGS.luby_unit
    assert restart_level(s, 0) == (False, 0)
    assert (counters(s).restarts, counters(s).since_restart) == (0, SETTINGS.luby_unit)


def test_a_restart_due_goes_to_level_zero_counted_logged_and_with_the_next_one_scheduled():
    s = state(BRANCH, restarts=True, trace=True)
    schedule_restarts(s, SETTINGS.luby_unit)
    counters(s).since_restart = SETTINGS.luby_unit
    assert restart_level(s, 3) == (True, 0)
    assert (counters(s).restarts, counters(s).restart_index, counters(s).since_restart) == (1, 2, 0)
    assert counters(s).restart_budget == SETTINGS.luby_unit * luby(2)
    assert s.events[:counters(s).n_events].tolist() == [E_RESTART, 0]


def test_the_restarts_budgets_follow_lubys_sequence_in_units():
    s = state(BRANCH, restarts=True)
    schedule_restarts(s, SETTINGS.luby_unit)
    budgets = [int(counters(s).restart_budget)]
    for _ in range(30):
        counters(s).since_restart = counters(s).restart_budget
        restart_level(s, 1)
        budgets.append(int(counters(s).restart_budget))
    assert budgets == [SETTINGS.luby_unit * luby(i) for i in range(1, 32)]
