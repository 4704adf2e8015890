"""Exact tiling counts, Kasteleyn's formula, enumeration and the schema census."""

import math
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import Puzzle, PuzzleError, load, solve
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.tilings import (
    board_mask,
    count_tilings,
    iter_tilings,
    kasteleyn_count,
    schema_census,
)

# OEIS A004003: tilings of the 2n x 2n square, n = 0..8.
SQUARES = [1, 2, 36, 6728, 12988816, 258584046368, 53060477521960000,
           112202208776036178000000, 2444888770250892795802079170816]

masks = st.integers(1, 5).flatmap(
    lambda rows: st.integers(1, 5).flatmap(
        lambda cols: st.lists(
            st.lists(st.booleans(), min_size=cols, max_size=cols), min_size=rows, max_size=rows
        )
    )
)


def test_8x8_board_has_12988816_tilings():
    assert count_tilings((8, 8)) == 12_988_816


def test_square_counts_match_oeis_a004003():
    assert [count_tilings((2 * n, 2 * n)) for n in range(9)] == SQUARES


def test_count_equals_kasteleyn_formula_on_every_small_rectangle():
    for m in range(11):
        for n in range(11):
            assert count_tilings((m, n)) == kasteleyn_count(m, n), (m, n)


def test_kasteleyn_formula_agrees_with_its_floating_point_product():
    for m, n in [(6, 9), (10, 11), (16, 17), (31, 32)]:
        terms = (
            4 * math.cos(math.pi * j / (m + 1)) ** 2 + 4 * math.cos(math.pi * k / (n + 1)) ** 2
            for j in range(1, (m + 1) // 2 + 1)
            for k in range(1, (n + 1) // 2 + 1)
        )
        log_float = sum(math.log(t) for t in terms)
        assert math.log(kasteleyn_count(m, n)) == pytest.approx(log_float, rel=1e-12)


def test_homework_claim_for_10x11_is_right_about_10_to_the_12():
    count = count_tilings((10, 11))
    assert count == kasteleyn_count(10, 11) == 3_852_472_573_499
    assert math.floor(math.log10(count)) == 12


def test_homework_claim_for_n15_is_14_orders_of_magnitude_too_small():
    count = count_tilings((16, 17))
    assert count == kasteleyn_count(16, 17) == 208_052_155_041_922_480_659_382_281_038_017
    assert math.floor(math.log10(count)) == 32  # the homework says 10**18


def test_width_16_rectangle_is_counted_exactly_beyond_64_bits():
    assert count_tilings((16, 24)) == kasteleyn_count(16, 24) > 2**64


def test_odd_board_has_no_tiling_and_empty_board_has_one():
    assert count_tilings((3, 5)) == 0 == kasteleyn_count(3, 5)
    assert count_tilings((0, 4)) == 1 == kasteleyn_count(0, 4)


def test_count_on_a_ring_with_a_hole():
    ring = [[1, 1, 1], [1, None, 1], [1, 1, 1]]
    assert count_tilings(ring) == 2


@settings(max_examples=60, deadline=None)
@given(masks)
def test_count_equals_enumeration_on_boards_with_gaps(mask):
    assert count_tilings(mask) == len(list(iter_tilings(mask)))


@settings(max_examples=40, deadline=None)
@given(masks)
def test_count_does_not_depend_on_orientation(mask):
    arr = np.array(mask, dtype=bool)
    assert count_tilings(arr) == count_tilings(arr.T) == count_tilings(arr[::-1])


def test_every_enumerated_tiling_covers_each_cell_once():
    mask = [[True, True, True, True], [True, False, False, True], [True, True, True, True]]
    cells = {(r, c) for r in range(3) for c in range(4) if mask[r][c]}
    tilings = list(iter_tilings(mask))
    assert len(set(tilings)) == len(tilings) == count_tilings(mask)
    for tiling in tilings:
        covered = [cell for pl in tiling for cell in pl.cells]
        assert sorted(covered) == sorted(cells)


def test_enumeration_reports_to_the_search():
    search = Search()
    tilings = list(iter_tilings((4, 4), search=search))
    assert search.stats.solutions == len(tilings) == 36
    assert search.stats.max_depth == 8
    assert search.stats.nodes >= 8


def test_enumeration_honours_the_node_budget():
    with pytest.raises(SearchStopped):
        list(iter_tilings((6, 6), search=Search(max_nodes=50)))


def test_puzzle_boards_are_counted_ignoring_numbers():
    p = load("mikefc-small")
    assert count_tilings(p) == count_tilings(p.shape)


@pytest.mark.parametrize(
    "board, words",
    [
        ((-1, 4), "non-negative"),
        ([[1, 2], [3]], "ragged"),
        ([[1, "x"]], "row 0, column 1"),
        ([[True, 1]], "mixes booleans"),
        ("1 2\n3 4", "not a string"),
        (np.ones((2, 2, 2), dtype=bool), "2-D"),
        (5, "shape (rows, cols)"),
    ],
)
def test_malformed_boards_are_refused_with_the_reason(board, words):
    with pytest.raises(PuzzleError, match=words.replace("(", r"\(").replace(")", r"\)")):
        board_mask(board)


def test_too_wide_a_board_is_refused_naming_the_limit():
    with pytest.raises(PuzzleError, match="at most 22"):
        count_tilings((23, 30))


def test_kasteleyn_refuses_negative_sides():
    with pytest.raises(PuzzleError, match="non-negative"):
        kasteleyn_count(-2, 3)


def _balanced_grids(board):
    """Every double-1 grid on ``board`` (a mask): 0 and 1 three times each."""
    cells = [(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v]
    for ones in combinations(cells, 3):
        yield [
            [None if not v else int((r, c) in ones) for c, v in enumerate(row)]
            for r, row in enumerate(board)
        ]


@pytest.mark.parametrize(
    "board", [[[True] * 3] * 2, [[True, True, False], [True, True, True], [False, False, True]]]
)
def test_schema_census_pairs_equal_solutions_summed_over_all_grids(board):
    census = schema_census(1, board)
    total = sum(
        len(solve(Puzzle(rows, max_pip=1), limit=None).solutions) for rows in _balanced_grids(board)
    )
    assert census.pairs == total


def test_schema_census_of_the_default_double_2_board():
    census = schema_census(2)
    assert (census.shape, census.schemas, census.dominoes) == ((3, 4), 11, 6)
    assert census.labellings == math.factorial(6) * 2**3


def test_schema_census_refuses_a_board_of_the_wrong_size():
    with pytest.raises(PuzzleError, match="covers 12 cells"):
        schema_census(2, (2, 5))
    with pytest.raises(PuzzleError, match="non-negative"):
        schema_census(-1)
