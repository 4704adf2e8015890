"""``dominowise``: Gary Darby's depth-first search over dominoes (seed 002).

Take the dominoes one at a time; for the current domino list its candidate
locations (adjacent cell pairs carrying its two numbers) whose cells are both
still free, try them in turn, and go on to the next domino; when a domino has
no free location left, back up and try the previous domino's next location.
Every domino placed means every cell covered, so the last domino placed is a
solution.

Which domino comes next is the ``order``:

* ``"pile"``: 00, 01, ..., NN, as Darby's program does;
* ``"fewest"``: his "optimized search", a static order by the number of
  candidate locations on the empty board (fewest first, ties in pile order);
* ``"mrv"``: at every step the unplaced domino with the fewest *free*
  locations right now (ties in pile order), i.e. the minimum-remaining-values
  rule re-counted after each placement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from dominosa_lab.core.board import board_model
from dominosa_lab.core.options import check_choice
from dominosa_lab.core.puzzle import Placement, Puzzle, Solution
from dominosa_lab.core.search import Search
from dominosa_lab.solvers.backtrack import depth_first

__all__ = ["ORDERS", "solve", "static_order"]

ORDERS = ("pile", "fewest", "mrv")

Option = tuple[int, int, Placement]  # (cell index, cell index, placement)


def solve(puzzle: Puzzle, search: Search, order: str = "pile") -> Iterator[Solution]:
    """Yield every solution, taking dominoes in ``order``, reporting each placement to ``search``.

    Parameters
    ----------
    puzzle : Puzzle
        The board.
    search : Search
        Receives the counters (see :mod:`dominosa_lab.core.search`).
    order : {"pile", "fewest", "mrv"}
        Which domino to place next (see the module docstring).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> p = load("mikefc-small")
    >>> [solve(p, method="dominowise", order=o).stats.nodes for o in ("pile", "mrv")]
    [24, 10]
    >>> solve(p, method="dominowise", order="mrv").solution.is_valid()
    True
    """
    check_choice("order", order, ORDERS, "method 'dominowise'")
    options = _options(puzzle)
    used = [False] * len(puzzle.cells)

    def free(domino: int) -> list[Option]:
        return [opt for opt in options[domino] if not (used[opt[0]] or used[opt[1]])]

    pick = _picker(order, options, free)
    placed: list[Placement] = []
    unplaced = set(range(len(options)))
    current = [0]  # the domino the newest choice point places

    def choices() -> list[tuple[int, Option]]:
        domino = pick(unplaced)
        current[0] = domino
        return [(domino, opt) for opt in free(domino)]

    def do(move: tuple[int, Option]) -> Placement:
        domino, (a, b, pl) = move
        used[a] = used[b] = True
        unplaced.discard(domino)
        placed.append(pl)
        return pl

    def undo(move: tuple[int, Option]) -> Placement:
        domino, (a, b, pl) = move
        used[a] = used[b] = False
        unplaced.add(domino)
        placed.pop()
        return pl

    return depth_first(
        search, choices, do, undo,
        complete=lambda: not unplaced,
        build=lambda: Solution(puzzle, placed),
        dead_end=lambda: f"domino {puzzle.dominoes[current[0]]} has no free location",
    )


def _options(puzzle: Puzzle) -> list[list[Option]]:
    """For each domino (in the bone pile's order), its candidate locations as square indices."""
    model = board_model(puzzle)
    pairs, placements = model.pairs.tolist(), model.placements
    return [[(*pairs[p], placements[p]) for p in model.domino_options(d).tolist()]
            for d in range(model.n_dominoes)]


def static_order(puzzle: Puzzle, order: str) -> list[tuple[int, int]]:
    """The dominoes in the sequence a static ``order`` ("pile" or "fewest") places them.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> static_order(load("mikefc-small"), "fewest")[:4]
    [(0, 0), (1, 1), (1, 3), (2, 2)]
    """
    check_choice("order", order, ORDERS[:2], "a static order")
    options = _options(puzzle)
    return [puzzle.dominoes[d] for d in _sequence(order, options)]


def _sequence(order: str, options: list[list[Option]]) -> list[int]:
    """Domino indices in a static order: the pile's, or by initial candidate count."""
    sequence = list(range(len(options)))
    if order == "fewest":
        sequence.sort(key=lambda d: (len(options[d]), d))
    return sequence


def _picker(
    order: str, options: list[list[Option]], free: Callable[[int], list[Option]]
) -> Callable[[set[int]], int]:
    """The rule that names the next domino to place, given the unplaced ones."""
    if order == "mrv":
        return lambda unplaced: min(unplaced, key=lambda d: (len(free(d)), d))
    sequence = _sequence(order, options)
    # Frames open and close like a stack, so the unplaced dominoes are always a suffix.
    return lambda unplaced: sequence[len(sequence) - len(unplaced)]
