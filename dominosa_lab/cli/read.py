"""What the commands read: a puzzle from a file, standard input, the catalog or a Tatham game
id; a board shape; the text of a file, in UTF-8 or UTF-16."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from dominosa_lab.errors import DominosaError, PuzzleError

if TYPE_CHECKING:
    from dominosa_lab.core.puzzle import Puzzle

__all__ = ["TEXT_FORMAT", "is_file", "read_puzzle", "read_shape", "read_text"]

#: The puzzle formats the commands read, as ``--help`` and the README describe them.
TEXT_FORMAT = (
    "A puzzle is a file, '-' for standard input, a catalog name (dominosa-lab catalog) or a "
    "Tatham game id (N:DIGITS, e.g. 3:02113312013003232012, as Simon Tatham's Dominosa "
    "shows it). A file holds the board as text (UTF-8 or UTF-16), "
    "one row per line, numbers separated by spaces, '.' for a gap, '#' to the end of the line "
    "a comment; or the JSON of dominosa_lab.formats.to_json (a .json file, or text starting "
    "with '{'); or one line with a Tatham game id.")

def read_puzzle(spec: str) -> Puzzle:
    """A puzzle from a file path (text or ``.json``), ``-`` (standard input), a catalog name,
    or a Tatham game id of any length; an error in a file's content names the file.

    Examples
    --------
    >>> read_puzzle("3:02113312013003232012").shape
    (4, 5)
    >>> read_puzzle("mikefc-small").name
    'mikefc-small'
    """
    from dominosa_lab.formats import catalog, decode_text, parse_tatham

    if spec == "-":
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        text = decode_text(data, "standard input") if isinstance(data, bytes) else data
        return _parse_source(text, "standard input", None, json_file=False)
    path = Path(spec)
    if is_file(path):
        return _parse_source(read_text(path), str(path), path.stem,
                             json_file=path.suffix.lower() == ".json")
    if spec in catalog.names():
        return catalog.load(spec)
    if ":" in spec or "#" in spec:
        return parse_tatham(spec)
    raise PuzzleError(
        f"{spec[:80]!r} is not a file, a catalog name ({', '.join(catalog.names())}) "
        "or a Tatham game id (N:DIGITS)"
    )


def is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False for a name the system cannot take (a long game id)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _parse_source(text: str, source: str, name: str | None, *, json_file: bool) -> Puzzle:
    """The puzzle of a file's or standard input's text: JSON, one Tatham game id, or the text
    format; an error names ``source``."""
    from dominosa_lab.formats import from_json, parse_tatham, parse_text

    body = text.removeprefix("\ufeff").strip()
    try:
        if json_file or body.startswith("{"):
            return from_json(body)[0]
        if len(body.split()) == 1 and ":" in body:
            return parse_tatham(body)
        return parse_text(text, name=name)
    except DominosaError as err:
        raise type(err)(f"{source}: {err}") from None


def read_shape(spec: str) -> tuple[int, int] | list[list[bool]]:
    """A board shape: ``ROWSxCOLS``, or a file of rows with ``.`` for gaps (see ``parse_mask``).

    Examples
    --------
    >>> read_shape("7x8")
    (7, 8)
    """
    from dominosa_lab.formats import parse_mask

    match = re.fullmatch(r"([0-9]+)x([0-9]+)", spec.strip())
    if match:
        return int(match.group(1)), int(match.group(2))
    path = Path(spec)
    if not is_file(path):
        raise PuzzleError(f"--shape {spec[:80]!r} is neither ROWSxCOLS (e.g. 7x8) nor a file")
    return parse_mask(read_text(path))


def read_text(path: Path) -> str:
    """The text of a file the user named, in UTF-8 or UTF-16 (see
    :func:`~dominosa_lab.formats.decode_text`)."""
    from dominosa_lab.formats import read_text_file

    return read_text_file(path)
