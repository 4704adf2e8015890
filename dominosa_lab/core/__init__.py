"""The bottom of the house: the puzzle model, search bookkeeping, the exact-cover engine."""

from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.options import ORDERS
from dominosa_lab.core.puzzle import Placement, Puzzle, Solution
from dominosa_lab.core.search import Search, SearchResult, SearchStats, SearchStopped, collect

__all__ = [
    "ORDERS",
    "ExactCover",
    "Placement",
    "Puzzle",
    "Search",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "Solution",
    "collect",
]
