"""Printed puzzles (draw/worksheet.py): the pages a PDF, PNG or SVG holds, read back.

The PDF is read with ``pdfinfo`` and ``pdftotext`` from Debian's ``poppler-utils``; those
tests skip where the tools are missing.
"""

import re
import shutil
import subprocess

import matplotlib.image
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import random_puzzle
from dominosa_lab.boards import Generated
from dominosa_lab.boards.distinct import distinct_puzzles
from dominosa_lab.draw.worksheet import (
    DRAW_CELL,
    PAPERS,
    tatham_id,
    worksheet_pages,
    write_worksheets,
)
from dominosa_lab.errors import ArgumentError
from dominosa_lab.logic import Grade

POPPLER = pytest.mark.skipif(
    not (shutil.which("pdfinfo") and shutil.which("pdftotext")),
    reason="needs pdfinfo and pdftotext (apt-get install poppler-utils)")

#: Points per inch in a PDF.
POINTS = 72


@pytest.fixture(scope="module")
def book():
    return distinct_puzzles(6, 6, grade="hard", seed=3).puzzles


@pytest.fixture(scope="module")
def book_pages(book, tmp_path_factory):
    """The text of each page of the book as a PDF titled "Friday puzzles"."""
    out = tmp_path_factory.mktemp("book") / "book.pdf"
    write_worksheets(book, out, title="Friday puzzles")
    return pdf_pages_text(out, pdf_info(out)[0])


@pytest.fixture(scope="module")
def small():
    return distinct_puzzles(3, 5, grade="basic", seed=0).puzzles


def pdf_info(path):
    text = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                          check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", text).group(1))
    width, height = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", text).groups())
    return pages, (width, height)


def pdf_pages_text(path, pages):
    return [subprocess.run(["pdftotext", "-f", str(k), "-l", str(k), str(path), "-"],
                           capture_output=True, text=True, check=True).stdout
            for k in range(1, pages + 1)]


def squeezed(text):
    return re.sub(r"\s+", "", text)


@POPPLER
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_book_pdf_has_puzzle_pages_then_answer_pages_of_the_paper_asked(book, paper,
                                                                         tmp_path):
    out = tmp_path / "book.pdf"
    assert write_worksheets(book, out, paper=paper) == [out]
    pages, size = pdf_info(out)
    assert pages == 3  # four double-6 boards a page, then six answers on one
    assert size == pytest.approx(tuple(POINTS * x for x in PAPERS[paper]), abs=0.5)


@POPPLER
def test_each_puzzle_is_printed_with_its_number_grade_and_tatham_id(book, book_pages):
    puzzles = "".join(book_pages[:2])
    for k, made in enumerate(book, 1):
        assert f"Puzzle {k}" in puzzles
        assert squeezed(tatham_id(made.puzzle)) in squeezed(puzzles)
    assert puzzles.count("hard, double-6") == 6


@POPPLER
def test_the_answers_come_last_under_a_heading_that_says_so(book_pages):
    first, second, answers = book_pages
    assert first.startswith("Friday puzzles") and "answers" not in first + second
    assert answers.startswith("Friday puzzles: answers")
    assert [f"Puzzle {k}" in answers for k in range(1, 7)] == [True] * 6


@POPPLER
def test_a_class_set_gives_each_student_a_page_with_a_name_line(small, tmp_path):
    out = tmp_path / "class.pdf"
    write_worksheets(small, out, class_set=True, paper="letter")
    pages, _ = pdf_info(out)
    texts = pdf_pages_text(out, pages)
    assert pages == len(small) + 1
    assert texts[0].startswith("Dominosa: double-3, basic")
    for k, text in enumerate(texts[:-1], 1):
        assert "Name" in text and f"Puzzle {k}" in text and "3-3" in text  # dominoes to tick
    assert "Name" not in texts[-1] and "answers" in texts[-1]


@pytest.fixture(scope="module")
def thirty():
    return distinct_puzzles(3, 30, seed=100).puzzles


