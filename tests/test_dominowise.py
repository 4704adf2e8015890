"""dominowise: Darby's domino-by-domino search in its three orders."""

import pytest
from hypothesis import given, settings

from dominosa_lab import METHODS, ArgumentError, Puzzle, load, solve
from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.solvers.dominowise import ORDERS, static_order
from tests.strategies import boards

REFERENCE = "dlx"


def test_dominowise_is_registered():
    assert "dominowise" in METHODS


@pytest.mark.parametrize("order", ORDERS)
def test_solves_the_published_small_board(order):
    p = load("mikefc-small")
    result = solve(p, method="dominowise", order=order)
    assert result.status == "solved"
    assert result.solution == solve(p, method=REFERENCE).solution


@settings(max_examples=40, deadline=None)
@given(board=boards(max_n=4))
def test_every_solution_is_valid_in_every_order(board):
    puzzle, _ = board
    for order in ORDERS:
        for sol in solve(puzzle, method="dominowise", order=order, limit=None).solutions:
            assert sol.is_valid(puzzle)


@settings(max_examples=40, deadline=None)
@given(board=boards(max_n=4))
def test_finds_the_same_solutions_as_the_reference_in_every_order(board):
    puzzle, planted = board
    expected = {s.placements for s in solve(puzzle, method=REFERENCE, limit=None).solutions}
    assert planted.placements in expected
    for order in ORDERS:
        found = [s.placements for s in
                 solve(puzzle, method="dominowise", order=order, limit=None).solutions]
        assert len(found) == len(set(found)) == len(expected)
        assert set(found) == expected


def test_an_unsolvable_board_has_no_solution():
    result = solve(Puzzle([[0, 1, 0], [1, 0, 1]]), method="dominowise", order="mrv")
    assert result.status == "no_solution"
    assert result.stats.branching[0] >= 1


def test_a_backtrack_free_solve_places_each_domino_once():
    p = load("mikefc-small")  # dynamic order meets only forced dominoes here
    result = solve(p, method="dominowise", order="mrv")
    assert result.stats.nodes == len(p.dominoes) and result.stats.backtracks == 0


def test_the_budget_stops_the_search_with_counters():
    result = solve(load("tcg-n10"), method="dominowise", order="pile", max_nodes=500)
    assert result.status == "stopped" and result.stats.nodes == 500


def test_an_unknown_order_is_refused():
    with pytest.raises(ArgumentError, match="order must be one of"):
        solve(load("mikefc-small"), method="dominowise", order="random")


def test_the_given_order_is_the_bone_pile():
    p = load("mikefc-large")
    assert static_order(p, "pile") == list(p.dominoes)


def test_the_fewest_order_sorts_by_initial_candidate_count_ties_as_given():
    p = load("mikefc-large")
    counts = {d: len(pls) for d, pls in p.candidates().items()}
    order = static_order(p, "fewest")
    assert sorted(order) == list(p.dominoes)
    assert order == sorted(p.dominoes, key=lambda d: (counts[d], d))


def test_the_dynamic_order_has_no_static_sequence():
    with pytest.raises(ArgumentError, match="static order"):
        static_order(load("mikefc-small"), "mrv")


def test_the_given_order_places_dominoes_in_the_bone_piles_order():
    p = load("mikefc-small")
    trace = solve(p, method="dominowise", order="pile", trace=True).trace
    first = [p.domino_of(e.item) for e in trace if e.kind == "place"][:3]
    assert first[0] == (0, 0) and all(d[0] == 0 for d in first)


@pytest.mark.parametrize(("n", "seed"), [(n, seed) for n in (3, 4, 5) for seed in range(4)])
def test_solution_counts_equal_dlx_on_generated_boards(n, seed):
    puzzle, _ = random_puzzle(n, seed)
    expected = len(solve(puzzle, method="dlx", limit=None).solutions)
    for order in ORDERS:
        found = solve(puzzle, method="dominowise", order=order, limit=None).solutions
        assert len(found) == expected
