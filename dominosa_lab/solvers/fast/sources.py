"""The sources of the Dominosa user's kernels, for the engine's cache
(:mod:`~dominosa_lab.solvers.engine.cache`): this package's modules read beside the engine's, so
that an edit of an engine module the user's kernels call recompiles them too. Importing this module
clears the stale ones (every kernel module of the package imports it first).
"""

from __future__ import annotations

from pathlib import Path

from dominosa_lab.solvers.engine import cache

__all__ = ["NAME", "SOURCES", "is_compiled", "mark_compiled"]

#: The package's name in an import statement.
NAME = "dominosa_lab.solvers.fast"
#: The package's kernels' sources: ``dominosa`` compiles
#: :func:`~dominosa_lab.core.board.domino_number`, which its cover kernel calls.
SOURCES = cache.Sources(
    packages={cache.NAME: cache.ENGINE, NAME: Path(__file__).resolve().parent},
    outside={**cache.OUTSIDE, "fast.dominosa": ("core/board.py",)},
    drivers=(*cache.DRIVERS, "fast.__init__", "fast.mirror", "fast.prove", "fast.settings",
             "fast.sources", "fast.warm"),
    cached=NAME,
)

cache.refresh(SOURCES)


def is_compiled() -> bool:
    """Whether every kernel of the engine and of this package is compiled in numba's cache.

    Examples
    --------
    >>> isinstance(is_compiled(), bool)
    True
    """
    return cache.is_compiled() and cache.is_compiled(SOURCES)


def mark_compiled() -> None:
    """Stamp the kernels of the engine and of this package as compiled."""
    cache.mark_compiled()
    cache.mark_compiled(SOURCES)
