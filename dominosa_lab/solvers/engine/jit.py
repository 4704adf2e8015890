"""The decorators of the engine's kernels (numba, cached on disk), and the clock they read.

Importing this module first deletes from numba's cache the kernels of the modules of the package
whose sources, or the sources of a module they import, changed
(:func:`~dominosa_lab.solvers.engine.cache.refresh`): every kernel module imports its decorators
from here.

The kernels of propagation, analysis and branching allocate nothing and are compiled without
numba's runtime (:data:`bare`): with it, every array they take out of a record is
reference-counted by a called, atomic increment and decrement, and a search takes 9 to 12 times
as long per node (1.1-1.4 against 12.8-14.4 microseconds of CPU time, best of five, on N = 40 and
60 boards, seeds 1000 and 1001, unguided up to 200,000 nodes). A kernel that allocates keeps the
runtime (:data:`kernel`); numba refuses to compile an allocation without it. ``_nrt`` is a
private option of numba: a test fails by name when numba drops it.

The Python driver calls a kernel through its compiled entry point (:func:`entry`), found once per
kind of arguments: numba's dispatcher otherwise types every argument at every call, which for the
engine's three records costs a call several times what the call itself does. The key of an entry
point is numba's own fingerprint of the arguments' types (:func:`signature`, its private
``compute_fingerprint``: a test fails by name when numba drops it).
"""

import time
from collections.abc import Callable
from typing import Any

from numba import njit, objmode, typeof
from numba._dispatcher import compute_fingerprint

from dominosa_lab.core import search
from dominosa_lab.solvers.engine import cache

__all__ = ["bare", "clock_pace", "entry", "inline", "kernel", "leaf", "now", "signature"]

cache.refresh()

#: A cached kernel.
kernel = njit(cache=True)
#: A cached kernel that allocates nothing, compiled without numba's runtime.
bare = njit(cache=True, _nrt=False)
#: A kernel compiled by numba into each kernel that calls it by name, never on its own: the
#: kernels that dispatch over the rules' rows (:mod:`~dominosa_lab.solvers.engine.rules`) and the
#: steps of the search loop (:func:`~dominosa_lab.solvers.engine.loop.run`). Compiled alone, it
#: would go without numba's runtime (a caller that allocates lends it its own).
inline = njit(cache=True, _nrt=False, inline="always")
#: A small test that allocates nothing, inlined by LLVM wherever it is called, through a rule's
#: row too (numba's ``forceinline``, which the kernels it calls inherit): a rule's ``fires``,
#: run on every item that loses an option. LLVM does not inline a kernel that calls a kernel
#: unasked: each call passes every array of the records.
leaf = njit(cache=True, _nrt=False, forceinline=True)


@kernel
def now():
    """Wall-clock seconds (perf_counter), readable inside a kernel."""
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


#: A compiled :func:`~dominosa_lab.core.search.clock_pace`: how a kernel's loop paces its clock
#: (a reading costs 1.5 microseconds; a step takes a microsecond at N = 40, about 1 ms at N = 150).
clock_pace = bare(search.clock_pace)


#: The entry points found so far, by kernel and :func:`signature` of the arguments.
_ENTRIES: dict[tuple[Any, tuple[bytes, ...]], Callable[..., Any]] = {}


def signature(*args: Any) -> tuple[bytes, ...]:
    """numba's fingerprints of the types of ``args``: equal exactly when numba would type them
    alike (the key of :func:`entry`).

    Examples
    --------
    >>> import numpy as np
    >>> signature(np.zeros(3), 1) == signature(np.ones(5), 2) != signature(np.zeros(3, int), 1)
    True
    """
    return tuple(map(compute_fingerprint, args))


def entry(dispatcher: Any, key: tuple[bytes, ...], args: tuple) -> Callable[..., Any]:
    """The compiled function of the kernel ``dispatcher`` for arguments like ``args``, whose
    :func:`signature` is ``key``: loaded from numba's cache (or compiled) once, then called
    without numba typing the arguments again (which only arguments of the same types may be).

    Examples
    --------
    >>> entry(now, signature(), ())() > 0
    True
    """
    point = _ENTRIES.get((dispatcher, key))
    if point is None:
        point = _ENTRIES[dispatcher, key] = dispatcher.compile(tuple(map(typeof, args)))
    return point
