"""Fuzz of the command line through ``main(argv)``: any argument list ends in exit 0, 1 (a run
out of time) or 2 (a user error), never 70 (an internal error), and every budget is small."""

from __future__ import annotations

import contextlib
import io
import tempfile

from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab.cli import EXIT_INTERNAL, main
from tests.fuzzing import FUZZ, answered

COMMANDS = ["solve", "hint", "grade", "generate", "draw", "catalog"]
PUZZLES = ["mikefc-small", "3:02113312013003232012", "3:0211", "12:99", "-", "nope", "",
           "BOARD", "JSON", "3:" + "0" * 300, "9" * 300 + ":1", "1" * 5000]
FLAGS = ["--method", "--max-nodes", "--time-limit", "--order", "--seed", "--all", "--show",
         "--json", "--steps", "--ladder", "--max-level", "--grade", "--shape", "--solution",
         "-o", "--pips", "--debug"]
VALUES = ["none", "0", "1", "-1", "2.5", "nan", "inf", "1e400", "10" * 30, "x", "dlx",
          "rowscan", "random", "pile", "mrv", "basic", "hard", "deep", "full", "tatham",
          "1x20", "4x5", "0x0", "100000x100000", "OUT.png", "OUT.jpg", "OUT/x.png", "BOARD"]
ARGV = st.tuples(
    st.sampled_from(COMMANDS),
    st.sampled_from(PUZZLES) | st.sampled_from(["0", "1", "2", "3", "-3", "10000"]),
    st.lists(st.sampled_from(FLAGS + VALUES) | st.text(max_size=5), max_size=6),
)


def _concrete(word: str, folder: str) -> str:
    return (word.replace("OUT", folder).replace("BOARD", f"{folder}/board.txt")
            .replace("JSON", f"{folder}/board.json"))


def _exit_status(argv: list[str], stdin: str) -> int:
    """The exit status of ``main(argv)``; an internal error raises, with what it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _stdin(stdin):
        try:
            status = main(argv)
        except SystemExit as stop:  # argparse's own usage errors and --help
            status = stop.code or 0
    if status == EXIT_INTERNAL:
        raise RuntimeError(err.getvalue())
    return status


@contextlib.contextmanager
def _stdin(text: str):
    import sys

    saved, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved


@FUZZ
@given(ARGV, st.sampled_from(["", "3:02113312013003232012", "0 0 1\n1 1 0\n", "{", "\ufeff1",
                              "[" * 5000]))
def test_any_command_line_is_run_or_refused_never_an_internal_error(argv, stdin):
    command, puzzle, rest = argv
    with tempfile.TemporaryDirectory() as folder:
        with open(f"{folder}/board.txt", "w", encoding="utf-8") as board:
            board.write("0 0 1\n1 1 0\n")
        with open(f"{folder}/board.json", "w", encoding="utf-8") as board:
            board.write('{"rows": [[0, 0, 1], [1, 1, 0]], "max_pip": 1}')
        words = [_concrete(word, folder) for word in (command, puzzle, *rest)]
        if command != "catalog":
            words += ["--time-limit", "2"] if command != "hint" else []
        if command in ("solve", "draw"):
            words += ["--max-nodes", "500"]
        status = answered("main", _exit_status, words, stdin)
    assert status in (None, 0, 1, 2), words
