"""Darby's Domino Search window in Jupyter: a :class:`PlayBoard` as ipywidgets.

Click two adjacent cells to outline a domino (the first click is highlighted,
clicking it again cancels); click an outlined cell to erase its outline. "Hint"
shows the steps of reasoning to the next forced domino, each deduction's sentence,
with the squares they read shaded and the placements they read dashed; "Take hint"
outlines that domino; "Search and add" applies the simple hints until none is left;
"Why?" then a click on an outline says who drew it and which deductions force it;
"Undo" says what it took back and why it had been there; choosing a domino in the
list marks every place it can still go. The checkbox shows the solution on the
honour system. The two triangular tables update after every move; "Save" and "Load"
keep a game in the JSON file named in the box. Rows and columns are numbered, a domino
is written ``0-1`` and a hint speaks the lesson's words (*forced piece*, *forced
location*) in one sentence, its earlier steps folded under it. All the logic lives in
the PlayBoard; this module only turns clicks into its calls and its state into widget
properties, so tests drive it with ``button.click()`` and ``checkbox.value = True``.
"Generate" makes a new puzzle from the key (N and seed) in the boxes, so a key noted
down brings the same puzzle back: a unique puzzle of the grade chosen, or, as in
Darby's program, a puzzle by his parity method (which may have several solutions).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from dominosa_lab.core.extras import missing_extra

try:
    import ipywidgets as widgets
except ImportError as error:
    raise missing_extra("notebooks", error) from None

from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.boards.unique import GOALS, unique_puzzle
from dominosa_lab.core.puzzle import Cell, Placement, Puzzle
from dominosa_lab.errors import DominosaError
from dominosa_lab.logic.step import domino_text, placement_text
from dominosa_lab.trace.play import DominoTable, Explanation, PlayBoard

__all__ = [
    "CELL_COLOR",
    "CELL_SIZE",
    "DARBY",
    "GENERATE_SECONDS",
    "HINT_COLOR",
    "PLACES_COLOR",
    "PLAIN_BORDER",
    "READ_BORDER",
    "READ_COLOR",
    "SELECTED_COLOR",
    "SOLUTION_BORDER",
    "USER_BORDER",
    "PlayWidget",
    "explanation_html",
    "table_html",
]

CELL_SIZE = "38px"
USER_BORDER = "3px solid #c0392b"  # Darby draws the player's outlines in red
SOLUTION_BORDER = "3px solid #222222"  # and the solution in black
PLAIN_BORDER = "1px solid #d0d0d0"
# Fills told apart by colour-blind eyes too (Okabe and Ito's palette, lightened): yellow,
# bluish green, sky blue and orange differ in lightness as well as hue.
SELECTED_COLOR = "#f0e442"
HINT_COLOR = "#7fd1b9"  # the domino a hint forces
READ_COLOR = "#bfe3f7"  # the squares a hint's steps read
READ_BORDER = "2px dashed #0072b2"  # round the placements a hint read, or a domino's places
PLACES_COLOR = "#f5c36b"  # the squares where the chosen domino can still go
CELL_COLOR = "#eeeeee"
#: The *Generate* choice of Darby's parity puzzles (several solutions possible), beside the grades.
DARBY = "Darby's parity (not unique)"
GENERATE_SECONDS = 30.0  #: the budget of *Generate* for a unique puzzle
_SIDES = (("top", (-1, 0)), ("right", (0, 1)), ("bottom", (1, 0)), ("left", (0, -1)))


class PlayWidget:
    """A clickable board, buttons and the two domino tables around one :class:`PlayBoard`.

    Parameters
    ----------
    board : PlayBoard or Puzzle
        The game to play (a puzzle starts an empty board).
    grade : str or None
        What *Generate* makes first: a unique puzzle of this grade (one of
        :data:`~dominosa_lab.boards.unique.GOALS`), or None for Darby's parity puzzles.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> w = PlayWidget(load("mikefc-small"))
    >>> w.cells[(0, 0)].click(); w.cells[(0, 1)].click()
    >>> w.board.placements()
    (Placement((0, 0), (0, 1)),)
    >>> w.cells[(0, 0)].layout.border_left
    '3px solid #c0392b'
    """

    def __init__(self, board: PlayBoard | Puzzle, grade: str | None = None) -> None:
        self.board = board if isinstance(board, PlayBoard) else PlayBoard(board)
        self.selected: Cell | None = None
        self.asking_why = False
        self.marked: dict[Cell, str] = {}  # cell -> background colour
        self.dashed: tuple[Placement, ...] = ()
        self.cells: dict[Cell, widgets.Button] = {}
        self.hint_button = self._button("Hint", "the reasoning to the next forced domino",
                                        self.hint)
        self.take_button = self._button("Take hint", "outline the domino the hint forces",
                                        self.take_hint)
        self.add_button = self._button("Search and add", "draw every forced outline",
                                       self.apply_hints)
        self.why_button = self._button("Why?", "then click an outline: why is it there?",
                                       self.ask_why)
        self.undo_button = self._button("Undo", "take back the last move", self.undo)
        self.domino_box = widgets.Dropdown(description="places of", options=[("-", None)],
                                           layout=widgets.Layout(width="170px"))
        self.domino_box.observe(lambda _: self.show_places(), names="value")
        self.solution_box = widgets.Checkbox(value=False, description="Show the solution",
                                             indent=False)
        self.solution_box.observe(lambda _: self.toggle_solution(), names="value")
        self.n_box = widgets.BoundedIntText(value=self.board.puzzle.max_pip, min=1, max=9,
                                            description="N", layout=widgets.Layout(width="120px"))
        self.seed_box = widgets.BoundedIntText(value=0, min=0, max=2**31 - 1, description="seed",
                                               layout=widgets.Layout(width="180px"))
        self.grade_box = widgets.Dropdown(options=[*GOALS, DARBY],
                                          value=DARBY if grade is None else grade,
                                          description="grade", layout=widgets.Layout(
                                              width="260px"))
        self.generate_button = self._button("Generate", "a new puzzle from the key N, seed",
                                            self.generate)
        self.file_box = widgets.Text(value="game.json", description="file",
                                     layout=widgets.Layout(width="220px"))
        self.save_button = self._button("Save", "write this game to the file", self.save)
        self.load_button = self._button("Load", "read a game from the file", self.load)
        self.title = widgets.HTML()
        self.status = widgets.HTML()
        self.tables = widgets.HTML()
        # Top-aligned: a row stretched to the tables' height would pull the cells apart.
        self.board_row = widgets.HBox(layout=widgets.Layout(align_items="flex-start"))
        self.widget = widgets.VBox([
            widgets.HBox([self.title, self.n_box, self.seed_box, self.grade_box,
                          self.generate_button]),
            self.board_row,
            widgets.HBox([self.hint_button, self.take_button, self.add_button, self.why_button,
                          self.undo_button]),
            widgets.HBox([self.domino_box, self.solution_box]),
            widgets.HBox([self.file_box, self.save_button, self.load_button]),
            self.status,
        ])
        self.new_game(self.board)

    def new_game(self, board: PlayBoard) -> None:
        """Put another board on the widget."""
        self.board, self.selected, self.asking_why = board, None, False
        self.marked, self.dashed = {}, ()
        self.cells = {cell: self._cell_button(cell) for cell in board.puzzle.cells}
        self.domino_box.options = [("-", None)] + [(f"{lo}-{hi}", (lo, hi))
                                                   for lo, hi in board.puzzle.dominoes]
        self.domino_box.value = None
        self.board_row.children = (self._grid(), self.tables)
        self.title.value = f"<b>{escape(repr(board.puzzle))}</b>&nbsp;"
        self.solution_box.value = False
        self._say("")
        self.refresh()

    # --- what the controls do --------------------------------------------------------------

    def click(self, cell: Cell) -> None:
        """A click on ``cell``: answer "why?", erase its outline, select it, or outline it with
        the selection."""
        self._unmark()
        if self.asking_why:
            self.asking_why = False
            self.why(cell)
            return
        try:
            if self.board.outline_at(cell) is not None:
                self.selected = None
                self.board.erase(cell)
                self._say(self.board.move_text(self.board.history()[-1]))
            elif self.selected is None:
                self.selected = cell
                self._say(f"square {_cell(cell)} chosen: click a free square beside it")
            elif self.selected == cell:
                self.selected = None
                self._say("choice cleared")
            else:
                first, self.selected = self.selected, None
                self.board.draw(first, cell)
                self._say(self.board.move_text(self.board.history()[-1]))
        except DominosaError as err:
            self._say(str(err), error=True)
        self.refresh()

    def generate(self) -> None:
        """A new puzzle from the key in the boxes: unique of the grade chosen, or Darby's."""
        n, seed, grade = self.n_box.value, self.seed_box.value, self.grade_box.value
        try:
            if grade == DARBY:
                puzzle = random_puzzle(n, seed=seed, tiling="parity").puzzle
            else:
                made = unique_puzzle(n, grade=grade, seed=seed, time_limit=GENERATE_SECONDS)
                if made.puzzle is None:
                    self._say(f"no {grade} double-{n} puzzle from seed {seed}: {made.reason}; "
                              "try another seed or grade", error=True)
                    return
                puzzle = made.puzzle
        except DominosaError as err:
            self._say(str(err), error=True)
            return
        self.new_game(PlayBoard(puzzle))

    def save(self) -> None:
        """Write the game to the file named in the box."""
        try:
            self.board.save(self.file_box.value)
        except (DominosaError, OSError) as err:
            self._say(f"not saved: {err}", error=True)
            return
        self._say(f"saved to {self.file_box.value}")

    def load(self) -> None:
        """Read a game from the file named in the box (a bad file is named, the board kept)."""
        try:
            board = PlayBoard.load(self.file_box.value)
        except (DominosaError, OSError) as err:
            self._say(f"not loaded: {err}", error=True)
            return
        self.new_game(board)
        self._say(f"loaded {self.file_box.value}: {len(board.placements())} dominoes placed")

    def hint(self) -> None:
        """Show the steps to the next forced domino: sentences, squares and placements read."""
        self._unmark()
        self._explain(self.board.next_hint(), "Hint")

    def take_hint(self) -> None:
        """Outline the domino the hint forces, and show the hint."""
        self._unmark()
        hint = self.board.take_hint()
        self._explain(hint, "Drew" if hint.status == "forced" else "Hint")

    def ask_why(self) -> None:
        """Arm "why?": the next click on an outline explains it."""
        self._unmark()
        self.asking_why = True
        self._say("click an outlined domino to ask why it is there")
        self.refresh()

    def why(self, cell: Cell) -> None:
        """Who drew the outline covering ``cell``, and the deductions that force it."""
        try:
            answer, move = self.board.why(cell), self.board.placed_by(cell)
        except DominosaError as err:
            self._say(str(err), error=True)
            self.refresh()
            return
        self._explain(answer, "Why", note=self.board.move_text(move))

    def show_places(self) -> None:
        """Mark every place the domino chosen in the list can still go."""
        domino = self.domino_box.value
        self.marked, self.dashed = {}, ()
        if domino is None:
            self.refresh()
            return
        places = self.board.places(domino)
        self.dashed = places
        self.marked = {cell: PLACES_COLOR for pl in places for cell in pl.cells}
        where = ", ".join(map(placement_text, places))
        self._say(f"{domino_text(domino)} can still go at {len(places)} "
                  f"place{'s' * (len(places) != 1)}{': ' + where if places else ''}")
        self.refresh()

    def apply_hints(self) -> None:
        """Darby's "Search and add": draw forced outlines until none is left."""
        self._unmark()
        added = len(self.board.apply_hints())
        self._say(f"placed {added} forced domino{'es' * (added != 1)}")
        self.refresh()

    def undo(self) -> None:
        """Take back the last move, saying what it was and why it had been made."""
        self._unmark()
        try:
            move = self.board.undo()
            why = f" {move.hints[0].sentence}" if len(move.hints) == 1 else ""
            self._say(f"undone: {self.board.move_text(move)}.{why}")
        except DominosaError as err:
            self._say(str(err), error=True)
        self.refresh()

    def _explain(self, answer: Explanation, title: str, note: str = "") -> None:
        """Show ``answer`` in the status line and mark what its steps read on the board."""
        self.marked = dict.fromkeys(answer.cells, READ_COLOR)
        if answer.status == "forced" and answer.placement is not None:
            self.marked.update(dict.fromkeys(answer.placement.cells, HINT_COLOR))
        self.dashed = tuple(pl for pl in answer.read if pl != answer.placement)
        self._say(explanation_html(answer, title, note), html=True)
        self.refresh()

    def _unmark(self) -> None:
        """Clear the marks of the last hint, answer or domino chosen."""
        self.marked, self.dashed = {}, ()
        self.domino_box.value = None

    # --- drawing the state ------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring cells, tables and status up to date (saying what is visibly wrong, if anything)."""
        partner = self._partners()
        for cell, button in self.cells.items():
            for side, border in self._borders(cell, partner).items():
                setattr(button.layout, f"border_{side}", border)
            button.style.button_color = (SELECTED_COLOR if cell == self.selected
                                         else self.marked.get(cell, CELL_COLOR))
        self.tables.value = (table_html(self.board.drawn_counts())
                             + table_html(self.board.place_counts()))
        if self.board.is_solved():
            self._say("<b>Solved!</b>", html=True)
        elif problems := self.board.conflicts():
            warning = escape("; ".join(problems))
            self.status.value += f'<br><span style="color:#c0392b">not right: {warning}</span>'

    def toggle_solution(self) -> None:
        """Show or hide the solution as the checkbox says (unticked if there is none)."""
        self._say("")
        if self.solution_box.value:
            try:
                self.board.show_solution()
            except DominosaError as err:
                self.solution_box.value = False
                self._say(str(err), error=True)
                return
        self.refresh()

    def _partners(self) -> dict[str, dict[Cell, Cell]]:
        """For the player's outlines, the solution (if shown) and the placements marked
        dashed: each cell's other halves."""
        out: dict[str, dict[Cell, set[Cell]]] = {"user": {}, "solution": {}, "dashed": {}}
        shown = self.board.show_solution() if self.solution_box.value else ()
        for kind, placements in (("user", self.board.placements()), ("solution", shown),
                                 ("dashed", self.dashed)):
            for pl in placements:
                out[kind].setdefault(pl.a, set()).add(pl.b)
                out[kind].setdefault(pl.b, set()).add(pl.a)
        return out

    @staticmethod
    def _borders(cell: Cell, partner: dict[str, dict[Cell, set[Cell]]]) -> dict[str, str]:
        """Border of each side: red round the player's outline, black round the solution's,
        dashed round the placements marked (on the sides no marked placement crosses)."""
        out = {}
        for side, (dr, dc) in _SIDES:
            beyond = (cell[0] + dr, cell[1] + dc)
            for kind, border in (("user", USER_BORDER), ("solution", SOLUTION_BORDER),
                                 ("dashed", READ_BORDER)):
                if cell in partner[kind] and beyond not in partner[kind][cell]:
                    out[side] = border
                    break
            else:
                out[side] = PLAIN_BORDER
        return out

    def _say(self, text: str, error: bool = False, html: bool = False) -> None:
        body = text if html else escape(text)
        self.status.value = f'<span style="color:#c0392b">{body}</span>' if error else body

    # --- building the widgets -----------------------------------------------------------------

    def _cell_button(self, cell: Cell) -> widgets.Button:
        button = widgets.Button(
            description=str(self.board.puzzle.value(cell)),
            layout=widgets.Layout(width=CELL_SIZE, height=CELL_SIZE, margin="0px", padding="0px"),
        )
        button.on_click(lambda _: self.click(cell))
        return button

    @staticmethod
    def _button(label: str, tooltip: str, action: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=tooltip)
        button.on_click(lambda _: action())
        return button

    def _grid(self) -> widgets.GridBox:
        """The cells under their column numbers, beside their row numbers."""
        n_rows, n_cols = self.board.puzzle.shape
        children = [_label(""), *(_label(str(c)) for c in range(n_cols))]
        for r in range(n_rows):
            children.append(_label(str(r)))
            children += [self.cells.get((r, c)) or widgets.Box(layout=widgets.Layout(
                width=CELL_SIZE, height=CELL_SIZE)) for c in range(n_cols)]
        return widgets.GridBox(children, layout=widgets.Layout(
            grid_template_columns=f"repeat({n_cols + 1}, {CELL_SIZE})",
            grid_template_rows=f"repeat({n_rows + 1}, {CELL_SIZE})", grid_gap="0px",
            margin="0px 24px 0px 0px"))

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _label(text: str) -> widgets.HTML:
    """A row or column number beside the board."""
    return widgets.HTML(f'<div style="text-align:center;color:#555;line-height:{CELL_SIZE}">'
                        f"{text}</div>", layout=widgets.Layout(width=CELL_SIZE,
                                                               height=CELL_SIZE))


