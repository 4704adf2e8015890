"""The first solution of a small board in one compiled call (``fast.first``) answers as the
engine's ordinary path does: the same solutions, the same counters, whatever is asked after
it; and it leaves to that path every board and search it does not serve."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import Puzzle, load, random_puzzle, solve
from dominosa_lab.core.search import Search
from dominosa_lab.solvers import fast
from dominosa_lab.solvers.fast import first
from dominosa_lab.solvers.fast.dominosa import DominosaCover
from dominosa_lab.solvers.fast.settings import SETTINGS

ORDINARY = SETTINGS._replace(first_cover_max_placements=0)
#: A board without solution, found so at level 0.
DEAD = [[1, 0, 1], [0, 1, 0]]


def answer(rows, ordinary: bool, **kwargs):
    """``solve(rows, **kwargs)`` by the default method, by the ordinary path alone or not: its
    status, solutions and counters (the clock's seconds left out)."""
    with pytest.MonkeyPatch.context() as patch:
        if ordinary:
            patch.setattr(first, "SETTINGS", ORDINARY)
        result = solve(rows, **kwargs)
    stats = result.stats
    return (result.status, [s.placements for s in result.solutions], stats.nodes,
            stats.backtracks, stats.max_depth, stats.solutions, dict(stats.branching))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 9), seed=st.integers(0, 10_000), limit=st.sampled_from([1, 2, None]))
def test_the_one_call_answers_as_the_ordinary_path_does(n, seed, limit):
    rows = random_puzzle(n, seed=seed).puzzle.rows
    assert answer(rows, False, limit=limit) == \
        answer(rows, True, limit=limit)


@pytest.mark.parametrize("rows", [DEAD, load("tcg-n10").rows,
                                  load("mikefc-small").rows])
def test_the_one_call_answers_a_board_without_solution_or_with_many_as_the_ordinary_path(
        rows):
    assert answer(rows, False, limit=None) == \
        answer(rows, True, limit=None)


def test_a_board_whose_search_finds_no_solution_is_answered_as_the_ordinary_path_does(
        monkeypatch):
    rows = [list(row) for row in random_puzzle(6, seed=8).puzzle.rows]
    rows[1][1], rows[5][6] = rows[5][6], rows[1][1]  # two numbers exchanged: no solution
    monkeypatch.setattr(fast, "SETTINGS", SETTINGS._replace(probe_max_placements=0))
    one_call = answer(rows, False)
    assert one_call[0] == "no_solution" and one_call[2] > 0  # found so by the search
    assert one_call == answer(rows, True)


def test_a_node_budget_stops_the_search_where_the_ordinary_path_stops_it():
    rows = random_puzzle(8, seed=4).puzzle.rows
    assert answer(rows, False, max_nodes=5) == \
        answer(rows, True, max_nodes=5)


def test_the_one_call_settles_a_small_board_and_reports_its_counters():
    board = DominosaCover(random_puzzle(6, seed=1).puzzle)
    search = Search()
    cover = first.first_cover(board, search, probe=True)
    assert cover is not None and cover.size == 28 and search.stats.nodes >= 28


def test_a_traced_search_a_search_for_two_or_a_board_above_the_bound_goes_the_ordinary_path(
        monkeypatch):
    board = DominosaCover(random_puzzle(6, seed=1).puzzle)
    assert first.first_cover(board, Search(trace=True), probe=True) is None
    assert first.first_cover(board, Search(wanted=2), probe=True) is None
    monkeypatch.setattr(first, "SETTINGS", SETTINGS._replace(first_cover_max_placements=10))
    assert first.first_cover(board, Search(), probe=True) is None


def test_a_board_that_level_0_refutes_goes_the_ordinary_path():
    assert first.first_cover(DominosaCover(Puzzle(DEAD)), Search(), probe=True) is None


def test_the_method_skips_the_first_solution_when_the_ordinary_path_retraces_it():
    result = solve(load("tcg-n10"), method="fast", limit=None)
    covers = {tuple(s.placements) for s in result.solutions}
    assert len(covers) == len(result.solutions) == 16
    assert np.all([s.is_valid() for s in result.solutions])
    assert fast.SETTINGS.first_cover_max_placements >= DominosaCover(load("tcg-n10")).pairs.shape[0]
