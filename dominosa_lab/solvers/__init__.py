"""The solving methods, chosen by name through :data:`METHODS` and :func:`solve`.

Each method is one module (``rowscan``, ``human``, ``collision``, ``odometer``,
``dominowise``, ``dlx``), registered with its :class:`MethodInfo` in
:mod:`~dominosa_lab.solvers.registry`; :mod:`~dominosa_lab.solvers.run` solves,
streams, counts and decides uniqueness with any of them.
"""

from dominosa_lab.solvers.registry import DEFAULT_METHOD, METHODS, MethodInfo, method_info
from dominosa_lab.solvers.run import (
    SolutionCount,
    count_solutions,
    is_unique,
    iter_solutions,
    solve,
)

__all__ = [
    "DEFAULT_METHOD",
    "METHODS",
    "MethodInfo",
    "SolutionCount",
    "count_solutions",
    "is_unique",
    "iter_solutions",
    "method_info",
    "solve",
]
