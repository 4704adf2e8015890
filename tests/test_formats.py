"""Text, Tatham, R-matrix and JSON formats: parsing, errors, round trips."""

import subprocess
import sys

import pytest
from hypothesis import given

from dominosa_lab import (
    FormatError,
    Placement,
    Puzzle,
    PuzzleError,
    from_tatham,
    load,
    parse,
    to_tatham,
)
from dominosa_lab.formats import (
    from_json,
    parse_mask,
    parse_matrix,
    parse_tatham,
    parse_text,
    solution_from_matrix,
    to_box_text,
    to_json,
    to_matrix,
    to_text,
)
from tests.strategies import boards

TATHAM_EXAMPLE = "3:02113312013003232012"
TATHAM_ROWS = ((0, 2, 1, 1, 3), (3, 1, 2, 0, 1), (3, 0, 0, 3, 2), (3, 2, 0, 1, 2))


def test_text_allows_comments_blank_lines_and_gaps():
    p = parse_text("# comment\n\n0 0 .\n1 1 0  # trailing\n. 1 .\n")
    assert p.rows == ((0, 0, None), (1, 1, 0), (None, 1, None))


def test_text_max_pip_argument_is_checked_against_the_numbers():
    with pytest.raises(PuzzleError, match="a double-2 set covers 12 cells"):
        parse_text("0 0 1\n1 1 0\n", max_pip=2)


def test_text_names_the_line_and_entry_of_a_bad_token():
    with pytest.raises(PuzzleError, match=r"line 2, entry 3: 'x' is not a number"):
        parse_text("0 0 1\n1 1 x\n")


def test_text_names_the_line_of_a_ragged_row():
    with pytest.raises(PuzzleError, match=r"line 3: 2 entries, but the first board line has 3"):
        parse_text("0 0 1\n\n1 1\n")


def test_text_without_a_board_is_an_error():
    with pytest.raises(PuzzleError, match="no board"):
        parse_text("# nothing\n\n")


def test_tatham_example_reads_row_by_row():
    assert parse_tatham(TATHAM_EXAMPLE).rows == TATHAM_ROWS


def test_tatham_difficulty_suffixes_do_not_change_the_board():
    for params in ("3", "3dt", "3db", "3dh", "3de", "3da", "3a"):
        assert parse_tatham(f"{params}:{TATHAM_EXAMPLE[2:]}").rows == TATHAM_ROWS


def test_tatham_brackets_hold_large_and_small_numbers():
    p = load("tcg-n10")
    assert parse_tatham(to_tatham(p)) == p
    assert to_tatham(p).startswith("10:6509215473597[10]27")
    assert parse_tatham("3:[0]2113312013003232012").rows == TATHAM_ROWS


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("3:0211331201300323201", r"too short: 19 of 20 numbers"),
        ("3:021133120130032320120", r"too long: extra text from character 23"),
        ("3:0211331201300323201x", r"invalid character 'x' at character 22"),
        ("3:0211331201300323201[2", r"missing '\]' for the '\[' at character 22"),
        ("3:021133120130032320[a]", r"\[a\] at character 21: 'a' is not a number"),
        ("3:02113312013003232014", r"number 4 at character 22 \(number 20\) is out of range 0..3"),
        ("3:00113312013003232012", r"number balance: .* 0 occurs 6 times \(1 too many\)"),
        ("3x:02113312013003232012", r"parameters '3x' are not a number"),
        ("02113312013003232012", r"no ':'"),
        ("6dh#123456", r"random seed .* only the Portable Puzzle Collection's own generator"),
    ],
)
def test_bad_tatham_ids_say_what_and_where(game_id, message):
    with pytest.raises(PuzzleError, match=message):
        parse_tatham(game_id)


def test_tatham_ids_only_describe_full_boards():
    p = Puzzle([[0, 0, None], [1, 1, 0], [None, 1, None]], max_pip=1)
    with pytest.raises(PuzzleError, match="full 2x3 boards; this one is 3x3 with gaps"):
        to_tatham(p)


@given(boards(max_n=12))
def test_any_board_survives_the_text_round_trip(board):
    puzzle, _ = board
    assert parse(to_text(puzzle)) == puzzle


@given(boards(max_n=12))
def test_any_full_board_survives_the_tatham_round_trip(board):
    puzzle, _ = board
    assert from_tatham(to_tatham(puzzle)) == puzzle


@given(boards())
def test_json_round_trip_keeps_puzzle_and_solution(board):
    puzzle, planted = board
    assert from_json(to_json(puzzle, planted)) == (puzzle, planted)


def test_damaged_json_is_a_puzzle_error():
    with pytest.raises(PuzzleError, match="not JSON: Expecting ',' delimiter"):
        from_json('{"rows": [[0, 0]]')


def test_gapped_board_text_round_trip_keeps_explicit_max_pip():
    p = Puzzle([[0, 0, None], [1, 1, 0], [None, 1, None]], max_pip=1)
    assert parse(to_text(p)) == p


def test_r_matrix_text_maps_to_placements():
    matrix = parse_matrix("   row col direction\n00   1   1   0\n01   1   3   1\n11   2   1   0\n")
    p = Puzzle([[0, 0, 1], [1, 1, 0]])
    sol = solution_from_matrix(p, matrix)
    assert sol.is_valid() and to_matrix(sol) == matrix


def test_box_text_draws_a_wall_only_between_different_dominoes():
    p = Puzzle([[0, 0, 1], [1, 1, 0]])
    text = to_box_text(p, [Placement((0, 0), (0, 1))])
    assert text.splitlines()[1] == "| 0   0 | 1 |"
    assert text.splitlines()[3] == "| 1 | 1 | 0 |"


def test_a_superscript_digit_is_named_not_crashed_on():
    with pytest.raises(PuzzleError, match=r"line 1, entry 2: U\+00B2 SUPERSCRIPT TWO is not an "
                                          "ASCII digit"):
        parse_text("0 ² 1\n1 1 0\n")
    with pytest.raises(PuzzleError, match=r"character 4: U\+00B2 SUPERSCRIPT TWO is not an ASCII"):
        parse_tatham("1:0²1110")


def test_a_shape_reads_characters_or_tokens_with_dots_for_gaps():
    expected = [[True, False, True], [True, True, True]]
    assert parse_mask("x.x\nxxx\n") == parse_mask("1 . 2\n10 3 4") == expected


def test_a_shape_read_from_a_commented_board_file_is_the_board_s_own():
    text = "# a double-1 board\n0 0 1  # top row\n1 1 0\n"
    assert parse_mask(text) == [[True] * 3] * 2 == [[c is not None for c in row]
                                                    for row in parse_text(text).rows]


@pytest.mark.parametrize(("text", "words"), [("xx\nxxx", "line 2: 3 squares, but the first line "
                                              "has 2"), ("\n  \n", "no board shape")])
def test_a_bad_shape_is_refused_naming_the_line(text, words):
    with pytest.raises(FormatError, match=words):
        parse_mask(text)


def test_every_subpackage_is_an_attribute_without_a_prior_import():
    code = ("import dominosa_lab as dl; print(dl.formats.to_tatham(dl.load('mikefc-small')), "
            "dl.trace.play.PlayBoard.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["3:32211030220321310103", "PlayBoard"]
