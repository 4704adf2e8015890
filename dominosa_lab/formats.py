"""Reading and writing puzzles and solutions.

* plain text: whitespace-separated numbers, ``.`` for a gap, ``#`` starts a comment;
* Simon Tatham's Dominosa game ids (``"3:02113312013003232012"``);
* the R blog's solution matrix (``row col direction`` per domino, 1-based);
* JSON (a puzzle with an optional solution).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from dominosa_lab.puzzle import Cell, Placement, Puzzle, PuzzleError, Solution, SolutionMatrix

# --- plain text -------------------------------------------------------------------------

_GAP = "."


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
    rows: list[list[int | None]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.partition("#")[0]
        if not line.strip():
            continue
        row: list[int | None] = []
        for col, token in enumerate(line.split()):
            if token == _GAP:
                row.append(None)
            elif token.isdecimal():
                row.append(int(token))
            else:
                raise PuzzleError(
                    f"line {lineno}, entry {col + 1}: {token!r} is not a number or '{_GAP}'"
                )
        if rows and len(row) != len(rows[0]):
            raise PuzzleError(
                f"line {lineno}: {len(row)} entries, but the first board line has {len(rows[0])}"
            )
        rows.append(row)
    if not rows:
        raise PuzzleError("the text holds no board (only blank lines or comments)")
    return Puzzle(rows, max_pip=max_pip, name=name)


def to_text(puzzle: Puzzle) -> str:
    """The board as text, numbers right-aligned, ``.`` for gaps; :func:`parse_text` reads it."""
    width = len(str(puzzle.max_pip))
    lines = [
        " ".join(_GAP.rjust(width) if v is None else str(v).rjust(width) for v in row)
        for row in puzzle.rows
    ]
    return "\n".join(lines) + "\n"


# --- Simon Tatham's game ids --------------------------------------------------------------

_PARAMS = re.compile(r"^(\d+)(?:d?([tbhea]))?$")


def parse_tatham(game_id: str) -> Puzzle:
    """A puzzle from a Simon Tatham Dominosa game id ``PARAMS:DESC``.

    Raises :class:`PuzzleError` naming the offending character or number.

    Examples
    --------
    >>> p = parse_tatham("3:02113312013003232012")
    >>> p.rows[0]
    (0, 2, 1, 1, 3)
    >>> parse_tatham("12de:[11]").max_pip
    Traceback (most recent call last):
    ...
    dominosa_lab.puzzle.PuzzleError: Tatham id: game description is too short: 1 of 182 numbers
    """
    game_id = game_id.strip()
    if "#" in game_id and ":" not in game_id:
        raise PuzzleError(
            f"Tatham id {game_id!r} is a random seed ('PARAMS#SEED'): only the Portable Puzzle "
            "Collection's own generator can expand it; copy the game id (PARAMS:DESC) instead"
        )
    params, sep, desc = game_id.partition(":")
    if not sep:
        raise PuzzleError(f"Tatham id {game_id!r} has no ':' between parameters and description")
    match = _PARAMS.match(params)
    if not match:
        raise PuzzleError(
            f"Tatham id: parameters {params!r} are not a number N with an optional "
            "difficulty such as 'dh'"
        )
    n = int(match.group(1))
    width, height = n + 2, n + 1
    numbers = _tatham_numbers(desc, n, width * height, offset=len(params) + 1)
    if len(numbers) < width * height:
        raise PuzzleError(
            f"Tatham id: game description is too short: {len(numbers)} of {width * height} numbers"
        )
    rows = [numbers[r * width:(r + 1) * width] for r in range(height)]
    return Puzzle(rows, max_pip=n)


def _tatham_numbers(desc: str, n: int, need: int, offset: int) -> list[int]:
    """The numbers of ``desc``; error positions count from 1 in the whole id (``offset`` before)."""
    numbers: list[int] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if len(numbers) == need:
            raise PuzzleError(
                f"Tatham id: game description is too long: extra text from character "
                f"{offset + i + 1} ({desc[i:i + 10]!r})"
            )
        if ch == "[":
            end = desc.find("]", i)
            if end < 0:
                raise PuzzleError(
                    f"Tatham id: missing ']' for the '[' at character {offset + i + 1}"
                )
            token, start, i = desc[i + 1:end], offset + i + 1, end + 1
            if not token.isdecimal():
                raise PuzzleError(f"Tatham id: [{token}] at character {start} is not a number")
        elif ch.isdecimal():
            token, start, i = ch, offset + i + 1, i + 1
        else:
            raise PuzzleError(f"Tatham id: invalid character {ch!r} at character {offset + i + 1}")
        value = int(token)
        if value > n:
            raise PuzzleError(
                f"Tatham id: number {value} at character {start} (number {len(numbers) + 1}) "
                f"is out of range 0..{n}"
            )
        numbers.append(value)
    return numbers


def to_tatham(puzzle: Puzzle) -> str:
    """The game id of a full (N+1) x (N+2) board, e.g. ``"3:02113312013003232012"``."""
    n = puzzle.max_pip
    if puzzle.shape != (n + 1, n + 2) or puzzle.has_gaps:
        raise PuzzleError(
            f"Tatham ids describe full {n + 1}x{n + 2} boards; this one is "
            f"{puzzle.shape[0]}x{puzzle.shape[1]}{' with gaps' if puzzle.has_gaps else ''}"
        )
    desc = "".join(str(v) if v < 10 else f"[{v}]" for row in puzzle.rows for v in row)
    return f"{n}:{desc}"


# --- the R blog's solution matrix ---------------------------------------------------------


def parse_matrix(text: str) -> SolutionMatrix:
    """The R blog's printed solution matrix (header line, then ``label row col direction``)."""
    labels, entries = [], []
    for lineno, raw in enumerate(text.strip().splitlines(), start=1):
        fields = raw.split()
        if lineno == 1 and fields == ["row", "col", "direction"]:
            continue
        if len(fields) != 4 or not all(f.isdecimal() for f in fields[1:]):
            raise PuzzleError(f"matrix line {lineno}: expected 'label row col direction': {raw!r}")
        labels.append(fields[0])
        entries.append(tuple(int(f) for f in fields[1:]))
    return SolutionMatrix(tuple(labels), tuple(entries))


