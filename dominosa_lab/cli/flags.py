"""The one vocabulary of flags: each flag defined once, with its one meaning, and added to a
command by name; values read by functions whose errors are one line in the command line's words.

A number is read by :func:`integer` or :func:`seconds` and a name by :func:`choice` when the
line is parsed, so that a wrong value is refused before any work, naming the flag as it was
typed (:class:`~dominosa_lab.cli.parser.Parser` adds the name).

Examples
--------
>>> integer(minimum=1)("3")
3
>>> seconds(none=True)("none")
inf
>>> choice(("basic", "needs a guess"))("Needs-A-Guess")
'needs a guess'
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "FLAGS",
    "LIFT",
    "LIST_BY_DLX_UP_TO",
    "NO_LIMIT",
    "Flag",
    "add",
    "add_search",
    "budget",
    "choice",
    "integer",
    "seconds",
    "time_limit",
]

#: Seconds that work which can take exponential time runs at the command line unless told.
DEFAULT_TIME_LIMIT = 60.0
#: The largest N whose boards ``solve --all`` (or ``--limit K``) lists by dancing links when no
#: method is named: on boards with many solutions it took 1.00 times the fastest method's time
#: on the median (1.06 at worst), the default method 5.48 (7.45): clause learning blocks each
#: solution found and searches again; beyond it clause learning finds a board's first solutions
#: sooner (``benchmarks/results/all_solutions.md``).
LIST_BY_DLX_UP_TO = 20
#: What ``none`` reads as for a flag that takes it: no limit.
NO_LIMIT = math.inf
#: How to change or lift a default time limit, as the commands say it.
LIFT = "--time-limit SECONDS to change it, --time-limit none to lift it"
#: The largest count a budget takes: the compiled engines keep counts in 64 bits.
MAX_COUNT = 2**62
#: The most digits an integer flag takes (a seed has no other bound).
DIGITS = 1000


def integer(*, minimum: int = 0, none: bool = False,
            maximum: int | None = MAX_COUNT) -> Callable[[str], int | float]:
    """A reader of an integer flag from ``minimum`` (and ``none`` for :data:`NO_LIMIT`)."""
    wanted = f"an integer >= {minimum}" + (" or 'none'" if none else "")

    def read(text: str) -> int | float:
        if none and text.strip().lower() == "none":
            return NO_LIMIT
        if not re.fullmatch(rf"\s*[+-]?[0-9]{{1,{DIGITS}}}\s*", text):
            too_long = re.fullmatch(r"\s*[+-]?[0-9]+\s*", text)
            raise argparse.ArgumentTypeError(
                f"must be an integer of at most {DIGITS:,} digits, got {len(text):,} of them"
                if too_long else f"must be {wanted}, got {text[:40]!r}")
        value = int(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum:,}, got {text[:40]}")
        return value

    return read


def seconds(*, none: bool = False) -> Callable[[str], float]:
    """A reader of a number of seconds (and ``none`` for :data:`NO_LIMIT`)."""
    wanted = "a non-negative number of seconds" + (" or 'none'" if none else "")

    def read(text: str) -> float:
        if none and text.strip().lower() == "none":
            return NO_LIMIT
        try:
            value = float(text) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        if not value >= 0:
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {text[:40]!r}")
        return value

    return read


def choice(names: Iterable[str] | Callable[[], Iterable[str]]) -> Callable[[str], str]:
    """A reader of one of ``names`` (or of the names a function gives, looked up when read):
    any case, ``-`` or ``_`` for a space."""

    def read(text: str) -> str:
        known = tuple(names() if callable(names) else names)
        word = " ".join(text.lower().replace("-", " ").replace("_", " ").split())
        for name in known:
            if word == name.replace("-", " ").replace("_", " "):
                return name
        raise argparse.ArgumentTypeError(
            f"must be one of {', '.join(map(repr, known))}, got {text[:40]!r}")

    return read


def _methods() -> tuple[str, ...]:
    from dominosa_lab.solvers.registry import METHODS

    return tuple(sorted(METHODS))


def _orders() -> tuple[str, ...]:
    from dominosa_lab.core.options import ORDERS

    return tuple(ORDERS)


def _grades() -> tuple[str, ...]:
    from dominosa_lab.boards import GOALS

    return GOALS


def _levels() -> tuple[str, ...]:
    from dominosa_lab.logic import LEVELS

    return LEVELS


@dataclass(frozen=True)
class Flag:
    """One flag of the vocabulary: its spellings, its one meaning and how argparse reads it."""

    spellings: tuple[str, ...]
    meaning: str
    options: dict[str, Any] = field(default_factory=dict)


#: The vocabulary: each flag by its long spelling.
FLAGS: dict[str, Flag] = {flag.spellings[-1]: flag for flag in (
    Flag(("--method",), "how to solve: a method of `solve --help`",
         {"metavar": "NAME", "type": choice(_methods)}),
    Flag(("--order",), "the move order, for a method with a choice",
         {"metavar": "ORDER", "type": choice(_orders)}),
    Flag(("--seed",), "the seed of what is drawn at random: the same seed, the same run",
         {"metavar": "SEED", "type": integer(maximum=None)}),
    Flag(("--max-nodes",), "stop after this many nodes (placements tried; boards graded by "
         "generate); 'none' for no limit", {"metavar": "COUNT", "type": integer(none=True)}),
    Flag(("--time-limit",), "stop after this many seconds; 'none' for no limit",
         {"metavar": "SECONDS", "type": seconds(none=True)}),
    Flag(("--all",), "every solution", {"action": "store_true"}),
    Flag(("--limit",), "stop at this many solutions",
         {"metavar": "K", "type": integer(minimum=1)}),
    Flag(("--json",), "print the result as JSON for programs: one line, or one line per "
         "record where the result is a list", {"action": "store_true"}),
    Flag(("--quiet",), "no progress line on stderr (there is none when stderr is not a "
         "terminal)", {"action": "store_true"}),
    Flag(("-o", "--out"), "where to write", {"metavar": "PATH"}),
    Flag(("--grade",), "the grade of the puzzles to make, any case",
         {"metavar": "GRADE", "type": choice(_grades), "default": "basic"}),
    Flag(("--max-level",), "the hardest level of deduction allowed, any case",
         {"metavar": "LEVEL", "type": choice(_levels)}),
    Flag(("--class",), "a class set: K puzzles, one for each of K students",
         {"metavar": "K", "type": integer(minimum=1), "dest": "class_set"}),
    Flag(("--title",), "the heading of the pages", {"metavar": "TEXT"}),
    Flag(("--shape",), "the board: ROWSxCOLS, or a file with one line per row, '.' for a gap "
         "(default: the (N+1) x (N+2) rectangle)", {"metavar": "SHAPE"}),
)}


def add(p: argparse.ArgumentParser, name: str, more: str = "", **options: Any) -> None:
    """Add the flag ``name`` of :data:`~dominosa_lab.cli.flags.FLAGS` to ``p``, its help the
    flag's meaning and ``more`` (what it means for this command: a default, a unit)."""
    flag = FLAGS[name]
    help_text = flag.meaning + (f" ({more})" if more else "")
    p.add_argument(*flag.spellings, help=help_text, **{**flag.options, **options})


