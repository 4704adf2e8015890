"""Belief propagation on an exact cover: how likely each open option is to be in a cover.

Every primary item is a constraint "exactly one of my open options is true"; an
option takes part in the constraints of the items it covers. Belief propagation
(sum-product, damped) passes messages between options and items until they
settle, and gives each option a log-odds of being true (:func:`log_odds`).
It is a heuristic, not a deduction: its beliefs are exact only on constraint graphs
without cycles, and nothing is ruled out by them. On random Dominosa boards they
are nearly right: of the planted placements left open at level 0 they believe in
98-99% at N = 60 and N = 100, and a search that tries the believed placement first
(:func:`~dominosa_lab.solvers.engine.decide.guide`) finds a solution there
without a single conflict (``benchmarks/results/beliefs.md``).

The messages are odds. An item's message to its option ``p`` is the odds that ``p``
covers it given the other options' messages: ``1 / sum_{q != p} odds(q -> item)``;
an option's message to an item is the product of the messages of its other items.
The messages start at 1 (every option as likely as not), so the result is
deterministic. Where the covers are symmetric (small boards with several solutions)
the beliefs may break the tie one way or the other by rounding, so renumbering the
options can change which way.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.errors import ArgumentError
from dominosa_lab.solvers.engine.jit import kernel, now
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import CoverModel

__all__ = ["log_odds"]


def log_odds(model: CoverModel, state: np.ndarray, iterations: int = SETTINGS.max_iterations,
             calm: int | None = SETTINGS.calm_rounds, deadline: float = np.inf) -> np.ndarray:
    """Per option, the log-odds that it is in a cover of the open options, by belief
    propagation over the primary items (``-inf`` for an option not open).

    Parameters
    ----------
    model : CoverModel
    state : array of int
        Per option: -1 open, 0 false, 1 true
        (:meth:`~dominosa_lab.solvers.engine.search.CoverSearch.state`); items already covered
        have no open option and drop out.
    iterations : int
        Rounds of message passing at most (fewer when the messages settle to
        ``belief_tolerance``, :data:`~dominosa_lab.solvers.engine.settings.SETTINGS`).
    calm : int or None
        Stop also when no option's sign has changed for this many rounds (the signs are then
        final, the sizes may still move); None: only when the messages settle.
    deadline : float
        Stop also when ``time.perf_counter()`` passes this (the beliefs of the last round are
        returned: a guide, not an answer).

    Returns
    -------
    array of float
        Per option: above 0 when the beliefs hold it more likely true than false.

    Examples
    --------
    >>> import numpy as np
    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> m = cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, True])   # covers {0} and {1, 2}
    >>> log_odds(m, np.full(3, -1)).tolist()         # each option is in one cover of two
    [0.0, 0.0, 0.0]
    >>> odds = log_odds(m, np.array([-1, 0, -1]))    # option 1 false: only {0} is left
    >>> bool(odds[0] > 10), float(odds[1]), bool(odds[2] < -10)
    (True, -inf, True)
    """
    if iterations < 1:
        raise ArgumentError(f"iterations must be at least 1, got {iterations}")
    if calm is not None and calm < 1:
        raise ArgumentError(f"calm must be at least 1 round or None, got {calm}")
    state = np.asarray(state, np.int64)
    if state.shape != (model.n_options,):
        raise ArgumentError(f"state must hold one value per option ({model.n_options}), "
                         f"got shape {state.shape}")
    return _log_odds(model.option_start, model.option_items, model.item_start, model.item_options,
                     model.primary, state, iterations, iterations if calm is None else calm,
                     float(deadline))


@kernel
def _log_odds(ost, oit, ist, iop, prim, state, iterations, calm, deadline):
    """:func:`log_odds` as one kernel (messages as odds)."""
    n_options = ost.shape[0] - 1
    live = np.zeros(iop.shape[0], np.uint8)
    for i in range(prim.shape[0]):
        for j in range(ist[i], ist[i + 1]):
            live[j] = prim[i] == 1 and state[iop[j]] == -1
    at = _positions(ost, oit, ist, iop)
    to_item = np.ones(iop.shape[0])
    to_option = np.ones(iop.shape[0])
    total = np.ones(n_options)
    bound = np.exp(SETTINGS.belief_tolerance)
    believed = np.zeros(n_options, np.bool_)
    still = 0
    for _ in range(iterations):
        moved = _item_messages(ist, live, to_item, to_option)
        _option_messages(ost, live, at, to_item, to_option, total)
        still = still + 1 if _same_signs(total, believed) else 0
        if moved < bound or still >= calm or now() > deadline:
            break
    out = np.log(total)
    for p in range(n_options):
        if state[p] != -1:
            out[p] = -np.inf
    return out


@kernel
def _same_signs(total, believed):
    """Whether every option's odds are on the same side of 1 as ``believed`` says; ``believed``
    is brought up to date."""
    same = True
    for p in range(total.shape[0]):
        above = total[p] > 1.0
        if above != believed[p]:
            believed[p] = above
            same = False
    return same


@kernel
def _positions(ost, oit, ist, iop):
    """Per entry of the options' item lists, the same pair's entry in the items' option lists."""
    at = np.empty(oit.shape[0], np.int64)
    for p in range(ost.shape[0] - 1):
        for k in range(ost[p], ost[p + 1]):
            j = ist[oit[k]]
            while iop[j] != p:
                j += 1
            at[k] = j
    return at


@kernel
def _item_messages(ist, live, to_item, to_option):
    """Every item's (damped) message to each of its open options: one over the sum of the
    other options' odds, moved halfway (in log-odds) from the old one against oscillation.
    Returns the largest change as a factor (at least 1)."""
    moved = 1.0
    for i in range(ist.shape[0] - 1):
        first, top, others = -1, 0.0, 0.0
        for j in range(ist[i], ist[i + 1]):
            if live[j]:
                if to_item[j] > top:
                    first, top, others = j, to_item[j], others + top
                else:
                    others += to_item[j]
        for j in range(ist[i], ist[i + 1]):
            if not live[j]:
                continue
            # the largest odds is summed last: a sum that leaves it out never cancels it
            rest = others if j == first else (others - to_item[j]) + top
            clip = SETTINGS.belief_clip
            new = clip if rest <= 1.0 / clip else max(1.0 / clip, 1.0 / rest)
            new = np.sqrt(new * to_option[j])
            moved = max(moved, new / to_option[j], to_option[j] / new)
            to_option[j] = new
    return moved


@kernel
def _option_messages(ost, live, at, to_item, to_option, total):
    """Every open option's odds (the product of its items' messages) and its message to each
    item (the product of the others')."""
    for p in range(ost.shape[0] - 1):
        t = 1.0
        for k in range(ost[p], ost[p + 1]):
            if live[at[k]]:
                t *= to_option[at[k]]
        total[p] = t
        for k in range(ost[p], ost[p + 1]):
            if live[at[k]]:
                to_item[at[k]] = min(SETTINGS.belief_clip,
                                     max(1.0 / SETTINGS.belief_clip, t / to_option[at[k]]))
