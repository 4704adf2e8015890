"""collision: the brute force, counted on prefixes with numpy and run whole under a budget."""

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import ArgumentError, load, solve
from dominosa_lab.solvers import collision
from dominosa_lab.solvers.odometer import ordered_candidates
from tests.strategies import boards

M9 = load("caviness-m9")


def test_first_three_m9_dominoes_give_42_combinations_19_without_conflict():
    count = collision.prefix(M9, 3)
    assert count.dominoes == ((0, 0), (0, 1), (0, 2))
    assert (count.combinations, count.survivors, count.complete) == (42, 19, True)


def test_first_thirteen_m9_dominoes_give_653184_combinations_4_without_conflict():
    count = collision.prefix(M9, 13)
    assert (count.combinations, count.survivors, count.complete) == (653_184, 4, True)


def test_the_whole_m9_product_is_the_product_of_the_option_counts():
    count = collision.prefix(M9, 28, time_limit=0.05)
    assert count.combinations == math.prod(count.options) == 20_316_635_136_000
    assert not count.complete and 0 < count.examined < count.combinations


def test_the_m9_solution_is_among_the_survivors_of_its_first_thirteen_dominoes():
    answer = solve(M9, method="human").solution.dominoes()
    first13 = tuple(answer[d] for d in M9.dominoes[:13])
    assert first13 in set(collision.survivors(M9, 13))


def _brute(puzzle, k, order):
    """The article's Outer and Select, literally."""
    _, places = ordered_candidates(puzzle, order)
    combos = list(itertools.product(*places[:k]))
    fine = [c for c in combos if len({x for pl in c for x in pl.cells}) == 2 * k]
    return len(combos), fine


@settings(max_examples=30, deadline=None)
@given(boards(max_n=3), st.integers(0, 10), st.sampled_from(["pile", "fewest"]),
       st.integers(1, 50))
def test_prefix_counts_what_outer_and_select_count(board, k, order, block):
    puzzle, _ = board
    k = min(k, len(puzzle.dominoes))
    combos, fine = _brute(puzzle, k, order)
    count = collision.prefix(puzzle, k, order=order, block=block)
    assert (count.combinations, count.examined, count.survivors) == (combos, combos, len(fine))
    assert sorted(collision.survivors(puzzle, k, order)) == sorted(fine)


@settings(max_examples=25, deadline=None)
@given(boards(max_n=4))
def test_survivors_of_the_whole_product_are_the_solutions(board):
    puzzle, planted = board
    found = {tuple(sorted(c)) for c in collision.survivors(puzzle)}
    assert planted.placements in found
    assert found == {s.placements for s in solve(puzzle, method="rowscan", limit=None).solutions}


def test_the_method_on_m9_stops_cleanly_at_its_budget():
    result = solve(M9, method="collision", limit=None, max_nodes=20_000)
    assert result.status == "stopped" and result.stats.nodes == 20_000
    assert result.solutions == [] and "budget" in result.reason


def test_every_combination_of_a_full_product_is_a_node_path():
    p = load("mikefc-small")
    result = solve(p, method="collision", limit=None)
    _, places = ordered_candidates(p, "pile")
    sizes = [len(x) for x in places]
    tree = sum(math.prod(sizes[:j + 1]) for j in range(len(sizes)))
    assert result.stats.nodes == tree


def test_a_prefix_longer_than_the_pile_is_refused():
    with pytest.raises(ArgumentError, match="k must be between 0 and 28"):
        collision.prefix(M9, 29)


def test_the_empty_prefix_is_one_combination():
    count = collision.prefix(M9, 0)
    assert (count.combinations, count.survivors) == (1, 1)
