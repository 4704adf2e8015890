"""Unit propagation (``propagate``), one kind of step at a time: an item's last option, the
options sharing an item with a true one, a learned clause left with one literal, the
blocked-option rule; and each kind of conflict, with the ``Conflict`` it returns.

Each test sets values on the trail with ``make_true`` / ``make_false`` (not propagated), then
propagates once: the queue is everything set since the last propagation.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.solvers.engine.assign import make_false, make_true
from dominosa_lab.solvers.engine.propagate import propagate
from dominosa_lab.solvers.engine.rules import BLOCKED
from dominosa_lab.solvers.engine.state import (
    C_ALO,
    C_BIN,
    C_CL,
    C_STOP,
    NO_CONFLICT,
    R_ALO,
    R_BIN,
    R_CL,
    R_DEC,
    R_FACT,
    Conflict,
)
from tests.cover_states import clauses, counters, decide, model, no, state, store, trail, yes

#: Item 0 with options 1 and 2; item 1 with option 0 alone (numbered apart from the items).
EITHER = model({1}, {0}, {0})
#: Option 0 covers items 0 and 1; options 1, 2 and 3 cover item 0, item 1 and item 1.
WIDE = model({0, 1}, {0}, {1}, {1})
#: Three items apart, each with two options: option k and option k + 3 cover item k.
APART = model({0}, {1}, {2}, {0}, {1}, {2})

#: The blocked-option rule read through the one-item table. Item 0 (class 0) is read through
#: class 1, the class of item 1 alone; items 2 and 3 are of class 0 and not read.
#: Options: 0 = {0, 1}, 1 = {0, 1, 3}, 2 = {0, 3}, 3 = {1, 2}, 4 = {2}, 5 = {3}.
#: With option 2 false, item 0 is covered by option 0 or 1, both covering item 1: option 3,
#: which covers item 1 but not item 0, is false.
THROUGH_ONE = dict(klass=[0, 1, 0, 0], rule=[1, -1, -1, -1])
BLOCK_OPTIONS = ({0, 1}, {0, 1, 3}, {0, 3}, {1, 2}, {2}, {3})
BLOCK = model(*BLOCK_OPTIONS, **THROUGH_ONE)

#: The rule read through option lists (a placement covers two squares, as on a board): squares
#: 0-3 (class 0, not read), dominoes 4 and 5 (class 1, read through the squares).
#: Placements: 0 = {0, 1, 4}, 1 = {1, 2, 4}, 2 = {2, 3, 4}, 3 = {1, 3, 5}, 4 = {0, 5},
#: 5 = {3, 5}, 6 = {2}. With placement 2 false, domino 4 lies on placement 0 or 1, both on
#: square 1: placement 3, on square 1 but not of domino 4, is false.
DOMINOES = model({0, 1, 4}, {1, 2, 4}, {2, 3, 4}, {1, 3, 5}, {0, 5}, {3, 5}, {2},
                 klass=[0, 0, 0, 0, 1, 1], rule=[-1, -1, -1, -1, 0, 0])


def ruled_out(s) -> list[int]:
    """The options the blocked-option rule made false."""
    return np.flatnonzero((s.value == 0) & (s.reason == BLOCKED.code)).tolist()


def test_an_item_left_with_one_option_makes_it_true_for_that_item():
    s, g = state(EITHER), clauses(EITHER)
    make_false(EITHER, s, 1, R_FACT, -1)
    assert propagate(EITHER, s, g) == NO_CONFLICT
    assert (s.value[2], s.reason[2], s.reason_at[2]) == (1, R_ALO, 0)
    assert s.value[0] == -1  # item 1 lost no option: not read


def test_a_secondary_item_left_with_one_option_forces_nothing():
    m = model({0}, {0}, secondary={0})
    s, g = state(m), clauses(m)
    make_false(m, s, 1, R_FACT, -1)
    assert propagate(m, s, g) == NO_CONFLICT
    assert s.value.tolist() == [-1, 0]


def test_a_true_option_makes_every_option_sharing_an_item_with_it_false_because_of_it():
    s, g = state(WIDE), clauses(WIDE)
    decide(WIDE, s, 0)
    assert propagate(WIDE, s, g) == NO_CONFLICT
    assert s.value.tolist() == [1, 0, 0, 0]
    assert s.reason[1:].tolist() == [R_BIN] * 3 and s.reason_at[1:].tolist() == [0] * 3
    assert s.level[1:].tolist() == [1] * 3


def test_propagation_runs_to_a_fixed_point_with_the_whole_trail_read():
    # option 1 false: item 0 takes option 0, which rules out options 2 and 3 of item 1
    s, g = state(WIDE), clauses(WIDE)
    make_false(WIDE, s, 1, R_FACT, -1)
    propagate(WIDE, s, g)
    assert trail(s) == [1, 0, 2, 3]
    assert counters(s).queue_head == counters(s).trail_len == 4


def test_a_learned_clause_left_with_one_false_literal_open_makes_its_option_false():
    # "option 0 or option 1 is false": option 0 true leaves option 1 false, by clause 1
    s, g = state(APART), clauses(APART)
    _, g = store(s, g, [no(2), no(5)])
    c, g = store(s, g, [no(0), no(1)])
    decide(APART, s, 0)
    assert propagate(APART, s, g) == NO_CONFLICT
    assert (s.value[1], s.reason[1], s.reason_at[1]) == (0, R_CL, c) == (0, R_CL, 1)


def test_a_learned_clause_left_with_one_true_literal_open_makes_its_option_true():
    # "option 0 is false or option 1 is true", clause 1
    s, g = state(APART), clauses(APART)
    _, g = store(s, g, [no(2), no(5)])
    c, g = store(s, g, [no(0), yes(1)])
    decide(APART, s, 0)
    propagate(APART, s, g)
    assert (s.value[1], s.reason[1], s.reason_at[1]) == (1, R_CL, c)


def test_a_learned_clause_with_another_literal_open_moves_its_watch_and_forces_nothing():
    s, g = state(APART), clauses(APART)
    c, g = store(s, g, [no(0), no(1), no(2)])
    decide(APART, s, 0)
    assert propagate(APART, s, g) == NO_CONFLICT
    assert s.value.tolist() == [1, -1, -1, 0, -1, -1]
    # the watch of "option 0 false" (slot 2c) now watches "option 2 false", at its list's head
    assert (g.watch_literal[2 * c], g.watch_head[no(2)], g.watch_head[no(0)]) == (no(2), 0, -1)


def test_a_satisfied_learned_clause_forces_nothing():
    s, g = state(APART), clauses(APART)
    _, g = store(s, g, [no(0), no(1)])
    make_false(APART, s, 1, R_FACT, -1)
    decide(APART, s, 0)
    assert propagate(APART, s, g) == NO_CONFLICT
    assert s.value[[0, 1, 2, 5]].tolist() == [1, 0, -1, -1]


def test_a_deleted_learned_clause_forces_nothing():
    s, g = state(APART), clauses(APART)
    c, g = store(s, g, [no(0), no(1)])
    g.deleted[c] = 1
    decide(APART, s, 0)
    propagate(APART, s, g)
    assert s.value[1] == -1


def test_the_blocked_option_rule_makes_false_an_option_clashing_with_every_option_left():
    s, g = state(BLOCK), clauses(BLOCK)
    make_false(BLOCK, s, 2, R_FACT, -1)
    assert propagate(BLOCK, s, g) == NO_CONFLICT
    # reason: item 0 (reason_at); then item 2 takes option 4
    assert (s.value[3], s.reason[3], s.reason_at[3]) == (0, BLOCKED.code, 0)
    assert ruled_out(s) == [3]
    assert s.value.tolist() == [-1, -1, 0, 0, 1, -1]


def test_the_blocked_option_rule_reads_a_class_through_option_lists():
    s, g = state(DOMINOES), clauses(DOMINOES)
    make_false(DOMINOES, s, 2, R_FACT, -1)
    assert propagate(DOMINOES, s, g) == NO_CONFLICT
    assert (s.value[3], s.reason[3], s.reason_at[3]) == (0, BLOCKED.code, 4)
    # the rest follows: square 3 takes placement 5, which leaves placement 4 out (domino 5),
    # square 0 takes placement 0, which leaves placement 1 out, and square 2 takes placement 6
    assert ruled_out(s) == [3] and s.value.tolist() == [1, 0, 0, 0, 0, 1, 1]


def test_the_blocked_option_rule_is_not_read_on_an_item_without_a_class_to_read():
    m = model(*BLOCK_OPTIONS, klass=THROUGH_ONE["klass"])  # no item read by the rule
    s, g = state(m), clauses(m)
    make_false(m, s, 2, R_FACT, -1)
    propagate(m, s, g)
    assert s.value.tolist() == [-1, -1, 0, -1, -1, -1]


def test_the_blocked_option_rule_is_not_read_on_an_item_with_more_options_left_than_its_bound():
    s, g = state(BLOCK, rule_max=1), clauses(BLOCK)
    make_false(BLOCK, s, 2, R_FACT, -1)  # item 0 has two options left
    propagate(BLOCK, s, g)
    assert s.value[3] == -1


def test_an_item_with_no_option_left_is_a_conflict_at_that_item():
    s, g = state(EITHER), clauses(EITHER)
    make_false(EITHER, s, 1, R_FACT, -1)
    make_false(EITHER, s, 2, R_FACT, -1)
    assert propagate(EITHER, s, g) == Conflict(C_ALO, at=0, option=0)


def test_two_true_options_sharing_an_item_are_a_conflict_between_them():
    m = model({0, 1}, {1})
    s, g = state(m), clauses(m)
    make_true(m, s, 0, R_DEC, -1)
    make_true(m, s, 1, R_DEC, -1)
    assert propagate(m, s, g) == Conflict(C_BIN, at=0, option=1)


def test_a_learned_clause_with_every_literal_false_is_a_conflict_at_that_clause():
    s, g = state(APART), clauses(APART)
    _, g = store(s, g, [no(2), no(5)])
    _, g = store(s, g, [no(0), no(1)])
    make_true(APART, s, 0, R_DEC, -1)
    make_true(APART, s, 1, R_DEC, -1)
    assert propagate(APART, s, g) == Conflict(C_CL, at=1, option=0)


def test_the_blocked_option_rule_ruling_out_a_true_option_is_a_conflict_at_item_and_option():
    s, g = state(BLOCK), clauses(BLOCK)
    make_false(BLOCK, s, 2, R_FACT, -1)
    make_true(BLOCK, s, 3, R_DEC, -1)
    assert propagate(BLOCK, s, g) == Conflict(BLOCKED.code, at=0, option=3)


def test_an_items_last_option_past_the_node_budget_stops_propagation():
    s, g = state(EITHER, max_nodes=0), clauses(EITHER)
    make_false(EITHER, s, 1, R_FACT, -1)
    assert propagate(EITHER, s, g) == Conflict(C_STOP, 0, 0)
    assert s.value.tolist() == [-1, 0, -1]
