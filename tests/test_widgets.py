"""The stepper, driven from code: it shows the board and counters of the chosen step."""

from itertools import pairwise

import pytest
from matplotlib.colors import to_rgb

from dominosa_lab import METHODS, Placement, Puzzle, load, solve
from dominosa_lab.draw.animate import NEW_COLOR
from dominosa_lab.draw.stepper import stepper, turning_points
from dominosa_lab.errors import TraceError

DOUBLE_1 = Puzzle([[0, 0, 1], [1, 1, 0]])
SMALL = load("mikefc-small")


def outlines(ax):
    """The outlined dominoes on a board axes, as sets of cell centres, and their colours."""
    boxes = [p for p in ax.patches if not p.get_fill()]
    return [(round(p.get_x() + p.get_width() / 2, 2), round(p.get_y() + p.get_height() / 2, 2),
             p.get_edgecolor()) for p in boxes]


def centre(puzzle, pl):
    """Where draw_puzzle puts the middle of a placement (row 0 at the top)."""
    n_rows = puzzle.shape[0]
    (ra, ca), (rb, cb) = pl.cells
    return (round((ca + cb) / 2, 2), round(n_rows - 1 - (ra + rb) / 2, 2))


@pytest.fixture
def small_run():
    return solve(SMALL, method="rowscan", limit=None, trace=True)


def test_stepper_starts_on_the_empty_board(small_run):
    s = stepper(SMALL, small_run)
    assert s.step == 0
    assert s.frame.placements == ()
    assert outlines(s.board_ax) == []


def test_stepper_shows_the_solution_at_the_step_it_was_found(small_run):
    s = stepper(SMALL, small_run)
    s.step = next(i for i, e in enumerate(small_run.trace, 1) if e.kind == "solution")
    drawn = {(x, y) for x, y, _ in outlines(s.board_ax)}
    assert drawn == {centre(SMALL, pl) for pl in small_run.solution.placements}
    assert "solutions 1" in s.counters.value


def test_stepper_outlines_the_last_move_in_the_animations_new_piece_colour(small_run):
    s = stepper(SMALL, small_run)
    s.step, last = [(i, e.item) for i, e in enumerate(small_run.trace, 1) if e.kind == "place"][5]
    new = [(x, y) for x, y, colour in outlines(s.board_ax)
           if colour[:3] == pytest.approx(to_rgb(NEW_COLOR))]
    assert new == [centre(SMALL, last)]


def test_stepper_takes_a_backtracked_piece_off_the_board(small_run):
    s = stepper(SMALL, small_run)
    step, event = next((i, e) for i, e in enumerate(small_run.trace, 1)
                       if e.kind == "remove" and e.backtrack)
    s.step = step
    assert event.item not in s.frame.placements
    assert centre(SMALL, event.item) not in {(x, y) for x, y, _ in outlines(s.board_ax)}
    assert "(backtrack)" in s.counters.value


def test_next_and_back_buttons_move_one_step_and_stop_at_the_ends(small_run):
    s = stepper(SMALL, small_run, tree=False)
    s.back_button.click()
    assert s.step == 0
    s.next_button.click()
    s.next_button.click()
    assert s.step == 2
    s.step = len(small_run.trace)
    s.next_button.click()
    assert s.step == len(small_run.trace)


def tick(s, times=1):
    """The play button's clock: each tick the browser sends while playing."""
    for _ in range(times):
        s.play.value += 1


def test_each_tick_of_play_moves_one_step(small_run):
    s = stepper(SMALL, small_run, tree=False)
    s.play.playing = True
    tick(s, 5)
    assert s.step == 5
    assert len(s.frame.placements) == s.frame.depth


def test_ticks_while_paused_do_not_move(small_run):
    s = stepper(SMALL, small_run, tree=False)
    tick(s, 3)
    assert s.step == 0


def test_the_picture_changes_with_the_step(small_run):
    s = stepper(SMALL, small_run)
    first = s.image.value
    s.step = 4
    assert bytes(s.image.value).startswith(b"\x89PNG")
    assert s.image.value != first


def test_the_tree_beside_the_board_counts_the_nodes_so_far(small_run):
    s = stepper(SMALL, small_run)
    s.step = 10
    placed = sum(e.kind == "place" for e in small_run.trace[:10])
    assert s.frame.nodes == placed
    assert s.tree_ax.get_title() == f"search tree after {placed} nodes"


def test_the_board_alone_when_asked():
    s = stepper(DOUBLE_1, solve(DOUBLE_1, method="rowscan", trace=True), tree=False)
    assert s.tree_ax is None
    s.step = next(f.step for f in s.frames if f.nodes == 3)  # the third placement
    assert len(outlines(s.board_ax)) == 3 + 1  # three pieces, the last one again in red


@pytest.mark.parametrize("method", sorted(METHODS))
def test_every_method_can_be_stepped_to_its_final_counters(method):
    result = solve(DOUBLE_1, method=method, limit=None, trace=True, max_nodes=10_000)
    s = stepper(DOUBLE_1, result, tree=False)
    s.step = len(result.trace)
    assert (s.frame.nodes, s.frame.backtracks, s.frame.solutions) == (
        result.stats.nodes, result.stats.backtracks, len(result.solutions))


