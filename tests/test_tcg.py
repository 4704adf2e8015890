"""The TCG homework's published figures and the rates its own timings imply (notebook 03)."""

import pytest

from dominosa_lab.experiments.tcg import HOMEWORK_LIMIT_SECONDS, PUBLISHED, TABLE2, homework_rates


def test_published_tables_have_one_value_per_board():
    table1 = PUBLISHED["table1"]
    assert {len(v) for v in table1.values()} == {5}
    assert max(table1["states"]) == 157_315 and min(table1["states"]) == 496
    assert {len(v) for v in PUBLISHED["table2"].values()} == {4}


def test_rates_come_from_the_timed_runs_with_the_interval_rounding_leaves():
    rates = homework_rates().set_index("run")
    board5 = rates.loc["Table 1, board 5"]  # 157,315 states in 3.2 s (3.15 to 3.25 s)
    assert board5["rate"] == pytest.approx(157_315 / 3.2)
    assert board5["rate_low"] == pytest.approx(157_315 / 3.25)
    assert board5["rate_high"] == pytest.approx(157_315 / 3.15)
    assert board5["times_budget"] == pytest.approx(
        157_315 / 3.2 * HOMEWORK_LIMIT_SECONDS / TABLE2["max_nodes"])
    # runs printed as 0.01 s and the ">5min" entries carry no usable rate
    assert not any("N = 5" in run for run in rates.index)
    assert len(rates) == 7


def test_the_budget_is_an_argument():
    assert homework_rates(budget=1)["times_budget"].iloc[0] == pytest.approx(
        homework_rates()["five_min_states"].iloc[0])
