"""What a fresh process loads: ``import dominosa_lab`` and each command import only what they use.

Each test runs a new interpreter (a module loaded once stays loaded, so the test process itself
cannot tell) and reads ``sys.modules`` at its end.
"""

import json
import subprocess
import sys

import pytest

import dominosa_lab
from dominosa_lab import METHODS

#: The libraries that solving never needs: graphs, tables, plots, clusters, progress bars.
HEAVY = ("networkx", "pandas", "matplotlib", "dask", "distributed", "tqdm", "scipy")
#: The module of every registered method.
SOLVERS = tuple(f"dominosa_lab.solvers.{name}" for name in METHODS)

REPORT = """
import json, sys
print(json.dumps(sorted(sys.modules)), file=sys.__stdout__)
"""
COMMAND = """
import contextlib, io
from dominosa_lab.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main({argv!r})
    except SystemExit:
        pass
"""


def _loaded(code: str) -> set[str]:
    """The modules loaded at the end of ``python -c code``."""
    done = subprocess.run([sys.executable, "-c", code + REPORT], capture_output=True, text=True,
                          check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def _after(argv: list[str]) -> set[str]:
    """The modules loaded at the end of ``dominosa-lab ARGV``."""
    return _loaded(COMMAND.format(argv=argv))


def _libraries(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted({m.split(".")[0] for m in modules} & set(names))


def _solvers(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith(SOLVERS))


def test_importing_the_package_loads_no_solver_and_no_heavy_library():
    modules = _loaded("import dominosa_lab")
    assert _libraries(modules, (*HEAVY, "numba", "numpy")) == []
    assert _solvers(modules) == []


@pytest.mark.parametrize("argv", [["--help"], ["catalog"], ["solve", "--help"],
                                  ["hint", "--help"], ["grade", "--help"]])
def test_help_and_the_catalog_load_no_solver_no_numba_and_no_heavy_library(argv):
    modules = _after(argv)
    assert _libraries(modules, (*HEAVY, "numba")) == []
    assert _solvers(modules) == []


def test_the_top_help_builds_no_command_options():
    modules = _after(["--help"])
    assert sorted(m for m in modules if m.startswith("dominosa_lab.")) == ["dominosa_lab.cli",
                                                                           "dominosa_lab.errors"]


@pytest.mark.parametrize("method", ["fast", "dlx", "logic"])
def test_solving_loads_no_graph_table_or_plot_library(method):
    modules = _after(["solve", "mikefc-large", "--method", method])
    assert _libraries(modules, HEAVY) == []
    assert f"dominosa_lab.solvers.{method}" in modules


def test_a_public_name_is_imported_on_first_use():
    modules = _loaded("import dominosa_lab as dl\ndl.Puzzle")
    assert "dominosa_lab.core.puzzle" in modules and _solvers(modules) == []


def test_every_public_name_is_listed_and_resolves():
    assert set(dominosa_lab.__all__) <= set(dir(dominosa_lab))
    assert all(getattr(dominosa_lab, name) is not None for name in dominosa_lab.__all__)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'solver'"):
        dominosa_lab.solver  # noqa: B018


def test_a_method_module_is_imported_when_the_method_is_first_used():
    modules = _loaded("import dominosa_lab as dl\ndl.METHODS['rowscan'].options")
    assert _solvers(modules) == ["dominosa_lab.solvers.rowscan"]
