"""Darby's Domino Search (notebook 04): his generator's builds, tiling bias, search orders.

Only :func:`darby_orders` is a sweep on ``executor``; the builds and the bias
run in this process and take ``executor`` for the one signature of every experiment.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.experiments.sweep import random_boards, run_sweep, save_results, with_board_seed
from dominosa_lab.tilings.bias import all_codes, code_counts, horizontal_share, sample_codes
from dominosa_lab.tilings.parity import PICKS, build_rows

__all__ = [
    "DARBY_BIAS",
    "DARBY_BUILDS",
    "DARBY_NAIVE",
    "DARBY_ORDERS",
    "DARBY_SAYS",
    "RSA_DIMER_JAMMING",
    "RSA_DIMER_JAMMING_SOURCE",
    "darby_bias_large",
    "darby_bias_small",
    "darby_builds",
    "darby_naive",
    "darby_orders",
    "dimer_jamming",
]


#: Darby's own figures, as he wrote them: G. Darby, *Domino Search*, DelphiForFun (page of
#: 3 August 2008, with the addendum of 6 June 2013), section "Programmer's Notes", "Generating a
#: random puzzle", <http://delphiforfun.org/Programs/DominoSearch.htm>.
DARBY_SAYS = {
    "naive: dominoes placed before 'no more places left'": "20 or 21",
    "parity: attempts that usually find a solution": "fewer than 100",
    "parity: attempts per build (TryToBuild loops up to)": 1000,
    "parity: builds per puzzle (MakeSolution calls TryToBuild up to)": 10,
}

#: The jamming coverage of random sequential adsorption of dimers on the infinite square lattice
#: (the share of sites covered when no dimer fits), 0.9068, as the literature on random
#: sequential adsorption gives it (reviewed in J. W. Evans, "Random and cooperative sequential
#: adsorption", Rev. Mod. Phys. 65, 1281-1329 (1993)). :func:`dimer_jamming` measures it.
RSA_DIMER_JAMMING = 0.9068

#: Where :data:`RSA_DIMER_JAMMING` is reviewed, for a notebook to show beside the figure.
RSA_DIMER_JAMMING_SOURCE = ('J. W. Evans, "Random and cooperative sequential adsorption", '
                            "Rev. Mod. Phys. 65, 1281-1329 (1993)")


#: Darby's builds: boards N = 3..8 (his 8x7 is N = 6, with more seeds); the colour-balance
#: variant on his board; the naive method (no check, one build) on every board.
DARBY_BUILDS = {"ns": (3, 4, 5, 6, 7, 8), "seeds": range(300), "darby_seeds": range(1000)}

#: Darby's naive method read two ways on his 8 x 7 board: where an attempt draws its cell
#: (``pick``), and how many attempts a build makes before it gives up.
DARBY_NAIVE = {"caps": (25, 30, 40, 50, 60, 75, 100, 150, 200, 500, 1000), "picks": PICKS,
               "seeds": range(1000)}

#: Parity against uniform tilings: all 95 tilings of the 4 x 5 board (N = 3), and 7 x 8 (N = 6).
DARBY_BIAS = {"small": (4, 5), "small_seeds": range(20_000), "large": (7, 8),
              "large_seeds": range(2_000), "samplers": ("uniform", "parity")}

#: The search-order mystery: dominowise in its three orders (and dlx for reference).
DARBY_ORDERS = {"ns": (3, 4, 5, 6, 7, 8), "seeds": range(100), "max_nodes": 300_000}


def darby_builds(out: str | Path = "results", executor: ExecutorChoice | Workers = None) -> Path:
    """Every build of Darby's generator: attempts, refusals, dominoes placed, dead ends."""
    frames = []
    for n in DARBY_BUILDS["ns"]:
        cells = [(r, c) for r in range(n + 1) for c in range(n + 2)]
        seeds = DARBY_BUILDS["darby_seeds"] if n == 6 else DARBY_BUILDS["seeds"]
        runs = [("parity", {}), ("none", {"max_builds": 1})]
        runs += [("balance", {})] if n == 6 else []
        for check, bounds in runs:
            frames.append(pd.DataFrame(build_rows(cells, seeds, check, **bounds)).assign(n=n))
    return save_results(pd.concat(frames, ignore_index=True), out, "darby-builds")


