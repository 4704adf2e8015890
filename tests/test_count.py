"""Counting by components (the engine's counter, and Dominosa's on it) equals counting by
enumeration."""

from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import Puzzle, count_solutions, random_puzzle
from dominosa_lab.boards import swap_cells
from dominosa_lab.boards.shuffled import shuffled_puzzle
from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.puzzle import bone_pile
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine import count as count_module
from dominosa_lab.solvers.engine.count import count_covers
from dominosa_lab.solvers.engine.relax import fractional_cover_exists
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import from_exact_cover
from dominosa_lab.solvers.fast.count import count_puzzle
from dominosa_lab.tilings.count import count_tilings
from dominosa_lab.tilings.sample import uniform_tiling
from tests.strategies import boards


def enumerated(puzzle: Puzzle) -> int:
    """The number of solutions dancing links lists one by one."""
    return int(count_solutions(puzzle, method="dlx"))


def counted(puzzle: Puzzle) -> int:
    """The number of solutions counted by components."""
    return count_puzzle(puzzle, Search()).count


def exact_cover(n_primary: int, n_secondary: int, options: list[list[int]]) -> ExactCover:
    """An exact-cover problem of the drawn options: each option's first item made primary."""
    n_items = n_primary + n_secondary
    return ExactCover(n_primary, n_secondary,
                      [sorted({o[0] % n_primary, *(i % n_items for i in o[1:])}) for o in options])


#: Small exact-cover problems with primary and secondary items (:func:`exact_cover`).
EXACT_COVERS = st.builds(
    exact_cover, st.integers(1, 6), st.integers(0, 3),
    st.lists(st.lists(st.integers(0, 8), min_size=1, max_size=3, unique=True),
             min_size=1, max_size=12))


def listed(problem: ExactCover) -> int:
    """The number of covers dancing links lists one by one."""
    return sum(1 for _ in problem.solve())


def gapped_board(n: int, seed: int) -> Puzzle:
    """A random double-n board with gaps: a uniform tiling of a wider rectangle with dominoes
    dropped until (n+1)(n+2) cells are left, and a random puzzle on those cells."""
    rng = np.random.default_rng(seed)
    tiling = uniform_tiling(np.ones((n + 1, n + 4), bool), rng)
    mask = np.zeros((n + 1, n + 4), bool)
    for k in rng.permutation(len(tiling))[:len(bone_pile(n))]:
        for r, c in tiling[k].cells:
            mask[r, c] = True
    return random_puzzle(n, seed=seed, shape=mask).puzzle


@settings(max_examples=60)
@given(boards(min_n=0, max_n=6))
def test_counts_planted_boards_as_enumeration_does(board):
    puzzle, _ = board
    assert counted(puzzle) == enumerated(puzzle)


@settings(max_examples=40)
@given(st.integers(0, 5), st.integers(0, 10_000))
def test_counts_shuffled_boards_as_enumeration_does(n, seed):
    puzzle = shuffled_puzzle(n, seed=seed)
    assert counted(puzzle) == enumerated(puzzle)


@settings(max_examples=40)
@given(st.integers(1, 5), st.integers(0, 10_000))
def test_counts_boards_with_gaps_as_enumeration_does(n, seed):
    puzzle = gapped_board(n, seed)
    assert any(None in row for row in puzzle.rows)
    assert counted(puzzle) == enumerated(puzzle)


@pytest.mark.parametrize("n, seed", [(12, 1), (14, 3), (16, 0)])
def test_counts_larger_planted_boards_as_enumeration_does(n, seed):
    puzzle = random_puzzle(n, seed=seed).puzzle
    assert counted(puzzle) == enumerated(puzzle)


def _boards_up_to_renaming(n: int):
    """Every (n+1) x (n+2) board of the double-n numbers whose numbers first appear in the
    order 0, 1, ..., n (one board of each class under renaming the numbers, each of n + 1
    factorial boards)."""
    size = (n + 1) * (n + 2)

    def fill(prefix: list[int], left: list[int]):
        if len(prefix) == size:
            yield [prefix[r * (n + 2):(r + 1) * (n + 2)] for r in range(n + 1)]
            return
        fresh = max(prefix, default=-1) + 1
        for v in range(min(fresh, n) + 1):
            if left[v]:
                left[v] -= 1
                yield from fill([*prefix, v], left)
                left[v] += 1

    yield from fill([], [n + 2] * (n + 1))


@pytest.mark.parametrize("n, boards_total, solutions_total", [(1, 20, 36), (2, 34_650, 63_360)])
def test_counts_of_all_boards_sum_to_tilings_times_orderings_times_turnings(
        n, boards_total, solutions_total):
    renamings = len(list(permutations(range(n + 1))))
    classes = list(_boards_up_to_renaming(n))
    total = sum(counted(Puzzle(rows, max_pip=n)) for rows in classes) * renamings
    dominoes = len(bone_pile(n))
    closed_form = count_tilings((n + 1, n + 2)) * len(list(permutations(range(dominoes)))) \
        * 2 ** (dominoes - (n + 1))
    assert len(classes) * renamings == boards_total
    assert total == closed_form == solutions_total


