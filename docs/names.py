"""Resolve the Python names that docstrings and documents refer to, the way Python would.

A name is looked up first in the namespace where it is written (the class, then the
module, so that ``:class:`Solution``` in a module that imports ``Solution`` means that
class, then the builtins), then as an absolute dotted path imported from the top. The Sphinx build
(``docs/conf.py``) and the name checker (``tests/test_docs.py``) share this rule.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import importlib
import inspect
import re
import textwrap
from dataclasses import dataclass
from typing import Any

__all__ = ["ROLE", "Field", "resolve", "role_targets"]

ROLE = re.compile(r":(?:py:)?(?:func|class|meth|attr|data|mod|obj|exc|const):`~?\.?([\w.]+)`")
"""A Sphinx Python role; group 1 is its target without the ``~`` or ``.`` prefix."""


@dataclass(frozen=True)
class Field:
    """An instance attribute a class declares but holds no class value for.

    Declared means: a dataclass field or annotation, an attribute its methods assign
    (``self.name = ...``), or an entry of its numpydoc ``Attributes`` section.
    """

    owner: type
    name: str


def role_targets(text: str) -> list[str]:
    """The targets of the Sphinx Python roles in ``text``, in order."""
    return ROLE.findall(text)


def _member(obj: Any, name: str) -> Any:
    try:
        return getattr(obj, name)
    except AttributeError:
        if inspect.isclass(obj) and _declares(obj, name):
            return Field(obj, name)
        raise


def _declares(cls: type, name: str) -> bool:
    return any(name in _declared(klass) for klass in cls.__mro__ if klass is not object)


def _declared(cls: type) -> set[str]:
    fields = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    return fields | set(vars(cls).get("__annotations__", {})) | _assigned(cls) | _listed(cls)


def _assigned(cls: type) -> set[str]:
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):
        return set()
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name) and node.value.id == "self"
    }


ATTRIBUTES = re.compile(r"^Attributes\n-+\n(.*?)(?=^\w[^\n]*\n-+\n|\Z)", re.M | re.S)
ENTRY = re.compile(r"^(\w+)(?: :|$)", re.M)


def _listed(cls: type) -> set[str]:
    section = ATTRIBUTES.search(inspect.cleandoc(cls.__doc__ or ""))
    return set(ENTRY.findall(section.group(1))) if section else set()


def _walk(obj: Any, parts: list[str]) -> Any:
    for part in parts:
        obj = _member(obj, part)
    return obj


def _absolute(dotted: str) -> Any:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        return _walk(module, parts[cut:])
    raise LookupError(dotted)


def resolve(name: str, module: str | None = None, cls: str | None = None) -> Any:
    """Return the object ``name`` denotes in ``module`` (and class ``cls``), else raise LookupError.

    Examples
    --------
    >>> resolve("Solution", "dominosa_lab.draw.board").__name__
    'Solution'
    >>> resolve("dominosa_lab.core.puzzle.Puzzle.value").__qualname__
    'Puzzle.value'
    """
    parts = name.split(".")
    scopes = []
    if module:
        home = importlib.import_module(module)
        scopes = [_walk(home, cls.split("."))] if cls else []
        scopes.append(home)
    scopes.append(builtins)
    for scope in scopes:
        try:
            return _walk(scope, parts)
        except AttributeError:
            continue
    try:
        return _absolute(name)
    except AttributeError as error:
        raise LookupError(name) from error
