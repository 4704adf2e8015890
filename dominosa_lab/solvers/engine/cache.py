"""Compiled code never goes stale: numba's cache, cleared module by module when a source that a
module's kernels depend on changes.

numba keys a cached kernel by its own file only, so a kernel that calls a kernel of another file
would run the old callee after that file changed. Here each module of a package of kernels has a
closure (:meth:`Sources.closures`): itself and every module of the packages read
(:attr:`Sources.packages`: the engine's, and a user's beside it) that it imports, transitively, as
its source reads (parsed with :mod:`ast`, nothing imported). Its stamp (:meth:`Sources.stamps`) is
the hash of the sources of its closure but the Python drivers (:attr:`Sources.drivers`, which
define no kernel and no constant a kernel reads; what a driver imports is followed all the same),
and of the files outside the packages that the closure's kernels compile
(:attr:`Sources.outside`). A module is named by its package's last word and its own:
``engine.loop``, ``fast.dominosa``.

The stamps lie beside numba's cache files (:data:`STAMP`, in each folder of :func:`cache_dirs`:
the package's ``__pycache__``, or the folder numba uses under ``NUMBA_CACHE_DIR``). On import,
before any kernel is loaded (:func:`refresh`: the engine's run by
:mod:`~dominosa_lab.solvers.engine.jit`, a user's by its own first kernel module), the cache files
of the modules whose stamp changed are deleted, and no others: an edit of ``loop.py`` recompiles
the kernels of ``loop`` and of the modules importing it, not the whole engine. The stamp file also
holds the hash of every source read (:meth:`Sources.digest`), so that an unchanged tree is
recognised without parsing a module, and whether every kernel was compiled since
(:func:`mark_compiled`, :func:`is_compiled`). This module imports no numba.

Only the imports at a module's top level count (those under ``if``, ``try`` or in a class body
too), not those inside a function: a kernel reads its module's globals and runs no import
statement, so a function's own import reaches Python code only (``decide.guide`` imports
``beliefs`` so, and an edit of ``beliefs.py`` recompiles ``beliefs`` alone).
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

__all__ = ["CACHE_FILE", "COMPILED", "DRIVERS", "ENGINE", "LIBRARY", "NAME", "OUTSIDE", "STAMP",
           "Sources", "cache_dirs", "cache_files", "is_compiled", "mark_compiled", "refresh"]

#: The folder of the engine's modules.
ENGINE = Path(__file__).resolve().parent
#: The folder of the library, from which :attr:`Sources.outside` names its files.
LIBRARY = ENGINE.parents[1]
#: The engine's package name in an import statement.
NAME = "dominosa_lab.solvers.engine"
#: The engine's modules that no kernel depends on: their sources are in no stamp.
DRIVERS = ("engine.__init__", "engine.cache", "engine.count", "engine.handover", "engine.relax",
           "engine.search", "engine.unsat", "engine.warm")
#: The files of the library outside the packages that a module's kernels compile, by module:
#: ``jit`` compiles :func:`~dominosa_lab.core.search.clock_pace`, which the engine's loop calls.
#: numba caches such a kernel beside its own file and keys it by that file, so it recompiles it
#: after an edit there, but not the kernels that call it.
OUTSIDE: Mapping[str, tuple[str, ...]] = {"engine.jit": ("core/search.py",)}
#: The name of the stamp file in each folder of :func:`cache_dirs`.
STAMP = "kernels.stamp"
#: The last line of a stamp file when every kernel was compiled since it was written.
COMPILED = "compiled"
#: numba's name of a cache file of a kernel: ``<module>.<function>-<line>.py<version>`` and then
#: ``.nbi`` (the index of its compiled versions) or ``.<n>.nbc`` (its n-th compiled version).
CACHE_FILE = re.compile(r"(?P<module>\w+)\.[^-]+-\d+\.py\d+\w*(?:\.\d+\.nbc|\.nbi)")


def _key(package: str, stem: str) -> str:
    """A module's name in the stamps: its package's last word and its own."""
    return f"{package.rsplit('.', 1)[-1]}.{stem}"


def _top_level(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes below ``node`` that run when its module is imported (not a function's body)."""
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield child
            yield from _top_level(child)


def _digest(parts: list[tuple[str, bytes]]) -> str:
    digest = hashlib.sha256()
    for name, text in parts:
        digest.update(name.encode() + b"\0" + text + b"\0")
    return digest.hexdigest()


