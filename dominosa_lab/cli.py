"""The ``dominosa-lab`` command: solve, draw, hint, grade and generate puzzles, count their
solutions, list the catalog, run experiments, reproduce the notebooks.

Every user error ends in one line on stderr and exit status 2; a generation that runs out of
time says how far it got, on stderr, with exit status 1, and so does a file the system will not
read or write, and a command whose optional libraries are not installed (naming the extra
to install). Anything else is a bug of dominosa-lab: one line that says so and exit status 70
(``--debug`` shows the traceback).

A command imports what it uses when it runs, and its options are made only when it is the
command given: listing the catalog or asking for help loads no solver, and solving loads no
plotting, table or graph library.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dominosa_lab.errors import ArgumentError, DominosaError, FormatError, PuzzleError

if TYPE_CHECKING:
    from dominosa_lab.core.puzzle import Puzzle, Solution
    from dominosa_lab.core.search import Refutation, SearchResult, SearchStats
    from dominosa_lab.solvers.registry import MethodInfo

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "DRAW_FORMATS",
    "EXIT_BROKEN_PIPE",
    "EXIT_FAILED",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "TEXT_FORMAT",
    "build_parser",
    "main",
    "read_puzzle",
    "read_shape",
]

EXIT_FAILED = 1
EXIT_USAGE = 2
#: An internal error: a bug of dominosa-lab, not of the input (``EX_SOFTWARE`` of sysexits.h).
EXIT_INTERNAL = 70
#: The shell's status for a command stopped by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130
#: The shell's status for a command whose output pipe was closed (128 + SIGPIPE).
EXIT_BROKEN_PIPE = 141

#: Seconds a method that can take exponential time runs at the command line unless told.
DEFAULT_TIME_LIMIT = 60.0
#: Seconds ``solve`` and ``draw`` look for why a board has no solution, after proving it has none
#: (``explain_no_solution``: at N = 20 a reason takes seconds, at N = 40 few are found at all).
WHY_SECONDS = 10.0
LIFT = "--time-limit SECONDS to change it, --time-limit none to lift it"
REPORT = ("this is a bug in dominosa-lab: rerun with --debug to see the traceback, and report "
          "it to the dominosa-lab developers with the command that caused it")

#: The picture formats of ``dominosa-lab draw``, by file suffix.
DRAW_FORMATS = (".png", ".svg", ".pdf")


#: The puzzle formats the commands read, as ``--help`` and the README describe them.
TEXT_FORMAT = (
    "A puzzle is a file, '-' for standard input, a catalog name (dominosa-lab catalog) or a "
    "Tatham game id (N:DIGITS, e.g. 3:02113312013003232012, as Simon Tatham's Dominosa "
    "shows it). A file holds the board as text, one row per line, numbers separated by "
    "spaces, '.' for a gap, '#' to the end of the line a comment; or the JSON of "
    "dominosa_lab.formats.to_json (a .json file, or text starting with '{'); or one line "
    "with a Tatham game id.")


def read_puzzle(spec: str) -> Puzzle:
    """A puzzle from a file path (text or ``.json``), ``-`` (standard input), a catalog name,
    or a Tatham game id of any length; an error in a file's content names the file.

    Examples
    --------
    >>> read_puzzle("3:02113312013003232012").shape
    (4, 5)
    >>> read_puzzle("mikefc-small").name
    'mikefc-small'
    """
    from dominosa_lab.formats import catalog, parse_tatham

    if spec == "-":
        return _parse_source(sys.stdin.read(), "standard input", None, json_file=False)
    path = Path(spec)
    if _is_file(path):
        return _parse_source(_read_text(path), str(path), path.stem,
                             json_file=path.suffix.lower() == ".json")
    if spec in catalog.names():
        return catalog.load(spec)
    if ":" in spec or "#" in spec:
        return parse_tatham(spec)
    raise PuzzleError(
        f"{spec[:80]!r} is not a file, a catalog name ({', '.join(catalog.names())}) "
        "or a Tatham game id (N:DIGITS)"
    )


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False for a name the system cannot take (a long game id)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _parse_source(text: str, source: str, name: str | None, *, json_file: bool) -> Puzzle:
    """The puzzle of a file's or standard input's text: JSON, one Tatham game id, or the text
    format; an error names ``source``."""
    from dominosa_lab.formats import from_json, parse_tatham, parse_text

    body = text.removeprefix("\ufeff").strip()
    try:
        if json_file or body.startswith("{"):
            return from_json(body)[0]
        if len(body.split()) == 1 and ":" in body:
            return parse_tatham(body)
        return parse_text(text, name=name)
    except DominosaError as err:
        raise type(err)(f"{source}: {err}") from None


def _tatham_id(puzzle: Puzzle) -> str | None:
    """The puzzle's Tatham game id, or None for a board his ids do not describe."""
    from dominosa_lab.formats import to_tatham

    try:
        return to_tatham(puzzle)
    except PuzzleError:
        return None


def _tatham_line(puzzle: Puzzle) -> str:
    game_id = _tatham_id(puzzle)
    return f"Tatham game id: {game_id or 'none (his ids describe full (N+1) x (N+2) boards only)'}"


def _print_json(obj: Any) -> None:
    """Print ``obj`` as JSON on standard output (the ``--json`` output of every command)."""
    print(json.dumps(obj, indent=2))


def _placements_json(placements: Any) -> list[list[list[int]]]:
    return [[list(pl.a), list(pl.b)] for pl in placements]


