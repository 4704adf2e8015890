"""Where a command writes is checked before any work: a folder where a file is wanted, a folder
that cannot be made, a place the system refuses; and a scheduler that is no address."""

from pathlib import Path

import pytest

from dominosa_lab import boards, experiments, solvers
from dominosa_lab.boards import distinct
from dominosa_lab.cli import main


def _never(*args, **kwargs):
    raise AssertionError("the work started before the output was checked")


@pytest.fixture
def no_work(monkeypatch):
    """Every long call of the commands fails the test if it is made."""
    for module, name in ((solvers, "solve"), (boards, "unique_puzzle"),
                         (distinct, "distinct_puzzles")):
        monkeypatch.setattr(module, name, _never)
    monkeypatch.setattr(experiments, "EXPERIMENTS", {"a": _never})


def _refused(capsys, argv):
    assert main(argv) == 2, argv
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.removeprefix("dominosa-lab: error: ").rstrip("\n")


@pytest.mark.parametrize("argv", [
    ["draw", "mikefc-small", "-o", "FOLDER.png"],
    ["generate", "4", "-o", "FOLDER.png"],
    ["print", "4", "--out", "FOLDER.png"],
])
def test_a_folder_where_a_file_is_wanted_is_refused_before_any_work(argv, no_work, tmp_path,
                                                                     capsys):
    folder = tmp_path / "board.png"
    folder.mkdir()
    flag = argv[-2]
    said = _refused(capsys, [str(folder) if a == "FOLDER.png" else a for a in argv])
    assert said == f"{flag} {str(folder)!r} is a folder, not a file"


def test_a_file_in_a_place_the_system_refuses_is_refused_before_any_work(no_work, capsys):
    said = _refused(capsys, ["draw", "mikefc-small", "-o", "/proc/board.png"])
    assert said.startswith("-o '/proc/board.png' cannot be written: ")


def test_checking_a_picture_leaves_no_file_behind_when_the_work_then_fails(tmp_path, capsys):
    out = tmp_path / "board.png"
    assert main(["draw", "no-such-board", "-o", str(out)]) == 2
    assert not out.exists()


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_an_experiment_folder_that_cannot_be_made_is_refused_before_any_work(no_work, capsys):
    said = _refused(capsys, ["experiment", "a", "--out", "/proc/x"])
    assert said.startswith("--out '/proc/x': cannot write in '/proc': ")


def test_an_experiment_folder_under_a_file_is_refused(no_work, tmp_path, capsys):
    file = tmp_path / "file"
    file.write_text("")
    said = _refused(capsys, ["experiment", "a", "-o", str(file / "results")])
    assert said == f"-o {str(file / 'results')!r}: {str(file)!r} is a file, not a folder"


def test_checking_an_experiment_folder_makes_nothing(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(experiments, "EXPERIMENTS", {"a": _never})
    monkeypatch.setattr(experiments, "IN_PROCESS", frozenset())
    assert main(["experiment", "a", "--out", str(tmp_path / "new"), "--scheduler", "bogus"]) == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("address", ["bogus", "tcp://", "10.0.0.5", "tcp://host:port",
                                     "tcp://10.0.0.5:99999"])
def test_a_scheduler_that_is_no_address_is_one_line(address, monkeypatch, capsys):
    monkeypatch.setattr(experiments, "EXPERIMENTS", {"a": _never})
    monkeypatch.setattr(experiments, "IN_PROCESS", frozenset())
    said = _refused(capsys, ["experiment", "a", "--scheduler", address])
    assert said == (f"--scheduler {address!r} is not the address of a Dask scheduler: "
                    "PROTOCOL://HOST:PORT, e.g. tcp://10.0.0.5:8786")


def test_a_scheduler_with_another_executor_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(experiments, "EXPERIMENTS", {"a": _never})
    monkeypatch.setattr(experiments, "IN_PROCESS", frozenset())
    said = _refused(capsys, ["experiment", "a", "--executor", "serial", "--scheduler",
                             "tcp://10.0.0.5:8786"])
    assert said.startswith("--scheduler is the address of a Dask scheduler; --executor serial")
