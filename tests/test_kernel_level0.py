"""Level 0 (``loop.start``): before any search, the dead options made false, the items with one
option left taking it, the blocked-option rule read on every item, then propagation. These tests
compile ``start`` and what it calls, not the search loop (``test_kernel_loop.py``).

:data:`HALVES` is two independent halves: items 0 and 1 with options 0 = {0, 1}, 2 = {0},
4 = {1}; items 2 and 3 with options 1 = {2, 3}, 3 = {2}, 5 = {3}.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.solvers.engine.loop import start
from dominosa_lab.solvers.engine.rules import BLOCKED
from dominosa_lab.solvers.engine.state import C_ALO, C_NONE, R_ALO, R_BIN, R_FACT
from tests.cover_states import clauses, counters, model, state

HALVES = model({0, 1}, {2, 3}, {0}, {2}, {1}, {3})
NONE = np.zeros(0, np.int64)


def test_start_makes_the_dead_options_false_at_level_zero_and_propagates():
    s, g = state(HALVES), clauses(HALVES)
    assert start(HALVES, s, g, np.array([0])) == C_NONE
    assert (s.value[0], s.reason[0], s.level[0]) == (0, R_FACT, 0)
    assert s.value[[2, 4]].tolist() == [1, 1] and counters(s).level == 0


def test_start_makes_the_single_option_of_an_item_true():
    # options 0 = {0, 1}, 1 = {1}: item 0 has option 0 alone, which leaves option 1 out
    m = model({0, 1}, {1})
    s, g = state(m), clauses(m)
    assert start(m, s, g, NONE) == C_NONE
    assert (s.value[0], s.reason[0], s.reason_at[0]) == (1, R_ALO, 0)
    assert (s.value[1], s.reason[1]) == (0, R_BIN)


def test_start_with_an_item_left_without_options_is_a_conflict():
    s, g = state(HALVES), clauses(HALVES)
    assert start(HALVES, s, g, np.array([0, 2])) == C_ALO


def test_start_reads_the_blocked_option_rule_on_every_item_before_any_option_is_lost():
    # item 0 (read through item 1's class) has options 0 = {0, 1} and 1 = {0, 1, 3}, both on
    # item 1: option 2 = {1, 2} is false; item 2 then takes option 3 = {2}
    m = model({0, 1}, {0, 1, 3}, {1, 2}, {2}, {3}, klass=[0, 1, 0, 0], rule=[1, -1, -1, -1])
    s, g = state(m), clauses(m)
    assert start(m, s, g, NONE) == C_NONE
    assert (s.value[2], s.reason[2], s.reason_at[2]) == (0, BLOCKED.code, 0)
    assert s.value[3] == 1