def _refutation_json(refutation: Refutation | None) -> dict[str, Any] | None:
    if refutation is None:
        return None
    return {"kind": refutation.kind, "squares": [list(cell) for cell in refutation.squares],
            "dominoes": [list(domino) for domino in refutation.dominoes],
            "steps": list(refutation.steps), "text": refutation.text}


def _cmd_solve(args: argparse.Namespace) -> int:
    from dominosa_lab.core.options import check_count
    from dominosa_lab.formats import to_box_text

    show = check_count("--show", args.show, allow_none=False)
    puzzle = read_puzzle(args.puzzle)
    info, result, default = _run(puzzle, args, limit=None if args.all else 1)
    stats = result.stats
    count = len(result.solutions)
    shown = result.solutions[:show] if args.all else result.solutions[:1]
    why = _why(result, args.why_seconds)
    if args.json:
        _print_json({"puzzle": puzzle.name, "tatham_id": _tatham_id(puzzle),
                     "status": result.status, "reason": result.reason, "method": info.name,
                     "count": count, "solutions": [_placements_json(s) for s in shown],
                     "refutation": _refutation_json(why),
                     "stats": stats.as_dict()})
        return 0
    for i, solution in enumerate(shown or [None], start=1):
        if len(shown) > 1:
            print(f"solution {i}:")
        print(to_box_text(puzzle, solution or ()))
        if i < len(shown):
            print()
    more = f" ({len(shown)} shown; --show K for more)" if count > len(shown) > 0 else ""
    print(f"\nstatus: {_status(result, info, default)}")
    print(f"method: {info.name}   {count} solution{'s' * (count != 1)}{more}")
    print(f"nodes: {stats.nodes}   backtracks: {stats.backtracks}   "
          f"max depth: {stats.max_depth}   seconds: {stats.seconds:.3f}")
    print(_tatham_line(puzzle))
    if why is not None:
        steps = len(why.steps)
        print(f"\nwhy: {steps} step{'s' * (steps != 1)}, then the conclusion" if steps
              else "\nwhy:")
        for k, step in enumerate((*why.steps, why.text), 1):
            print(f"{k}. {step}")
    elif result.status == "no_solution" and result.explain is not None and args.why_seconds:
        print(f"\nwhy: no reason found in {args.why_seconds:g} s (--why-seconds to look longer)")
    return 0


def _why(result: SearchResult, seconds: float) -> Refutation | None:
    """Why the board has no solution, as the method explains it, looked for at most ``seconds``;
    None when it has one, when the method cannot say, or when no reason was found in time."""
    if result.status != "no_solution" or result.explain is None or not seconds:
        return None
    return result.explain(time_limit=seconds)


def _cmd_hint(args: argparse.Namespace) -> int:
    from dominosa_lab.core.options import check_count
    from dominosa_lab.logic import hints

    check_count("--steps", args.steps, minimum=1, allow_none=False)
    result = hints(read_puzzle(args.puzzle), limit=args.steps, ladder_name=args.ladder)
    if args.json:
        _print_json({"status": result.status, "reason": result.reason,
                     "steps": [{"level": step.level, "name": step.name, "text": step.text,
                                "placed": None if step.placement is None
                                else _placements_json([step.placement])[0]}
                               for step in result.steps]})
        return 0
    for step in result.steps:
        print(f"[{step.level}] {step.name}: {step.text}")
    if result.status == "no_solution":
        print(f"no solution: {result.reason}")
    elif result.status == "solved":
        print("solved")
    elif result.status == "stuck":
        print("no deduction applies: the next step is a guess (or the puzzle has several "
              "solutions)")
    return 0


def _cmd_count(args: argparse.Namespace) -> int:
    from dominosa_lab.core.options import check_count
    from dominosa_lab.solvers import count_solutions

    limit = check_count("--limit", args.limit, minimum=1)
    time_limit, default = _time_limit(args.time_limit, exponential=True)
    puzzle = read_puzzle(args.puzzle)
    count = count_solutions(puzzle, limit=limit, time_limit=time_limit)
    reason = count.reason + (f", the default; {LIFT}"
                             if default and "time limit" in count.reason else "")
    stats = count.stats
    if args.json:
        _print_json({"puzzle": puzzle.name, "tatham_id": _tatham_id(puzzle), "count": int(count),
                     "status": count.status, "exact": count.exact, "limit": limit,
                     "reason": reason, "nodes": stats.nodes, "seconds": round(stats.seconds, 6)})
        return 0
    what = "at least " if not count.exact or (limit is not None and count == limit) else ""
    print(f"{what}{int(count):,} solution{'s' * (count != 1)}" if count or count.exact
          else "not counted: the count stopped before its end")
    print(f"status: {count.status}{f' ({reason})' if reason else ''}")
    print(f"nodes: {stats.nodes}   seconds: {stats.seconds:.3f}")
    return 0


def _cmd_grade(args: argparse.Namespace) -> int:
    from dominosa_lab.core.options import check_choice
    from dominosa_lab.logic import LEVELS, grade

    check_choice("--max-level", args.max_level, LEVELS)
    time_limit, default = _time_limit(args.time_limit, exponential=True)
    puzzle = read_puzzle(args.puzzle)
    result = grade(puzzle, max_level=args.max_level, time_limit=time_limit)
    if args.json:
        _print_json({"level": result.level, "counts": result.counts,
                     "solutions": result.solutions, "status": result.status,
                     "reason": result.reason})
        return 0
    print(result)
    notes = {
        "needs a guess": "the deductions stop short; a search found exactly one solution",
        "ambiguous": "the deductions stop short; a search found two solutions or more",
        "no solution": "the puzzle has no solution",
    }
    if result.level == "needs a guess" and result.solutions is None:
        print(f"(the deductions stop short; the search for a second solution ran out of time"
              f"{', the default; ' + LIFT if default else ''})")
    elif result.level in notes:
        print(f"({notes[result.level]})")
    return 0


