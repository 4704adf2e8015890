"""Small exact-cover models and engine states built by keyword, for the kernels' own tests.

``model({0, 1}, {0}, {1})`` is the model whose option 0 covers items 0 and 1, option 1 item 0
and option 2 item 1; ``state(model, learn=False, max_nodes=3)`` its state before any search,
without clause learning and with a budget of three nodes. Literals are written ``yes(q)`` ("q
is true", ``2q``) and ``no(q)`` ("q is false", ``2q + 1``), as the engine writes them.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from dominosa_lab.solvers.engine.assign import make_true, new_level
from dominosa_lab.solvers.engine.fresh import new_clauses, new_search_state
from dominosa_lab.solvers.engine.learn import add_clause
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import (
    F_LEARN,
    F_MINIMIZE,
    F_RESTARTS,
    F_TARGET,
    F_TRACE,
    R_DEC,
    Clauses,
    CoverModel,
    SearchState,
    cover_model,
)

__all__ = ["clauses", "counters", "decide", "model", "no", "snapshot", "state", "store",
           "trail", "yes"]

def model(*options: Iterable[int], n_items: int | None = None, secondary: Iterable[int] = (),
          klass: Iterable[int] | None = None, rule: Iterable[int] | None = None) -> CoverModel:
    """The model whose option ``o`` covers the items ``options[o]`` (listed in increasing
    order); items ``secondary`` are covered at most once, the others exactly once; ``klass``
    and ``rule`` per item as :func:`~dominosa_lab.solvers.engine.state.cover_model` takes them."""
    lists = [sorted(o) for o in options]
    n = n_items if n_items is not None else 1 + max(max(o) for o in lists)
    starts = np.cumsum([0, *map(len, lists)])
    items = [i for o in lists for i in o]
    primary = [i not in set(secondary) for i in range(n)]
    return cover_model(starts, items, primary,
                       None if klass is None else list(klass),
                       None if rule is None else list(rule))


def state(m: CoverModel, *, learn: bool = True, minimize: bool = False, target: bool = False,
          restarts: bool = False, trace: bool = False, max_nodes: int | None = None,
          rule_max: int | None = None, **fields: int) -> SearchState:
    """The state of a search over ``m`` before it starts, with the flags named (the driver's
    store halving first at ``reduce_first`` clauses,
    :data:`~dominosa_lab.solvers.engine.settings.SETTINGS`) and any counter set by its name
    (``since_restart=300``). A traced state has room
    for a thousand events."""
    flags = ((F_LEARN if learn else 0) | (F_MINIMIZE if minimize else 0)
             | (F_TARGET if target else 0) | (F_RESTARTS if restarts else 0)
             | (F_TRACE if trace else 0))
    s = new_search_state(m, max_nodes=max_nodes, flags=flags, rule_max=rule_max,
                         events=2000 if trace else 2)
    s.counters["reduce_at"] = SETTINGS.reduce_first
    for name, value in fields.items():
        s.counters[name] = value
    return s


def counters(s: SearchState) -> np.record:
    """The counters of ``s``, read and written by name as the kernels do
    (``counters(s).level``)."""
    return s.counters.view(np.recarray)[0]


def clauses(m: CoverModel, room: int | None = None) -> Clauses:
    """An empty clause store for ``m``: the engine's, or one with room for ``room`` clauses
    of two literals (its arrays of the same types, so the same compiled kernels take it)."""
    g = new_clauses(m.n_options)
    if room is None:
        return g
    return Clauses(g.literals[:2 * room].copy(), g.start[:room].copy(), g.length[:room].copy(),
                   g.lbd[:room].copy(), g.deleted[:room].copy(), g.activity[:room].copy(),
                   g.watch_literal[:2 * room].copy(), g.watch_next[:2 * room].copy(),
                   g.watch_head)


def yes(q: int) -> int:
    """The literal "option q is true"."""
    return 2 * q


def no(q: int) -> int:
    """The literal "option q is false"."""
    return 2 * q + 1


def store(s: SearchState, g: Clauses, literals: Iterable[int], lbd: int = 2) -> tuple[int, Clauses]:
    """Add the clause of ``literals`` (two or more, the first two watched) to the store, as
    learning would: (its index, the store)."""
    lits = np.array(list(literals), np.int64)
    return add_clause(s, g, lits, lits.shape[0], lbd)


def decide(m: CoverModel, s: SearchState, q: int) -> bool:
    """Open a level and make option q true there as a decision (not propagated)."""
    new_level(s)
    return make_true(m, s, q, R_DEC, -1)


def trail(s: SearchState) -> list[int]:
    """The options on the trail, in the order they got their values."""
    return s.trail[:counters(s).trail_len].tolist()


def snapshot(s: SearchState) -> dict[str, list[int]]:
    """What an assignment changes and a backjump must restore: values, options left and
    covers per item, the trail, and the counters (but those of nodes, backtracks and depth,
    which a backjump does not take back)."""
    kept = [name for name in s.counters.dtype.names
            if name not in ("nodes", "backtracks", "max_depth")]
    return {"value": s.value.tolist(), "left": s.left.tolist(), "cover": s.cover.tolist(),
            "trail": trail(s), "counters": s.counters[kept].tolist()}
