"""Reading and writing puzzles: text, Tatham game ids, the R blog's matrix, JSON, the catalog."""

from dominosa_lab.formats.catalog import describe, load, names
from dominosa_lab.formats.json import from_json, to_json
from dominosa_lab.formats.rmatrix import (
    SolutionMatrix,
    domino_label,
    parse_matrix,
    solution_from_matrix,
    to_matrix,
)
from dominosa_lab.formats.tatham import parse_tatham, to_tatham
from dominosa_lab.formats.text import parse_mask, parse_text, to_box_text, to_text

__all__ = [
    "SolutionMatrix",
    "describe",
    "domino_label",
    "from_json",
    "load",
    "names",
    "parse_mask",
    "parse_matrix",
    "parse_tatham",
    "parse_text",
    "solution_from_matrix",
    "to_box_text",
    "to_json",
    "to_matrix",
    "to_tatham",
    "to_text",
]
