"""The ``caviness-times`` experiment and the ratio table notebook 02 reads from it."""

import pandas as pd
import pytest

from dominosa_lab.experiments import EXPERIMENTS, IN_PROCESS, caviness, load_results
from dominosa_lab.solvers import METHODS


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setitem(caviness.CAVINESS, "times_ns", (2,))
    monkeypatch.setitem(caviness.CAVINESS, "times_seeds", range(2))
    monkeypatch.setitem(caviness.CAVINESS, "times_rounds", 2)
    monkeypatch.setitem(caviness.CAVINESS, "times_budget", 2000)


def test_every_round_runs_every_method_on_m9_and_the_random_boards(tiny, tmp_path):
    assert EXPERIMENTS["caviness-times"] is caviness.caviness_times
    assert "caviness-times" in IN_PROCESS
    caviness.caviness_times(tmp_path)
    times = load_results("caviness-times", tmp_path)
    assert len(times) == 2 * 3 * len(METHODS)
    assert set(times.puzzle) == {"caviness-m9", "random-n2-s0", "random-n2-s1"}
    counters = ["status", "solutions", "nodes", "backtracks"]
    assert (times.groupby(["puzzle", "method"])[counters].nunique() == 1).all().all()
    assert (times[times.method == "collision"].query("n == 6").status == "stopped").all()
    table = caviness.time_ratios(times[times.puzzle != "caviness-m9"], "odometer", "human")
    assert list(table.index) == [2] and table.loc[2, "boards"] == 2


def _runs(slow_status):
    rows = []
    for board, (slow, fast) in enumerate([(5.0, 1.0), (7.0, 1.0), (9.0, 2.0), (0.5, 1.0)]):
        rows.append({"round": 0, "puzzle": f"b{board}", "n": 3, "method": "slow",
                     "status": slow_status, "seconds": slow})
        rows.append({"round": 0, "puzzle": f"b{board}", "n": 3, "method": "fast",
                     "status": "solved", "seconds": fast})
    return pd.DataFrame(rows)


def test_the_ratio_is_of_medians_over_boards_and_counts_the_boards_slower():
    table = caviness.time_ratios(_runs("solved"), "slow", "fast")
    row = table.loc[3]
    assert row["ratio"] == pytest.approx(6.0 / 1.0) and row["bound"] == ""
    assert row["low"] <= row["ratio"] <= row["high"]
    assert row["longer"] == 3 and row["undecided"] == 0


def test_stopped_runs_of_the_slower_method_make_the_ratio_a_lower_bound():
    table = caviness.time_ratios(_runs("stopped"), "slow", "fast")
    row = table.loc[3]
    assert row["bound"] == "at least" and row["high"] == float("inf")
    assert row["slow stopped"] == 4
