"""The ``dlx`` method: Dominosa as exact cover on the dancing-links engine."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab import (
    METHODS,
    Puzzle,
    Search,
    load,
    solve,
)
from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.solvers.dlx import formulation

ORDERS = ("mrv", "pile", "random")


def solution_set(puzzle: Puzzle, method: str, **options) -> set:
    result = solve(puzzle, method=method, limit=None, **options)
    assert result.status in ("solved", "no_solution")
    return {s.placements for s in result.solutions}


# --- the formulation ----------------------------------------------------------------------


@given(st.integers(1, 12))
def test_a_full_board_has_one_item_per_cell_and_domino_and_2RC_minus_R_minus_C_options(n):
    puzzle, _ = random_puzzle(n, seed=n)
    rows, cols = puzzle.shape
    problem = formulation(puzzle)
    assert problem.n_items == rows * cols + (n + 1) * (n + 2) // 2
    assert problem.n_options == 2 * rows * cols - rows - cols
    assert problem.n_secondary == 0


def test_each_option_covers_two_adjacent_cells_and_their_domino():
    puzzle = load("mikefc-small")
    problem = formulation(puzzle)
    for option, placement in zip(problem.options, problem.payloads, strict=True):
        a, b, domino = (problem.names[i] for i in option)
        assert (a, b) == placement.cells
        assert domino == puzzle.domino_of(placement)


# --- solutions ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["mikefc-small", "mikefc-large", "caviness-m9"])
def test_a_backtrack_free_solve_places_each_domino_once(name):
    puzzle = load(name)
    n = puzzle.max_pip
    result = solve(puzzle, method="dlx")
    assert result.stats.backtracks == 0
    assert result.stats.nodes == (n + 1) * (n + 2) // 2 == result.stats.max_depth


# --- the homework's numbers -----------------------------------------------------------------


def test_the_homeworks_n10_board_takes_129_states_with_mrv():
    result = solve(load("tcg-n10"), method="dlx", order="mrv")
    assert (result.status, result.stats.nodes) == ("solved", 129)


def test_the_homeworks_n10_board_takes_305058_states_with_the_leftmost_column():
    result = solve(load("tcg-n10"), method="dlx", order="pile")
    assert (result.status, result.stats.nodes) == ("solved", 305_058)


# --- counting and uniqueness ----------------------------------------------------------------


# --- budgets, options and the registry ------------------------------------------------------


def test_the_trace_shows_placements():
    result = solve(load("mikefc-small"), method="dlx", trace=True)
    placed = [e.item for e in result.trace if e.kind == "place"]
    assert len(placed) == result.stats.nodes
    assert set(result.solution.placements) <= set(placed)


def test_random_order_is_reproducible_by_seed():
    puzzle, _ = random_puzzle(8, seed=4)
    runs = [solve(puzzle, method="dlx", order="random", seed=9, max_nodes=5000) for _ in range(2)]
    assert runs[0].stats.as_dict() | {"seconds": 0} == runs[1].stats.as_dict() | {"seconds": 0}
    assert runs[0].solutions == runs[1].solutions


def test_dlx_is_registered():
    assert "dlx" in METHODS and METHODS["dlx"].function is not None
    assert solve(load("mikefc-small"), method="dlx").method == "dlx"


def test_search_counters_reach_a_caller_supplied_search():
    search = Search()
    solutions = list(METHODS["dlx"].function(load("mikefc-small"), search))
    assert len(solutions) == search.stats.solutions == 1


