"""``human``: Caviness's "human-type" method — forced locations, forced pieces, else branch.

One *step* on a board (the article's ``step``, its "Thoughts" 1-3):

1. **Forced locations.** For every free cell, list the placements that could
   cover it (the other cell free, the domino still in the bone pile). A cell
   with none abandons the board; every cell with exactly one is a forced
   location, and all of them are filled at once. Two forced locations that
   ask for the same domino in different places, or for overlapping places,
   also abandon the board (the article's "and not the same one"). The
   article's prose allows a weaker reading, ``locations="geometric"``: a
   cell is forced when only one neighbour is free, whatever the pile holds
   (see :class:`Rules`). Only that reading makes the article's m9 board
   branch, as its text says it did; the default rule solves m9 without a branch.
2. **Forced pieces.** Otherwise list, for every domino left in the pile, its
   possible places. A domino with none abandons the board; every domino with
   exactly one is played at once (overlapping ones abandon the board).
3. **Branch.** Otherwise take the first domino (pile order 00, 01, ...) with
   the fewest places and continue on one copy of the board per place.

:func:`steps` runs the article's loop as written: a *frontier* of boards kept
side by side, one step applied to every board per iteration, dead boards
dropped, branched boards replaced by their copies. Each :class:`FrontierStep` carries
its iteration, its board's index and the frontier's size.

**How the frontier maps onto the Search's stack.** A :class:`Search` needs
place/remove to nest like a stack, and the frontier is breadth-first: visiting
its boards in turn on one stack would take pieces off and put them back on
every time it moved between cousins, counting each re-placement as a new
node. But the boards of the frontier form a tree (a step depends only on its
own board), so :func:`solve` walks *the same tree* depth-first: it places a
step's pieces (each forced piece a choice among 1, a branch a choice among k,
a dead board a choice among 0 with a ``dead_end`` saying why), recurses on the
resulting board, and removes them in reverse order. Every board of the
frontier is visited exactly once either way, so with ``limit=None`` the
counters agree: ``nodes`` equals the number of pieces placed over all steps of
:func:`steps`. Only the order differs, so ``limit=1`` may stop :func:`solve`
before the frontier would have finished. Each move's reason goes to the trace
as a ``note`` just before its ``place`` event.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from dominosa_lab.core.options import check_choice
from dominosa_lab.core.puzzle import Cell, Domino, Placement, Puzzle, Solution
from dominosa_lab.core.search import Search
from dominosa_lab.logic import State, domino_single_placement, geometry, square_single_placement

__all__ = [
    "LOCATION_RULES",
    "Decision",
    "FrontierBoard",
    "FrontierStep",
    "Move",
    "Rules",
    "frontier_sizes",
    "solve",
    "steps",
]

StepKind = Literal["forced location", "forced piece", "branch", "dead", "solved"]


@dataclass(frozen=True)
class FrontierBoard:
    """One board of the frontier: the pieces played (in order), free cells, bone pile."""

    placed: tuple[Placement, ...]
    free: frozenset[Cell]
    pile: frozenset[Domino]

    @classmethod
    def start(cls, puzzle: Puzzle) -> FrontierBoard:
        """The empty board of ``puzzle`` with the full bone pile."""
        return cls((), frozenset(puzzle.cells), frozenset(puzzle.dominoes))

    def play(self, moves: tuple[Move, ...]) -> FrontierBoard:
        """A copy of this board with ``moves`` played."""
        cells = {cell for m in moves for cell in m.placement.cells}
        return FrontierBoard(
            self.placed + tuple(m.placement for m in moves),
            self.free - cells,
            self.pile - {m.domino for m in moves},
        )


@dataclass(frozen=True)
class Move:
    """One piece put on a board, and why."""

    placement: Placement
    domino: Domino
    reason: str


@dataclass(frozen=True)
class Decision:
    """What one step does to a board.

    ``moves`` are played together for a forced step; for a branch each move
    goes to a copy of its own; a dead or solved board has no moves.
    """

    kind: StepKind
    moves: tuple[Move, ...]
    reason: str

    def children(self, board: FrontierBoard) -> tuple[FrontierBoard, ...]:
        """The boards this step leaves in the frontier in place of ``board``."""
        if self.kind == "branch":
            return tuple(board.play((m,)) for m in self.moves)
        if self.kind in ("forced location", "forced piece"):
            return (board.play(self.moves),)
        return ()


@dataclass(frozen=True)
class FrontierStep:
    """One step of the frontier loop on one board."""

    iteration: int
    index: int
    frontier: int
    board: FrontierBoard
    decision: Decision

    @property
    def kind(self) -> StepKind:
        """``forced location``, ``forced piece``, ``branch``, ``dead`` or ``solved``."""
        return self.decision.kind

    @property
    def moves(self) -> tuple[Move, ...]:
        """The pieces placed by this step (for a branch: one per copy)."""
        return self.decision.moves

    @property
    def children(self) -> tuple[FrontierBoard, ...]:
        """The boards that replace this one in the next iteration's frontier."""
        return self.decision.children(self.board)

    def __str__(self) -> str:
        return f"iteration {self.iteration}, board {self.index + 1}/{self.frontier}: " + (
            self.decision.reason
        )


