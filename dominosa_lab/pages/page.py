"""One HTML file that any browser opens: the template, its style and scripts, and the data.

The page is ``template/page.html`` with ``page.css`` and the scripts put inline and the
data (:mod:`~dominosa_lab.pages.play`, :mod:`~dominosa_lab.pages.search`) as one JSON
block, so the file needs no server, no Python and no network: it opens from a folder or a
memory stick.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from importlib.resources import files
from os import PathLike
from pathlib import Path
from typing import Any

from dominosa_lab.boards import GOALS
from dominosa_lab.boards.distinct import distinct_puzzles
from dominosa_lab.core.options import check_choice, check_count, check_path, check_type
from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.errors import ArgumentError
from dominosa_lab.pages.play import play_puzzle
from dominosa_lab.pages.search import search_steps, stepper_record

__all__ = ["LESSON_BOARD", "SCRIPTS", "Pages", "check_page_path", "render_page",
           "write_class_pages"]

#: The scripts of the page, in the order they run.
SCRIPTS = ("common.js", "play.js", "stepper.js")

#: The board the stepper searches when none is named: the lesson's double-2 board.
LESSON_BOARD = Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]], name="the lesson's board")

#: The places in ``page.html`` that :func:`render_page` fills, replaced in one pass.
MARKER = re.compile(r"/\*STYLE\*/|/\*SCRIPTS\*/|/\*DATA\*/|<!--TITLE-->")


@dataclass(frozen=True)
class Pages:
    """What :func:`write_class_pages` did.

    Attributes
    ----------
    status : str
        ``written``, or ``stopped`` (the puzzles could not all be made in time: nothing
        was written).
    path : Path
        The file.
    puzzles : int
        Puzzles on the play board.
    stepper_nodes : int
        The stepper's search: placements tried.
    seconds : float
        Wall time of the whole call.
    reason : str
        Why nothing was written (empty when written).
    """

    status: str
    path: Path
    puzzles: int = 0
    stepper_nodes: int = 0
    seconds: float = 0.0
    reason: str = ""


def render_page(data: dict[str, Any], title: str) -> str:
    """The page's HTML: the template with its style, scripts and ``data`` put inline.

    Examples
    --------
    >>> html = render_page({"play": None, "stepper": None}, "Dominosa")
    >>> html.startswith("<!DOCTYPE html>"), "<title>Dominosa</title>" in html
    (True, True)
    """
    check_type("title", title, str, "text")
    template = _read("page.html")
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    parts = {
        "/*STYLE*/": _read("page.css"),
        "/*SCRIPTS*/": "\n".join(_read(name) for name in SCRIPTS),
        "/*DATA*/": blob,
        "<!--TITLE-->": _escape(title),
    }
    return MARKER.sub(lambda match: parts[match.group(0)], template)


def write_class_pages(
    path: str | PathLike,
    *,
    n: int = 3,
    grade: str = "basic",
    count: int = 28,
    seed: int = 0,
    stepper: Puzzle | None = None,
    method: str = "rowscan",
    max_nodes: int = 2000,
    time_limit: float | None = 60.0,
    title: str = "Dominosa",
) -> Pages:
    """Write one HTML file: a play board of ``count`` unique puzzles and a search stepper.

    Parameters
    ----------
    path : str or path-like
        The file to write (``.html``).
    n : int
        The double-n set of the puzzles.
    grade : str
        Their grade (:data:`~dominosa_lab.boards.GOALS`).
    count : int
        How many: one per student, no two the same up to turns, mirrors and renumbering.
    seed : int
        The first seed (as ``dominosa-lab print`` takes it): the same arguments, the same set.
    stepper : Puzzle, optional
        The stepper's board; the lesson's double-2 board when omitted.
    method : str
        The stepper's search method (any method that reports a trace).
    max_nodes : int
        The stepper's budget: placements the search may try.
    time_limit : float or None
        Seconds for making the puzzles.
    title : str
        The page's title.

    Returns
    -------
    Pages
        ``written``, or ``stopped`` with the reason when the puzzles took too long.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "class.html"
    >>> pages = write_class_pages(out, n=2, grade="trivial", count=2)
    >>> pages.status, pages.puzzles, out.read_text().count("<script") >= 2
    ('written', 2, True)
    """
    start = time.perf_counter()
    out = check_page_path(path)
    check_count("n", n, allow_none=False)
    check_count("count", count, minimum=1, allow_none=False)
    check_choice("grade", grade, GOALS)
    board = LESSON_BOARD if stepper is None else check_type("stepper", stepper, Puzzle,
                                                            "a Puzzle")
    result = search_steps(board, method=method, max_nodes=max_nodes)
    made = distinct_puzzles(n, count, grade=grade, seed=seed, time_limit=time_limit)
    if made.status != "found":
        return Pages("stopped", out, seconds=time.perf_counter() - start, reason=made.reason)
    puzzles = [play_puzzle(g.puzzle, g.solution, f"puzzle {k}")
               for k, g in enumerate(made.puzzles, 1)]
    data = {"play": {"n": n, "grade": grade, "seed": seed, "puzzles": puzzles},
            "stepper": stepper_record(board, result)}
    out.write_text(render_page(data, title), encoding="utf-8")
    return Pages("written", out, len(puzzles), result.stats.nodes,
                 time.perf_counter() - start)


def check_page_path(path: str | PathLike, name: str = "path") -> Path:
    """``path`` as a Path if it names an ``.html`` file in a folder that exists; else
    ArgumentError naming the argument ``name``.

    Examples
    --------
    >>> check_page_path("class.txt", "-o")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: -o: the page is an HTML file, so 'class.txt' should end \
in .html
    """
    out = check_path(name, path)
    if out.suffix.lower() not in (".html", ".htm"):
        raise ArgumentError(f"{name}: the page is an HTML file, so {str(out)!r} should end in "
                            ".html")
    if not out.parent.is_dir():
        raise ArgumentError(f"{name}: the folder {str(out.parent)!r} does not exist")
    return out


def _read(name: str) -> str:
    """A file of the template folder."""
    return (files("dominosa_lab.pages") / "template" / name).read_text(encoding="utf-8")


def _escape(text: str) -> str:
    """``text`` safe inside HTML."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
