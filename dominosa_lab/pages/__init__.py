"""Pages any browser opens: the play board and the backtracking stepper in one HTML file.

The reasoning and the searches run here, in Python, once; the page carries their
results as JSON beside its template's style and scripts (package data in ``template/``),
so that it needs no server, no Python and no network.
"""

from dominosa_lab.pages.page import Pages, check_page_path, render_page, write_class_pages
from dominosa_lab.pages.play import play_puzzle
from dominosa_lab.pages.search import search_steps, stepper_record

__all__ = ["Pages", "check_page_path", "play_puzzle", "render_page", "search_steps",
           "stepper_record", "write_class_pages"]
