"""``dominosa-lab solve``: solve a puzzle and print the board with outlines; and the search that
``solve`` and ``draw`` share."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from dominosa_lab.cli import flags
from dominosa_lab.cli.output import (
    placements_json,
    print_json,
    refutation_json,
    slip_json,
    tatham_id,
    tatham_line,
)
from dominosa_lab.cli.progress import progress_line
from dominosa_lab.cli.read import read_puzzle
from dominosa_lab.errors import ArgumentError

if TYPE_CHECKING:
    from dominosa_lab.boards.slip import Slip
    from dominosa_lab.core.puzzle import Puzzle
    from dominosa_lab.core.search import Refutation, SearchResult
    from dominosa_lab.solvers.registry import MethodInfo

__all__ = ["EXAMPLES", "HELP", "WHY_SECONDS", "add_why", "build", "check_settings",
           "listing_method", "run", "search", "status", "where", "why"]

HELP = "solve a puzzle and print the board with outlines"
EXAMPLES = (
    ("solve mikefc-large", "the first solution, the board with outlines"),
    ("solve tcg-n10 --all --show 2", "every solution, two of them printed"),
    ("solve 3:02113312013003232012 --method dlx --json", "one line of JSON"),
)

#: Seconds ``solve`` and ``draw`` look for why a board has no solution, after proving it has
#: none (:func:`~dominosa_lab.solvers.explain.explain_no_solution` says how they are shared
#: between its ways of finding one; how often a reason is found:
#: ``benchmarks/results/reasons.md``).
WHY_SECONDS = 10.0


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``solve``, and the methods in its description."""
    from dominosa_lab.solvers.registry import METHODS

    p.description = ("Solve a puzzle and print the board with outlines. The methods (orders in "
                     "brackets, the default first):\n\n" + _listing({
                         name: f"{info.summary} [{', '.join(info.orders)}]; {info.source}"
                         for name, info in METHODS.items()}))
    p.add_argument("puzzle", metavar="PUZZLE", help="see the end of dominosa-lab --help")
    how_many = p.add_mutually_exclusive_group()
    flags.add(how_many, "--all", "default: the first only")
    flags.add(how_many, "--limit")
    p.add_argument("--show", metavar="K", type=flags.integer(minimum=1),
                   help="print at most K of the solutions found (default: 10); without --all "
                   "or --limit, look for K")
    flags.add_search(p, listing=True)
    add_why(p)
    flags.add(p, "--json")


def add_why(p: argparse.ArgumentParser) -> None:
    """The flag of how long to look for why a board has no solution."""
    p.add_argument("--why-seconds", type=flags.seconds(), default=WHY_SECONDS,
                   metavar="SECONDS", help="when the board has no solution, look this long for "
                   f"why, and as long for a slip (default: {WHY_SECONDS:g}; 0: do not look)")


def _listing(entries: dict[str, str]) -> str:
    width = max(map(len, entries))
    return "\n".join(f"  {name:<{width}}  {line}" for name, line in entries.items())


def run(args: argparse.Namespace) -> int:
    """Solve and print the board, the status and the counters (or one line of JSON)."""
    from dominosa_lab.formats import to_box_text

    puzzle = read_puzzle(args.puzzle)
    limit = None if args.all else args.limit or args.show or 1
    show = args.show or 10
    info, result, default = search(puzzle, args, limit)
    found = why(result, args.why_seconds)
    slips = where(puzzle, result, args.why_seconds)
    shown = result.solutions[:show]
    wall = time.perf_counter() - args.start
    if args.json:
        print_json({"puzzle": puzzle.name, "tatham_id": tatham_id(puzzle),
                    "status": result.status, "reason": result.reason, "method": info.name,
                    "count": len(result.solutions),
                    "solutions": [placements_json(s) for s in shown],
                    "refutation": refutation_json(found),
                    "slips": None if slips is None else [slip_json(s) for s in slips],
                    "stats": result.stats.as_dict(),
                    "wall_seconds": round(wall, 6)})
        return 0
    for i, solution in enumerate(shown or [None], start=1):
        if len(shown) > 1:
            print(f"solution {i}:")
        print(to_box_text(puzzle, solution or ()))
        if i < len(shown):
            print()
    stats = result.stats
    print(f"\nstatus: {status(result, info, default)}")
    print(f"method: {info.name}   {_how_many(len(result.solutions), len(shown), limit)}")
    print(f"nodes: {stats.nodes}   backtracks: {stats.backtracks}   max depth: "
          f"{stats.max_depth}   seconds: {stats.seconds:.3f} searching, {wall:.2f} in all")
    print(tatham_line(puzzle))
    _print_why(result, found, args.why_seconds)
    _print_slips(slips)
    return 0


