"""The first solution of a small board in one compiled call.

A first solve by the engine makes four compiled calls from Python: the model, the search's
records, level 0 and the search. A call takes its records in array by array, some forty arrays,
and on a small board a solve is short enough for that to matter: solved once, in a process
whose caches other processes have just used, as a user pays it, the calls cost several times
what the search does. On a board of at most ``first_cover_max_placements`` placements
(:data:`~dominosa_lab.solvers.fast.settings.SETTINGS`), below the sizes where the engine reads
the rule's table or belief propagation, when nothing is traced and the caller does not want
more than one solution (``Search.wanted``), :func:`first_cover` makes
all of it in one call, from the board's own arrays: the model, the records, level 0 and the
search up to its first solution, or to its end when there is none.

Anything else goes to the engine's ordinary path, started again from nothing: level 0 ending in
a conflict, a node budget or the deadline reached, the conflicts after which the ordinary path
may hand over, and every solution after the first. The engine is deterministic: from the same
arrays it takes the same steps, counts the same counters and finds the same first solution,
which its caller then skips (:func:`~dominosa_lab.solvers.fast.solve`).
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine import loop
from dominosa_lab.solvers.engine.decide import guides
from dominosa_lab.solvers.engine.fresh import bound, search_records
from dominosa_lab.solvers.engine.handover import hand_over_after
from dominosa_lab.solvers.engine.jit import kernel
from dominosa_lab.solvers.engine.rule import has_table
from dominosa_lab.solvers.engine.search import report_counters, search_flags
from dominosa_lab.solvers.engine.settings import SETTINGS as ENGINE
from dominosa_lab.solvers.engine.state import C_NONE, EXHAUSTED, SOLUTION
from dominosa_lab.solvers.fast.dominosa import RULE_MAX, DominosaCover, cover_lists, root_kernel
from dominosa_lab.solvers.fast.settings import SETTINGS

__all__ = ["first_cover", "first_cover_kernel"]


@kernel
def first_cover_kernel(pairs, values, domino_rank, max_pip, n_items, probe, max_nodes, flags,
                       reduce_first, luby_unit, deadline, slice_conflicts):
    """The board's model and search records, level 0 and the search up to ``slice_conflicts``
    conflicts: (what the search returned, or -1 when level 0 ended in a conflict; the true
    options; the counters; the choices by options left)."""
    m = cover_lists(pairs, values, domino_rank, max_pip, n_items)
    s, g = search_records(m.item_start, m.primary, pairs.shape[0], max_nodes, flags, RULE_MAX, 2,
                          reduce_first, luby_unit)
    what = -1
    if root_kernel(m, s, g, np.zeros(0, np.int64), values, pairs, max_pip, probe) == C_NONE:
        what, _ = loop.run(m, s, g, deadline, slice_conflicts)
    return what, np.flatnonzero(s.value == 1), s.counters, s.choices


def first_cover(board: DominosaCover, search: Search, probe: bool) -> np.ndarray | None:
    """The options of the board's first solution, found in one compiled call, with the
    search's counters reported to ``search``; an empty array when the board has none; None
    when the call does not settle it, or the board or search is not one it serves (see the
    module): then the ordinary path answers, from nothing."""
    placements = board.pairs.shape[0]
    hand_over = hand_over_after(search)
    if search.tracing or (search.wanted or 1) > 1 \
            or placements > SETTINGS.first_cover_max_placements \
            or has_table(placements) or guides(placements) or hand_over == 0:
        return None
    deadline = np.inf if search.deadline is None else search.deadline
    conflicts = ENGINE.slice_conflicts if hand_over is None else min(ENGINE.slice_conflicts,
                                                                     hand_over)
    what, cover, counters, choices = first_cover_kernel(
        board.pairs, board.values, board.domino_rank, board.max_pip, board.n_items, probe,
        bound(search.max_nodes), search_flags(search), ENGINE.reduce_first, ENGINE.luby_unit,
        deadline, conflicts)
    if what not in (SOLUTION, EXHAUSTED):
        return None
    report_counters(search.stats, counters, choices)
    return cover if what == SOLUTION else cover[:0]
