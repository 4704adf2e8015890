"""The hand-over of a long search from the engine to CryptoMiniSat."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import load, random_puzzle, solve
from dominosa_lab.boards import swap_cells
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine import handover
from dominosa_lab.solvers.engine.handover import covers_with_hand_over, exact_one_clauses
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import cover_model
from dominosa_lab.solvers.fast import _level_zero
from dominosa_lab.solvers.fast.dominosa import DominosaCover
from tests.strategies import planted_board


def _engine(puzzle, **budget):
    """An engine on ``puzzle`` after our level 0 (no probing)."""
    board = DominosaCover(puzzle)
    engine = board.engine(Search(**budget))
    _level_zero(engine, board, probe=False)
    return engine


def _covers(puzzle, conflicts):
    """The set of covers found, handed over after ``conflicts``, and the engine."""
    engine = _engine(puzzle)
    return {tuple(c.tolist()) for c in covers_with_hand_over(engine, conflicts)}, engine


def _exchanged(n, seed):
    """A planted board with two squares of different numbers, drawn from ``seed``, exchanged."""
    puzzle, rng = random_puzzle(n, seed=seed).puzzle, random.Random(seed)
    while True:
        a, b = rng.sample(puzzle.cells, 2)
        if puzzle.value(a) != puzzle.value(b):
            return swap_cells(puzzle, a, b)


def _transposed(n, seed):
    """A planted board with its first square and the first square of its last row that holds
    another number exchanged."""
    puzzle = random_puzzle(n, seed=seed).puzzle
    last = len(puzzle.rows) - 1
    col = next(c for c, v in enumerate(puzzle.rows[last]) if v != puzzle.rows[0][0])
    return swap_cells(puzzle, (0, 0), (last, col))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 7))
def test_a_search_handed_over_at_once_finds_the_engines_solutions(seed, n):
    puzzle = planted_board(n, random.Random(seed))[0]
    ours, _ = _covers(puzzle, 1 << 40)
    theirs, engine = _covers(puzzle, 0)
    assert ours == theirs
    assert engine.handed_over is not None or engine.failed


def test_every_solution_is_found_once_after_the_hand_over():
    theirs, engine = _covers(load("tcg-n10"), 0)
    assert engine.handed_over is not None
    assert len(theirs) == 16


@pytest.mark.parametrize("seed", range(3))
def test_a_board_without_a_solution_is_refuted_after_the_hand_over(seed):
    puzzle = _transposed(16, seed)
    assert _covers(puzzle, 0)[0] == _covers(puzzle, 1 << 40)[0] == set()


def test_the_hand_over_keeps_the_engines_counters_with_its_placements_taken_back():
    engine = _engine(_transposed(16, 0))
    list(covers_with_hand_over(engine, 0))
    assert engine.counters["backtracks"] == engine.counters["nodes"]


def test_a_solution_found_before_the_budget_keeps_the_search_in_the_engine():
    engine = _engine(random_puzzle(12, seed=3).puzzle)
    found = covers_with_hand_over(engine, 1)
    next(found)
    list(found)
    assert engine.handed_over is None


def test_a_node_budget_keeps_the_search_in_the_engine():
    engine = _engine(_transposed(16, 0), max_nodes=10**9)
    list(covers_with_hand_over(engine, 0))
    assert engine.handed_over is None


def test_the_clock_is_read_between_two_slices_of_the_sat_solver(monkeypatch):
    engine = _engine(load("tcg-n10"))
    monkeypatch.setattr(handover, "SETTINGS", SETTINGS._replace(sat_slice=1))

    def stop_once_handed_over():
        if engine.handed_over is not None:
            raise SearchStopped("time")

    monkeypatch.setattr(engine.search, "check_time", stop_once_handed_over)
    with pytest.raises(SearchStopped):
        list(covers_with_hand_over(engine, 0))
    assert engine.handed_over is not None


def test_an_item_covered_at_level_0_gives_no_clause():
    model = cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, False])
    assert exact_one_clauses(model, np.array([1, 0, -1])) == []


def test_the_relaxation_is_asked_with_the_options_level_0_settled_as_a_whole_board(monkeypatch):
    asked = []

    def recorded(model, search, value=None, differ=None, *, whole=False):
        asked.append((value, differ, whole))
        return False

    monkeypatch.setattr(handover, "fractional_cover_exists", recorded)
    _, engine = _covers(_transposed(20, 1), 0)
    [(value, differ, whole)] = asked
    assert value is engine.handed_over and (value != -1).any()
    assert differ is None and whole is True


def test_solve_refutes_a_board_that_needs_the_hand_over_in_the_sat_solver(monkeypatch):
    # the engine spends handover_conflicts on this board; the relaxation, told to see a
    # fractional cover, leaves the proof to the SAT solver
    asked = []
    monkeypatch.setattr(handover, "fractional_cover_exists",
                        lambda *a, **k: asked.append(a[2]) or True)
    result = solve(_exchanged(40, 7))
    assert result.status == "no_solution"
    assert len(asked) == 1


def test_solve_lists_the_solutions_of_a_board_handed_over_at_once(monkeypatch):
    puzzle = load("tcg-n10")
    ours = {frozenset(s.placements) for s in solve(puzzle, limit=None).solutions}
    monkeypatch.setattr(handover, "SETTINGS", SETTINGS._replace(handover_conflicts=0))
    asked = []
    relax = handover.fractional_cover_exists
    monkeypatch.setattr(handover, "fractional_cover_exists",
                        lambda *a, **k: asked.append(a[2]) or relax(*a, **k))
    result = solve(puzzle, limit=None)
    assert len(asked) == 1 and result.status == "solved"
    assert all(s.is_valid(puzzle) for s in result.solutions)
    assert {frozenset(s.placements) for s in result.solutions} == ours
