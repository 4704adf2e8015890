"""Plain text boards: whitespace-separated numbers, ``.`` for a gap, ``#`` comments; board shapes.

Lines end with ``\\n`` or ``\\r\\n``, entries are separated by spaces or tabs, numbers are
ASCII digits: anything else is refused naming its line, its entry and the character. Also
the terminal drawing of a board with its dominoes outlined (:func:`to_box_text`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from dominosa_lab.core.options import (
    check_fits,
    check_items,
    check_text,
    keywords_after_first,
    largest_set,
)
from dominosa_lab.core.puzzle import (
    Cell,
    Placement,
    Puzzle,
    above_shape,
    as_placement,
    as_puzzle,
)
from dominosa_lab.errors import FormatError

__all__ = ["LARGE", "MAX_DIGITS", "describe_char", "entries", "parse_mask", "parse_number",
           "parse_text", "text_lines", "to_box_text", "to_text"]

_GAP = "."

#: The most digits a number on a board may have: a double-N board of N with more does not fit
#: in any memory (its (N+1)(N+2) cells).
MAX_DIGITS = 9

#: Characters that end a line elsewhere but not here (``\\r`` alone, the Unicode breaks).
_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
#: Characters of text beyond which :func:`parse_text` first counts the squares at C speed, so
#: that a large text of the wrong size is refused in a time linear in its length.
LARGE = 1 << 16
_NO_BOARD = "the text holds no board (only blank lines or comments)"
#: A comment, to the end of its line.
_COMMENT = re.compile("#[^\n]*")
#: What separates entries, lines included.
_SPACES = re.compile("[ \t\n]+")
#: What separates the entries of a line.
_SEPARATOR = re.compile("[ \t]+")
#: A line body of ASCII digits, spaces and tabs only (read at C speed).
_PLAIN = re.compile("[0-9 \t]*")
#: The names of the control characters a text may hold by mistake.
_CONTROL_NAMES = {"\0": "NUL", "\t": "TAB", "\r": "CARRIAGE RETURN", "\x0b": "LINE TABULATION",
                  "\x0c": "FORM FEED", "\x1c": "FILE SEPARATOR", "\x1d": "GROUP SEPARATOR",
                  "\x1e": "RECORD SEPARATOR", "\x85": "NEXT LINE"}


def describe_char(ch: str) -> str:
    """A character for an error message: ``'x'``, or its code point and name when it is not
    printable ASCII.

    Examples
    --------
    >>> describe_char("x"), describe_char("\\u2028")
    ("'x'", 'U+2028 LINE SEPARATOR')
    """
    if " " < ch <= "~":
        return repr(ch)
    name = _CONTROL_NAMES.get(ch) or unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}".rstrip()


def text_lines(text: str, what: str = "the board as text") -> list[str]:
    """The lines of ``text`` (a leading byte-order mark dropped), split at ``\\n`` with a ``\\r``
    before it dropped; FormatError naming the line of a NUL or of any other line break.

    ``what`` says what the text should be, for the message of a value that is not a str.

    Examples
    --------
    >>> text_lines("0 1\\r\\n1 0")
    ['0 1', '1 0']
    >>> text_lines("0 1\\u20281 0")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: line 1: U+2028 LINE SEPARATOR is no line break here; \
lines end with \\n or \\r\\n
    """
    return _checked(text, what).split("\n")


def _checked(text: str, what: str) -> str:
    """``text`` with ``\\n`` for every line break, as :func:`text_lines` checks it."""
    text = check_text("text", text, what).removeprefix("\ufeff")
    nul = text.find("\0")
    if nul >= 0:
        raise FormatError(f"line {text.count(chr(10), 0, nul) + 1}: a NUL character (U+0000): "
                          "UTF-16 text read as UTF-8? Save it as UTF-8 or read it with "
                          "dominosa_lab.formats.read_text_file")
    text = text.replace("\r\n", "\n")
    odd = min((i for i in map(text.find, _OTHER_BREAKS) if i >= 0), default=-1)
    if odd >= 0:
        raise FormatError(f"line {text.count(chr(10), 0, odd) + 1}: {describe_char(text[odd])} "
                          "is no line break here; lines end with \\n or \\r\\n")
    return text


def entries(line: str) -> list[str]:
    """The entries of one line: the text before any ``#``, split at spaces and tabs.

    Examples
    --------
    >>> entries("3 2\\t. # the top row")
    ['3', '2', '.']
    """
    body = line.partition("#")[0]
    return [token for token in _SEPARATOR.split(body) if token]


def parse_number(token: str, where: str) -> int:
    """The number written as ``token`` (ASCII decimal digits), or FormatError naming ``where``.

    Examples
    --------
    >>> parse_number("12", "line 1, entry 2")
    12
    >>> parse_number("1" * 5000, "line 1, entry 2")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: line 1, entry 2: a number of 5000 digits is too large for \
