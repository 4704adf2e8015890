"""Published puzzles by name; each is ``formats/data/NAME.txt``, with its provenance in a header.

The header's ``# key: value`` lines say where the board comes from: ``source`` (the text and
its address), ``where`` (the place in it), ``copied`` (how it was transcribed and what checks the
copy) and ``title``; a line indented after ``#`` continues the value above it. ``docs/sources.md``
lists the sources.
"""

from __future__ import annotations

from pathlib import Path

from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.errors import PuzzleError
from dominosa_lab.formats.text import parse_text

__all__ = ["describe", "load", "names"]

_DATA = Path(__file__).parent / "data"


def names() -> list[str]:
    """The catalog's puzzle names, sorted.

    Examples
    --------
    >>> "mikefc-small" in names()
    True
    """
    return sorted(p.name[:-4] for p in _DATA.iterdir() if p.name.endswith(".txt"))


def _path(name: str) -> Path:
    if not isinstance(name, str) or name not in names():
        raise PuzzleError(f"no puzzle named {name!r} in the catalog; known: {', '.join(names())}")
    return _DATA / f"{name}.txt"


def load(name: str) -> Puzzle:
    """The catalog puzzle ``name`` (see :func:`names`)."""
    return parse_text(_path(name).read_text(), name=name)


def describe(name: str) -> dict[str, str]:
    """The ``# key: value`` header of a catalog entry: ``source``, ``where``, ``copied``, ``title``.

    Examples
    --------
    >>> info = describe("caviness-m9")
    >>> info["source"].split(", ")[0], info["source"].split()[-1]
    ('K. E. Caviness', 'http://www.mathematica-journal.com/2014/10/three-ways-to-solve-domino-grids/')
    """
    info: dict[str, str] = {}
    key = None
    for line in _path(name).read_text().splitlines():
        if not line.startswith("#"):
            break
        body = line[1:].strip()
        head, sep, rest = body.partition(":")
        if sep and head.isidentifier() and not line[1:].startswith("  "):
            key = head
            info[key] = rest.strip()
        elif key:
            info[key] += " " + body
    return info
