"""The reason from weights: how its size and its time move with the linear programmes asked.

``prove.weighed`` asks HiGHS for weights that show a board has no fractional cover, with the least
positive part (a square costing 1, a domino the squares of its placements), then again reweighted,
``weigh_rounds`` programmes in all (``solvers/fast/settings.py``), and one more checks the set.
This measures, on tuning boards of ``bench_proofs.py`` (board ``k`` from ``--first``, not the
boards of ``bench_reasons.py``, which start at 0), the core's squares (its squares and those of
its dominoes' placements) and processor seconds for 1, 2 and 3 programmes.

    python benchmarks/bench_weigh.py                      # N = 20 40 60, boards 10 to 14
    python benchmarks/bench_weigh.py --n 20 --boards 2 --out weigh_smoke    # a quick look

Writes ``benchmarks/results/weigh.md`` and ``weigh.csv`` (one row per board and rounds).
"""

from __future__ import annotations

import time

import pandas as pd
from bench_peers import machine, stamp, write_results
from bench_proofs import SEED0, board
from bench_reasons import parser

from dominosa_lab import solve
from dominosa_lab.logic.geometry import geometry
from dominosa_lab.logic.refute import uncovered
from dominosa_lab.solvers.fast import prove

ROUNDS = (1, 2, 3)


def measure(name: str, n: int, k: int, timeout: float) -> list[dict]:
    """Board ``k`` of ``name`` at ``n``: the weights' core with each number of
    :data:`ROUNDS`, when ``solve`` proves the board has no solution within ``timeout``."""
    puzzle, _ = board(name, n, k)
    if solve(puzzle, time_limit=timeout).status != "no_solution":
        return []
    rows, default = [], prove.SETTINGS
    for rounds in ROUNDS:
        prove.SETTINGS = default._replace(weigh_rounds=rounds)
        start = time.process_time()
        found = prove.weighed(puzzle, timeout)
        seconds = time.process_time() - start
        squares = None if found is None else len(
            uncovered(geometry(puzzle), found[0].tolist(), False, found[1].tolist()).squares)
        rows.append({"family": name, "n": n, "seed": SEED0[name] + 100 * n + k,
                     "rounds": rounds, "squares": squares, "board_squares": len(puzzle.cells),
                     "seconds": seconds})
        print(rows[-1], flush=True)
    prove.SETTINGS = default
    return rows


def table(frame: pd.DataFrame) -> str:
    """Markdown: per family, N and rounds, the boards with a core, its median squares (and
    fraction of the board) and the median and worst seconds."""
    head = ["family", "N", "rounds", "found", "median squares", "median fraction", "median s",
            "worst s"]
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for (name, n, rounds), at in frame.groupby(["family", "n", "rounds"], sort=False):
        found = at[at["squares"].notna()]
        cells = [name, n, rounds, f"{len(found)} of {len(at)}", f"{found['squares'].median():g}",
                 f"{(found['squares'] / found['board_squares']).median():.3f}",
                 f"{at['seconds'].median():.2f}", f"{at['seconds'].max():.2f}"]
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(lines)


def main() -> None:
    """Run the benchmark and write its table."""
    options = parser(__doc__, [20, 40, 60], 60.0, "weigh")
    options.set_defaults(boards=5)
    options.add_argument("--first", type=int, default=10)
    args = options.parse_args()
    started = machine()
    rows = [row for name in args.families for n in args.n
            for k in range(args.first, args.first + args.boards)
            for row in measure(name, n, k, args.timeout)]
    frame = pd.DataFrame(rows)
    text = (f"# The reason from weights: its size and time by the linear programmes asked\n\n"
            f"{stamp('bench_weigh.py', started + '.')}\n\n"
            f"Boards {args.first} to {args.first + args.boards - 1} of each family and N of "
            "`bench_proofs.py` (tuning boards: `bench_reasons.py` reports boards from 0) that "
            f"`solve` proved to have no solution; `prove.weighed(board, {args.timeout:g})` with "
            "`weigh_rounds` set to each number of *rounds*. Seconds are processor seconds in one "
            "process, the check of the set included; *squares*: the core's squares and those of "
            "its dominoes' placements; *fraction*: of the board's squares.\n\n"
            f"{table(frame)}\n")
    write_results(args.out, frame, text)
    print(text)


if __name__ == "__main__":
    main()
