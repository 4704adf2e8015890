"""The dominosa-lab command: output and exit codes."""

import io
import json
import os
import subprocess
import sys

import pytest

from dominosa_lab import (
    METHODS,
    SearchStats,
    cli,
    experiments,
    from_tatham,
    random_puzzle,
    solvers,
    to_tatham,
)
from dominosa_lab.cli import EXIT_BROKEN_PIPE, flags, main
from dominosa_lab.experiments import EXPERIMENTS
from dominosa_lab.formats import catalog, to_json, to_text
from dominosa_lab.solvers import explain as explain_module
from tests.terminal import on_a_terminal


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


def test_show_without_all_looks_for_that_many_solutions_and_says_there_may_be_more(capsys):
    assert main(["solve", "tcg-n10", "--show", "2"]) == 0
    out = capsys.readouterr().out
    assert "solution 2:" in out and "solution 3:" not in out
    assert "2 solutions (the first 2; --all for every one)" in out


def test_limit_stops_at_that_many_solutions_and_shows_them(capsys):
    assert main(["solve", "tcg-n10", "--limit", "12", "--show", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["count"], len(out["solutions"])) == (12, 1)


def test_budget_stop_is_reported_not_an_error(capsys):
    assert main(["solve", "tcg-n10", "--method", "rowscan", "--max-nodes", "10"]) == 0
    assert "status: stopped (node budget of 10 exhausted)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "no-such-board"], "is not a file, a catalog name"),
        (["solve", "3:0211"], "game description is too short"),
        (["solve", "mikefc-small", "--max-nodes", "-3"], "--max-nodes must be an integer >= 0"),
        (["solve", "mikefc-small", "--why-seconds", "-1"],
         "--why-seconds must be a non-negative number of seconds"),
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
    monkeypatch.setattr(flags, "DEFAULT_TIME_LIMIT", 0.2)
    assert main(["solve", "mikefc-large", "--method", "collision"]) == 0
    out = capsys.readouterr().out
    assert "status: stopped (time limit of 0.2 s exhausted, the default for collision; " \
           "--time-limit SECONDS to change it, --time-limit none to lift it)" in out


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


def test_generate_out_of_budget_says_how_close_its_best_board_came(capsys):
    assert main(["generate", "12", "--grade", "extreme", "--max-nodes", "2"]) == 1
    err = capsys.readouterr().err
    assert "max_nodes=2 reached; 2 boards graded (0 planted anew); the closest left " in err
    assert err.rstrip().endswith("placements open")


def test_generate_out_of_budget_gives_how_close_it_came_in_json(capsys):
    assert main(["generate", "12", "--grade", "extreme", "--max-nodes", "2", "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert (record["status"], record["boards"]) == ("stopped", 2) and record["closest"] > 0


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


def test_solve_says_why_a_board_has_no_solution(tmp_path, capsys):
    path = tmp_path / "impossible.txt"
    path.write_text("0 1 0\n1 0 1\n")
    assert main(["solve", str(path)]) == 0
    assert "why:" in capsys.readouterr().out


def test_solve_looks_for_why_as_long_as_why_seconds_and_says_when_it_found_nothing(
        tmp_path, monkeypatch, capsys):
    asked = []
    monkeypatch.setattr(explain_module, "explain_no_solution",
                        lambda puzzle, time_limit: asked.append(time_limit))
    path = tmp_path / "impossible.txt"
    path.write_text("0 1 0\n1 0 1\n")
    assert main(["solve", str(path), "--why-seconds", "2.5"]) == 0
    assert asked == [2.5]
    assert "why: no reason found in 2.5 s (--why-seconds to look longer)" in capsys.readouterr().out


def test_why_seconds_0_does_not_look_for_why(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(explain_module, "explain_no_solution", lambda *args, **kwargs: 1 / 0)
    path = tmp_path / "impossible.txt"
    path.write_text("0 1 0\n1 0 1\n")
    assert main(["solve", str(path), "--why-seconds", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["refutation"] is None


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
def test_a_file_that_is_not_text_is_a_user_error_naming_the_encoding(command, tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_bytes(b"0 \xb2 1\n")
    assert main([str(path) if arg == "FILE" else arg for arg in command]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dominosa-lab: error: file {str(path)!r} is not UTF-8 text: ")
    assert "at byte 2" in err and err.count("\n") == 1


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8-sig"])
def test_a_board_in_utf_16_or_with_a_byte_order_mark_is_read(encoding, tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_bytes("0 0 1\n1 1 0\n".encode(encoding))
    assert main(["solve", str(path)]) == 0
    assert "status: solved" in capsys.readouterr().out


def test_a_tatham_id_longer_than_a_file_name_is_read(capsys):
    puzzle = random_puzzle(14, seed=1).puzzle
    game_id = to_tatham(puzzle)
    assert len(game_id) > 255
    assert main(["solve", game_id]) == 0
    assert f"Tatham game id: {game_id}" in capsys.readouterr().out


@pytest.mark.parametrize("text", ["3:02113312013003232012\n",
                                  "0 2 1 1 3\n3 1 2 0 1\n3 0 0 3 2\n3 2 0 1 2\n",
                                  to_json(from_tatham("3:02113312013003232012"))])
def test_a_dash_reads_the_puzzle_from_standard_input(text, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["solve", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tatham_id"] == "3:02113312013003232012"


def test_solve_json_has_the_status_the_solutions_and_the_counters(capsys):
    assert main(["solve", "tcg-n10", "--all", "--show", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["status"], out["count"], len(out["solutions"])) == ("solved", 16, 2)
    assert out["stats"]["nodes"] > 0 and out["tatham_id"].startswith("10:")


def test_hint_grade_and_generate_print_json(capsys):
    assert main(["hint", "mikefc-small", "--steps", "2", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["steps"]) == 2
    assert main(["grade", "mikefc-small", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["level"] == "trivial"
    assert main(["generate", "4", "--seed", "2", "--solution", "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert from_tatham(made["tatham_id"]).rows == tuple(map(tuple, made["rows"]))
    assert len(made["solution"]) == 15


def test_an_error_in_a_file_names_the_file(tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_text("1" * 5000 + "\n")
    assert main(["solve", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"dominosa-lab: error: {path}: line 1, entry 1: "
                                              "a number of 5000 digits is too large")


def test_a_byte_order_mark_is_not_part_of_the_board(tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_bytes(b"\xef\xbb\xbf0 0 1\n1 1 0\n")
    assert main(["solve", str(path)]) == 0
    assert "status: solved" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["solve", "mikefc-small", "--max-nodes", "100000000000000000000"],
     "--max-nodes must be at most 4,611,686,018,427,387,904"),
    (["solve", "mikefc-small", "--max-nodes", "many"], "--max-nodes must be an integer >= 0 or "
                                                       "'none', got 'many'"),
    (["solve", "mikefc-small", "--time-limit", "-1"], "--time-limit must be a non-negative "
                                                      "number of seconds or 'none'"),
    (["solve", "mikefc-small", "--seed", "5"], "--seed: method fast draws nothing at random; "
                                               "--seed is for --order random, with --method dlx"),
    (["solve", "mikefc-small", "--order", "pile"], "--order must be one of 'mrv' for --method "
                                                   "fast"),
    (["solve", "mikefc-small", "--all", "--show", "-1"], "--show must be an integer >= 1"),
    (["solve", "DEEP"], "nested too deeply"),
    (["generate", "1000"], "N: a board of 1,003,002 cells needs about"),
    (["generate", "3", "--shape", "100000x100000"], "the board has 10,000,000,000"),
    (["generate", "3", "--shape", "1x20", "--grade", "basic"], "it has one domino tiling"),
    (["generate", "4", "--grade", "medium"], "--grade must be one of"),
    (["reproduce", "DEEP"], "is not a Jupyter notebook"),
    (["experiment", "all", "--out", "FILE/results"], "is a file, not a folder"),
])
def test_a_request_that_cannot_be_met_is_refused_at_once_in_the_command_line_s_words(
        args, message, tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    file = tmp_path / "file"
    file.write_text("")
    args = [str(deep) if a == "DEEP" else a.replace("FILE", str(file)) for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_ctrl_c_ends_the_progress_line_before_saying_so(monkeypatch):
    def interrupted(puzzle, *, progress, **settings):
        progress(SearchStats(nodes=5), 1.0)
        raise KeyboardInterrupt

    monkeypatch.setattr(solvers, "solve", interrupted)
    with on_a_terminal() as terminal:
        assert main(["solve", "mikefc-small"]) == 130
    progress_line, message = terminal.getvalue().split("\n")[:2]
    assert progress_line.startswith("\r") and "5 nodes" in progress_line
    assert message == "dominosa-lab: interrupted"


@pytest.mark.parametrize("command", ["catalog", "reproduce"])
def test_every_command_has_a_description_in_its_help(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    description = capsys.readouterr().out.split("\n\n")[1]
    assert description.strip() and not description.lstrip().startswith(("positional", "options"))


def test_the_help_describes_the_text_format(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "one row per line, numbers separated by spaces, '.' for a gap" in out
    assert "'-' for standard input" in out


def test_reproduce_refuses_a_file_that_is_not_a_notebook_before_running_any(
        monkeypatch, tmp_path, capsys):
    from dominosa_lab import reproduce

    ran = []
    monkeypatch.setattr(reproduce, "run_notebook", lambda path, **options: ran.append(path))
    good, bad = tmp_path / "good.ipynb", tmp_path / "bad.json"
    good.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}))
    bad.write_text('{"a": 1}')
    assert main(["reproduce", str(good), str(bad)]) == 2
    assert ran == [] and f"{str(bad)!r} is not a Jupyter notebook" in capsys.readouterr().err


def _method(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)["method"]


def test_listing_the_solutions_of_a_board_up_to_double_20_uses_dancing_links(capsys):
    assert _method(capsys, ["solve", "tcg-n10", "--all", "--json"]) == "dlx"
    assert _method(capsys, ["solve", "tcg-n10", "--limit", "2", "--json"]) == "dlx"
    assert _method(capsys, ["count", "tcg-n10", "--limit", "3", "--json"]) == "dlx"


def test_one_solution_a_count_and_a_larger_board_use_the_default_method(tmp_path, capsys):
    board = tmp_path / "n21.txt"
    board.write_text(to_text(random_puzzle(flags.LIST_BY_DLX_UP_TO + 1, seed=0).puzzle))
    assert _method(capsys, ["solve", "tcg-n10", "--json"]) == "fast"
    assert _method(capsys, ["count", "tcg-n10", "--json"]) == "fast"
    assert _method(capsys, ["solve", str(board), "--limit", "2", "--json"]) == "fast"


def test_a_method_named_is_the_method_used_for_listing(capsys):
    assert _method(capsys, ["solve", "tcg-n10", "--all", "--method", "fast", "--json"]) == "fast"
