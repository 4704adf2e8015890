"""The fractional relaxation that a long search asks before the SAT solver."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pycryptosat import Solver

from dominosa_lab import random_puzzle
from dominosa_lab.boards import swap_cells
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine import relax
from dominosa_lab.solvers.engine.handover import covers_with_hand_over, exact_one_clauses
from dominosa_lab.solvers.engine.relax import certifies, fractional_cover_exists, packing
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import cover_model
from dominosa_lab.solvers.fast.dominosa import DominosaCover
from tests.strategies import planted_board

#: Items 0, 1, 2 and options {0, 1}, {1, 2}: no cover, not even a fractional one.
NO_COVER = cover_model([0, 2, 4], [0, 1, 1, 2], [True] * 3)


def _model(puzzle):
    """The engine's model of ``puzzle``."""
    return DominosaCover(puzzle).model


def _exchanged(puzzle, rng):
    """``puzzle`` with two squares of different numbers exchanged."""
    cells = puzzle.cells
    while True:
        a, b = rng.sample(cells, 2)
        if puzzle.value(a) != puzzle.value(b):
            return swap_cells(puzzle, a, b)


def _sat_finds_a_cover(model) -> bool:
    """Whether CryptoMiniSat finds an exact cover of ``model`` (every option open)."""
    sat = Solver()
    sat.add_clauses(exact_one_clauses(model, np.full(model.n_options, -1)))
    return sat.solve()[0]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 9))
def test_a_board_with_a_solution_has_a_fractional_cover(seed, n):
    puzzle = planted_board(n, random.Random(seed))[0]
    assert fractional_cover_exists(_model(puzzle), Search())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 9))
def test_a_board_without_a_fractional_cover_has_no_cover(seed, n):
    rng = random.Random(seed)
    model = _model(_exchanged(planted_board(n, rng)[0], rng))
    if not fractional_cover_exists(model, Search()):
        assert not _sat_finds_a_cover(model)


@pytest.mark.parametrize("seed", range(3))
def test_a_large_board_with_two_numbers_exchanged_has_no_fractional_cover(seed):
    puzzle = _exchanged(random_puzzle(30, seed=seed).puzzle, random.Random(seed))
    assert not fractional_cover_exists(_model(puzzle), Search())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 6), top=st.integers(1, 2**24))
def test_no_weights_certify_that_a_board_with_a_solution_has_no_fractional_cover(seed, n, top):
    lp = packing(_model(planted_board(n, random.Random(seed))[0]))
    weights = np.random.default_rng(seed).integers(0, top, lp.rows, endpoint=True)
    assert not certifies(lp, weights)


def test_a_certificate_weighs_the_row_of_the_options_a_cover_must_lack():
    pairs = cover_model([0, 1, 2, 4], [0, 1, 0, 1], [True, True])  # {0}, {1}, {0, 1}
    lp = packing(pairs, np.array([-1, -1, 0]), np.array([0, 1]))
    assert certifies(lp, np.array([0, 0]), row=1)
    assert not certifies(lp, np.array([0, 0]), row=0)


def test_options_a_cover_must_lack_that_are_already_true_lower_the_limit_of_the_others():
    model = cover_model([0, 1, 2, 3], [0, 1, 2], [True] * 3)  # {0}, {1}, {2}
    lp = packing(model, np.array([1, -1, -1]), np.array([0, 1, 2]))
    assert (lp.limit, lp.differ.tolist()) == (1, [0, 1])
    assert packing(model, np.array([1, 1, 1]), np.array([0, 1, 2])) is None
    assert not fractional_cover_exists(model, Search(), np.array([1, -1, -1]),
                                       np.array([0, 1, 2]))


def test_a_negative_weight_certifies_nothing():
    lp = packing(cover_model([0, 2, 4], [0, 1, 1, 2], [True] * 3))
    assert certifies(lp, np.array([0, 1, 0]))
    assert not certifies(lp, np.array([-1, 1, 0]))


def test_options_settled_true_take_their_items_out_of_the_packing():
    lp = packing(cover_model([0, 2, 3, 4], [0, 1, 1, 2], [True] * 3), np.array([1, 0, -1]))
    assert (lp.rows, lp.primary, lp.worth.tolist(), lp.items.tolist()) == (1, 1, [1], [0])


def test_a_question_is_asked_again_more_finely_when_the_coarse_weights_do_not_certify(
        monkeypatch):
    asked = []

    def uncertified(lp, search, tolerance):
        asked.append(tolerance)
        return np.zeros(lp.rows, np.int64), 0

    monkeypatch.setattr(relax, "dual_weights", uncertified)
    assert fractional_cover_exists(NO_COVER, Search(), np.array([-1, -1]))
    assert asked == list(SETTINGS.question_tolerances) and asked == sorted(asked, reverse=True)


def test_a_question_certified_at_the_coarse_tolerance_is_not_asked_again(monkeypatch):
    asked = []
    weights = relax.dual_weights

    def recorded(lp, search, tolerance):
        asked.append(tolerance)
        return weights(lp, search, tolerance)

    monkeypatch.setattr(relax, "dual_weights", recorded)
    assert not fractional_cover_exists(NO_COVER, Search(), np.array([-1, -1]))
    assert asked == [SETTINGS.question_tolerances[0]]


