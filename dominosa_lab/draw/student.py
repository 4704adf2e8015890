"""The student's edition of a lesson notebook: the notebook without its answers, a printable
exercise sheet and a separate answer key, all cut from the lesson itself by its cell tags.

The lesson marks its cells with tags (:data:`TAGS`): ``answer`` (an answer, folded under its
question), ``answers-checked`` (the teacher's section that computes the answers), ``teacher``
(a note for the teacher) and ``exercise`` (a question of the exercise sheet, or the board or
grids it is asked on). :func:`write_student_edition` writes

* ``NAME_student.ipynb``: the lesson without ``answer``, ``answers-checked`` and ``teacher``
  cells, its outputs kept and its metadata untouched;
* ``NAME_exercises.pdf``: the ``exercise`` cells in order, their text and their pictures;
* ``NAME_answers.pdf``: the ``answer`` cells in order, their text and pictures (an answer
  written by a code cell is its Markdown output).

Since the three are cut from the lesson each time, they cannot drift from it.
"""

from __future__ import annotations

import base64
import copy
import io
import json
import re
import textwrap
from collections.abc import Iterator
from os import PathLike
from pathlib import Path
from typing import Any

import matplotlib.image
from matplotlib.axes import Axes
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from dominosa_lab.draw.theme import GREY20, INLINE_DPI
from dominosa_lab.draw.worksheet import MARGIN, PAPERS
from dominosa_lab.errors import ArgumentError

__all__ = [
    "TAGS",
    "draw_blank_grids",
    "lesson_parts",
    "student_notebook",
    "write_student_edition",
]

#: The cell tags the student's edition reads, and what each cell so tagged is.
TAGS = {
    "answer": "an answer: left out of the student's notebook, printed in the answer key",
    "answers-checked": "the teacher's section that computes the answers: left out",
    "teacher": "a note for the teacher: left out",
    "exercise": "a question, or its board or grids: printed on the exercise sheet",
}
_LEFT_OUT = ("answer", "answers-checked", "teacher")
_POINTS = 11.0  # the sheets' text
_LINE = _POINTS * 1.45 / 72  # inches per line of text
_IMAGE = re.compile(r"!\[[^\]]*\]\(([^)]+)\)")


def lesson_parts(lesson: dict[str, Any], tag: str) -> list[dict[str, Any]]:
    """The cells of a notebook (as JSON) that carry ``tag``, in order.

    Examples
    --------
    >>> nb = {"cells": [{"cell_type": "markdown", "metadata": {"tags": ["answer"]},
    ...                  "source": "Yes."}, {"cell_type": "markdown", "metadata": {},
    ...                  "source": "Why?"}]}
    >>> [c["source"] for c in lesson_parts(nb, "answer")]
    ['Yes.']
    """
    if tag not in TAGS:
        raise ArgumentError(f"tag must be one of {', '.join(map(repr, TAGS))}, got {tag!r}")
    return [cell for cell in lesson["cells"] if tag in cell.get("metadata", {}).get("tags", ())]


def student_notebook(lesson: dict[str, Any]) -> dict[str, Any]:
    """The lesson (a notebook as JSON) without its answers, checked answers and teacher's notes.

    Examples
    --------
    >>> nb = {"cells": [{"cell_type": "markdown", "metadata": {"tags": ["answer"]},
    ...                  "source": "Yes."}, {"cell_type": "markdown", "metadata": {},
    ...                  "source": "Why?"}], "metadata": {}, "nbformat": 4}
    >>> [c["source"] for c in student_notebook(nb)["cells"]]
    ['Why?']
    """
    out = copy.deepcopy(lesson)
    out["cells"] = [cell for cell in out["cells"]
                    if not set(cell.get("metadata", {}).get("tags", ())) & set(_LEFT_OUT)]
    return out


