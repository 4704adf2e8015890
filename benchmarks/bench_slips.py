"""Where a board went wrong: how often the exchange that was made is found, and how fast.

The boards are those of ``benchmarks/bench_proofs.py`` (its ``board``: families ``transposed``,
two squares of different numbers exchanged anywhere, and ``adjacent``, two neighbouring
squares of two planted dominoes, the typing slip; board ``k`` of N from the seed
``SEED0[family] + 100 * N + k``). For each board that ``solve`` proves to have no solution
within ``--timeout`` seconds, this process (warmed up on one such board first) measures
:func:`dominosa_lab.boards.slip.find_slips` in processor seconds: where the exchanged squares
come among the suspects (belief propagation's least sure squares), how many slips (neighbouring
exchanges that mend the board) it returns, and whether the exchange made is one of them or a
slip shares or touches one of its squares.

    python benchmarks/bench_slips.py                        # N = 10 20 40 60 100, 10 boards each
    python benchmarks/bench_slips.py --n 20 --boards 3 --out slips_smoke     # a quick look

Writes ``benchmarks/results/slips.md`` and ``slips.csv`` (one row per board).
"""

from __future__ import annotations

import time

import pandas as pd
from bench_peers import machine, stamp, write_results
from bench_proofs import SEED0
from bench_reasons import around, measured, parser, proved

from dominosa_lab.boards.slip import FAR_SUSPECTS, SUSPECTS, find_slips, suspects


def rank(found: tuple, cell: tuple) -> int:
    """Where ``cell`` comes among the suspects ``found`` (1: least sure); 0 when not among them."""
    return found.index(cell) + 1 if cell in found else 0


def measure(name: str, n: int, k: int, timeout: float) -> dict | None:
    """One board: the proof's processor seconds, the exchanged squares' ranks among the
    suspects, the slips found and the seconds of both; None when ``solve`` does not prove within
    ``timeout`` that it has no solution."""
    found = proved(name, n, k, timeout)
    if found is None:
        return None
    puzzle, swapped, proof = found
    start = time.process_time()
    doubted = suspects(puzzle)
    slips = find_slips(puzzle, among=doubted, time_limit=timeout)
    seconds = time.process_time() - start
    ranks = [rank(doubted, tuple(cell)) for cell in swapped]
    made = {tuple(cell) for cell in swapped}
    return {"family": name, "n": n, "seed": SEED0[name] + 100 * n + k,
            "swapped": swapped, "ranks": ranks, "both_suspects": all(ranks),
            "slips": len(slips), "made_found": any(set(s.cells) == made for s in slips),
            "touches": any(set(s.cells) & around(swapped) for s in slips),
            "first_is_made": bool(slips) and set(slips[0].cells) == made,
            "proof_seconds": proof, "seconds": seconds}


def table(frame: pd.DataFrame) -> str:
    """Markdown: per family and N, the boards, how often both exchanged squares are suspects,
    how often a slip is found, is the exchange made, or shares or touches one of its squares,
    the median and most slips, and the median and worst seconds against the proof's."""
    head = ["family", "N", "boards", "both squares suspects", "a slip found",
            "the exchange made found", "... as the first slip", "a slip on or beside it",
            "median slips", "most slips", "median s", "worst s", "proof median s",
            "proof worst s"]
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for (name, n), at in frame.groupby(["family", "n"], sort=False):
        cells = [name, n, len(at), int(at["both_suspects"].sum()), int((at["slips"] > 0).sum()),
                 int(at["made_found"].sum()), int(at["first_is_made"].sum()),
                 int(at["touches"].sum()), f"{at['slips'].median():g}", int(at["slips"].max()),
                 f"{at['seconds'].median():.2f}", f"{at['seconds'].max():.2f}",
                 f"{at['proof_seconds'].median():.2f}", f"{at['proof_seconds'].max():.2f}"]
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(lines)


def main() -> None:
    """Run the benchmark and write its table."""
    args = parser(__doc__, [10, 20, 40, 60, 100], 60.0, "slips").parse_args()
    started = machine()
    frame = measured(args, find_slips, measure)
    text = (f"# Where a board went wrong: the exchange made, among the slips found\n\n"
            f"{stamp('bench_slips.py', started + '.')}\n\n"
            f"The boards of `bench_proofs.py` that `solve` proved to have no solution, "
            f"{args.boards} per family and N drawn; `find_slips(board, time_limit="
            f"{args.timeout:g})`, which exchanges the neighbouring pairs among the {SUSPECTS} "
            "squares belief propagation is least sure of (the *suspects*), then any two of the "
            f"{FAR_SUSPECTS} least sure, and keeps each exchange that gives the board a solution "
            "(a *slip*). Seconds are processor seconds in one warm process. *both squares "
            "suspects*: both exchanged squares are among the suspects; *the exchange made "
            "found*: it is one of the slips; *a slip on or beside it*: a slip has an exchanged "
            f"square or a square sharing a side with one.\n\n{table(frame)}\n")
    write_results(args.out, frame, text)
    print(text)


if __name__ == "__main__":
    main()
