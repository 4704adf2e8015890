"""The bottom of the house: the puzzle and its board model, search bookkeeping, the exact-cover
engine, the graph helpers."""

from dominosa_lab.core.board import BoardModel, board_model
from dominosa_lab.core.exact_cover import CoverArrays, ExactCover
from dominosa_lab.core.options import ORDERS
from dominosa_lab.core.puzzle import Placement, Puzzle, Solution
from dominosa_lab.core.search import Search, SearchResult, SearchStats, SearchStopped, collect

__all__ = [
    "ORDERS",
    "BoardModel",
    "CoverArrays",
    "ExactCover",
    "Placement",
    "Puzzle",
    "Search",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "Solution",
    "board_model",
    "collect",
]
