"""Exact counting by components: the number of covers of a
:class:`~dominosa_lab.solvers.engine.state.CoverModel`, without listing them.

After the level-0 deductions, what is left splits into components (open options joined by the items
they share, :func:`~dominosa_lab.solvers.engine.split.split`); the count is the product of the
components' counts. A component is counted by branching on the item with fewest options left
(:func:`~dominosa_lab.solvers.engine.split.fewest`) on its first option ``q``: the covers with ``q``
(``q`` assumed, propagated, what is left split again and counted) plus the covers without it (``q``
refuted at the component's level, propagated, split again), and so on until a refutation is a
conflict or the rest falls apart. Each component's count is cached under its open options in
increasing order, a canonical key: the items still to cover are exactly the ones those options
cover, so two equal keys have equal counts (component caching, as sharpSAT and Ganak). Each step is
one compiled call of a :class:`Steps` record: by default (:data:`PLAIN`) propagation; a user with
deductions of its own hands its steps (Dominosa's add the Hall-set rule,
:func:`~dominosa_lab.solvers.fast.count.count_puzzle`). In a large component
(``check_min_options``, :data:`~dominosa_lab.solvers.engine.settings.SETTINGS`), the engine's
clause-learning search is asked first for the options every cover left holds (its backbone, among
the options of the last cover found: "a cover without one of these?", asked again without those each
answer lacks until there is none), and they are made true at once; then each branch with no cover
known to extend it asks whether any cover is left: a branch without one is cut at once, where
branching alone would refute its dead placements again in every branch below (on planted boards most
open placements are in no solution). Branching takes the option of the last cover found first, so
that its branch needs no question. A question whose search passes ``relax_conflicts`` conflicts
without a cover (``backbone_conflicts`` for the backbone; before any cover is known, as ``solve``:
``handover_conflicts``, and the relaxation asked as of a whole board) asks the fractional relaxation
(:mod:`~dominosa_lab.solvers.engine.relax`) with the same settled options and, for the backbone,
"the weights of these options sum to less than their number": the backbone's last question on a
planted board of N = 60 is one that neither the engine nor CaDiCaL answers in minutes, and it has no
fractional answer. Counts are Python integers: no overflow.

Counting by the house rule: nodes are the options made true, by an assumption or a deduction,
inside components and at level 0; a choice among k is recorded per assumption on an item with k
options left (the branch without it is no choice: it is the rest of the same count); an
assumption or refutation that ends in a conflict is a dead end; backtracks are the placements
taken back from a branch that counted nothing; the nodes of the clause-learning checks are not
counted. ``components``, ``cache_hits`` and ``checks`` say how many components were counted, how
many were found in the cache and how many checks were made.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from itertools import pairwise
from typing import Any, NamedTuple

import numpy as np

from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine import split as moves
from dominosa_lab.solvers.engine.decide import guide
from dominosa_lab.solvers.engine.relax import fractional_cover_exists, lacking_options
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.split import fewest, open_level, retract, some_false, split
from dominosa_lab.solvers.engine.state import C_NONE, C_STOP, CoverModel

__all__ = ["PLAIN", "ComponentCount", "Steps", "count", "count_covers"]


class ComponentCount(NamedTuple):
    """An exact count and the work it took: ``components`` counted (each once), ``cache_hits``
    (components found counted already), ``checks`` (questions to the clause-learning search)."""

    count: int
    components: int
    cache_hits: int
    checks: int


class Steps(NamedTuple):
    """A counter's three steps, each a compiled kernel followed by ``args``, each returning the
    conflict kind of its consequences (C_STOP: the node budget is spent): ``assume(m, s, g, q,
    k, *args)`` (option q true at a new level, a choice among k), ``refute(m, s, g, q, *args)``
    (q false at the current level), ``force(m, s, g, options, *args)`` (every open option of
    ``options`` true at a new level). Build them from :mod:`~dominosa_lab.solvers.engine.split`'s
    moves and :func:`~dominosa_lab.solvers.engine.split.settled`."""

    assume: Any
    refute: Any
    force: Any
    args: tuple = ()


#: The steps of :func:`count_covers`: each move, then propagation.
PLAIN = Steps(moves.assume, moves.refute, moves.force)


class _Counter:
    """One count: the engine's records, the scratch rows of splitting and the cache."""

    def __init__(self, engine, steps: Steps, check_min: int | None) -> None:
        self.engine, self.steps = engine, steps
        self.check_min = SETTINGS.check_min_options if check_min is None else check_min
        self.m, self.s, self.clauses = engine.model, engine.s, engine.clauses
        self.seen = np.full(self.m.n_items, -1, np.int64)
        self.parent = np.zeros(self.m.n_options, np.int64)
        self.cache: dict[bytes, int] = {}
        self.components = self.hits = self.checks = 0
        self.phase: np.ndarray | None = None

    def product(self, options: np.ndarray) -> int:
        """The product of the counts of the components the open ``options`` form."""
        grouped, starts = split(self.m, self.s, options, self.seen, self.parent)
        result = 1
        for a, b in pairwise(starts.tolist()):
            result *= self.component(grouped[a:b])
            if result == 0:
                break
        return result

    def component(self, options: np.ndarray) -> int:
        """The count of one component (its open options, in increasing order)."""
        key = options.tobytes()
        known = self.cache.get(key)
        if known is not None:
            self.hits += 1
            return known
        self.components += 1
        self.engine.search.check_time()
        base = int(self.s.counters["level"][0])
        total = self._settle(options, base)
        self._retract(base, total)
        self.cache[key] = total
        return total

    def _settle(self, options: np.ndarray, base: int) -> int:
        """In a large component, the options every cover left holds made true first (one
        deduction, :meth:`_backbone`), then branching on what is left."""
        if options.shape[0] >= self.check_min:
            held = self._backbone(options)
            if held is None:
                return 0
            if held.shape[0]:
                m, s = self.m, self.s
                if self._conflict(self.steps.force(m, s, self.clauses, held, *self.steps.args)):
                    return 0
                grouped, starts = split(m, s, options, self.seen, self.parent)
                if starts.shape[0] != 2:
                    return self.product(grouped)
                options = grouped
        return self._branch(options, base)

    def _branch(self, options: np.ndarray, base: int) -> int:
        """Covers with an option of the item with fewest options (one of the last cover found
        if it has one), plus those without it, until the rest is a conflict or falls apart."""
        m, s, g = self.m, self.s, self.clauses
        total = 0
        while True:
            choices = fewest(m, s, options)
            q = self._pick(choices)
            level = int(s.counters["level"][0])
            conflict = self._conflict(self.steps.assume(m, s, g, q, max(choices.shape[0], 2),
                                                         *self.steps.args))
            count = 0 if conflict or not self._extends(options) else self.product(options)
            self._retract(level, count)
            total += count
            if level == base:
                open_level(s)
            if self._conflict(self.steps.refute(m, s, g, q, *self.steps.args)) \
                    or not self._extends(options):
                return total
            grouped, starts = split(m, s, options, self.seen, self.parent)
            if starts.shape[0] != 2:
                return total + self.product(grouped)
            options = grouped

    def _pick(self, choices: np.ndarray) -> int:
        """The option of the last cover found among ``choices`` (the branch with it then has a
        cover: no check), else the first."""
        if self.phase is not None:
            held = choices[np.isin(choices, self.phase)]
            if held.shape[0]:
                return int(held[0])
        return int(choices[0])

    def _fits(self) -> bool:
        """Whether the last cover found still extends the current state (deductions are sound:
        they never rule out an option of a cover that extends the state)."""
        return self.phase is not None and bool((self.s.value[self.phase] != 0).all())

    def _extends(self, options: np.ndarray) -> bool:
        """Whether a cover extends the current state: the last cover found, or one the engine's
        clause-learning search finds (asked only in components of at least
        ``check_min_options`` options, :data:`SETTINGS`: a branch with no cover is then cut at
        once instead of refuted again in every branch below it; its nodes are not counted)."""
        if options.shape[0] < self.check_min or self._fits():
            return True
        cover = self._search(None)
        if cover is not None:
            self.phase = cover
        return cover is not None

    def _backbone(self, options: np.ndarray) -> np.ndarray | None:
        """The options of the last cover among the open ``options`` that every cover left holds
        (None: no cover is left). Asked of the clause-learning search as one question, "a cover
        without one of them", and asked again without those its answer lacks, until there is
        none: one refutation for all of them, where branching would refute each alternative of
        each of them in turn."""
        if not self._extends(options):
            return None
        held = options[np.isin(options, self.phase)]
        while held.shape[0]:
            cover = self._search(held)
            if cover is None:
                return held
            self.phase = cover
            held = held[np.isin(held, cover)]
        return held

    def _search(self, differ: np.ndarray | None) -> np.ndarray | None:
        """A cover extending the current state (with ``differ``: lacking an option of it) from a
        fresh clause-learning search steered to the last cover found (before one is found: to
        the placements belief propagation believes in); None when there is none. A search that
        passes ``relax_conflicts`` conflicts without a cover (with ``differ``:
        ``backbone_conflicts``; :data:`SETTINGS`) asks the fractional relaxation
        (:mod:`~dominosa_lab.solvers.engine.relax`); without a verdict from it, a cover lacking
        one of the options a fractional cover lacks is looked for (:meth:`_lacking`), then the
        search starts again with no limit."""
        self.checks += 1
        try:
            oracle = self._oracle(differ, self._patience(differ))
            cover = None if oracle is None else next(oracle.covers(), None)
            if cover is not None or oracle is None or oracle.handed_over is None:
                return cover
            if differ is None:
                if not fractional_cover_exists(self.m, oracle.search, oracle.handed_over,
                                               whole=self.phase is None):
                    return None
            else:
                light = lacking_options(self.m, oracle.search, oracle.handed_over, differ)
                if light is None:
                    return None
                cover = self._lacking(light)
                if cover is not None:
                    return cover
            oracle = self._oracle(differ, None)
            return None if oracle is None else next(oracle.covers(), None)
        except SearchStopped:
            self.engine.search.check_time()  # the count's own time limit, in its words
            raise

    def _patience(self, differ: np.ndarray | None) -> int:
        """The conflicts a question's search may spend without a cover before the relaxation
        is asked: before any cover is known, whether the board has one at all is asked as
        ``solve`` asks it (after ``handover_conflicts``, and of the relaxation as a whole board:
        PDLP first), where asked as an inner question a board with two numbers exchanged of
        N = 150 ran out of the count's default minute; then ``relax_conflicts``, or
        ``backbone_conflicts`` with ``differ`` (all :data:`SETTINGS`)."""
        if differ is not None:
            return SETTINGS.backbone_conflicts
        return SETTINGS.handover_conflicts if self.phase is None else SETTINGS.relax_conflicts

    def _lacking(self, light: np.ndarray) -> np.ndarray | None:
        """A cover lacking one of the ``light`` options (those a fractional cover lacks), if
        the clause-learning search finds one within ``backbone_conflicts`` conflicts: it
        lacks one of the question's options too, and is looked for among fewer."""
        if not light.shape[0]:
            return None
        oracle = self._oracle(light, SETTINGS.backbone_conflicts)
        return None if oracle is None else next(oracle.covers(), None)

    def _oracle(self, differ: np.ndarray | None, hand_over_at: int | None) -> CoverSearch | None:
        """The clause-learning search of :meth:`_search`, started (None: its level 0 finds no
        cover), stopping after ``hand_over_at`` conflicts without a cover."""
        deadline = self.engine.search.deadline
        left = None if deadline is None else max(deadline - time.perf_counter(), 1e-3)
        oracle = CoverSearch(self.m, Search(time_limit=left), int,
                             dead=np.flatnonzero(self.s.value == 0))
        if not oracle.start():
            return None
        if differ is not None:
            kind, oracle.clauses = some_false(oracle.model, oracle.s, oracle.clauses, differ)
            if kind != C_NONE:
                return None
        if self.phase is None:
            guide(oracle)
        else:
            oracle.prefer(self.phase)
        oracle.hand_over_at = hand_over_at
        return oracle

    def _retract(self, level: int, count: int) -> None:
        retract(self.m, self.s, level, count > 0)

    def _conflict(self, kind: int) -> bool:
        """Whether a step ended in a conflict; raises when it spent the node budget."""
        if kind == C_STOP:
            self.engine.search.stats.nodes = self.engine.counters["nodes"]
            self.engine.search.check_nodes()
        return kind != C_NONE


