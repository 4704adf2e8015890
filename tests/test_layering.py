"""The house's layers: every import runs down (or sideways without a cycle), never up.

The layers are the package folders, bottom first (``docs/architecture.md``). The
modules are found by walking the package, so a new module or folder is held to
the rule at once, and a folder the rule does not place fails the test.
"""

import ast
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "dominosa_lab"

#: Bottom first; a module may import from its own layer or any layer below.
LAYERS = [
    {"errors"},
    {"core"},
    {"formats", "logic", "tilings"},
    {"solvers"},
    {"boards", "trace", "dominopeg"},
    {"draw", "pages", "experiments"},
    {"cli", "reproduce"},
]
RANK = {room: rank for rank, rooms in enumerate(LAYERS) for room in rooms}

#: Only these rooms may import plotting, tables, notebooks or the distributed engine.
CONSUMERS = {"draw", "experiments", "cli", "reproduce"}
HEAVY = ("matplotlib", "pandas", "IPython", "ipywidgets", "nbclient", "nbformat", "dask",
         "distributed")


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


MODULES = _modules()


def _room(module: str) -> str | None:
    """The layer room of a module: its folder below the package (None for the facade)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def _imports(module: str, path: Path) -> set[str]:
    """Every module named by an import in ``path`` (any depth, functions included)."""
    found = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _internal(targets: set[str]) -> set[str]:
    return {t for t in targets if t in MODULES}


def test_every_folder_and_top_module_has_a_layer():
    rooms = {_room(m) for m in MODULES} - {None}
    assert rooms <= set(RANK), f"no layer for {sorted(rooms - set(RANK))}: add it to LAYERS"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _room(m)))
def test_imports_never_run_up_a_layer(module):
    rank = RANK[_room(module)]
    upward = [t for t in _internal(_imports(module, MODULES[module]))
              if _room(t) and RANK[_room(t)] > rank]
    assert not upward, f"{module} imports from a higher layer: {upward}"


def _package(module: str) -> str:
    """The package a module belongs to (a package's ``__init__`` belongs to itself)."""
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_private_module_of_another_package(module):
    private = [t for t in _internal(_imports(module, MODULES[module]))
               if t.rpartition(".")[2].startswith("_") and MODULES[t].name != "__init__.py"
               and _package(t) != _package(module)]
    assert not private, f"{module} imports the private {private}"


def test_the_facade_imports_no_consumer():
    facade = _internal(_imports("dominosa_lab", MODULES["dominosa_lab"]))
    assert not [t for t in facade if _room(t) in CONSUMERS]


def test_there_is_no_import_cycle():
    graph = nx.DiGraph()
    for module, path in MODULES.items():
        for target in _internal(_imports(module, path)):
            if target != module and not module.startswith(target + "."):
                graph.add_edge(module, target)
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, f"import cycles: {cycles[:3]}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _room(m) not in CONSUMERS))
def test_heavy_libraries_stay_in_the_consumer_layers(module):
    direct = [t for t in _imports(module, MODULES[module]) if t.split(".")[0] in HEAVY]
    assert not direct, f"{module} imports {direct}; only {sorted(CONSUMERS)} may"
    code = f"import sys, {module}; print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "", f"importing {module} pulls in {done.stdout.strip()}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_public_module_declares_all(module):
    if module.rpartition(".")[2].startswith("_"):
        pytest.skip("private module")
    tree = ast.parse(MODULES[module].read_text())
    names = {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
             if isinstance(t, ast.Name)}
    names |= {node.target.id for node in tree.body if isinstance(node, ast.AnnAssign)
              and isinstance(node.target, ast.Name)}
    assert "__all__" in names, f"{module} has no __all__"
