"""draw_step: what a deduction read, ruled out and placed, drawn on its board."""

import pytest
from matplotlib.colors import to_rgba

from dominosa_lab import from_tatham
from dominosa_lab.draw.board import check_color
from dominosa_lab.draw.step import PLACED_COLOR, READ_COLOR, RULED_COLOR, draw_step
from dominosa_lab.draw.theme import theme
from dominosa_lab.errors import ArgumentError
from dominosa_lab.logic import State, domino_must_overlap, domino_single_placement

BOARD = from_tatham("3:00033121123313202210")


def _patches(ax, color):
    return [p for p in ax.patches if p.get_facecolor() == to_rgba(color)]


def test_the_cells_read_are_shaded_and_each_placement_ruled_out_crossed():
    step = next(domino_must_overlap(State(BOARD)))
    ax = draw_step(step)
    assert len(_patches(ax, READ_COLOR)) == len(step.cells)
    red = [line for line in ax.lines if line.get_color() == RULED_COLOR]
    assert len(red) == 3 * len(step.ruled_out)  # a bar and the two strokes of an x each


def test_a_placement_found_is_outlined_in_green():
    step = next(domino_single_placement(State(from_tatham("3:02113312013003232012"))))
    ax = draw_step(step, caption=False)
    assert [p for p in ax.patches if p.get_edgecolor() == to_rgba(PLACED_COLOR)]


def test_the_caption_is_the_steps_sentence():
    step = next(domino_must_overlap(State(BOARD)))
    ax = draw_step(step, width=1000)
    assert step.text in [t.get_text() for t in ax.texts]


def test_dominoes_placed_before_are_outlined():
    state = State(BOARD)
    step = next(domino_must_overlap(state))
    before = len(draw_step(step, caption=False).patches)
    assert len(draw_step(step, state.geometry.placements[:2], caption=False).patches) == before + 2


def test_bars_and_crosses_stay_solid_under_the_theme():
    step = next(domino_must_overlap(State(BOARD)))
    with theme():
        ax = draw_step(step, caption=False, coordinates=True)
    assert ax.lines and {line.get_linestyle() for line in ax.lines} == {"-"}


def test_a_colour_with_a_number_too_large_for_a_float_is_refused_by_name():
    with pytest.raises(ArgumentError, match="tile_color must be a matplotlib colour"):
        check_color("tile_color", [0, 0, 10**400])