def _how_many(count: int, shown: int, limit: int | None) -> str:
    """How many solutions were found and shown, and how to see more."""
    said = f"{count} solution{'s' * (count != 1)}"
    if limit is not None and count == limit > 1:
        said += f" (the first {limit}; --all for every one)"
    elif limit is not None and count == limit == 1:
        said += " (the first; --all for every one)"
    if count > shown > 0:
        said += f" ({shown} shown; --show K for more)"
    return said


def _print_why(result: SearchResult, found: Refutation | None, seconds: float) -> None:
    """Why the board has no solution, as numbered steps, or that no reason was found."""
    if found is not None:
        steps = len(found.steps)
        print(f"\nwhy: {steps} step{'s' * (steps != 1)}, then the conclusion" if steps
              else "\nwhy:")
        for k, step in enumerate((*found.steps, found.text), 1):
            print(f"{k}. {step}")
    elif result.status == "no_solution" and result.explain is not None and seconds:
        print(f"\nwhy: no reason found in {seconds:g} s (--why-seconds to look longer)")


def _print_slips(slips: tuple[Slip, ...] | None) -> None:
    """The exchanges that mend the board, or that none was found."""
    from dominosa_lab.boards.slip import SUSPECTS

    if slips is None:
        return
    if not slips:
        print(f"\nslip: no exchange of two of the {SUSPECTS} squares the beliefs are least sure "
              "of gives a solution")
        return
    print("\nslip? exchanging the numbers of " + ("these squares" if len(slips) == 1 else
          "any of these pairs") + " gives a board with a solution:")
    for k, slip in enumerate(slips, 1):
        print(f"{k}. {slip}")


def where(puzzle: Puzzle, result: SearchResult, seconds: float) -> tuple[Slip, ...] | None:
    """Where a board proved to have no solution can be mended, looked for at most ``seconds``
    (:func:`~dominosa_lab.boards.slip.find_slips`); None when the board was not proved to have
    none or ``seconds`` is 0."""
    from dominosa_lab.boards.slip import find_slips

    if result.status != "no_solution" or not seconds:
        return None
    return find_slips(puzzle, time_limit=seconds)


def why(result: SearchResult, seconds: float) -> Refutation | None:
    """Why the board has no solution, as the method explains it, looked for at most ``seconds``;
    None when it has one, when the method cannot say, or when no reason was found in time."""
    if result.status != "no_solution" or result.explain is None or not seconds:
        return None
    return result.explain(time_limit=seconds)


def listing_method(puzzle: Puzzle, limit: int | None) -> str | None:
    """The method that lists ``limit`` solutions (None: all) fastest when none is named: dancing
    links on boards up to double-:data:`~dominosa_lab.cli.flags.LIST_BY_DLX_UP_TO`, else the
    default (None)."""
    listing = limit is None or limit > 1
    return "dlx" if listing and puzzle.max_pip <= flags.LIST_BY_DLX_UP_TO else None


def search(puzzle: Puzzle, args: argparse.Namespace,
           limit: int | None) -> tuple[MethodInfo, SearchResult, bool]:
    """Solve as the search flags say, with the progress line; also: is the time limit the
    default one?"""
    from dominosa_lab.solvers import method_info, solve

    info = method_info(args.method or listing_method(puzzle, limit))
    time_limit, default = flags.time_limit(args.time_limit, exponential=info.exponential)
    check_settings(info, args)
    line = progress_line(args, f"solving with {info.name}")
    if default:
        line.note = f"stops at {time_limit:g} s; {flags.LIFT}"
    with line:
        result = solve(puzzle, method=info.name, limit=limit,
                       max_nodes=flags.budget(args.max_nodes), time_limit=time_limit,
                       progress=line.search, order=args.order, seed=args.seed)
    return info, result, default


def check_settings(info: MethodInfo, args: argparse.Namespace) -> None:
    """Refuse a move order or a seed the method does not take, in the command line's words."""
    from dominosa_lab.solvers import METHODS

    if args.order is not None and args.order not in info.orders:
        raise ArgumentError(f"--order must be one of {', '.join(map(repr, info.orders))} for "
                            f"--method {info.name}, got {args.order!r}")
    if args.seed is not None and "seed" not in info.settings:
        takers = [name for name, m in METHODS.items() if "random" in m.orders]
        raise ArgumentError(f"--seed: method {info.name} draws nothing at random; --seed is "
                            f"for --order random, with --method {' or '.join(takers)}")


def status(result: SearchResult, info: MethodInfo, default: bool) -> str:
    """A result's status and why it ended, with how to lift a default time limit."""
    reason = result.reason + (f", the default for {info.name}; {flags.LIFT}"
                              if default and "time limit" in result.reason else "")
    return result.status + (f" ({reason})" if reason else "")
