"""Simon Tatham's Dominosa game ids (``PARAMS:DESC``, e.g. ``"3:02113312013003232012"``).

The board has N+1 rows and N+2 columns; ``DESC`` lists the numbers row by row,
one digit each, numbers of 10 and more in brackets (``[10]``). Errors name the
character position in the whole id as the user pasted it.
"""

from __future__ import annotations

import re

import numpy as np

from dominosa_lab.core.options import check_fits, check_text
from dominosa_lab.core.puzzle import Puzzle, as_puzzle
from dominosa_lab.errors import FormatError
from dominosa_lab.formats.text import parse_number

__all__ = ["parse_tatham", "to_tatham"]

_PARAMS = re.compile(r"([0-9]+)(?:d?([tbhea]))?")
#: One number of a description, and a description of well-formed numbers only.
_NUMBER = re.compile(r"\[([0-9]{1,9})\]|([0-9])")
_BRACKETED = re.compile(r"(?:\[[0-9]{1,9}\]|[0-9])*")
#: The most characters one number takes (``[`` nine digits ``]``): a longer description is too
#: long, which the loop finds after ``need`` numbers without reading the rest.
_WIDEST = 11


def parse_tatham(game_id: str) -> Puzzle:
    """A puzzle from a Simon Tatham Dominosa game id ``PARAMS:DESC``.

    Raises :class:`~dominosa_lab.errors.FormatError` naming the offending character or number.

    Examples
    --------
    >>> p = parse_tatham("3:02113312013003232012")
    >>> p.rows[0]
    (0, 2, 1, 1, 3)
    >>> parse_tatham("12de:[11]").max_pip
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: Tatham id: game description is too short: 1 of 182 numbers
    """
    game_id = check_text("game_id", game_id, "a Tatham game id").strip()
    if "#" in game_id and ":" not in game_id:
        raise FormatError(
            f"Tatham id {game_id!r} is a random seed ('PARAMS#SEED'): only the Portable Puzzle "
            "Collection's own generator can expand it; copy the game id (PARAMS:DESC) instead"
        )
    params, sep, desc = game_id.partition(":")
    if not sep:
        raise FormatError(f"Tatham id {game_id!r} has no ':' between parameters and description")
    match = _PARAMS.fullmatch(params)
    if not match:
        raise FormatError(
            f"Tatham id: parameters {params!r} are not a number N with an optional "
            "difficulty such as 'dh'"
        )
    n = parse_number(match.group(1), "Tatham id: parameter N")
    width, height = n + 2, n + 1
    check_fits("Tatham id: N", width * height)
    numbers = _tatham_numbers(desc, n, width * height, offset=len(params) + 1)
    if len(numbers) < width * height:
        raise FormatError(
            f"Tatham id: game description is too short: {len(numbers)} of {width * height} numbers"
        )
    rows = [numbers[r * width:(r + 1) * width] for r in range(height)]
    return Puzzle(rows, max_pip=n)


def _tatham_numbers(desc: str, n: int, need: int, offset: int) -> list[int]:
    """The numbers of ``desc``; error positions count from 1 in the whole id (``offset`` before)."""
    if desc.isascii() and desc.isdigit():
        return _digits(desc, n, need, offset)
    if len(desc) <= need * _WIDEST and _BRACKETED.fullmatch(desc):
        numbers = [int(many or one) for many, one in _NUMBER.findall(desc)]
        if len(numbers) <= need and max(numbers, default=0) <= n:
            return numbers  # else the loop below says where it went wrong
    numbers = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if len(numbers) == need:
            raise FormatError(
                f"Tatham id: game description is too long: extra text from character "
                f"{offset + i + 1} ({desc[i:i + 10]!r})"
            )
        if ch == "[":
            end = desc.find("]", i)
            if end < 0:
                raise FormatError(
                    f"Tatham id: missing ']' for the '[' at character {offset + i + 1}"
                )
            token, start, i = desc[i + 1:end], offset + i + 1, end + 1
            value = parse_number(token, f"Tatham id: [{token[:20]}] at character {start}")
        elif ch.isdigit():
            start, i = offset + i + 1, i + 1
            value = parse_number(ch, f"Tatham id: character {start}")
        else:
            raise FormatError(f"Tatham id: invalid character {ch!r} at character {offset + i + 1}")
        if value > n:
            raise FormatError(
                f"Tatham id: number {value} at character {start} (number {len(numbers) + 1}) "
                f"is out of range 0..{n}"
            )
        numbers.append(value)
    return numbers


def _digits(desc: str, n: int, need: int, offset: int) -> list[int]:
    """The numbers of a description of single digits, read at C speed."""
    numbers = np.frombuffer(desc[:need].encode("ascii"), dtype=np.uint8) - ord("0")
    above = np.flatnonzero(numbers > n)
    if above.size:
        i = int(above[0])
        raise FormatError(f"Tatham id: number {numbers[i]} at character {offset + i + 1} "
                          f"(number {i + 1}) is out of range 0..{n}")
    if len(desc) > need:
        raise FormatError(f"Tatham id: game description is too long: extra text from character "
                          f"{offset + need + 1} ({desc[need:need + 10]!r})")
    return numbers.tolist()


def to_tatham(puzzle: Puzzle) -> str:
    """The game id of a full (N+1) x (N+2) board, e.g. ``"3:02113312013003232012"``."""
    puzzle = as_puzzle(puzzle)
    n = puzzle.max_pip
    if puzzle.shape != (n + 1, n + 2) or puzzle.has_gaps:
        raise FormatError(
            f"Tatham ids describe full {n + 1}x{n + 2} boards; this one is "
            f"{puzzle.shape[0]}x{puzzle.shape[1]}{' with gaps' if puzzle.has_gaps else ''}"
        )
    desc = "".join(str(v) if v < 10 else f"[{v}]" for row in puzzle.rows for v in row)
    return f"{n}:{desc}"
