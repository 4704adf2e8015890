"""``dominosa-lab print``: printable pages of unique puzzles with their answers, a book or a
class set."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from dominosa_lab.cli import flags
from dominosa_lab.cli.exits import EXIT_FAILED
from dominosa_lab.cli.generate import add_n
from dominosa_lab.cli.output import print_json, writable_file
from dominosa_lab.cli.parser import Renamed, typed
from dominosa_lab.cli.progress import progress_line
from dominosa_lab.cli.read import read_shape
from dominosa_lab.errors import ArgumentError

if TYPE_CHECKING:
    from dominosa_lab.boards.distinct import PuzzleSet
    from dominosa_lab.tilings.count import BoardShape

__all__ = ["EXAMPLES", "HELP", "build", "run"]

HELP = "printable pages of unique puzzles with answers: a book or a class set"
EXAMPLES = (
    ("print 3 --class 28 -o class.pdf", "a different puzzle per student, answers at the end"),
    ("print 5 --count 4 --grade hard -o book.pdf", "a book of four hard puzzles"),
)


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``print``."""
    p.description = (
        "Print unique puzzles (as `generate` makes them, from the seeds SEED, SEED+1, ...; no "
        "two the same up to turns, mirrors and renumbering): a book with as many on a page as "
        "leave room to draw, or a class set with one per page and a line for a name; each "
        "numbered, with its grade and Simon Tatham game id; the answers on the last pages. "
        "The same arguments give the same pages. Stops after "
        f"{flags.DEFAULT_TIME_LIMIT:g} s unless told (exit status 1).")
    add_n(p, "print 9")
    how_many = p.add_mutually_exclusive_group()
    how_many.add_argument("--count", type=flags.integer(minimum=1), default=6, metavar="K",
                          help="a book of K puzzles (default: 6)")
    flags.add(how_many, "--class", "one per page, with a line for a name")
    flags.add(p, "--grade", "default: basic")
    flags.add(p, "--seed", "of the first puzzle; default: 0", default=0)
    flags.add(p, "--shape")
    p.add_argument("--paper", default="a4", type=flags.choice(("a4", "letter")),
                   metavar="PAPER", help="a4 or letter (default: a4)")
    flags.add(p, "--out", "a .pdf of every page, or .png/.svg for one file per page, "
              "FILE-01.png, ...; default: puzzles.pdf", default="puzzles.pdf")
    p.add_argument("--output", action=Renamed, instead="the pages are -o/--out FILE")
    flags.add(p, "--title", "default: what the puzzles are")
    p.add_argument("--answers", metavar="FILE",
                   help="write the answers to FILE (.pdf, .png, .svg), the answer key apart "
                   "from the students' pages (default: on the last pages of -o)")
    flags.add(p, "--time-limit", f"default: {flags.DEFAULT_TIME_LIMIT:g}")
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Make the puzzles, write the pages, and say what was written."""
    from dominosa_lab.draw.worksheet import PAGE_FORMATS, check_fits, write_worksheets

    out = writable_file(typed(args, "out", "-o"), args.out, PAGE_FORMATS)
    key = (None if args.answers is None
           else writable_file("--answers", args.answers, PAGE_FORMATS))
    count = args.class_set if args.class_set is not None else args.count
    time_limit, default = flags.time_limit(args.time_limit, exponential=True)
    shape = None if args.shape is None else read_shape(args.shape)
    check_fits(_rows_cols(shape, args.n), args.n, args.paper, args.class_set is not None)
    what = f"{count} unique {args.grade} double-{args.n} puzzle{'s' * (count != 1)}"
    with progress_line(args, f"making {what}") as line:
        made = _make(args, count, shape, time_limit)
        if made.status == "found":
            line.say(f"drawing the pages of {what}")
            written = write_worksheets(made.puzzles, out, paper=args.paper,
                                       class_set=args.class_set is not None, title=args.title,
                                       answers=key)
    wall = time.perf_counter() - args.start
    if made.status != "found":
        print(f"dominosa-lab: nothing written: {made.reason}"
              + (f" (the default time limit; {flags.LIFT})" if default and "time limit" in
                 made.reason else ""), file=sys.stderr)
        return EXIT_FAILED
    last = args.seed + made.seeds - 1
    seeds = str(args.seed) if last == args.seed else f"{args.seed}-{last}"
    if args.json:
        print_json({"wrote": list(map(str, written)), "puzzles": count, "grade": args.grade,
                    "n": args.n, "seeds": seeds, "repeats": made.repeats,
                    "seconds": round(wall, 6)})
        return 0
    skipped = (f"; {made.repeats} skipped as the same as another up to turns, mirrors and "
               "renumbering" if made.repeats else "")
    answers = "" if key is not None else " and its answer" if count == 1 else " and their answers"
    print(f"wrote {', '.join(map(str, written))}: {what}{answers}, from "
          f"seed{'s' * (last != args.seed)} {seeds}{skipped}; {wall:.1f} s")
    return 0


def _rows_cols(shape: BoardShape | None, n: int) -> tuple[int, int]:
    """The rows and columns of a ``--shape`` (a size or a mask), or of the double-n rectangle."""
    if shape is None:
        return n + 1, n + 2
    return shape if isinstance(shape, tuple) else (len(shape), max(map(len, shape)))


def _make(args: argparse.Namespace, count: int, shape: BoardShape | None,
          time_limit: float | None) -> PuzzleSet:
    """The puzzles, as :func:`~dominosa_lab.boards.distinct.distinct_puzzles` makes them; a
    count it refuses is named by the flag that asked for it."""
    from dominosa_lab.boards.distinct import distinct_puzzles

    try:
        return distinct_puzzles(args.n, count, grade=args.grade, seed=args.seed, shape=shape,
                                time_limit=time_limit)
    except ArgumentError as err:
        flag = "--class" if args.class_set is not None else "--count"
        raise ArgumentError(str(err).replace(f"count={count} puzzles asked",
                                             f"{flag} {count} asks for {count} puzzles")) from None
