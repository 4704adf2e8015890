"""Solver modules named but not imported: the registry describes every method without loading any.

``SolverModule("dlx").solve`` is a :class:`DeferredFunction`, a callable that imports
``dominosa_lab.solvers.dlx`` at its first call (or when ``inspect.signature`` reads it), so
``import dominosa_lab`` and ``dominosa-lab solve --help`` load no solver and no numba.

Examples
--------
>>> import sys
>>> rowscan = SolverModule("rowscan")
>>> rowscan.solve
<dominosa_lab.solvers.rowscan.solve, imported at its first call>
>>> import inspect
>>> list(inspect.signature(rowscan.solve).parameters)[:2]
['puzzle', 'search']
>>> "dominosa_lab.solvers.rowscan" in sys.modules
True
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["DeferredFunction", "SolverModule"]


class DeferredFunction:
    """A function of a module, imported at its first call."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    @property
    def __wrapped__(self) -> Callable[..., Any]:
        """The function itself (what ``inspect.signature`` reads)."""
        return getattr(import_module(self.module), self.name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the function, importing its module first if need be."""
        return self.__wrapped__(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<{self.module}.{self.name}, imported at its first call>"


class SolverModule:
    """A module of :mod:`dominosa_lab.solvers` by name, not imported: its functions deferred."""

    def __init__(self, name: str) -> None:
        self.module = f"dominosa_lab.solvers.{name}"

    def __getattr__(self, name: str) -> DeferredFunction:
        if name.startswith("__"):  # copy and pickle ask for hooks that a module does not have
            raise AttributeError(name)
        return DeferredFunction(self.module, name)
