"""Every error a user can cause is a DominosaError: the library's source raises no built-in kind.

The scan reads each module's syntax tree and lists every ``raise`` of a built-in
exception class (``ValueError(...)``, ``KeyError``...). The few that are not about
input are allowed below, each with the reason.
"""

import ast
import builtins
from pathlib import Path

import pytest

import dominosa_lab
from dominosa_lab import errors

PACKAGE = Path(dominosa_lab.__file__).parent

#: (module, built-in class): why that raise is not a DominosaError.
ALLOWED = {
    ("boards/unique.py", "RuntimeError"):
        "an internal invariant: dancing links disagrees with the deductions (a bug, not input)",
    ("solvers/engine/handover.py", "RuntimeError"):
        "an internal invariant: the SAT solver's model is not an exact cover of the clauses it "
        "was given",
    ("solvers/fast/__init__.py", "RuntimeError"):
        "an internal invariant: the engine's ordinary path finds another first solution than its "
        "one call on the same board (a bug, not input)",
}

#: Python's attribute protocol: these methods must raise AttributeError for a missing name.
ATTRIBUTE_PROTOCOL = {"__getattr__", "__setattr__", "__delattr__"}


def _builtin_raises(path: Path) -> list[tuple[int, str]]:
    """(line, class name) of each ``raise`` of a built-in exception class in ``path``, but an
    AttributeError raised by the attribute protocol's own methods."""
    found = []
    for func in _functions_and_module(ast.parse(path.read_text(), str(path))):
        for node in _own_nodes(func):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            kind = getattr(builtins, raised.id, None) if isinstance(raised, ast.Name) else None
            protocol = kind is AttributeError and getattr(func, "name", "") in ATTRIBUTE_PROTOCOL
            if isinstance(kind, type) and issubclass(kind, BaseException) and not protocol:
                found.append((node.lineno, raised.id))
    return sorted(found)


def _functions_and_module(tree: ast.Module) -> list[ast.AST]:
    """The module and every function in it (each a scope of its own)."""
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef)
    return [tree, *(node for node in ast.walk(tree) if isinstance(node, scopes))]


def _own_nodes(scope: ast.AST):
    """The nodes of ``scope`` that are not inside a function nested in it."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend(ast.iter_child_nodes(node))


def test_the_library_raises_no_built_in_exception_outside_the_allow_list():
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: raise {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, name in _builtin_raises(path)
        if (path.relative_to(PACKAGE).as_posix(), name) not in ALLOWED
    ]
    assert not offenders, "raise a DominosaError kind instead:\n" + "\n".join(offenders)


@pytest.mark.parametrize(("module", "name"), sorted(ALLOWED))
def test_every_allowed_raise_is_still_there(module, name):
    assert name in {kind for _, kind in _builtin_raises(PACKAGE / module)}


def test_the_scan_finds_a_raise_of_a_built_in_class(tmp_path):
    module = tmp_path / "bad.py"
    module.write_text("def f(x):\n    if x:\n        raise ValueError('x')\n    raise KeyError\n")
    assert _builtin_raises(module) == [(3, "ValueError"), (4, "KeyError")]


def test_the_scan_lets_the_attribute_protocol_raise_attribute_error(tmp_path):
    module = tmp_path / "lazy.py"
    module.write_text("def __getattr__(name):\n    def inner():\n        raise AttributeError\n"
                      "    raise AttributeError(name)\n")
    assert _builtin_raises(module) == [(3, "AttributeError")]


def test_every_kind_is_a_dominosa_error_and_so_a_value_error():
    kinds = [getattr(errors, name) for name in errors.__all__]
    assert all(issubclass(kind, errors.DominosaError) for kind in kinds)
    assert issubclass(errors.DominosaError, ValueError)


def test_a_missing_file_is_also_a_file_not_found_error():
    assert issubclass(errors.MissingFileError, FileNotFoundError)
