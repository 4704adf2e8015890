"""The ``dominosa-lab`` command: solve, draw, hint, grade and generate puzzles, count their
solutions, print worksheets, list the catalog, run experiments, reproduce the notebooks.

One module per command, each with its help line, its examples and its flags, all taken from
the one vocabulary of :mod:`~dominosa_lab.cli.flags`. Every user error ends in one line on
stderr and exit status 2, argparse's own included (:mod:`~dominosa_lab.cli.parser`); a
generation that runs out of time says how far it got, on stderr, with exit status 1, and so
does a file the system will not read or write, and a command whose optional libraries are not
installed (naming the extra to install). Anything else is a bug of dominosa-lab: one line that
says so and exit status 70 (``--debug`` shows the traceback). A command that takes longer than
a second shows one progress line on stderr (:mod:`~dominosa_lab.cli.progress`).

A command imports what it uses when it runs, and its options are made only when it is the
command given: listing the catalog or asking for help loads no solver, and solving loads no
plotting, table or graph library.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections.abc import Sequence
from types import ModuleType

from dominosa_lab.cli import flags
from dominosa_lab.cli.exits import (
    EXIT_BROKEN_PIPE,
    EXIT_FAILED,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    fail,
    internal,
)
from dominosa_lab.cli.parser import Parser
from dominosa_lab.cli.read import TEXT_FORMAT, read_puzzle, read_shape
from dominosa_lab.errors import DominosaError

__all__ = [
    "COMMANDS",
    "EXIT_BROKEN_PIPE",
    "EXIT_FAILED",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "TEXT_FORMAT",
    "build_parser",
    "command",
    "main",
    "read_puzzle",
    "read_shape",
    "version",
]

#: The commands in the order ``--help`` lists them, and the module of each.
COMMANDS = {"solve": "solve", "hint": "hint", "count": "count", "grade": "grade",
            "generate": "generate", "draw": "draw", "print": "worksheets", "pages": "pages",
            "student": "student", "catalog": "catalog", "reproduce": "reproduce",
            "experiment": "experiment"}


def command(name: str) -> ModuleType:
    """The module of the command ``name``: its ``HELP``, ``EXAMPLES``, ``build`` and ``run``."""
    return importlib.import_module(f"dominosa_lab.cli.{COMMANDS[name]}")


def version() -> str:
    """The installed version of dominosa-lab."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("dominosa-lab")
    except PackageNotFoundError:
        return "unknown (not installed)"


def _examples(examples: Sequence[tuple[str, str]]) -> str | None:
    """The examples section of a command's help: each command line and what it does."""
    if not examples:
        return None
    width = max(len(line) for line, _ in examples) + len("dominosa-lab ")
    return "examples:\n\n" + "\n".join(f"  {'dominosa-lab ' + line:<{width}}  # {what}"
                                       for line, what in examples)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``dominosa-lab`` command.

    A command's options are made when that command is parsed or its help is shown.
    """
    parser = Parser(prog="dominosa-lab", description="Solve, study and picture Dominosa "
                    "puzzles. Every command takes --help, with examples.", epilog=TEXT_FORMAT)
    parser.add_argument("--version", action="version", version=f"dominosa-lab {version()}")
    _common(parser, False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=Parser)
    for name in COMMANDS:
        module = command(name)
        p = sub.add_parser(name, help=module.HELP, build=module.build,
                           epilog=_examples(module.EXAMPLES))
        _common(p, argparse.SUPPRESS)
        p.set_defaults(run=module.run)
    return parser


def _common(p: argparse.ArgumentParser, default: object) -> None:
    """The flags of every command: no progress line, and the traceback of an error."""
    flags.add(p, "--quiet", default=default)
    p.add_argument("--debug", action="store_true", default=default,
                   help="show the traceback of an error (to report a bug)")


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
    start = time.perf_counter()
    argv = sys.argv[1:] if argv is None else list(argv)
    debug = "--debug" in argv  # known before parsing: building a command's options may fail
    try:
        args = build_parser().parse_args(argv)
        args.start = start
        return args.run(args)
    except BrokenPipeError:  # the reader left (`... | head`): stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        print("dominosa-lab: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except DominosaError as err:
        return fail(debug, f"error: {err}", EXIT_USAGE)
    except ImportError as err:
        from dominosa_lab.core.extras import MissingExtraError  # here: help loads no core

        if isinstance(err, MissingExtraError):  # an optional library is not installed
            return fail(debug, f"error: {err}", EXIT_FAILED)
        return internal(debug, err)
    except OSError as err:  # a file the system refused
        return fail(debug, f"error: {err}", EXIT_FAILED)
    except Exception as err:
        return internal(debug, err)
