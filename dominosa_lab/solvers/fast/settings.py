"""Every tunable of the engine's Dominosa user in one record, :data:`SETTINGS` (the engine's own
are in :mod:`~dominosa_lab.solvers.engine.settings`, which knows nothing of Dominosa); why each
value is what it is is in ``docs/settings.md``. No kernel reads them: the Python code of the
package reads its module's ``SETTINGS`` at call time, so that a test may replace it.
"""

from typing import NamedTuple

__all__ = ["SETTINGS", "Settings"]


class Settings(NamedTuple):
    """The tunables of the ``fast`` method's Dominosa side."""

    probe_max_placements: int  # boards of at most this many placements are probed at level 0
    deduce_first_max: int  # boards of at most this many try the Python deductions first
    first_cover_max_placements: int  # boards of at most this many: first solution in one call
    shrink_proofs: float  # shrinking a reason may take this many times the proof's time ...
    shrink_seconds: float  # ... plus this many seconds
    weigh_rounds: int  # linear programmes asked for the weights of a reason


#: The Dominosa user's settings (see ``docs/settings.md``).
SETTINGS = Settings(probe_max_placements=400, deduce_first_max=400,
                    first_cover_max_placements=400, shrink_proofs=5.0,
                    shrink_seconds=10.0, weigh_rounds=2)
