"""The TCG homework's tables (notebook 03): dlx on random boards, by item order."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.experiments.sweep import (
    branching_table,
    random_boards,
    run_sweep,
    save_results,
    with_board_seed,
)
from dominosa_lab.solvers import METHODS

__all__ = ["HOMEWORK_LIMIT_SECONDS", "MIN_OPTIONS", "PUBLISHED", "TABLE1", "TABLE2",
           "homework_rates", "tcg_min_options", "tcg_table1", "tcg_table2"]


#: Table 1 of the homework: five random 31 x 32 boards (N = 30), dlx with mrv.
TABLE1 = {"n": 30, "seeds": range(1, 6), "max_nodes": 1_000_000}

#: Table 2: N = 5, 10, 15, 30, three item orders, a node budget. The budget is far smaller than
#: the homework's "> 5 min" (see :func:`homework_rates`): a stopped run needed at least this many
#: nodes, not more than five minutes.
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


#: The homework's own figures, as published: 鄭以琳 (R04922058), *Theory of Computer Games,
#: Homework #1 - Dominosa*, 22 January 2016. Table 1 (section 5, "Branching Factor"): five
#: random 31 x 32 boards (N = 30) solved with the fewest-options column; Table 2 (section 5,
#: "Move Ordering"): one board per N with the fewest-options ("optimal") and an arbitrary column,
#: ``None`` where the table has "-" (states) or ">5min" (seconds, kept as ``">5min"``); and the
#: counts of "ways to circle" of section 2 ("Naive Brute-force Approach").
PUBLISHED = {
    "table1": {"board": (1, 2, 3, 4, 5),
               "states": (4977, 644, 989, 496, 157_315),
               "choices": (166, 6, 26, 0, 4796),          # "# Minimum options > 1"
               "seconds": (0.14, 0.02, 0.03, 0.04, 3.2)},
    "table2": {"n": (5, 10, 15, 30),
               "states_optimal": (21, 129, 136, 4977),
               "states_arbitrary": (192, 305_058, None, None),
               "seconds_optimal": (0.01, 0.01, 0.01, 0.14),
               "seconds_arbitrary": (0.01, 0.2, ">5min", ">5min")},
    "schemas": {"n": (9, 15), "ways": (1e12, 1e18), "ratio": 1e6},
}

#: The homework's time limit of Table 2, in seconds ("a solution can not be found in five minutes").
HOMEWORK_LIMIT_SECONDS = 300


def homework_rates(budget: int = TABLE2["max_nodes"]) -> pd.DataFrame:
    """States per second of each timed run of the homework, and what five minutes hold at that rate.

    The homework prints its times rounded (0.14, 3.2, 0.2 s); a time written with d decimals lies
    within half a unit of its last digit, so each rate has the interval that rounding leaves
    (``rate_low`` to ``rate_high``). Runs timed at 0.01 s or faster are left out (their rounding
    interval is wider than the time itself). ``five_min_states`` is the rate times the homework's
    limit, ``times_budget`` that over ``budget`` (the node budget of :data:`TABLE2`), both with
    the same interval.

    Examples
    --------
    >>> rates = homework_rates()
    >>> row = rates.set_index("run").loc["Table 2, N = 10, arbitrary column"]
    >>> round(row["rate"]), round(row["rate_low"]), round(row["rate_high"])
    (1525290, 1220232, 2033720)
    """
    rows = []
    table1, table2 = PUBLISHED["table1"], PUBLISHED["table2"]
    runs = [(f"Table 1, board {b}", s, t) for b, s, t in
            zip(table1["board"], table1["states"], table1["seconds"], strict=True)]
    runs += [(f"Table 2, N = {n}, {kind} column", s, t)
             for kind in ("optimal", "arbitrary")
             for n, s, t in zip(table2["n"], table2[f"states_{kind}"], table2[f"seconds_{kind}"],
                                strict=True)]
    for run, states, seconds in runs:
        if states is None or isinstance(seconds, str) or seconds <= 0.01:
            continue
        decimals = len(repr(seconds).split(".")[1])
        half = 0.5 * 10 ** -decimals
        rates = (states / seconds, states / (seconds + half), states / (seconds - half))
        rows.append({"run": run, "states": states, "seconds": seconds,
                     "rate": rates[0], "rate_low": rates[1], "rate_high": rates[2],
                     **{f"five_min_states{s}": r * HOMEWORK_LIMIT_SECONDS
                        for s, r in zip(("", "_low", "_high"), rates, strict=True)},
                     **{f"times_budget{s}": r * HOMEWORK_LIMIT_SECONDS / budget
                        for s, r in zip(("", "_low", "_high"), rates, strict=True)}})
    return pd.DataFrame(rows)
