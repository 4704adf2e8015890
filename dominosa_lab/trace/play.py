"""A board to solve by hand: Gary Darby's Domino Search as a model any front end can drive.

:class:`PlayBoard` keeps the outlines a person has drawn, with undo; its two
triangular :class:`DominoTable` s are Darby's second grid (how often each domino
has been outlined, and how many places each can still go); :meth:`PlayBoard.hint`
is his "Search and add" button; :meth:`PlayBoard.show_solution` his honour-system
checkbox; :meth:`PlayBoard.save` / :meth:`PlayBoard.load` keep a game in JSON.

The board also explains, with the logic layer's deductions (the ``full`` ladder run on
the outlines drawn): :meth:`PlayBoard.next_hint` gives the steps of reasoning that end in
the next domino the board forces, each with its sentence and the squares and placements it
read; :meth:`PlayBoard.why` gives those that force an outline already drawn; every
:class:`Move` of the history remembers who drew its outlines and, for a hint, which
deduction; :meth:`PlayBoard.places` lists where a domino can still go.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any

from dominosa_lab.core.options import check_output, check_path, check_type
from dominosa_lab.core.puzzle import Cell, Domino, Placement, Puzzle, Solution, as_cell
from dominosa_lab.errors import ArgumentError, MissingFileError, PuzzleError
from dominosa_lab.formats import from_data, read_json, read_text_file, to_data
from dominosa_lab.logic import (
    State,
    Step,
    domino_single_placement,
    geometry,
    ladder,
    run,
    square_single_placement,
)
from dominosa_lab.logic.step import domino_text, placement_text
from dominosa_lab.solvers import solve

__all__ = ["LESSON_WORDS", "SAVE_FORMAT", "SAVE_VERSION", "DominoTable", "Explanation", "Hint",
           "Move", "PlayBoard", "deduction_words"]

#: The ``format`` field of a saved game, and the newest version this code reads and writes.
SAVE_FORMAT = "dominosa-lab/play"
SAVE_VERSION = 1
#: The lesson's names (notebook 00, after Caviness) of the two deductions a beginner uses.
LESSON_WORDS = {"domino_single_placement": "forced piece",
                "square_single_placement": "forced location"}
#: Where a deduction's sentence stops saying what it forces and starts listing what it rules out.
_TAILS = (" (rules out", ", so no other domino", " and nowhere else")


def deduction_words(name: str) -> str:
    """A deduction's key in the lesson's words (``forced piece``), else in plain words.

    Examples
    --------
    >>> deduction_words("domino_single_placement"), deduction_words("hall_sets")
    ('forced piece', 'hall sets')
    """
    return LESSON_WORDS.get(name, name.replace("_", " "))


@dataclass(frozen=True)
class Hint:
    """One step of reasoning on the board: the outline it forces (if any), why, and what it read.

    Attributes
    ----------
    placement : Placement or None
        The domino the step puts on the board; None for a step that only rules out.
    reason : str
        The deduction's sentence.
    deduction, level : str
        The deduction's key (e.g. ``"domino_single_placement"``) and its level.
    cells : tuple of (row, col)
        The squares the deduction read.
    read, ruled_out : tuple of Placement
        The placements it read, and those it rules out.
    """

    placement: Placement | None
    reason: str
    deduction: str = ""
    level: str = ""
    cells: tuple[Cell, ...] = ()
    read: tuple[Placement, ...] = ()
    ruled_out: tuple[Placement, ...] = ()

    @classmethod
    def of(cls, step: Step) -> Hint:
        """The hint of one step of the logic layer."""
        return cls(step.placement, step.text, step.name, step.level, step.cells, step.placements,
                   step.ruled_out)

    def __str__(self) -> str:
        return self.reason if self.placement is None else f"{self.placement}: {self.reason}"

    @property
    def sentence(self) -> str:
        """The step in one plain sentence: its name in the lesson's words and what it forces,
        without the list of placements it rules out.

        Examples
        --------
        >>> from dominosa_lab import Puzzle
        >>> board = PlayBoard(Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]]))
        >>> board.next_hint().steps[-1].sentence
        'Forced piece: 0-0 fits only at (0,1)-(1,1): it goes there.'
        """
        text = self.reason
        for tail in _TAILS:
            text = text.split(tail)[0]
        return f"{deduction_words(self.deduction).capitalize()}: {text}."


@dataclass(frozen=True)
class Explanation:
    """Steps of reasoning that end in one domino, or why they end without it.

    Attributes
    ----------
    status : str
        ``forced`` (the steps put ``placement`` on the board), ``stuck`` (no deduction
        forces it, or any domino: the next move is a guess), ``wrong`` (the outlines, or the
        steps from them, leave a square or a domino with no place: ``reason`` says which),
        or ``solved`` (nothing is left to explain).
    placement : Placement or None
        The domino forced, or asked about.
    steps : tuple of Hint
        The steps that matter, in order; the last one places ``placement`` when forced.
    reason : str
        What went wrong, or why nothing is forced (empty when forced).
    """

    status: str
    placement: Placement | None
    steps: tuple[Hint, ...] = ()
    reason: str = ""

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The squares the steps read, each once, in order."""
        return tuple(dict.fromkeys(cell for h in self.steps for cell in h.cells))

    @property
    def read(self) -> tuple[Placement, ...]:
        """The placements the steps read, each once, in order."""
        return tuple(dict.fromkeys(pl for h in self.steps for pl in h.read))

    def __str__(self) -> str:
        lines = [f"{k}. [{h.level}] {h.reason}" for k, h in enumerate(self.steps, 1)]
        return "\n".join([*lines, self.reason] if self.reason else lines)


