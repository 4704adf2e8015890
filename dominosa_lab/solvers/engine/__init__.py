"""A clause-learning engine on exact cover, compiled with numba, that knows no puzzle.

A user hands it one named record, a :class:`~dominosa_lab.solvers.engine.state.CoverModel` (its
options and items as arrays, which items are primary, and the classes through which the
blocked-option rule reads them), and drives it through
:class:`~dominosa_lab.solvers.engine.search.CoverSearch` (solutions, one by one, with the
counters of the house rule) or
:func:`~dominosa_lab.solvers.engine.count.count` (exact counting by components, by the user's
:class:`~dominosa_lab.solvers.engine.count.Steps`). Deductions of the user's own are compiled
kernels that call the engine's (:meth:`~dominosa_lab.solvers.engine.search.CoverSearch.deduce` at
level 0, the steps while counting). Two users: Dominosa (:mod:`~dominosa_lab.solvers.fast`) and
DominoPeg (:mod:`~dominosa_lab.dominopeg.exact`).

By concern: :mod:`~dominosa_lab.solvers.engine.state` (the named records),
:mod:`~dominosa_lab.solvers.engine.assign` (the trail and the counters),
:mod:`~dominosa_lab.solvers.engine.rules` (one row per kind of step),
:mod:`~dominosa_lab.solvers.engine.propagate`, :mod:`~dominosa_lab.solvers.engine.rule` (the
blocked-option rule), :mod:`~dominosa_lab.solvers.engine.learn`,
:mod:`~dominosa_lab.solvers.engine.decide`, :mod:`~dominosa_lab.solvers.engine.loop` (the search
loop and level 0), :mod:`~dominosa_lab.solvers.engine.search` (its Python driver),
:mod:`~dominosa_lab.solvers.engine.split` and :mod:`~dominosa_lab.solvers.engine.count`
(counting), :mod:`~dominosa_lab.solvers.engine.beliefs`, :mod:`~dominosa_lab.solvers.engine.relax`,
:mod:`~dominosa_lab.solvers.engine.handover`, :mod:`~dominosa_lab.solvers.engine.unsat` (items
that cannot be covered together: why a model has no cover);
:mod:`~dominosa_lab.solvers.engine.cache`, :mod:`~dominosa_lab.solvers.engine.jit` and
:mod:`~dominosa_lab.solvers.engine.warm` keep numba's cache fresh and compiled. The design, and
how to add a rule, is ``docs/engine.md``.

Importing this package imports nothing; its modules load numba when imported.
"""

__all__: list[str] = []