LOCATION_RULES = ("available", "geometric")


class Rules:
    """One puzzle's step rules, read off the logic layer's placement state of each board.

    ``locations`` chooses what a location (a free cell) may take: ``"available"``,
    the places whose other cell is free *and* whose domino is still in the pile
    (the article's summary: "can take exactly one available domino"), or
    ``"geometric"``, the places whose other cell is free, the pile checked only
    for the one piece a forced location asks for (the article's board "with
    the affected squares blanked out"). The first is the state of
    :class:`~dominosa_lab.logic.State` with the board's pieces placed, the second
    with their cells covered only; the forced locations and pieces are the steps of
    the logic layer's :func:`~dominosa_lab.logic.square_single_placement` and
    :func:`~dominosa_lab.logic.domino_single_placement` on that state.
    """

    def __init__(self, puzzle: Puzzle, locations: str = "available") -> None:
        check_choice("locations", locations, LOCATION_RULES, "method 'human'")
        self.puzzle = puzzle
        self.geometric = locations == "geometric"
        self.geometry = geometry(puzzle)

    def state(self, board: FrontierBoard) -> State:
        """The placement state of ``board``: its pieces placed (geometric: their cells covered)."""
        if self.geometric:
            return State(self.geometry, covered=board.placed)
        return State(self.geometry, placed=board.placed)

    def decide(self, board: FrontierBoard) -> Decision:
        """The step to take on ``board`` (see the module docstring)."""
        if not board.pile:
            return Decision("solved", (), f"solved: all {len(board.placed)} pieces placed")
        state = self.state(board)
        return (self._forced_locations(board, state) or self._forced_pieces(board, state)
                or self._branch(board, state))

    def _forced_locations(self, board: FrontierBoard, state: State) -> Decision | None:
        g = self.geometry
        moves: dict[Placement, Move] = {}
        stuck = [cell for cell in state.empty_cells() if cell in board.free]
        for step in square_single_placement(state):
            pl, domino = step.placement, g.dominoes[step.domino_indices[0]]
            cell = step.cells[0]
            if domino not in board.pile:  # only the geometric reading offers a used piece
                stuck.append(cell)
            reason = f"forced location at {cell} takes {_label(domino)}"
            moves.setdefault(pl, Move(pl, domino, reason))
        if stuck:
            return Decision("dead", (), f"dead: no piece fits the location at {min(stuck)}")
        if not moves:
            return None
        return _consistent("forced location", tuple(moves.values()))

    def _forced_pieces(self, board: FrontierBoard, state: State) -> Decision | None:
        missing = sorted(d for d in state.empty_dominoes() if d in board.pile)
        if missing:
            return Decision("dead", (), f"dead: piece {_label(missing[0])} has no place left")
        g = self.geometry
        forced = sorted(
            (Move(step.placement, g.dominoes[step.domino_indices[0]],
                  f"forced piece {_label(g.dominoes[step.domino_indices[0]])}")
             for step in domino_single_placement(state)
             if g.dominoes[step.domino_indices[0]] in board.pile),
            key=lambda move: move.domino)
        return _consistent("forced piece", tuple(forced)) if forced else None

    def _branch(self, board: FrontierBoard, state: State) -> Decision:
        places = {d: sorted(state.domino_candidates(d)) for d in sorted(board.pile)}
        domino = min(places, key=lambda d: len(places[d]))
        k = len(places[domino])
        moves = tuple(
            Move(pl, domino, f"branch on {_label(domino)}: place {i} of {k}")
            for i, pl in enumerate(places[domino], start=1)
        )
        return Decision("branch", moves, f"branch on {_label(domino)} over {k} places")