@dataclass(frozen=True)
class Move:
    """One entry of the history: outlines added and removed, by whom, and why.

    ``by`` is ``"you"`` for the player's draws and erases, ``"hint"`` for outlines a hint
    put down; ``hints`` are then the steps that placed them, one per outline added.
    """

    added: tuple[Placement, ...]
    removed: tuple[Placement, ...]
    by: str = "you"
    hints: tuple[Hint, ...] = ()

    def __str__(self) -> str:
        verb = "drew" if self.added else "erased"
        what = ", ".join(map(placement_text, self.added or self.removed))
        if self.by != "hint":
            return f"{verb} {what} (by you)"
        deductions = ", ".join(dict.fromkeys(deduction_words(h.deduction) for h in self.hints))
        return f"{verb} {what} (by a hint: {deductions})"


@dataclass(frozen=True)
class DominoTable:
    """One number per domino laid out as Darby's triangle: smaller number across, larger down.

    ``marked`` holds the dominoes the player has already outlined (Darby prints
    their counts in red).

    Examples
    --------
    >>> t = DominoTable("places", 1, {(0, 0): 2, (0, 1): 1, (1, 1): 0}, frozenset({(0, 1)}))
    >>> t.grid()
    [[2, None], [1, 0]]
    >>> print(t)
    places
        0  1
     0  2
     1  1* 0
    """

    title: str
    max_pip: int
    values: dict[Domino, int]
    marked: frozenset[Domino]

    def __getitem__(self, domino: Domino) -> int:
        lo, hi = sorted(domino)
        return self.values[(lo, hi)]

    def grid(self) -> list[list[int | None]]:
        """Rows by the larger number, columns by the smaller; ``None`` above the diagonal."""
        size = self.max_pip + 1
        return [[self.values[(lo, hi)] if lo <= hi else None for lo in range(size)]
                for hi in range(size)]

    def __str__(self) -> str:
        size = self.max_pip + 1
        w = 1 + max(len(str(v)) for v in [self.max_pip, *self.values.values()])
        lines = [self.title, (" " * (w + 1) + "".join(f"{lo:>{w}} " for lo in range(size)))]
        for hi in range(size):
            cells = "".join(f"{self.values[(lo, hi)]:>{w}}" + "*" * ((lo, hi) in self.marked)
                            + " " * ((lo, hi) not in self.marked) for lo in range(hi + 1))
            lines.append(f"{hi:>{w}} {cells}")
        return "\n".join(line.rstrip() for line in lines)


