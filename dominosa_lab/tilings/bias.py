"""Is a tiling sampler uniform? Samples, codes, and a chi-square test against uniform.

A sampler (see :mod:`dominosa_lab.tilings.sample`) is run with seeds 0, 1, 2, ...;
each tiling is written as a *code*, one letter per cell in row-major order
naming the side of its partner (``L``, ``R``, ``U``, ``D``; ``.`` for a gap),
so tilings compare as strings and per-cell statistics are a string lookup.
:func:`chi_square_uniform` tests observed tiling counts against equal
frequencies by Monte Carlo (no SciPy needed): the p-value is the share of
uniform multinomial samples of the same size whose statistic is at least the
observed one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from dominosa_lab.core.puzzle import Placement
from dominosa_lab.errors import PuzzleError
from dominosa_lab.tilings.count import BoardShape, board_mask, iter_tilings
from dominosa_lab.tilings.sample import checked_tiling, get_sampler

__all__ = [
    "ChiSquare",
    "all_codes",
    "chi_square_uniform",
    "code_counts",
    "code_tiling",
    "flippable_squares",
    "horizontal_share",
    "sample_codes",
    "tiling_code",
]

_SIDE = {(0, 1): "R", (0, -1): "L", (1, 0): "D", (-1, 0): "U"}


def tiling_code(placements: Iterable[Placement], shape: tuple[int, int]) -> str:
    """One letter per cell, row-major: where its partner lies (``L R U D``), ``.`` for a gap.

    Examples
    --------
    >>> tiling_code([Placement((0, 0), (0, 1)), Placement((1, 0), (1, 1))], (2, 2))
    'RLRL'
    """
    n_rows, n_cols = shape
    letters = ["."] * (n_rows * n_cols)
    for pl in placements:
        for (r, c), (r2, c2) in (pl.cells, pl.cells[::-1]):
            letters[r * n_cols + c] = _SIDE[(r2 - r, c2 - c)]
    return "".join(letters)


def code_tiling(code: str, shape: tuple[int, int]) -> list[Placement]:
    """The placements of a coded tiling (the inverse of :func:`tiling_code`).

    Examples
    --------
    >>> code_tiling("RLDRLU", (2, 3))
    [Placement((0, 0), (0, 1)), Placement((0, 2), (1, 2)), Placement((1, 0), (1, 1))]
    """
    n_cols = shape[1]
    step = {"R": (0, 1), "D": (1, 0)}
    return [
        Placement((i // n_cols, i % n_cols), (i // n_cols + step[ch][0], i % n_cols + step[ch][1]))
        for i, ch in enumerate(code)
        if ch in step
    ]


def horizontal_share(code: str) -> float:
    """The share of dominoes lying horizontally in a coded tiling.

    Examples
    --------
    >>> horizontal_share("RLDRLU")
    0.6666666666666666
    """
    covered = sum(ch != "." for ch in code)
    return sum(ch in "LR" for ch in code) / covered


def flippable_squares(code: str, shape: tuple[int, int]) -> int:
    """The 2x2 squares a tiling covers with two parallel dominoes (each could be turned 90°).

    Examples
    --------
    >>> flippable_squares("RLRL", (2, 2)), flippable_squares("DRLU", (2, 2))
    (1, 0)
    """
    n_rows, n_cols = shape
    rows = [code[r * n_cols:(r + 1) * n_cols] for r in range(n_rows)]
    return sum(
        (rows[r][c] + rows[r + 1][c] == "RR") or (rows[r][c] + rows[r][c + 1] == "DD")
        for r in range(n_rows - 1)
        for c in range(n_cols - 1)
    )


def sample_codes(board: BoardShape, sampler: str, seeds: Iterable[int]) -> dict[int, str]:
    """``{seed: code}`` of the tilings ``SAMPLERS[sampler]`` draws with ``default_rng(seed)``.

    A seed for which the sampler fails is left out: Darby's ``parity`` method
    can dead-end in all its builds. That does not change the distribution of the
    tilings that do come out: each build is a fresh draw and the first complete
    one is returned, so a tiling is a build conditioned on completing.

    Examples
    --------
    >>> codes = sample_codes((2, 2), "uniform", range(3))
    >>> sorted(codes), codes == sample_codes((2, 2), "uniform", range(3))
    ([0, 1, 2], True)
    """
    name, sample = get_sampler(sampler)
    mask = board_mask(board)
    codes = {}
    for seed in seeds:
        try:
            placements = sample(mask, np.random.default_rng(seed))
        except PuzzleError:
            if name != "parity":  # only Darby's builds may dead-end; other failures are errors
                raise
            continue
        codes[seed] = tiling_code(checked_tiling(mask, placements), mask.shape)
    return codes


def all_codes(board: BoardShape) -> list[str]:
    """The codes of every tiling of a (small) board, in enumeration order.

    Examples
    --------
    >>> all_codes((2, 3))
    ['RLDRLU', 'DRLURL', 'DDDUUU']
    """
    mask = board_mask(board)
    return [tiling_code(t, mask.shape) for t in iter_tilings(mask)]


@dataclass(frozen=True)
class ChiSquare:
    """Pearson's statistic against equal frequencies, its degrees of freedom and p-value."""

    statistic: float
    dof: int
    p_value: float
    replicates: int


def chi_square_uniform(
    counts: Iterable[int], seed: int = 0, replicates: int = 10_000
) -> ChiSquare:
    """Test observed category counts (zeros included) against a uniform distribution.

    Examples
    --------
    >>> chi_square_uniform([25, 25, 25, 25]).p_value
    1.0
    >>> chi_square_uniform([90, 5, 3, 2]).p_value
    0.0
    """
    counts = np.asarray(list(counts), dtype=float)
    k, total = len(counts), int(counts.sum())
    if k < 2 or total == 0:
        raise PuzzleError("a chi-square test needs at least two categories and one observation")
    expected = total / k
    statistic = float(((counts - expected) ** 2).sum() / expected)
    rng = np.random.default_rng(seed)
    null = rng.multinomial(total, np.full(k, 1 / k), size=replicates)
    null_stats = ((null - expected) ** 2).sum(axis=1) / expected
    p_value = float((null_stats >= statistic - 1e-9).mean())
    return ChiSquare(statistic, k - 1, p_value, replicates)


def code_counts(codes: Iterable[str], universe: Iterable[str]) -> dict[str, int]:
    """How often each tiling of ``universe`` occurs in ``codes`` (a code outside it is an error).

    Examples
    --------
    >>> code_counts(["RLRL", "RLRL"], ["RLRL", "DDUU"])
    {'RLRL': 2, 'DDUU': 0}
    """
    seen = Counter(codes)
    counts = {code: seen.pop(code, 0) for code in universe}
    if seen:
        raise PuzzleError(f"{sum(seen.values())} sampled tilings are not in the enumeration")
    return counts
