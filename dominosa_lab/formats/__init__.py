"""Reading and writing puzzles: text, Tatham game ids, the R blog's matrix, JSON, the catalog,
and the text of a file in UTF-8 or UTF-16."""

from dominosa_lab.formats.catalog import describe, load, names
from dominosa_lab.formats.files import decode_text, read_text_file
from dominosa_lab.formats.json import from_data, from_json, read_json, to_data, to_json
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
    "decode_text",
    "describe",
    "domino_label",
    "from_data",
    "from_json",
    "load",
    "names",
    "parse_mask",
    "parse_matrix",
    "parse_tatham",
    "parse_text",
    "read_json",
    "read_text_file",
    "solution_from_matrix",
    "to_box_text",
    "to_data",
    "to_json",
    "to_matrix",
    "to_tatham",
    "to_text",
]
