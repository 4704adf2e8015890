"""The fast engine's compiled code: never stale after an edit, announced when compiled."""

from __future__ import annotations

import ast
import logging
import re
import shutil
import time

import pytest
from numba import njit

from dominosa_lab import random_puzzle, solve
from dominosa_lab.solvers.fast import cache, warm

#: A package of fake modules: ``state`` (a leaf, imported by ``decide``, ``beliefs`` and through
#: them all but ``jit``), ``decide`` (imported by ``loop``, and through the driver ``search`` by
#: ``dominosa``), ``beliefs`` (imported at no module's top level) and ``jit`` (imported by every
#: kernel module, and compiling a file outside the package).
FAKE = {
    "state.py": "C_NONE = -1\n",
    "jit.py": "from dominosa_lab.core import search\nfrom dominosa_lab.solvers.fast import cache\n"
              "pace = search.pace\n",
    "decide.py": "from dominosa_lab.solvers.fast.jit import pace\n"
                 "from .state import C_NONE\n\n\n"
                 "def guide():\n    from dominosa_lab.solvers.fast.beliefs import log_odds\n",
    "beliefs.py": "import dominosa_lab.solvers.fast.jit\n"
                  "from dominosa_lab.solvers.fast import state\n",
    "loop.py": "from dominosa_lab.solvers.fast import decide, jit\n",
    "search.py": "from dominosa_lab.solvers.fast.loop import run\n",
    "dominosa.py": "from dominosa_lab.solvers.fast import jit\n\ntry:\n"
                   "    from dominosa_lab.solvers.fast.search import CoverSearch\n"
                   "except ImportError:\n    pass\n",
    "cache.py": "import ast\n",
}
KERNELS = ("beliefs", "decide", "dominosa", "jit", "loop", "state")


@pytest.fixture
def tree(tmp_path):
    """Fake sources (:data:`FAKE`, a file outside the package ``core/search.py``) and a cache
    folder holding an index and two compiled versions of a kernel of each kernel module, stamped
    compiled for these sources."""
    package, folder = tmp_path / "fast", tmp_path / "cache"
    for path in (package, folder, tmp_path / "core"):
        path.mkdir()
    for name, text in FAKE.items():
        (package / name).write_text(text)
    (tmp_path / "core" / "search.py").write_text("def pace():\n    return 1\n")
    for module in KERNELS:
        for suffix in ("nbi", "1.nbc", "2.nbc"):
            (folder / f"{module}.run-12.py311.{suffix}").write_bytes(b"compiled")
    sources = cache.Sources(package, {"jit": ("core/search.py",)}, tmp_path)
    cache.mark_compiled(sources, [folder])
    return sources, folder


def edit(path):
    """Append a comment line to the source ``path``."""
    with path.open("a") as f:
        f.write("# an edit\n")


def deleted(sources, folder):
    """The modules whose cache files :func:`cache.refresh` deletes, checking that it deletes all
    the files of each and that the others' are left."""
    before = set(cache.cache_files(folder))
    paths = cache.refresh(sources, [folder])
    modules = {path.name.split(".")[0] for path in paths}
    assert len(paths) == 3 * len(modules) and not any(path.exists() for path in paths)
    assert set(cache.cache_files(folder)) == before - modules
    return modules


def test_the_closures_follow_every_form_of_import_at_a_modules_top_level(tree):
    sources, _ = tree
    closures = sources.closures()
    assert closures["state"] == {"state"} and closures["jit"] == {"jit", "cache"}
    assert closures["beliefs"] == {"beliefs", "jit", "cache", "state"}
    assert closures["decide"] == {"decide", "jit", "cache", "state"}  # not guide's own import
    assert closures["loop"] == {"loop", "decide", "jit", "cache", "state"}
    assert closures["dominosa"] == {"dominosa", "search", *closures["loop"]}  # through a driver


def test_an_unchanged_tree_deletes_nothing(tree):
    sources, folder = tree
    assert cache.refresh(sources, [folder]) == []
    assert len(cache.cache_files(folder)) == len(KERNELS) and cache.is_compiled(sources, [folder])


def test_an_edit_of_a_leaf_deletes_its_kernels_and_those_of_the_modules_importing_it(tree):
    sources, folder = tree
    edit(sources.folder / "decide.py")
    assert deleted(sources, folder) == {"decide", "loop", "dominosa"}
    assert deleted(sources, folder) == set()  # stamped fresh
    edit(sources.folder / "state.py")
    assert deleted(sources, folder) == {"state", "beliefs"}  # the others' files are gone already


