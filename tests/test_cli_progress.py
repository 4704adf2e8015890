"""The progress line: every long command shows one line on stderr, rewritten in place, with the
wall time of the command; none when stderr is not a terminal or with --quiet."""

import io
import os
import re
import sys
import time

import pytest

from dominosa_lab import boards, experiments, logic, solvers
from dominosa_lab.boards import distinct
from dominosa_lab.cli import main
from dominosa_lab.cli.progress import ProgressLine
from dominosa_lab.core.search import SearchStats
from tests.terminal import Terminal, on_a_terminal

#: Long enough for the line's first drawing (after a second), short enough for a test.
SLOW = 1.3


def _slow(result):
    """A stand-in for a library call that takes SLOW seconds and returns ``result``."""
    def call(*args, **kwargs):
        time.sleep(SLOW)
        return result(*args, **kwargs)
    return call


def _drawn(said, screen):
    """Whether the line was drawn with the seconds of the command (one or more) and ``said``."""
    return re.search(rf"\r +[1-9][0-9]* s   {re.escape(said)}", screen) is not None


def _real(function):
    return lambda *args, **kwargs: function(*args, **kwargs)


#: Each long command, the library call it waits on, and what its line says.
LONG = [
    (["count", "tcg-n10"], solvers, "count_solutions", "counting the solutions with fast"),
    (["grade", "mikefc-small"], solvers, "grade", "grading: deductions up to deep"),
    (["hint", "mikefc-small"], logic, "hints", "looking for 1 step of reasoning"),
    (["generate", "4"], boards, "unique_puzzle", "making a unique basic double-4 puzzle"),
]


@pytest.mark.parametrize(("argv", "module", "name", "said"), LONG)
def test_a_command_longer_than_a_second_shows_what_it_does_and_its_wall_time(
        argv, module, name, said, monkeypatch):
    monkeypatch.setattr(module, name, _slow(_real(getattr(module, name))))
    with on_a_terminal() as terminal:
        assert main(argv) == 0
    drawn = terminal.getvalue()
    assert _drawn(said, drawn)
    assert drawn.endswith("\r\033[K")  # erased at the end: the output is left alone


def test_print_shows_its_line_and_reports_the_wall_time(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(distinct, "distinct_puzzles", _slow(_real(distinct.distinct_puzzles)))
    with on_a_terminal() as terminal:
        assert main(["print", "3", "--count", "2", "-o", str(tmp_path / "b.pdf")]) == 0
    assert _drawn("making 2 unique basic double-3 puzzles", terminal.getvalue())
    reported = float(capsys.readouterr().out.rsplit("; ", 1)[1].removesuffix(" s\n"))
    assert reported >= SLOW


def test_an_experiment_shows_its_name_and_its_place_in_the_list(monkeypatch, tmp_path):
    def slow(out, executor=None):
        time.sleep(SLOW)
        return out / "a.csv"

    monkeypatch.setattr(experiments, "EXPERIMENTS", {"a": slow})
    monkeypatch.setattr(experiments, "IN_PROCESS", frozenset({"a"}))
    with on_a_terminal() as terminal:
        assert main(["experiment", "a", "-o", str(tmp_path)]) == 0
    assert _drawn("experiment a (1 of 1)", terminal.getvalue())


def test_a_progress_bar_drawn_during_an_experiment_becomes_the_detail_of_the_line():
    with on_a_terminal() as terminal, ProgressLine(time.perf_counter(), shown=True) as line, \
            line.capture_bars():
        line.say("experiment a (1 of 1)")
        sys.stderr.write("\rsweep:  45%|####5     | 45/100 [00:12<00:15,  3.60run/s]")
        sys.stderr.write("a warning\n")
    drawn = terminal.getvalue()
    assert "experiment a (1 of 1)   sweep: 45% 45/100 [00:12<00:15, 3.60run/s]" in drawn
    assert drawn.endswith("\r\033[Ka warning\n")


def test_solve_shows_the_counters_of_the_search(monkeypatch):
    def reporting(puzzle, *, progress, **settings):
        progress(SearchStats(nodes=1234, backtracks=56), 1.0)
        return solve(puzzle, **settings)

    solve = solvers.solve
    monkeypatch.setattr(solvers, "solve", reporting)
    with on_a_terminal() as terminal:
        assert main(["solve", "mikefc-small"]) == 0
    assert "1,234 nodes   56 backtracks   0 solutions" in terminal.getvalue()


def test_there_is_no_line_with_quiet(monkeypatch):
    monkeypatch.setattr(solvers, "count_solutions", _slow(_real(solvers.count_solutions)))
    with on_a_terminal() as terminal:
        assert main(["count", "tcg-n10", "--quiet"]) == 0
    assert terminal.getvalue() == ""


def test_there_is_no_line_when_stderr_is_not_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(solvers, "count_solutions", _slow(_real(solvers.count_solutions)))
    assert main(["count", "tcg-n10"]) == 0
    assert capsys.readouterr().err == ""


def test_there_is_no_line_in_the_first_second():
    screen = Terminal()
    with ProgressLine(time.perf_counter(), shown=True, stream=screen) as line:
        line.say("quick")
    assert screen.getvalue() == ""


def test_the_line_is_cut_to_the_width_of_the_terminal(monkeypatch):
    screen = Terminal()
    monkeypatch.setattr("shutil.get_terminal_size", lambda: os.terminal_size((40, 24)))
    line = ProgressLine(time.perf_counter() - 5, shown=True, stream=screen)
    line.say("x" * 100)
    line.draw()
    assert len(screen.getvalue().removeprefix("\r").removesuffix("\033[K")) == 39


def test_an_interrupted_block_ends_the_line_instead_of_erasing_it():
    screen = Terminal()
    with pytest.raises(KeyboardInterrupt), ProgressLine(time.perf_counter() - 5, shown=True,
                                                        stream=screen) as line:
        line.say("counting")
        line.draw()
        raise KeyboardInterrupt
    assert screen.getvalue().endswith("counting\033[K\n")


def test_a_line_not_shown_writes_nothing():
    screen = io.StringIO()
    line = ProgressLine(time.perf_counter() - 5, shown=False, stream=screen)
    line.say("counting")
    line.draw()
    assert screen.getvalue() == ""