def _methods_asked(monkeypatch) -> list[bool]:
    """The list that records, per question to HiGHS, whether it went to the first-order method."""
    asked: list[bool] = []
    weights = relax.dual_weights

    def recorded(lp, search, tolerance, *, first_order=False):
        asked.append(first_order)
        return weights(lp, search, tolerance, first_order=first_order)

    monkeypatch.setattr(relax, "dual_weights", recorded)
    return asked


def test_a_whole_board_is_asked_of_the_first_order_method_first(monkeypatch):
    monkeypatch.setattr(relax, "SETTINGS", SETTINGS._replace(board_first_order_rows=0))
    asked = _methods_asked(monkeypatch)
    assert not fractional_cover_exists(NO_COVER, Search(), whole=True)
    assert asked == [True]


def test_a_whole_board_goes_to_the_interior_point_method_when_first_order_weights_do_not_certify(
        monkeypatch):
    monkeypatch.setattr(relax, "SETTINGS", SETTINGS._replace(board_first_order_rows=0))
    asked = []

    def uncertified(lp, search, tolerance, *, first_order=False):
        asked.append((first_order, tolerance))
        return np.zeros(lp.rows, np.int64), 0

    monkeypatch.setattr(relax, "dual_weights", uncertified)
    assert fractional_cover_exists(NO_COVER, Search(), whole=True)
    assert asked == [(True, SETTINGS.board_first_order), (False, SETTINGS.board_gap / 3)]


def test_a_whole_board_of_few_items_is_asked_of_the_interior_point_method_alone(monkeypatch):
    asked = _methods_asked(monkeypatch)
    assert not fractional_cover_exists(NO_COVER, Search(), whole=True)
    assert asked == [False]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 9))
def test_a_board_with_a_solution_has_a_fractional_cover_asked_whole(seed, n):
    puzzle = planted_board(n, random.Random(seed))[0]
    assert fractional_cover_exists(_model(puzzle), Search(), whole=True)


def test_a_cover_lacking_one_of_some_options_is_refuted_by_their_least_weight(monkeypatch):
    def no_packing(*args):
        raise AssertionError("the packing was asked")

    monkeypatch.setattr(relax, "dual_weights", no_packing)
    pairs = cover_model([0, 1, 2, 4], [0, 1, 0, 1], [True, True])  # {0}, {1}, {0, 1}
    assert not fractional_cover_exists(pairs, Search(), np.array([-1, -1, 0]), np.array([0, 1]))
    assert fractional_cover_exists(pairs, Search(), differ=np.array([0, 1]))


@pytest.mark.parametrize(("least", "asked"), [(1.0, 1), (1.5, 2)])
def test_the_least_weight_is_asked_more_finely_only_when_it_is_above_the_limit(
        monkeypatch, least, asked):
    tolerances = []

    def uncertified(lp, search, tolerance):
        tolerances.append(tolerance)
        return relax.Lack(np.zeros(lp.rows, np.int64), 1, least, np.ones(lp.differ.shape[0]))

    monkeypatch.setattr(relax, "lack_weights", uncertified)
    pairs = cover_model([0, 1, 2, 4], [0, 1, 0, 1], [True, True])
    assert fractional_cover_exists(pairs, Search(), np.array([-1, -1, 0]), np.array([0, 1]))
    assert tolerances == list(SETTINGS.lack_tolerances[:asked])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 6), top=st.integers(1, 2**24))
def test_no_weights_certify_that_no_cover_lacks_an_option_a_solution_lacks(seed, n, top):
    rng = np.random.default_rng(seed)
    puzzle, planted = planted_board(n, random.Random(seed))
    board = DominosaCover(puzzle)
    held = [i for i, pair in enumerate(board.pairs.tolist())
            if {board.cells[a] for a in pair} in [set(p.cells) for p in planted.placements]]
    spare = sorted(set(range(board.model.n_options)) - set(held))
    if not spare:
        return
    chosen = rng.choice(held, len(held) // 2, replace=False).tolist()
    differ = np.array(sorted([*chosen, int(rng.choice(spare))]))
    lp = packing(board.model, None, differ)
    weights = rng.integers(-top, top, lp.rows, endpoint=True)
    assert not relax.certifies_lack(lp, weights, int(rng.integers(1, 2**24)))
    assert fractional_cover_exists(board.model, Search(), None, differ)


def test_a_secondary_item_may_stay_uncovered():
    model = cover_model([0, 1, 3], [0, 1, 2], [True, False, True])  # {0}, {1, 2}
    assert fractional_cover_exists(model, Search())


def test_a_primary_item_no_option_covers_refutes_the_model():
    model = cover_model([0, 1], [0], [True, True])
    assert not fractional_cover_exists(model, Search())


def test_a_spent_time_limit_stops_before_the_linear_programme():
    search = Search(time_limit=1e-9)
    with pytest.raises(SearchStopped):
        fractional_cover_exists(_model(random_puzzle(6, seed=0).puzzle), search)


def test_a_board_the_relaxation_refutes_never_reaches_the_sat_solver(monkeypatch):
    puzzle = _exchanged(random_puzzle(30, seed=0).puzzle, random.Random(0))
    board = DominosaCover(puzzle)
    engine = board.engine(Search())
    engine.start()

    def no_sat_solver(*args, **kwargs):
        raise AssertionError("the SAT solver was asked")

    monkeypatch.setattr("pycryptosat.Solver", no_sat_solver)
    assert list(covers_with_hand_over(engine, 0)) == []
    assert engine.handed_over is not None or engine.failed

