"""Belief propagation on an exact cover: the log-odds it gives each option."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import random_puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.errors import ArgumentError
from dominosa_lab.logic.geometry import geometry
from dominosa_lab.solvers.engine.beliefs import log_odds
from dominosa_lab.solvers.engine.state import cover_model
from dominosa_lab.solvers.fast.dominosa import DominosaCover, root_deductions
from tests.strategies import planted_board

#: Two covers, {0} and {1, 2}: option 0 covers both items.
TWO_COVERS = cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, True])


def level_zero(puzzle):
    board = DominosaCover(puzzle)
    engine = board.engine(Search())
    root_deductions(engine, board, probe=False)
    return board, engine.state()


def test_options_in_as_many_covers_as_not_get_even_odds():
    assert log_odds(TWO_COVERS, np.full(3, -1)).tolist() == [0.0, 0.0, 0.0]


def test_an_option_not_open_has_no_odds_and_an_items_last_option_is_near_certain():
    odds = log_odds(TWO_COVERS, np.array([-1, 0, -1]))
    assert odds[1] == -np.inf and odds[0] > 20 and odds[2] < -20


def test_a_covered_item_drops_out():
    odds = log_odds(TWO_COVERS, np.array([1, 0, 0]))
    assert np.all(odds == -np.inf)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 9))
def test_every_open_option_gets_finite_odds_within_its_items_clipped_messages(seed, n):
    board, state = level_zero(planted_board(n, random.Random(seed))[0])
    odds = log_odds(board.model, state)
    items = np.diff(board.model.option_start)
    assert np.all((odds == -np.inf) == (state != -1))
    assert np.all(np.abs(odds[state == -1]) <= 50 * items[state == -1] + 1e-9)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_on_a_random_board_the_beliefs_point_at_the_planted_placements(seed):
    puzzle, planted = random_puzzle(40, seed=seed)
    board, state = level_zero(puzzle)
    index = geometry(puzzle).placement_index  # the engine's options are in this order
    options = np.array([index[p] for p in planted.placements])
    options = options[state[options] == -1]
    assert np.mean(log_odds(board.model, state)[options] > 0) > 0.95


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_stopping_once_the_signs_are_calm_keeps_the_signs_of_settled_messages(seed):
    board, state = level_zero(random_puzzle(40, seed=seed).puzzle)
    calm, settled = log_odds(board.model, state), log_odds(board.model, state, calm=None)
    assert np.array_equal(calm > 0, settled > 0)
    assert not np.array_equal(calm, settled)  # the sizes had not settled


def test_fewer_than_one_calm_round_is_refused():
    with pytest.raises(ArgumentError, match="calm must be at least 1 round or None, got 0"):
        log_odds(TWO_COVERS, np.full(3, -1), calm=0)


def test_fewer_than_one_round_is_refused():
    with pytest.raises(ArgumentError, match="iterations must be at least 1"):
        log_odds(TWO_COVERS, np.full(3, -1), iterations=0)


def test_a_state_of_the_wrong_length_is_refused():
    with pytest.raises(ArgumentError, match=r"one value per option \(3\), got shape \(2,\)"):
        log_odds(TWO_COVERS, np.full(2, -1))
