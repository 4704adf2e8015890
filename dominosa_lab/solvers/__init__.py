"""The solving methods, chosen by name through :data:`METHODS` and :func:`solve`.

Each method is one module (``rowscan``, ``human``, ``collision``, ``odometer``,
``dominowise``, ``dlx``, ``logic``, ``fast``), registered with its :class:`MethodInfo` in
:mod:`~dominosa_lab.solvers.registry`; :mod:`~dominosa_lab.solvers.run` solves,
streams, counts and decides uniqueness with any of them; :mod:`~dominosa_lab.solvers.blocks`
says where a board's solutions differ; :mod:`~dominosa_lab.solvers.explain` why a board has
none; :mod:`~dominosa_lab.solvers.grading` a puzzle's grade, searched by the default method on a
large board.
"""

from dominosa_lab.solvers.blocks import Block, SolutionBlocks, solution_blocks
from dominosa_lab.solvers.explain import explain_no_solution
from dominosa_lab.solvers.grading import grade
from dominosa_lab.solvers.registry import DEFAULT_METHOD, METHODS, MethodInfo, method_info
from dominosa_lab.solvers.run import (
    SolutionCount,
    Uniqueness,
    count_solutions,
    is_unique,
    iter_solutions,
    solve,
)

__all__ = [
    "DEFAULT_METHOD",
    "METHODS",
    "Block",
    "MethodInfo",
    "SolutionBlocks",
    "SolutionCount",
    "Uniqueness",
    "count_solutions",
    "explain_no_solution",
    "grade",
    "is_unique",
    "iter_solutions",
    "method_info",
    "solution_blocks",
    "solve",
]