def test_an_edit_of_a_module_no_module_imports_deletes_its_kernels_only(tree):
    sources, folder = tree
    edit(sources.folder / "beliefs.py")
    assert deleted(sources, folder) == {"beliefs"}


def test_an_edit_of_a_file_outside_the_package_deletes_the_kernels_compiling_it_and_above(tree):
    sources, folder = tree
    edit(sources.library / "core" / "search.py")
    assert deleted(sources, folder) == set(KERNELS) - {"state"}


def test_an_edit_of_a_driver_deletes_nothing_and_the_kernels_stay_compiled(tree):
    sources, folder = tree
    edit(sources.folder / "search.py")
    assert cache.is_compiled(sources, [folder])  # no stamp changed
    assert deleted(sources, folder) == set() and cache.is_compiled(sources, [folder])


def test_a_new_import_is_a_change_of_the_importing_modules_stamp(tree):
    sources, folder = tree
    with (sources.folder / "beliefs.py").open("a") as f:
        f.write("from dominosa_lab.solvers.fast.loop import run\n")
    assert deleted(sources, folder) == {"beliefs"}
    (sources.folder / "state.py").write_text("from dominosa_lab.solvers.fast import beliefs\n")
    assert deleted(sources, folder) == set(KERNELS) - {"jit", "beliefs"}  # beliefs' went above


def test_an_edit_makes_the_kernels_uncompiled_until_they_are_marked_again(tree):
    sources, folder = tree
    assert cache.is_compiled(sources, [folder])
    edit(sources.folder / "beliefs.py")
    assert not cache.is_compiled(sources, [folder])  # before the refresh too
    cache.refresh(sources, [folder])
    assert not cache.is_compiled(sources, [folder])
    cache.mark_compiled(sources, [folder])
    assert cache.is_compiled(sources, [folder])


def test_a_stamp_of_an_older_form_or_none_deletes_every_cache_file(tree):
    sources, folder = tree
    (folder / "gone.run-3.py311.nbi").write_bytes(b"a module the package no longer has")
    (folder / cache.STAMP).write_text("0123abcd\ncompiled\n")
    assert not cache.is_compiled(sources, [folder])
    assert len(cache.refresh(sources, [folder])) == 3 * len(KERNELS) + 1
    assert cache.refresh(sources, [folder]) == []


def test_a_folder_numba_has_not_made_yet_is_stamped_so_its_kernels_are_kept(tree):
    sources, folder = tree
    fresh = folder.parent / "fresh"
    assert cache.refresh(sources, [fresh]) == [] and (fresh / cache.STAMP).exists()
    (fresh / "loop.run-12.py311.nbi").write_bytes(b"compiled")
    assert cache.refresh(sources, [fresh]) == []


