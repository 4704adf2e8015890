"""Caviness's census, exactly: how many solutions every arrangement of the numbers has.

For the double-N set the board is (N+1) x (N+2) and each number 0..N is written
N+2 times; an *arrangement* is one way to do that, and its solutions are the
domino tilings of the board whose dominoes are the whole set, each once. The
census is ``A_k``, the number of arrangements with exactly ``k`` solutions, for
every ``k``; from it come the fraction of solvable and of unique boards, the
largest count, and the same for *planted* boards (a random set laid on a
uniformly random tiling, :func:`~dominosa_lab.random_puzzle`): an arrangement
with ``k`` solutions is planted in ``k`` ways, so a planted board has ``k``
solutions with probability ``k A_k / sum_j j A_j``.

Method (the compiled loop is :mod:`~dominosa_lab.experiments._census_kernel`):

* **Relabelling.** Only *canonical* arrangements are listed: numbers appear
  for the first time in the order 0, 1, 2, ... (row-major). Every number occurs,
  so each canonical arrangement stands for exactly (N+1)! arrangements, all with
  its count; the census reports all arrangements.
* **Shared prefixes.** One depth-first pass over the cells carries the set of
  tilings still viable, so arrangements with a common prefix share its work,
  and a prefix that no tiling survives is counted in closed form.
* **Chunks.** The canonical prefixes of the first ``depth`` cells split the
  work into independent chunks (186 for N = 3), each a task for
  :func:`~dominosa_lab.experiments.chunks.run_chunks`; results are merged by
  chunk id, so the census is the same on any executor and in any order.
* **Checks.** ``sum_k A_k`` is the number of arrangements and ``sum_k k A_k``
  the number of (arrangement, solution) pairs, tilings x D! x 2^(D-N-1)
  (:func:`~dominosa_lab.tilings.count.schema_census`); :meth:`Census.check`
  holds every census to both.

The board has at most 128 tilings up to N = 3 (4 x 5 has 95); N = 4 has 1,183
tilings and 1.4e18 arrangements, out of reach of any enumeration.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from dominosa_lab.core.options import check_count
from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.errors import ArgumentError
from dominosa_lab.experiments._census_kernel import enumerate_chunk
from dominosa_lab.experiments.chunks import Chunk, ChunkStore, run_chunks
from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.tilings.count import iter_tilings, kasteleyn_count, schema_census

__all__ = [
    "MAX_CENSUS_N",
    "Census",
    "arrangements",
    "census",
    "census_chunk",
    "census_chunks",
    "chunk_arrangements",
    "mean_solutions",
    "merge_census",
]

#: The largest N whose board has at most 128 tilings (two machine words of viable tilings).
MAX_CENSUS_N = 3

#: Cells fixed per chunk by default: one chunk for N <= 2, 186 chunks for N = 3.
_DEPTH = {0: 0, 1: 1, 2: 1, 3: 6}


def arrangements(n: int) -> int:
    """The number of arrangements of the double-``n`` numbers: ((n+1)(n+2))! / ((n+2)!)^(n+1).

    Examples
    --------
    >>> [arrangements(n) for n in (1, 2, 3)]
    [20, 34650, 11732745024]
    """
    n = check_count("n", n, allow_none=False)
    return math.factorial((n + 1) * (n + 2)) // math.factorial(n + 2) ** (n + 1)


def mean_solutions(n: int) -> Fraction:
    """The mean number of solutions of a shuffled double-``n`` board, exactly, for any ``n``.

    Every (arrangement, solution) pair is one tiling with the set laid on it:
    tilings x D! x 2^(D-n-1) pairs over :func:`arrangements` boards. By Markov's
    inequality it is also a ceiling on the fraction of boards with a solution.
    The tilings come from Kasteleyn's product formula, so large ``n`` is quick.

    Examples
    --------
    >>> mean_solutions(3), float(mean_solutions(20)) < 1e-20
    (Fraction(32000, 17017), True)
    """
    n = check_count("n", n, allow_none=False)
    dominoes = (n + 1) * (n + 2) // 2
    pairs = kasteleyn_count(n + 1, n + 2) * math.factorial(dominoes) * 2 ** (dominoes - n - 1)
    return Fraction(pairs, arrangements(n))


@dataclass(frozen=True)
class Census:
    """The exact census of the double-``n`` board.

    ``counts[k]`` is ``A_k``, the number of arrangements with ``k`` solutions
    (only the ``k`` that occur); ``max_k`` is the largest ``k``, ``at_max`` the
    arrangements that reach it and ``example`` the first of them in row-major
    order among canonical arrangements; ``nodes`` the cells filled by the enumeration.
    """

    n: int
    counts: dict[int, int]
    max_k: int
    at_max: int
    example: Puzzle
    nodes: int

    @property
    def arrangements(self) -> int:
        """All arrangements counted: ``sum_k A_k``."""
        return sum(self.counts.values())

    @property
    def solutions(self) -> int:
        """All (arrangement, solution) pairs: ``sum_k k A_k``."""
        return sum(k * a for k, a in self.counts.items())

    def fraction(self, k: int | None = None, planted: bool = False) -> Fraction:
        """The exact fraction of boards with ``k`` solutions (``None``: at least one).

        ``planted=True`` gives it for planted boards, where an arrangement
        with ``k`` solutions weighs ``k``.

        Examples
        --------
        >>> c = census(1, "serial", progress=False)
        >>> c.fraction(), c.fraction(1), c.fraction(1, planted=True)
        (Fraction(9, 10), Fraction(1, 5), Fraction(1, 9))
        """
        weight = (lambda j: j) if planted else (lambda j: 1)
        total = sum(weight(j) * a for j, a in self.counts.items())
        hits = sum(weight(j) * a for j, a in self.counts.items() if (j >= 1 if k is None
                                                                      else j == k))
        return Fraction(hits, total)

    def check(self) -> None:
        """Raise ``AssertionError`` unless both totals match their closed forms."""
        assert self.arrangements == arrangements(self.n), (self.arrangements, self.n)
        assert self.solutions == schema_census(self.n).pairs, (self.solutions, self.n)


@cache
def _tables(n: int) -> tuple[np.ndarray, ...]:
    """The kernel's tables: tiling masks ``left``/``up``, domino ids, binomials, factorials."""
    if not 0 <= n <= MAX_CENSUS_N:
        raise ArgumentError(f"the exact census runs for 0 <= n <= {MAX_CENSUS_N} (at most 128 "
                            f"tilings), got n={n}; sample larger boards instead")
    height, width = n + 1, n + 2
    cells = height * width
    left = np.zeros((cells, 2), np.uint64)
    up = np.zeros((cells, 2), np.uint64)
    for t, tiling in enumerate(iter_tilings((height, width))):
        word, bit = np.uint64(1) << np.uint64(t % 64), t // 64
        for pl in tiling:
            (r1, _), (r2, c2) = pl.cells
            second = r2 * width + c2
            (left if r1 == r2 else up)[second, bit] |= word
    domino = np.zeros((n + 1, n + 1), np.int64)
    pairs = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
    for i, (a, b) in enumerate(pairs):
        domino[a, b] = domino[b, a] = i
    binom = np.array([[math.comb(i, j) for j in range(cells + 1)] for i in range(cells + 1)],
                     np.int64)
    fact = np.array([math.factorial(i) for i in range(n + 2)], np.int64)
    return left, up, domino, binom, fact


