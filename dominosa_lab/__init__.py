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
"""

from dominosa_lab.boards.planted import Planted, random_puzzle
from dominosa_lab.boards.unique import Generated, unique_puzzle
from dominosa_lab.core.puzzle import Placement, Puzzle, Solution
from dominosa_lab.core.search import Search, SearchResult, SearchStats, SearchStopped
from dominosa_lab.errors import (
    ArgumentError,
    DominosaError,
    ExactCoverError,
    FormatError,
    MethodError,
    MissingFileError,
    PuzzleError,
    TraceError,
)
from dominosa_lab.formats.catalog import load
from dominosa_lab.formats.tatham import parse_tatham as from_tatham
from dominosa_lab.formats.tatham import to_tatham
from dominosa_lab.formats.text import parse_text as parse
from dominosa_lab.logic import Grade, Hints, grade, hints
from dominosa_lab.solvers import (
    METHODS,
    MethodInfo,
    SolutionCount,
    Uniqueness,
    count_solutions,
    is_unique,
    iter_solutions,
    solve,
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
    "Search",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "Solution",
    "SolutionCount",
    "TraceError",
    "Uniqueness",
    "count_solutions",
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
