"""run_sweep's table, the CSV round trip, and the named experiments' wiring."""

from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

from dominosa_lab import PuzzleError
from dominosa_lab.cli import main
from dominosa_lab.experiments import EXPERIMENTS
from dominosa_lab.experiments import tcg as ex
from dominosa_lab.experiments.sweep import (
    COLUMNS,
    branching_table,
    load_results,
    random_boards,
    run_sweep,
    save_results,
)

BOARDS = random_boards([2, 3], [1, 2])


def _without_time(frame):
    return frame.drop(columns="seconds")


def test_one_row_per_puzzle_method_and_option_set_with_the_design_columns():
    df = run_sweep(BOARDS, methods="rowscan", executor="serial", progress=False)
    assert list(df.columns) == COLUMNS
    assert len(df) == len(BOARDS)
    assert list(df["puzzle"]) == [p.name for p in BOARDS]
    assert (df["status"] == "solved").all() and (df["solutions"] == 1).all()


def test_option_sets_multiply_the_runs_in_input_order():
    orders = [{"order": "mrv"}, {"order": "pile"}, {"order": "random", "seed": 3}]
    df = run_sweep(BOARDS[:2], methods="dlx", settings=orders, executor="serial", progress=False)
    assert list(df["order"]) == ["mrv", "pile", "random"] * 2
    assert list(df["seed"].fillna(-1)) == [-1, -1, 3] * 2
    assert list(df["puzzle"]) == [BOARDS[0].name] * 3 + [BOARDS[1].name] * 3


def test_process_pool_gives_the_same_table_as_a_serial_run():
    serial = run_sweep(BOARDS, methods="rowscan", executor="serial", progress=False, limit=None)
    pooled = run_sweep(BOARDS, methods="rowscan", progress=False, limit=None)
    pd.testing.assert_frame_equal(_without_time(serial), _without_time(pooled))


def test_any_executor_may_run_the_sweep():
    with ThreadPoolExecutor(2) as pool:
        df = run_sweep(BOARDS, methods="rowscan", executor=pool, progress=False)
    assert list(df["puzzle"]) == [p.name for p in BOARDS]


def test_budget_stops_runs_and_keeps_their_counters():
    df = run_sweep(BOARDS[-1:], methods="rowscan", executor="serial", progress=False, max_nodes=3,
                   limit=None)
    assert df.loc[0, "status"] == "stopped" and df.loc[0, "nodes"] == 3


def test_all_solutions_are_counted_with_limit_none():
    df = run_sweep(BOARDS, methods="rowscan", executor="serial", progress=False, limit=None)
    assert (df["solutions"] >= 1).all()
    assert df["solutions"].sum() > len(BOARDS)


def test_unknown_method_is_refused_before_anything_runs():
    with pytest.raises(PuzzleError, match="unknown method 'nope'"):
        run_sweep(BOARDS, methods=["rowscan", "nope"], progress=False)


def test_csv_round_trip_keeps_branching_as_dicts(tmp_path):
    df = run_sweep(BOARDS, methods="rowscan", executor="serial", progress=False)
    path = save_results(df, tmp_path, "demo")
    back = load_results("demo", tmp_path)
    assert path == tmp_path / "demo.csv"
    assert list(back["branching"]) == list(df["branching"])
    pd.testing.assert_frame_equal(back.drop(columns=["branching", "seed", "order"]),
                                  df.drop(columns=["branching", "seed", "order"]),
                                  check_dtype=False)


def test_missing_results_name_the_command_that_writes_them(tmp_path):
    with pytest.raises(FileNotFoundError, match="dominosa-lab experiment tcg-table2"):
        load_results("tcg-table2", tmp_path)


def test_branching_table_has_one_row_per_run_and_option_count():
    df = run_sweep(BOARDS, methods="rowscan", executor="serial", progress=False)
    long = branching_table(df)
    assert len(long) == sum(len(b) for b in df["branching"])
    assert long.groupby("puzzle")["count"].sum().to_dict() == {
        row.puzzle: sum(row.branching.values()) for row in df.itertuples()
    }


@pytest.fixture
def tiny(monkeypatch):
    """The experiments' settings shrunk so that each runs in a fraction of a second."""
    monkeypatch.setattr(ex, "TABLE1", {"n": 3, "seeds": range(1, 3), "max_nodes": 10_000})
    monkeypatch.setattr(ex, "TABLE2", {"ns": (2, 3), "seeds": range(1, 3),
                                       "orders": ("mrv", "pile", "random"), "max_nodes": 10_000})
    monkeypatch.setattr(ex, "MIN_OPTIONS", {"ns": (2, 3), "seeds": range(3), "max_nodes": 10_000})


@pytest.mark.parametrize("name", sorted(n for n in EXPERIMENTS if n.startswith("tcg-")))
def test_each_experiment_writes_its_csv_through_the_command_line(name, tiny, tmp_path, capsys):
    assert main(["experiment", name, "--out", str(tmp_path)]) == 0
    assert f"wrote {tmp_path / (name + '.csv')}" in capsys.readouterr().out
    df = load_results(name, tmp_path)
    assert "board_seed" in df.columns and len(df) > 0
    assert set(df["status"]) <= {"solved", "stopped"}


def test_table2_runs_every_order_on_every_board(tiny, tmp_path):
    df = load_results("tcg-table2", ex.tcg_table2(tmp_path).parent)
    assert len(df) == 2 * 2 * 3
    assert df.groupby("order").size().to_dict() == {"pile": 4, "mrv": 4, "random": 4}


def test_min_options_table_counts_every_choice_of_every_board(tiny, tmp_path):
    df = load_results("tcg-min-options", ex.tcg_min_options(tmp_path).parent)
    assert set(df.columns) >= {"puzzle", "n", "board_seed", "k", "count"}
    assert df["puzzle"].nunique() == 2 * 3
    assert (df["count"] > 0).all()


def test_a_missing_results_file_names_the_experiment_that_writes_it(tmp_path):
    from dominosa_lab.experiments import EXPERIMENTS, load_results

    with pytest.raises(FileNotFoundError, match="dominosa-lab experiment dominopeg-census"):
        load_results("dominopeg_census", tmp_path)
    assert "dominopeg-census" in EXPERIMENTS
