"""Search on the logic layer: the deductions to a fixed point, a guess only when none applies.

Counted by the house rule (``docs/architecture.md``): every placement the
deductions find is a node, made as a choice among one option; a guess is a
choice among the k placements left for the domino or square with fewest of
them (its candidates), each tried in turn (a node each). A contradiction is a choice among none.
Every deduction is sound for *every* solution (none assumes the answer is
unique), so trying every option of every guess finds all the solutions.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa_lab.core.puzzle import Solution
from dominosa_lab.core.search import Search
from dominosa_lab.logic.geometry import bits
from dominosa_lab.logic.ladder import Deduction, ladder, run
from dominosa_lab.logic.state import State

__all__ = ["guess_candidates", "solutions"]


def guess_candidates(state: State) -> list[int]:
    """The placements (indices) of the domino, else the square, with fewest left (two or more).

    Ties go to the first domino in Tatham's order, then the first square in reading
    order; a domino or square with two placements left is taken at once.
    """
    g, active = state.geometry, state.active
    best, fewest = 0, 1 << 30
    for masks in (g.domino_mask, g.cell_mask):
        for mask in masks:
            live = active & mask
            count = live.bit_count()
            if 2 <= count < fewest:
                best, fewest = live, count
                if count == 2:
                    return bits(best)
    return bits(best)


def solutions(state: State, search: Search, ladder_name: str = "lean") -> Iterator[Solution]:
    """Yield every solution that extends ``state``, reporting to ``search`` (see the module text).

    ``state`` is worked on in place and left as it was found when the stream ends.

    Examples
    --------
    >>> from dominosa_lab import load
    >>> s = Search()
    >>> found = list(solutions(State(load("tcg-n10")), s))
    >>> len(found), s.stats.nodes, s.stats.backtracks, s.stats.choices
    (16, 118, 0, 15)
    """
    return _Walk(state, search, ladder(ladder_name)).solutions()


class _Walk:
    """The depth-first walk: an explicit stack of guesses over one state and one search."""

    def __init__(self, state: State, search: Search, rungs: tuple[Deduction, ...]) -> None:
        self.state, self.search, self.rungs = state, search, rungs
        self.placed: list[int] = []  # placements reported to the search, in order

    def solutions(self) -> Iterator[Solution]:
        state, search = self.state, self.search
        start = state.save()
        try:
            search.check_time()
            frames: list[list] = []  # [state saved, candidates, next one, placements before]
            if self._settled():
                found = yield from self._found()
                if not found:
                    frames.append(self._frame())
            while frames:
                frame = frames[-1]
                self._unwind(frame[3])
                state.restore(frame[0])
                candidates, i = frame[1], frame[2]
                if i == len(candidates):
                    frames.pop()
                    continue
                frame[2] = i + 1
                self._guess(candidates[i], i, len(candidates))
                if self._settled():
                    found = yield from self._found()
                    if not found:
                        frames.append(self._frame())
            self._unwind(0)
        finally:
            state.restore(start)

    def _settled(self) -> bool:
        """Deduce to a fixed point, reporting each placement; False on a contradiction."""
        search, g = self.search, self.state.geometry
        why = self.state.contradiction()
        if why is None:
            for step in run(self.state, self.rungs, search.check_time):
                search.check_time()  # and after each step
                if search.tracing and step.count and step.placed_index < 0:
                    search.note(step.text)
                if step.placed_index >= 0:
                    search.choice(1)
                    if search.tracing:
                        search.note(step.text, g.placements[step.placed_index])
                    self._report(step.placed_index)
            why = self.state.contradiction()
        if why is not None:
            search.choice(0)
            search.dead_end(why)
        return why is None

    def _found(self) -> Iterator[Solution]:
        """Yield the solution if the board is solved; return whether it was."""
        if not self.state.is_solved():
            return False
        solution = Solution(self.state.puzzle, self.state.placements())
        self.search.found(solution)
        yield solution
        return True

    def _frame(self) -> list:
        self.search.check_time()
        candidates = guess_candidates(self.state)
        self.search.choice(len(candidates))
        return [self.state.save(), candidates, 0, len(self.placed)]

    def _guess(self, p: int, i: int, k: int) -> None:
        self.state.place(p)
        if self.search.tracing:
            placement = self.state.geometry.placements[p]
            self.search.note(f"no deduction applies: guess {placement} (option {i + 1} of {k})",
                             placement)
        self._report(p)

    def _report(self, p: int) -> None:
        self.search.place(self.state.geometry.placements[p])
        self.placed.append(p)

    def _unwind(self, depth: int) -> None:
        placements = self.state.geometry.placements
        while len(self.placed) > depth:
            self.search.remove(placements[self.placed.pop()])
