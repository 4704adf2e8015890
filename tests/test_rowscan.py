"""rowscan: the R blog's method, faithful in its order, without its flaws."""

import random
import sys

from dominosa_lab import load, solve
from dominosa_lab.formats import parse_matrix, to_matrix
from tests.strategies import planted_board

# The matrix printed in the R blog (seed 000) for its small puzzle.
PUBLISHED_SMALL = """
   row col direction
00   2   1         1
01   4   1         0
02   1   3         1
03   4   4         0
11   1   4         0
12   3   3         1
13   3   4         0
22   2   4         0
23   1   1         0
33   2   2         1
"""


def test_small_puzzle_matches_the_published_matrix_cell_for_cell():
    result = solve(load("mikefc-small"), method="rowscan")
    assert to_matrix(result.solution) == parse_matrix(PUBLISHED_SMALL)


def test_large_puzzle_is_solved_validly():
    p = load("mikefc-large")
    result = solve(p, method="rowscan")
    assert result.status == "solved" and result.solution.is_valid(p)


def test_nodes_are_the_placements_and_backtracks_the_rest():
    result = solve(load("mikefc-small"), method="rowscan")
    assert result.stats.nodes - result.stats.backtracks == 10  # the 10 dominoes that stayed


def test_horizontal_is_tried_before_vertical():
    result = solve(load("mikefc-small"), method="rowscan", trace=True)
    first = next(e for e in result.trace if e.kind == "place")
    assert first.kind == "place" and first.item.horizontal and first.item.a == (0, 0)


def test_search_depth_is_not_bounded_by_the_recursion_limit():
    puzzle, _ = planted_board(20, random.Random(1))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(80)
    try:
        result = solve(puzzle, method="rowscan", max_nodes=100_000)
    finally:
        sys.setrecursionlimit(limit)
    assert result.stats.max_depth > 80


