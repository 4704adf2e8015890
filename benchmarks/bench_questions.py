"""Every question the command line answers about a board of N = 150, each in a fresh process.

Two boards of ``--n`` (150 by default): a planted one (``random_puzzle(N, seed=--seed)``: very many
solutions) and a transposed one (board 0 of that family in ``benchmarks/bench_proofs.py``: two
squares exchanged, no solution). Each command runs once per board in a process of its own, as a
person types it, with its defaults (the 60 s limit of the exponential commands included): wall
and processor seconds (the child's user and system time), its largest resident memory, its exit
status and the last line it printed. ``draw`` writes its picture to a temporary folder (``TMP``
in the table).

    python benchmarks/bench_questions.py                 # N = 150
    python benchmarks/bench_questions.py --n 60 --out questions_60

Writes ``benchmarks/results/questions.md`` and ``questions.csv`` (one row per board and command).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd
from bench_peers import machine, report
from bench_proofs import board

from dominosa_lab import Puzzle, random_puzzle

ROOT = Path(__file__).resolve().parents[1]
#: Each command after ``dominosa-lab``, with ``{board}`` and ``{folder}`` to fill in.
COMMANDS = (
    ("solve", "solve {board}"),
    ("count", "count {board}"),
    ("grade", "grade {board}"),
    ("hint", "hint {board}"),
    ("draw", "draw {board} -o {folder}/board.png"),
)


def written(puzzle: Puzzle, path: Path) -> Path:
    """``puzzle`` as a text file at ``path`` (one row of numbers a line)."""
    path.write_text("\n".join(" ".join(map(str, row)) for row in puzzle.rows) + "\n")
    return path


def timed(argv: list[str]) -> dict:
    """Run ``dominosa-lab argv`` in a fresh process: seconds, memory, status, last line."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "dominosa_lab.cli", *argv], stdout=out,
                                 stderr=err, text=True, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        lines = [line for line in out.read().splitlines() if line.strip()] \
            or err.read().strip().splitlines() or [""]
    return {"seconds": wall, "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "max_rss_mb": usage.ru_maxrss / 1024, "exit": child.returncode, "said": lines[-1]}


def run(n: int, seed: int) -> pd.DataFrame:
    """One row per board and command."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        boards = {"planted": random_puzzle(n, seed=seed).puzzle,
                  "transposed": board("transposed", n, 0)[0]}
        for name, puzzle in boards.items():
            path = written(puzzle, Path(folder) / f"{name}.txt")
            for command, pattern in COMMANDS:
                row = {"board": name, "n": n, "command": command,
                       **timed(pattern.format(board=path, folder=folder).split())}
                row["said"] = row["said"].replace(folder, "TMP")
                print(row, flush=True)
                rows.append(row)
    return pd.DataFrame(rows)


def table(frame: pd.DataFrame) -> str:
    """The rows as a markdown table."""
    lines = ["| board | command | wall s | CPU s | memory MB | exit | last line |",
             "|---|---|---|---|---|---|---|"]
    for row in frame.itertuples():
        said = row.said if len(row.said) <= 70 else row.said[:67] + "..."
        lines.append(f"| {row.board} | `{row.command}` | {row.seconds:.2f} | "
                     f"{row.cpu_seconds:.2f} | {row.max_rss_mb:.0f} | {row.exit} | "
                     f"{said.replace('|', '/')} |")
    return "\n".join(lines)


def main() -> None:
    """Run every command on both boards and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=150)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--out", default="questions")
    args = parser.parse_args()
    started = machine()
    frame = run(args.n, args.seed)
    slowest = frame.loc[frame.seconds.idxmax()]
    report(args.out, frame, "Every question the command line answers about a board of "
           f"N = {args.n}", "bench_questions.py", started,
           f"A planted board (`random_puzzle({args.n}, seed={args.seed})`) and a transposed "
           f"one (board 0 of `bench_proofs.py`), each command once in a fresh process with "
           f"its defaults; *memory*: the largest resident set of the command's process. The "
           f"slowest: `{slowest.command}` of the {slowest.board} board, "
           f"{slowest.seconds:.2f} s.", table(frame))


if __name__ == "__main__":
    main()
