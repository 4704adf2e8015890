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

import math
import numbers
from collections.abc import Iterable
from typing import Any

import numpy as np

from dominosa_lab.errors import ArgumentError

__all__ = [
    "ORDERS",
    "Seed",
    "check_choice",
    "check_count",
    "check_seconds",
    "check_seed",
    "describe_value",
]

#: The move orders, one vocabulary for every method; each method accepts a subset.
ORDERS: dict[str, str] = {
    "pile": "the order given: cells in reading order, dominoes 00, 01, ..., items as listed",
    "fewest": "fewest candidate placements on the empty board first (a fixed order)",
    "mrv": "fewest remaining options, re-counted after every placement",
    "random": "a random order drawn from the seed",
}

Seed = int | np.random.Generator | None


def describe_value(value: Any) -> str:
    """A value and its type for an error message: ``'a' (str)``, ``1.5 (float)``."""
    return f"{value!r} ({type(value).__name__})"


def _is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def check_count(name: str, value: Any, minimum: int = 0, allow_none: bool = True) -> int | None:
    """``value`` as an int at least ``minimum`` (or ``None`` when allowed); else ArgumentError."""
    if value is None and allow_none:
        return None
    if not _is_int(value) or value < minimum:
        wanted = f"an integer >= {minimum}" + (" or None" if allow_none else "")
        raise ArgumentError(f"{name} must be {wanted}, got {describe_value(value)}")
    return int(value)


def check_seconds(name: str, value: Any) -> float | None:
    """``value`` as a non-negative number of seconds, or ``None``; else ArgumentError."""
    if value is None:
        return None
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if not ok or math.isnan(value) or value < 0:
        raise ArgumentError(
            f"{name} must be a non-negative number of seconds or None, got {describe_value(value)}"
        )
    return float(value)


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


def check_choice(name: str, value: Any, choices: Iterable[str], owner: str = "") -> str:
    """``value`` if it is one of ``choices``; else ArgumentError listing them (for ``owner``)."""
    choices = tuple(choices)
    if isinstance(value, str) and value in choices:
        return value
    listed = ", ".join(repr(c) for c in choices)
    where = f" for {owner}" if owner else ""
    raise ArgumentError(f"{name} must be one of {listed}{where}, got {describe_value(value)}")