class PlayBoard:
    """The outlines a person has drawn on a puzzle, with undo, tables, hints and the solution.

    Parameters
    ----------
    puzzle : Puzzle
        The board to solve.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> board = PlayBoard(load("mikefc-small"))
    >>> board.draw((0, 0), (0, 1))
    Placement((0, 0), (0, 1))
    >>> board.drawn_counts()[(2, 3)], board.is_solved()
    (1, False)
    >>> print(board.undo()); board.placements()
    drew (0,0)-(0,1) (by you)
    ()
    >>> hints = board.apply_hints(); board.is_solved()
    True
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = check_type("puzzle", puzzle, Puzzle, "a Puzzle")
        self._at: dict[Cell, Placement] = {}
        self._history: list[Move] = []
        self._solution: Solution | None = None

    # --- the player's moves ---------------------------------------------------------------

    def draw(self, cell_a: Cell, cell_b: Cell) -> Placement:
        """Outline a domino on two adjacent free cells; :class:`PuzzleError` says why not."""
        pl = self._checked(cell_a, cell_b)
        self._apply((pl,), ())
        return pl

    def erase(self, cell: Cell) -> Placement:
        """Erase the outline that covers ``cell`` and return it."""
        pl = self.outline_at(cell)
        if pl is None:
            raise PuzzleError(f"cell {tuple(cell)} is not part of any outline, nothing to erase")
        self._apply((), (pl,))
        return pl

    def undo(self) -> Move:
        """Take back the last draw, erase, :meth:`take_hint` or :meth:`apply_hints`; return it."""
        if not self._history:
            raise PuzzleError("nothing to undo")
        move = self._history.pop()
        self._change(move.removed, move.added)
        return move

    def outline_at(self, cell: Cell) -> Placement | None:
        """The outline covering ``cell``, or ``None``; :class:`PuzzleError` if off the board."""
        self.puzzle.value(cell)
        return self._at.get(as_cell(cell))

    def placements(self) -> tuple[Placement, ...]:
        """The outlines drawn so far, sorted."""
        return tuple(sorted(set(self._at.values())))

    def is_solved(self) -> bool:
        """True when the outlines cover every cell and use every domino once."""
        return Solution(self.puzzle, self.placements()).is_valid()

    # --- Darby's second grid ----------------------------------------------------------------

    def drawn_counts(self) -> DominoTable:
        """How many times the player has outlined each domino (the target: all 1)."""
        values = dict.fromkeys(self.puzzle.dominoes, 0)
        for pl in self.placements():
            values[self.puzzle.domino_of(pl)] += 1
        return self._table("outlined", values)

    def place_counts(self) -> DominoTable:
        """How many places on the free cells each domino can still go (outlined ones marked)."""
        values = {d: len(self._free_places(pls)) for d, pls in self.puzzle.candidates().items()}
        return self._table("possible places", values)

    def state(self) -> State:
        """The logic layer's placement state of Darby's board: each outline covers its two cells.

        As on Darby's board an outlined domino is not struck from its other places
        (:meth:`State.cover`, not :meth:`State.place`), so a cell with one free
        neighbour is forced even when that pair's domino is already outlined: the
        outline would then show up as a conflict.
        """
        return State(self.puzzle, covered=self.placements())

    # --- help -----------------------------------------------------------------------------

    def hint(self) -> list[Hint]:
        """Darby's "Search and add": the outlines forced by the present board, with reasons.

        The logic layer's two trivial deductions on :meth:`state`: a domino not yet
        outlined with exactly one possible place goes there; a free cell with
        exactly one free neighbour pairs with it. Both are forced in every solution
        that contains the outlines drawn so far.
        """
        hints: dict[Placement, Hint] = {}
        state = self.state()
        for finder in (domino_single_placement, square_single_placement):
            for step in finder(state):
                if step.placement is not None:
                    hints.setdefault(step.placement, Hint.of(step))
        return sorted(hints.values(), key=lambda h: h.placement)

    def conflicts(self) -> list[str]:
        """Why the outlines cannot be part of a solution: Darby's black zeros, and more.

        A domino outlined twice, a domino not outlined with no possible place
        left, a free cell with no free neighbour (the last two read off
        :meth:`state`). An empty list does not prove the outlines right, only that
        nothing is visibly wrong yet.

        Examples
        --------
        >>> from dominosa_lab import Puzzle, load
        >>> board = PlayBoard(load("mikefc-small"))
        >>> board.draw((0, 1), (1, 1)); board.draw((1, 0), (2, 0))
        Placement((0, 1), (1, 1))
        Placement((1, 0), (2, 0))
        >>> board.conflicts()
        ['cell (0, 0) has no free neighbour']
        """
        drawn, state = self.drawn_counts(), self.state()
        out = [f"domino {domino_text(d)} is outlined {n} times"
               for d, n in drawn.values.items() if n > 1]
        out += [f"domino {domino_text(d)} has no place left"
                for d in sorted(state.empty_dominoes()) if drawn[d] == 0]
        out += [f"cell {cell} has no free neighbour" for cell in state.empty_cells()
                if cell not in self._at]
        return out

    def apply_hints(self) -> list[Hint]:
        """Draw hints until none is left; one :meth:`undo` takes them all back."""
        applied: list[Hint] = []
        while fresh := [h for h in self.hint() if self._is_free(h.placement)]:
            for h in fresh:
                if self._is_free(h.placement):  # an earlier hint of this round may have taken it
                    self._change((h.placement,), ())
                    applied.append(h)
        if applied:
            self._history.append(Move(tuple(h.placement for h in applied), (), "hint",
                                      tuple(applied)))
        return applied

    def show_solution(self) -> Solution:
        """A solution of the puzzle (the honour system: for when you give up)."""
        if self._solution is None:
            result = solve(self.puzzle)
            if result.solution is None:
                raise PuzzleError(f"{self.puzzle!r} has no solution to show")
            self._solution = result.solution
        return self._solution

    # --- explanations ---------------------------------------------------------------------

    def next_hint(self) -> Explanation:
        """The steps of reasoning, from the outlines drawn, that end in the next forced domino.

        The ``full`` ladder of the logic layer runs on the board with every outline placed
        (its domino used up) until a step puts down a domino not yet outlined; of the steps
        before it, only those that ruled out a placement a later kept step read are kept.

        Examples
        --------
        >>> from dominosa_lab import Puzzle
        >>> board = PlayBoard(Puzzle([[0, 0, 1], [1, 1, 0]]))
        >>> hint = board.next_hint()
        >>> hint.status, hint.placement, hint.steps[-1].deduction
        ('forced', Placement((0, 0), (0, 1)), 'domino_single_placement')
        >>> hint.cells
        ((0, 0), (0, 1))
        """
        return self._reason(self.placements(), lambda step: self._is_free(step.placement))

    def take_hint(self) -> Explanation:
        """Outline the domino :meth:`next_hint` forces (one :meth:`undo` takes it back) and
        return the hint; the board is unchanged when nothing is forced."""
        hint = self.next_hint()
        if hint.status == "forced":
            self._change((hint.placement,), ())
            self._history.append(Move((hint.placement,), (), "hint", hint.steps[-1:]))
        return hint

    def why(self, cell: Cell) -> Explanation:
        """Why the outline covering ``cell`` is forced by the other outlines, if it is.

        ``forced``: the steps from the other outlines that put it down; ``wrong``: a step
        rules it out (the last step), or the other outlines leave no solution; ``stuck``: no
        deduction decides it (it may be right, as a guess).

        Examples
        --------
        >>> from dominosa_lab import Puzzle
        >>> board = PlayBoard(Puzzle([[0, 0, 1], [1, 1, 0]]))
        >>> board.draw((0, 2), (1, 2))
        Placement((0, 2), (1, 2))
        >>> board.why((1, 2)).status, board.why((1, 2)).steps[-1].deduction
        ('forced', 'domino_single_placement')
        """
        target = self.outline_at(cell)
        if target is None:
            raise PuzzleError(f"cell {tuple(cell)} is not part of any outline: nothing to explain")
        others = [pl for pl in self.placements() if pl != target]
        index = geometry(self.puzzle).placement_of(target)
        answer = self._reason(others, lambda step: step.placement == target,
                              lambda step: bool(step.ruled_out_mask >> index & 1))
        if answer.status == "stuck":
            return Explanation("stuck", target, (), f"no deduction from the other outlines "
                               f"forces {target}: it may still be right, as a guess")
        return Explanation(answer.status, target, answer.steps, answer.reason)

    def move_text(self, move: Move) -> str:
        """A move in the lesson's words, dominoes written ``0-1``.

        Examples
        --------
        >>> from dominosa_lab import Puzzle
        >>> board = PlayBoard(Puzzle([[0, 0, 1], [1, 1, 0]]))
        >>> _ = board.draw((0, 2), (1, 2)); board.move_text(board.history()[-1])
        'you placed 0-1 on (0,2)-(1,2)'
        """
        pieces = ", ".join(f"{domino_text(self.puzzle.domino_of(pl))} "
                           f"{'on' if move.added else 'from'} {placement_text(pl)}"
                           for pl in move.added or move.removed)
        if move.by != "hint":
            return f"you {'placed' if move.added else 'took away'} {pieces}"
        words = ", ".join(dict.fromkeys(deduction_words(h.deduction) for h in move.hints))
        return f"a hint placed {pieces} ({words})"

    def history(self) -> tuple[Move, ...]:
        """The moves :meth:`undo` can take back, oldest first."""
        return tuple(self._history)

    def placed_by(self, cell: Cell) -> Move:
        """The move that drew the outline covering ``cell`` (who, and for a hint, why).

        An outline read from a saved game has no move: it counts as drawn by you.
        """
        target = self.outline_at(cell)
        if target is None:
            raise PuzzleError(f"cell {tuple(cell)} is not part of any outline")
        for move in reversed(self._history):
            if target in move.added:
                return move
        return Move((target,), ())

    def places(self, domino: Domino) -> tuple[Placement, ...]:
        """Every placement on free cells where ``domino`` can still go.

        Examples
        --------
        >>> from dominosa_lab import Puzzle
        >>> board = PlayBoard(Puzzle([[0, 0, 1], [1, 1, 0]]))
        >>> len(board.places((0, 1))), board.draw((0, 0), (0, 1))
        (5, Placement((0, 0), (0, 1)))
        >>> board.places((1, 0))
        (Placement((0, 2), (1, 2)), Placement((1, 1), (1, 2)))
        """
        lo, hi = sorted(domino)
        if (lo, hi) not in self.puzzle.candidates():
            raise PuzzleError(f"domino {tuple(domino)} is not in the double-{self.puzzle.max_pip} "
                              "set")
        return tuple(self._free_places(self.puzzle.candidates()[(lo, hi)]))

    def _reason(self, placed: Sequence[Placement], found: Callable[[Step], bool],
                refuted: Callable[[Step], bool] = lambda step: False) -> Explanation:
        """Run the ``full`` ladder from ``placed`` until a step is ``found`` (forced) or
        ``refuted`` (wrong), keeping the steps that matter."""
        state = State(self.puzzle, placed=placed)
        if reason := state.contradiction():
            return Explanation("wrong", None, (), f"the outlines cannot all be right: {reason}")
        steps: list[Step] = []
        for step in run(state, ladder("full")):
            steps.append(step)
            if (step.placed_index >= 0 and found(step)) or refuted(step):
                status = "forced" if not refuted(step) else "wrong"
                return Explanation(status, step.placement,
                                   tuple(map(Hint.of, _relevant(steps, state))))
        if reason := state.contradiction():
            return Explanation("wrong", None, tuple(map(Hint.of, steps[-1:])),
                               f"the outlines cannot all be right: {reason}")
        if state.is_solved():
            return Explanation("solved", None, (), "every domino is outlined")
        return Explanation("stuck", None, (), "no deduction forces a domino now: the next move "
                           "is a guess")

    # --- files ----------------------------------------------------------------------------

    def save(self, path: str | PathLike) -> None:
        """Write the puzzle and the outlines as JSON that :meth:`load` reads back; ArgumentError
        naming ``path`` when it is a folder or its folder is missing or not writable."""
        path = check_output("path", path)
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "puzzle": to_data(self.puzzle),
            "outlines": [[list(pl.a), list(pl.b)] for pl in self.placements()],
        }
        try:
            path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as err:
            raise ArgumentError(f"path {str(path)!r} cannot be written: {err.strerror}") from None

    @classmethod
    def load(cls, path: str | PathLike) -> PlayBoard:
        """A board from a file written by :meth:`save`; :class:`PuzzleError` naming the file and
        what is damaged (MissingFileError when there is no such file)."""
        data = _read_save(check_path("path", path))
        try:
            board = cls(from_data(data["puzzle"])[0])
        except PuzzleError as err:
            raise PuzzleError(f"{path}: bad puzzle: {err}") from None
        outlines = data["outlines"]
        if not isinstance(outlines, list):
            raise PuzzleError(f"{path}: 'outlines' is not a list")
        for i, pair in enumerate(outlines):
            try:
                board._change((board._checked(*_cell_pair(pair)),), ())
            except PuzzleError as err:
                raise PuzzleError(f"{path}: outline {i} {_short(pair)}: {err}") from None
        return board

    # --- internals ------------------------------------------------------------------------

    def _checked(self, cell_a: Cell, cell_b: Cell) -> Placement:
        pl = Placement(cell_a, cell_b)
        for cell in pl.cells:
            self.puzzle.value(cell)
            if cell in self._at:
                raise PuzzleError(f"cell {cell} is already in the outline {self._at[cell]}; "
                                  "erase that first")
        return pl

    def _apply(self, added: tuple[Placement, ...], removed: tuple[Placement, ...]) -> None:
        self._change(added, removed)
        self._history.append(Move(added, removed))

    def _change(self, added: tuple[Placement, ...], removed: tuple[Placement, ...]) -> None:
        for pl in removed:
            for cell in pl.cells:
                del self._at[cell]
        for pl in added:
            for cell in pl.cells:
                self._at[cell] = pl

    def _is_free(self, pl: Placement) -> bool:
        return pl.a not in self._at and pl.b not in self._at

    def _free_places(self, placements: list[Placement]) -> list[Placement]:
        return [pl for pl in placements if self._is_free(pl)]

    def _table(self, title: str, values: dict[Domino, int]) -> DominoTable:
        marked = frozenset(self.puzzle.domino_of(pl) for pl in self.placements())
        return DominoTable(title, self.puzzle.max_pip, values, marked)

    def __repr__(self) -> str:
        return f"PlayBoard({self.puzzle!r}, {len(self.placements())} outlines)"


def _relevant(steps: list[Step], state: State) -> list[Step]:
    """The last step and, going back, each step that ruled out or placed a placement on a
    square, of a domino, or among the placements that a step kept read."""
    g = state.geometry
    keep: list[Step] = []
    needed = 0
    for step in reversed(steps):
        touched = step.ruled_out_mask | (1 << step.placed_index if step.placed_index >= 0 else 0)
        if keep and not touched & needed:
            continue
        keep.append(step)
        needed |= step.read_mask
        for square in step.square_indices:
            needed |= g.cell_mask[square]
        for domino in step.domino_indices:
            needed |= g.domino_mask[domino]
    return keep[::-1]


def _read_save(path: Path) -> dict[str, Any]:
    """The checked top level of a saved game."""
    try:
        data = read_json(read_text_file(path, "saved game"))
    except MissingFileError:
        raise
    except PuzzleError as err:
        raise PuzzleError(f"{path}: not a saved game: {err}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise PuzzleError(f"{path}: not a dominosa-lab saved game (no format {SAVE_FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= SAVE_VERSION:
        raise PuzzleError(f"{path}: saved-game version {_short(version)} is not one this code "
                          f"reads (1..{SAVE_VERSION})")
    missing = [key for key in ("puzzle", "outlines") if key not in data]
    if missing:
        raise PuzzleError(f"{path}: the saved game lacks {', '.join(missing)}")
    return data


def _short(value: Any) -> str:
    """``repr(value)`` cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _cell_pair(pair: Any) -> tuple[Cell, Cell]:
    """Two cells from a JSON ``[[r, c], [r, c]]``."""
    if not isinstance(pair, list) or len(pair) != 2:
        raise PuzzleError("an outline is a pair of cells [[row, col], [row, col]]")
    return pair[0], pair[1]