def _consistent(kind: StepKind, moves: tuple[Move, ...]) -> Decision:
    """The forced moves played together, or a dead board if two of them clash."""
    cells: dict[Cell, Move] = {}
    dominoes: dict[Domino, Move] = {}
    for m in moves:
        clash = dominoes.get(m.domino) or next(
            (cells[c] for c in m.placement.cells if c in cells), None
        )
        if clash is not None:
            return Decision("dead", (), f"dead: {m.reason} clashes with {clash.reason}")
        dominoes[m.domino] = m
        cells.update(dict.fromkeys(m.placement.cells, m))
    listed = ", ".join(m.reason.removeprefix(kind).removeprefix(" at").strip() for m in moves)
    plural = "s" if len(moves) > 1 else ""
    return Decision(kind, moves, f"{len(moves)} {kind}{plural}: {listed}")


def _label(domino: Domino) -> str:
    return f"{domino[0]}-{domino[1]}"


def steps(puzzle: Puzzle, locations: str = "available") -> Iterator[FrontierStep]:
    """Run the article's frontier loop, yielding every step on every board.

    Each iteration applies one step to every board of the frontier; the next
    frontier holds the resulting boards. The loop ends when the frontier is
    empty (every board solved or abandoned). It is lazy: stop iterating to stop.
    ``locations`` is the forced-location rule (see :class:`Rules`).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> first = next(steps(load("caviness-m9")))
    >>> first.kind, [m.reason for m in first.moves]
    ('forced piece', ['forced piece 0-1', 'forced piece 0-5', 'forced piece 3-4', \
'forced piece 4-5'])
    """
    rules = Rules(puzzle, locations)
    frontier = [FrontierBoard.start(puzzle)]
    iteration = 0
    while frontier:
        iteration += 1
        following: list[FrontierBoard] = []
        for index, board in enumerate(frontier):
            step = FrontierStep(iteration, index, len(frontier), board, rules.decide(board))
            yield step
            following.extend(step.children)
        frontier = following


def frontier_sizes(puzzle: Puzzle, locations: str = "available") -> list[int]:
    """The number of boards in the frontier at each iteration of :func:`steps`.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> m9 = load("caviness-m9")
    >>> frontier_sizes(m9)
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    >>> frontier_sizes(m9, locations="geometric")
    [1, 1, 1, 1, 2, 3, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    sizes: list[int] = []
    for step in steps(puzzle, locations):
        if step.index == 0:
            sizes.append(step.frontier)
    return sizes


def solve(puzzle: Puzzle, search: Search, locations: str = "available") -> Iterator[Solution]:
    """Yield every solution, walking the frontier's tree depth-first (see the module docstring).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> r = solve(load("caviness-m9"), method="human", limit=None)
    >>> r.status, len(r.solutions), r.stats.nodes == 28 + r.stats.backtracks
    ('solved', 1, True)
    """
    return _explore(Rules(puzzle, locations), FrontierBoard.start(puzzle), search)


def _explore(rules: Rules, board: FrontierBoard, search: Search) -> Iterator[Solution]:
    decision = rules.decide(board)
    if decision.kind == "solved":
        solution = Solution(rules.puzzle, board.placed)
        search.found(solution)
        yield solution
    elif decision.kind == "dead":
        search.choice(0)
        search.dead_end(decision.reason)
    elif decision.kind == "branch":
        search.choice(len(decision.moves))
        for move, child in zip(decision.moves, decision.children(board), strict=True):
            yield from _played(rules, (move,), child, search)
    else:
        yield from _played(rules, decision.moves, decision.children(board)[0], search,
                           forced=True)


def _played(rules: Rules, moves: tuple[Move, ...], child: FrontierBoard, search: Search,
            forced: bool = False) -> Iterator[Solution]:
    """Place ``moves`` (each a choice of one option when ``forced``), explore, take them back."""
    for move in moves:
        if forced:
            search.choice(1)
        search.note(move.reason, move.placement)
        search.place(move.placement)
    yield from _explore(rules, child, search)
    for move in reversed(moves):
        search.remove(move.placement)
