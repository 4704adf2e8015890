"""The decorators of the engine's kernels (numba, cached on disk), and the clock they read.

Importing this module first clears numba's cache of the package if any of its sources changed
(:func:`.cache.refresh`): every kernel module imports its decorators from here.

The kernels of propagation and branching allocate nothing and are compiled without numba's
runtime (:data:`bare`): with it, every array they take out of a record is reference-counted by a
called, atomic increment and decrement. A kernel that allocates keeps the runtime
(:data:`kernel`); numba refuses to compile an allocation without it.
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
