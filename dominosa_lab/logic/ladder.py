"""The deductions by name, the ladders that order them, and the loop that runs a ladder.

A *ladder* is a list of deductions, cheapest first. :func:`run` applies the
first one that makes progress, then starts again from the bottom, until none
does (Tatham's control loop): cheap deductions are always exhausted before a
dearer one is tried, and one pass of a dear one may fire many times.

Three ladders:

* ``tatham``: Simon Tatham's, exactly (trivial, basic, hard, extreme); grades.
* ``full``: his, then ours (level ``deep``) on top; since ours are tried only
  when all of his are stuck, a board his ladder finishes is finished the same way,
  with the same counts. One more of ours sits at his hard level:
  :func:`~dominosa_lab.logic.wide.wide_sets`, his set analysis without doubles on
  numbers shown more than 16 times, where he switches it off (N >= 15); it never
  fires where his runs, so his grades stand, and it gives ``hard`` a meaning at
  every N. Grades, hints and the generator use this ladder.
* ``lean``: what the ``logic`` solver uses, fewer rungs than ``full``. His trivial and
  basic deductions, then ours in place of his parity and set analysis (they conclude
  everything those do and more, in polynomial time), then his forcing chains. It is
  at least as strong as ``tatham`` but does not grade.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

from dominosa_lab.core.options import check_choice
from dominosa_lab.logic.bridges import parity
from dominosa_lab.logic.chains import forcing_chains
from dominosa_lab.logic.hall import hall_sets
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

__all__ = ["DEDUCTIONS", "KEYS", "LADDERS", "LEVELS", "Deduction", "ladder", "level_rank", "run"]

#: The levels, easiest first; Tatham's four, then ours.
LEVELS = ("trivial", "basic", "hard", "extreme", "deep")

Finder = Callable[[State], Iterator[Step]]


@dataclass(frozen=True)
class Deduction:
    """One rung of a ladder.

    Attributes
    ----------
    name : str
        The rung's name.
    level : str
        Its level in :data:`LEVELS`.
    find : callable
        The finder, ``find(state)``, a generator of steps.
    keys : tuple of str
        The names its steps carry (the keys of a grade's counts).
    source : str
        ``"Tatham"`` or ``"dominosa-lab"``.
    note : str
        What the rung is, when the first line of the finder's docstring does not say it.
    """

    name: str
    level: str
    find: Finder
    keys: tuple[str, ...]
    source: str = "Tatham"
    note: str = ""

    @property
    def summary(self) -> str:
        """What the rung does, in one line."""
        func = self.find.func if isinstance(self.find, partial) else self.find
        return self.note or (func.__doc__ or "").strip().splitlines()[0]


def _entries() -> tuple[Deduction, ...]:
    sets = ("set_analysis", "set_analysis_doubles_equal", "set_analysis_doubles_nminus1")
    chains = ("forcing_chain_duplicate", "forcing_chain_square", "forcing_chain_complementary")
    return (
        Deduction("domino_single_placement", "trivial", domino_single_placement,
                  ("domino_single_placement",)),
        Deduction("square_single_placement", "trivial", square_single_placement,
                  ("square_single_placement",)),
        Deduction("square_single_domino", "basic", square_single_domino,
                  ("square_single_domino",)),
        Deduction("domino_must_overlap", "basic", domino_must_overlap, ("domino_must_overlap",)),
        Deduction("local_duplicate", "basic", local_duplicate, ("local_duplicate",)),
        Deduction("local_duplicate_2", "basic", local_duplicate_2, ("local_duplicate_2",)),
        Deduction("parity", "basic", parity, ("parity",)),
        Deduction("set_analysis", "hard", partial(set_analysis, doubles=False), sets[:1]),
        Deduction("wide_sets", "hard", wide_sets, ("wide_sets",), "dominosa-lab"),
        Deduction("set_analysis_doubles", "extreme", partial(set_analysis, doubles=True), sets,
                  note="The same, where a double can join two of the squares."),
        Deduction("forcing_chains", "extreme", forcing_chains, chains),
        Deduction("tiling", "deep", tiling, ("tiling",), "dominosa-lab"),
        Deduction("hall_sets", "deep", hall_sets, ("hall_sets",), "dominosa-lab"),
    )


#: Every rung by name.
DEDUCTIONS: dict[str, Deduction] = {d.name: d for d in _entries()}

#: Every step name, in ladder order (the order of a grade's counts).
KEYS: tuple[str, ...] = tuple(key for d in DEDUCTIONS.values() for key in d.keys)

_TATHAM = tuple(name for name, d in DEDUCTIONS.items() if d.source == "Tatham")

#: The ladders by name (see the module docstring).
LADDERS: dict[str, tuple[str, ...]] = {
    "tatham": _TATHAM,
    "full": tuple(DEDUCTIONS),
    "lean": ("domino_single_placement", "square_single_placement", "square_single_domino",
             "domino_must_overlap", "local_duplicate", "local_duplicate_2", "tiling", "hall_sets",
             "forcing_chains"),
}


def level_rank(level: str, name: str = "level") -> int:
    """The position of ``level`` in :data:`LEVELS`; ArgumentError (naming argument ``name``
    and the levels) otherwise."""
    return LEVELS.index(check_choice(name, level, LEVELS))


def ladder(name: str = "full", max_level: str | None = None) -> tuple[Deduction, ...]:
    """The rungs of the ladder ``name``, up to ``max_level`` (all when None).

    Examples
    --------
    >>> [d.name for d in ladder("tatham", max_level="trivial")]
    ['domino_single_placement', 'square_single_placement']
    """
    check_choice("ladder", name, LADDERS)
    top = len(LEVELS) if max_level is None else level_rank(max_level, "max_level")
    return tuple(DEDUCTIONS[n] for n in LADDERS[name] if LEVELS.index(DEDUCTIONS[n].level) <= top)


def run(state: State, rungs: tuple[Deduction, ...],
        check: Callable[[], None] | None = None) -> Iterator[Step]:
    """Apply ``rungs`` to a fixed point, yielding each step after applying it; ``check`` (a
    caller's clock, which raises to stop the run) is read as the rungs scan the board
    (:meth:`State.scan`).

    Each round tries the rungs in order; a rung's pass runs to its end, every step
    applied before the next is looked for, and if any step ruled something out the
    round starts again from the bottom. The run ends when a whole round rules
    nothing out, when the board is solved, or as soon as a step leaves a square or
    a domino with no placement (a contradiction: :meth:`State.contradiction`).
    Steps that only record a placement already forced (nothing left to rule out)
    are yielded too but do not restart the round.
    """
    outer, state.check = state.check, check
    try:
        yield from _rounds(state, rungs)
    finally:
        state.check = outer


def _rounds(state: State, rungs: tuple[Deduction, ...]) -> Iterator[Step]:
    """:func:`run`'s rounds."""
    while not state.is_solved():
        for rung in rungs:
            fired = False
            for step in rung.find(state):
                state.apply(step)
                yield step
                if step.ruled_out_mask:
                    fired = True
                    if state.broken_by(step.ruled_out_mask):
                        return
            if fired or state.is_solved():
                break
        else:
            return
