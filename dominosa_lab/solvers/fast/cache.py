"""Compiled code never goes stale: numba's cache, cleared when any source of the engine changes.

numba keys a cached kernel by its own file only, so a kernel that calls a kernel of another file
would run the old callee after that file changed. Here every module of the package counts but
the Python drivers (:data:`DRIVERS`, which define no kernel and no constant a kernel reads): the
hash of all their sources is stamped beside numba's cache files (``__pycache__`` of the package,
or the folder numba uses under ``NUMBA_CACHE_DIR``), and when it differs the package's cache files
are deleted before any kernel is loaded (:func:`refresh`, run by
:mod:`~dominosa_lab.solvers.fast.jit` on import). The stamp also says whether the kernels were
compiled since (:func:`mark_compiled`, :func:`is_compiled`). This module imports no numba.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

__all__ = ["DRIVERS", "cache_dirs", "is_compiled", "mark_compiled", "refresh", "source_hash"]

PACKAGE = Path(__file__).resolve().parent
#: The modules of the package that no kernel depends on.
DRIVERS = ("__init__.py", "cache.py", "count.py", "handover.py", "mirror.py", "relax.py",
           "search.py", "warm.py")
STAMP = "fast-kernels.stamp"
COMPILED = "compiled"


def source_hash(folder: Path = PACKAGE) -> str:
    """The hash of the sources of every module in ``folder`` but :data:`DRIVERS` (names and
    contents).

    Examples
    --------
    >>> len(source_hash())
    64
    """
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        if path.name in DRIVERS:
            continue
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_dirs() -> list[Path]:
    """Where numba keeps the package's compiled kernels: the package's ``__pycache__``, and the
    folder it uses under ``NUMBA_CACHE_DIR`` when that is set (numba's naming of it: the
    folder's name and the SHA-1 of its path)."""
    dirs = [PACKAGE / "__pycache__"]
    root = os.environ.get("NUMBA_CACHE_DIR")
    if root:
        folder = os.path.abspath(PACKAGE)
        dirs.insert(0, Path(root) / f"{PACKAGE.name}_{hashlib.sha1(folder.encode()).hexdigest()}")
    return dirs


def _read(stamp: Path) -> list[str]:
    try:
        return stamp.read_text().split()
    except OSError:
        return []


def refresh(digest: str | None = None, dirs: list[Path] | None = None) -> bool:
    """Delete the compiled kernels in ``dirs`` (default :func:`cache_dirs`) whose stamp is not
    ``digest`` (default :func:`source_hash`), and stamp them fresh. Returns whether any was
    deleted."""
    digest = digest or source_hash()
    cleared = False
    for folder in cache_dirs() if dirs is None else dirs:
        stamp = folder / STAMP
        if _read(stamp)[:1] == [digest] or not folder.is_dir():
            continue
        for path in [*folder.glob("*.nbi"), *folder.glob("*.nbc")]:
            path.unlink(missing_ok=True)
            cleared = True
        try:
            stamp.write_text(digest + "\n")
        except OSError:
            continue
    return cleared


def mark_compiled(digest: str | None = None, dirs: list[Path] | None = None) -> None:
    """Stamp the kernels of these sources as compiled (every entry kernel has run)."""
    digest = digest or source_hash()
    for folder in cache_dirs() if dirs is None else dirs:
        if folder.is_dir():
            try:
                (folder / STAMP).write_text(f"{digest}\n{COMPILED}\n")
            except OSError:
                continue


def is_compiled(digest: str | None = None, dirs: list[Path] | None = None) -> bool:
    """Whether the kernels of these sources are compiled in numba's cache (stamped by
    :func:`~dominosa_lab.solvers.fast.cache.mark_compiled`).

    Examples
    --------
    >>> isinstance(is_compiled(), bool)
    True
    """
    digest = digest or source_hash()
    folders = cache_dirs() if dirs is None else dirs
    return _read(folders[0] / STAMP) == [digest, COMPILED]