def solution_from_matrix(puzzle: Puzzle, matrix: SolutionMatrix) -> Solution:
    """The :class:`Solution` that an R blog matrix describes on ``puzzle``."""
    placements = []
    for label, (r, c, d) in zip(matrix.labels, matrix.entries, strict=True):
        if d not in (0, 1):
            raise PuzzleError(f"matrix row {label}: direction {d} is neither 0 nor 1")
        a = (r - 1, c - 1)
        placements.append(Placement(a, (a[0] + d, a[1] + 1 - d)))
    return Solution(puzzle, placements)


# --- JSON ---------------------------------------------------------------------------------


def to_json(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """A puzzle (and optionally a solution) as JSON that :func:`from_json` reads back."""
    data: dict[str, Any] = {"format": "dominosa-lab/1", "max_pip": puzzle.max_pip,
                            "rows": [list(r) for r in puzzle.rows]}
    if puzzle.name:
        data["name"] = puzzle.name
    if solution is not None:
        data["solution"] = [[list(pl.a), list(pl.b)] for pl in solution.placements]
    return json.dumps(data)


def from_json(text: str) -> tuple[Puzzle, Solution | None]:
    """``(puzzle, solution or None)`` from :func:`to_json`'s output."""
    try:
        data = json.loads(text)
        rows, max_pip = data["rows"], data["max_pip"]
    except (json.JSONDecodeError, KeyError, TypeError) as err:
        raise PuzzleError(f"not a dominosa-lab JSON puzzle: {err}") from None
    puzzle = Puzzle(rows, max_pip=max_pip, name=data.get("name"))
    raw = data.get("solution")
    if raw is None:
        return puzzle, None
    try:
        placements = [Placement(tuple(a), tuple(b)) for a, b in raw]
    except (TypeError, ValueError) as err:
        raise PuzzleError(f"JSON solution is not a list of cell pairs: {err}") from None
    return puzzle, Solution(puzzle, placements)


# --- box drawing for terminals ------------------------------------------------------------


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
    n_rows, n_cols = puzzle.shape
    owner: dict[Cell, int] = {cell: -1 - i for i, cell in enumerate(puzzle.cells)}
    for i, pl in enumerate(placements):
        for cell in pl.cells:
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
