"""Depth-first search with backtracking on an explicit stack, shared by the simple methods.

A method says what its choice points are (:func:`depth_first`'s ``options``),
how to put a move on its board and take it back, and when the board is
complete; the stack of frames, the counting and the trace are done here once.
An explicit stack instead of recursion means no recursion limit on large boards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from dominosa_lab.core.puzzle import Placement, Solution
from dominosa_lab.core.search import Search

__all__ = ["depth_first"]

Move = TypeVar("Move")


def depth_first(
    search: Search,
    options: Callable[[], Sequence[Move]],
    do: Callable[[Move], Placement],
    undo: Callable[[Move], Placement],
    complete: Callable[[], bool],
    build: Callable[[], Solution],
    dead_end: Callable[[], str] = lambda: "",
) -> Iterator[Solution]:
    """Yield every solution of a search given by its moves, reporting to ``search``.

    Parameters
    ----------
    search : Search
        Receives ``choice(k)`` at every choice point, ``place`` / ``remove`` for
        every move tried and taken back, ``found`` for every solution.
    options : callable
        The moves to try, in order, at the next choice point of the current board.
    do, undo : callable
        Put a move on the board / take it back; each returns the move's placement.
    complete : callable
        Whether the current board is solved.
    build : callable
        The :class:`Solution` of the current (complete) board.
    dead_end : callable
        Why the current board has no move; traced when ``options`` is empty.

    Examples
    --------
    Every way to choose a letter from each of two piles, as a toy search:

    >>> chosen = []
    >>> piles = [["a", "b"], ["c"]]
    >>> stream = depth_first(
    ...     Search(), options=lambda: piles[len(chosen)],
    ...     do=lambda m: chosen.append(m), undo=lambda m: chosen.pop(),
    ...     complete=lambda: len(chosen) == 2, build=lambda: "".join(chosen))
    >>> list(stream)
    ['ac', 'bc']
    """
    frames: list[list[Any]] = []  # [moves, index of the next move, move on the board or None]

    def open_frame() -> None:
        moves = options()
        search.choice(len(moves))
        if not moves and search.tracing:
            search.dead_end(dead_end())
        frames.append([moves, 0, None])

    open_frame()
    while frames:
        frame = frames[-1]
        if frame[2] is not None:
            search.remove(undo(frame[2]))
            frame[2] = None
        moves, i = frame[0], frame[1]
        if i == len(moves):
            frames.pop()
            continue
        frame[1] = i + 1
        move = frame[2] = moves[i]
        search.place(do(move))
        if complete():
            solution = build()
            search.found(solution)
            yield solution
        else:
            open_frame()