@contextmanager
def _deep(frames: int):
    """Room for ``frames`` more Python frames while counting (a component's count recurses
    through its sub-components)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(old + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def count(engine, started: bool, steps: Steps = PLAIN,
          check_min: int | None = None) -> ComponentCount:
    """The count of ``engine``'s model after its level 0 (``started``: False when level 0 found a
    conflict), by ``steps``, with the engine's counters copied to its search. Components of at
    least ``check_min`` open options (None: ``check_min_options``, :data:`SETTINGS`) ask the
    clause-learning search."""
    counter = _Counter(engine, steps, check_min)
    try:
        with _deep(8 * counter.m.n_options):
            total = counter.product(np.arange(counter.m.n_options)) if started else 0
    finally:
        _copy_counters(engine)
    engine.search.stats.solutions = total
    return ComponentCount(total, counter.components, counter.hits, counter.checks)


def _copy_counters(engine) -> None:
    """The engine's counters into its search's stats."""
    stats, counters = engine.search.stats, engine.counters
    stats.nodes, stats.backtracks = counters["nodes"], counters["backtracks"]
    stats.max_depth, stats.branching = counters["max_depth"], engine.branching


def count_covers(model: CoverModel, search: Search, dead=(),
                 check_min: int | None = None) -> ComponentCount:
    """The number of exact covers of ``model`` (options ``dead`` excluded), counted by
    components with the :data:`PLAIN` steps; the engine's counters go to ``search``
    (untraced). Components of at least ``check_min`` open options (None:
    ``check_min_options``, :data:`SETTINGS`) ask the clause-learning search.

    Raises
    ------
    SearchStopped
        When the budget of ``search`` runs out.

    Examples
    --------
    >>> from dominosa_lab.core.exact_cover import ExactCover
    >>> from dominosa_lab.solvers.engine.state import from_exact_cover
    >>> pairs = ExactCover(4, 0, [[0, 1], [2, 3], [0, 2], [1, 3], [0], [1], [2], [3]])
    >>> count_covers(from_exact_cover(pairs), Search()).count
    7
    """
    engine = CoverSearch(model, search, int, dead=dead, learn=False)
    return count(engine, engine.start(), PLAIN, check_min)
