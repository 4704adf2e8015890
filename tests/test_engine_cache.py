"""The engine's compiled code, and its users': never stale after an edit, announced when
compiled."""

from __future__ import annotations

import ast
import logging
import re
import shutil
import time

import pytest
from numba import njit

from dominosa_lab import random_puzzle, solve
from dominosa_lab.solvers.engine import cache
from dominosa_lab.solvers.engine import warm as engine_warm
from dominosa_lab.solvers.fast import sources, warm

E = "dominosa_lab.solvers.engine"
#: Two packages of fake modules. The engine's: ``state`` (a leaf, imported by ``decide``,
#: ``beliefs`` and through them all but ``jit``), ``decide`` (imported by ``loop``, and through
#: the driver ``search`` by the user's ``dominosa``), ``beliefs`` (imported at no module's top
#: level) and ``jit`` (imported by every kernel module, and compiling a file outside the
#: packages). A user's: ``dominosa``, whose kernels call the engine's.
ENGINE = {
    "state.py": "C_NONE = -1\n",
    "jit.py": f"from dominosa_lab.core import search\nfrom {E} import cache\npace = search.pace\n",
    "decide.py": f"from {E}.jit import pace\nfrom .state import C_NONE\n\n\n"
                 f"def guide():\n    from {E}.beliefs import log_odds\n",
    "beliefs.py": f"import {E}.jit\nfrom {E} import state\n",
    "loop.py": f"from {E} import decide, jit\n",
    "search.py": f"from {E}.loop import run\n",
    "cache.py": "import ast\n",
}
USER = {
    "dominosa.py": f"from {E} import jit\n\ntry:\n    from {E}.search import CoverSearch\n"
                   "except ImportError:\n    pass\n",
    "warm.py": "from .dominosa import x\n",
}
KERNELS = ("beliefs", "decide", "jit", "loop", "state")
DRIVERS = ("engine.cache", "engine.search", "user.warm")


def _package(folder, files):
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)


@pytest.fixture
def tree(tmp_path):
    """Fake sources (:data:`ENGINE`, :data:`USER`, a file outside the packages
    ``core/search.py``) and a cache folder for each package, holding an index and two compiled
    versions of a kernel of each kernel module, stamped compiled for these sources: (the engine's
    sources, its folder, the user's sources, its folder)."""
    _package(tmp_path / "engine", ENGINE)
    _package(tmp_path / "user", USER)
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "search.py").write_text("def pace():\n    return 1\n")
    packages = {E: tmp_path / "engine"}
    engine = cache.Sources(packages, {"engine.jit": ("core/search.py",)}, tmp_path, DRIVERS)
    user = cache.Sources({**packages, "u.user": tmp_path / "user"}, engine.outside, tmp_path,
                         DRIVERS, "u.user")
    folders = []
    for modules, name in ((KERNELS, "engine-cache"), (("dominosa",), "user-cache")):
        folder = tmp_path / name
        folder.mkdir()
        for module in modules:
            for suffix in ("nbi", "1.nbc", "2.nbc"):
                (folder / f"{module}.run-12.py311.{suffix}").write_bytes(b"compiled")
        folders.append(folder)
    cache.mark_compiled(engine, [folders[0]])
    cache.mark_compiled(user, [folders[1]])
    return engine, folders[0], user, folders[1]


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
    closures = tree[2].closures()
    assert closures["engine.state"] == {"engine.state"}
    assert closures["engine.jit"] == {"engine.jit", "engine.cache"}
    assert closures["engine.beliefs"] == {"engine.beliefs", "engine.jit", "engine.cache",
                                          "engine.state"}
    decide = {"engine.decide", "engine.jit", "engine.cache", "engine.state"}
    assert closures["engine.decide"] == decide  # not guide's own import
    assert closures["engine.loop"] == {"engine.loop", *decide}
    assert closures["user.dominosa"] == {"user.dominosa", "engine.search", "engine.loop",
                                         *decide}  # through a driver, across packages
    assert closures["user.warm"] == {"user.warm", *closures["user.dominosa"]}  # relative


def test_each_sources_stamps_the_kernel_modules_of_its_own_package(tree):
    engine, _, user, _ = tree
    assert set(engine.stamps()) == set(KERNELS) and set(user.stamps()) == {"dominosa"}


def test_an_unchanged_tree_deletes_nothing(tree):
    for package, folder in (tree[:2], tree[2:]):
        assert cache.refresh(package, [folder]) == []
        assert cache.is_compiled(package, [folder])
    assert len(cache.cache_files(tree[1])) == len(KERNELS)


