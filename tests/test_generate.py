"""random_puzzle: seeded, valid planted solution, any board shape, clear errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import ArgumentError, DominosaError, Placement, PuzzleError, load, to_tatham
from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.tilings import board_mask
from dominosa_lab.tilings.sample import checked_tiling

# A 6 x 8 board with six gaps: 42 cells, a double-5 set.
GAPPY = [[1] * 8 for _ in range(6)]
for r, c in [(0, 0), (0, 1), (3, 3), (4, 3), (5, 6), (5, 7)]:
    GAPPY[r][c] = None
GAPPY_44 = [row[:] for row in GAPPY]
GAPPY_44[5][6] = GAPPY_44[5][7] = 1


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 9), st.integers(0, 2**63))
def test_same_seed_gives_the_same_puzzle_and_solution(n, seed):
    p1, s1 = random_puzzle(n, seed=seed)
    p2, s2 = random_puzzle(n, seed=seed)
    assert p1 == p2 and p1.rows == p2.rows
    assert s1.placements == s2.placements


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 12), st.integers(0, 2**63), st.sampled_from(["uniform", "flips"]))
def test_planted_solution_is_valid(n, seed, tiling):
    puzzle, solution = random_puzzle(n, seed=seed, tiling=tiling)
    assert puzzle.shape == (n + 1, n + 2) and puzzle.max_pip == n
    assert solution.is_valid(puzzle)


def test_the_result_is_a_named_pair_of_puzzle_and_planted_solution():
    planted = random_puzzle(3, seed=1)
    assert planted == (planted.puzzle, planted.solution)
    assert planted[0] is planted.puzzle and planted[1] is planted.solution


def test_a_seed_names_one_puzzle_on_every_machine():
    puzzle, _ = random_puzzle(4, seed=2021)
    assert to_tatham(puzzle) == "4:334023101021420244113443122030"


@given(st.integers(0, 6), st.integers(0, 2**32))
@settings(max_examples=20, deadline=None)
def test_a_generator_seed_draws_the_puzzle_its_integer_seed_draws(n, seed):
    drawn = random_puzzle(n, seed=np.random.default_rng(seed))
    assert drawn.puzzle == random_puzzle(n, seed=seed).puzzle
    assert drawn.puzzle.name == f"random-n{n}"


def test_a_generator_seed_advances_so_two_draws_differ():
    rng = np.random.default_rng(5)
    assert random_puzzle(8, seed=rng).puzzle != random_puzzle(8, seed=rng).puzzle


def test_different_seeds_give_different_puzzles():
    boards = {random_puzzle(10, seed=seed).puzzle.rows for seed in range(20)}
    assert len(boards) == 20


def test_n60_board_is_generated_with_its_solution():
    puzzle, solution = random_puzzle(60, seed=0)
    assert puzzle.shape == (61, 62) and len(solution) == 1891
    assert solution.is_valid(puzzle)


def test_names_say_n_seed_and_anything_not_default():
    assert random_puzzle(10, seed=3).puzzle.name == "random-n10-s3"
    assert random_puzzle(10, seed=3, shape=(11, 12)).puzzle.name == "random-n10-s3"
    assert random_puzzle(10, seed=3, shape=(12, 11)).puzzle.name == "random-n10-12x11-s3"
    assert random_puzzle(10, seed=3, tiling="flips").puzzle.name == "random-n10-flips-s3"
    name = random_puzzle(5, seed=3, shape=GAPPY).puzzle.name
    assert name.startswith("random-n5-6x8gaps") and name.endswith("-s3")


def test_boards_with_the_same_size_but_other_gaps_get_other_names():
    other = [row[:] for row in GAPPY]
    other[3][3] = other[4][3] = 1
    other[3][4] = other[4][4] = None
    gappy, other = random_puzzle(5, seed=3, shape=GAPPY), random_puzzle(5, seed=3, shape=other)
    assert gappy.puzzle.name != other.puzzle.name


@pytest.mark.parametrize(
    "shape",
    [GAPPY, board_mask(GAPPY), board_mask(GAPPY).tolist(), load("caviness-m9")],
    ids=["rows-with-None", "numpy-mask", "list-mask", "puzzle"],
)
def test_gaps_stay_gaps_however_the_board_is_given(shape):
    mask = board_mask(shape)
    n = {42: 5, 56: 6}[int(mask.sum())]
    puzzle, solution = random_puzzle(n, seed=1, shape=shape)
    assert np.array_equal(board_mask(puzzle), mask)
    assert solution.is_valid(puzzle)


def test_a_callable_sampler_is_used_and_named():
    def stripes(mask, rng):
        return [Placement((0, c), (1, c)) for c in range(mask.shape[1])]

    puzzle, solution = random_puzzle(1, seed=0, tiling=stripes)
    assert puzzle.name == "random-n1-stripes-s0"
    assert not any(pl.horizontal for pl in solution.placements) and solution.is_valid(puzzle)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"n": -1, "seed": 0}, "n must be an integer >= 0"),
        ({"n": 2.5, "seed": 0}, "n must be an integer >= 0"),
        ({"n": 3, "seed": -4}, "seed must be a non-negative integer or a numpy Generator"),
        ({"n": 3, "seed": None}, "seed must be a non-negative integer or a numpy Generator"),
        ({"n": 3, "seed": 0, "shape": (3, 7)}, "21 cells, an odd number"),
        ({"n": 3, "seed": 0, "shape": (4, 6)}, "covers 20 cells"),
        ({"n": 5, "seed": 0, "shape": GAPPY_44}, "covers 42 cells .* has 44"),
        ({"n": 3, "seed": 0, "shape": [[1, 2], [3]]}, "ragged"),
        ({"n": 3, "seed": 0, "shape": [[True, 0]]}, "mixes booleans"),
        ({"n": 3, "seed": 0, "tiling": "darby"}, "unknown tiling sampler 'darby'"),
    ],
)
def test_bad_arguments_are_refused_with_the_reason(kwargs, words):
    with pytest.raises(DominosaError, match=words):
        random_puzzle(**kwargs)


def test_a_seed_given_by_position_is_refused_naming_the_keyword():
    with pytest.raises(ArgumentError, match=r"random_puzzle\(\) takes n by position and seed, "
                       r"shape, tiling by keyword, e\.g\. random_puzzle\(n, seed=\.\.\.\)"):
        random_puzzle(3, 1)


def test_a_missing_seed_is_named():
    with pytest.raises(TypeError, match="seed"):
        random_puzzle(3)


def test_a_sampler_that_does_not_tile_the_board_is_caught():
    def overlapping(mask, rng):
        return [Placement((0, 0), (0, 1)), Placement((0, 1), (0, 2)), Placement((1, 0), (1, 1))]

    with pytest.raises(PuzzleError, match=r"covers cell \(0, 1\) twice"):
        random_puzzle(1, seed=0, tiling=overlapping)


def test_checked_tiling_names_uncovered_and_foreign_cells():
    mask = board_mask((2, 2))
    with pytest.raises(PuzzleError, match=r"2 cells uncovered, first \(1, 0\)"):
        checked_tiling(mask, [Placement((0, 0), (0, 1))])
    with pytest.raises(PuzzleError, match=r"\(0, 2\), which is not a cell"):
        checked_tiling(mask, [Placement((0, 1), (0, 2))])
