"""What a fresh process loads: ``import dominosa_lab`` and each command import only what they use.

Each test runs a new interpreter (a module loaded once stays loaded, so the test process itself
cannot tell) and reads ``sys.modules`` at its end.
"""

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import dominosa_lab
from dominosa_lab import METHODS

#: The libraries that solving never needs: graphs, tables, plots, clusters, progress bars.
HEAVY = ("networkx", "pandas", "matplotlib", "dask", "distributed", "tqdm", "scipy")
PROJECT = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
#: Each optional part of the library, a library it needs, and the extra that installs it.
OPTIONAL = [("dominosa_lab.draw", "matplotlib", "draw"),
            ("dominosa_lab.draw.board", "matplotlib", "draw"),
            ("dominosa_lab.experiments", "pandas", "experiments"),
            ("dominosa_lab.experiments.sweep", "tqdm", "experiments"),
            ("dominosa_lab.reproduce", "nbclient", "notebooks"),
            ("dominosa_lab.draw.stepper", "ipywidgets", "notebooks"),
            ("dominosa_lab.draw.play_widget", "ipywidgets", "notebooks")]
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
    assert sorted(m for m in modules if m.startswith("dominosa_lab.")
                  and not m.startswith("dominosa_lab.cli")) == ["dominosa_lab.errors"]


@pytest.mark.parametrize("method", ["fast", "dlx", "logic"])
def test_solving_loads_no_graph_table_or_plot_library(method):
    modules = _after(["solve", "mikefc-large", "--method", method])
    assert _libraries(modules, HEAVY) == []
    assert f"dominosa_lab.solvers.{method}" in modules


def test_solving_dominopegs_published_boards_loads_no_solvers_module_and_no_numba():
    modules = _loaded("from dominosa_lab.dominopeg import PegBoard, solve\n"
                      "for holes in ((0, 10, 20, 24, 28), (0, 7, 14, 21, 28)):\n"
                      "    assert solve(PegBoard(holes)).status == 'solved'\n")
    assert _libraries(modules, (*HEAVY, "numba")) == []
    assert not any(m.startswith("dominosa_lab.solvers") for m in modules)


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
    modules = _loaded("import dominosa_lab as dl\ndl.METHODS['rowscan'].settings")
    assert _solvers(modules) == ["dominosa_lab.solvers.rowscan"]


def _names(specs: list[str]) -> set[str]:
    """The distributions of requirement specs, versions and extras left out."""
    return {re.match(r"[A-Za-z0-9_.\-]+", spec).group().lower() for spec in specs}


@pytest.mark.parametrize(("module", "library", "extra"), OPTIONAL)
def test_an_optional_part_without_its_library_names_the_extra_to_install(module, library, extra):
    code = (f"import sys; sys.modules[{library!r}] = None\n"
            f"try:\n    import {module}\nexcept ImportError as error:\n"
            "    print(type(error).__name__, error)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == (f"MissingExtraError {library} is not installed; it comes with "
                                   f"dominosa-lab's {extra} extra: pip install "
                                   f"'dominosa-lab[{extra}]'")


@pytest.mark.parametrize(("library", "extra"), sorted({(lib, extra) for _, lib, extra in OPTIONAL}))
def test_the_extra_named_installs_the_library_and_all_installs_the_extra(library, extra):
    extras = PROJECT["optional-dependencies"]
    (everything,) = extras["all"]
    assert library in _names(extras[extra])
    assert everything.startswith(f"{PROJECT['name']}[") and extra in everything[:-1].split("[")[1]


def test_the_core_installs_no_plotting_table_or_cluster_library():
    core = {"numpy", "numba", "networkx", "pycryptosat", "highspy"}
    assert _names(PROJECT["dependencies"]) == core


def test_a_command_whose_extra_is_missing_says_what_to_install_and_exits_1(tmp_path):
    argv = ["draw", "mikefc-small", "-o", str(tmp_path / "board.png")]
    code = ("import sys; sys.modules['matplotlib'] = None\n"
            f"from dominosa_lab.cli import main\nsys.exit(main({argv!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == ("dominosa-lab: error: matplotlib is not installed; it "
                                            "comes with dominosa-lab's draw extra: pip install "
                                            "'dominosa-lab[draw]'")


def test_solving_deducing_counting_and_generating_work_with_the_core_dependencies_only():
    blocked = ("matplotlib", "PIL", "pandas", "dask", "distributed", "tqdm", "ipywidgets",
               "IPython", "nbclient", "nbformat")
    code = (f"import sys\nfor name in {blocked!r}:\n    sys.modules[name] = None\n"
            "import dominosa_lab as dl\n"
            "from dominosa_lab.cli import main\n"
            "board = dl.load('mikefc-small')\n"
            "assert dl.solve(board).status == 'solved' and dl.is_unique(board)\n"
            "assert dl.count_solutions(dl.load('tcg-n10')) == 16\n"
            "assert dl.grade(board).level != 'no solution'\n"
            "assert dl.unique_puzzle(4, grade='basic', seed=0).status == 'found'\n"
            "assert dl.random_puzzle(6, seed=0).puzzle.max_pip == 6\n"
            "for argv in (['solve', 'mikefc-large'], ['hint', 'mikefc-small'],\n"
            "             ['grade', 'mikefc-small'], ['generate', '4'], ['catalog']):\n"
            "    assert main(argv) == 0, argv\n")
    subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
