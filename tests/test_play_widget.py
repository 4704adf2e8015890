"""The ipywidgets front end, driven in code: clicks, buttons, checkbox, tables, status."""

import json
from html import escape

import pytest

from dominosa_lab import Placement, Puzzle, from_tatham, load, random_puzzle, solve, unique_puzzle
from dominosa_lab.draw.play_widget import (
    CELL_COLOR,
    HINT_COLOR,
    PLACES_COLOR,
    PLAIN_BORDER,
    READ_BORDER,
    READ_COLOR,
    SELECTED_COLOR,
    SOLUTION_BORDER,
    USER_BORDER,
    PlayWidget,
    table_html,
)
from dominosa_lab.logic.step import placement_text
from dominosa_lab.trace.play import PlayBoard

SMALL = load("mikefc-small")
LARGE = load("mikefc-large")
OVERLAP = "3:00033121123313202210"  # its first deduction is domino_must_overlap


def _sides(button):
    return [getattr(button.layout, f"border_{side}") for side in ("top", "right", "bottom", "left")]


def clicks(widget, *cells):
    for cell in cells:
        widget.cells[cell].click()


def test_every_board_cell_is_a_button_showing_its_number():
    w = PlayWidget(SMALL)
    assert set(w.cells) == set(SMALL.cells)
    assert w.cells[(1, 0)].description == "0"


def test_a_gap_is_not_a_button():
    gappy = Puzzle([[0, 0, None], [1, 1, 0], [None, 1, None]])
    assert set(PlayWidget(gappy).cells) == set(gappy.cells)


def test_first_click_selects_the_cell():
    w = PlayWidget(SMALL)
    clicks(w, (2, 2))
    assert w.selected == (2, 2)
    assert w.cells[(2, 2)].style.button_color == SELECTED_COLOR
    assert w.board.placements() == ()


def test_clicking_the_selected_cell_again_cancels():
    w = PlayWidget(SMALL)
    clicks(w, (2, 2), (2, 2))
    assert w.selected is None and w.board.placements() == ()


def test_two_adjacent_clicks_outline_a_domino_in_red():
    w = PlayWidget(SMALL)
    clicks(w, (0, 0), (0, 1))
    assert w.board.placements() == (Placement((0, 0), (0, 1)),)
    left, right = w.cells[(0, 0)].layout, w.cells[(0, 1)].layout
    assert (left.border_top, left.border_left, left.border_right) == (
        USER_BORDER, USER_BORDER, PLAIN_BORDER)
    assert (right.border_right, right.border_left) == (USER_BORDER, PLAIN_BORDER)


def test_clicking_an_outline_erases_it():
    w = PlayWidget(SMALL)
    clicks(w, (0, 0), (0, 1), (0, 1))
    assert w.board.placements() == ()
    assert w.cells[(0, 0)].layout.border_left == PLAIN_BORDER


def test_a_refused_move_is_explained_in_the_status_line():
    w = PlayWidget(SMALL)
    clicks(w, (0, 0), (2, 2))
    assert "not edge-adjacent" in w.status.value
    assert w.board.placements() == () and w.selected is None


def test_the_outlined_table_updates_after_a_move():
    w = PlayWidget(SMALL)
    before = w.tables.value
    clicks(w, (0, 0), (0, 1))
    assert w.tables.value != before
    assert w.tables.value == (table_html(w.board.drawn_counts())
                              + table_html(w.board.place_counts()))


def test_hint_button_shows_the_deductions_sentence_and_highlights_its_domino():
    w = PlayWidget(LARGE)
    w.hint_button.click()
    hint = w.board.next_hint()
    assert hint.steps[-1].sentence in w.status.value.replace("&#x27;", "'")
    for cell in hint.placement.cells:
        assert w.cells[cell].style.button_color == HINT_COLOR
    assert w.board.placements() == ()


def test_hint_button_shades_the_squares_and_dashes_the_placements_the_steps_read():
    w = PlayWidget(from_tatham(OVERLAP))  # the first step is domino_must_overlap on 0-0
    w.hint_button.click()
    hint = w.board.next_hint()
    assert hint.steps[0].deduction == "domino_must_overlap"
    shaded = {c for c, b in w.cells.items() if b.style.button_color in (READ_COLOR, HINT_COLOR)}
    assert shaded == set(hint.cells) | set(hint.placement.cells)
    assert w.dashed == tuple(pl for pl in hint.read if pl != hint.placement)
    in_one = [c for c in w.cells if sum(c in pl.cells for pl in w.dashed) == 1]
    assert in_one and all(_sides(w.cells[c]).count(READ_BORDER) == 3 for c in in_one)