def _check_prefix(n: int, prefix: tuple[int, ...]) -> None:
    counts = [0] * (n + 1)
    introduced = 0
    for i, v in enumerate(prefix):
        if not 0 <= v <= min(introduced, n) or counts[v] == n + 2:
            raise ArgumentError(f"prefix {prefix} is not canonical for n={n} at position {i}: "
                                f"numbers come in first-appearance order, each n+2 times")
        counts[v] += 1
        introduced = max(introduced, v + 1)
    if len(prefix) > (n + 1) * (n + 2):
        raise ArgumentError(f"prefix {prefix} is longer than the board")


def chunk_arrangements(n: int, prefix: tuple[int, ...]) -> int:
    """Arrangements (all relabellings) whose canonical form starts with ``prefix``.

    Examples
    --------
    >>> chunk_arrangements(2, ()), chunk_arrangements(2, (0, 0)) + chunk_arrangements(2, (0, 1))
    (34650, 34650)
    """
    _check_prefix(n, prefix)
    left = (n + 1) * (n + 2) - len(prefix)
    total = 1
    for v in range(n + 1):
        rest = n + 2 - prefix.count(v)
        total *= math.comb(left, rest)
        left -= rest
    introduced = max(prefix) + 1 if prefix else 0
    return total // math.factorial(n + 1 - introduced) * math.factorial(n + 1)


