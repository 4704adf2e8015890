"""DominoPeg, the pegged 12-piece puzzle (seed 004): model, solvers, symmetry and census."""

from dominosa_lab.dominopeg.model import (
    BASE_PIECES,
    N_EMPTY,
    ORIENTATIONS,
    PLACEMENTS,
    Orientation,
    PegBoard,
    PegPlacement,
    PegSolution,
    orientations,
)
from dominosa_lab.dominopeg.naive import solve_naive

__all__ = [
    "BASE_PIECES",
    "N_EMPTY",
    "ORIENTATIONS",
    "PLACEMENTS",
    "Orientation",
    "PegBoard",
    "PegPlacement",
    "PegSolution",
    "orientations",
    "solve_naive",
]
