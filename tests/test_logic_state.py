"""The logic layer's placement state: active and placed sets, save and restore, questions."""

import pytest

from dominosa_lab import Placement, Puzzle, PuzzleError, load
from dominosa_lab.logic import State, geometry

SMALL = load("mikefc-small")  # 3 2 2 1 1 / 0 3 0 2 2 / 0 3 2 1 3 / 1 0 1 0 3
TINY = Puzzle([[0, 0, 1], [1, 1, 0]])


def test_a_fresh_state_has_every_placement_active_and_none_placed():
    state = State(SMALL)
    assert state.active == geometry(SMALL).full and state.placements() == ()


def test_placements_are_numbered_vertical_pairs_first_as_tatham_numbers_them():
    g = geometry(SMALL)
    vertical = [pl for pl in g.placements if not pl.horizontal]
    assert list(g.placements[:len(vertical)]) == vertical == sorted(vertical)


def test_place_rules_out_the_overlaps_and_the_dominoes_other_places():
    state = State(SMALL)
    state.place(Placement((0, 0), (0, 1)))  # 2-3
    assert state.cell_candidates((0, 0)) == (Placement((0, 0), (0, 1)),)
    assert set(state.cell_candidates((1, 1))) == {
        Placement((1, 0), (1, 1)), Placement((1, 1), (2, 1)), Placement((1, 1), (1, 2))}
    assert state.domino_candidates((3, 2)) == (Placement((0, 0), (0, 1)),)


def test_cover_leaves_the_dominoes_other_places_open():
    state = State(SMALL)
    state.cover(Placement((0, 0), (0, 1)))
    assert len(state.domino_candidates((2, 3))) > 1


def test_restore_brings_back_a_saved_state():
    state = State(SMALL)
    saved = state.save()
    state.place(Placement((0, 0), (1, 0)))
    state.restore(saved)
    assert state.save() == saved == (geometry(SMALL).full, 0)


def test_a_placed_board_is_solved():
    state = State(TINY, [Placement((0, 0), (0, 1)), Placement((1, 0), (1, 1)),
                         Placement((0, 2), (1, 2))])
    assert state.is_solved() and state.contradiction() is None


def test_contradiction_names_a_square_with_no_placement_left():
    state = State(TINY)
    state.place(Placement((0, 1), (0, 2)))  # 0-1, which (1, 0)-(0, 0) also holds
    state.place(Placement((1, 1), (1, 2)))  # 0-1 again: (0, 0) and (1, 0) are left without
    assert state.contradiction() == "square (0,0) has no placement left"


def test_contradiction_names_a_domino_with_no_placement_left():
    assert State(Puzzle([[0, 1, 0], [1, 0, 1]])).contradiction() == \
        "domino 0-0 has no placement left"


@pytest.mark.parametrize(("ask", "arg"), [("cell_candidates", (9, 9)),
                                          ("domino_candidates", (0, 7)),
                                          ("place", Placement((5, 0), (5, 1)))])
def test_questions_about_things_not_on_the_board_are_refused(ask, arg):
    with pytest.raises(PuzzleError, match="not"):
        getattr(State(SMALL), ask)(arg)
