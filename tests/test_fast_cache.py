"""The fast engine's compiled code: never stale after an edit, announced when compiled."""

from __future__ import annotations

import logging
import shutil
import time

import pytest
from numba import njit

from dominosa_lab import random_puzzle, solve
from dominosa_lab.solvers.fast import cache, warm


@pytest.fixture
def compiled_dir(tmp_path):
    """A cache folder holding two kernels' files, stamped for sources "old"."""
    for name in ("loop.run-120.py311.nbi", "loop.run-120.py311.1.nbc", "rule._table-98.py311.nbi"):
        (tmp_path / name).write_bytes(b"compiled")
    (tmp_path / cache.STAMP).write_text("old\ncompiled\n")
    return tmp_path


def test_a_change_of_the_sources_deletes_the_compiled_kernels_and_restamps(compiled_dir):
    assert cache.refresh("new", [compiled_dir])
    assert not list(compiled_dir.glob("*.nb*"))
    assert (compiled_dir / cache.STAMP).read_text().split() == ["new"]


def test_the_same_sources_keep_the_compiled_kernels(compiled_dir):
    assert not cache.refresh("old", [compiled_dir])
    assert len(list(compiled_dir.glob("*.nb*"))) == 3


def test_kernels_are_compiled_only_for_the_sources_they_were_stamped_for(compiled_dir):
    assert cache.is_compiled("old", [compiled_dir])
    cache.refresh("new", [compiled_dir])
    assert not cache.is_compiled("new", [compiled_dir])
    cache.mark_compiled("new", [compiled_dir])
    assert cache.is_compiled("new", [compiled_dir]) and not cache.is_compiled("old", [compiled_dir])


def test_the_hash_follows_every_kernel_module_and_no_driver(tmp_path):
    copy = tmp_path / "fast"
    shutil.copytree(cache.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = cache.source_hash(copy)
    with (copy / "search.py").open("a") as f:
        f.write("# a driver's edit\n")
    assert cache.source_hash(copy) == before
    with (copy / "state.py").open("a") as f:
        f.write("# an edit of the constants the kernels read\n")
    assert cache.source_hash(copy) != before


@pytest.mark.parametrize("driver", cache.DRIVERS)
def test_the_modules_left_out_of_the_hash_define_no_kernel(driver):
    source = (cache.PACKAGE / driver).read_text()
    assert "@kernel" not in source and "@bare" not in source and "njit" not in source


def test_the_stamp_lies_beside_numbas_own_cache_files():
    warm.warm_up()
    folder = cache.cache_dirs()[0]
    assert cache.is_compiled() and list(folder.glob("loop.run-*.nbi"))


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
