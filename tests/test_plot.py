"""Drawings: the R blog's look, partial placements, gaps."""

import matplotlib.pyplot as plt

from dominosa_lab import Placement, Puzzle, load, random_puzzle, solve
from dominosa_lab.draw import draw_puzzle
from dominosa_lab.draw.board import (
    MANY_CELLS,
    MOST_INCHES,
    cell_inches,
    draw_puzzle_and_solution,
)


def test_board_alone_has_one_tile_and_one_number_per_cell():
    p = load("mikefc-small")
    ax = draw_puzzle(p)
    assert len(ax.patches) == 20 and len(ax.texts) == 20
    plt.close("all")


def test_each_placed_domino_adds_one_outline():
    p = load("mikefc-large")
    ax = draw_puzzle(p, solve(p, method="rowscan").solution)
    assert len(ax.patches) == 56 + 28
    plt.close("all")


def test_partial_placements_and_gaps_are_drawn():
    p = Puzzle([[0, 0, None], [1, 1, 0], [None, 1, None]], max_pip=1)
    ax = draw_puzzle(p, [Placement((0, 0), (0, 1))], numbers=False)
    assert len(ax.patches) == 6 + 1 and len(ax.texts) == 0
    plt.close("all")


def test_drawing_into_a_given_axes_returns_it():
    _, ax = plt.subplots()
    assert draw_puzzle(load("mikefc-small"), ax=ax) is ax
    plt.close("all")


def test_coordinates_number_rows_from_the_top_and_columns_from_the_left():
    p = load("mikefc-small")  # 4 rows, 5 columns
    ax = draw_puzzle(p, coordinates=True)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2", "3", "4"]
    ticks = dict(zip((t.get_text() for t in ax.get_yticklabels()), ax.get_yticks(), strict=True))
    first = ax.texts[:5]  # the numbers are drawn in reading order
    assert [t.get_text() for t in first] == [str(v) for v in p.rows[0]]
    assert {t.get_position()[1] for t in first} == {ticks["0"]} == {max(ticks.values())}
def test_highlighted_cells_get_their_own_tile_colour():
    p = load("mikefc-small")
    ax = draw_puzzle(p, highlight=[(0, 0), (1, 1)], highlight_color="#ff0000")
    red = [patch for patch in ax.patches if patch.get_facecolor()[:3] == (1.0, 0.0, 0.0)]
    assert len(red) == 2
    plt.close("all")


def test_every_cell_has_a_border_to_draw_along():
    ax = draw_puzzle(load("mikefc-small"))
    tiles = ax.patches[:20]
    assert all(t.get_edgecolor()[3] > 0 and t.get_linewidth() > 0 for t in tiles)
    assert {(t.get_width(), t.get_height()) for t in tiles} == {(1.0, 1.0)}
    plt.close("all")


def test_numbered_board_has_no_grid_lines_across_the_numbers():
    import matplotlib

    with matplotlib.rc_context({"axes.grid": True}):
        ax = draw_puzzle(load("mikefc-small"), coordinates=True)
    assert not any(line.get_visible() for line in ax.get_xgridlines() + ax.get_ygridlines())
    plt.close("all")


def test_a_large_board_is_drawn_within_the_largest_figure():
    board = random_puzzle(45, seed=0).puzzle
    fig = draw_puzzle_and_solution(board, None)
    width, height = fig.get_size_inches()
    assert max(width, height) <= MOST_INCHES + 1.5  # the boards' cells, then the margins
    assert cell_inches(2 * board.shape[1], board.shape[0]) < 0.55
    plt.close("all")


def test_a_small_board_keeps_the_default_cell():
    assert cell_inches(8, 7) == 0.55


def test_a_board_of_many_cells_draws_its_tiles_and_numbers_as_two_collections():
    board = random_puzzle(45, seed=0).puzzle
    assert len(board.cells) > MANY_CELLS
    ax = draw_puzzle(board)
    tiles, numbers = ax.collections
    assert len(tiles.get_paths()) == len(numbers.get_paths()) == len(board.cells)
    assert not ax.texts and not ax.patches
    plt.close("all")
