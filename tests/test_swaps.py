"""Darby's swaps: new boards from a solved one."""

import numpy as np
import pytest

from dominosa_lab import Puzzle, PuzzleError, load, solve
from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.boards.swaps import (
    random_cell_swap,
    random_domino_swap,
    swap_cells,
    swap_dominoes,
)

LARGE = load("mikefc-large")
SOLUTION = solve(LARGE).solution


@pytest.mark.parametrize("seed", range(10))
def test_a_domino_swap_keeps_the_tiling_a_solution_of_the_new_board(seed):
    swapped = random_domino_swap(SOLUTION, np.random.default_rng(seed))
    assert swapped.is_valid()
    assert swapped.placements == SOLUTION.placements
    assert solve(swapped.puzzle).status == "solved"


def test_a_domino_swap_moves_both_dominoes():
    first, second = SOLUTION.placements[:2]
    swapped = swap_dominoes(SOLUTION, first, second)
    assert swapped.puzzle.domino_of(first) == LARGE.domino_of(second)
    assert swapped.puzzle.domino_of(second) == LARGE.domino_of(first)


def test_flipping_a_domino_in_place_turns_its_numbers_round():
    pl = next(p for p in SOLUTION.placements if LARGE.value(p.a) != LARGE.value(p.b))
    turned = swap_dominoes(SOLUTION, pl, pl, flip=True).puzzle
    assert (turned.value(pl.a), turned.value(pl.b)) == (LARGE.value(pl.b), LARGE.value(pl.a))


def test_only_dominoes_of_the_solution_can_be_swapped():
    outside = next(p for p in LARGE.placements() if p not in SOLUTION.placements)
    with pytest.raises(PuzzleError, match="not a domino of the solution"):
        swap_dominoes(SOLUTION, SOLUTION.placements[0], outside)


def test_a_cell_swap_keeps_the_number_counts():
    swapped = swap_cells(LARGE, (0, 0), (0, 2))
    assert swapped.value((0, 0)) == LARGE.value((0, 2))
    assert sorted(v for row in swapped.rows for v in row) == sorted(
        v for row in LARGE.rows for v in row)


def test_some_cell_swap_leaves_a_board_with_no_solution():
    rng = np.random.default_rng(0)
    statuses = {solve(random_cell_swap(LARGE, rng)).status for _ in range(20)}
    assert "no_solution" in statuses


def test_a_random_cell_swap_exchanges_two_different_numbers():
    swapped = random_cell_swap(LARGE, np.random.default_rng(1))
    changed = [c for c in LARGE.cells if swapped.value(c) != LARGE.value(c)]
    assert len(changed) == 2


def test_a_board_of_one_number_has_no_cell_swap():
    with pytest.raises(PuzzleError, match="same number"):
        random_cell_swap(Puzzle([[0, 0]]), np.random.default_rng(0))


def test_swaps_work_on_generated_boards_too():
    puzzle, planted = random_puzzle(5, seed=3)
    swapped = random_domino_swap(planted, np.random.default_rng(3))
    assert swapped.is_valid() and swapped.puzzle != puzzle
    assert swapped.placements == planted.placements
