"""`dominosa-lab print`, `draw --puzzle-only` and `generate -o`: the pictures of a puzzle alone."""

import shutil
import subprocess

import matplotlib.image
import pytest

from dominosa_lab.cli import main

POPPLER = pytest.mark.skipif(not shutil.which("pdfinfo"),
                             reason="needs pdfinfo (apt-get install poppler-utils)")


def pages(path):
    text = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                          check=True).stdout
    return int(text.split("Pages:")[1].split()[0])


@POPPLER
def test_print_class_writes_a_page_per_student_and_the_answers(tmp_path, capsys):
    out = tmp_path / "class.pdf"
    assert main(["print", "3", "--class", "5", "-o", str(out)]) == 0
    assert pages(out) == 6
    said = capsys.readouterr().out
    assert said.startswith(f"wrote {out}: 5 unique basic double-3 puzzles and their answers, "
                           "from seeds 0-4")


@POPPLER
def test_print_answers_writes_the_key_to_its_own_file(tmp_path, capsys):
    out, key = tmp_path / "class.pdf", tmp_path / "key.pdf"
    assert main(["print", "3", "--class", "3", "-o", str(out), "--answers", str(key)]) == 0
    assert (pages(out), pages(key)) == (3, 1)
    assert capsys.readouterr().out.startswith(f"wrote {out}, {key}: 3 unique basic double-3 "
                                              "puzzles, from seeds 0-2")


def test_one_puzzle_is_written_in_the_singular(tmp_path, capsys):
    assert main(["print", "3", "--count", "1", "-o", str(tmp_path / "one.pdf")]) == 0
    said = capsys.readouterr().out
    assert ": 1 unique basic double-3 puzzle and its answer, from seed 0;" in said


def test_the_time_reported_is_the_whole_commands(tmp_path, capsys):
    import time

    start = time.perf_counter()
    assert main(["print", "3", "--count", "2", "-o", str(tmp_path / "b.pdf")]) == 0
    wall = time.perf_counter() - start
    said = float(capsys.readouterr().out.rstrip().rsplit("; ", 1)[1].removesuffix(" s"))
    assert 0.5 * wall <= said <= wall + 0.05  # pages drawn and written are counted too


def test_a_size_too_large_for_the_page_is_refused_before_any_puzzle_is_made(tmp_path,
                                                                          monkeypatch, capsys):
    import dominosa_lab.boards.distinct as distinct

    def never(*args, **kwargs):
        raise AssertionError("a puzzle was made")

    monkeypatch.setattr(distinct, "distinct_puzzles", never)
    assert main(["print", "30", "--class", "2", "-o", str(tmp_path / "c.pdf")]) == 2
    assert "choose a smaller N" in capsys.readouterr().err


def test_print_writes_puzzles_pdf_in_the_current_folder_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["print", "4", "--count", "2"]) == 0
    assert (tmp_path / "puzzles.pdf").read_bytes().startswith(b"%PDF")


def test_print_to_png_writes_one_file_per_page(tmp_path):
    assert main(["print", "3", "--count", "3", "--paper", "Letter",
                 "-o", str(tmp_path / "book.png")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book-01.png", "book-02.png"]


def test_print_says_how_many_boards_it_skipped_as_repeats(tmp_path, capsys):
    assert main(["print", "2", "--count", "10", "-o", str(tmp_path / "b.pdf")]) == 0
    assert "skipped as the same as another up to turns, mirrors and renumbering" in \
        capsys.readouterr().out


def test_print_out_of_time_writes_nothing_and_exits_1(tmp_path, capsys):
    out = tmp_path / "book.pdf"
    assert main(["print", "8", "--time-limit", "0", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dominosa-lab: nothing written: no unique basic board") and \
        "made 0 of 6 puzzles" in err
    assert not out.exists()


@pytest.mark.parametrize(("args", "message"), [
    (["6", "--count", "0"], "--count must be an integer >= 1"),
    (["6", "--class", "-3"], "--class must be an integer >= 1"),
    (["6", "-o", "book.docx"], "-o must name a .pdf, .png, .svg file"),
    (["6", "--out", "book.docx"], "--out must name a .pdf, .png, .svg file"),
    (["6", "-o", "no-such-folder/book.pdf"], "no folder 'no-such-folder'"),
    (["2", "--class", "28"], "--class 28 asks for 28 puzzles, but there are only 23 different "
                             "unique basic double-2 boards"),
    (["6", "--grade", "medium"], "--grade must be one of 'trivial'"),
    (["-1"], "N must be an integer >= 0"),
    (["6", "--seed", "-1"], "--seed must be an integer >= 0"),
    (["6", "--time-limit", "soon"], "--time-limit must be a non-negative number of seconds or "
                                    "'none'"),
    (["-n", "6"], "print takes no -n: N is the first argument, as in dominosa-lab print 9"),
    (["6", "--output", "b.pdf"], "print takes no --output: the pages are -o/--out FILE"),
    (["6", "--count", "4", "--class", "4"], "--class: not allowed with argument --count"),
])
def test_bad_print_arguments_are_one_line_naming_them(args, message, tmp_path, monkeypatch,
                                                      capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["print", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def _size(path):
    height, width = matplotlib.image.imread(path).shape[:2]
    return width, height


def test_draw_puzzle_only_draws_one_board_without_solving(tmp_path, capsys):
    alone, beside = tmp_path / "alone.png", tmp_path / "beside.png"
    assert main(["draw", "mikefc-small", "--puzzle-only", "-o", str(alone)]) == 0
    assert capsys.readouterr().out == f"wrote {alone}\n"  # no status: nothing was solved
    assert main(["draw", "mikefc-small", "-o", str(beside)]) == 0
    assert _size(alone)[0] < _size(beside)[0] / 1.7


def test_draw_puzzle_only_refuses_pips(tmp_path, capsys):
    assert main(["draw", "mikefc-small", "--puzzle-only", "--pips",
                 "-o", str(tmp_path / "b.png")]) == 2
    assert "--pips draws the dominoes of the solution" in capsys.readouterr().err


def test_generate_draws_the_puzzle_it_made(tmp_path, capsys):
    out = tmp_path / "made.svg"
    assert main(["generate", "5", "--seed", "2", "-o", str(out)]) == 0
    assert capsys.readouterr().out.endswith(f"wrote {out}\n")
    assert out.read_text().count('id="patch_') == 1 + 6 * 7  # the page, then the tiles


def test_generate_with_solution_draws_it_beside_the_puzzle(tmp_path):
    out = tmp_path / "made.svg"
    assert main(["generate", "5", "--seed", "2", "--solution", "-o", str(out)]) == 0
    assert out.read_text().count('id="patch_') == 1 + 2 * 6 * 7 + 21  # and 21 outlines


def test_generate_refuses_a_bad_picture_before_generating(capsys):
    assert main(["generate", "12", "--grade", "extreme", "-o", "made.gif"]) == 2
    assert "-o must name a .png, .svg, .pdf file" in capsys.readouterr().err