def census_chunks(n: int, depth: int | None = None) -> list[Chunk]:
    """The chunks of the census: every canonical prefix of the first ``depth`` cells.

    Each chunk's ``size`` is the number of arrangements it stands for.

    Examples
    --------
    >>> chunks = census_chunks(3)
    >>> len(chunks), chunks[0].id, sum(c.size for c in chunks) == arrangements(3)
    (186, 'n3-000001', True)
    """
    n = check_count("n", n, allow_none=False)
    depth = _DEPTH.get(n, 0) if depth is None else check_count("depth", depth)
    prefixes: list[tuple[int, ...]] = [()]
    for _ in range(depth):
        prefixes = [(*p, v) for p in prefixes for v in range(min(max(p, default=-1) + 1, n) + 1)
                    if p.count(v) < n + 2]
    return [Chunk(f"n{n}-{''.join(map(str, p)) or 'all'}", (n, p), chunk_arrangements(n, p))
            for p in prefixes]


def census_chunk(payload: tuple[int, tuple[int, ...]]) -> dict[str, Any]:
    """The census of one chunk ``(n, prefix)``, as a JSON-ready dict of all arrangements.

    Keys: ``counts`` ({k: A_k}), ``max_k``, ``at_max``, ``example`` (row-major
    numbers, or None), ``nodes``.
    """
    n, prefix = payload
    prefix = tuple(int(v) for v in prefix)
    _check_prefix(n, prefix)
    left, up, domino, binom, fact = _tables(n)
    hist = np.zeros(2 * 64 + 1, np.int64)
    max_k, at_max, best, nodes = enumerate_chunk(
        np.array(prefix, np.int64), n + 1, n + 2, n + 1, n + 2, left, up, domino, binom, fact, hist)
    orbit = math.factorial(n + 1)
    return {
        "counts": {int(k): int(a) * orbit for k, a in enumerate(hist) if a},
        "max_k": int(max_k),
        "at_max": int(at_max) * orbit if max_k >= 0 else 0,
        "example": [int(v) for v in best] if max_k >= 0 else None,
        "nodes": int(nodes),
    }


def merge_census(n: int, results: Mapping[str, Mapping[str, Any]]) -> Census:
    """Add up chunk results (keyed by chunk id): counts add, the maximum keeps its first board.

    The outcome does not depend on the order of the results: ties for the
    example go to the lexicographically first board.
    """
    counts: dict[int, int] = {}
    max_k, at_max, example, nodes = -1, 0, None, 0
    for chunk_id in sorted(results):
        result = results[chunk_id]
        for k, a in result["counts"].items():
            counts[int(k)] = counts.get(int(k), 0) + int(a)
        nodes += result["nodes"]
        if result["max_k"] < 0:  # no arrangement of the chunk has a tiling: no example
            continue
        if result["max_k"] > max_k:
            max_k, at_max, example = result["max_k"], result["at_max"], result["example"]
        elif result["max_k"] == max_k:
            at_max += result["at_max"]
            example = min(example, result["example"])
    width = n + 2
    rows = [example[i:i + width] for i in range(0, len(example), width)]
    return Census(n, dict(sorted(counts.items())), max_k, at_max, Puzzle(rows, max_pip=n), nodes)


def census(
    n: int,
    executor: ExecutorChoice | Workers = None,
    *,
    depth: int | None = None,
    store: ChunkStore | str | Path | None = None,
    progress: bool = True,
) -> Census:
    """The exact census of the double-``n`` board (``n <= 3``), checked against its closed forms.

    Parameters
    ----------
    n : int
        The double-n set, 0 to :data:`MAX_CENSUS_N`.
    executor : optional
        Where the chunks run (see :func:`~dominosa_lab.experiments.executors.open_executor`).
    depth : int, optional
        Cells fixed per chunk (more cells, more and smaller chunks).
    store : ChunkStore or folder, optional
        Keep each finished chunk there; a census started again skips them.
    progress : bool
        Show a progress bar counting arrangements.

    Raises
    ------
    ArgumentError
        For ``n`` above :data:`MAX_CENSUS_N`.

    Examples
    --------
    >>> c = census(2, "serial", progress=False)
    >>> c.arrangements, c.counts[1], c.max_k, c.at_max
    (34650, 4824, 10, 240)
    >>> c.fraction(), c.fraction(1)
    (Fraction(3632, 5775), Fraction(268, 1925))
    """
    n = check_count("n", n, allow_none=False)
    _tables(n)  # refuse a large n before anything runs
    results = run_chunks(census_chunk, census_chunks(n, depth), executor, store=store,
                         progress=progress, desc=f"census N={n}", unit="boards")
    result = merge_census(n, results)
    result.check()
    return result
