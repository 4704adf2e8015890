"""The methods as data: one :class:`MethodInfo` per method, looked up by name.

A method's ``function`` is a generator ``function(puzzle, search, **settings)``
that yields :class:`~dominosa_lab.core.puzzle.Solution` objects and reports
every placement to ``search`` (see :mod:`dominosa_lab.core.search` for the
counting rule). The registry says which move orders a method accepts, in the
one vocabulary of :data:`~dominosa_lab.core.options.ORDERS`, so the command
line, the notebooks and the contract test all read it instead of repeating it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from dominosa_lab.core.options import check_choice, check_seed
from dominosa_lab.core.puzzle import Solution
from dominosa_lab.errors import MethodError
from dominosa_lab.solvers.deferred import SolverModule

__all__ = ["DEFAULT_METHOD", "METHODS", "MethodInfo", "checked_settings", "method_info"]

MethodFunction = Callable[..., Iterator[Solution]]

#: The solver modules, each imported at the first call of one of its functions.
collision, dlx, dominowise, fast, human, logic, odometer, rowscan = map(SolverModule, (
    "collision", "dlx", "dominowise", "fast", "human", "logic", "odometer", "rowscan"))


@dataclass(frozen=True)
class MethodInfo:
    """What the registry knows of a method.

    Attributes
    ----------
    name : str
        The key in :data:`METHODS`.
    function : callable
        The generator of solutions, ``function(puzzle, search, **settings)``.
    orders : tuple of str
        The move orders it accepts (a subset of ``ORDERS``); the first is the default.
    source : str
        Where the method comes from.
    summary : str
        What it does, in one line.
    exponential : bool
        Whether its running time can grow exponentially with the board, so that
        the command line gives it a default time limit.
    revisits : bool
        Whether its search comes back to a state it left and branches there again
        (clause learning does): its tree may then show a state with several choices,
        and states left by a backjump with options it never tried there.
    compiled : callable, optional
        For a method with compiled kernels: whether they are in the cache already
        (the command line says when the first use will compile them).
    """

    name: str
    function: MethodFunction
    orders: tuple[str, ...]
    source: str
    summary: str
    exponential: bool = True
    revisits: bool = False
    compiled: Callable[[], bool] | None = None

    @property
    def default_order(self) -> str:
        """The order used when none is given."""
        return self.orders[0]

    @property
    def settings(self) -> tuple[str, ...]:
        """Every setting the method takes (``order`` and ``seed`` included)."""
        return _settings(self.function)


@cache
def _settings(function: MethodFunction) -> tuple[str, ...]:
    params = list(inspect.signature(function).parameters)[2:]
    extra = ("order",) if "order" not in params else ()
    return (*extra, *params)


#: Every method by name, in the order the sources introduced them.
METHODS: dict[str, MethodInfo] = {
    info.name: info
    for info in (
        MethodInfo("rowscan", rowscan.solve, ("pile",), "R blog (seed 000)",
                   "backtracking over cells in reading order, horizontal before vertical"),
        MethodInfo("human", human.solve, ("mrv",), "Caviness (seed 001)",
                   "forced locations, forced pieces, else branch on the piece with fewest places"),
        MethodInfo("collision", collision.solve, ("pile", "fewest"), "Caviness (seed 001)",
                   "brute force: every combination of each domino's places, conflicts removed"),
        MethodInfo("odometer", odometer.solve, ("fewest", "pile"), "Caviness (seed 001)",
                   "an odometer over dominoes by place count, turned at the first conflict"),
        MethodInfo("dominowise", dominowise.solve, ("pile", "fewest", "mrv"), "Darby (seed 002)",
                   "depth-first over dominoes and their candidate places"),
        MethodInfo("dlx", dlx.solve, ("mrv", "pile", "random"), "TCG homework (seed 003)",
                   "exact cover with dancing links"),
        MethodInfo("logic", logic.solve, ("mrv",), "Tatham's ladder, and beyond",
                   "deductions to a fixed point, a guess only when none applies"),
        MethodInfo("fast", fast.solve, ("mrv",), "beyond the seeds (the default)",
                   "clause learning on the exact cover, with Tatham's basic deductions and "
                   "Hall sets compiled; on large boards belief propagation picks the first try",
                   revisits=True, compiled=fast.is_compiled),
    )
}

#: The method of ``solve(puzzle)`` when none is named.
DEFAULT_METHOD = "fast"


def method_info(name: str | None) -> MethodInfo:
    """The :class:`MethodInfo` of ``name`` (``None``: the default method).

    Examples
    --------
    >>> method_info("dlx").orders
    ('mrv', 'pile', 'random')
    >>> method_info("simplex")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.MethodError: unknown method 'simplex'; choose one of: collision, dlx, \
dominowise, fast, human, logic, odometer, rowscan
    """
    key = DEFAULT_METHOD if name is None else name
    if isinstance(key, str) and key in METHODS:
        return METHODS[key]
    known = ", ".join(sorted(METHODS))
    raise MethodError(f"unknown method {name!r}; choose one of: {known}")


def checked_settings(info: MethodInfo, settings: dict[str, Any]) -> dict[str, Any]:
    """The settings to pass to ``info.function``, each checked; settings left ``None`` dropped.

    ``order`` must be one the method accepts; it is passed only to a method
    with a choice of orders. ``seed`` must be an int, a numpy Generator or None.

    Examples
    --------
    >>> checked_settings(METHODS["rowscan"], {"order": "pile"})
    {}
    >>> checked_settings(METHODS["rowscan"], {"order": "mrv"})
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: order must be one of 'pile' for method 'rowscan', \
got 'mrv' (str)
    """
    settings = {k: v for k, v in settings.items() if v is not None}
    accepted = info.settings
    for key in settings:
        if key not in accepted:
            raise MethodError(
                f"method {info.name!r} has no setting {key!r} (it takes: {', '.join(accepted)})"
            )
    if "order" in settings:
        check_choice("order", settings["order"], info.orders, f"method {info.name!r}")
        if len(info.orders) == 1:
            del settings["order"]
    if "seed" in settings:
        check_seed("seed", settings["seed"])
    return settings
