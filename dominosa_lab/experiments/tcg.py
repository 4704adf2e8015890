"""The TCG homework's tables (notebook 03): dlx on random boards, by item order."""

from __future__ import annotations

from pathlib import Path

from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.experiments.sweep import (
    branching_table,
    random_boards,
    run_sweep,
    save_results,
    with_board_seed,
)
from dominosa_lab.solvers import METHODS

__all__ = ["MIN_OPTIONS", "TABLE1", "TABLE2", "tcg_min_options", "tcg_table1", "tcg_table2"]


#: Table 1 of the homework: five random 31 x 32 boards (N = 30), dlx with mrv.
TABLE1 = {"n": 30, "seeds": range(1, 6), "max_nodes": 1_000_000}

#: Table 2: N = 5, 10, 15, 30, three item orders, a node budget for the homework's "> 5 min".
TABLE2 = {"ns": (5, 10, 15, 30), "seeds": range(1, 4), "orders": METHODS["dlx"].orders,
          "max_nodes": 500_000}

#: The "minimum options never exceed two" claim: 100 boards per N, dlx with mrv.
MIN_OPTIONS = {"ns": (5, 10, 15, 20, 30), "seeds": range(100), "max_nodes": 100_000}


def tcg_table1(out: str | Path = "results", executor: ExecutorChoice | Workers = None) -> Path:
    """Homework Table 1's shape: nodes, choices among more than one option, seconds."""
    boards = random_boards([TABLE1["n"]], TABLE1["seeds"])
    frame = run_sweep(boards, methods="dlx", settings={"order": "mrv"}, executor=executor,
                      max_nodes=TABLE1["max_nodes"])
    return save_results(with_board_seed(frame), out, "tcg-table1")


def tcg_table2(out: str | Path = "results", executor: ExecutorChoice | Workers = None) -> Path:
    """Homework Table 2's shape: dlx with each item order on boards N = 5, 10, 15, 30."""
    boards = random_boards(TABLE2["ns"], TABLE2["seeds"])
    orders = [{"order": o} if o != "random" else {"order": o, "seed": 0} for o in TABLE2["orders"]]
    frame = run_sweep(boards, methods="dlx", settings=orders, executor=executor,
                      max_nodes=TABLE2["max_nodes"])
    return save_results(with_board_seed(frame), out, "tcg-table2")


def tcg_min_options(
    out: str | Path = "results", executor: ExecutorChoice | Workers = None
) -> Path:
    """The fewest options at each choice of dlx/mrv, as a long table: one row per board and k."""
    boards = random_boards(MIN_OPTIONS["ns"], MIN_OPTIONS["seeds"])
    frame = with_board_seed(
        run_sweep(boards, methods="dlx", settings={"order": "mrv"}, executor=executor,
                  max_nodes=MIN_OPTIONS["max_nodes"])
    )
    return save_results(branching_table(frame), out, "tcg-min-options")