def test_take_hint_button_draws_the_forced_domino_and_says_why():
    w = PlayWidget(SMALL)
    w.take_button.click()
    (placement,) = w.board.placements()
    assert w.status.value.startswith(f"<b>Drew</b>: {placement_text(placement)} is forced")


def test_why_button_then_a_click_on_an_outline_explains_it_and_keeps_it():
    w = PlayWidget(SMALL)
    w.take_button.click()
    (placement,) = w.board.placements()
    w.why_button.click()
    assert "click an outlined domino" in w.status.value
    clicks(w, placement.a)
    assert w.board.placements() == (placement,)  # answered, not erased
    assert w.status.value.startswith(
        f"<b>Why</b>: {placement_text(placement)} is forced (a hint placed ")


def test_why_on_a_free_cell_says_there_is_nothing_to_explain():
    w = PlayWidget(SMALL)
    w.why_button.click()
    clicks(w, (0, 0))
    assert "nothing to explain" in w.status.value and w.selected is None


def test_undo_button_says_what_it_took_back_and_why_it_was_there():
    w = PlayWidget(SMALL)
    w.take_button.click()
    move = w.board.history()[-1]
    w.undo_button.click()
    assert w.status.value.startswith("undone: a hint placed ")
    assert escape(move.hints[0].sentence) in w.status.value
    assert w.board.placements() == ()


def test_choosing_a_domino_marks_every_place_it_can_still_go():
    w = PlayWidget(SMALL)
    clicks(w, (0, 0), (0, 1))
    w.domino_box.value = (0, 3)
    places = w.board.places((0, 3))
    marked = {c for c, b in w.cells.items() if b.style.button_color == PLACES_COLOR}
    assert marked == {c for pl in places for c in pl.cells} and places
    assert f"0-3 can still go at {len(places)} places" in w.status.value


def test_a_click_clears_the_marks_and_the_domino_chosen():
    w = PlayWidget(SMALL)
    w.domino_box.value = (0, 3)
    clicks(w, (2, 2))
    assert w.domino_box.value is None
    assert {b.style.button_color for c, b in w.cells.items() if c != (2, 2)} == {CELL_COLOR}


def test_search_and_add_button_draws_the_forced_outlines():
    w = PlayWidget(SMALL)
    w.add_button.click()
    assert w.board.is_solved()
    assert "Solved" in w.status.value


def test_undo_button_takes_back_the_last_move():
    w = PlayWidget(SMALL)
    clicks(w, (0, 0), (0, 1))
    w.undo_button.click()
    assert w.board.placements() == ()


def test_undo_button_with_nothing_to_undo_says_so():
    w = PlayWidget(SMALL)
    w.undo_button.click()
    assert "nothing to undo" in w.status.value


def test_show_solution_checkbox_draws_the_solution_in_black_and_hides_it_again():
    w = PlayWidget(SMALL)
    w.solution_box.value = True
    borders = [getattr(b.layout, f"border_{s}") for b in w.cells.values()
               for s in ("top", "right", "bottom", "left")]
    assert borders.count(SOLUTION_BORDER) == 3 * len(SMALL.cells)
    w.solution_box.value = False
    assert all(b.layout.border_top == PLAIN_BORDER for b in w.cells.values())


def test_the_widget_drives_an_existing_board():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))
    w = PlayWidget(board)
    assert w.board is board
    assert w.cells[(0, 0)].layout.border_top == USER_BORDER


def test_generate_makes_the_puzzle_of_the_key_in_the_boxes():
    w = PlayWidget(SMALL)
    w.n_box.value, w.seed_box.value = 4, 7
    w.generate_button.click()
    assert w.board.puzzle == random_puzzle(4, seed=7, tiling="parity").puzzle
    assert "random-n4-parity-s7" in w.title.value
    assert set(w.cells) == set(w.board.puzzle.cells)
    assert w.board.placements() == ()


def test_the_new_board_takes_clicks():
    w = PlayWidget(SMALL)
    w.n_box.value, w.seed_box.value = 3, 1
    w.generate_button.click()
    solution = w.board.show_solution()
    for pl in solution:
        clicks(w, *pl.cells)
    assert w.board.is_solved() and "Solved" in w.status.value


