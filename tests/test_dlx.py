"""The ``dlx`` method: Dominosa as exact cover on the dancing-links engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import (
    METHODS,
    ArgumentError,
    Puzzle,
    Search,
    count_solutions,
    is_unique,
    load,
    solve,
)
from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.solvers import DEFAULT_METHOD
from dominosa_lab.solvers.dlx import formulation
from tests.strategies import boards

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


@settings(max_examples=40, deadline=None)
@given(boards(max_n=4))
def test_dlx_finds_exactly_the_solutions_rowscan_finds(board):
    puzzle, planted = board
    found = solution_set(puzzle, "dlx")
    assert found == solution_set(puzzle, "rowscan")
    assert planted.placements in found


@settings(max_examples=30, deadline=None)
@given(boards(max_n=4), st.sampled_from(ORDERS[1:]), st.integers(0, 1000))
def test_every_order_finds_the_same_solutions(board, order, seed):
    puzzle, _ = board
    assert solution_set(puzzle, "dlx", order=order, seed=seed) == solution_set(puzzle, "dlx")


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 12), st.integers(0, 10**6), st.sampled_from(ORDERS))
def test_every_dlx_solution_is_valid(n, seed, order):
    puzzle, _ = random_puzzle(n, seed)
    result = solve(puzzle, method="dlx", limit=3, order=order, seed=seed, max_nodes=20_000)
    assert all(s.is_valid(puzzle) for s in result.solutions)
    assert result.status in ("solved", "stopped")


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 15), st.integers(0, 10**6))
def test_a_first_solution_costs_one_node_per_domino_plus_one_per_backtrack(n, seed):
    puzzle, _ = random_puzzle(n, seed)
    result = solve(puzzle, method="dlx", max_nodes=50_000)
    if result.status == "solved":
        assert result.stats.nodes == len(puzzle.dominoes) + result.stats.backtracks


@pytest.mark.parametrize("name", ["mikefc-small", "mikefc-large", "caviness-m9"])
def test_a_backtrack_free_solve_places_each_domino_once(name):
    puzzle = load(name)
    n = puzzle.max_pip
    result = solve(puzzle, method="dlx")
    assert result.stats.backtracks == 0
    assert result.stats.nodes == (n + 1) * (n + 2) // 2 == result.stats.max_depth


def test_a_puzzle_without_solution_has_status_no_solution():
    # the double-1 set on a 2x3 board where 00 and 11 must both lie in the middle column
    puzzle = Puzzle([[1, 0, 1], [0, 1, 0]])
    result = solve(puzzle, method="dlx")
    assert result.status == "no_solution"
    assert solve(puzzle, method="rowscan").status == "no_solution"


# --- the homework's numbers -----------------------------------------------------------------


def test_the_homeworks_n10_board_takes_129_states_with_mrv():
    result = solve(load("tcg-n10"), method="dlx", order="mrv")
    assert (result.status, result.stats.nodes) == ("solved", 129)


def test_the_homeworks_n10_board_takes_305058_states_with_the_leftmost_column():
    result = solve(load("tcg-n10"), method="dlx", order="pile")
    assert (result.status, result.stats.nodes) == ("solved", 305_058)


# --- counting and uniqueness ----------------------------------------------------------------


def test_count_solutions_counts_all_or_up_to_the_limit():
    puzzle = load("tcg-n10")
    assert count_solutions(puzzle) == 16
    assert count_solutions(puzzle, limit=3) == 3


def test_is_unique_tells_one_solution_from_several():
    assert is_unique(load("mikefc-small"))
    assert not is_unique(load("tcg-n10"))
    assert not is_unique(Puzzle([[1, 0, 1], [0, 1, 0]]))


def test_count_solutions_reports_a_spent_budget_as_stopped():
    count = count_solutions(load("tcg-n10"), max_nodes=50)
    assert count.status == "stopped" and not count.exact and count.stats.nodes == 50


# --- budgets, options and the registry ------------------------------------------------------


def test_the_node_budget_stops_with_status_stopped_and_counters():
    result = solve(load("tcg-n10"), method="dlx", order="pile", max_nodes=1000)
    assert result.status == "stopped"
    assert result.stats.nodes == 1000
    assert result.stats.backtracks > 0 and result.stats.max_depth > 0
    assert "node budget" in result.reason


def test_the_time_budget_stops_with_status_stopped():
    result = solve(load("tcg-n10"), method="dlx", order="pile", time_limit=0)
    assert result.status == "stopped"


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


def test_an_unknown_order_is_a_puzzle_error():
    with pytest.raises(ArgumentError, match="order must be one of"):
        solve(load("mikefc-small"), method="dlx", order="widest")


def test_dlx_is_registered_and_the_default_method():
    assert "dlx" in METHODS and DEFAULT_METHOD == "dlx"
    assert solve(load("mikefc-small")).method == "dlx"


def test_search_counters_reach_a_caller_supplied_search():
    search = Search()
    solutions = list(METHODS["dlx"].function(load("mikefc-small"), search))
    assert len(solutions) == search.stats.solutions == 1


@pytest.mark.parametrize("limit", [0, -2])
def test_count_solutions_rejects_a_limit_below_one(limit):
    with pytest.raises(ArgumentError, match="limit must be an integer >= 1"):
        count_solutions(load("tcg-n10"), limit=limit)
