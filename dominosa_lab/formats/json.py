"""A puzzle, and optionally a solution, as JSON (``{"format": "dominosa-lab/1", ...}``)."""

from __future__ import annotations

import json
from typing import Any

from dominosa_lab.core.options import check_text
from dominosa_lab.core.puzzle import Placement, Puzzle, Solution, as_puzzle
from dominosa_lab.errors import FormatError

__all__ = ["FORMAT", "from_data", "from_json", "read_json", "to_data", "to_json"]

#: The ``format`` field of the JSON this module writes and reads.
FORMAT = "dominosa-lab/1"


def to_json(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """A puzzle (and optionally a solution) as JSON that :func:`from_json` reads back."""
    return json.dumps(to_data(puzzle, solution))


def to_data(puzzle: Puzzle, solution: Solution | None = None) -> dict[str, Any]:
    """:func:`to_json`'s value before it is written as text (what :func:`from_data` reads)."""
    puzzle = as_puzzle(puzzle)
    if solution is not None and not isinstance(solution, Solution):
        solution = Solution(puzzle, solution)
    data: dict[str, Any] = {"format": FORMAT, "max_pip": puzzle.max_pip,
                            "rows": [list(r) for r in puzzle.rows]}
    if puzzle.name:
        data["name"] = puzzle.name
    if solution is not None:
        data["solution"] = [[list(pl.a), list(pl.b)] for pl in solution.placements]
    return data


def from_json(text: str) -> tuple[Puzzle, Solution | None]:
    """``(puzzle, solution or None)`` from :func:`to_json`'s output; FormatError naming what is
    missing or of the wrong kind.

    Examples
    --------
    >>> from_json('{"rows": [[0, 0, 1], [1, 1, 0]], "max_pip": 1}')[0].shape
    (2, 3)
    >>> from_json("[]")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: a JSON puzzle is an object with "rows" and "max_pip", \
got a list
    """
    return from_data(read_json(text))


def from_data(data: Any) -> tuple[Puzzle, Solution | None]:
    """``(puzzle, solution or None)`` from :func:`to_data`'s value (JSON already read), as
    :func:`from_json` checks it."""
    if not isinstance(data, dict):
        raise FormatError(f'a JSON puzzle is an object with "rows" and "max_pip", got '
                          f"{_kind(data)}")
    missing = [key for key in ("rows", "max_pip") if key not in data]
    if missing:
        raise FormatError(f"the JSON puzzle lacks {' and '.join(map(repr, missing))}")
    if data.get("format", FORMAT) != FORMAT:
        raise FormatError(f"the JSON puzzle's format is {_kind(data['format'])}, not {FORMAT!r}")
    rows, max_pip, name = data["rows"], data["max_pip"], data.get("name")
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise FormatError(f'the JSON puzzle\'s "rows" must be a list of lists of numbers (null '
                          f"for a gap), got {_kind(rows)}")
    if name is not None and not isinstance(name, str):
        raise FormatError(f'the JSON puzzle\'s "name" must be text, got {_kind(name)}')
    puzzle = Puzzle(rows, max_pip=max_pip, name=name)
    raw = data.get("solution")
    return puzzle, None if raw is None else Solution(puzzle, _placements(raw))


def read_json(text: str) -> Any:
    """The JSON value of ``text``; FormatError for text that is not JSON or that Python refuses
    (lists nested too deeply, a number of too many digits).

    Examples
    --------
    >>> read_json("[" * 100_000)
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.FormatError: not JSON this reads: lists or objects nested too deeply
    """
    text = check_text("text", text, "JSON")
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as err:
        raise FormatError(f"not JSON: {err}") from None
    except RecursionError:
        raise FormatError("not JSON this reads: lists or objects nested too deeply") from None
    except ValueError as err:  # a number of more digits than Python converts
        raise FormatError(f"not JSON this reads: {err}") from None


def _placements(raw: Any) -> list[Placement]:
    """The placements of a JSON solution, a list of ``[[row, col], [row, col]]``."""
    if not isinstance(raw, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, list) for c in pair)
            for pair in raw):
        raise FormatError(f'the JSON puzzle\'s "solution" must be a list of cell pairs '
                          f"[[row, col], [row, col]], got {_kind(raw)}")
    return [Placement(tuple(a), tuple(b)) for a, b in raw]


def _kind(value: Any) -> str:
    """What a JSON value is, for a message: ``a list``, ``null``, ``the number 3``."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    return f"the number {str(value)[:40]}"