@settings(max_examples=60)
@given(EXACT_COVERS)
def test_counts_any_exact_cover_as_dancing_links_does(problem):
    assert count_covers(from_exact_cover(problem), Search()).count == listed(problem)


@settings(max_examples=60)
@given(EXACT_COVERS)
def test_counts_any_exact_cover_with_the_held_options_forced_first_as_dancing_links_does(problem):
    assert count_covers(from_exact_cover(problem), Search(), check_min=0).count == listed(problem)


def test_a_count_is_exact_beyond_64_bits():
    pairs = [o for i in range(0, 140, 2) for o in ([i, i + 1], [i], [i + 1])]
    assert count_covers(from_exact_cover(ExactCover(140, 0, pairs)), Search()).count == 2 ** 70


def test_count_solutions_without_limit_counts_by_components():
    puzzle = random_puzzle(25, seed=4).puzzle
    count = count_solutions(puzzle)
    assert (count, count.status, count.stats.solutions) == (147_456, "solved", 147_456)


def test_count_solutions_with_a_limit_stops_there():
    assert count_solutions(random_puzzle(25, seed=4).puzzle, limit=10) == 10


def test_a_node_budget_stops_a_count_with_a_lower_bound():
    count = count_solutions(random_puzzle(25, seed=4).puzzle, max_nodes=50)
    assert (count, count.status, count.exact) == (0, "stopped", False)
    assert "node budget" in count.reason


def test_a_spent_node_budget_raises_search_stopped_from_the_counter():
    with pytest.raises(SearchStopped):
        count_puzzle(random_puzzle(25, seed=4).puzzle, Search(max_nodes=50))


def test_a_board_without_solution_counts_zero():
    count = count_solutions(Puzzle([[1, 0, 1], [0, 1, 0]]))
    assert (count, count.status) == (0, "no_solution")


def test_a_component_met_again_is_read_from_the_cache_and_the_count_stays_exact():
    puzzle = random_puzzle(6, seed=0).puzzle
    result = count_puzzle(puzzle, Search())
    assert result.cache_hits > 0 and result.count == enumerated(puzzle)


@settings(max_examples=30)
@given(boards(min_n=2, max_n=6))
def test_counts_with_the_learning_check_in_every_component_as_enumeration_does(board):
    puzzle, _ = board
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(count_module, "SETTINGS", SETTINGS._replace(check_min_options=0))
        assert counted(puzzle) == enumerated(puzzle)


@pytest.mark.parametrize("seed", [3, 4])
def test_the_learning_check_changes_no_count_of_a_large_board(seed):
    puzzle = random_puzzle(25, seed=seed).puzzle
    with_check = count_puzzle(puzzle, Search())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(count_module, "SETTINGS", SETTINGS._replace(check_min_options=10**9))
        without = count_puzzle(puzzle, Search())
    assert with_check.checks > 0 and without.checks == 0
    assert with_check.count == without.count


@settings(max_examples=60)
@given(EXACT_COVERS)
def test_counts_any_exact_cover_with_every_check_asking_the_relaxation_as_dancing_links_does(
        problem):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(count_module, "SETTINGS", SETTINGS._replace(relax_conflicts=0,
                                                                  backbone_conflicts=0,
                                                                  handover_conflicts=0))
        count = count_covers(from_exact_cover(problem), Search(), check_min=0).count
    assert count == listed(problem)


@pytest.mark.parametrize("seed", [3, 4])
def test_the_relaxation_changes_no_count_of_a_large_board(seed):
    puzzle = random_puzzle(25, seed=seed).puzzle
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(count_module, "SETTINGS", SETTINGS._replace(relax_conflicts=0,
                                                                  backbone_conflicts=0,
                                                                  handover_conflicts=0))
        relaxed = count_puzzle(puzzle, Search())
    assert relaxed.count == count_puzzle(puzzle, Search()).count


def test_before_any_cover_is_known_a_count_asks_the_relaxation_as_solve_does(monkeypatch):
    asked = []

    def spy(*args, whole=False, **kwargs):
        asked.append(whole)
        return fractional_cover_exists(*args, whole=whole, **kwargs)

    monkeypatch.setattr(count_module, "SETTINGS", SETTINGS._replace(handover_conflicts=0))
    monkeypatch.setattr(count_module, "fractional_cover_exists", spy)
    board = swap_cells(random_puzzle(40, seed=1).puzzle, (20, 40), (11, 2))
    assert count_puzzle(board, Search(), check_min=0).count == 0
    assert asked[:1] == [True]
