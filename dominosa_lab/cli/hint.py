"""``dominosa-lab hint``: the next steps of reasoning on the empty board, in words."""

from __future__ import annotations

import argparse

from dominosa_lab.cli import flags
from dominosa_lab.cli.output import placements_json, print_json
from dominosa_lab.cli.progress import progress_line
from dominosa_lab.cli.read import read_puzzle

__all__ = ["EXAMPLES", "HELP", "build", "run"]

HELP = "the next step of reasoning, in words"
EXAMPLES = (
    ("hint 3:00033121123313202210 --steps 3", "the next three deductions"),
    ("hint mikefc-large --max-level basic --json", "the next step by Tatham's basic "
     "deductions or easier, as JSON"),
)

#: What ``hint`` says after its steps, by the status of the hints.
ENDINGS = {
    "solved": "solved",
    "stuck": "no deduction applies: the next step is a guess (or the puzzle has several "
             "solutions)",
}


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``hint``, and the deductions in its description."""
    from dominosa_lab.logic import DEDUCTIONS, LADDERS

    width = max(map(len, DEDUCTIONS))
    p.description = (
        "Print the next deduction on the empty board (with --steps, the next few): its level, "
        "its name and why it holds. The deductions, easiest first:\n\n" + "\n".join(
            f"  {name:<{width}}  [{d.level}] {d.summary}" for name, d in DEDUCTIONS.items()))
    p.add_argument("puzzle", metavar="PUZZLE", help="see the end of dominosa-lab --help")
    p.add_argument("--steps", type=flags.integer(minimum=1), default=1, metavar="K",
                   help="how many steps to print (default: 1)")
    p.add_argument("--ladder", default="full", type=flags.choice(LADDERS), metavar="LADDER",
                   help=f"which deductions, in which order: {', '.join(LADDERS)} (default: "
                   "full)")
    flags.add(p, "--max-level", "default: every level of the ladder")
    flags.add(p, "--max-nodes", "placements found; default: none")
    flags.add(p, "--time-limit", "default: none")
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Print the steps, each with its level and name, and how the reasoning ended."""
    from dominosa_lab.logic import hints

    puzzle = read_puzzle(args.puzzle)
    time_limit, _ = flags.time_limit(args.time_limit, exponential=False)
    doing = f"looking for {args.steps} step{'s' * (args.steps != 1)} of reasoning"
    with progress_line(args, doing):
        result = hints(puzzle, limit=args.steps, ladder_name=args.ladder,
                       max_level=args.max_level, max_nodes=flags.budget(args.max_nodes),
                       time_limit=time_limit)
    if args.json:
        print_json({"status": result.status, "reason": result.reason,
                    "steps": [{"level": step.level, "name": step.name, "text": step.text,
                               "placed": None if step.placement is None
                               else placements_json([step.placement])[0]}
                              for step in result.steps]})
        return 0
    for step in result.steps:
        print(f"[{step.level}] {step.name}: {step.text}")
    if result.status == "no_solution":
        print(f"no solution: {result.reason}")
    elif result.status == "stopped":
        print(f"stopped: {result.reason}")
    elif result.status in ENDINGS:
        print(ENDINGS[result.status])
    return 0
