"""Every name the docstrings and documents refer to resolves to the object it names."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import dominosa_lab

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs"))

from names import resolve, role_targets  # noqa: E402

DOTTED = re.compile(r"\bdominosa_lab(?:\.\w+)+")
ALIASED = re.compile(r"\bdl((?:\.\w+)+)")  # ``import dominosa_lab as dl``, as the documents write
FILE_PATH = re.compile(r"`([\w.*-]+(?:/[\w.*-]+)+\.(?:py|md|ipynb|jsonl|csv|txt|png|gif))`")
METHOD = re.compile(r"""method=["'](\w+)["']""")
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _modules() -> list[str]:
    walked = pkgutil.walk_packages(dominosa_lab.__path__, "dominosa_lab.")
    return ["dominosa_lab", *sorted(module.name for module in walked)]


def _members(owner: object, module: str) -> Iterator[tuple[str, object]]:
    for name, value in vars(owner).items():
        target = getattr(value, "fget", None) or getattr(value, "__func__", value)
        if getattr(target, "__module__", None) == module and getattr(target, "__doc__", None):
            yield name, target


def _docstrings() -> Iterator[tuple[str, str, str | None, str]]:
    """(where, module, class, docstring) for each module, class, function and method."""
    for name in _modules():
        module = importlib.import_module(name)
        file = Path(module.__file__).relative_to(ROOT)
        if module.__doc__:
            yield f"{file}", name, None, module.__doc__
        for attr, value in _members(module, name):
            owner = attr if inspect.isclass(value) else None
            yield f"{file} {attr}", name, owner, value.__doc__
            if owner:
                for method, member in _members(value, name):
                    yield f"{file} {attr}.{method}", name, attr, member.__doc__


def _unresolved(names: list[tuple[str, str, str | None, str]]) -> list[str]:
    failures = []
    for where, module, cls, name in names:
        try:
            resolve(name, module, cls)
        except (LookupError, ImportError):
            failures.append(f"{where}: {name}")
    return failures


def test_dotted_names_in_docstrings_resolve():
    names = [(where, module, cls, name)
             for where, module, cls, doc in _docstrings() for name in DOTTED.findall(doc)]
    assert not _unresolved(names), "\n".join(_unresolved(names))


def test_role_targets_in_docstrings_resolve_in_the_module_that_writes_them():
    names = [(where, module, cls, name)
             for where, module, cls, doc in _docstrings() for name in role_targets(doc)]
    assert not _unresolved(names), "\n".join(_unresolved(names))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_dotted_names_in_documents_resolve(document):
    text = document.read_text()
    dotted = DOTTED.findall(text) + [f"dominosa_lab{name}" for name in ALIASED.findall(text)]
    names = [(document.name, None, None, name) for name in dotted]
    assert not _unresolved(names), "\n".join(_unresolved(names))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_file_paths_in_documents_exist_from_the_root_or_the_package(document):
    paths = FILE_PATH.findall(document.read_text())
    missing = [path for path in paths
               if not any(any(base.glob(path)) for base in (ROOT, ROOT / "dominosa_lab"))]
    assert not missing, "\n".join(f"{document.name}: {path}" for path in missing)


def test_method_names_in_docstrings_and_documents_are_registered():
    texts = [(where, doc) for where, _, _, doc in _docstrings()]
    texts += [(document.name, document.read_text()) for document in DOCUMENTS]
    unknown = [f"{where}: {name}" for where, text in texts for name in METHOD.findall(text)
               if name not in dominosa_lab.METHODS]
    assert not unknown, "\n".join(unknown)


def test_a_name_whose_module_moved_does_not_resolve():
    with pytest.raises(LookupError):
        resolve("dominosa_lab.search.Search")


def test_a_short_name_resolves_to_what_its_module_imports():
    assert resolve("Puzzle", "dominosa_lab.solvers.dlx") is dominosa_lab.Puzzle


def test_an_attribute_assigned_in_a_method_resolves_on_its_class():
    assert resolve("events", "dominosa_lab.core.search", "Search").name == "events"


def test_a_name_the_class_does_not_declare_does_not_resolve():
    with pytest.raises(LookupError):
        resolve("no_such_attribute", "dominosa_lab.core.search", "Search")
