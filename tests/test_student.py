"""The student's edition (draw/student.py, `dominosa-lab student`): cut from the lesson by tags."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dominosa_lab.cli import main
from dominosa_lab.draw.student import (
    TAGS,
    draw_blank_grids,
    lesson_parts,
    student_notebook,
    write_student_edition,
)
from dominosa_lab.errors import ArgumentError

LESSON = Path(__file__).parents[1] / "notebooks" / "00_teaching_backtracking.ipynb"
POPPLER = pytest.mark.skipif(not shutil.which("pdftotext"),
                             reason="needs pdftotext (apt-get install poppler-utils)")


@pytest.fixture(scope="module")
def lesson():
    return json.loads(LESSON.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    return write_student_edition(LESSON, tmp_path_factory.mktemp("student"))


def text(cell):
    return "".join(cell["source"])


def pdf_text(path):
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_the_lesson_tags_every_kind_of_cell_the_edition_reads(lesson):
    assert all(lesson_parts(lesson, tag) for tag in TAGS)


def test_the_students_notebook_has_no_answer_and_no_checked_answers(edition):
    student = json.loads(edition[0].read_text(encoding="utf-8"))
    sources = [text(c) for c in student["cells"]]
    assert not any("<summary><b>Answer" in s for s in sources)
    assert not any(s.startswith("## The answers, checked") for s in sources)
    assert not any("# The answer to E" in s for s in sources)


def test_the_students_notebook_keeps_every_question_in_order(lesson, edition):
    student = json.loads(edition[0].read_text(encoding="utf-8"))
    kept = [c["id"] for c in student["cells"]]
    assert [c["id"] for c in lesson_parts(lesson, "exercise")] == [
        k for k in kept if k in {c["id"] for c in lesson_parts(lesson, "exercise")}]
    assert kept == [c["id"] for c in lesson["cells"] if c["id"] in kept]


def test_no_code_left_in_the_students_notebook_uses_a_name_only_an_answer_defines(lesson):
    student = student_notebook(lesson)
    code = "\n".join(text(c) for c in student["cells"] if c["cell_type"] == "code")
    for name in ("e2", "strips", "upside_down", "turned", "solution_counts"):
        assert not re.search(rf"(?<![\w.]){name}\b", code), name


@POPPLER
def test_the_exercise_sheet_asks_every_exercise_and_answers_none(edition):
    sheet = pdf_text(edition[1])
    assert all(f"E{k}." in sheet for k in range(1, 6))
    assert "Answer" not in sheet and "four solutions" not in sheet


@POPPLER
def test_the_answer_key_answers_every_exercise(edition):
    key = pdf_text(edition[2])
    assert key.startswith("Answers (for the teacher)")
    assert "it has four solutions" in key and "Fibonacci" in key
    assert "E1." in key and "Solve it by hand" not in key  # labelled answers, no questions


def test_the_sheets_are_pdfs_with_the_pictures_of_their_cells(lesson, edition):
    assert all(p.read_bytes().startswith(b"%PDF") for p in edition[1:])
    pictures = sum("image/png" in o.get("data", {}) for c in lesson_parts(lesson, "exercise")
                   for o in c.get("outputs", ()))
    assert pictures == 2  # E1's board and E2's grids
    assert edition[1].read_bytes().count(b"/Subtype /Image") == pictures


def test_blank_grids_have_the_copies_and_squares_asked():
    fig = draw_blank_grids({(2, 3): 4, (4, 4): 1})
    assert [len(ax.patches) for ax in fig.axes] == [6] * 4 + [16]


def test_a_file_that_is_not_a_notebook_is_refused_by_name(tmp_path):
    with pytest.raises(ArgumentError, match="is not a notebook file"):
        write_student_edition(tmp_path / "lesson.txt", tmp_path / "out")


def test_a_lesson_without_exercise_cells_is_refused(tmp_path):
    bare = tmp_path / "bare.ipynb"
    bare.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4}))
    with pytest.raises(ArgumentError, match="no cell is tagged 'exercise'"):
        write_student_edition(bare, tmp_path / "out")


def test_the_student_command_writes_the_three_files(tmp_path, capsys):
    assert main(["student", "--lesson", str(LESSON), "-o", str(tmp_path / "class")]) == 0
    written = sorted(p.name for p in (tmp_path / "class").iterdir())
    assert written == ["00_teaching_backtracking_answers.pdf",
                       "00_teaching_backtracking_exercises.pdf",
                       "00_teaching_backtracking_student.ipynb"]
    assert capsys.readouterr().out.count("wrote ") == 3


def test_the_student_command_names_a_missing_lesson(tmp_path, capsys):
    assert main(["student", "--lesson", str(tmp_path / "none.ipynb"), "-o",
                 str(tmp_path / "x")]) == 2
    assert "is not a notebook file" in capsys.readouterr().err
