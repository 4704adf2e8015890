"""Plain text boards: whitespace-separated numbers, ``.`` for a gap, ``#`` comments; board shapes.

Also the terminal drawing of a board with its dominoes outlined (:func:`to_box_text`).
"""

from __future__ import annotations

from collections.abc import Iterable

from dominosa_lab.core.options import check_items, check_text
from dominosa_lab.core.puzzle import Cell, Placement, Puzzle, as_placement, as_puzzle
from dominosa_lab.errors import FormatError

__all__ = ["MAX_DIGITS", "parse_mask", "parse_number", "parse_text", "to_box_text", "to_text"]

_GAP = "."

#: The most digits a number on a board may have: a double-N board of N with more does not fit
#: in any memory (its (N+1)(N+2) cells).
MAX_DIGITS = 9


def parse_number(token: str, where: str) -> int:
    """The number written as ``token`` (decimal digits), or FormatError naming ``where``.

    Examples
    --------
    >>> parse_number("12", "line 1, entry 2")
    12
    >>> parse_number("1" * 5000, "line 1, entry 2")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: line 1, entry 2: a number of 5000 digits is too large for \
a board (at most 9 digits)
    """
    if not token.isdecimal():
        raise FormatError(f"{where}: {token[:20]!r} is not a number")
    if len(token) > MAX_DIGITS:
        raise FormatError(f"{where}: a number of {len(token)} digits is too large for a board "
                          f"(at most {MAX_DIGITS} digits)")
    return int(token)


def parse_text(text: str, max_pip: int | None = None, name: str | None = None) -> Puzzle:
    """A puzzle from text: one board row per line, numbers separated by spaces.

    A line may also hold a comment after ``#``; blank lines are skipped; ``.``
    marks a gap.

    Examples
    --------
    >>> p = parse_text('''
    ... # a double-1 board
    ... 0 0 1
    ... 1 1 0
    ... ''')
    >>> p.shape, p.max_pip
    ((2, 3), 1)
    """
    # a byte-order mark is no entry
    text = check_text("text", text, "the board as text").removeprefix("\ufeff")
    rows: list[list[int | None]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        tokens = _tokens(raw)
        if not tokens:
            continue
        row: list[int | None] = []
        for col, token in enumerate(tokens):
            where = f"line {lineno}, entry {col + 1}"
            if token == _GAP:
                row.append(None)
            elif token.isdecimal():
                row.append(parse_number(token, where))
            else:
                raise FormatError(f"{where}: {token[:20]!r} is not a number or '{_GAP}'")
        if rows and len(row) != len(rows[0]):
            raise FormatError(
                f"line {lineno}: {len(row)} entries, but the first board line has {len(rows[0])}"
            )
        rows.append(row)
    if not rows:
        raise FormatError("the text holds no board (only blank lines or comments)")
    return Puzzle(rows, max_pip=max_pip, name=name)


def parse_mask(text: str) -> list[list[bool]]:
    """A board's shape from text: one line per row, ``.`` for a gap, anything else a cell.

    A line with spaces is read as tokens, comments after ``#`` dropped, as by
    :func:`parse_text` (so a board in its format gives its own shape); a line without,
    character by character (``#`` is then a square). Blank lines are skipped.

    Examples
    --------
    >>> parse_mask("xx.\\nxxx\\n")
    [[True, True, False], [True, True, True]]
    >>> parse_mask("# a board\\n1 10 .")
    [[True, True, False]]
    """
    text = check_text("text", text, "the board as text").removeprefix("\ufeff")
    rows: list[list[bool]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        tokens = _tokens(line) if any(ch.isspace() for ch in line) else list(line)
        if not tokens:
            continue
        if rows and len(tokens) != len(rows[0]):
            raise FormatError(
                f"line {lineno}: {len(tokens)} squares, but the first line has {len(rows[0])}")
        rows.append([token != _GAP for token in tokens])
    if not rows:
        raise FormatError("the text holds no board shape (only blank lines)")
    return rows


def _tokens(line: str) -> list[str]:
    """The entries of one line of :func:`parse_text`'s format (a comment after ``#`` dropped)."""
    return line.partition("#")[0].split()


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
