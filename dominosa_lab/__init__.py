"""dominosa-lab: study, solve, teach and picture domino-placement puzzles."""

from dominosa_lab.puzzle import Placement, Puzzle, PuzzleError, Solution, SolutionMatrix
from dominosa_lab.search import Search, SearchResult, SearchStats, SearchStopped
from dominosa_lab.solvers import METHODS, iter_solutions, solve

__all__ = [
    "METHODS",
    "Placement",
    "Puzzle",
    "PuzzleError",
    "Search",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "Solution",
    "SolutionMatrix",
    "iter_solutions",
    "solve",
]
__version__ = "0.1.0"
