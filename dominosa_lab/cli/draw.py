"""``dominosa-lab draw``: a puzzle and, beside it, its solution (or why it has none) as a
picture; and the picture that ``generate -o`` writes too."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from dominosa_lab.cli import flags
from dominosa_lab.cli.output import DRAW_FORMATS, print_json, writable_file
from dominosa_lab.cli.parser import Renamed, typed
from dominosa_lab.cli.read import read_puzzle
from dominosa_lab.cli.solve import add_why, search, status, why
from dominosa_lab.errors import ArgumentError

if TYPE_CHECKING:
    from dominosa_lab.core.puzzle import Puzzle, Solution
    from dominosa_lab.core.search import Refutation, SearchResult

__all__ = ["EXAMPLES", "HELP", "build", "run", "write_board"]

HELP = "draw a puzzle and its solution to a picture file"
EXAMPLES = (
    ("draw mikefc-large -o board.png", "the puzzle and its solution"),
    ("draw mikefc-small --puzzle-only -o puzzle.svg", "the puzzle alone, to print"),
)
OUT = "-o/--out"


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``draw``."""
    p.description = ("Draw a puzzle and, beside it, its solution (found as `solve` finds it) "
                     f"to a {', '.join(DRAW_FORMATS)} file; with --puzzle-only, the puzzle "
                     "alone.")
    p.add_argument("puzzle", metavar="PUZZLE", help="see the end of dominosa-lab --help")
    flags.add(p, "--out", f"the picture: {', '.join(DRAW_FORMATS)}", required=True)
    p.add_argument("--output", action=Renamed, instead=f"the picture is {OUT} FILE")
    p.add_argument("--pips", action="store_true", help="draw the solved dominoes with pips")
    p.add_argument("--puzzle-only", action="store_true",
                   help="draw the puzzle alone: no search, no solution beside it")
    flags.add_search(p)
    add_why(p)
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Check the picture can be written, solve, draw, and say what was written."""
    out = writable_file(typed(args, "out", "-o"), args.out, DRAW_FORMATS)
    if args.puzzle_only and args.pips:
        raise ArgumentError("--pips draws the dominoes of the solution; --puzzle-only draws none")
    puzzle = read_puzzle(args.puzzle)
    if args.puzzle_only:
        write_board(out, puzzle, None, beside=False, titles=(puzzle.name or "puzzle", ""))
        return _said(args, out)
    info, result, default = search(puzzle, args, limit=1)
    found = "solution" if result.solution is not None else result.status.replace("_", " ")
    write_board(out, puzzle, result.solution, beside=True, pips=args.pips,
                titles=(puzzle.name or "puzzle", found),
                refutation=why(result, args.why_seconds))
    return _said(args, out, result, status(result, info, default))


def _said(args: argparse.Namespace, out: Path, result: SearchResult | None = None,
          said: str = "") -> int:
    """Say what was written and, when it solved the puzzle, the status of the search."""
    if args.json:
        print_json({"wrote": str(out), "status": result and result.status,
                    "reason": result and result.reason})
    else:
        print(f"wrote {out}" + (f"; status: {said}" if said else ""))
    return 0


def write_board(out: Path, puzzle: Puzzle, solution: Solution | None, *, beside: bool,
                titles: tuple[str, str], pips: bool = False,
                refutation: Refutation | None = None) -> None:
    """The picture of ``draw`` and ``generate -o``: the board alone, or with its solution (or
    the refutation of one) beside it."""
    import matplotlib.pyplot as plt

    from dominosa_lab.draw.board import draw_puzzle, draw_puzzle_and_solution
    from dominosa_lab.draw.theme import DPI, theme

    with theme():
        fig = (draw_puzzle_and_solution(puzzle, solution, pips=pips, titles=titles) if beside
               else draw_puzzle(puzzle, title=titles[0]).figure)
        if refutation is not None:
            from dominosa_lab.draw.refutation import draw_refutation

            fig.axes[1].clear()
            draw_refutation(puzzle, refutation, ax=fig.axes[1], coordinates=False)
        fig.savefig(out, dpi=DPI)
    plt.close(fig)
