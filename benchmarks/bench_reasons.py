"""Why a board has no solution: how often a reason is found, how small it is, how long it takes.

The boards are those of ``benchmarks/bench_proofs.py`` (its ``board``: families ``transposed``
and ``adjacent``, board ``k`` of N from the seed ``SEED0[family] + 100 * N + k``). For each board
that ``solve`` proves to have no solution within ``--timeout`` seconds, this process (warmed up
on one such board first) measures the proof's own processor seconds (``solve``), then those of
:func:`dominosa_lab.explain_no_solution` with the same limit: the kind of reason, its squares
(a core's squares and those of its dominoes' placements, or the squares the deductions
read), their fraction of the board, its steps, whether its core is minimal, and whether its
squares contain an exchanged square or touch one (share a side with it). Which minimal core is
found depends on the order its squares and dominoes are tried in: for each core, ``--orders``
more shuffled orders are tried, and the smallest of all is recorded, to show how much smaller a
reason of that kind can be. The core of positive weight (``prove.weighed``) is also measured alone:
how often it is found, its size and its seconds.

    python benchmarks/bench_reasons.py                          # N = 10 20 40 60, 10 boards each
    python benchmarks/bench_reasons.py --n 20 --boards 3 --orders 1 --out reasons_smoke  # a look

Writes ``benchmarks/results/reasons.md`` and ``reasons.csv`` (one row per board), and
``reasons.png``: one board of each family at ``--picture-n`` (the first whose reason is a core)
with its reason filled in and the exchanged squares framed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import pandas as pd
from bench_peers import machine, stamp, write_results
from bench_proofs import SEED0, WARM_NO_SOLUTION, board, transposed

from dominosa_lab import Puzzle, explain_no_solution, solve
from dominosa_lab.logic.geometry import geometry
from dominosa_lab.logic.refute import uncovered
from dominosa_lab.solvers.fast.prove import unsatisfiable, weighed

RESULTS = Path(__file__).parent / "results"
FAMILIES = ("transposed", "adjacent")
SIDES = ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))


def proved(name: str, n: int, k: int, timeout: float) -> tuple[Puzzle, tuple, float] | None:
    """Board ``k`` of family ``name`` at ``n``, its exchanged squares and the processor seconds
    of ``solve`` proving it has no solution; None when it does not within ``timeout``."""
    puzzle, swapped = board(name, n, k)
    start = time.process_time()
    status = solve(puzzle, time_limit=timeout).status
    proof = time.process_time() - start
    return (puzzle, swapped, proof) if status == "no_solution" else None


def around(swapped: tuple) -> set:
    """The exchanged squares and the squares sharing a side with one."""
    return {(r + dr, c + dc) for r, c in swapped for dr, dc in SIDES}


def parser(doc: str, sizes: list[int], timeout: float, out: str) -> argparse.ArgumentParser:
    """The options of a run over the proved boards: ``--n``, ``--families``, ``--boards``,
    ``--timeout`` and ``--out``, with these defaults."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=sizes)
    parser.add_argument("--families", nargs="+", choices=FAMILIES, default=list(FAMILIES))
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=timeout)
    parser.add_argument("--out", default=out)
    return parser


def measured(args: argparse.Namespace, warm: Callable[[Puzzle], object],
             measure: Callable[[str, int, int, float], dict | None]) -> pd.DataFrame:
    """``warm`` on a board with no solution, then one row of ``measure`` per board of
    ``args`` that ``solve`` proves to have none."""
    board = transposed(*WARM_NO_SOLUTION, adjacent=False)[0]
    solve(board)
    warm(board)
    rows = []
    for name in args.families:
        for n in args.n:
            for k in range(args.boards):
                row = measure(name, n, k, args.timeout)
                if row is not None:
                    rows.append(row)
                    print(row, flush=True)
    return pd.DataFrame(rows)


def smallest(puzzle: Puzzle, orders: int, timeout: float) -> int:
    """The fewest squares of the minimal cores found in ``orders`` shuffled orders (seeds 1, 2,
    ...), each within ``timeout``."""
    g = geometry(puzzle)
    sizes = []
    for seed in range(1, orders + 1):
        core = unsatisfiable(puzzle, timeout, seed=seed)
        if core is not None and core[2]:
            sizes.append(len(uncovered(g, core[0].tolist(), True, core[1].tolist()).squares))
    return min(sizes, default=len(puzzle.cells))


def measure(name: str, n: int, k: int, timeout: float, orders: int) -> dict | None:
    """One board: the proof's and the reason's processor seconds and the reason's shape, and
    the smallest minimal core of ``orders`` more; None when ``solve`` does not prove within
    ``timeout`` that it has no solution."""
    found = proved(name, n, k, timeout)
    if found is None:
        return None
    puzzle, swapped, proof = found
    start = time.process_time()
    why = explain_no_solution(puzzle, time_limit=timeout)
    seconds = time.process_time() - start
    squares = set() if why is None else set(why.squares)
    minimal = why is not None and "without any one" in why.text
    least = len(squares)
    if minimal and why.kind != "deduction" and orders:
        least = min(least, smallest(puzzle, orders, timeout))
    start = time.process_time()
    weights = weighed(puzzle, timeout)
    weights_seconds = time.process_time() - start
    weights_squares = None if weights is None else len(
        uncovered(geometry(puzzle), weights[0].tolist(), False, weights[1].tolist()).squares)
    return {"family": name, "n": n, "seed": SEED0[name] + 100 * n + k,
            "kind": "none" if why is None else why.kind,
            "squares": len(squares), "board_squares": len(puzzle.cells),
            "steps": 0 if why is None else len(why.steps),
            "minimal": minimal, "smallest": least,
            "contains": bool(squares & set(swapped)),
            "touches": bool(squares & around(swapped)),
            "proof_seconds": proof, "seconds": seconds,
            "weights_squares": weights_squares, "weights_seconds": weights_seconds,
            "swapped": swapped}