def test_an_untraced_run_cannot_be_stepped():
    with pytest.raises(ValueError, match="trace=True"):
        stepper(DOUBLE_1, solve(DOUBLE_1, method="rowscan"))


def test_a_placement_event_is_described_under_the_counters():
    s = stepper(DOUBLE_1, solve(DOUBLE_1, method="rowscan", trace=True))
    s.step = 2  # after the choice among two options, the first placement
    assert s.frame.event.item == Placement((0, 0), (0, 1))
    assert "placed 00→ on (0, 0)-(0, 1)" in s.counters.value


def test_playing_pauses_at_a_stop_and_asks_for_a_prediction(small_run):
    s = stepper(SMALL, small_run, tree=False, stops=[4])
    s.play.playing = True
    tick(s, 4)
    assert not s.play.playing
    assert "stop 1 of 1: predict the next move, then press ▶ to play on" in s.counters.value


def test_playing_goes_on_between_stops(small_run):
    s = stepper(SMALL, small_run, tree=False, stops=[4])
    s.play.playing = True
    tick(s, 3)
    assert s.play.playing and "stop" not in s.counters.value


@pytest.mark.parametrize("late", [1, 2, 5])
def test_ticks_queued_behind_a_slow_picture_never_pass_a_stop(small_run, late):
    s = stepper(SMALL, small_run, tree=False, stops=[4])
    s.play.playing = True
    tick(s, 4 + late)  # the browser ticked on while the kernel drew: they arrive after the stop
    assert s.step == 4 and not s.play.playing


def test_play_pressed_at_a_stop_plays_on_to_the_next(small_run):
    s = stepper(SMALL, small_run, tree=False, stops=[4, 9])
    s.play.playing = True
    tick(s, 6)
    s.play.playing = True  # ▶ pressed again at stop 1
    tick(s, 7)
    assert s.step == 9 and "stop 2 of 2" in s.counters.value


def test_play_pressed_at_the_end_starts_again_from_the_empty_board(small_run):
    s = stepper(SMALL, small_run, tree=False)
    s.step = len(s.frames) - 1
    s.play.playing = True
    tick(s)
    assert s.step == 1


def test_the_counters_are_explained_under_the_picture(small_run):
    s = stepper(SMALL, small_run, tree=False)
    assert "<i>depth</i>: dominoes on the board now" in s.legend.value
    assert s.legend in s.children


def test_the_board_numbers_its_rows_and_columns(small_run):
    s = stepper(SMALL, small_run, tree=False)
    ticks = [t.get_text() for t in s.board_ax.get_xticklabels()]
    assert ticks == [str(c) for c in range(SMALL.shape[1])]


def test_a_choice_names_its_options_and_dashes_them_on_the_board(small_run):
    s = stepper(DOUBLE_1, solve(DOUBLE_1, method="rowscan", limit=None, trace=True), tree=False)
    s.step = 1
    assert "a choice among 2 options: 00→ or 01↓ (dashed)" in s.counters.value
    dashed = [p for p in s.board_ax.patches
              if not p.get_fill() and p.get_linestyle() in ("--", "dashed")]
    assert len(dashed) == 2


def test_options_never_tried_are_counted_in_the_caption():
    run = solve(DOUBLE_1, method="rowscan", trace=True)  # stops at its first solution
    s = stepper(DOUBLE_1, run, tree=False)
    s.step = 1
    assert "a choice among 2 options: 00→, 1 never tried (dashed)" in s.counters.value


def test_next_stop_jumps_to_the_next_stop_then_to_the_end(small_run):
    s = stepper(SMALL, small_run, tree=False, stops=[7, 3])
    s.stop_button.click()
    assert s.step == 3
    s.stop_button.click()
    assert s.step == 7
    s.stop_button.click()
    assert s.step == len(small_run.trace)


def test_a_stop_outside_the_trace_is_refused(small_run):
    with pytest.raises(TraceError, match="stops: 999 is not a step"):
        stepper(SMALL, small_run, stops=[999])


def test_turning_points_stop_just_before_each_moment(small_run):
    frames = stepper(SMALL, small_run, tree=False).frames
    stops = turning_points(frames)
    moments = [frames[s + 1].event.kind for s in stops]
    assert moments[0] == "dead_end"
    solution = next(f.step for f in frames if f.event and f.event.kind == "solution")
    assert stops == sorted(stops) and any(0 <= solution - 1 - s <= 2 for s in stops)


def test_moments_a_step_apart_share_one_stop():
    run = solve(Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]]), method="rowscan",
                trace=True)
    frames = stepper(run.solutions[0].puzzle, run, tree=False).frames
    stops = turning_points(frames)
    assert all(b - a > 2 for a, b in pairwise(stops))
    assert frames[stops[0] + 1].event.kind == "dead_end"
    assert frames[stops[0] + 2].event.kind == "remove"  # the backtrack, inside the same stop


def test_a_search_without_dead_ends_stops_only_before_its_solution():
    run = solve(Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]]), method="human", trace=True)
    frames = stepper(run.solutions[0].puzzle, run, tree=False).frames
    assert [frames[s + 1].event.kind for s in turning_points(frames)] == ["solution"]
