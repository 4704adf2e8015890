"""``dominosa-lab count``: the exact number of solutions of a puzzle, or at least how many."""

from __future__ import annotations

import argparse
import time

from dominosa_lab.cli import flags
from dominosa_lab.cli.output import print_json, tatham_id
from dominosa_lab.cli.progress import progress_line
from dominosa_lab.cli.read import read_puzzle
from dominosa_lab.cli.solve import check_settings, listing_method

__all__ = ["EXAMPLES", "HELP", "build", "run"]

HELP = "the exact number of solutions of a puzzle"
EXAMPLES = (
    ("count tcg-n10", "the exact count: 16"),
    ("count tcg-n10 --limit 3 --json", "stop at 3 solutions; one line of JSON"),
    ("count mikefc-large --method dlx", "count by listing them, with another method"),
)


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``count``."""
    p.description = (
        "Count the solutions of a puzzle exactly. With the default method and no --limit "
        "they are not listed: the independent parts of the board are counted apart and "
        "multiplied; otherwise the method lists them, up to --limit. Stops after "
        f"{flags.DEFAULT_TIME_LIMIT:g} s unless told; a stopped count is a lower bound.")
    p.add_argument("puzzle", metavar="PUZZLE", help="see the end of dominosa-lab --help")
    how_many = p.add_mutually_exclusive_group()
    flags.add(how_many, "--all", "the default")
    flags.add(how_many, "--limit")
    flags.add_search(p, listing=True)
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Count and print the count, its status and the counters (or one line of JSON)."""
    from dominosa_lab.solvers import count_solutions, method_info

    puzzle = read_puzzle(args.puzzle)
    listed = args.limit is not None and args.method is None
    info = method_info(listing_method(puzzle, args.limit) if listed else args.method)
    time_limit, default = flags.time_limit(args.time_limit, exponential=info.exponential)
    check_settings(info, args)
    settings = {name: value for name, value in (("order", args.order), ("seed", args.seed))
                if value is not None}
    with progress_line(args, f"counting the solutions with {info.name}"):
        count = count_solutions(puzzle, limit=args.limit, method=info.name,
                                max_nodes=flags.budget(args.max_nodes), time_limit=time_limit,
                                **settings)
    reason = count.reason + (f", the default; {flags.LIFT}"
                             if default and "time limit" in count.reason else "")
    stats, wall = count.stats, time.perf_counter() - args.start
    if args.json:
        print_json({"puzzle": puzzle.name, "tatham_id": tatham_id(puzzle), "count": int(count),
                    "status": count.status, "exact": count.exact, "limit": args.limit,
                    "method": info.name, "reason": reason, "nodes": stats.nodes,
                    "seconds": round(stats.seconds, 6), "wall_seconds": round(wall, 6)})
        return 0
    at_least = not count.exact or (args.limit is not None and count == args.limit)
    print(f"{'at least ' * at_least}{int(count):,} solution{'s' * (count != 1)}"
          if count or count.exact else "not counted: the count stopped before its end")
    print(f"status: {count.status}{f' ({reason})' if reason else ''}")
    print(f"method: {info.name}   nodes: {stats.nodes:,}   seconds: {stats.seconds:.3f} "
          f"counting, {wall:.2f} in all")
    return 0
