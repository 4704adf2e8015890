"""The compiled steps of exact counting (``split``): components of the open options, the item
to branch on, an option assumed, refuted or forced with its consequences, levels taken back,
and the clause "some of these options is false".

:data:`HALVES` is two independent halves with their options numbered alternately: items 0 and
1 with options 0 = {0, 1}, 2 = {0}, 4 = {1}; items 2 and 3 with options 1 = {2, 3}, 3 = {2},
5 = {3}. Its covers: {0} or {2, 4}, times {1} or {3, 5}.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from dominosa_lab.solvers.engine.assign import make_false, make_true, new_level
from dominosa_lab.solvers.engine.split import (
    assume,
    fewest,
    force,
    open_level,
    refute,
    retract,
    some_false,
    split,
)
from dominosa_lab.solvers.engine.state import (
    C_ALO,
    C_CL,
    C_NONE,
    R_ALO,
    R_BIN,
    R_DEC,
    R_FACT,
)
from tests.cover_states import clauses, counters, model, no, state, trail

HALVES = model({0, 1}, {2, 3}, {0}, {2}, {1}, {3})
#: Item 0 with options 0, 1 and 2, item 1 with options 2 and 3: options 0 = {0}, 1 = {0},
#: 2 = {0, 1}, 3 = {1}.
UNEVEN = model({0}, {0}, {0, 1}, {1})


def components(m, s, options):
    """:func:`split` of ``options`` as a list of components, and its scratch row of items."""
    seen = np.full(m.n_items, -1, np.int64)
    out, starts = split(m, s, np.asarray(options, np.int64), seen,
                        np.zeros(m.n_options, np.int64))
    return [out[a:b].tolist() for a, b in pairwise(starts.tolist())], seen


def test_split_finds_the_two_independent_halves_each_in_increasing_order():
    found, _ = components(HALVES, state(HALVES), range(6))
    assert found == [[0, 2, 4], [1, 3, 5]]


def test_split_leaves_its_scratch_row_of_items_as_it_found_it():
    _, seen = components(HALVES, state(HALVES), range(6))
    assert (seen == -1).all()


def test_split_groups_only_the_open_options_given():
    s = state(HALVES)
    make_false(HALVES, s, 2, R_FACT, -1)
    make_true(HALVES, s, 1, R_DEC, -1)
    assert components(HALVES, s, [0, 1, 2, 3, 4])[0] == [[0, 4], [3]]


def test_an_option_closed_in_a_chain_splits_it_in_two():
    # options 0 = {0, 1}, 1 = {1, 2}, 2 = {2, 3}: one component, then two without option 1
    m = model({0, 1}, {1, 2}, {2, 3})
    s = state(m)
    assert components(m, s, range(3))[0] == [[0, 1, 2]]
    make_false(m, s, 1, R_FACT, -1)
    assert components(m, s, range(3))[0] == [[0], [2]]


def test_fewest_gives_the_open_options_of_the_item_with_fewest_left():
    assert fewest(UNEVEN, state(UNEVEN), np.arange(4)).tolist() == [2, 3]


def test_fewest_reads_only_the_items_of_the_options_given_and_gives_all_their_open_options():
    # options 0 and 1 cover item 0 alone: its open options, option 2 among them
    assert fewest(UNEVEN, state(UNEVEN), np.array([0, 1])).tolist() == [0, 1, 2]


def test_fewest_leaves_out_the_false_options_of_the_item():
    s = state(UNEVEN)
    make_false(UNEVEN, s, 1, R_FACT, -1)
    make_false(UNEVEN, s, 3, R_FACT, -1)
    assert fewest(UNEVEN, s, np.arange(4)).tolist() == [2]


def test_fewest_breaks_a_tie_by_the_first_item_met():
    assert fewest(HALVES, state(HALVES), np.array([1, 0])).tolist() == [1, 3]


def test_fewest_gives_the_first_option_alone_when_the_options_cover_no_primary_item():
    m = model({0}, {0}, {1}, secondary={0})
    assert fewest(m, state(m), np.array([1, 0])).tolist() == [1]


def test_assume_makes_the_option_true_at_a_new_level_as_a_choice_and_propagates():
    s, g = state(HALVES), clauses(HALVES)
    assert assume(HALVES, s, g, 0, 2) == C_NONE
    assert counters(s).level == 1 and s.choices[2] == 1
    assert (s.value[0], s.reason[0], s.level[0]) == (1, R_DEC, 1)
    assert s.value.tolist() == [1, -1, 0, -1, 0, -1]  # options 2 and 4 share its items


def test_an_assumption_whose_consequences_conflict_is_counted_as_a_dead_end():
    # options 0 = {0}, 1 = {0, 1}: option 0 leaves item 1 without an option
    m = model({0}, {0, 1})
    s, g = state(m), clauses(m)
    assert assume(m, s, g, 0, 2) == C_ALO
    assert s.choices[:3].tolist() == [1, 0, 1]


def test_refute_makes_the_option_false_at_the_current_level_and_propagates():
    s, g = state(HALVES), clauses(HALVES)
    new_level(s)
    assert refute(HALVES, s, g, 0) == C_NONE
    assert (s.value[0], s.reason[0], s.level[0]) == (0, R_FACT, 1)
    assert s.value.tolist() == [0, -1, 1, -1, 1, -1]  # items 0 and 1 take their last options
    assert s.reason[[2, 4]].tolist() == [R_ALO, R_ALO] and s.choices[0] == 0


def test_a_refutation_whose_consequences_conflict_is_counted_as_a_dead_end():
    m = model({0})
    s, g = state(m), clauses(m)
    assert refute(m, s, g, 0) == C_ALO
    assert s.choices[0] == 1


def test_force_makes_every_open_option_given_true_at_a_new_level_as_deductions():
    s, g = state(HALVES), clauses(HALVES)
    assert force(HALVES, s, g, np.array([0, 3])) == C_NONE
    assert counters(s).level == 1 and s.level[[0, 3]].tolist() == [1, 1]
    assert s.reason[[0, 3]].tolist() == [R_FACT, R_FACT]
    # then option 1 shares item 2 with option 3, and item 3 takes option 5
    assert s.value.tolist() == [1, 0, 0, 1, 0, 1]
    assert (s.reason[1], s.reason[5]) == (R_BIN, R_ALO)
    assert s.choices[1] == 3 and s.choices[2:].sum() == 0  # three deductions, no choice


def test_force_passes_over_an_option_already_true():
    s, g = state(HALVES), clauses(HALVES)
    make_true(HALVES, s, 0, R_FACT, -1)
    force(HALVES, s, g, np.array([0, 3]))
    assert trail(s)[:2] == [0, 3] and s.level[0] == 0


def assumed_twice():
    """:data:`HALVES` with option 0 assumed at level 1 and option 1 at level 2."""
    s, g = state(HALVES), clauses(HALVES)
    assume(HALVES, s, g, 0, 2)
    assume(HALVES, s, g, 1, 2)
    return s


def test_retract_takes_back_every_value_above_the_level():
    s = assumed_twice()
    retract(HALVES, s, 1, False)
    assert counters(s).level == 1
    assert s.value.tolist() == [1, -1, 0, -1, 0, -1]


def test_retract_with_covers_found_below_counts_a_solution_and_no_backtrack():
    s = assumed_twice()
    retract(HALVES, s, 0, True)
    assert (counters(s).solutions, counters(s).backtracks, counters(s).nodes) == (1, 0, 2)


def test_retract_with_no_cover_found_below_counts_each_placement_taken_back_as_a_backtrack():
    s = assumed_twice()
    retract(HALVES, s, 0, False)
    assert (counters(s).solutions, counters(s).backtracks) == (0, 2)


def test_open_level_opens_a_level_and_gives_its_number():
    s = state(HALVES)
    assert (open_level(s), open_level(s)) == (1, 2)


def test_some_false_stores_the_clause_over_the_open_options_for_good():
    s, g = state(HALVES), clauses(HALVES)
    make_true(HALVES, s, 1, R_FACT, -1)
    kind, g = some_false(HALVES, s, g, np.array([0, 1, 4]))
    assert kind == C_NONE and counters(s).n_clauses == 1
    assert g.literals[:g.length[0]].tolist() == [no(0), no(4)] and g.lbd[0] == 0


def test_some_false_with_one_option_false_already_has_nothing_to_add():
    s, g = state(HALVES), clauses(HALVES)
    make_false(HALVES, s, 4, R_FACT, -1)
    kind, g = some_false(HALVES, s, g, np.array([0, 1, 4]))
    assert kind == C_NONE and counters(s).n_clauses == 0


def test_some_false_with_every_option_true_is_a_conflict():
    s, g = state(HALVES), clauses(HALVES)
    make_true(HALVES, s, 0, R_FACT, -1)
    make_true(HALVES, s, 1, R_FACT, -1)
    kind, _ = some_false(HALVES, s, g, np.array([0, 1]))
    assert kind == C_CL


def test_some_false_with_one_option_open_makes_it_false_and_propagates():
    s, g = state(HALVES), clauses(HALVES)
    make_true(HALVES, s, 1, R_FACT, -1)
    kind, g = some_false(HALVES, s, g, np.array([0, 1]))
    assert kind == C_NONE and counters(s).n_clauses == 0
    assert (s.value[0], s.reason[0]) == (0, R_FACT)
    assert s.value[[2, 4]].tolist() == [1, 1]  # items 0 and 1 take their last options
