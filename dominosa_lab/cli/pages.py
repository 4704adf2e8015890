"""``dominosa-lab pages``: one HTML file for a class, puzzles to play and a search to step
through, that any browser opens from a folder or a memory stick."""

from __future__ import annotations

import argparse
import sys

from dominosa_lab.cli import flags
from dominosa_lab.cli.exits import EXIT_FAILED
from dominosa_lab.cli.generate import add_n
from dominosa_lab.cli.parser import typed
from dominosa_lab.cli.progress import progress_line
from dominosa_lab.cli.read import read_puzzle

__all__ = ["EXAMPLES", "HELP", "build", "run"]

HELP = "one HTML file for a class: puzzles to play, a search to step through"
EXAMPLES = (
    ("pages 3 --class 4 -o class.html", "four double-3 puzzles and the lesson's search"),
    ("pages 3 --class 2 --stepper mikefc-small --method rowscan -o class.html",
     "step through row-scan on the R blog's small board"),
)


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``pages``."""
    p.description = (
        "Write one HTML file that any browser opens from a folder or a memory stick (no "
        "server, no Python, no network): a play board with a set of unique puzzles, one per "
        "student (as `print --class` makes them), with hints, why?, the places left for a "
        "domino and the answer on request; and a stepper through a backtracking search of "
        "a board, stop by stop, with its search tree. Stops making puzzles after "
        f"{flags.DEFAULT_TIME_LIMIT:g} s unless told (exit status 1).")
    add_n(p, "pages 3")
    flags.add(p, "--class", "default: 28", default=28)
    flags.add(p, "--grade", "default: basic")
    flags.add(p, "--seed", "of the first puzzle; default: 0", default=0)
    p.add_argument("--stepper", metavar="PUZZLE",
                   help="the board the stepper searches (default: the lesson's double-2 board)")
    flags.add(p, "--method", "the stepper's search; default: rowscan", default="rowscan")
    flags.add(p, "--max-nodes", "the stepper's budget; default: 2000", default=2000,
              type=flags.integer(minimum=1))
    flags.add(p, "--out", "the .html file to write; default: class.html", default="class.html")
    flags.add(p, "--title", "default: Dominosa", default="Dominosa")
    flags.add(p, "--time-limit", f"default: {flags.DEFAULT_TIME_LIMIT:g}")


def run(args: argparse.Namespace) -> int:
    """Make the puzzles and the search, write the page, and say what was written."""
    import time

    from dominosa_lab.pages import check_page_path, write_class_pages

    check_page_path(args.out, typed(args, "out", "-o"))
    time_limit, default = flags.time_limit(args.time_limit, exponential=True)
    stepper = None if args.stepper is None else read_puzzle(args.stepper)
    what = f"{args.class_set} unique {args.grade} double-{args.n} puzzles"
    with progress_line(args, f"making {what} and the search"):
        pages = write_class_pages(args.out, n=args.n, grade=args.grade, count=args.class_set,
                                  seed=args.seed, stepper=stepper, method=args.method,
                                  max_nodes=args.max_nodes, time_limit=time_limit,
                                  title=args.title)
    if pages.status != "written":
        print(f"dominosa-lab: nothing written: {pages.reason}"
              + (f" (the default time limit; {flags.LIFT})" if default and "time limit" in
                 pages.reason else ""), file=sys.stderr)
        return EXIT_FAILED
    print(f"wrote {pages.path}: {pages.puzzles} unique {args.grade} double-{args.n} "
          f"puzzle{'s' * (pages.puzzles != 1)} to play and a {args.method} search of "
          f"{pages.stepper_nodes} node{'s' * (pages.stepper_nodes != 1)} to step through; "
          f"{time.perf_counter() - args.start:.1f} s")
    return 0
