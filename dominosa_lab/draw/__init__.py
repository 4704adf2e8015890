"""Pictures: boards, pips, search trees, exact-cover matrices, DominoPeg, printable pages,
animations, widgets.

Every picture takes the one look of :mod:`~dominosa_lab.draw.theme` (a notebook
calls :func:`~dominosa_lab.draw.theme.use_theme` once).

The widgets (:mod:`~dominosa_lab.draw.stepper`, :mod:`~dominosa_lab.draw.play_widget`)
are imported from their modules, so that drawing needs no ipywidgets.
"""

from dominosa_lab.core.extras import missing_extra

try:
    import matplotlib  # noqa: F401  (every picture needs it)
except ImportError as error:
    raise missing_extra("draw", error) from None

from dominosa_lab.draw.animate import animate, save_gif
from dominosa_lab.draw.board import draw_domino_table, draw_puzzle, draw_puzzle_and_solution
from dominosa_lab.draw.cover import draw_dominosa_cover, draw_exact_cover
from dominosa_lab.draw.peg import draw_empty_heatmap, draw_orientations, draw_peg
from dominosa_lab.draw.refutation import draw_refutation
from dominosa_lab.draw.tree import draw_search_tree
from dominosa_lab.draw.worksheet import write_worksheets

__all__ = [
    "animate",
    "draw_domino_table",
    "draw_dominosa_cover",
    "draw_empty_heatmap",
    "draw_exact_cover",
    "draw_orientations",
    "draw_peg",
    "draw_puzzle",
    "draw_puzzle_and_solution",
    "draw_refutation",
    "draw_search_tree",
    "save_gif",
    "write_worksheets",
]