def write_student_edition(lesson: str | PathLike, folder: str | PathLike,
                          paper: str = "a4") -> list[Path]:
    """Write the student's notebook, the exercise sheet and the answer key of ``lesson`` into
    ``folder`` (made if missing); return the three paths.

    Raises
    ------
    ArgumentError
        For a lesson that is not a notebook file, a lesson with no ``exercise`` or no
        ``answer`` cell, or an unknown paper.
    """
    source = Path(lesson)
    notebook = _read(source)
    if paper not in PAPERS:
        raise ArgumentError(f"paper must be one of {', '.join(map(repr, PAPERS))}, "
                            f"got {paper!r}")
    exercises, answers = lesson_parts(notebook, "exercise"), lesson_parts(notebook, "answer")
    for tag, cells in (("exercise", exercises), ("answer", answers)):
        if not cells:
            raise ArgumentError(f"{source}: no cell is tagged {tag!r}, nothing to print")
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise ArgumentError(f"-o {str(out)!r} is a file, not a folder")
    out.mkdir(parents=True, exist_ok=True)
    stem = source.stem
    student = out / f"{stem}_student.ipynb"
    student.write_text(json.dumps(student_notebook(notebook), indent=1, ensure_ascii=False)
                       + "\n", encoding="utf-8")
    sheet = _write_pdf(exercises, source.parent, out / f"{stem}_exercises.pdf",
                       "Exercises", paper)
    key = _write_pdf(answers, source.parent, out / f"{stem}_answers.pdf",
                     "Answers (for the teacher)", paper, _questions(notebook))
    return [student, sheet, key]


def draw_blank_grids(shapes: dict[tuple[int, int], int], *, cell: float = 0.32,
                     per_row: int = 6) -> Figure:
    """Empty grids to draw dominoes on: ``copies`` of each (rows, columns) in ``shapes``,
    a row of grids per shape (wrapped after ``per_row``), each ``cell`` inches a square.

    Examples
    --------
    >>> fig = draw_blank_grids({(2, 3): 2, (2, 4): 3})
    >>> len(fig.axes), sum(len(ax.patches) for ax in fig.axes)
    (5, 36)
    """
    lines = [(shape, min(per_row, copies - k)) for shape, copies in shapes.items()
             for k in range(0, copies, per_row)]
    widest = max(k * (shape[1] + 1) for shape, k in lines)
    height = sum(shape[0] + 1 for shape, _ in lines)
    fig = Figure(figsize=(widest * cell, height * cell + 0.2))
    top = 1.0
    for (rows, cols), count in lines:
        h = (rows + 1) / (height + 0.2 / cell)
        top -= h
        for k in range(count):
            ax = fig.add_axes((k * (cols + 1) / widest, top, cols / widest, rows / (
                height + 0.2 / cell)))
            _blank(ax, rows, cols)
    return fig


def _blank(ax: Axes, rows: int, cols: int) -> None:
    """One empty grid of ``rows`` x ``cols`` squares."""
    for r in range(rows):
        for c in range(cols):
            ax.add_patch(Rectangle((c, rows - 1 - r), 1, 1, fill=False, edgecolor=GREY20,
                                   linewidth=1.0))
    ax.set_xlim(-0.05, cols + 0.05)
    ax.set_ylim(-0.05, rows + 0.05)
    ax.set_aspect("equal")
    ax.axis("off")


# --- reading the lesson ---------------------------------------------------------------------

def _read(path: Path) -> dict[str, Any]:
    """The notebook at ``path`` as JSON; ArgumentError naming the file if it is not one."""
    if path.suffix != ".ipynb" or not path.is_file():
        raise ArgumentError(f"lesson {str(path)!r} is not a notebook file (.ipynb)")
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ArgumentError(f"lesson {str(path)!r} is not a notebook: {err}") from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise ArgumentError(f"lesson {str(path)!r} is not a notebook: no list of cells")
    return notebook


def _blocks(cell: dict[str, Any], folder: Path) -> Iterator[str | bytes]:
    """What a cell prints: paragraphs of plain text and pictures (PNG bytes), in order."""
    if cell["cell_type"] == "markdown":
        yield from _markdown(_text(cell["source"]), folder)
        return
    for output in cell.get("outputs", ()):
        data = output.get("data", {})
        if "image/png" in data:
            yield base64.b64decode(_text(data["image/png"]))
        elif "text/markdown" in data:
            yield from _markdown(_text(data["text/markdown"]), folder)


