"""What the commands write: compact JSON, the JSON of placements and refutations, and files
and folders checked before any work is done."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dominosa_lab.errors import ArgumentError, PuzzleError

if TYPE_CHECKING:
    from dominosa_lab.boards.slip import Slip
    from dominosa_lab.core.puzzle import Puzzle
    from dominosa_lab.core.search import Refutation

__all__ = ["DRAW_FORMATS", "placements_json", "print_json", "print_json_lines",
           "refutation_json", "slip_json", "tatham_id", "tatham_line", "writable_file",
           "writable_folder"]

#: The picture formats of ``draw`` and ``generate -o``, by file suffix.
DRAW_FORMATS = (".png", ".svg", ".pdf")


def print_json(obj: Any) -> None:
    """Print ``obj`` as JSON on one line of standard output, without spaces.

    Examples
    --------
    >>> print_json({"count": 16, "exact": True})
    {"count":16,"exact":true}
    """
    print(json.dumps(obj, separators=(",", ":")))


def print_json_lines(records: Iterable[Any]) -> None:
    """Print a list as JSON Lines: one record a line."""
    for record in records:
        print_json(record)


def placements_json(placements: Any) -> list[list[list[int]]]:
    """Placements as pairs of ``[row, column]`` cells."""
    return [[list(pl.a), list(pl.b)] for pl in placements]


def refutation_json(refutation: Refutation | None) -> dict[str, Any] | None:
    """Why a board has no solution, as JSON (None when there is no reason to give)."""
    if refutation is None:
        return None
    return {"kind": refutation.kind, "squares": [list(cell) for cell in refutation.squares],
            "dominoes": [list(domino) for domino in refutation.dominoes],
            "steps": list(refutation.steps), "text": refutation.text}


def slip_json(slip: Slip) -> dict[str, Any]:
    """An exchange of two neighbouring numbers that mends a board, as JSON: the two squares,
    the numbers they show, and the mended board's solution."""
    return {"cells": [list(cell) for cell in slip.cells], "numbers": list(slip.numbers),
            "solution": placements_json(slip.solution.placements)}


def tatham_id(puzzle: Puzzle) -> str | None:
    """The puzzle's Tatham game id, or None for a board his ids do not describe."""
    from dominosa_lab.formats import to_tatham

    try:
        return to_tatham(puzzle)
    except PuzzleError:
        return None


def tatham_line(puzzle: Puzzle) -> str:
    """The line that gives the puzzle's Tatham game id, or says why it has none."""
    game_id = tatham_id(puzzle)
    return f"Tatham game id: {game_id or 'none (his ids describe full (N+1) x (N+2) boards only)'}"


def writable_file(flag: str, given: str, formats: Sequence[str]) -> Path:
    """``given`` if it names a file of ``formats`` that can be written, checked by writing it
    (and removing what did not exist); else an ArgumentError naming ``flag``, before any work.

    A picture needs the draw extra: its absence is said here too, before any work.
    """
    from dominosa_lab.draw.worksheet import check_output

    out = check_output(given, flag, formats)
    if out.is_dir():
        raise ArgumentError(f"{flag} {given!r} is a folder, not a file")
    existed = out.exists()
    try:
        with open(out, "ab"):
            pass
    except OSError as err:
        raise ArgumentError(f"{flag} {given!r} cannot be written: {err.strerror}") from None
    if not existed:
        out.unlink()
    return out


def writable_folder(flag: str, given: str) -> Path:
    """``given`` if it is (or can be made as) a folder this user may write in, checked by
    making a folder in the nearest one that exists; else an ArgumentError naming ``flag``,
    before any work is done."""
    folder = Path(given)
    existing = next(p for p in (folder, *folder.parents) if p.exists() or p == Path(p.anchor))
    if not existing.is_dir():
        raise ArgumentError(f"{flag} {given!r}: {str(existing)!r} is a file, not a folder")
    try:
        probe = tempfile.mkdtemp(dir=existing, prefix=".dominosa-lab-")
    except OSError as err:
        raise ArgumentError(f"{flag} {given!r}: cannot write in {str(existing)!r}: "
                            f"{err.strerror}") from None
    shutil.rmtree(probe)
    return folder
