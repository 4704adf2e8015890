"""Where the solutions of a board differ: fixed placements, blocks, the count as a product."""

from math import prod

import pytest
from hypothesis import given, settings

from dominosa_lab import ArgumentError, load, random_puzzle, solve
from dominosa_lab.solvers import solution_blocks
from tests.strategies import boards


def test_the_homework_board_has_four_independent_blocks_of_two_ways_each():
    every = solve(load("tcg-n10"), limit=None).solutions
    found = solution_blocks(every)
    assert [(len(b.cells), len(b.layouts)) for b in found.blocks] == [(4, 2)] * 4
    assert found.combinations == found.solutions == 16 and found.independent


def test_each_block_of_the_homework_board_is_a_2x2_square_laid_across_or_down():
    for block in solution_blocks(solve(load("tcg-n10"), limit=None).solutions).blocks:
        rows = {r for r, _ in block.cells}
        cols = {c for _, c in block.cells}
        assert len(rows) == len(cols) == 2
        assert {frozenset(pl.horizontal for pl in layout) for layout in block.layouts} == {
            frozenset({True}), frozenset({False})}


def test_a_unique_solution_is_all_fixed_with_no_block():
    found = solution_blocks(solve(load("mikefc-large"), limit=None).solutions)
    assert found.blocks == () and len(found.fixed) == 28
    assert found.combinations == 1 and found.independent


def test_blocks_that_depend_on_each_other_give_fewer_solutions_than_combinations():
    every = solve(random_puzzle(2, seed=26).puzzle, limit=None).solutions  # 2 solutions, 2 blocks
    found = solution_blocks(every)
    assert found.solutions == 2 < found.combinations == 4 and not found.independent


@given(boards(max_n=3))
@settings(max_examples=30, deadline=None)
def test_every_solution_is_the_fixed_placements_and_one_layout_of_each_block(board):
    puzzle, _ = board
    every = solve(puzzle, limit=None).solutions
    found = solution_blocks(every)
    assert found.solutions == len(every) <= found.combinations
    assert found.combinations == prod(len(b.layouts) for b in found.blocks)
    for solution in every:
        chosen = [next(lay for lay in b.layouts if lay <= set(solution)) for b in found.blocks]
        assert set(solution) == found.fixed.union(*chosen)


def test_no_solution_or_solutions_of_two_boards_are_refused():
    with pytest.raises(ArgumentError, match="at least one solution"):
        solution_blocks([])
    two = [solve(load(name)).solution for name in ("mikefc-small", "mikefc-large")]
    with pytest.raises(ArgumentError, match="one board"):
        solution_blocks(two)
