"""One step of reasoning as a value: what a deduction read, what it placed or ruled out, and why.

A :class:`Step` keeps integers (the deductions' currency, see
:mod:`~dominosa_lab.logic.geometry`) and turns them into cells, dominoes and
:class:`~dominosa_lab.core.puzzle.Placement` objects only when asked; its
sentence is written on demand by the deduction's own ``explain`` function, so a
solver that never prints pays nothing for the words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from dominosa_lab.core.puzzle import Cell, Domino, Placement
from dominosa_lab.logic.geometry import bits

if TYPE_CHECKING:
    from dominosa_lab.logic.geometry import Geometry

__all__ = ["Step", "cell_text", "domino_text", "join", "placement_text", "squares_text"]

Explain = Callable[["Step"], str]


class Step:
    """One firing of one deduction.

    Attributes
    ----------
    name : str
        The deduction's key (Tatham's keys for his deductions, e.g. ``"local_duplicate"``).
    level : str
        The ladder level of the pass that made the step (``trivial`` ... ``deep``).
    count : int
        What the step adds to its deduction's count in a grade (0 when it ruled nothing
        out; one per placement for the deductions Tatham counts that way).
    placed_index, ruled_out_mask, read_mask : int
        The placement found to be in the solution (-1 if none), the bit set of placements
        ruled out, the bit set of placements the deduction read.
    square_indices, domino_indices : tuple of int
        The squares and dominoes the deduction read.
    facts : tuple
        Whatever else the sentence needs (each deduction knows its own).

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> from dominosa_lab.logic import State, domino_single_placement
    >>> state = State(Puzzle([[0, 0, 1], [1, 1, 0]]))
    >>> step = next(domino_single_placement(state))
    >>> print(step)
    0-0 fits only at (0,0)-(0,1): it goes there, so no other domino can cover (0,0) or (0,1) \
(rules out (0,0)-(1,0), (0,1)-(1,1) and (0,1)-(0,2))
    """

    __slots__ = ("_text", "count", "domino_indices", "explain", "facts", "geometry", "level",
                 "name", "placed_index", "read_mask", "ruled_out_mask", "square_indices")

    def __init__(
        self,
        name: str,
        level: str,
        geometry: Geometry,
        explain: Explain,
        *,
        placed: int = -1,
        ruled_out: int = 0,
        squares: tuple[int, ...] = (),
        dominoes: tuple[int, ...] = (),
        reads: int = 0,
        facts: tuple = (),
        per_placement: bool = False,
    ) -> None:
        self.name = name
        self.level = level
        self.geometry = geometry
        self.explain = explain
        self.placed_index = placed
        self.ruled_out_mask = ruled_out
        self.square_indices = squares
        self.domino_indices = dominoes
        self.read_mask = reads
        self.facts = facts
        self.count = ruled_out.bit_count() if per_placement else int(ruled_out != 0)
        self._text: str | None = None

    @property
    def placement(self) -> Placement | None:
        """The placement this step puts in the solution, or ``None``."""
        return None if self.placed_index < 0 else self.geometry.placements[self.placed_index]

    @property
    def ruled_out(self) -> tuple[Placement, ...]:
        """The placements this step rules out."""
        return self.geometry.placements_in(self.ruled_out_mask)

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells the deduction read (what a picture highlights)."""
        return tuple(self.geometry.cells[i] for i in self.square_indices)

    @property
    def dominoes(self) -> tuple[Domino, ...]:
        """The dominoes the deduction read."""
        return tuple(self.geometry.dominoes[d] for d in self.domino_indices)

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The placements the deduction read."""
        return self.geometry.placements_in(self.read_mask)

    @property
    def text(self) -> str:
        """The step in one or two sentences a person understands."""
        if self._text is None:
            self._text = self.explain(self)
        return self._text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        placed = f", placed={self.placement}" if self.placed_index >= 0 else ""
        return (f"Step({self.name!r}, level={self.level!r}{placed}, "
                f"ruled_out={self.ruled_out_mask.bit_count()})")

    # --- words shared by the explanations ---------------------------------------------------

    def cell_text(self, square: int) -> str:
        """A square index as ``(row,col)``."""
        return cell_text(self.geometry.cells[square])

    def placement_text(self, p: int) -> str:
        """A placement index as ``(r,c)-(r,c)``."""
        return placement_text(self.geometry.placements[p])

    def domino_text(self, d: int) -> str:
        """A domino index as ``lo-hi``."""
        return domino_text(self.geometry.dominoes[d])

    def placements_text(self, mask: int) -> str:
        """The placements of a bit set, listed."""
        return join(self.placement_text(p) for p in bits(mask))

    def outcome(self) -> str:
        """`` (rules out A, B)`` for the placements ruled out, or nothing."""
        if not self.ruled_out_mask:
            return ""
        return f" (rules out {self.placements_text(self.ruled_out_mask)})"


def cell_text(cell: Cell) -> str:
    """``(row,col)``."""
    return f"({cell[0]},{cell[1]})"


def placement_text(placement: Placement) -> str:
    """``(r,c)-(r,c)``, the two cells of a placement."""
    return f"{cell_text(placement.a)}-{cell_text(placement.b)}"


def domino_text(domino: Domino) -> str:
    """``lo-hi``."""
    return f"{domino[0]}-{domino[1]}"


def squares_text(cells: Iterable[str]) -> str:
    """``square (1,2)`` or ``the 3 squares (1,2), (1,3) and (2,2)``, from cell texts."""
    cells = list(cells)
    if len(cells) == 1:
        return f"square {cells[0]}"
    return f"the {len(cells)} squares {join(cells)}"


def join(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(words)
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