@settings(max_examples=5, deadline=None)
@given(count=st.integers(1, 30), paper=st.sampled_from(sorted(PAPERS)))
def test_every_puzzle_is_on_one_puzzle_page_and_one_answer_page(thirty, count, paper):
    pages = worksheet_pages(thirty[:count], paper=paper)
    per_page = [sum(t.get_text().startswith("Puzzle ") for t in fig.texts) for fig in pages]
    puzzle_pages = [fig for fig in pages if not fig.texts[0].get_text().endswith("answers")]
    assert sum(per_page) == 2 * count
    numbers = sorted(t.get_text() for fig in puzzle_pages for t in fig.texts
                     if t.get_text().startswith("Puzzle "))
    assert numbers == sorted(f"Puzzle {k}" for k in range(1, count + 1))
    assert per_page == sorted(per_page[:len(puzzle_pages)], reverse=True) + sorted(
        per_page[len(puzzle_pages):], reverse=True)  # pages fill up in order


def test_answer_pages_outline_every_domino_and_puzzle_pages_none(small):
    pages = worksheet_pages(small)
    boards = [ax for fig in pages for ax in fig.axes]
    cells, dominoes = 20, 10
    assert [len(ax.patches) for ax in boards] == [cells] * 5 + [cells + dominoes] * 5


def test_every_board_keeps_cells_wide_enough_to_draw_on(book):
    for ax in worksheet_pages(book)[0].axes:
        width_inches = ax.get_position().width * ax.figure.get_size_inches()[0]
        assert width_inches / (8 + 0.2) >= DRAW_CELL


def test_the_same_puzzles_give_the_same_file_byte_for_byte(small, tmp_path):
    write_worksheets(small, tmp_path / "a.pdf")
    write_worksheets(small, tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_png_pages_are_one_file_each_the_size_of_the_paper(small, tmp_path):
    written = write_worksheets(small, tmp_path / "sheet.png", paper="a4")
    assert [p.name for p in written] == ["sheet-01.png", "sheet-02.png"]
    height, width = matplotlib.image.imread(written[0]).shape[:2]
    assert (width, height) == pytest.approx((1240, 1754), abs=1)  # A4 at 150 dots an inch


def test_svg_pages_are_one_file_each(small, tmp_path):
    written = write_worksheets(small, tmp_path / "sheet.svg", class_set=True)
    assert len(written) == 6 and all(p.read_text().startswith("<?xml") for p in written)


def test_a_board_with_no_tatham_id_says_so():
    made = distinct_puzzles(4, 1, shape=(6, 5)).puzzles
    (text,) = [t.get_text() for t in worksheet_pages(made)[0].texts if "game id:" in t.get_text()]
    assert text == "no Tatham game id: his boards are full 5 x 6 rectangles"


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"path": "book.doc"}, "path must name a .pdf, .png, .svg file"),
    ({"path": "no-such-folder/book.pdf"}, "no folder 'no-such-folder'"),
    ({"paper": "a3"}, "paper must be one of 'a4', 'letter'"),
    ({"puzzles": []}, "puzzles: no puzzle to print"),
])
def test_bad_arguments_are_refused_by_name(small, tmp_path, monkeypatch, kwargs, message):
    monkeypatch.chdir(tmp_path)
    args = {"puzzles": small, "path": "book.pdf", **kwargs}
    with pytest.raises(ArgumentError, match=message):
        write_worksheets(args.pop("puzzles"), args.pop("path"), **args)


def test_a_board_too_large_to_draw_on_is_refused_with_its_cell_size():
    planted = random_puzzle(30, seed=0)
    made = Generated("found", planted.puzzle, planted.solution, Grade("basic", {}, 1), "basic",
                     1, 0, 0.0, 0)
    with pytest.raises(ArgumentError, match=r"31 x 32 cells prints on a4 with cells of 5\.\d mm"):
        worksheet_pages([made])
