"""Searches replayed: trees from traces, and the hand-solving board."""

from dominosa_lab.trace.play import DominoTable, Hint, PlayBoard
from dominosa_lab.trace.tree import describe_event, outcome_counts, replay, search_tree

__all__ = [
    "DominoTable",
    "Hint",
    "PlayBoard",
    "describe_event",
    "outcome_counts",
    "replay",
    "search_tree",
]