a board (at most 9 digits)
    >>> parse_number("\u0660", "line 1, entry 1")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: line 1, entry 1: U+0660 ARABIC-INDIC DIGIT ZERO is not an \
ASCII digit 0-9
    """
    bad = next((ch for ch in token if not "0" <= ch <= "9"), None)
    if bad is not None and bad.isdigit():
        raise FormatError(f"{where}: {describe_char(bad)} is not an ASCII digit 0-9")
    if bad is not None or not token:
        odd = "" if bad is None or " " < bad <= "~" else f" (it holds {describe_char(bad)})"
        raise FormatError(f"{where}: {token[:20]!r} is not a number{odd}")
    if len(token) > MAX_DIGITS:
        raise FormatError(f"{where}: a number of {len(token)} digits is too large for a board "
                          f"(at most {MAX_DIGITS} digits)")
    return int(token)


@keywords_after_first
def parse_text(text: str, *, max_pip: int | None = None, name: str | None = None) -> Puzzle:
    """A puzzle from text: one board row per line, numbers separated by spaces.

    A line may also hold a comment after ``#``; blank lines are skipped; ``.``
    marks a gap. A number above what the board's number of squares allows is refused
    naming its line and entry (digits typed without spaces end up here).

    Examples
    --------
    >>> p = parse_text('''
    ... # a double-1 board
    ... 0 0 1
    ... 1 1 0
    ... ''')
    >>> p.shape, p.max_pip
    ((2, 3), 1)
    >>> parse_text("0 0 1\\n1 10 0")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: line 2, entry 2: 10 is above 1, the largest number on a \
board of 6 squares (a double-1 set); digits typed without spaces? Write them '1 0'
    """
    text = _checked(text, "the board as text")
    if len(text) > LARGE:
        _check_squares(text)
    rows: list[list[int | None]] = []
    linenos: list[int] = []
    for lineno, line in enumerate(text.split("\n"), start=1):
        tokens = entries(line)
        if not tokens:
            continue
        if rows and len(tokens) != len(rows[0]):
            raise FormatError(
                f"line {lineno}: {len(tokens)} entries, but the first board line has "
                f"{len(rows[0])}")
        rows.append(_row(tokens, line, lineno))
        linenos.append(lineno)
    if not rows:
        raise FormatError(_NO_BOARD)
    if max_pip is None:
        _check_shape(rows, linenos)
    return Puzzle(rows, max_pip=max_pip, name=name)


def _check_squares(text: str) -> None:
    """Refuse, at C speed, a text whose number of squares no full set covers or no memory holds."""
    body = _COMMENT.sub("", text) if "#" in text else text
    # str.split is the fastest; it splits at other white space too, which the lines refuse
    tokens = body.split() if body.isascii() else _SPACES.split(body.strip(" \t\n"))
    squares = len(tokens) - tokens.count(_GAP)
    if not squares:
        raise FormatError(_NO_BOARD)
    check_fits("the board as text", squares)
    n = largest_set(squares)
    if squares != (n + 1) * (n + 2):
        raise FormatError(f"the text holds {squares:,} squares, a number no full set covers: a "
                          f"double-{n} set covers {(n + 1) * (n + 2):,}, a double-{n + 1} set "
                          f"{(n + 2) * (n + 3):,}")


def _row(tokens: list[str], line: str, lineno: int) -> list[int | None]:
    """The numbers (None for a gap) of one board line's ``tokens``."""
    if _PLAIN.fullmatch(line.partition("#")[0]) and max(map(len, tokens)) <= MAX_DIGITS:
        return list(map(int, tokens))  # the common case, at C speed
    row: list[int | None] = []
    for col, token in enumerate(tokens, start=1):
        row.append(None if token == _GAP else parse_number(token, f"line {lineno}, entry {col}"))
    return row