def _markdown(text: str, folder: Path) -> Iterator[str | bytes]:
    """Markdown as plain paragraphs and the pictures it shows (read from ``folder``)."""
    for paragraph in re.split(r"\n\s*\n", text):
        images = _IMAGE.findall(paragraph)
        words = _plain(_IMAGE.sub("", paragraph))
        if words:
            yield words
        for image in images:
            yield (folder / image).read_bytes()


def _plain(text: str) -> str:
    """Markdown and the folding tags stripped to the words a page shows."""
    text = re.sub(r"</?details>|<summary>.*?</summary>", "", text, flags=re.S)
    text = re.sub(r"\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`", lambda m: next(g for g in m.groups() if g),
                  text, flags=re.S)
    return " ".join(text.split())


def _text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


# --- writing the sheets ---------------------------------------------------------------------

def _questions(lesson: dict[str, Any]) -> dict[int, str]:
    """For each answer cell (by ``id()``), the bold label of the question above it (``E1.``)."""
    out, label = {}, ""
    for cell in lesson["cells"]:
        tags = cell.get("metadata", {}).get("tags", ())
        if "answer" in tags:
            out[id(cell)] = label
        elif cell["cell_type"] == "markdown" and (bold := re.match(r"\*\*(.+?)\*\*",
                                                                     _text(cell["source"]))):
            label = bold.group(1)
    return out


def _write_pdf(cells: list[dict[str, Any]], folder: Path, out: Path, heading: str,
               paper: str, labels: dict[int, str] | None = None) -> Path:
    """The cells' text and pictures flowed onto pages of ``paper``, under ``heading``; each
    cell under its label in ``labels`` (by ``id()``), if it has one."""
    pages = _Pages(PAPERS[paper], heading)
    for cell in cells:
        if labels and labels.get(id(cell)):
            pages.text(labels[id(cell)], bold=True)
        for block in _blocks(cell, folder):
            if isinstance(block, str):
                pages.text(block)
            else:
                pages.picture(block)
    with PdfPages(out, metadata={"Title": heading, "Creator": "dominosa-lab",
                                 "CreationDate": None}) as pdf:
        for fig in pages.figures:
            pdf.savefig(fig)
    return out


class _Pages:
    """Pages filled from the top: paragraphs wrapped to the width, pictures scaled to fit."""

    def __init__(self, size: tuple[float, float], heading: str) -> None:
        self.size, self.heading = size, heading
        self.figures: list[Figure] = []
        self.y = 0.0
        self._new_page()

    def _new_page(self) -> None:
        fig = Figure(figsize=self.size)
        number = len(self.figures) + 1
        fig.text(MARGIN, self.size[1] - MARGIN, f"{self.heading}" + (
            f" (continued, page {number})" if number > 1 else ""),
            transform=fig.dpi_scale_trans, fontsize=15, weight="bold", va="top", color=GREY20)
        self.figures.append(fig)
        self.y = self.size[1] - MARGIN - 0.5

    def _room(self, height: float) -> None:
        if self.y - height < MARGIN:
            self._new_page()

    def text(self, paragraph: str, bold: bool = False) -> None:
        width = self.size[0] - 2 * MARGIN
        lines = textwrap.wrap(paragraph, int(width * 72 / (0.5 * _POINTS)))
        for line in lines:
            self._room(_LINE)
            self.figures[-1].text(MARGIN, self.y, line, transform=self.figures[-1].dpi_scale_trans,
                                  fontsize=_POINTS, va="top", color=GREY20,
                                  weight="bold" if bold else "normal")
            self.y -= _LINE
        self.y -= _LINE / 2

    def picture(self, png: bytes) -> None:
        image = matplotlib.image.imread(io.BytesIO(png), format="png")
        height_px, width_px = image.shape[:2]
        width = min(self.size[0] - 2 * MARGIN, width_px / INLINE_DPI)
        height = width * height_px / width_px
        top_room = self.size[1] - 2 * MARGIN - 0.5
        if height > top_room:
            width, height = width * top_room / height, top_room
        self._room(height)
        w, h = self.size
        ax = self.figures[-1].add_axes((MARGIN / w, (self.y - height) / h, width / w, height / h))
        ax.imshow(image)
        ax.axis("off")
        self.y -= height + _LINE / 2
