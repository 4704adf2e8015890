"""dominosa-lab: study, solve, teach and picture domino-placement puzzles.

The public names, from every layer (see ``docs/architecture.md``):

>>> import dominosa_lab as dl
>>> p = dl.load("tcg-n10")
>>> dl.count_solutions(p)
SolutionCount(16, status='solved')
>>> dl.solve(dl.from_tatham("3:02113312013003232012")).status
'solved'
>>> dl.grade(dl.from_tatham("3:02113312013003232012")).level
'trivial'

Each name is imported from its module when first used (PEP 562), so that
``import dominosa_lab`` and a command that only lists the catalog load no solver.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

from dominosa_lab.errors import (
    ArgumentError,
    DominosaError,
    ExactCoverError,
    FormatError,
    MethodError,
    MissingFileError,
    PuzzleError,
    TraceError,
    UndecidedError,
)

__all__ = [
    "METHODS",
    "ArgumentError",
    "DominosaError",
    "ExactCoverError",
    "FormatError",
    "Generated",
    "Grade",
    "Hints",
    "MethodError",
    "MethodInfo",
    "MissingFileError",
    "Placement",
    "Planted",
    "Puzzle",
    "PuzzleError",
    "Refutation",
    "Search",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "Slip",
    "Solution",
    "SolutionCount",
    "TraceError",
    "UndecidedError",
    "Uniqueness",
    "count_solutions",
    "explain_no_solution",
    "find_slips",
    "from_tatham",
    "grade",
    "hints",
    "is_unique",
    "iter_solutions",
    "load",
    "parse",
    "random_puzzle",
    "solve",
    "to_tatham",
    "unique_puzzle",
]
__version__ = "0.2.0"

#: The module of each public name imported on first use (below ``dominosa_lab.``).
_LAZY = {
    "METHODS": "solvers",
    "Generated": "boards.unique",
    "Grade": "logic",
    "Hints": "logic",
    "MethodInfo": "solvers",
    "Placement": "core.puzzle",
    "Planted": "boards.planted",
    "Puzzle": "core.puzzle",
    "Refutation": "core.search",
    "Search": "core.search",
    "SearchResult": "core.search",
    "SearchStats": "core.search",
    "SearchStopped": "core.search",
    "Slip": "boards.slip",
    "Solution": "core.puzzle",
    "SolutionCount": "solvers",
    "Uniqueness": "solvers",
    "count_solutions": "solvers",
    "explain_no_solution": "solvers",
    "find_slips": "boards.slip",
    "from_tatham": "formats.tatham",
    "grade": "solvers",
    "hints": "logic",
    "is_unique": "solvers",
    "iter_solutions": "solvers",
    "load": "formats.catalog",
    "parse": "formats.text",
    "random_puzzle": "boards.planted",
    "solve": "solvers",
    "to_tatham": "formats.tatham",
    "unique_puzzle": "boards.unique",
}
#: The public names that differ from their name in the module.
_RENAMED = {"from_tatham": "parse_tatham", "parse": "parse_text"}


def __getattr__(name: str) -> Any:
    """A public name or a subpackage, imported from its module on first use and kept here."""
    if _is_submodule(name):
        return import_module(f"dominosa_lab.{name}")
    if name not in _LAZY:
        raise AttributeError(f"module 'dominosa_lab' has no attribute {name!r}")
    module = import_module(f"dominosa_lab.{_LAZY[name]}")
    value = getattr(module, _RENAMED.get(name, name))
    globals()[name] = value
    return value


def _is_submodule(name: str) -> bool:
    """Whether ``name`` is one of the package's public modules or subpackages."""
    here = Path(__file__).parent
    return (name.isidentifier() and not name.startswith("_")
            and ((here / name / "__init__.py").is_file() or (here / f"{name}.py").is_file()))


def __dir__() -> list[str]:
    """The module's names, the lazily imported ones included."""
    return sorted({*globals(), *_LAZY})
