"""Checking arguments, and the one vocabulary of move orders shared by every method.

Every public function that takes a count, a number of seconds, a seed or a
named choice checks it here, so a wrong argument gets the same message
everywhere: the argument's name, what it wants, and what it got (with its type).

Examples
--------
>>> check_count("max_nodes", 10)
10
>>> check_seconds("time_limit", "a")
Traceback (most recent call last):
...
dominosa_lab.errors.ArgumentError: time_limit must be a non-negative number of seconds or None, \
got 'a' (str)
>>> check_choice("order", "first", ("mrv", "pile"), "method 'dlx'")
Traceback (most recent call last):
...
dominosa_lab.errors.ArgumentError: order must be one of 'mrv', 'pile' for method 'dlx', \
got 'first' (str)
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from dominosa_lab.errors import ArgumentError

__all__ = [
    "BYTES_PER_CELL",
    "BYTES_PER_CELL_PAIR",
    "MAX_COUNT",
    "ORDERS",
    "Seed",
    "check_callable",
    "check_choice",
    "check_count",
    "check_fits",
    "check_flag",
    "check_items",
    "check_number",
    "check_output",
    "check_path",
    "check_seconds",
    "check_seed",
    "check_text",
    "check_type",
    "describe_value",
    "keywords_after_first",
    "largest_set",
    "memory_limit",
]

#: The move orders, one vocabulary for every method; each method accepts a subset.
ORDERS: dict[str, str] = {
    "pile": "the order given: cells in reading order, dominoes 00, 01, ..., items as listed",
    "fewest": "fewest candidate placements on the empty board first (a fixed order)",
    "mrv": "fewest remaining options, re-counted after every placement",
    "random": "a random order drawn from the seed",
}

Seed = int | np.random.Generator | None
Call = TypeVar("Call", bound=Callable[..., Any])

#: The largest count a budget or a limit takes: the compiled engines keep counts in 64 bits.
MAX_COUNT = 2**62

#: Bytes a board takes per cell in the board model and a solver's arrays, about: a random
#: double-300 board (90,902 cells) took 312 MB to make and to search with the default method.
BYTES_PER_CELL = 4_000

#: Bytes the reasoning layer takes per pair of cells, about: its bit sets (one per square, per
#: domino and per placement, each as long as the placements) grow with the square of the board
#: (a double-200 board, 40,602 cells, took 5 GB to grade).
BYTES_PER_CELL_PAIR = 3


def describe_value(value: Any) -> str:
    """A value and its type for an error message: ``'a' (str)``, ``1.5 (float)``."""
    return f"{value!r} ({type(value).__name__})"


def _is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def check_count(name: str, value: Any, minimum: int = 0, allow_none: bool = True,
                maximum: int | None = MAX_COUNT, none: str = "None") -> int | None:
    """``value`` as an int from ``minimum`` to ``maximum`` (None: no maximum), or ``None`` when
    allowed; else
    ArgumentError (``none`` is how the caller spells None: ``none`` at the command line)."""
    if value is None and allow_none:
        return None
    if not _is_int(value) or value < minimum:
        wanted = f"an integer >= {minimum}" + (f" or {none}" if allow_none else "")
        raise ArgumentError(f"{name} must be {wanted}, got {describe_value(value)}")
    if maximum is not None and value > maximum:
        raise ArgumentError(f"{name} must be at most {maximum:,}, got {value:,}")
    return int(value)


def check_seconds(name: str, value: Any, none: str = "None") -> float | None:
    """``value`` as a non-negative number of seconds (a number too large for a float is no
    limit: infinity), or ``None``; else ArgumentError."""
    if value is None:
        return None
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if ok:
        try:
            seconds = float(value)
        except OverflowError:
            seconds = math.inf
    if not ok or math.isnan(seconds) or seconds < 0:
        raise ArgumentError(
            f"{name} must be a non-negative number of seconds or {none}, "
            f"got {describe_value(value)}"
        )
    return seconds


def check_flag(name: str, value: Any) -> bool:
    """``value`` if it is True or False (numpy's bool too); else ArgumentError."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ArgumentError(f"{name} must be True or False, got {describe_value(value)}")


def check_callable(name: str, value: Any, wanted: str) -> Callable | None:
    """``value`` if it is callable or None; else ArgumentError saying it wants ``wanted``."""
    if value is None or callable(value):
        return value
    raise ArgumentError(f"{name} must be {wanted} or None, got {describe_value(value)}")


def check_text(name: str, value: Any, what: str = "") -> str:
    """``value`` if it is a str; else ArgumentError saying it wants ``what`` (bytes are told to
    be decoded first)."""
    if isinstance(value, str):
        return value
    hint = "; decode bytes first, e.g. data.decode('utf-8')" if isinstance(
        value, (bytes, bytearray)) else ""
    wanted = f" ({what})" if what else ""
    raise ArgumentError(f"{name} must be a str{wanted}, got {describe_value(value)}{hint}")


def check_type(name: str, value: Any, kind: type | tuple[type, ...], wanted: str) -> Any:
    """``value`` if it is an instance of ``kind``; else ArgumentError saying it wants ``wanted``.

    Examples
    --------
    >>> check_type("board", [1], dict, "a PegBoard")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: board must be a PegBoard, got [1] (list)
    """
    if isinstance(value, kind):
        return value
    raise ArgumentError(f"{name} must be {wanted}, got {describe_value(value)}")


def check_path(name: str, value: Any) -> Path:
    """``value`` as a :class:`~pathlib.Path` if it is a str or path-like without a null
    character (no file system takes one); else ArgumentError."""
    if isinstance(value, (str, os.PathLike)):
        path = Path(value)
        if "\0" not in str(path):
            return path
    raise ArgumentError(f"{name} must be a file path, got {describe_value(value)}")


def check_output(name: str, value: Any) -> Path:
    """``value`` as the path of a file to write, checked before any work: ArgumentError naming
    it when it is a folder, or when its folder is missing, not a folder or not writable.

    Examples
    --------
    >>> check_output("path", "/")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: path '/' is a folder; give the name of a file to write
    """
    path = check_path(name, value)
    folder = path.parent
    try:
        if path.is_dir():
            raise ArgumentError(f"{name} {str(path)!r} is a folder; give the name of a file to "
                                "write")
        if not folder.is_dir():
            what = "is not a folder" if folder.exists() else "does not exist"
            raise ArgumentError(f"{name} {str(path)!r}: the folder {str(folder)!r} {what}")
    except OSError as err:
        raise ArgumentError(f"{name} {str(path)[:80]!r} cannot be written: "
                            f"{err.strerror}") from None
    if not os.access(folder, os.W_OK):
        raise ArgumentError(f"{name} {str(path)!r}: the folder {str(folder)!r} is not writable")
    return path


def check_items(name: str, value: Any, wanted: str) -> tuple:
    """The items of ``value``, an iterable that is neither text nor a mapping, as a tuple; else
    ArgumentError saying it wants ``wanted`` (e.g. ``"a list of cells"``)."""
    if not isinstance(value, (str, bytes, dict)):
        try:
            return tuple(value)
        except TypeError:
            pass
    raise ArgumentError(f"{name} must be {wanted}, got {describe_value(value)}")


def check_number(name: str, value: Any, minimum: float = 0.0,
                 allow_none: bool = True) -> float | None:
    """``value`` as a finite float at least ``minimum`` (or ``None`` when allowed); else
    ArgumentError."""
    if value is None and allow_none:
        return None
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:
            number = math.inf
        if math.isfinite(number) and number >= minimum:
            return number
    wanted = f"a finite number >= {minimum:g}" + (" or None" if allow_none else "")
    raise ArgumentError(f"{name} must be {wanted}, got {describe_value(value)}")


def memory_limit() -> int:
    """The bytes one board may take: half of this machine's memory (8 GiB where unknown)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2
    except (ValueError, OSError, AttributeError):
        return 8 * 2**30


def check_fits(name: str, cells: int, *, pairs: bool = False) -> int:
    """``cells`` if a board of that many cells fits in :func:`memory_limit`; else ArgumentError
    naming ``name``, the memory it would need and the largest board that fits.

    ``pairs=True`` is for the reasoning layer, whose tables grow with the square of the
    board (:data:`BYTES_PER_CELL_PAIR`); else the board model's (:data:`BYTES_PER_CELL`).

    Examples
    --------
    >>> check_fits("n", 110)
    110
    >>> check_fits("n", 10**12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: n: a board of 1,000,000,000,000 cells needs about ...
    """
    limit = memory_limit()
    need = cells * cells * BYTES_PER_CELL_PAIR if pairs else cells * BYTES_PER_CELL
    if need <= limit:
        return cells
    largest = math.isqrt(limit // BYTES_PER_CELL_PAIR) if pairs else limit // BYTES_PER_CELL
    what = "to reason about (the deductions' tables grow with its square)" if pairs else ""
    raise ArgumentError(
        f"{name}: a board of {cells:,} cells needs about {_gigabytes(need)} {what}".rstrip()
        + f", more than the {_gigabytes(limit)} allowed (half this machine's memory); the "
        f"largest has {largest:,} cells, a double-{largest_set(largest)} board")


def _gigabytes(n_bytes: int) -> str:
    return f"{n_bytes / 2**30:,.1f} GiB"


def largest_set(cells: int) -> int:
    """The largest N whose full board, (N+1)(N+2) cells, has at most ``cells`` cells (0 below 2).

    Examples
    --------
    >>> largest_set(20), largest_set(29), largest_set(30)
    (3, 3, 4)
    """
    n = max(0, math.isqrt(cells) - 2)
    while (n + 2) * (n + 3) <= cells:
        n += 1
    return n


def check_seed(name: str, value: Any) -> Seed:
    """``value`` as a seed: a non-negative int, a ``numpy.random.Generator`` or ``None``."""
    if value is None or isinstance(value, np.random.Generator):
        return value
    if not _is_int(value) or value < 0:
        raise ArgumentError(
            f"{name} must be a non-negative integer, a numpy Generator or None, "
            f"got {describe_value(value)}"
        )
    return int(value)


def keywords_after_first(call: Call) -> Call:
    """``call``, refusing an argument after its first given by position with an ArgumentError
    that names the keywords (Python's own TypeError only counts the arguments).

    Examples
    --------
    >>> @keywords_after_first
    ... def scale(n, *, factor=2):
    ...     return n * factor
    >>> scale(3, factor=4)
    12
    >>> scale(3, 4)
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: scale() takes n by position and factor by keyword, \
e.g. scale(n, factor=...); got 2 arguments by position
    """
    parameters = list(inspect.signature(call).parameters.values())
    keywords = [p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY]
    usage = (f"{call.__name__}() takes {parameters[0].name} by position and "
             f"{', '.join(keywords)} by keyword, e.g. {call.__name__}({parameters[0].name}, "
             f"{keywords[0]}=...)")

    @functools.wraps(call)
    def checked(*args: Any, **kwargs: Any) -> Any:
        if len(args) > 1:
            raise ArgumentError(f"{usage}; got {len(args)} arguments by position")
        return call(*args, **kwargs)

    return checked  # type: ignore[return-value]


def check_choice(name: str, value: Any, choices: Iterable[str], owner: str = "") -> str:
    """``value`` if it is one of ``choices``; else ArgumentError listing them (for ``owner``)."""
    choices = tuple(choices)
    if isinstance(value, str) and value in choices:
        return value
    listed = ", ".join(repr(c) for c in choices)
    where = f" for {owner}" if owner else ""
    raise ArgumentError(f"{name} must be one of {listed}{where}, got {describe_value(value)}")