def darby_naive(out: str | Path = "results", executor: ExecutorChoice | Workers = None) -> Path:
    """Darby's naive method (no check, one build) for each reading: cell pick and attempt cap."""
    cells = [(r, c) for r in range(7) for c in range(8)]
    frames = [
        pd.DataFrame(build_rows(cells, DARBY_NAIVE["seeds"], "none", max_builds=1,
                                max_attempts=cap, pick=pick)).assign(pick=pick, max_attempts=cap)
        for pick in DARBY_NAIVE["picks"]
        for cap in DARBY_NAIVE["caps"]
    ]
    return save_results(pd.concat(frames, ignore_index=True), out, "darby-naive")


def darby_bias_small(
    out: str | Path = "results", executor: ExecutorChoice | Workers = None
) -> Path:
    """How often each of the 95 tilings of the 4 x 5 board comes out of each sampler."""
    board, universe = DARBY_BIAS["small"], all_codes(DARBY_BIAS["small"])
    rows = [
        {"sampler": sampler, "tiling": i, "code": code, "count": count}
        for sampler in DARBY_BIAS["samplers"]
        for i, (code, count) in enumerate(code_counts(
            sample_codes(board, sampler, DARBY_BIAS["small_seeds"]).values(), universe).items())
    ]
    return save_results(pd.DataFrame(rows), out, "darby-bias-small")


def darby_bias_large(
    out: str | Path = "results", executor: ExecutorChoice | Workers = None
) -> Path:
    """One row per sampled 7 x 8 tiling: sampler, seed, its code and horizontal share.

    A seed for which Darby's method dead-ends in all ten builds has no row.
    """
    rows = [
        {"sampler": sampler, "seed": seed, "horizontal": horizontal_share(code), "code": code}
        for sampler in DARBY_BIAS["samplers"]
        for seed, code in sample_codes(DARBY_BIAS["large"], sampler,
                                       DARBY_BIAS["large_seeds"]).items()
    ]
    return save_results(pd.DataFrame(rows), out, "darby-bias-large")


def darby_orders(out: str | Path = "results", executor: ExecutorChoice | Workers = None) -> Path:
    """dominowise with orders pile, fewest, mrv, and dlx/mrv, on 100 boards per N."""
    boards = random_boards(DARBY_ORDERS["ns"], DARBY_ORDERS["seeds"])
    budget = DARBY_ORDERS["max_nodes"]
    frame = pd.concat([
        run_sweep(boards, methods="dominowise",
                  settings=[{"order": o} for o in ("pile", "fewest", "mrv")],
                  executor=executor, max_nodes=budget),
        run_sweep(boards, methods="dlx", settings={"order": "mrv"}, executor=executor,
                  max_nodes=budget),
    ], ignore_index=True)
    return save_results(with_board_seed(frame), out, "darby-orders")


def dimer_jamming(shape: tuple[int, int], seed: int) -> float:
    """The share of cells covered when random sequential dimer deposition on a board jams.

    Random sequential adsorption: a domino is laid at a random place (a random pair of adjacent
    cells) if both cells are free, and never moved; the process ends when no free pair is left.
    Trying every pair of adjacent cells once, in a uniformly random order, and laying each that
    fits gives the same jammed boards in law (each attempt of the process that lands is on a
    uniformly random pair among those still free, and a pair refused once stays refused), so this
    is the process run to its end. Darby's naive generator run until no move is left is this
    process on his 7 x 8 board.

    Examples
    --------
    >>> dimer_jamming((1, 2), seed=0)
    1.0
    >>> 0.85 < dimer_jamming((60, 60), seed=0) < 0.95
    True
    """
    rows, cols = shape
    cell = np.arange(rows * cols).reshape(rows, cols)
    pairs = np.concatenate([
        np.stack([cell[:, :-1].ravel(), cell[:, 1:].ravel()], axis=1),
        np.stack([cell[:-1, :].ravel(), cell[1:, :].ravel()], axis=1)])
    pairs = pairs[np.random.default_rng(seed).permutation(len(pairs))]
    free = np.ones(rows * cols, dtype=bool)
    covered = 0
    for a, b in pairs.tolist():
        if free[a] and free[b]:
            free[a] = free[b] = False
            covered += 2
    return covered / (rows * cols)