def table(frame: pd.DataFrame) -> str:
    """Markdown: per family and N, the boards, the reasons found by kind, the median and worst
    squares (and as a fraction of the board), the median and worst seconds of the reason and of
    the proof, the core of positive weight alone (found, median fraction, seconds), and how
    often the reason contains or touches an exchanged square."""
    head = ["family", "N", "boards", "found", "by deduction", "by core", "minimal core",
            "median squares", "worst squares", "median fraction", "worst fraction",
            "smallest core, median fraction", "weights: found", "weights: median fraction",
            "weights: median s", "weights: worst s", "median s", "worst s", "proof median s",
            "proof worst s", "reason over proof, worst",
            "contains exchanged", "contains or touches"]
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for (name, n), at in frame.groupby(["family", "n"], sort=False):
        found = at[at["kind"] != "none"]
        share = found["squares"] / found["board_squares"]
        cores = at[at["minimal"] & (at["kind"] != "deduction")]
        least = (cores["smallest"] / cores["board_squares"]).median()
        kinds = at["kind"].value_counts()
        over = (at["seconds"] / at["proof_seconds"].clip(lower=1e-3)).max()
        weighed_at = at[at["weights_squares"].notna()]
        cells = [name, n, len(at), len(found), kinds.get("deduction", 0),
                 kinds.get("core", 0) + kinds.get("region", 0), len(cores),
                 f"{found['squares'].median():g}", f"{found['squares'].max():g}",
                 f"{share.median():.3f}", f"{share.max():.3f}", f"{least:.3f}",
                 len(weighed_at),
                 f"{(weighed_at['weights_squares'] / weighed_at['board_squares']).median():.3f}",
                 f"{at['weights_seconds'].median():.2f}", f"{at['weights_seconds'].max():.2f}",
                 f"{at['seconds'].median():.2f}", f"{at['seconds'].max():.2f}",
                 f"{at['proof_seconds'].median():.2f}", f"{at['proof_seconds'].max():.2f}",
                 f"{over:.3g}", int(at["contains"].sum()), int(at["touches"].sum())]
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(lines)


def picture(n: int, timeout: float, out: Path) -> None:
    """One board of each family at ``n`` (the first whose reason is a core), its reason filled
    in and the exchanged squares framed, side by side, saved to ``out``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from dominosa_lab.draw.refutation import draw_refutation

    fig, axes = plt.subplots(1, len(FAMILIES), figsize=(7 * len(FAMILIES), 7))
    for ax, name in zip(axes, FAMILIES, strict=True):
        for k in range(20):
            puzzle, swapped = board(name, n, k)
            why = explain_no_solution(puzzle, time_limit=timeout)
            if why is not None and why.kind == "core":
                break
        draw_refutation(puzzle, why, ax=ax, marked=swapped, coordinates=False,
                        title=f"{name}, seed {SEED0[name] + 100 * n + k}: a core of "
                        f"{len(why.squares)} squares")
    fig.savefig(out, dpi=90, bbox_inches="tight")
    plt.close(fig)


def main() -> None:
    """Run the benchmark and write its table and picture."""
    options = parser(__doc__, [10, 20, 40, 60], 30.0, "reasons")
    options.add_argument("--picture-n", type=int, default=20)
    options.add_argument("--orders", type=int, default=5)
    args = options.parse_args()
    started = machine()
    frame = measured(args, explain_no_solution,
                     lambda *board: measure(*board, orders=args.orders))
    picture(args.picture_n, args.timeout, RESULTS / f"{args.out}.png")
    text = (f"# Why a board has no solution: the reason found, its size and its time\n\n"
            f"{stamp('bench_reasons.py', started + '.')}\n\n"
            f"The boards of `bench_proofs.py` that `solve` proved to have no solution, "
            f"{args.boards} per family and N drawn; `explain_no_solution(board, time_limit="
            f"{args.timeout:g})`. Seconds are processor seconds in one warm process; *squares*: "
            "the reason's squares (a core's squares and those of its dominoes' placements, "
            "or the squares its deductions read); *fraction*: of the board's squares; *core*: "
            "squares and dominoes that the board's placements cannot cover and place "
            "together, found by weights (the squares and dominoes of positive weight in weights "
            "that show the board has no fractional cover, never shrunk) or by CryptoMiniSat (a "
            "*minimal* one: none can be left out); *smallest "
            f"core*: the fewest squares of the minimal core found and of {args.orders} more found "
            "in shuffled orders, as a fraction of the board; *weights*: the core of positive "
            "weight alone (`prove.weighed`, within the same limit), on how many boards it was "
            "found, its median fraction and its seconds; *reason over proof*: the reason's "
            "seconds over the proof's (a proof under 1 ms counts as 1 ms); *touches*: a square "
            "of the reason is an exchanged square or shares a side with one. The picture, `"
            f"{args.out}.png`, shows one board of each family at N = {args.picture_n}, the first "
            "whose reason is a core.\n\n"
            f"{table(frame)}\n")
    write_results(args.out, frame, text)
    print(text)


if __name__ == "__main__":
    main()
