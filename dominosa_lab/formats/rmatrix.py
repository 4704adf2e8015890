"""The R blog's solution matrix: one row per domino, ``row col direction`` (1-based).

Direction 0 is horizontal, 1 vertical; the row names are the dominoes' labels
("03", or "3-10" from double-10 up).
"""

from __future__ import annotations

from dataclasses import dataclass

from dominosa_lab.core.options import check_type
from dominosa_lab.core.puzzle import Domino, Placement, Puzzle, Solution, as_puzzle
from dominosa_lab.errors import FormatError
from dominosa_lab.formats.text import entries, parse_number, text_lines

__all__ = ["SolutionMatrix", "domino_label", "parse_matrix", "solution_from_matrix", "to_matrix"]


def domino_label(domino: Domino, max_pip: int) -> str:
    """The R blog's row name of a domino: ``"03"``; ``"3-10"`` when ``max_pip >= 10``.

    Examples
    --------
    >>> domino_label((0, 3), 6), domino_label((3, 10), 12)
    ('03', '3-10')
    """
    lo, hi = domino
    return f"{lo}{hi}" if max_pip < 10 else f"{lo}-{hi}"


@dataclass(frozen=True)
class SolutionMatrix:
    """The R blog's solution table: one row per domino, ``row col direction`` (1-based).

    ``labels`` are the dominoes' names ("00", "01", ...), sorted by domino; ``entries``
    the ``(row, col, direction)`` triples, direction 0 horizontal and 1 vertical.
    """

    labels: tuple[str, ...]
    entries: tuple[tuple[int, int, int], ...]

    def as_dict(self) -> dict[str, tuple[int, int, int]]:
        """``{label: (row, col, direction)}``."""
        return dict(zip(self.labels, self.entries, strict=True))

    def __str__(self) -> str:
        width = max(len(lab) for lab in self.labels)
        lines = [" " * width + " row col direction"]
        for lab, (r, c, d) in zip(self.labels, self.entries, strict=True):
            lines.append(f"{lab:<{width}} {r:>3} {c:>3} {d:>9}")
        return "\n".join(lines)


def to_matrix(solution: Solution) -> SolutionMatrix:
    """The R blog's solution matrix (1-based row/col of the top-left cell, direction).

    Examples
    --------
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> s = Solution(p, [Placement((0, 0), (0, 1)), Placement((1, 0), (1, 1)),
    ...                  Placement((0, 2), (1, 2))])
    >>> print(to_matrix(s))
       row col direction
    00   1   1         0
    01   1   3         1
    11   2   1         0
    """
    check_type("solution", solution, Solution, "a Solution")
    n = solution.puzzle.max_pip
    rows = sorted(solution.dominoes().items())
    return SolutionMatrix(
        tuple(domino_label(d, n) for d, _ in rows),
        tuple((pl.a[0] + 1, pl.a[1] + 1, pl.direction) for _, pl in rows),
    )


def parse_matrix(text: str) -> SolutionMatrix:
    """The R blog's printed solution matrix (header line, then ``label row col direction``)."""
    labels, rows = [], []
    lines = text_lines(text, "the printed matrix")
    for lineno, raw in enumerate(lines, start=1):
        fields = entries(raw)
        if not fields or (not labels and fields == ["row", "col", "direction"]):
            continue
        if len(fields) != 4:
            raise FormatError(f"matrix line {lineno}: expected 'label row col direction', got "
                              f"{len(fields)} fields: {raw[:60]!r}")
        labels.append(fields[0])
        rows.append(tuple(parse_number(f, f"matrix line {lineno}, field {k}")
                          for k, f in enumerate(fields[1:], start=2)))
    return SolutionMatrix(tuple(labels), tuple(rows))


def solution_from_matrix(puzzle: Puzzle, matrix: SolutionMatrix) -> Solution:
    """The :class:`Solution` that an R blog matrix describes on ``puzzle``."""
    puzzle = as_puzzle(puzzle)
    check_type("matrix", matrix, SolutionMatrix, "a SolutionMatrix (see parse_matrix)")
    placements = []
    for label, (r, c, d) in zip(matrix.labels, matrix.entries, strict=True):
        if d not in (0, 1):
            raise FormatError(f"matrix row {label}: direction {d} is neither 0 nor 1")
        a = (r - 1, c - 1)
        placements.append(Placement(a, (a[0] + d, a[1] + 1 - d)))
    return Solution(puzzle, placements)