def read_shape(spec: str) -> tuple[int, int] | list[list[bool]]:
    """A board shape: ``ROWSxCOLS``, or a file of rows with ``.`` for gaps (see ``parse_mask``).

    Examples
    --------
    >>> read_shape("7x8")
    (7, 8)
    """
    from dominosa_lab.formats import parse_mask

    match = re.fullmatch(r"(\d+)x(\d+)", spec.strip())
    if match:
        return int(match.group(1)), int(match.group(2))
    path = Path(spec)
    if not _is_file(path):
        raise PuzzleError(f"--shape {spec[:80]!r} is neither ROWSxCOLS (e.g. 7x8) nor a file")
    return parse_mask(_read_text(path))


def _read_text(path: Path) -> str:
    """The text of a file the user named; a file that is not text is their error, not ours."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as err:
        raise FormatError(f"{str(path)!r} is not a text file ({err.reason} at byte "
                          f"{err.start})") from None


def _cmd_generate(args: argparse.Namespace) -> int:
    from dominosa_lab.boards import GOALS, unique_puzzle
    from dominosa_lab.core.options import check_choice, check_count, check_fits
    from dominosa_lab.formats import to_box_text, to_text

    n = check_count("N", args.n, allow_none=False)
    check_fits("N", (n + 1) * (n + 2), pairs=True)
    check_choice("--grade", args.grade, GOALS)
    seed = check_count("--seed", args.seed, allow_none=False, maximum=None)
    if args.output is not None:
        from dominosa_lab.draw.worksheet import check_output

        out = check_output(args.output, "-o", DRAW_FORMATS)
    time_limit, default = _time_limit(args.time_limit, exponential=True)
    shape = None if args.shape is None else read_shape(args.shape)
    made = unique_puzzle(n, grade=args.grade, seed=seed, shape=shape, time_limit=time_limit)
    if made.status != "found":
        if args.json:
            _print_json({"status": made.status, "reason": made.reason, "boards": made.boards,
                         "seconds": made.seconds})
        print(f"dominosa-lab: {made.reason}"
              + (f" (the default time limit; {LIFT})" if default else ""),
              file=sys.stderr)
        return EXIT_FAILED
    puzzle = made.puzzle
    if args.json:
        _print_json({"status": made.status, "name": puzzle.name, "grade": made.grade.level,
                     "rows": [list(row) for row in puzzle.rows], "max_pip": puzzle.max_pip,
                     "tatham_id": _tatham_id(puzzle),
                     "solution": _placements_json(made.solution.placements)
                     if args.solution else None,
                     "boards": made.boards, "seconds": made.seconds})
    else:
        board = (to_box_text(puzzle, made.solution.placements) if args.solution
                 else to_text(puzzle))
        print(board.rstrip())
        print(f"\nname: {puzzle.name}   grade: {made.grade.level}   "
              f"boards graded: {made.boards}   seconds: {made.seconds:.2f}")
        print(_tatham_line(puzzle))
    if args.output is not None:
        _write_board(out, puzzle, made.solution, beside=args.solution,
                     titles=(f"{puzzle.name} ({made.grade.level})", "solution"))
        print(f"wrote {out}", file=sys.stderr if args.json else sys.stdout)
    return 0


def _run(puzzle: Puzzle, args: argparse.Namespace,
         limit: int | None) -> tuple[MethodInfo, SearchResult, bool]:
    """Solve as the options of ``solve`` and ``draw`` say; also: is the time limit a default?"""
    from dominosa_lab.core.options import check_choice, check_count
    from dominosa_lab.solvers import METHODS, method_info, solve

    info = method_info(args.method)
    time_limit, default = _time_limit(args.time_limit, exponential=info.exponential)
    if not args.why_seconds >= 0:
        raise ArgumentError("--why-seconds must be a non-negative number of seconds (0: do not "
                            f"look), got {args.why_seconds:g}")
    max_nodes = _count_flag("--max-nodes", args.max_nodes)
    if args.order is not None:
        check_choice("--order", args.order, info.orders, f"--method {info.name}")
    if args.seed is not None:
        check_count("--seed", args.seed, allow_none=False, maximum=None)
        if "seed" not in info.settings:
            takers = [name for name, m in METHODS.items() if "random" in m.orders]
            raise ArgumentError(f"--seed: method {info.name} draws nothing at random; --seed "
                                f"is for --order random, with --method {' or '.join(takers)}")
    progress = _Progress(LIFT if default else "")
    result = solve(puzzle, method=info.name, limit=limit, max_nodes=max_nodes,
                   time_limit=time_limit, progress=progress, order=args.order, seed=args.seed)
    progress.end()
    return info, result, default


def _count_flag(flag: str, given: str | None) -> int | None:
    """The count a flag was given (``none`` for none), checked as the library checks it."""
    from dominosa_lab.core.options import check_count

    if given is None or given.lower() == "none":
        return None
    try:
        value = int(given)
    except ValueError:
        raise ArgumentError(f"{flag} must be an integer >= 0 or 'none', got {given!r}") from None
    return check_count(flag, value, none="'none'")


def _status(result: SearchResult, info: MethodInfo, default: bool) -> str:
    """A result's status and why it ended, with how to lift a default time limit."""
    reason = result.reason + (f", the default for {info.name}; {LIFT}"
                              if default and "time limit" in result.reason else "")
    return result.status + (f" ({reason})" if reason else "")