def _check_shape(rows: list[list[int | None]], linenos: list[int]) -> None:
    """Refuse a number above the largest N the board's squares allow, at its line and entry."""
    found = above_shape(rows)
    if found is None:
        return
    r, c, message = found
    value = str(rows[r][c])
    typo = (f"; digits typed without spaces? Write them '{' '.join(value)}'"
            if len(value) > 1 else "")
    raise FormatError(f"line {linenos[r]}, entry {c + 1}: {message}{typo}")


def parse_mask(text: str) -> list[list[bool]]:
    """A board's shape from text: one line per row, ``.`` for a gap, anything else a cell.

    A line with spaces or tabs is read as entries, comments after ``#`` dropped, as by
    :func:`parse_text` (so a board in its format gives its own shape); a line without,
    character by character (``#`` is then a square). Blank lines are skipped.

    Examples
    --------
    >>> parse_mask("xx.\\nxxx\\n")
    [[True, True, False], [True, True, True]]
    >>> parse_mask("# a board\\n1 10 .")
    [[True, True, False]]
    """
    rows: list[list[bool]] = []
    for lineno, raw in enumerate(text_lines(text), start=1):
        line = raw.strip(" \t")
        tokens = entries(line) if " " in line or "\t" in line else list(line)
        if not tokens:
            continue
        if rows and len(tokens) != len(rows[0]):
            raise FormatError(
                f"line {lineno}: {len(tokens)} squares, but the first line has {len(rows[0])}")
        rows.append([token != _GAP for token in tokens])
    if not rows:
        raise FormatError("the text holds no board shape (only blank lines)")
    return rows


def to_text(puzzle: Puzzle) -> str:
    """The board as text, numbers right-aligned, ``.`` for gaps; :func:`parse_text` reads it."""
    return str(as_puzzle(puzzle))


def to_box_text(puzzle: Puzzle, placements: Iterable[Placement] = ()) -> str:
    """The board in plain ASCII with a wall around every domino (and every uncovered cell).

    Examples
    --------
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> print(to_box_text(p, [Placement((0, 0), (0, 1)), Placement((1, 0), (1, 1)),
    ...                       Placement((0, 2), (1, 2))]))
    +---+---+---+
    | 0   0 | 1 |
    +---+---+   +
    | 1   1 | 0 |
    +---+---+---+
    """
    puzzle = as_puzzle(puzzle)
    n_rows, n_cols = puzzle.shape
    owner: dict[Cell, int] = {cell: -1 - i for i, cell in enumerate(puzzle.cells)}
    for i, pl in enumerate(check_items("placements", placements, "a list of placements")):
        for cell in as_placement(pl).cells:
            owner[cell] = i
    width = len(str(puzzle.max_pip))

    def wall(x: Cell, y: Cell) -> bool:
        return owner.get(x) != owner.get(y)

    lines = []
    for r in range(n_rows + 1):
        border = []
        for c in range(n_cols + 1):
            around = (wall((r - 1, c - 1), (r - 1, c)), wall((r, c - 1), (r, c)),
                      wall((r - 1, c - 1), (r, c - 1)), wall((r - 1, c), (r, c)))
            border.append("+" if any(around) else " ")
            if c < n_cols:
                border.append(("-" if wall((r - 1, c), (r, c)) else " ") * (width + 2))
        lines.append("".join(border).rstrip())
        if r == n_rows:
            break
        row = []
        for c in range(n_cols + 1):
            row.append("|" if wall((r, c - 1), (r, c)) else " ")
            if c < n_cols:
                v = puzzle.rows[r][c]
                row.append(f" {'' if v is None else v:>{width}} ")
        lines.append("".join(row).rstrip())
    return "\n".join(lines)
