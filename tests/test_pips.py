"""Pip layouts: the article's double-9 matrices, double-12 faces, pips drawn on placed dominoes."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.patches import Circle

from dominosa_lab import ArgumentError, Placement, Puzzle, Solution, load, solve
from dominosa_lab.draw import draw_puzzle
from dominosa_lab.draw.pips import ARTICLE_MATRICES, MAX_PIPS, has_layout, layout


@pytest.mark.parametrize("n", range(MAX_PIPS + 1))
def test_face_n_has_n_distinct_pips_inside_the_cell(n):
    spots = layout(n)
    assert len(spots) == n == len(set(spots))
    assert all(0 < x < 1 and 0 < y < 1 for x, y in spots)


def test_the_article_matrices_are_zero_one_3x3_with_n_ones():
    for n, matrix in ARTICLE_MATRICES.items():
        assert matrix.shape == (3, 3) and set(np.unique(matrix)) <= {0, 1}
        assert matrix.sum() == n


def test_faces_are_symmetric_under_a_half_turn_as_on_real_dominoes():
    for n in range(MAX_PIPS + 1):
        spots = {(round(x, 9), round(y, 9)) for x, y in layout(n)}
        assert spots == {(round(1 - x, 9), round(1 - y, 9)) for x, y in spots}


def test_beyond_twelve_there_is_no_layout():
    assert not has_layout(13)
    with pytest.raises(ArgumentError, match=r"n must be a number of pips from 0 to 12.*got 13"):
        layout(13)


def _circles(ax):
    return sum(isinstance(p, Circle) for p in ax.patches)


def test_pips_replace_numbers_only_on_placed_dominoes():
    p = load("mikefc-small")
    first = Placement((0, 0), (0, 1))
    ax = draw_puzzle(p, [first], pips=True)
    assert _circles(ax) == p.value((0, 0)) + p.value((0, 1))
    assert len(ax.texts) == len(p.cells) - 2
    plt.close("all")


def test_a_solved_board_shows_every_pip_of_the_set():
    p = load("caviness-m9")
    ax = draw_puzzle(p, solve(p, method="human").solution, pips=True)
    assert _circles(ax) == sum(lo + hi for lo, hi in p.dominoes) and not ax.texts
    plt.close("all")


def test_numbers_above_twelve_fall_back_to_text():
    n = 13
    dominoes = [(lo, hi) for lo in range(n + 1) for hi in range(lo, n + 1)]
    rows = [[0] * (n + 2) for _ in range(n + 1)]  # columns of vertical dominoes
    placements = []
    for i, (lo, hi) in enumerate(dominoes):
        r, c = 2 * (i % ((n + 1) // 2)), i // ((n + 1) // 2)
        rows[r][c], rows[r + 1][c] = lo, hi
        placements.append(Placement((r, c), (r + 1, c)))
    p = Puzzle(rows)
    ax = draw_puzzle(p, Solution(p, placements), pips=True)
    assert len(ax.texts) == sum(v == n for row in rows for v in row) == n + 2
    assert _circles(ax) == sum(v for row in rows for v in row if v < n)
    plt.close("all")
