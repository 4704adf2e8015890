"""The decorators of the engine's kernels (numba, cached on disk), and the clock they read.

Importing this module first clears numba's cache of the package if any of its sources changed
(:func:`~dominosa_lab.solvers.fast.cache.refresh`): every kernel module imports its decorators from
here.

The kernels of propagation, analysis and branching allocate nothing and are compiled without
numba's runtime (:data:`bare`): with it, every array they take out of a record is
reference-counted by a called, atomic increment and decrement, and a search takes 9 to 12 times
as long per node (1.1-1.4 against 12.8-14.4 microseconds of CPU time, best of five, on N = 40 and
60 boards, seeds 1000 and 1001, unguided up to 200,000 nodes). A kernel that allocates keeps the
runtime (:data:`kernel`); numba refuses to compile an allocation without it. ``_nrt`` is a
private option of numba: a test fails by name when numba drops it.
"""

import time

from numba import njit, objmode

from dominosa_lab.solvers.fast import cache

__all__ = ["bare", "kernel", "now"]

cache.refresh()

#: A cached kernel.
kernel = njit(cache=True)
#: A cached kernel that allocates nothing, compiled without numba's runtime.
bare = njit(cache=True, _nrt=False)


@kernel
def now():
    """Wall-clock seconds (perf_counter), readable inside a kernel."""
    with objmode(t="float64"):
        t = time.perf_counter()
    return t
