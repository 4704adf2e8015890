"""Sets of different puzzles: unique boards told apart up to the board's symmetries.

Two boards are *the same puzzle* here when one is the other turned or mirrored
(keeping the board's outline: the four turns and mirrors of a rectangle, eight of a
square) and renumbered (any permutation of the numbers 0..N): the reasoning, and the
outlines of the solution, carry over. :func:`board_key` names that class cheaply: each
of the at most eight turned boards is renumbered in order of first appearance (one
pass, the least representative of its renumberings), and the least of those is the key.

:func:`distinct_puzzles` asks :func:`~dominosa_lab.boards.unique.unique_puzzle` for the
seeds ``seed, seed + 1, ...`` in turn and keeps each board whose key is new, so the
same arguments give the same set on every machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from dominosa_lab.boards.unique import Generated, unique_puzzle
from dominosa_lab.core.options import check_count, check_seconds
from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.errors import ArgumentError
from dominosa_lab.tilings.count import BoardShape

__all__ = ["DIFFERENT_FULL_BOARDS", "REPEATS", "PuzzleSet", "board_key", "distinct_puzzles"]

#: How many different (by :func:`board_key`) unique full double-n boards each grade has, where
#: that is few: found by grading every board (``tests/test_worksheet_distinct.py`` does it again).
DIFFERENT_FULL_BOARDS = {(0, "trivial"): 1, (1, "trivial"): 1, (2, "trivial"): 187,
                         (2, "basic"): 23}

#: Seeds in a row whose board the set already has before :func:`distinct_puzzles` gives up.
REPEATS = 200

Key = tuple[tuple[int, ...], ...]


def board_key(puzzle: Puzzle) -> Key:
    """The same for two puzzles exactly when one is the other turned, mirrored and renumbered.

    Gaps are ``-1``; the numbers are renumbered 0, 1, ... in the order they first appear
    row by row.

    Examples
    --------
    >>> a = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> b = Puzzle([[1, 0, 0], [0, 1, 1]])  # a mirrored left to right, 0 and 1 swapped
    >>> board_key(a) == board_key(b), board_key(a)
    (True, ((0, 0, 1), (1, 1, 0)))
    """
    return min(_renumbered(rows) for rows in _turns(puzzle.rows))


def _turns(rows: tuple[tuple[int | None, ...], ...]) -> list[Key]:
    """The board turned and mirrored every way that keeps its number of rows and columns."""
    grid = [tuple(-1 if v is None else v for v in row) for row in rows]
    flipped = [row[::-1] for row in grid]
    out = [tuple(grid), tuple(flipped), tuple(grid[::-1]), tuple(flipped[::-1])]
    if len(grid) == len(grid[0]):
        out += [tuple(zip(*board, strict=True)) for board in out]
    return out


def _renumbered(rows: Key) -> Key:
    """``rows`` with the numbers renamed 0, 1, ... in the order they first appear."""
    names: dict[int, int] = {-1: -1}
    return tuple(tuple(names.setdefault(v, len(names) - 1) for v in row) for row in rows)


@dataclass(frozen=True)
class PuzzleSet:
    """Unique puzzles, no two the same up to the board's symmetries, or how far the run got.

    Attributes
    ----------
    status : str
        ``found`` (``count`` puzzles) or ``stopped`` (the time ran out, or :data:`REPEATS`
        seeds in a row gave boards the set already had).
    puzzles : list of Generated
        The puzzles made, in seed order, each with its solution and grade.
    seeds : int
        Seeds tried.
    repeats : int
        Seeds whose board was the same as one already in the set.
    seconds : float
        Time taken.
    reason : str
        Why the run stopped (empty when found).
    """

    status: str
    puzzles: list[Generated] = field(default_factory=list)
    seeds: int = 0
    repeats: int = 0
    seconds: float = 0.0
    reason: str = ""


def distinct_puzzles(
    n: int,
    count: int,
    *,
    grade: str = "basic",
    seed: int = 0,
    shape: BoardShape | None = None,
    time_limit: float | None = 60.0,
) -> PuzzleSet:
    """``count`` unique double-``n`` puzzles of ``grade``, no two the same up to symmetry.

    Parameters
    ----------
    n : int
        The double-n set.
    count : int
        Puzzles wanted (at least 1).
    grade, shape
        As :func:`~dominosa_lab.boards.unique.unique_puzzle` takes them.
    seed : int
        The first seed; the next puzzles come from ``seed + 1``, ``seed + 2``, ...
    time_limit : float or None
        Seconds for the whole set; None for no limit.

    Returns
    -------
    PuzzleSet
        ``status="found"`` with ``count`` puzzles, else ``stopped`` with those made and why.

    Raises
    ------
    ArgumentError, PuzzleError
        For a bad count, or what :func:`~dominosa_lab.boards.unique.unique_puzzle` refuses.

    Examples
    --------
    >>> made = distinct_puzzles(3, 4, seed=1)
    >>> made.status, [g.puzzle.name for g in made.puzzles]
    ('found', ['unique-n3-basic-s1', 'unique-n3-basic-s2', 'unique-n3-basic-s3', \
'unique-n3-basic-s4'])
    >>> len({board_key(g.puzzle) for g in made.puzzles})
    4
    """
    count = check_count("count", count, minimum=1, allow_none=False)
    seed = check_count("seed", seed, allow_none=False)
    time_limit = check_seconds("time_limit", time_limit)
    _check_enough(n, count, grade, shape)
    start = time.perf_counter()
    made: list[Generated] = []
    keys: set[Key] = set()
    tried = repeats = in_a_row = 0
    while len(made) < count:
        left = None if time_limit is None else max(0.0, time_limit - time.perf_counter() + start)
        one = unique_puzzle(n, grade=grade, seed=seed + tried, shape=shape, time_limit=left)
        tried += 1
        if one.status != "found":
            return _stopped(made, tried, repeats, start, f"{one.reason}; made {len(made)} of "
                            f"{count} puzzles")
        key = board_key(one.puzzle)
        if key in keys:
            repeats, in_a_row = repeats + 1, in_a_row + 1
            if in_a_row == REPEATS:
                return _stopped(made, tried, repeats, start, (
                    f"{REPEATS} seeds in a row gave {grade} double-{n} boards the set already "
                    f"has (up to turns, mirrors and renumbering): there may be no more than "
                    f"{len(made)} different ones; made {len(made)} of {count}"))
            continue
        keys.add(key)
        made.append(one)
        in_a_row = 0
    return PuzzleSet("found", made, tried, repeats, time.perf_counter() - start)


def _check_enough(n: int, count: int, grade: str, shape: BoardShape | None) -> None:
    """Refuse more puzzles than a small full board has (see DIFFERENT_FULL_BOARDS)."""
    have = DIFFERENT_FULL_BOARDS.get((n, grade)) if shape is None else None
    if have is not None and count > have:
        others = ", ".join(f"{g}: {k}" for (m, g), k in DIFFERENT_FULL_BOARDS.items()
                           if m == n and g != grade)
        raise ArgumentError(
            f"count={count} puzzles asked, but there are only {have} different unique {grade} "
            f"double-{n} boards (up to turns, mirrors and renumbering); ask for fewer, a larger N"
            + (f" or another grade ({others})" if others else ""))


def _stopped(made: list[Generated], tried: int, repeats: int, start: float,
             reason: str) -> PuzzleSet:
    return PuzzleSet("stopped", made, tried, repeats, time.perf_counter() - start, reason)
