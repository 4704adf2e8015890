"""Every tunable of the engine in one record, :data:`SETTINGS`; why each value is what it is, and
the measurement behind it, is in ``docs/settings.md``.

A kernel that reads a field of :data:`SETTINGS` reads it as a constant frozen when it is compiled
(the same machine code as a literal; this module is in the stamp of every kernel module that
imports it, :mod:`~dominosa_lab.solvers.engine.cache`, so an edit here recompiles them). A Python
driver reads its module's ``SETTINGS`` at call time, so that a test or a benchmark may replace it
for a run: ``monkeypatch.setattr(count, "SETTINGS", SETTINGS._replace(check_min_options=0))``.
"""

from typing import NamedTuple

import numpy as np

__all__ = ["SETTINGS", "Settings"]


class Settings(NamedTuple):
    """The engine's tunables (plain numbers a kernel reads as compile-time constants)."""

    # learning (learn.py, kernels but reduce_first)
    option_decay: float  # the options' activities decay by this factor at each conflict
    clause_decay: float  # the learned clauses' activities decay by this factor at each conflict
    activity_limit: float  # an activity above this rescales every activity by its inverse
    reduce_first: int  # live learned clauses at which the store is first halved (search.py)
    reduce_every: int  # after each halving, the next one waits for this many more
    keep_lbd: int  # learned clauses of at most this LBD are never deleted
    # the heuristic (decide.py, Python)
    luby_unit: int  # restarts follow Luby's sequence in units of this many conflicts
    guide_min_placements: int  # models of fewer options are not guided by belief propagation
    # the rule's table (rule.py, Python)
    rule_table_min: int  # models of fewer options test the blocked-option rule in full
    # the loop and its driver (loop.py kernel, search.py)
    clock_every: int  # the most steps of the compiled loop between two readings of the clock
    slice_conflicts: int  # conflicts between two returns of the compiled loop to Python
    # belief propagation (beliefs.py; belief_tolerance and belief_clip in its kernel)
    max_iterations: int  # rounds of message passing at most
    belief_tolerance: float  # the messages have settled when none moved more (in log-odds)
    calm_rounds: int  # the rounds stop once no option's sign has changed for this many
    belief_clip: float  # messages are odds clipped to [1 / belief_clip, belief_clip]
    # the hand-over (handover.py, Python)
    handover_conflicts: int  # conflicts without a solution after which CryptoMiniSat goes on
    sat_slice: int  # CryptoMiniSat's conflicts between two readings of the clock
    # the relaxation (relax.py, Python)
    weight_bits: int  # a certificate's weights are rounded to integers of this many bits
    board_first_order: float  # PDLP's relative tolerance on a whole board, asked first
    board_first_order_rows: int  # a whole board of fewer items left skips PDLP
    board_first_order_iterations: int  # PDLP's iterations at most on a whole board
    board_gap: float  # the interior point method's gap on a whole board, in worth
    question_tolerances: tuple[float, ...]  # its relative tolerances for a question, in turn
    lack_tolerances: tuple[float, ...]  # PDLP's relative tolerances for a least weight, in turn
    # exact counting (count.py, Python)
    check_min_options: int  # components of this many open options ask the learning search
    relax_conflicts: int  # a check's conflicts without a cover before the relaxation is asked
    backbone_conflicts: int  # the same for a backbone question


#: The engine's settings (see ``docs/settings.md``).
SETTINGS = Settings(
    option_decay=0.95,
    clause_decay=0.999,
    activity_limit=1e100,
    reduce_first=2000,
    reduce_every=300,
    keep_lbd=2,
    luby_unit=300,
    guide_min_placements=3000,
    rule_table_min=1500,
    clock_every=64,
    slice_conflicts=2048,
    max_iterations=200,
    belief_tolerance=1e-3,
    calm_rounds=6,
    belief_clip=float(np.exp(50.0)),
    handover_conflicts=1_000,
    sat_slice=4_000,
    weight_bits=24,
    board_first_order=1e-4,
    board_first_order_rows=4_000,
    board_first_order_iterations=5_000,
    board_gap=0.25,
    question_tolerances=(1e-7, 1e-9),
    lack_tolerances=(1e-4, 1e-7),
    check_min_options=300,
    relax_conflicts=5_000,
    backbone_conflicts=1_000,
)