def _cmd_draw(args: argparse.Namespace) -> int:
    from dominosa_lab.draw.worksheet import check_output  # first: is the extra there?

    out = check_output(args.output, "-o", DRAW_FORMATS)
    if args.puzzle_only and args.pips:
        raise ArgumentError("--pips draws the dominoes of the solution; --puzzle-only draws none")
    puzzle = read_puzzle(args.puzzle)
    if args.puzzle_only:
        _write_board(out, puzzle, None, beside=False, titles=(puzzle.name or "puzzle", ""))
        print(f"wrote {out}")
        return 0
    info, result, default = _run(puzzle, args, limit=1)
    found = "solution" if result.solution is not None else result.status.replace("_", " ")
    _write_board(out, puzzle, result.solution, beside=True, pips=args.pips,
                 titles=(puzzle.name or "puzzle", found),
                 refutation=_why(result, args.why_seconds))
    print(f"wrote {out}; status: {_status(result, info, default)}")
    return 0


def _write_board(out: Path, puzzle: Puzzle, solution: Solution | None, *, beside: bool,
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


def _cmd_print(args: argparse.Namespace) -> int:
    from dominosa_lab.boards.distinct import distinct_puzzles
    from dominosa_lab.core.options import check_count
    from dominosa_lab.draw.worksheet import check_fits, check_output, write_worksheets

    start = time.perf_counter()
    out = check_output(args.output, "-o")
    key = None if args.answers is None else check_output(args.answers, "--answers")
    option, count = ("--class", args.class_set) if args.class_set is not None else (
        "--count", args.count)
    check_count(option, count, minimum=1, allow_none=False)
    check_count("-n", args.n, allow_none=False)
    check_count("--seed", args.seed, allow_none=False, maximum=None)
    time_limit, default = _time_limit(args.time_limit, exponential=True)
    shape = None if args.shape is None else read_shape(args.shape)
    check_fits(_rows_cols(shape, args.n), args.n, args.paper, args.class_set is not None)
    made = distinct_puzzles(args.n, count, grade=args.grade, seed=args.seed, shape=shape,
                            time_limit=time_limit)
    if made.status != "found":
        print(f"dominosa-lab: nothing written: {made.reason}"
              + (f" (the default time limit; {LIFT})" if default and "time limit" in made.reason
                 else ""), file=sys.stderr)
        return EXIT_FAILED
    written = write_worksheets(made.puzzles, out, paper=args.paper,
                               class_set=args.class_set is not None, title=args.title,
                               answers=key)
    skipped = (f"; {made.repeats} skipped as the same as another up to turns, mirrors and "
               "renumbering" if made.repeats else "")
    answers = "" if key is not None else " and its answer" if count == 1 else " and their answers"
    what = f"puzzle{'s' * (count != 1)}{answers}"
    print(f"wrote {', '.join(map(str, written))}: {count} unique {args.grade} double-{args.n} "
          f"{what}, from seed{'s' * (made.seeds != 1)} "
          f"{_span(args.seed, args.seed + made.seeds - 1)}{skipped}; "
          f"{time.perf_counter() - start:.1f} s")
    return 0


def _rows_cols(shape: tuple[int, int] | list[list[bool]] | None, n: int) -> tuple[int, int]:
    """The rows and columns of a ``--shape`` (a size or a mask), or of the double-n rectangle."""
    if shape is None:
        return n + 1, n + 2
    return shape if isinstance(shape, tuple) else (len(shape), max(map(len, shape)))


def _span(first: int, last: int) -> str:
    """``3`` or ``3-7``."""
    return str(first) if first == last else f"{first}-{last}"


def _cmd_student(args: argparse.Namespace) -> int:
    from dominosa_lab.draw.student import write_student_edition

    for path in write_student_edition(args.lesson, args.output, paper=args.paper):
        print(f"wrote {path}")
    return 0


def _cmd_pages(args: argparse.Namespace) -> int:
    start = time.perf_counter()  # the time reported is the command's, imports included
    from dominosa_lab.boards import GOALS
    from dominosa_lab.core.options import check_choice, check_count
    from dominosa_lab.pages import check_page_path, write_class_pages

    check_page_path(args.output, "-o")
    check_choice("--grade", args.grade, GOALS)
    check_count("-n", args.n, allow_none=False)
    check_count("--class", args.class_set, minimum=1, allow_none=False)
    check_count("--seed", args.seed, allow_none=False, maximum=None)
    max_nodes = check_count("--max-nodes", args.max_nodes, minimum=1, allow_none=False)
    time_limit, default = _time_limit(args.time_limit, exponential=True)
    stepper = None if args.stepper is None else read_puzzle(args.stepper)
    pages = write_class_pages(args.output, n=args.n, grade=args.grade, count=args.class_set,
                              seed=args.seed, stepper=stepper, method=args.method,
                              max_nodes=max_nodes, time_limit=time_limit,
                              title=args.title)
    if pages.status != "written":
        print(f"dominosa-lab: nothing written: {pages.reason}"
              + (f" (the default time limit; {LIFT})" if default and "time limit" in pages.reason
                 else ""), file=sys.stderr)
        return EXIT_FAILED
    print(f"wrote {pages.path}: {pages.puzzles} unique {args.grade} double-{args.n} "
          f"puzzle{'s' * (pages.puzzles != 1)} to play and a {args.method} search of "
          f"{pages.stepper_nodes} node{'s' * (pages.stepper_nodes != 1)} to step through; "
          f"{time.perf_counter() - start:.1f} s")
    return 0


def _time_limit(given: str | None, *, exponential: bool) -> tuple[float | None, bool]:
    """The time limit of a run (``none`` for none) and whether it is the default one (given
    only to exponential work)."""
    from dominosa_lab.core.options import check_seconds

    if given is None:
        return (DEFAULT_TIME_LIMIT, True) if exponential else (None, False)
    if given.lower() == "none":
        return None, False
    try:
        seconds = float(given)
    except ValueError:
        raise ArgumentError(
            f"--time-limit must be a number of seconds or 'none', got {given!r}") from None
    return check_seconds("--time-limit", seconds, none="'none'"), False


class _Progress:
    """One line on stderr, rewritten in place, while a search runs longer than a second."""

    #: Whether a progress line is on the screen, unended (Ctrl-C ends it before its message).
    open_line = False

    def __init__(self, note: str) -> None:
        self.note = note
        self.shown = False

    def __call__(self, stats: SearchStats, seconds: float) -> None:
        note = f"   (stops at {DEFAULT_TIME_LIMIT:g} s; {self.note})" if self.note else ""
        print(f"\r  {seconds:5.0f} s   {stats.nodes:,} nodes   {stats.backtracks:,} backtracks   "
              f"{stats.solutions:,} solutions{note}", end="", file=sys.stderr, flush=True)
        self.shown = _Progress.open_line = True

    def end(self) -> None:
        """End the progress line, if one was shown."""
        if self.shown:
            _Progress.close()

    @staticmethod
    def close() -> None:
        """End the progress line on the screen, if one is open."""
        if _Progress.open_line:
            print(file=sys.stderr)
            _Progress.open_line = False


def _cmd_catalog(args: argparse.Namespace) -> int:
    from dominosa_lab.formats import catalog

    for name in catalog.names():
        puzzle = catalog.load(name)
        info = catalog.describe(name)
        rows, cols = puzzle.shape
        print(f"{name:<14} N={puzzle.max_pip:<3} {rows}x{cols:<4} {info.get('title', '')}")
    return 0


def _cmd_reproduce(args: argparse.Namespace) -> int:
    from dominosa_lab.reproduce import NotebookFailed, reproduce

    try:
        times = reproduce(args.notebooks or None, progress=not args.quiet)
    except NotebookFailed as err:
        print(f"dominosa-lab: notebook failed: {err}", file=sys.stderr)
        return EXIT_FAILED
    for name, seconds in times.items():
        print(f"{name}: {seconds:.1f} s")
    return 0


def _cmd_experiment(args: argparse.Namespace) -> int:
    from dominosa_lab.experiments import EXPERIMENTS, IN_PROCESS
    from dominosa_lab.experiments.executors import open_executor

    names = list(EXPERIMENTS) if args.names == ["all"] else args.names
    unknown = [name for name in names if name not in EXPERIMENTS]
    if unknown:
        raise ArgumentError(f"no experiment {unknown[0]!r}; known: all, "
                            f"{', '.join(sorted(EXPERIMENTS))}")
    sweeps = {name for name in names if name not in IN_PROCESS}
    if (args.executor or args.scheduler) and not sweeps:
        raise ArgumentError(f"experiment {names[0]} runs in this process; it takes no "
                            "--executor or --scheduler")
    out = _writable_folder("--out", Path(args.out))
    try:
        with open_executor(args.executor, args.scheduler) if sweeps else nullcontext() as pool:
            for name in names:
                start = time.perf_counter()
                path = EXPERIMENTS[name](out, pool if name in sweeps else None)
                print(f"wrote {path} in {time.perf_counter() - start:.0f} s", flush=True)
    except KeyboardInterrupt:
        _quiet_workers()
        raise
    return 0


def _writable_folder(flag: str, folder: Path) -> Path:
    """``folder`` if it is (or can be made as) a folder this user may write; else an
    ArgumentError naming ``flag``, before any work is done."""
    existing = next(p for p in (folder, *folder.parents) if p.exists() or p == Path(p.anchor))
    if not existing.is_dir():
        raise ArgumentError(f"{flag} {str(folder)!r}: {str(existing)!r} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise ArgumentError(f"{flag} {str(folder)!r}: no permission to write in "
                            f"{str(existing)!r}")
    return folder


def _quiet_workers() -> None:
    """Silence Dask's logs while a Ctrl-C tears a cluster down (the workers of a cluster made
    here ignore Ctrl-C: see :func:`~dominosa_lab.experiments.executors.open_executor`)."""
    import logging

    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name.startswith(("distributed", "tornado", "asyncio")):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _first_line(text: str | None) -> str:
    return (text or "").strip().splitlines()[0] if text else ""


def _listing(entries: dict[str, str]) -> str:
    width = max(map(len, entries))
    return "\n".join(f"  {name:<{width}}  {line}" for name, line in entries.items())


class _Parser(argparse.ArgumentParser):
    """An argument parser whose options and description are made by ``build`` when it first
    parses or shows help, so that a command imports only what its own options list."""

    def __init__(self, *args: Any, build: Callable[[_Parser], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.build = build

    def _built(self) -> None:
        if self.build is not None:
            build, self.build = self.build, None
            build(self)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """Build the options, then parse as ``argparse`` does."""
        self._built()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        """Build the options, then the usage line."""
        self._built()
        return super().format_usage()

    def format_help(self) -> str:
        """Build the options and the description, then the help."""
        self._built()
        return super().format_help()


PUZZLE_HELP = ("a file (text: one row per line, numbers separated by spaces, '.' for a gap; "
               "or .json), '-' for standard input, a catalog name or a Tatham game id "
               "(N:DIGITS); see the end of dominosa-lab --help")
JSON_HELP = "print the result as JSON (for programs)"


def _search_options(p: argparse.ArgumentParser) -> None:
    """The options that say how to search: method, budget, order, seed."""
    from dominosa_lab.core.options import ORDERS
    from dominosa_lab.solvers.registry import DEFAULT_METHOD, METHODS

    p.add_argument("--method", default=DEFAULT_METHOD, choices=sorted(METHODS),
                   help=f"how to solve (default: {DEFAULT_METHOD})")
    p.add_argument("--max-nodes", metavar="COUNT",
                   help="stop after this many placements; 'none' for no limit (the default)")
    p.add_argument("--time-limit", metavar="SECONDS",
                   help=f"stop after this many seconds; 'none' for no limit (default: "
                   f"{DEFAULT_TIME_LIMIT:g} for methods that can take exponential time)")
    p.add_argument("--order", choices=list(ORDERS),
                   help="move order, for methods with a choice: " + "; ".join(
                       f"{name}: {what}" for name, what in ORDERS.items()))
    p.add_argument("--seed", type=int, help="seed of randomised orders")
    p.add_argument("--why-seconds", type=float, default=WHY_SECONDS, metavar="SECONDS",
                   help="when the board has no solution, look this long for why (default: "
                   f"{WHY_SECONDS:g}; 0: do not look)")


def _solve_options(p: argparse.ArgumentParser) -> None:
    from dominosa_lab.solvers.registry import METHODS

    p.formatter_class = argparse.RawDescriptionHelpFormatter  # one line per entry
    p.description = ("Solve a puzzle and print the board with outlines. The methods "
                     "(orders in brackets, the default first):\n" + _listing({
                         name: f"{info.summary} [{', '.join(info.orders)}]; {info.source}"
                         for name, info in METHODS.items()}))
    p.add_argument("puzzle", help=PUZZLE_HELP)
    p.add_argument("--all", action="store_true", help="find every solution")
    p.add_argument("--show", type=int, default=10, metavar="K",
                   help="with --all, print at most K solutions (default: 10)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    _search_options(p)


def _hint_options(p: argparse.ArgumentParser) -> None:
    from dominosa_lab.logic import DEDUCTIONS, LADDERS

    p.formatter_class = argparse.RawDescriptionHelpFormatter  # one line per entry
    p.description = (
        "Print the next deduction on the empty board (with --steps, the next few): its level, "
        "its name and why it holds. The deductions, easiest first:\n"
        + _listing({name: f"[{d.level}] {d.summary}" for name, d in DEDUCTIONS.items()}))
    p.add_argument("puzzle", help=PUZZLE_HELP)
    p.add_argument("--steps", type=int, default=1, help="how many steps to print (default: 1)")
    p.add_argument("--ladder", default="full", choices=list(LADDERS),
                   help="which deductions, in which order (default: full)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)


def _count_options(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Count the solutions of a puzzle exactly, without listing them (independent parts of "
        "the board counted apart and multiplied), or list them up to --limit. Stops after "
        f"{DEFAULT_TIME_LIMIT:g} s unless told; a stopped count is a lower bound.")
    p.add_argument("puzzle", help=PUZZLE_HELP)
    p.add_argument("--limit", type=int, metavar="K", help="stop at K solutions")
    p.add_argument("--time-limit", metavar="SECONDS",
                   help=f"stop after this many seconds; 'none' for no limit (default: "
                   f"{DEFAULT_TIME_LIMIT:g})")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _grade_options(p: argparse.ArgumentParser) -> None:
    from dominosa_lab.logic import LEVELS

    p.description = (
        "Grade a puzzle: the lowest level of reasoning that finishes it (" + ", ".join(LEVELS)
        + "; Tatham's four, then ours), else 'needs a guess', 'ambiguous' or 'no solution' "
        "(found by a search, 60 s unless told), and how often each deduction was used.")
    p.add_argument("puzzle", help=PUZZLE_HELP)
    p.add_argument("--max-level", default="deep", metavar="LEVEL",
                   help=f"the hardest level allowed, one of {', '.join(LEVELS)} (default: deep)")
    p.add_argument("--time-limit", metavar="SECONDS",
                   help="time for the search when the deductions stop short; 'none' for no limit")
    p.add_argument("--json", action="store_true", help=JSON_HELP)


def _generate_options(p: argparse.ArgumentParser) -> None:
    from dominosa_lab.boards import GOALS

    p.description = (
        "Make a double-N puzzle with exactly one solution whose grade is the one asked (a "
        "planted solution, repaired by domino swaps guided by the grader; counted again by the "
        "compiled engine). Prints the board, its grade and, for a full (N+1) x (N+2) board, a "
        "game id for Simon Tatham's Dominosa. Stops after 60 s unless told (exit status 1).")
    p.add_argument("n", type=int, metavar="N", help="the double-N set (numbers 0..N)")
    p.add_argument("--grade", default="basic", metavar="GRADE",
                   help=f"one of {', '.join(GOALS)} (default: basic)")
    p.add_argument("--seed", type=int, default=0, help="the same seed gives the same puzzle "
                   "(default: 0)")
    p.add_argument("--shape", metavar="SHAPE", help="ROWSxCOLS, or a file with one line per "
                   "row, '.' for a gap (default: the (N+1) x (N+2) rectangle)")
    p.add_argument("--time-limit", metavar="SECONDS",
                   help=f"stop after this many seconds; 'none' for no limit (default: "
                   f"{DEFAULT_TIME_LIMIT:g})")
    p.add_argument("--solution", action="store_true", help="draw the solution too")
    p.add_argument("-o", "--output", metavar="FILE",
                   help=f"also draw the puzzle (with --solution, and its solution beside it) to "
                   f"a {', '.join(DRAW_FORMATS)} file")
    p.add_argument("--json", action="store_true", help=JSON_HELP)


def _draw_options(p: argparse.ArgumentParser) -> None:
    p.description = ("Draw a puzzle and, beside it, its solution (found as `solve` finds it) "
                     f"to a {', '.join(DRAW_FORMATS)} file; with --puzzle-only, the puzzle "
                     "alone.")
    p.add_argument("puzzle", help=PUZZLE_HELP)
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help=f"the picture to write ({', '.join(DRAW_FORMATS)})")
    p.add_argument("--pips", action="store_true", help="draw the solved dominoes with pips")
    p.add_argument("--puzzle-only", action="store_true",
                   help="draw the puzzle alone: no search, no solution beside it")
    _search_options(p)


def _print_options(p: argparse.ArgumentParser) -> None:
    from dominosa_lab.boards import GOALS
    from dominosa_lab.draw.worksheet import PAPERS

    p.description = (
        "Print unique puzzles (as `generate` makes them, from the seeds SEED, SEED+1, ...; no "
        "two the same up to turns, mirrors and renumbering): a book with as many on a page as "
        "leave room to draw, or a class set with one per page and a line for a name; each "
        "numbered, with its grade and Simon Tatham game id; the answers on the last pages. "
        "The same arguments give the same pages. Stops after 60 s unless told (exit status 1).")
    p.add_argument("-n", type=int, default=6, metavar="N",
                   help="the double-N set (numbers 0..N; default: 6)")
    how_many = p.add_mutually_exclusive_group()
    how_many.add_argument("--count", type=int, default=6, metavar="K",
                          help="a book of K puzzles (default: 6)")
    how_many.add_argument("--class", type=int, dest="class_set", metavar="K",
                          help="a class set: K puzzles, one per page, for K students")
    p.add_argument("--grade", default="basic", metavar="GRADE",
                   help=f"one of {', '.join(GOALS)} (default: basic)")
    p.add_argument("--seed", type=int, default=0, help="the first seed (default: 0)")
    p.add_argument("--shape", metavar="SHAPE", help="ROWSxCOLS, or a file with one line per "
                   "row, '.' for a gap (default: the (N+1) x (N+2) rectangle)")
    p.add_argument("--paper", default="a4", choices=list(PAPERS), help="default: a4")
    p.add_argument("-o", "--output", default="puzzles.pdf", metavar="FILE",
                   help="a .pdf of every page, or .png/.svg for one file per page, "
                   "FILE-01.png, ... (default: puzzles.pdf)")
    p.add_argument("--title", help="the heading of every page (default: what the puzzles are)")
    p.add_argument("--answers", metavar="FILE",
                   help="write the answers to FILE (.pdf, .png, .svg), the answer key apart "
                   "from the students' pages (default: on the last pages of -o)")
    p.add_argument("--time-limit", metavar="SECONDS",
                   help=f"stop making puzzles after this many seconds; 'none' for no limit "
                   f"(default: {DEFAULT_TIME_LIMIT:g})")


def _student_options(p: argparse.ArgumentParser) -> None:
    from dominosa_lab.draw.worksheet import PAPERS

    p.description = ("Cut the student's edition from the lesson by its cell tags: the notebook "
                     "without answers, a printable exercise sheet and a separate answer key "
                     "(PDF), written into a folder.")
    p.add_argument("-o", "--output", default="student", metavar="DIR",
                   help="the folder to write (made if missing; default: student)")
    p.add_argument("--lesson", default="notebooks/00_teaching_backtracking.ipynb",
                   metavar="NOTEBOOK",
                   help="the lesson (default: notebooks/00_teaching_backtracking.ipynb)")
    p.add_argument("--paper", default="a4", choices=list(PAPERS), help="default: a4")


def _pages_options(p: argparse.ArgumentParser) -> None:
    from dominosa_lab.boards import GOALS

    p.description = (
        "Write one HTML file that any browser opens from a folder or a memory stick (no "
        "server, no Python, no network): a play board with a set of unique puzzles, one per "
        "student (as `print --class` makes them), with hints, why?, the places left for a "
        "domino and the answer on request; and a stepper through a backtracking search of "
        "a board, stop by stop, with its search tree. Stops making puzzles after 60 s unless "
        "told (exit status 1).")
    p.add_argument("-n", type=int, default=3, metavar="N",
                   help="the double-N set of the puzzles (default: 3)")
    p.add_argument("--class", type=int, dest="class_set", default=28, metavar="K",
                   help="how many puzzles: one for each of K students (default: 28)")
    p.add_argument("--grade", default="basic", metavar="GRADE",
                   help=f"one of {', '.join(GOALS)} (default: basic)")
    p.add_argument("--seed", type=int, default=0, help="the first seed (default: 0)")
    p.add_argument("--stepper", metavar="PUZZLE",
                   help="the board the stepper searches (default: the lesson's double-2 board)")
    p.add_argument("--method", default="rowscan",
                   help="the stepper's search method (default: rowscan)")
    p.add_argument("--max-nodes", type=int, default=2000, metavar="K",
                   help="the stepper's budget: dominoes the search may put down (default: 2000)")
    p.add_argument("-o", "--output", default="class.html", metavar="FILE",
                   help="the .html file to write (default: class.html)")
    p.add_argument("--title", default="Dominosa", help="the page's title (default: Dominosa)")
    p.add_argument("--time-limit", metavar="SECONDS",
                   help=f"stop making puzzles after this many seconds; 'none' for no limit "
                   f"(default: {DEFAULT_TIME_LIMIT:g})")


def _reproduce_options(p: argparse.ArgumentParser) -> None:
    p.description = ("Execute notebooks top to bottom in a fresh kernel and save them in "
                     "place with their outputs, writing their figures to figures/ (run from "
                     "the repository root; needs the 'notebooks' extra).")
    p.add_argument("notebooks", nargs="*", help="notebooks to run (default: notebooks/*.ipynb)")
    p.add_argument("--quiet", action="store_true", help="no progress bars")


def _catalog_options(p: argparse.ArgumentParser) -> None:
    p.description = ("List the published puzzles that ship with dominosa-lab: name, N, "
                     "shape and source. Any command takes a name as its puzzle.")


def _experiment_options(p: argparse.ArgumentParser) -> None:
    from dominosa_lab.experiments import EXPERIMENTS
    from dominosa_lab.experiments.executors import EXECUTORS

    p.formatter_class = argparse.RawDescriptionHelpFormatter  # one line per entry
    p.description = (
        "Run named experiments ('all': every one); each writes OUT/NAME.csv. The experiments:\n"
        + _listing({name: _first_line(run.__doc__) for name, run in EXPERIMENTS.items()}))
    p.add_argument("names", nargs="+", metavar="NAME",
                   help="experiments listed above, or 'all' for every one")
    p.add_argument("--out", default="results", help="folder for the CSV (default: results)")
    p.add_argument("--executor", choices=EXECUTORS,
                   help="where a sweep runs (default: processes, or dask with --scheduler)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a running Dask scheduler, e.g. tcp://10.0.0.5:8786 (implies dask)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``dominosa-lab`` command.

    A command's options are made when that command is parsed or its help is shown.
    """
    parser = _Parser(prog="dominosa-lab",
                     description="Solve, study and picture Dominosa puzzles.",
                     epilog=TEXT_FORMAT)
    parser.add_argument("--debug", action="store_true",
                        help="show the traceback of an error (to report a bug)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, what, build, run in (
        ("solve", "solve a puzzle and print the board with outlines", _solve_options,
         _cmd_solve),
        ("hint", "the next step of reasoning, in words", _hint_options, _cmd_hint),
        ("count", "the exact number of solutions of a puzzle", _count_options, _cmd_count),
        ("grade", "the difficulty level and the count of each deduction used", _grade_options,
         _cmd_grade),
        ("generate", "a puzzle with exactly one solution, of a chosen grade", _generate_options,
         _cmd_generate),
        ("draw", "draw a puzzle and its solution to a picture file", _draw_options, _cmd_draw),
        ("print", "printable pages of unique puzzles with answers: a book or a class set",
         _print_options, _cmd_print),
        ("student", "the lesson's student's edition: notebook, exercise sheet, answer key",
         _student_options, _cmd_student),
        ("pages", "one HTML file for a class: puzzles to play, a search to step through",
         _pages_options, _cmd_pages),
        ("catalog", "list the published puzzles", _catalog_options, _cmd_catalog),
        ("reproduce", "execute the notebooks in place, regenerating figures/",
         _reproduce_options, _cmd_reproduce),
        ("experiment", "run named experiments, each writing a CSV", _experiment_options,
         _cmd_experiment),
    ):
        p = sub.add_parser(name, help=what, build=build)
        p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                       help="show the traceback of an error (to report a bug)")
        p.set_defaults(run=run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    A user error is one line on stderr and status 2; a missing optional library or a file the
    system refuses, one line and status 1; an internal error (a bug), one line that says so and
    status 70. With ``--debug`` each of them shows its traceback first.

    Examples
    --------
    >>> main(["solve", "3:0211"])
    2
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    debug = "--debug" in argv  # known before parsing: building a command's options may fail
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except BrokenPipeError:  # the reader left (`... | head`): stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        _Progress.close()
        print("dominosa-lab: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except DominosaError as err:
        return _fail(debug, f"error: {err}", EXIT_USAGE)
    except ImportError as err:
        from dominosa_lab.core.extras import MissingExtraError  # here: help loads no core

        if isinstance(err, MissingExtraError):  # an optional library is not installed
            return _fail(debug, f"error: {err}", EXIT_FAILED)
        return _internal(debug, err)
    except OSError as err:  # a file the system refused
        return _fail(debug, f"error: {err}", EXIT_FAILED)
    except Exception as err:
        return _internal(debug, err)


def _internal(debug: bool, err: Exception) -> int:
    """Say in one line that ``err`` is a bug of dominosa-lab, and how to report it."""
    what = _first_line(str(err))
    return _fail(debug, f"internal error: {type(err).__name__}{': ' + what if what else ''} "
                 f"({REPORT})", EXIT_INTERNAL)


def _fail(debug: bool, message: str, status: int) -> int:
    """Say what went wrong in one line on stderr (after the traceback, with ``--debug``)."""
    if debug:
        traceback.print_exc()
    print(f"dominosa-lab: {message}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
