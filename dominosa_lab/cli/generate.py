"""``dominosa-lab generate``: a puzzle with exactly one solution, of a chosen grade."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from dominosa_lab.cli import flags
from dominosa_lab.cli.draw import write_board
from dominosa_lab.cli.exits import EXIT_FAILED
from dominosa_lab.cli.output import (
    DRAW_FORMATS,
    placements_json,
    print_json,
    tatham_id,
    tatham_line,
    writable_file,
)
from dominosa_lab.cli.parser import Renamed, typed
from dominosa_lab.cli.progress import progress_line
from dominosa_lab.cli.read import read_shape

if TYPE_CHECKING:
    from dominosa_lab.boards import Generated

__all__ = ["EXAMPLES", "HELP", "add_n", "build", "run"]

HELP = "a puzzle with exactly one solution, of a chosen grade"
EXAMPLES = (
    ("generate 6 --grade hard --seed 7", "a unique hard double-6 puzzle and its Tatham id"),
    ("generate 5 --seed 2 --solution -o made.svg", "drawn, with its solution beside it"),
)


def add_n(p: argparse.ArgumentParser, example: str) -> None:
    """The N of ``generate`` and ``print``: the first argument, never ``-n``."""
    p.add_argument("n", metavar="N", type=flags.integer(),
                   help="the double-N set: numbers 0..N, (N+1)(N+2)/2 dominoes")
    p.add_argument("-n", action=Renamed, instead=f"N is the first argument, as in "
                   f"dominosa-lab {example}")


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``generate``."""
    p.description = (
        "Make a double-N puzzle with exactly one solution whose grade is the one asked (a "
        "planted solution, repaired by domino swaps guided by the grader; counted again by the "
        "compiled engine). Prints the board, its grade and, for a full (N+1) x (N+2) board, a "
        "game id for Simon Tatham's Dominosa. Stops after "
        f"{flags.DEFAULT_TIME_LIMIT:g} s unless told (exit status 1).")
    add_n(p, "generate 9")
    flags.add(p, "--grade", "default: basic")
    flags.add(p, "--seed", "of the puzzle; default: 0", default=0)
    flags.add(p, "--shape")
    flags.add(p, "--max-nodes", "boards graded; default: none")
    flags.add(p, "--time-limit", f"default: {flags.DEFAULT_TIME_LIMIT:g}")
    p.add_argument("--solution", action="store_true", help="print and draw the solution too")
    flags.add(p, "--out", f"also draw the puzzle (and with --solution, its solution beside it) "
              f"to a {', '.join(DRAW_FORMATS)} file")
    p.add_argument("--output", action=Renamed, instead="the picture is -o/--out FILE")
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Make the puzzle; print it, its grade and its Tatham id (or one line of JSON)."""
    from dominosa_lab.boards import unique_puzzle
    from dominosa_lab.core.options import check_fits

    check_fits("N", (args.n + 1) * (args.n + 2), pairs=True)
    out = None if args.out is None else writable_file(typed(args, "out", "-o"), args.out,
                                                        DRAW_FORMATS)
    time_limit, default = flags.time_limit(args.time_limit, exponential=True)
    shape = None if args.shape is None else read_shape(args.shape)
    with progress_line(args, f"making a unique {args.grade} double-{args.n} puzzle"):
        made = unique_puzzle(args.n, grade=args.grade, seed=args.seed, shape=shape,
                             max_nodes=flags.budget(args.max_nodes), time_limit=time_limit)
    wall = time.perf_counter() - args.start
    if made.status != "found":
        if args.json:
            print_json({"status": made.status, "reason": made.reason, "boards": made.boards,
                        "closest": made.closest if made.closest >= 0 else None,
                        "seconds": round(wall, 6)})
        timed_out = default and "time limit" in made.reason
        print(f"dominosa-lab: {made.reason}"
              + (f" (the default time limit; {flags.LIFT})" if timed_out else ""), file=sys.stderr)
        return EXIT_FAILED
    _print_made(args, made, wall)
    if out is not None:
        puzzle = made.puzzle
        write_board(out, puzzle, made.solution, beside=args.solution,
                    titles=(f"{puzzle.name} ({made.grade.level})", "solution"))
        print(f"wrote {out}", file=sys.stderr if args.json else sys.stdout)
    return 0


def _print_made(args: argparse.Namespace, made: Generated, wall: float) -> None:
    """The board (with ``--solution``, outlined), its name, grade and Tatham id."""
    from dominosa_lab.formats import to_box_text, to_text

    puzzle, solution = made.puzzle, made.solution
    if args.json:
        print_json({"status": made.status, "name": puzzle.name, "grade": made.grade.level,
                    "rows": [list(row) for row in puzzle.rows], "max_pip": puzzle.max_pip,
                    "tatham_id": tatham_id(puzzle),
                    "solution": placements_json(solution.placements) if args.solution
                    else None, "boards": made.boards, "seconds": round(wall, 6)})
        return
    board = to_box_text(puzzle, solution.placements) if args.solution else to_text(puzzle)
    print(board.rstrip())
    print(f"\nname: {puzzle.name}   grade: {made.grade.level}   boards graded: {made.boards}   "
          f"seconds: {wall:.2f}")
    print(tatham_line(puzzle))
