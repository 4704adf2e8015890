"""The reasoning layer: placement state, named deductions, ladders, grades and explanations.

A :class:`State` holds which placements are still possible; each deduction is a
finder that yields :class:`Step` values (what it read, what it rules out or
places, and why, in a sentence); a ladder (:data:`LADDERS`) tries them cheapest
first until none applies (:func:`run`, :func:`deduce`); :func:`grade` names the
level a board needs; :func:`hints` gives the next steps; :func:`solutions` adds
guesses when the deductions stop.

>>> from dominosa_lab import from_tatham
>>> state = State(from_tatham("3:00033121123313202210"))
>>> step = next(run(state, ladder("full")))
>>> step.name, step.level
('domino_must_overlap', 'basic')
>>> print(step)
0-0 fits only at (0,0)-(0,1) and (0,1)-(0,2); both cover (0,1), so no other domino can use \
(0,1) (rules out (0,1)-(1,1))
"""

from dominosa_lab.logic.bridges import parity
from dominosa_lab.logic.chains import forcing_chains
from dominosa_lab.logic.deduce import Deduced, deduce
from dominosa_lab.logic.geometry import Geometry, geometry
from dominosa_lab.logic.grade import GRADES, Grade, Searcher, grade
from dominosa_lab.logic.guess import guess_candidates, solutions
from dominosa_lab.logic.hall import hall_sets
from dominosa_lab.logic.hints import Hints, hints
from dominosa_lab.logic.ladder import DEDUCTIONS, LADDERS, LEVELS, Deduction, ladder, run
from dominosa_lab.logic.local import (
    domino_must_overlap,
    local_duplicate,
    local_duplicate_2,
    square_single_domino,
)
from dominosa_lab.logic.sets import set_analysis
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step
from dominosa_lab.logic.tiling import tiling
from dominosa_lab.logic.trivial import domino_single_placement, square_single_placement
from dominosa_lab.logic.wide import wide_sets

__all__ = [
    "DEDUCTIONS",
    "GRADES",
    "LADDERS",
    "LEVELS",
    "Deduced",
    "Deduction",
    "Geometry",
    "Grade",
    "Hints",
    "Searcher",
    "State",
    "Step",
    "deduce",
    "domino_must_overlap",
    "domino_single_placement",
    "forcing_chains",
    "geometry",
    "grade",
    "guess_candidates",
    "hall_sets",
    "hints",
    "ladder",
    "local_duplicate",
    "local_duplicate_2",
    "parity",
    "run",
    "set_analysis",
    "solutions",
    "square_single_domino",
    "square_single_placement",
    "tiling",
    "wide_sets",
]
