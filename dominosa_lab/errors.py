"""The errors of dominosa-lab: one base class, one kind per layer that raises.

Every error a user can cause is a :class:`DominosaError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working. The kinds say which
layer refused the input; the message says what is wrong and where.

Examples
--------
>>> issubclass(PuzzleError, DominosaError) and issubclass(DominosaError, ValueError)
True
>>> raise ArgumentError("time_limit must be a number of seconds or None, got 'a' (str)")
Traceback (most recent call last):
...
dominosa_lab.errors.ArgumentError: time_limit must be a number of seconds or None, got 'a' (str)
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "DominosaError",
    "ExactCoverError",
    "FormatError",
    "MethodError",
    "MissingFileError",
    "PuzzleError",
    "TraceError",
    "UndecidedError",
]


class DominosaError(ValueError):
    """Anything dominosa-lab refuses; the message names the problem and its place."""


class PuzzleError(DominosaError):
    """A board, a cell or a placement that is not well formed (row, column, value, counts)."""


class FormatError(PuzzleError):
    """Text, a Tatham game id, a solution matrix or a JSON file that cannot be read."""


class MethodError(DominosaError):
    """An unknown method, or an option a method does not take or whose value it refuses."""


class ArgumentError(DominosaError):
    """An argument of the wrong type or out of range (``limit``, ``max_nodes``, ``seed``...)."""


class TraceError(DominosaError):
    """A search trace that is missing (solve with ``trace=True``) or whose events do not replay."""


class MissingFileError(DominosaError, FileNotFoundError):
    """A file or folder a call reads is not there; the message says which, and what writes it.

    It is also a :class:`FileNotFoundError`, so ``except OSError`` keeps working.
    """


class ExactCoverError(DominosaError):
    """An exact-cover problem that is not well formed (an item out of range, an empty option)."""


class UndecidedError(DominosaError):
    """A yes-or-no answer read as True or False while the budget stopped its search before it
    was decided (``bool()`` of an undecided :class:`~dominosa_lab.solvers.run.Uniqueness`)."""