def test_a_key_whose_generation_fails_leaves_the_board_and_says_why():
    w = PlayWidget(SMALL)
    w.n_box.value, w.seed_box.value = 6, 690  # every one of Darby's builds dead-ends
    w.generate_button.click()
    assert w.board.puzzle == SMALL
    assert "dead-ended" in w.status.value


def test_the_status_line_says_what_is_visibly_wrong():
    w = PlayWidget(SMALL)
    clicks(w, (0, 1), (1, 1), (1, 0), (2, 0))
    assert "not right: cell (0, 0) has no free neighbour" in w.status.value


def test_toggling_the_solution_does_not_repeat_the_warning():
    w = PlayWidget(SMALL)
    clicks(w, (0, 1), (1, 1), (1, 0), (2, 0))
    for value in (True, False, True, False):
        w.solution_box.value = value
    assert w.status.value.count("not right") == 1


def test_showing_the_solution_of_an_unsolvable_board_says_so_and_unticks():
    w = PlayWidget(Puzzle([[0, 1, 0], [1, 0, 1]]))
    w.solution_box.value = True
    assert not w.solution_box.value and "has no solution to show" in w.status.value


def test_a_domino_is_written_with_a_dash_and_a_placed_one_says_who_placed_it():
    w = PlayWidget(SMALL)
    clicks(w, (0, 0), (0, 1))
    lo, hi = SMALL.domino_of(Placement((0, 0), (0, 1)))
    assert w.status.value == f"you placed {lo}-{hi} on (0,0)-(0,1)"


def test_a_hint_is_one_sentence_in_the_lessons_words():
    w = PlayWidget(Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]]))
    w.hint_button.click()
    assert "Forced piece: 0-0 fits only at (0,1)-(1,1): it goes there." in w.status.value
    assert "[" not in w.status.value and "<ol>" not in w.status.value


def test_a_hint_of_several_steps_folds_the_earlier_ones_under_how():
    w = PlayWidget(from_tatham(OVERLAP))
    w.hint_button.click()
    steps = w.board.next_hint().steps
    assert len(steps) > 1
    assert f"how? ({len(steps) - 1} step" in w.status.value


def test_the_board_numbers_its_rows_and_columns():
    w = PlayWidget(SMALL)
    grid = w.board_row.children[0]
    n_rows, n_cols = SMALL.shape
    labels = [c.value for c in grid.children[:n_cols + 1]]
    assert [">" + str(c) + "<" in v for c, v in enumerate(labels[1:])] == [True] * n_cols
    assert len(grid.children) == (n_rows + 1) * (n_cols + 1)


def test_generate_with_a_grade_makes_a_unique_puzzle_of_that_grade():
    w = PlayWidget(SMALL, grade="basic")
    w.n_box.value, w.seed_box.value = 3, 1
    w.generate_button.click()
    assert w.board.puzzle == unique_puzzle(3, seed=1, grade="basic").puzzle
    assert len(solve(w.board.puzzle, limit=None).solutions) == 1


@pytest.mark.parametrize("seed", range(6))
def test_generated_basic_boards_never_need_a_guess(seed):
    w = PlayWidget(SMALL, grade="basic")
    w.n_box.value, w.seed_box.value = 3, seed
    w.generate_button.click()
    w.add_button.click()
    while not w.board.is_solved():
        before = len(w.board.placements())
        w.take_button.click()
        assert len(w.board.placements()) == before + 1, w.status.value


def test_save_then_load_brings_the_game_back(tmp_path):
    w = PlayWidget(SMALL)
    clicks(w, (0, 0), (0, 1))
    w.file_box.value = str(tmp_path / "game.json")
    w.save_button.click()
    assert "saved to" in w.status.value
    other = PlayWidget(LARGE)
    other.file_box.value = w.file_box.value
    other.load_button.click()
    assert other.board.puzzle == SMALL
    assert other.board.placements() == (Placement((0, 0), (0, 1)),)


def test_loading_a_damaged_file_keeps_the_board_and_says_why(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something else"}))
    w = PlayWidget(SMALL)
    w.file_box.value = str(bad)
    w.load_button.click()
    assert w.board.puzzle == SMALL
    assert "not loaded" in w.status.value and "not a dominosa-lab saved game" in w.status.value
