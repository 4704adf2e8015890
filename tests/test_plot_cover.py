"""Exact cover in one picture: the matrix drawn is the dlx formulation, the solution in green."""

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_rgba

from dominosa_lab import Puzzle, solve
from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.draw.cover import CHOSEN_COLOR, ONE_COLOR, draw_dominosa_cover, draw_exact_cover
from dominosa_lab.solvers.dlx import formulation

DOUBLE_2 = Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]])


def squares(ax, color):
    """The (row, column) of every matrix square drawn in ``color``."""
    return sorted((round(p.get_y() + 0.4), round(p.get_x() + 0.4)) for p in ax.patches
                  if p.get_width() == pytest.approx(0.8) and p.get_facecolor() == to_rgba(color))


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_every_one_of_the_matrix_is_a_square():
    ec = ExactCover(3, 1, [[0, 1], [2, 3], [1, 2]])
    ax = draw_exact_cover(ec)
    assert squares(ax, ONE_COLOR) == [(0, 0), (0, 1), (1, 2), (1, 3), (2, 1), (2, 2)]


def test_chosen_rows_are_drawn_green():
    ec = ExactCover(3, 0, [[0, 1], [2], [1, 2]])
    ax = draw_exact_cover(ec, chosen=[0, 1])
    assert squares(ax, CHOSEN_COLOR) == [(0, 0), (0, 1), (1, 2)]
    assert squares(ax, ONE_COLOR) == [(2, 1), (2, 2)]


def test_dominosa_matrix_has_a_row_per_placement_and_a_column_per_cell_and_domino():
    ax = draw_dominosa_cover(DOUBLE_2)
    rows = [t.get_text() for t in ax.get_yticklabels()]
    cols = [t.get_text() for t in ax.get_xticklabels()]
    assert len(rows) == 2 * 3 * 4 - 3 - 4
    assert cols[:2] == ["r0c0", "r0c1"] and cols[12:] == ["00", "01", "02", "11", "12", "22"]
    assert rows[0] == "02→ at (0, 0)"


def test_a_solution_covers_every_column_of_its_matrix_exactly_once():
    solution = solve(DOUBLE_2, method="dlx").solution
    ax = draw_dominosa_cover(DOUBLE_2, solution)
    green = squares(ax, CHOSEN_COLOR)
    assert sorted(col for _, col in green) == list(range(formulation(DOUBLE_2).n_items))
    assert len({row for row, _ in green}) == len(solution)