def test_an_edit_of_a_leaf_deletes_its_kernels_and_those_of_the_modules_importing_it(tree):
    engine, folder, user, user_folder = tree
    edit(engine.file("engine.decide"))
    assert deleted(engine, folder) == {"decide", "loop"}
    assert deleted(user, user_folder) == {"dominosa"}  # the user's kernels call it
    assert deleted(engine, folder) == set()  # stamped fresh
    edit(engine.file("engine.state"))
    assert deleted(engine, folder) == {"state", "beliefs"}  # the others' files are gone already


def test_an_edit_of_a_users_module_leaves_the_engines_kernels(tree):
    engine, folder, user, user_folder = tree
    edit(user.file("user.dominosa"))
    assert deleted(engine, folder) == set() and deleted(user, user_folder) == {"dominosa"}


def test_an_edit_of_a_module_no_module_imports_deletes_its_kernels_only(tree):
    engine, folder, user, user_folder = tree
    edit(engine.file("engine.beliefs"))
    assert deleted(engine, folder) == {"beliefs"} and deleted(user, user_folder) == set()


def test_an_edit_of_a_file_outside_the_packages_deletes_the_kernels_compiling_it_and_above(tree):
    engine, folder, user, user_folder = tree
    edit(engine.library / "core" / "search.py")
    assert deleted(engine, folder) == set(KERNELS) - {"state"}
    assert deleted(user, user_folder) == {"dominosa"}


def test_an_edit_of_a_driver_deletes_nothing_and_the_kernels_stay_compiled(tree):
    engine, folder, user, user_folder = tree
    edit(engine.file("engine.search"))
    assert cache.is_compiled(engine, [folder]) and cache.is_compiled(user, [user_folder])
    assert deleted(engine, folder) == set() and cache.is_compiled(engine, [folder])
    assert deleted(user, user_folder) == set()


def test_a_new_import_is_a_change_of_the_importing_modules_stamp(tree):
    engine, folder, _, _ = tree
    with engine.file("engine.beliefs").open("a") as f:
        f.write(f"from {E}.loop import run\n")
    assert deleted(engine, folder) == {"beliefs"}
    engine.file("engine.state").write_text(f"from {E} import beliefs\n")
    assert deleted(engine, folder) == set(KERNELS) - {"jit", "beliefs"}  # beliefs' went above


def test_an_edit_makes_the_kernels_uncompiled_until_they_are_marked_again(tree):
    engine, folder, _, _ = tree
    assert cache.is_compiled(engine, [folder])
    edit(engine.file("engine.beliefs"))
    assert not cache.is_compiled(engine, [folder])  # before the refresh too
    cache.refresh(engine, [folder])
    assert not cache.is_compiled(engine, [folder])
    cache.mark_compiled(engine, [folder])
    assert cache.is_compiled(engine, [folder])


def test_a_stamp_of_an_older_form_or_none_deletes_every_cache_file(tree):
    sources, folder = tree[:2]
    (folder / "gone.run-3.py311.nbi").write_bytes(b"a module the package no longer has")
    (folder / cache.STAMP).write_text("0123abcd\ncompiled\n")
    assert not cache.is_compiled(sources, [folder])
    assert len(cache.refresh(sources, [folder])) == 3 * len(KERNELS) + 1
    assert cache.refresh(sources, [folder]) == []


def test_a_folder_numba_has_not_made_yet_is_stamped_so_its_kernels_are_kept(tree):
    sources, folder = tree[:2]
    fresh = folder.parent / "fresh"
    assert cache.refresh(sources, [fresh]) == [] and (fresh / cache.STAMP).exists()
    (fresh / "loop.run-12.py311.nbi").write_bytes(b"compiled")
    assert cache.refresh(sources, [fresh]) == []