@dataclass(frozen=True)
class Sources:
    """The sources a package's kernels are compiled from: the modules of :attr:`packages` (import
    name to folder; a user's package reads the engine's), the files of :attr:`library` that
    :attr:`outside` lists by module, and which modules are :attr:`drivers`. :attr:`cached` names
    the package whose compiled kernels :func:`refresh` clears and :func:`mark_compiled` stamps.
    By default the engine's own (:data:`ENGINE`, :data:`NAME`, :data:`LIBRARY`, :data:`OUTSIDE`,
    :data:`DRIVERS`)."""

    packages: Mapping[str, Path] = field(default_factory=lambda: {NAME: ENGINE})
    outside: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: dict(OUTSIDE))
    library: Path = LIBRARY
    drivers: tuple[str, ...] = DRIVERS
    cached: str = NAME

    def package(self, key: str) -> str:
        """The import name of the package of module ``key``."""
        return next(name for name in self.packages if key.startswith(_key(name, "")))

    def file(self, key: str) -> Path:
        """The source file of module ``key`` (``engine.loop``)."""
        return self.packages[self.package(key)] / f"{key.split('.')[1]}.py"

    def modules(self) -> list[str]:
        """The packages' modules by name (``engine.loop`` for the engine's ``loop.py``), sorted."""
        return sorted(_key(name, path.stem) for name, folder in self.packages.items()
                      for path in folder.glob("*.py"))

    def _module(self, dotted: str, modules: set[str]) -> str | None:
        """The module of the packages that an import of ``dotted`` runs, if any."""
        for name in self.packages:
            if dotted == name:
                return _key(name, "__init__")
            if dotted.startswith(name + "."):
                key = _key(name, dotted[len(name) + 1:].split(".")[0])
                return key if key in modules else None
        return None

    def imports(self, module: str, modules: set[str] | None = None) -> set[str]:
        """The modules of the packages (of ``modules``, default :meth:`modules`) that ``module``
        imports at its top level, in any form (``import``, ``from ... import``, relative)."""
        modules = set(self.modules()) if modules is None else modules
        package = self.package(module)
        tree = ast.parse(self.file(module).read_bytes())
        found: set[str] = set()
        for node in _top_level(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
                found.update(filter(None, (self._module(name, modules) for name in names)))
            elif isinstance(node, ast.ImportFrom) and node.level <= 1:
                base = ".".join(filter(None, (package if node.level else "", node.module)))
                for alias in node.names:  # ``from pkg import module`` or ``from module import x``
                    hit = (self._module(f"{base}.{alias.name}", modules)
                           or self._module(base, modules))
                    if hit:
                        found.add(hit)
        return found

    def closures(self) -> dict[str, frozenset[str]]:
        """Every module's closure: itself and the modules of the packages it imports,
        transitively."""
        modules = set(self.modules())
        direct = {module: self.imports(module, modules) for module in sorted(modules)}
        closures = {}
        for module in direct:
            seen, todo = {module}, [module]
            while todo:
                for other in direct[todo.pop()] - seen:
                    seen.add(other)
                    todo.append(other)
            closures[module] = frozenset(seen)
        return closures

    def _outside(self, module: str) -> list[tuple[str, bytes]]:
        return [(name, (self.library / name).read_bytes()) for name in self.outside.get(module, ())]

    def stamps(self) -> dict[str, str]:
        """The stamp of every module of the :attr:`cached` package but its drivers, by its own
        name (``loop``): the hash of the sources of its closure but :attr:`drivers`, and of the
        files :attr:`outside` lists for its closure."""
        closures = self.closures()
        own = {module: [] if module in self.drivers else
               [(module, self.file(module).read_bytes())] for module in closures}
        own = {module: parts + self._outside(module) for module, parts in own.items()}
        prefix = _key(self.cached, "")
        return {module[len(prefix):]: _digest([part for other in sorted(closure)
                                               for part in own[other]])
                for module, closure in closures.items()
                if module.startswith(prefix) and module not in self.drivers}

    def digest(self) -> str:
        """The hash of every source the stamps may read: every module (drivers too, as their
        imports make closures) and every file :attr:`outside` lists. Equal hashes, equal stamps.

        Examples
        --------
        >>> len(Sources().digest())
        64
        """
        parts = [(module, self.file(module).read_bytes()) for module in self.modules()]
        for module in sorted(self.outside):
            parts.extend(self._outside(module))
        parts.append(("cached", self.cached.encode()))
        return _digest(parts)


class _Stamp(NamedTuple):
    digest: str | None
    stamps: dict[str, str]
    compiled: bool


def _read(folder: Path) -> _Stamp:
    try:
        lines = [line.split() for line in (folder / STAMP).read_text().splitlines()]
    except OSError:
        return _Stamp(None, {}, False)
    digest = lines[0][0] if lines and len(lines[0]) == 1 and lines[0][0] != COMPILED else None
    stamps = {line[0]: line[1] for line in lines if len(line) == 2}
    return _Stamp(digest, stamps, lines[-1:] == [[COMPILED]])


def _write(folder: Path, stamp: _Stamp) -> None:
    lines = [stamp.digest, *(f"{module} {value}" for module, value in sorted(stamp.stamps.items()))]
    if stamp.compiled:
        lines.append(COMPILED)
    path = folder / STAMP
    draft = path.with_name(f"{STAMP}.{os.getpid()}")
    try:
        draft.write_text("\n".join(lines) + "\n")
        os.replace(draft, path)  # a process reading it at once sees the old stamp or the new
    except OSError:
        draft.unlink(missing_ok=True)


def cache_dirs(package: Path = ENGINE) -> list[Path]:
    """Where numba keeps the compiled kernels of the package in folder ``package``: its
    ``__pycache__``, and the folder numba uses under ``NUMBA_CACHE_DIR`` when that is set (numba's
    naming of it: the folder's name and the SHA-1 of its path)."""
    dirs = [package / "__pycache__"]
    root = os.environ.get("NUMBA_CACHE_DIR")
    if root:
        folder = os.path.abspath(package)
        dirs.insert(0, Path(root) / f"{package.name}_{hashlib.sha1(folder.encode()).hexdigest()}")
    return dirs


def cache_files(folder: Path) -> dict[str | None, list[Path]]:
    """numba's cache files in ``folder`` (``*.nbi`` and ``*.nbc``) by the module of their
    kernel, sorted (``None`` for a file not named as :data:`CACHE_FILE` says)."""
    files: dict[str | None, list[Path]] = {}
    for path in sorted([*folder.glob("*.nbi"), *folder.glob("*.nbc")]):
        match = CACHE_FILE.fullmatch(path.name)
        files.setdefault(match and match["module"], []).append(path)
    return files


def _dirs(sources: Sources, dirs: list[Path] | None) -> list[Path]:
    return cache_dirs(sources.packages[sources.cached]) if dirs is None else dirs


def refresh(sources: Sources | None = None, dirs: list[Path] | None = None) -> list[Path]:
    """Delete the cache files in ``dirs`` (default: :func:`cache_dirs` of the package
    :attr:`Sources.cached`; default sources: the engine's) of the modules whose stamp changed and
    of modules without a stamp, and stamp the folders fresh (making them if need be). Returns the
    files deleted."""
    sources = sources or Sources()
    digest = sources.digest()
    stamps: dict[str, str] | None = None
    deleted = []
    for folder in _dirs(sources, dirs):
        old = _read(folder)
        if old.digest == digest:
            continue
        try:  # numba makes the folder when it first saves a kernel: stamp it before
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        stamps = sources.stamps() if stamps is None else stamps
        stale = {module for module, value in stamps.items() if old.stamps.get(module) != value}
        for module, paths in cache_files(folder).items():
            if module in stale or module not in stamps:
                for path in paths:
                    path.unlink(missing_ok=True)
                deleted.extend(paths)
        _write(folder, _Stamp(digest, stamps, old.compiled and not stale))
    return deleted


def mark_compiled(sources: Sources | None = None, dirs: list[Path] | None = None) -> None:
    """Stamp the kernels of these sources as compiled (every entry kernel has run)."""
    sources = sources or Sources()
    digest = sources.digest()
    stamps: dict[str, str] | None = None
    for folder in _dirs(sources, dirs):
        if folder.is_dir():
            old = _read(folder)
            if stamps is None:
                stamps = old.stamps if old.digest == digest else sources.stamps()
            _write(folder, _Stamp(digest, stamps, True))


def is_compiled(sources: Sources | None = None, dirs: list[Path] | None = None) -> bool:
    """Whether every kernel of these sources is compiled in numba's cache: the stamp is marked
    compiled (:func:`mark_compiled`) and every module's stamp is current.

    Examples
    --------
    >>> isinstance(is_compiled(), bool)
    True
    """
    sources = sources or Sources()
    old = _read(_dirs(sources, dirs)[0])
    return old.compiled and (old.digest == sources.digest() or old.stamps == sources.stamps())
