"""The optional parts of dominosa-lab: one whose packages are missing names the extra to install.

The core (puzzles, solvers, deductions, generators) needs numpy, numba and networkx only.
Drawing needs the ``draw`` extra (matplotlib), sweeps and studies the ``experiments`` extra
(pandas, Dask, tqdm), the notebooks and widgets the ``notebooks`` extra. Each optional
package imports its libraries in a ``try`` whose ``except ImportError`` raises
:func:`missing_extra`.
"""

from __future__ import annotations

__all__ = ["MissingExtraError", "missing_extra"]


class MissingExtraError(ImportError):
    """A library that an optional part of dominosa-lab needs is not installed."""


def missing_extra(extra: str, error: ImportError) -> MissingExtraError:
    """The error that names what ``error`` could not import and the extra that installs it.

    Examples
    --------
    >>> try:
    ...     import no_such_library
    ... except ImportError as error:
    ...     print(missing_extra("draw", error))
    no_such_library is not installed; it comes with dominosa-lab's draw extra: \
pip install 'dominosa-lab[draw]'
    """
    what = error.name or str(error)
    return MissingExtraError(f"{what} is not installed; it comes with dominosa-lab's {extra} "
                             f"extra: pip install 'dominosa-lab[{extra}]'", name=error.name)