def time_limit(given: float | None, *, exponential: bool) -> tuple[float | None, bool]:
    """The time limit of a run from ``--time-limit`` (None when not given) and whether it is
    the default one (which only work that can take exponential time gets).

    Examples
    --------
    >>> time_limit(None, exponential=True), time_limit(NO_LIMIT, exponential=True)
    ((60.0, True), (None, False))
    """
    if given is None:
        return (DEFAULT_TIME_LIMIT, True) if exponential else (None, False)
    return (None if given == NO_LIMIT else given), False


def budget(given: float | None) -> int | None:
    """The node budget of ``--max-nodes`` (None for none)."""
    return None if given is None or given == NO_LIMIT else int(given)


def add_search(p: argparse.ArgumentParser, *, listing: bool = False) -> None:
    """The flags that say how to search: method, move order, seed and budget (``listing``: for
    a command that lists solutions, whose default method depends on the board)."""
    from dominosa_lab.solvers.registry import DEFAULT_METHOD

    add(p, "--method", f"default: {DEFAULT_METHOD}" + (
        f"; to list solutions (--all, --limit K) on boards up to double-{LIST_BY_DLX_UP_TO}, "
        "dlx, the faster there" if listing else ""))
    add(p, "--order", "default: the method's first; see --help of solve")
    add(p, "--seed", "of --order random")
    add(p, "--max-nodes", "default: none")
    add(p, "--time-limit", f"default: {DEFAULT_TIME_LIMIT:g} for a method that can take "
        "exponential time")
