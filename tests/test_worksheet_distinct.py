"""Sets of different unique puzzles (boards/distinct.py): the key, the set, the refusals."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import Puzzle, count_solutions
from dominosa_lab.boards.distinct import (
    DIFFERENT_FULL_BOARDS,
    board_key,
    distinct_puzzles,
)
from dominosa_lab.errors import ArgumentError
from dominosa_lab.logic import deduce
from tests.test_unique import _boards  # every full double-n board, renumbered


def _mirrored(rows):
    return [row[::-1] for row in rows]


def _upside_down(rows):
    return list(rows)[::-1]


def _renamed(rows, order):
    return [[None if v is None else order[v] for v in row] for row in rows]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), order=st.permutations(range(4)),
       turn=st.sampled_from([_mirrored, _upside_down, lambda r: _mirrored(_upside_down(r))]))
def test_a_board_turned_mirrored_and_renumbered_has_the_same_key(seed, order, turn):
    from dominosa_lab import random_puzzle

    board = random_puzzle(3, seed=seed).puzzle
    other = Puzzle(_renamed(turn(board.rows), order), max_pip=3)
    assert board_key(other) == board_key(board)


def test_a_square_board_is_also_the_same_turned_a_quarter():
    rows = [[0, 1, 1, 2], [2, None, None, 0], [0, None, None, 1], [1, 2, 2, 0]]
    quarter = [list(col) for col in zip(*rows[::-1], strict=True)]
    assert board_key(Puzzle(quarter, max_pip=2)) == board_key(Puzzle(rows, max_pip=2))


def test_boards_that_differ_in_more_than_symmetry_have_different_keys():
    a = Puzzle([[0, 0, 1], [1, 1, 0]])
    b = Puzzle([[0, 1, 0], [1, 0, 1]])
    assert board_key(a) != board_key(b)


def test_a_set_has_the_count_asked_and_no_two_puzzles_alike():
    made = distinct_puzzles(3, 12, seed=5)
    keys = {board_key(g.puzzle) for g in made.puzzles}
    assert made.status == "found" and len(made.puzzles) == 12 and len(keys) == 12
    assert all(count_solutions(g.puzzle, limit=2, method="dlx") == 1 for g in made.puzzles)


def test_the_same_arguments_give_the_same_set():
    first = distinct_puzzles(3, 3, grade="basic", seed=9)
    again = distinct_puzzles(3, 3, grade="basic", seed=9)
    assert [g.puzzle.rows for g in first.puzzles] == [g.puzzle.rows for g in again.puzzles]


def test_a_set_skips_seeds_whose_board_it_already_has():
    made = distinct_puzzles(2, 10, grade="basic", seed=0)
    assert made.seeds == len(made.puzzles) + made.repeats and made.repeats > 0


def test_a_set_that_runs_out_of_time_keeps_what_it_made_and_says_so():
    made = distinct_puzzles(6, 5, time_limit=0)
    assert made.status == "stopped" and made.puzzles == []
    assert "made 0 of 5 puzzles" in made.reason


def test_more_puzzles_than_a_small_board_has_are_refused_naming_the_count():
    with pytest.raises(ArgumentError, match="count=24 puzzles asked, but there are only 23 "
                                            "different unique basic double-2 boards"):
        distinct_puzzles(2, 24)


@pytest.mark.parametrize("bad", [0, -1, 2.5, None])
def test_a_count_that_is_not_a_positive_integer_is_refused_by_name(bad):
    with pytest.raises(ArgumentError, match="count must be an integer >= 1"):
        distinct_puzzles(3, bad)


@pytest.mark.parametrize("n", sorted({n for n, _ in DIFFERENT_FULL_BOARDS}))
def test_the_number_of_different_small_boards_of_each_grade_is_the_one_listed(n):
    keys: dict[str, set] = {}
    for puzzle in _boards(n):
        deduced = deduce(puzzle, ladder_name="full")
        if deduced.status == "solved":
            keys.setdefault(deduced.level, set()).add(board_key(puzzle))
    assert {g: len(k) for g, k in keys.items()} == {
        g: k for (m, g), k in DIFFERENT_FULL_BOARDS.items() if m == n}
