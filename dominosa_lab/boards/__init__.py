"""Boards made for a purpose: planted and shuffled random puzzles, unique puzzles of a chosen
grade and sets of them that differ up to symmetry, Darby's swaps, quadrilles; and the exchanges
that mend a board typed with a slip."""

from dominosa_lab.boards.distinct import PuzzleSet, board_key, distinct_puzzles
from dominosa_lab.boards.planted import Planted, random_puzzle
from dominosa_lab.boards.quadrilles import quadrille_boards
from dominosa_lab.boards.shuffled import shuffled_puzzle
from dominosa_lab.boards.slip import Slip, find_slips, suspects
from dominosa_lab.boards.swaps import (
    random_cell_swap,
    random_domino_swap,
    swap_cells,
    swap_dominoes,
)
from dominosa_lab.boards.unique import GOALS, Generated, unique_puzzle

__all__ = [
    "GOALS",
    "Generated",
    "Planted",
    "PuzzleSet",
    "Slip",
    "board_key",
    "distinct_puzzles",
    "find_slips",
    "quadrille_boards",
    "random_cell_swap",
    "random_domino_swap",
    "random_puzzle",
    "shuffled_puzzle",
    "suspects",
    "swap_cells",
    "swap_dominoes",
    "unique_puzzle",
]
