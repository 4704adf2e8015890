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
from matplotlib.backends.backend_agg import FigureCanvasAgg

from dominosa_lab import random_puzzle
from dominosa_lab.boards import Generated
from dominosa_lab.boards.distinct import distinct_puzzles
from dominosa_lab.draw.worksheet import (
    DRAW_CELL,
    MARGIN,
    PAPERS,
    TICK_POINTS_MIN,
    check_fits,
    tatham_id,
    tick_lines,
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
    with pytest.raises(ArgumentError, match=r"31 x 32 cells prints on a4 with cells of 4\.5 mm"):
        worksheet_pages([made])


def planted(n, seed=0):
    """A board of the double-n set as the printer takes it (unique or not: only its size
    matters to the layout)."""
    made = random_puzzle(n, seed=seed)
    return Generated("found", made.puzzle, made.solution, Grade("basic", {}, 1), "basic", 1, 0,
                     0.0, 0)


def outside(fig):
    """The texts and boards of a page that reach into its margins (or off the paper)."""
    fig.canvas.draw()  # an Agg canvas: the extents are the printed ones
    renderer = fig.canvas.get_renderer()
    width, height = (v * fig.dpi for v in fig.get_size_inches())
    inside = (MARGIN * fig.dpi * 0.5, width - MARGIN * fig.dpi * 0.5)
    out = []
    for artist in [*fig.texts, *fig.axes]:
        box = artist.get_window_extent(renderer)
        if box.x0 < inside[0] or box.x1 > inside[1] or box.y0 < 0 or box.y1 > height:
            out.append(artist.get_text() if hasattr(artist, "get_text") else "a board")
    return out


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("n", [3, 9, 14, 15])
@pytest.mark.parametrize("class_set", [True, False])
def test_every_text_and_board_stays_inside_the_page(n, paper, class_set):
    for fig in worksheet_pages([planted(n)], paper=paper, class_set=class_set):
        FigureCanvasAgg(fig)
        assert outside(fig) == []


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_dominoes_to_tick_end_above_the_board(paper):
    fig = worksheet_pages([planted(14)], paper=paper, class_set=True)[0]
    FigureCanvasAgg(fig).draw()
    renderer = fig.canvas.get_renderer()
    (ticks,) = [t for t in fig.texts if "\u2610 0-0" in t.get_text()]
    caption = next(t for t in fig.texts if t.get_text() == "Puzzle 1")
    assert ticks.get_window_extent(renderer).y0 > caption.get_window_extent(renderer).y1


def test_a_full_row_of_dominoes_to_tick_shrinks_to_the_width_then_wraps():
    assert tick_lines(3, 7.0)[0] == 12.5
    points, lines = tick_lines(14, 7.0)
    assert points == TICK_POINTS_MIN and len(lines) > 15
    assert max(map(len, lines)) * 0.62 * points <= 7.0 * 72


def test_the_largest_class_set_that_fits_is_accepted_and_the_next_refused():
    for paper in PAPERS:
        check_fits((15, 16), 14, paper, class_set=True)
    with pytest.raises(ArgumentError, match="choose a smaller N"):
        check_fits((31, 32), 30, "a4", class_set=True)


def test_students_pages_carry_no_page_count_and_answer_pages_do(small):
    pages = worksheet_pages(small, class_set=True)
    texts = [[t.get_text() for t in fig.texts] for fig in pages]
    assert not any("page" in t for page in texts[:-1] for t in page)
    assert "answers, page 1 of 1" in texts[-1]


def test_the_answer_key_can_go_to_a_file_of_its_own(small, tmp_path):
    written = write_worksheets(small, tmp_path / "class.png", class_set=True,
                               answers=tmp_path / "key.png")
    assert [p.name for p in written] == [*(f"class-{k:02d}.png" for k in range(1, 6)),
                                         "key-01.png"]
