"""The dominosa-lab command: output and exit codes."""

import os
import subprocess
import sys

import pytest

from dominosa_lab import METHODS, cli, experiments, from_tatham
from dominosa_lab.cli import EXIT_BROKEN_PIPE, main
from dominosa_lab.experiments import EXPERIMENTS
from dominosa_lab.formats import catalog


def test_solve_prints_the_outlined_board_status_and_counters(capsys):
    assert main(["solve", "mikefc-small", "--method", "rowscan"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("+---+---+---+---+---+") and "status: solved" in out
    assert "nodes: 16" in out


def test_solve_reads_a_tatham_id(capsys):
    assert main(["solve", "3:02113312013003232012", "--method", "rowscan"]) == 0
    assert "status: solved" in capsys.readouterr().out


def test_solve_reads_a_text_file(tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_text("0 0 1\n1 1 0\n")
    assert main(["solve", str(path), "--method", "rowscan"]) == 0
    assert "| 0   0 | 1 |" in capsys.readouterr().out


def test_solve_all_counts_every_solution_and_shows_up_to_show_of_them(capsys):
    assert main(["solve", "tcg-n10", "--all", "--show", "3"]) == 0
    out = capsys.readouterr().out
    assert "16 solutions (3 shown; --show K for more)" in out
    assert "solution 3:" in out and "solution 4:" not in out


def test_budget_stop_is_reported_not_an_error(capsys):
    assert main(["solve", "tcg-n10", "--method", "rowscan", "--max-nodes", "10"]) == 0
    assert "status: stopped (node budget of 10 exhausted)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "no-such-board"], "is not a file, a catalog name"),
        (["solve", "3:0211"], "game description is too short"),
        (["solve", "mikefc-small", "--max-nodes", "-3"], "--max-nodes must be an integer >= 0"),
        (["experiment", "no-such-experiment"], "no experiment 'no-such-experiment'"),
        (["draw", "mikefc-small", "-o", "board.jpg"], "-o must name a .png, .svg, .pdf file"),
        (["draw", "mikefc-small", "-o", "no-such-folder/board.png"], "no folder"),
        (["draw", "no-such-board", "-o", "board.png"], "is not a file, a catalog name"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_catalog_lists_names_and_shapes(capsys):
    assert main(["catalog"]) == 0
    assert "tcg-n10" in capsys.readouterr().out


def test_the_installed_command_exits_2_without_a_traceback():
    done = subprocess.run([sys.executable, "-m", "dominosa_lab.cli", "solve", "nope"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_an_exponential_method_stops_at_the_default_time_limit_and_says_how_to_lift_it(
        monkeypatch, capsys):
    monkeypatch.setattr(cli, "DEFAULT_TIME_LIMIT", 0.2)
    assert main(["solve", "mikefc-large", "--method", "collision"]) == 0
    out = capsys.readouterr().out
    assert "status: stopped (time limit of 0.2 s exhausted, the default for collision; " \
           "--time-limit SECONDS to change it, --time-limit none to lift it)" in out


def test_a_run_longer_than_a_second_shows_progress_on_stderr(capsys):
    assert main(["solve", "mikefc-large", "--method", "collision", "--time-limit", "1.5"]) == 0
    captured = capsys.readouterr()
    assert "nodes" in captured.err and "backtracks" in captured.err
    assert "status: stopped (time limit of 1.5 s exhausted)" in captured.out


def test_solve_help_lists_every_method_with_its_orders(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in METHODS) and "[mrv, pile, random]" in out


def test_experiment_help_lists_every_experiment_on_its_own_line(capsys):
    with pytest.raises(SystemExit):
        main(["experiment", "--help"])
    lines = capsys.readouterr().out.splitlines()
    assert all(any(line.strip().startswith(name + " ") for line in lines) for name in EXPERIMENTS)


def test_hint_prints_the_next_steps_with_level_and_name(capsys):
    assert main(["hint", "3:00033121123313202210", "--steps", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("[basic] domino_must_overlap: 0-0 fits only at (0,0)-(0,1)")


def test_hint_refuses_fewer_than_one_step(capsys):
    assert main(["hint", "mikefc-small", "--steps", "0"]) == 2
    assert "--steps must be an integer >= 1" in capsys.readouterr().err


def test_hint_on_a_board_that_needs_a_guess_says_so(capsys):
    assert main(["hint", "tcg-n10", "--steps", "500"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("no deduction applies")


def test_grade_prints_the_level_and_the_counts(capsys):
    assert main(["grade", "3:00033121123313202210"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("extreme\n") and "forcing_chain_duplicate        1" in out


def test_grade_explains_an_unfinished_verdict(capsys):
    assert main(["grade", "tcg-n10"]) == 0
    assert "ambiguous" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["grade", "mikefc-small", "--max-level", "medium"], "--max-level must be one of 'trivial'"),
    (["grade", "12:99"], "game description is too short"),
    (["hint", "not-a-board"], "is not a file, a catalog name"),
])
def test_bad_hint_and_grade_input_is_one_line(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_generate_prints_the_board_its_grade_and_a_tatham_id_of_the_same_board(capsys):
    assert main(["generate", "6", "--grade", "hard", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "name: unique-n6-hard-s7   grade: hard" in out
    game_id = out.split("Tatham game id: ")[1].strip()
    board = [list(map(int, line.split())) for line in out.split("\n\n")[0].splitlines()]
    assert from_tatham(game_id).rows == tuple(map(tuple, board))


def test_generate_on_a_board_with_gaps_draws_the_solution_and_has_no_tatham_id(tmp_path, capsys):
    shape = tmp_path / "shape.txt"
    shape.write_text("xxxxxx.\nxxxxxxx\nxxxxxxx\nxxxxxxx\n..xxx..\n")
    assert main(["generate", "4", "--shape", str(shape), "--solution"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("+---+") and "Tatham game id: none" in out


def test_generate_out_of_time_says_how_far_it_got_and_exits_1(capsys):
    assert main(["generate", "12", "--grade", "extreme", "--time-limit", "0"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dominosa-lab: no unique extreme board: the time limit of 0 s ran out")
    assert err.count("\n") == 1


@pytest.mark.parametrize(("args", "message"), [
    (["generate", "6", "--grade", "medium"], "grade must be one of 'trivial'"),
    (["generate", "2", "--grade", "hard"], "no unique double-2 board is hard"),
    (["generate", "4", "--shape", "6x6"], "a double-4 set covers 30 cells"),
    (["generate", "4", "--shape", "wide"], "--shape 'wide' is neither ROWSxCOLS"),
])
def test_bad_generate_input_is_one_line(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_draw_writes_the_puzzle_and_its_solution_to_a_picture(suffix, tmp_path, capsys):
    out = tmp_path / f"board{suffix}"
    assert main(["draw", "mikefc-small", "-o", str(out)]) == 0
    assert out.stat().st_size > 1000
    assert capsys.readouterr().out == f"wrote {out}; status: solved\n"


def test_draw_reads_a_tatham_id_and_draws_pips(tmp_path):
    out = tmp_path / "board.svg"
    assert main(["draw", "3:02113312013003232012", "--pips", "-o", str(out)]) == 0
    assert out.read_text().count("<path") > 30  # tiles, outlines and pips


def test_draw_of_an_unsolvable_board_draws_it_and_says_so(tmp_path, capsys):
    path = tmp_path / "impossible.txt"
    path.write_text("0 1 0\n1 0 1\n")
    assert main(["draw", str(path), "-o", str(tmp_path / "board.png")]) == 0
    assert "status: no_solution" in capsys.readouterr().out


def test_experiment_all_runs_every_experiment_in_turn(monkeypatch, tmp_path, capsys):
    ran = []

    def fake(name):
        def run(out, executor=None):
            ran.append(name)
            return out / f"{name}.csv"
        return run

    monkeypatch.setattr(experiments, "EXPERIMENTS", {"a": fake("a"), "b": fake("b")})
    assert main(["experiment", "all", "--out", str(tmp_path)]) == 0
    assert ran == ["a", "b"]
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" in ")[0] for line in lines] == [f"wrote {tmp_path / n}.csv" for n in "ab"]


def test_a_closed_output_pipe_ends_the_command_quietly():
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line is written, as after `| head`
    try:
        done = subprocess.run([sys.executable, "-m", "dominosa_lab.cli", "catalog"], stdout=write,
                              stderr=subprocess.PIPE, text=True, check=False)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (EXIT_BROKEN_PIPE, "")


def _catalog_fails_with(error, monkeypatch):
    """Make the catalog listing raise ``error`` from inside the library."""
    def names():
        raise error
    monkeypatch.setattr(catalog, "names", names)


@pytest.mark.parametrize("error", [ZeroDivisionError("division by zero"),
                                   ValueError("a check the library forgot to name")])
def test_an_internal_error_is_one_line_that_says_so_with_exit_70(error, monkeypatch, capsys):
    _catalog_fails_with(error, monkeypatch)
    assert main(["catalog"]) == cli.EXIT_INTERNAL == 70
    err = capsys.readouterr().err
    assert err.startswith(f"dominosa-lab: internal error: {type(error).__name__}: {error} (")
    assert "--debug" in err and "report" in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("args", [["--debug", "catalog"], ["catalog", "--debug"]])
def test_debug_shows_the_traceback_of_an_internal_error(args, monkeypatch, capsys):
    _catalog_fails_with(ZeroDivisionError("division by zero"), monkeypatch)
    assert main(args) == 70
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert "in names" in err and err.splitlines()[-1].startswith("dominosa-lab: internal error")


def test_debug_shows_where_a_user_error_was_raised(capsys):
    assert main(["solve", "3:0211", "--debug"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Traceback") and "FormatError" in err
    assert err.splitlines()[-1].startswith("dominosa-lab: error: Tatham id")


def test_a_file_the_system_refuses_is_one_line_with_exit_1(monkeypatch, capsys):
    _catalog_fails_with(PermissionError(13, "Permission denied", "formats/data"), monkeypatch)
    assert main(["catalog"]) == 1
    err = capsys.readouterr().err
    assert err == "dominosa-lab: error: [Errno 13] Permission denied: 'formats/data'\n"


def test_ctrl_c_ends_the_command_with_one_line_and_exit_130(monkeypatch, capsys):
    _catalog_fails_with(KeyboardInterrupt(), monkeypatch)
    assert main(["catalog"]) == 130
    assert capsys.readouterr().err == "dominosa-lab: interrupted\n"


def test_an_internal_error_in_the_installed_command_exits_70_without_a_traceback():
    script = ("import sys; from dominosa_lab import cli; from dominosa_lab.formats import catalog;"
              "catalog.names = lambda: 1 / 0; sys.exit(cli.main(['catalog']))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 70 and "Traceback" not in done.stderr
    assert "internal error: ZeroDivisionError" in done.stderr


@pytest.mark.parametrize("command", [["solve", "FILE"], ["generate", "4", "--shape", "FILE"]])
def test_a_file_that_is_not_text_is_a_user_error(command, tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_bytes(b"\xff\xfe\x00 not text")
    assert main([str(path) if arg == "FILE" else arg for arg in command]) == 2
    err = capsys.readouterr().err
    assert err == f"dominosa-lab: error: {str(path)!r} is not a text file (invalid start byte " \
                  "at byte 0)\n"


