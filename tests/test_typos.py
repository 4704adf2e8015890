"""Typos in a board are named at their place: digits without spaces, a number above what the
shape allows, a wrong encoding, non-ASCII digits, other line breaks, JSON of the wrong shape."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab import FormatError, MissingFileError, Puzzle, PuzzleError, load, parse
from dominosa_lab.formats import (
    decode_text,
    from_json,
    parse_mask,
    parse_matrix,
    parse_tatham,
    read_text_file,
    to_json,
)
from dominosa_lab.formats.text import LARGE, text_lines

SMALL = load("mikefc-small")  # 4 x 5, a double-3 board
SMALL_TEXT = str(SMALL)


def test_digits_typed_without_spaces_are_named_with_the_spaced_form():
    text = "".join(SMALL_TEXT.replace(" ", ""))
    with pytest.raises(FormatError, match=r"line 1, entry 1: 32211 is above 0, .* board of 4 "
                                          r"squares .* without spaces\? Write them '3 2 2 1 1'"):
        parse(text)


def test_a_number_above_the_shape_s_n_names_its_square_and_that_n():
    text = SMALL_TEXT.replace("1 0 1 0 3", "1 4 1 0 3")  # the last line
    with pytest.raises(FormatError, match=r"line 4, entry 2: 4 is above 3, the largest number on "
                                          r"a board of 20 squares \(a double-3 set\)"):
        parse(text)


def test_the_line_of_a_number_above_the_shape_counts_comments_and_blank_lines():
    with pytest.raises(FormatError, match=r"line 4, entry 2: 5 is above 1"):
        parse("# a board\n0 0 1\n\n1 5 0\n")


def test_a_puzzle_built_from_rows_names_the_row_and_column_above_the_shape():
    rows = [list(row) for row in SMALL.rows]
    rows[2][3] = 7
    with pytest.raises(PuzzleError, match=r"row 2, column 3: 7 is above 3"):
        Puzzle(rows)


@pytest.mark.parametrize("digit", ["\u0660", "\U0001d7d8", "\uff11", "\u00b2"])
def test_only_ascii_digits_are_digits(digit):
    with pytest.raises(FormatError, match=r"line 2, entry 1: U\+[0-9A-F]+ .* is not an ASCII "
                                          "digit 0-9"):
        parse(f"0 0 1\n{digit} 1 0\n")


@pytest.mark.parametrize(("sep", "name"), [("\u2028", "LINE SEPARATOR"), ("\r", "CARRIAGE RETURN"),
                                           ("\x85", "NEXT LINE"), ("\x0c", "FORM FEED"),
                                           ("\u2029", "PARAGRAPH SEPARATOR")])
def test_only_newline_and_crlf_break_lines(sep, name):
    with pytest.raises(FormatError, match=rf"line 2: U\+[0-9A-F]+ {name} is no line break here"):
        parse(f"0 0 1\n1 1{sep}0\n")


def test_crlf_lines_read_as_newline_lines():
    assert parse(SMALL_TEXT.replace("\n", "\r\n")) == SMALL


def test_a_no_break_space_inside_an_entry_is_named():
    with pytest.raises(FormatError, match=r"'0\\xa01' is not a number \(it holds U\+00A0 "
                                          "NO-BREAK SPACE\\)"):
        parse("0 0\u00a01\n1 1 0\n")


def test_a_nul_character_suggests_utf16_read_as_utf8():
    text = SMALL_TEXT.encode("utf-16-le").decode("latin-1")
    with pytest.raises(FormatError, match=r"line 1: a NUL character .* UTF-16"):
        parse(text)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_a_file_in_utf8_or_utf16_is_read(tmp_path, encoding):
    path = tmp_path / "board.txt"
    path.write_bytes(SMALL_TEXT.encode(encoding))
    assert parse(read_text_file(path)) == SMALL


def test_a_file_in_another_encoding_is_refused_naming_it_the_byte_and_utf8(tmp_path):
    path = tmp_path / "board.txt"
    path.write_bytes("# café\n0 0 1\n1 1 0\n".encode("latin-1"))
    with pytest.raises(FormatError, match=r"board.txt' is not UTF-8 text: invalid continuation "
                                          r"byte at byte 5 \(0xe9\)"):
        read_text_file(path)


def test_a_missing_file_or_a_folder_is_refused_by_name(tmp_path):
    with pytest.raises(MissingFileError, match=r"file '.*nothing.txt' does not exist"):
        read_text_file(tmp_path / "nothing.txt")
    with pytest.raises(FormatError, match="is a folder, not a file"):
        read_text_file(tmp_path)


@given(st.text(alphabet="0123 \n", max_size=40), st.sampled_from(["utf-8", "utf-8-sig",
                                                                 "utf-16", "utf-16-be"]))
def test_decoding_gives_back_the_text_in_any_accepted_encoding(text, encoding):
    assert decode_text(text.encode(encoding)) == text


@pytest.mark.parametrize(("text", "words"), [
    ("[]", 'a JSON puzzle is an object with "rows" and "max_pip", got a list'),
    ("null", "got null"),
    ('"rows"', "got the text 'rows'"),
    ("3", "got the number 3"),
    ('{"rows": [[0, 0, 1], [1, 1, 0]]}', "lacks 'max_pip'"),
    ('{"rows": null, "max_pip": 1}', '"rows" must be a list of lists .* got null'),
    ('{"rows": [0, 1], "max_pip": 1}', '"rows" must be a list of lists'),
    ('{"rows": [[0, 0, 1], [1, 1, 0]], "max_pip": 1, "name": 3}', '"name" must be text'),
    ('{"rows": [[0, 0, 1], [1, 1, 0]], "max_pip": 1, "solution": [1]}',
     '"solution" must be a list of cell pairs'),
    ('{"format": "other/2", "rows": [[0, 0, 1], [1, 1, 0]], "max_pip": 1}',
     "format is the text 'other/2', not 'dominosa-lab/1'"),
    ("[" * 100_000, "nested too deeply"),
    ('{"max_pip": ' + "1" * 5000 + "}", "not JSON this reads"),
])
def test_json_of_the_wrong_shape_is_named_as_such(text, words):
    with pytest.raises(FormatError, match=words):
        from_json(text)


def test_json_without_a_format_field_still_reads():
    data = json.loads(to_json(SMALL))
    del data["format"]
    assert from_json(json.dumps(data))[0] == SMALL


def test_a_large_text_of_a_size_no_set_covers_is_refused_by_its_count():
    with pytest.raises(FormatError, match=r"holds 2,000,000 squares, a number no full set covers: "
                                          r"a double-1412 set covers 1,997,982, a double-1413 set "
                                          r"2,000,810"):
        parse("0 " * 2_000_000)


def test_a_large_text_of_blank_lines_and_comments_holds_no_board():
    with pytest.raises(FormatError, match="no board"):
        parse("# nothing\n" * (LARGE // 10 + 1))


def test_a_large_text_of_a_board_reads_as_a_small_one_does():
    padded = "#" * LARGE + "\n" + SMALL_TEXT
    assert parse(padded) == SMALL


def test_a_tatham_id_of_digits_beyond_its_board_is_too_long_at_its_character():
    with pytest.raises(FormatError, match="too long: extra text from character 23"):
        parse_tatham("3:02113312013003232012" + "0" * 4_000_000)


def test_a_tatham_id_with_brackets_reads_as_with_digits():
    assert parse_tatham("3:[0]2[1]13312013003232012") == parse_tatham("3:02113312013003232012")


def test_a_tatham_id_with_non_ascii_parameters_is_refused():
    with pytest.raises(FormatError, match="parameters '\u0663' are not a number"):
        parse_tatham("\u0663:02113312013003232012")


def test_a_matrix_number_of_thousands_of_digits_is_refused_at_its_field():
    with pytest.raises(FormatError, match="matrix line 1, field 2: a number of 5000 digits"):
        parse_matrix("00 " + "1" * 5000 + " 1 0")


def test_a_shape_refuses_other_line_breaks_too():
    with pytest.raises(FormatError, match="LINE SEPARATOR"):
        parse_mask("xx\u2028xx")


def test_text_lines_split_at_newline_only():
    assert text_lines("a\r\nb\nc") == ["a", "b", "c"]
