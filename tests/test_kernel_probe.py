"""Failed-option probing at level 0 (``loop.probe``): an option of an item with two options left
whose trial leads to a conflict is false. Probing skips the options known not to fail since
level 0 last changed; these tests hold it to trying every one, on small models and on Dominosa
boards after their Hall sets (``fast.dominosa.hall_fixed_point``)."""

from __future__ import annotations

import numpy as np
import pytest

from dominosa_lab import random_puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine.assign import make_false
from dominosa_lab.solvers.engine.loop import _binary, _fails, probe, start
from dominosa_lab.solvers.engine.propagate import propagate
from dominosa_lab.solvers.engine.state import C_NONE, R_FACT, SearchState
from dominosa_lab.solvers.fast.dominosa import SQUARE, DominosaCover, hall_fixed_point
from tests.cover_states import clauses, model, state

NONE = np.zeros(0, np.int64)
CHAIN = model({0, 1}, {0}, {1, 2}, {1, 2, 3}, {3})


def probe_every(m, s, g, c) -> tuple[int, int]:
    """Probing as its definition reads: try every open option of a two-option item of class
    ``c``, again after any is ruled out (stamp 0 marks nothing)."""
    ruled, changed = 0, True
    while changed:
        changed = False
        for p in range(s.value.shape[0]):
            if s.value[p] != -1 or not _binary(m, s, p, c) or not _fails(m, s, g, p, 0):
                continue
            ruled, changed = ruled + 1, True
            make_false(m, s, p, R_FACT, -1)
            kind = propagate(m, s, g).kind
            if kind != C_NONE:
                return kind, ruled
    return C_NONE, ruled


def copied(s: SearchState) -> SearchState:
    """A state whose arrays are copies of ``s``'s."""
    return SearchState(*(a.copy() for a in s))


def test_probing_rules_out_an_option_whose_trial_fails_and_its_item_takes_the_other():
    # item 0 has options 0 = {0, 1} and 1 = {0}; item 2 has options 2 = {1, 2} and
    # 3 = {1, 2, 3}, both on item 1: option 0 leaves item 2 none, so it is false, and option 1
    # true; options 2 + 4 and option 3 still cover the rest, so nothing else is ruled out
    s, g = state(CHAIN), clauses(CHAIN)
    assert start(CHAIN, s, g, NONE) == C_NONE
    assert probe(CHAIN, s, g, 0) == (C_NONE, 1)
    assert (s.value[0], s.reason[0], s.value[1]) == (0, R_FACT, 1)


def test_probing_leaves_conflict_analysis_marks_clear():
    s, g = state(CHAIN), clauses(CHAIN)
    start(CHAIN, s, g, NONE)
    probe(CHAIN, s, g, 0)
    assert not s.mark.any()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("n", [6, 10])
def test_probing_rules_out_what_trying_every_option_rules_out_in_the_same_order(n, seed):
    board = DominosaCover(random_puzzle(n, seed=seed).puzzle)
    engine = board.engine(Search())
    m, s, g = engine.model, engine.s, engine.clauses
    assert start(m, s, g, engine.dead) == C_NONE
    hall_fixed_point(m, s, g, board.values, board.pairs, board.max_pip)
    reference = copied(s)
    assert probe(m, s, g, SQUARE) == probe_every(m, reference, g, SQUARE)
    end = int(s.counters["trail_len"][0])
    assert end == int(reference.counters["trail_len"][0])
    assert np.array_equal(s.trail[:end], reference.trail[:end])
    assert np.array_equal(s.value, reference.value)
    assigned = s.value != -1  # an open option keeps the reason of its last trial
    assert np.array_equal(s.reason[assigned], reference.reason[assigned])