def test_the_stamps_follow_the_engines_kernel_modules_and_no_driver(tmp_path):
    copy = tmp_path / "engine"
    shutil.copytree(cache.ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    sources = cache.Sources({cache.NAME: copy})
    before = sources.stamps()
    assert set(before) == {path.stem for path in copy.glob("*.py")} - {
        name.removeprefix("engine.") for name in cache.DRIVERS}
    edit(copy / "search.py")
    assert sources.stamps() == before
    edit(copy / "decide.py")
    after = sources.stamps()
    assert {module for module in before if after[module] != before[module]} == {
        "decide", "fresh", "learn", "loop", "split"}
    edit(copy / "beliefs.py")
    assert {module for module in after if sources.stamps()[module] != after[module]} == {"beliefs"}


PACKAGES = (cache.Sources(), sources.SOURCES)
MODULES = [(each, key) for each in PACKAGES for key in each.modules()
           if key.startswith(each.cached.rsplit(".", 1)[-1] + ".")]


@pytest.mark.parametrize(("package", "driver"), [(p, d) for p, d in MODULES if d in p.drivers],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_the_modules_left_out_of_the_stamps_define_no_kernel(package, driver):
    source = package.file(driver).read_text()
    assert "@kernel" not in source and "@bare" not in source and "njit" not in source


def test_the_engine_imports_nothing_about_dominosa():
    for path in sorted(cache.ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text())
        names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [name for name in names if name.startswith((
            "dominosa_lab.solvers.fast", "dominosa_lab.logic", "dominosa_lab.core.board",
            "dominosa_lab.core.puzzle", "dominosa_lab.formats"))], path.name


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


@pytest.mark.parametrize("package", PACKAGES, ids=lambda s: s.cached)
def test_every_kernel_is_made_at_a_modules_top_level(package):
    # the stamps leave out the imports inside a function: no kernel is made where they bind
    for key in package.modules():
        path = package.file(key)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for statement in node.body for n in ast.walk(statement)]
                assert not any(map(_compiles, inner)), f"{key}: {node.name}"


@pytest.mark.parametrize("package", PACKAGES, ids=lambda s: s.cached)
def test_the_kernels_compile_no_file_of_the_library_outside_the_packages_but_those_listed(package):
    for key in package.modules():
        tree = ast.parse(package.file(key).read_text())
        bound = {}
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                bound |= {a.asname or a.name: f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                bound |= {a.asname or a.name.split(".")[0]: a.name for a in node.names}
        files = {_library_file(bound[name]) for name in _compiled_names(tree) & set(bound)
                 if bound[name].startswith("dominosa_lab.")
                 and not bound[name].startswith(tuple(f"{p}." for p in package.packages))}
        assert files - {None} == set(package.outside.get(key, ())), key
    assert set(package.outside) <= set(package.modules())


def test_numbas_private_names_are_used_by_jit_alone():
    # _nrt (jit.bare) and compute_fingerprint (jit.entry): the tests below and
    # test_fast_entry.py fail by name when numba drops either
    private = re.compile(r"numba\._|_nrt|compute_fingerprint|numba\.core")
    users = {path.relative_to(cache.LIBRARY).as_posix() for path in cache.LIBRARY.rglob("*.py")
             if private.search(path.read_text())}
    assert users == {"solvers/engine/jit.py"}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda s: s.cached)
def test_the_stamp_lies_beside_numbas_own_cache_files_named_as_it_reads_them(package):
    warm.warm_up()
    folder = cache.cache_dirs(package.packages[package.cached])[0]
    assert cache.is_compiled(package) and list(folder.glob("*.nbi"))
    files = cache.cache_files(folder)
    assert None not in files and set(files) <= set(package.stamps())
    assert all(path.name.endswith((".nbi", ".nbc")) for paths in files.values() for path in paths)


def test_numba_still_compiles_a_kernel_without_its_runtime():
    # jit.bare relies on numba's private option _nrt; this fails by name when numba drops it
    @njit(_nrt=False)
    def add(a, b):
        return a + b

    assert add(2, 3) == 5


@pytest.mark.parametrize(("module", "what"), [(warm, "the fast solver's kernels"),
                                              (engine_warm, "the engine's kernels")])
def test_a_cold_start_says_it_compiles_and_how_long_it_took(monkeypatch, caplog, module, what):
    monkeypatch.setattr(module, "_checked", False)
    monkeypatch.setattr(sources, "is_compiled", lambda: False)
    monkeypatch.setattr(cache, "is_compiled", lambda: False)
    monkeypatch.setattr(module, "warm_up", lambda: 42.0)
    with caplog.at_level(logging.WARNING, logger=engine_warm.LOG.name):
        module.ensure_compiled()
    assert [r.getMessage() for r in caplog.records] == [
        f"compiling {what}, once: about two to three minutes ...", f"compiled {what} in 42 s"]


def test_the_seconds_spent_compiling_are_set_aside_from_the_solve_budget(monkeypatch):
    def slow_warm_up() -> float:
        time.sleep(1.0)
        return 1.0

    monkeypatch.setattr(warm, "_checked", False)
    monkeypatch.setattr(sources, "is_compiled", lambda: False)
    monkeypatch.setattr(warm, "warm_up", slow_warm_up)
    assert solve(random_puzzle(20, seed=0).puzzle, time_limit=0.5).status == "solved"
