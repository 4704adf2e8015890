"""``dominosa-lab grade``: the difficulty level of a puzzle and the deductions it takes."""

from __future__ import annotations

import argparse

from dominosa_lab.cli import flags
from dominosa_lab.cli.output import print_json
from dominosa_lab.cli.progress import progress_line
from dominosa_lab.cli.read import read_puzzle

__all__ = ["EXAMPLES", "HELP", "build", "run"]

HELP = "the difficulty level and the count of each deduction used"
EXAMPLES = (
    ("grade 3:00033121123313202210", "extreme: a forcing chain is needed"),
    ("grade tcg-n10 --max-level Basic --json", "at most Tatham's basic level, as JSON"),
)

#: What a verdict short of a level means.
NOTES = {
    "needs a guess": "the deductions stop short; a search found exactly one solution",
    "ambiguous": "the deductions stop short; a search found two solutions or more",
    "no solution": "the puzzle has no solution",
}


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``grade``."""
    from dominosa_lab.logic import LEVELS

    p.description = (
        "Grade a puzzle: the lowest level of reasoning that finishes it (" + ", ".join(LEVELS)
        + "; Tatham's four, then ours), else 'needs a guess', 'ambiguous' or 'no solution' "
        f"(found by a search, {flags.DEFAULT_TIME_LIMIT:g} s unless told), and how often each "
        "deduction was used.")
    p.add_argument("puzzle", metavar="PUZZLE", help="see the end of dominosa-lab --help")
    flags.add(p, "--max-level", f"one of {', '.join(LEVELS)}; default: deep", default="deep")
    flags.add(p, "--max-nodes", "of the search when the deductions stop short; default: none")
    flags.add(p, "--time-limit", "of the search when the deductions stop short; default: "
              f"{flags.DEFAULT_TIME_LIMIT:g}")
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Print the level, the count of each deduction and what a verdict short of a level means."""
    from dominosa_lab.solvers import grade

    time_limit, default = flags.time_limit(args.time_limit, exponential=True)
    puzzle = read_puzzle(args.puzzle)
    doing = f"grading: deductions up to {args.max_level}, then a search if they stop short"
    with progress_line(args, doing):
        result = grade(puzzle, max_level=args.max_level, max_nodes=flags.budget(args.max_nodes),
                       time_limit=time_limit)
    if args.json:
        print_json({"level": result.level, "counts": result.counts,
                    "solutions": result.solutions, "status": result.status,
                    "reason": result.reason})
        return 0
    print(result)
    if result.level == "needs a guess" and result.solutions is None:
        print(f"(the deductions stop short; the search for a second solution stopped: "
              f"{result.reason}{', the default; ' + flags.LIFT if default else ''})")
    elif result.level in NOTES:
        print(f"({NOTES[result.level]})")
    return 0
