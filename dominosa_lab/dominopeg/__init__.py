"""DominoPeg, the pegged 12-piece puzzle (seed 004): model, solvers, symmetry and census.

>>> from dominosa_lab.dominopeg import PegBoard, solve
>>> solve(PegBoard([25, 26, 27, 32, 33])).status
'solved'
"""

from dominosa_lab.dominopeg.exact import solve
from dominosa_lab.dominopeg.hole_census import (
    KnuthEstimate,
    census,
    empty_frequency,
    estimate_solutions,
    orbit_table,
)
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
from dominosa_lab.dominopeg.symmetry import (
    SYMMETRIES,
    canonical,
    count_up_to_symmetry,
    map_solution,
    orbit,
)

__all__ = [
    "BASE_PIECES",
    "N_EMPTY",
    "ORIENTATIONS",
    "PLACEMENTS",
    "SYMMETRIES",
    "KnuthEstimate",
    "Orientation",
    "PegBoard",
    "PegPlacement",
    "PegSolution",
    "canonical",
    "census",
    "count_up_to_symmetry",
    "empty_frequency",
    "estimate_solutions",
    "map_solution",
    "orbit",
    "orbit_table",
    "orientations",
    "solve",
    "solve_naive",
]