def _cell(cell: Cell) -> str:
    """``(row, column)`` as the lesson writes a square."""
    return f"({cell[0]}, {cell[1]})"


def explanation_html(answer: Explanation, title: str, note: str = "") -> str:
    """An explanation as HTML: a heading, the last step in one plain sentence, and the steps
    before it folded under "how?".

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> explanation_html(PlayBoard(Puzzle([[0, 0, 1], [1, 1, 0]])).next_hint(), "Hint")
    '<b>Hint</b>: (0,0)-(0,1) is forced. Forced piece: 0-0 fits only at (0,0)-(0,1): it goes there.'
    """
    about = {"forced": "is forced", "wrong": "cannot be right", "stuck": "is not forced",
             "solved": ""}[answer.status]
    head = f"<b>{escape(title)}</b>"
    if answer.placement is not None and about:
        head += f": {placement_text(answer.placement)} {about}"
    if note:
        head += f" ({escape(note)})"
    head += "." if answer.placement is not None and about else ""
    last = f" {escape(answer.steps[-1].sentence)}" if answer.steps else ""
    earlier = "".join(f"<li>{escape(h.sentence)}</li>" for h in answer.steps[:-1])
    how = (f"<details><summary>how? ({len(answer.steps) - 1} step"
           f"{'s' * (len(answer.steps) != 2)} before it)</summary><ol>{earlier}</ol></details>"
           if earlier else "")
    reason = f"<br>{escape(answer.reason)}" if answer.reason else ""
    return head + last + how + reason


def table_html(table: DominoTable) -> str:
    """One domino table as an HTML triangle; outlined dominoes in bold red.

    Examples
    --------
    >>> t = DominoTable("places", 1, {(0, 0): 2, (0, 1): 1, (1, 1): 0}, frozenset({(0, 1)}))
    >>> "<b style" in table_html(t), table_html(t).count("<td")
    (True, 3)
    """
    size = table.max_pip + 1
    head = "".join(f"<th>{lo}</th>" for lo in range(size))
    rows = []
    for hi in range(size):
        cells = []
        for lo in range(hi + 1):
            v = table.values[(lo, hi)]
            cells.append(f'<td><b style="color:#c0392b">{v}</b></td>' if (lo, hi) in table.marked
                         else f"<td>{v}</td>")
        rows.append(f"<tr><th>{hi}</th>{''.join(cells)}</tr>")
    return (f'<table style="display:inline-block;margin-right:18px;text-align:center">'
            f"<caption>{escape(table.title)}</caption><tr><th></th>{head}</tr>"
            f"{''.join(rows)}</table>")