def test_the_stamps_follow_the_engines_kernel_modules_and_no_driver(tmp_path):
    copy = tmp_path / "fast"
    shutil.copytree(cache.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    sources = cache.Sources(copy)
    before = sources.stamps()
    assert set(before) == {path.stem for path in copy.glob("*.py")} - {
        name.removesuffix(".py") for name in cache.DRIVERS}
    edit(copy / "search.py")
    assert sources.stamps() == before
    edit(copy / "decide.py")
    after = sources.stamps()
    assert {module for module in before if after[module] != before[module]} == {
        "decide", "learn", "loop", "dominosa", "split", "prove"}
    edit(copy / "beliefs.py")
    assert {module for module in after if sources.stamps()[module] != after[module]} == {"beliefs"}


@pytest.mark.parametrize("driver", cache.DRIVERS)
def test_the_modules_left_out_of_the_stamps_define_no_kernel(driver):
    source = (cache.PACKAGE / driver).read_text()
    assert "@kernel" not in source and "@bare" not in source and "njit" not in source


def _library_file(dotted: str) -> str | None:
    """The file of the library that an import of ``dotted`` reads, as :data:`cache.OUTSIDE`
    names it."""
    parts = dotted.split(".")
    for end in range(len(parts), 1, -1):
        for name in ("/".join(parts[1:end]) + ".py", "/".join([*parts[1:end], "__init__.py"])):
            if (cache.LIBRARY / name).is_file():
                return name
    return None


def _jit(node: ast.AST) -> bool:
    """Whether ``node`` is ``kernel``, ``bare`` or ``njit``, or a call of one (a decorator)."""
    node = node.func if isinstance(node, ast.Call) else node
    return isinstance(node, ast.Name) and node.id in {"kernel", "bare", "njit"}


def _compiles(node: ast.AST) -> bool:
    """Whether ``node`` makes a kernel: a function decorated so, or a call compiling one."""
    if isinstance(node, ast.FunctionDef):
        return any(map(_jit, node.decorator_list))
    return isinstance(node, ast.Call) and _jit(node)


def _compiled_names(tree: ast.Module) -> set[str]:
    """The names that a module's kernels read: in the bodies of the functions it decorates with
    ``kernel``, ``bare`` or ``njit``, and in the arguments it passes to them."""
    code = [part for node in ast.walk(tree) if _compiles(node)
            for part in ([node] if isinstance(node, ast.FunctionDef) else node.args)]
    return {n.id for part in code for n in ast.walk(part) if isinstance(n, ast.Name)}


def test_every_kernel_is_made_at_a_modules_top_level():
    # the stamps leave out the imports inside a function: no kernel is made where they bind
    for path in sorted(cache.PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for statement in node.body for n in ast.walk(statement)]
                assert not any(map(_compiles, inner)), f"{path.name}: {node.name}"


def test_the_kernels_compile_no_file_of_the_library_outside_the_package_but_those_listed():
    for path in sorted(cache.PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text())
        bound = {}
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                bound |= {a.asname or a.name: f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                bound |= {a.asname or a.name.split(".")[0]: a.name for a in node.names}
        files = {_library_file(bound[name]) for name in _compiled_names(tree) & set(bound)
                 if bound[name].startswith("dominosa_lab.")
                 and not bound[name].startswith(cache.NAME + ".")}
        assert files - {None} == set(cache.OUTSIDE.get(path.stem, ())), path.name
    assert set(cache.OUTSIDE) <= {path.stem for path in cache.PACKAGE.glob("*.py")}


def test_numbas_private_names_are_used_by_jit_alone():
    # _nrt (jit.bare) and compute_fingerprint (jit.entry): the tests below and
    # test_fast_entry.py fail by name when numba drops either
    private = re.compile(r"numba\._|_nrt|compute_fingerprint|numba\.core")
    users = {path.relative_to(cache.LIBRARY).as_posix() for path in cache.LIBRARY.rglob("*.py")
             if private.search(path.read_text())}
    assert users == {"solvers/fast/jit.py"}


def test_the_stamp_lies_beside_numbas_own_cache_files_named_as_it_reads_them():
    warm.warm_up()
    folder = cache.cache_dirs()[0]
    assert cache.is_compiled() and list(folder.glob("loop.run-*.nbi"))
    files = cache.cache_files(folder)
    assert None not in files and set(files) <= set(cache.Sources().stamps())
    assert all(path.name.endswith((".nbi", ".nbc")) for paths in files.values() for path in paths)


def test_numba_still_compiles_a_kernel_without_its_runtime():
    # jit.bare relies on numba's private option _nrt; this fails by name when numba drops it
    @njit(_nrt=False)
    def add(a, b):
        return a + b

    assert add(2, 3) == 5


def test_a_cold_start_says_it_compiles_and_how_long_it_took(monkeypatch, caplog):
    monkeypatch.setattr(warm, "_checked", False)
    monkeypatch.setattr(cache, "is_compiled", lambda: False)
    monkeypatch.setattr(warm, "warm_up", lambda: 42.0)
    with caplog.at_level(logging.WARNING, logger=warm.LOG.name):
        warm.ensure_compiled()
    assert [r.getMessage() for r in caplog.records] == [
        "compiling the fast solver's kernels, once: about a minute ...",
        "compiled the fast solver's kernels in 42 s"]


def test_the_seconds_spent_compiling_are_set_aside_from_the_solve_budget(monkeypatch):
    def slow_warm_up() -> float:
        time.sleep(1.0)
        return 1.0

    monkeypatch.setattr(warm, "_checked", False)
    monkeypatch.setattr(cache, "is_compiled", lambda: False)
    monkeypatch.setattr(warm, "warm_up", slow_warm_up)
    assert solve(random_puzzle(20, 0).puzzle, time_limit=0.5).status == "solved"
