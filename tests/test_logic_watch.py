"""A pass that remembers the last one finds the steps a pass over a fresh state finds."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab.boards import random_puzzle
from dominosa_lab.logic import (
    State,
    domino_must_overlap,
    domino_single_placement,
    ladder,
    local_duplicate,
    local_duplicate_2,
    run,
    square_single_domino,
    square_single_placement,
)
from dominosa_lab.logic.watch import Pass, squares_near

FINDERS = (domino_single_placement, square_single_placement, square_single_domino,
           domino_must_overlap, local_duplicate, local_duplicate_2)


def _steps(state, finder):
    return [(s.name, s.placed_index, s.ruled_out_mask, s.read_mask) for s in finder(state)]


@settings(max_examples=25, deadline=None)
@given(n=st.integers(3, 9), seed=st.integers(0, 50), cut=st.integers(0, 40))
def test_a_remembered_pass_yields_what_a_fresh_one_does(n, seed, cut):
    puzzle = random_puzzle(n, seed=seed).puzzle
    worked = State(puzzle)
    for finder in FINDERS:  # every finder remembers a pass over the empty board
        _steps(worked, finder)
    for k, _ in enumerate(run(worked, ladder("full", max_level="basic"))):
        if k == cut:
            break
    fresh = State(puzzle)
    fresh.restore(worked.save())
    for finder in FINDERS:
        assert _steps(worked, finder) == _steps(fresh, finder)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(6, 14), seed=st.integers(0, 50), back=st.integers(1, 3))
def test_a_pass_remembered_ahead_yields_what_a_fresh_one_does_after_a_restore(n, seed, back):
    puzzle = random_puzzle(n, seed=seed).puzzle
    worked = State(puzzle)
    saved = [worked.save()]
    saved += [worked.save() for _ in run(worked, ladder("full", max_level="basic"))]
    for finder in FINDERS:  # every finder remembers a pass over the state the ladder left
        _steps(worked, finder)
    earlier = saved[max(0, len(saved) - 1 - back)]
    worked.restore(earlier)  # a few steps back, as a search backs up
    fresh = State(puzzle)
    fresh.restore(earlier)
    for finder in FINDERS:
        assert _steps(worked, finder) == _steps(fresh, finder)


def test_a_pass_left_unfinished_is_not_remembered():
    state = State(random_puzzle(6, seed=1).puzzle)
    first = next(domino_single_placement(state))
    assert "domino_single_placement" not in state.scratch
    assert _steps(state, domino_single_placement)[0][1] == first.placed_index


def test_a_pass_reads_the_callers_clock_before_its_first_item():
    state = State(random_puzzle(6, seed=0).puzzle)
    state.check = _stop
    with pytest.raises(TimeoutError):
        next(iter(Pass(state, "demo", 56, squares_near)))


def _stop():
    raise TimeoutError
