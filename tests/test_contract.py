"""The contract every registered method obeys, in every order it accepts.

* it finds exactly the solutions an independent oracle finds (small boards, several solutions);
* it counts by the house rule: a first solution costs one node per domino plus one per
  backtrack, a search without solution backtracks every node it places;
* a node budget stops it with ``status="stopped"`` and the counters so far;
* its trace replays into a search tree with one state per node counted.

The oracle below enumerates tilings cell by cell and keeps those whose dominoes are all
different: it shares no code with the library's methods.
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import METHODS, Placement, Puzzle, load, solve
from dominosa_lab.trace.tree import search_tree
from tests.strategies import planted_board

PAIRS = [(name, order) for name, info in METHODS.items() for order in info.orders]
#: Brute force is exponential even on double-2 boards when they have many solutions.
MAX_N = {"collision": 2}


def oracle(puzzle: Puzzle) -> set[frozenset[Placement]]:
    """Every solution of ``puzzle``, by enumerating tilings and keeping the all-different ones."""
    cells = sorted(puzzle.cells)
    found: set[frozenset[Placement]] = set()

    def tile(free: frozenset, placed: tuple[Placement, ...]) -> None:
        if not free:
            dominoes = {puzzle.domino_of(pl) for pl in placed}
            if len(dominoes) == len(placed):
                found.add(frozenset(placed))
            return
        r, c = min(free)
        for other in ((r, c + 1), (r + 1, c)):
            if other in free:
                tile(free - {(r, c), other}, (*placed, Placement((r, c), other)))

    tile(frozenset(cells), ())
    return found


def options(method: str, order: str) -> dict:
    return {"order": order, "seed": 3} if order == "random" else {"order": order}


@functools.cache
def several_solutions() -> list[Puzzle]:
    """Small planted boards with more than one solution (found by the oracle)."""
    boards = []
    for seed in range(400):
        for n in (1, 2, 3):
            puzzle = planted_board(n, random.Random(seed))[0]
            if len(oracle(puzzle)) > 1:
                boards.append(puzzle)
        if len(boards) >= 12:
            return boards
    return boards


def test_the_oracle_finds_the_published_counts():
    assert len(oracle(load("mikefc-small"))) == 1
    assert len(oracle(Puzzle([[0, 0, 1], [1, 1, 0]]))) == 1


@pytest.mark.parametrize(("method", "order"), PAIRS)
def test_finds_exactly_the_solutions_of_the_oracle_on_boards_with_several(method, order):
    boards = [p for p in several_solutions() if p.max_pip <= MAX_N.get(method, 3)]
    assert boards, "no board with several solutions in range"
    for puzzle in boards:
        result = solve(puzzle, method=method, limit=None, **options(method, order))
        found = {frozenset(s.placements) for s in result.solutions}
        assert result.status == "solved" and found == oracle(puzzle), puzzle.rows


@pytest.mark.parametrize(("method", "order"), PAIRS)
@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), n=st.integers(0, 3))
def test_finds_exactly_the_solutions_of_the_oracle_on_random_boards(method, order, seed, n):
    puzzle = planted_board(min(n, MAX_N.get(method, 3)), random.Random(seed))[0]
    result = solve(puzzle, method=method, limit=None, **options(method, order))
    assert {frozenset(s.placements) for s in result.solutions} == oracle(puzzle)
    assert all(s.is_valid(puzzle) for s in result.solutions)


@pytest.mark.parametrize(("method", "order"), PAIRS)
@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 3))
def test_a_first_solution_costs_a_node_per_domino_and_one_per_backtrack(method, order, seed, n):
    puzzle = planted_board(min(n, MAX_N.get(method, 3)), random.Random(seed))[0]
    result = solve(puzzle, method=method, **options(method, order))
    stats = result.stats
    assert result.status == "solved"
    assert stats.nodes == len(puzzle.dominoes) + stats.backtracks
    assert stats.max_depth == len(puzzle.dominoes)


@pytest.mark.parametrize(("method", "order"), PAIRS)
def test_a_board_without_solution_backtracks_every_node(method, order):
    result = solve(Puzzle([[0, 1, 0], [1, 0, 1]]), method=method, **options(method, order))
    assert result.status == "no_solution" and result.solutions == []
    assert result.stats.nodes == result.stats.backtracks


@pytest.mark.parametrize(("method", "order"), PAIRS)
def test_a_node_budget_stops_the_run_with_its_counters(method, order):
    result = solve(load("tcg-n10"), method=method, limit=None, max_nodes=40,
                   **options(method, order))
    assert result.status == "stopped" and "node budget of 40" in result.reason
    assert result.stats.nodes == 40


@pytest.mark.parametrize(("method", "order"), PAIRS)
def test_a_time_budget_of_zero_stops_the_run(method, order):
    result = solve(load("tcg-n10"), method=method, limit=None, time_limit=0,
                   **options(method, order))
    assert result.status == "stopped" and "time limit" in result.reason


@pytest.mark.parametrize(("method", "order"), PAIRS)
@pytest.mark.parametrize("limit", [1, None])
def test_the_trace_replays_into_a_tree_with_one_state_per_node(method, order, limit):
    puzzle = several_solutions()[0]
    result = solve(puzzle, method=method, limit=limit, trace=True, **options(method, order))
    tree = search_tree(result)
    states = [n for n, o in tree.nodes(data="outcome") if o != "unexplored"]
    assert len(states) - 1 == result.stats.nodes
    assert sum(1 for _, o in tree.nodes(data="outcome") if o == "solution") == \
        len(result.solutions)


@pytest.mark.parametrize("method", sorted(METHODS))
def test_every_method_lists_its_orders_in_the_one_vocabulary(method):
    from dominosa_lab.core.options import ORDERS

    info = METHODS[method]
    assert info.orders and set(info.orders) <= set(ORDERS)
    assert info.default_order == info.orders[0] and info.source and info.summary
