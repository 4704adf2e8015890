"""Searches replayed: trees from traces, and the hand-solving board."""

from dominosa_lab.trace.play import DominoTable, Explanation, Hint, Move, PlayBoard
from dominosa_lab.trace.tree import describe_event, outcome_counts, replay, search_tree

__all__ = [
    "DominoTable",
    "Explanation",
    "Hint",
    "Move",
    "PlayBoard",
    "describe_event",
    "outcome_counts",
    "replay",
    "search_tree",
]
