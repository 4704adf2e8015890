"""How the command ends: its exit statuses, and the one line that says what went wrong."""

from __future__ import annotations

import sys
import traceback

__all__ = ["EXIT_BROKEN_PIPE", "EXIT_FAILED", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_USAGE",
           "fail", "first_line", "internal"]

#: A run out of time, a file the system refuses, an optional library missing.
EXIT_FAILED = 1
#: A user error: the command line or the input.
EXIT_USAGE = 2
#: An internal error: a bug of dominosa-lab, not of the input (``EX_SOFTWARE`` of sysexits.h).
EXIT_INTERNAL = 70
#: The shell's status for a command stopped by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130
#: The shell's status for a command whose output pipe was closed (128 + SIGPIPE).
EXIT_BROKEN_PIPE = 141

REPORT = ("this is a bug in dominosa-lab: rerun with --debug to see the traceback, and report "
          "it to the dominosa-lab developers with the command that caused it")


def first_line(text: str | None) -> str:
    """The first line of ``text`` (empty for none)."""
    return text.strip().splitlines()[0] if text and text.strip() else ""


def fail(debug: bool, message: str, status: int) -> int:
    """Say what went wrong in one line on stderr (after the traceback, with ``--debug``)."""
    if debug:
        traceback.print_exc()
    print(f"dominosa-lab: {message}", file=sys.stderr)
    return status


def internal(debug: bool, err: BaseException) -> int:
    """Say in one line that ``err`` is a bug of dominosa-lab, and how to report it."""
    what = first_line(str(err))
    return fail(debug, f"internal error: {type(err).__name__}{': ' + what if what else ''} "
                f"({REPORT})", EXIT_INTERNAL)
