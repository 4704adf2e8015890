"""PlayBoard explains: hints with their sentences and what they read, "why?", undo that keeps
the reason, and where a domino can still go."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import Placement, Puzzle, PuzzleError, load, solve, unique_puzzle
from dominosa_lab.trace.play import Move, PlayBoard

TINY = Puzzle([[0, 0, 1], [1, 1, 0]])  # one solution: 0-0 on top, 1-1 below, 0-1 on the right
SMALL = load("mikefc-small")
HARD = unique_puzzle(6, grade="hard", seed=1).puzzle  # needs set analysis


def solution_of(puzzle):
    return set(solve(puzzle).solution.placements)


# --- next_hint: the steps to the next forced domino ------------------------------------------


def test_a_hint_ends_in_a_domino_the_board_forces_with_the_deductions_sentence():
    hint = PlayBoard(TINY).next_hint()
    assert hint.status == "forced" and hint.placement == Placement((0, 0), (0, 1))
    assert hint.steps[-1].deduction == "domino_single_placement"
    assert hint.steps[-1].reason.startswith("0-0 fits only at (0,0)-(0,1)")


def test_a_hint_highlights_the_squares_and_placements_its_steps_read():
    hint = PlayBoard(TINY).next_hint()
    assert hint.cells == ((0, 0), (0, 1))
    assert hint.read == (Placement((0, 0), (0, 1)),)


def test_a_hint_changes_nothing_on_the_board():
    board = PlayBoard(SMALL)
    board.next_hint()
    assert board.placements() == () and board.history() == ()


def test_a_hint_on_a_hard_board_keeps_the_steps_that_lead_to_its_domino():
    board = PlayBoard(HARD)
    levels = set()
    while (hint := board.take_hint()).status == "forced":
        levels.update(h.level for h in hint.steps)
        assert hint.steps[-1].placement == hint.placement
        assert all(h.reason for h in hint.steps)
    assert hint.status == "solved" and board.is_solved()
    assert "hard" in levels  # some hints needed set analysis, and said so


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_every_hint_taken_from_a_correct_board_is_in_the_solution(data):
    board = PlayBoard(HARD)
    solution = sorted(solution_of(HARD))
    for pl in data.draw(st.lists(st.sampled_from(solution), unique=True, max_size=10)):
        board.draw(*pl.cells)
    hint = board.next_hint()
    assert hint.status in ("forced", "solved")
    if hint.status == "forced":
        assert hint.placement in solution and board.outline_at(hint.placement.a) is None


def test_a_hint_on_wrong_outlines_says_they_cannot_all_be_right():
    board = PlayBoard(TINY)
    board.draw((0, 0), (1, 0))  # 0-1 on the left leaves (0,1)-(0,2), a second 0-1
    hint = board.next_hint()
    assert hint.status == "wrong" and hint.placement is None
    assert hint.reason.startswith("the outlines cannot all be right")


def test_a_hint_on_a_board_no_deduction_finishes_says_the_next_move_is_a_guess():
    ambiguous = Puzzle([[0, 0, 1], [0, 1, 1]])  # 0-0 and 1-1 side by side, or upright
    hint = PlayBoard(ambiguous).next_hint()
    assert hint.status == "stuck" and "guess" in hint.reason


def test_a_hint_on_a_solved_board_has_nothing_to_explain():
    board = PlayBoard(SMALL)
    board.apply_hints()
    assert board.next_hint().status == "solved"


# --- take_hint, history and undo that keep the reason -----------------------------------------


def test_taking_a_hint_outlines_its_domino_and_remembers_the_deduction():
    board = PlayBoard(TINY)
    hint = board.take_hint()
    move = board.placed_by((0, 1))
    assert move == Move((hint.placement,), (), "hint", hint.steps[-1:])
    assert str(move) == "drew (0,0)-(0,1) (by a hint: forced piece)"


def test_an_outline_drawn_by_the_player_is_placed_by_you():
    board = PlayBoard(TINY)
    board.draw((0, 2), (1, 2))
    assert board.placed_by((1, 2)) == Move((Placement((0, 2), (1, 2)),), ())
    assert str(board.placed_by((1, 2))) == "drew (0,2)-(1,2) (by you)"


def test_undo_returns_the_move_it_took_back_with_its_reason():
    board = PlayBoard(TINY)
    board.draw((0, 2), (1, 2))
    board.take_hint()
    undone = board.undo()
    assert undone.by == "hint" and undone.hints[0].deduction == "domino_single_placement"
    assert board.history() == (Move((Placement((0, 2), (1, 2)),), ()),)


def test_search_and_add_remembers_a_reason_for_every_outline():
    board = PlayBoard(SMALL)
    applied = board.apply_hints()
    (move,) = board.history()
    assert move.by == "hint" and move.hints == tuple(applied)
    assert len(move.added) == 10 and all(h.deduction for h in move.hints)


def test_an_erase_is_a_move_by_you():
    board = PlayBoard(TINY)
    board.take_hint()
    board.erase((0, 0))
    assert str(board.history()[-1]) == "erased (0,0)-(0,1) (by you)"


def test_taking_a_hint_when_none_is_forced_changes_nothing():
    board = PlayBoard(Puzzle([[0, 0, 1], [0, 1, 1]]))
    assert board.take_hint().status == "stuck"
    assert board.history() == ()


def test_placed_by_refuses_a_free_cell():
    with pytest.raises(PuzzleError, match=r"cell \(0, 0\) is not part of any outline"):
        PlayBoard(TINY).placed_by((0, 0))


# --- why? -------------------------------------------------------------------------------------


def test_why_gives_the_steps_that_force_an_outline_from_the_others():
    board = PlayBoard(TINY)
    board.draw((0, 0), (0, 1))
    answer = board.why((0, 1))
    assert answer.status == "forced" and answer.placement == Placement((0, 0), (0, 1))
    assert answer.steps[-1].placement == answer.placement


def test_why_on_a_wrong_outline_names_the_step_that_rules_it_out():
    board = PlayBoard(TINY)
    board.draw((0, 1), (1, 1))  # 0-1 in the middle: (0,0)-(1,0) is then a second 0-1
    answer = board.why((1, 1))
    assert answer.status == "wrong"
    assert Placement((0, 1), (1, 1)) in answer.steps[-1].ruled_out


def test_why_on_a_guess_says_no_deduction_forces_it():
    board = PlayBoard(Puzzle([[0, 0, 1], [0, 1, 1]]))
    board.draw((0, 0), (0, 1))
    answer = board.why((0, 0))
    assert answer.status == "stuck" and "may still be right, as a guess" in answer.reason


def test_why_every_outline_of_the_solution_is_forced():
    board = PlayBoard(SMALL)
    board.apply_hints()
    assert {board.why(pl.a).status for pl in board.placements()} == {"forced"}


def test_why_refuses_a_free_cell():
    with pytest.raises(PuzzleError, match="not part of any outline: nothing to explain"):
        PlayBoard(TINY).why((0, 0))


# --- places: where a domino can still go ------------------------------------------------------


def test_places_on_an_empty_board_are_the_dominos_candidates():
    board = PlayBoard(SMALL)
    for domino, placements in SMALL.candidates().items():
        assert set(board.places(domino)) == set(placements)


def test_places_leave_out_placements_on_outlined_cells():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))
    assert all(not {(0, 0), (0, 1)} & set(pl.cells) for d in SMALL.dominoes
               for pl in board.places(d))


def test_places_read_a_domino_either_way_round():
    board = PlayBoard(SMALL)
    assert board.places((3, 1)) == board.places((1, 3))


def test_places_refuse_a_domino_not_in_the_set():
    with pytest.raises(PuzzleError, match=r"domino \(2, 9\) is not in the double-3 set"):
        PlayBoard(SMALL).places((2, 9))
