"""A puzzle, and optionally a solution, as JSON (``{"format": "dominosa-lab/1", ...}``)."""

from __future__ import annotations

import json
from typing import Any

from dominosa_lab.core.options import check_text
from dominosa_lab.core.puzzle import Placement, Puzzle, Solution, as_puzzle
from dominosa_lab.errors import FormatError

__all__ = ["from_json", "to_json"]


def to_json(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """A puzzle (and optionally a solution) as JSON that :func:`from_json` reads back."""
    puzzle = as_puzzle(puzzle)
    if solution is not None and not isinstance(solution, Solution):
        solution = Solution(puzzle, solution)
    data: dict[str, Any] = {"format": "dominosa-lab/1", "max_pip": puzzle.max_pip,
                            "rows": [list(r) for r in puzzle.rows]}
    if puzzle.name:
        data["name"] = puzzle.name
    if solution is not None:
        data["solution"] = [[list(pl.a), list(pl.b)] for pl in solution.placements]
    return json.dumps(data)


def from_json(text: str) -> tuple[Puzzle, Solution | None]:
    """``(puzzle, solution or None)`` from :func:`to_json`'s output."""
    check_text("text", text, "JSON")
    try:
        data = json.loads(text.removeprefix("\ufeff"))
        rows, max_pip = data["rows"], data["max_pip"]
    except (json.JSONDecodeError, KeyError, TypeError) as err:
        raise FormatError(f"not a dominosa-lab JSON puzzle: {err}") from None
    except RecursionError:
        raise FormatError("not a dominosa-lab JSON puzzle: lists nested too deeply") from None
    except ValueError as err:  # a number of more digits than Python converts
        raise FormatError(f"not a dominosa-lab JSON puzzle: {err}") from None
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise FormatError(f"the JSON puzzle's name must be text, got {name!r}")
    puzzle = Puzzle(rows, max_pip=max_pip, name=name)
    raw = data.get("solution")
    if raw is None:
        return puzzle, None
    try:
        placements = [Placement(tuple(a), tuple(b)) for a, b in raw]
    except (TypeError, ValueError) as err:
        raise FormatError(f"JSON solution is not a list of cell pairs: {err}") from None
    return puzzle, Solution(puzzle, placements)
