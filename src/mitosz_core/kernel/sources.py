"""The annotations and docstrings of classes, as their source declares them, in both builds.

The engine reads a few classes' annotations (the codec, the actions' field checks, the
action catalog, the effect schema) and docstrings (the catalog's summaries) at run time.
A class compiled by the optional compiled build (``docs/performance.rst``, "Compiled
build") keeps only erased runtime classes in its ``__annotations__`` (``object`` for
``int | None``) and no docstring; its module's source ships beside the extension module,
so :func:`type_hints` and :func:`docstring` read what the source declares. For a class of
an interpreted module they are :func:`typing.get_type_hints` and ``__doc__``.
"""

from __future__ import annotations

import ast
import importlib.machinery
import inspect
import sys
import typing
from pathlib import Path
from typing import Any

_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
_CLASSES: dict[str, dict[str, ast.ClassDef] | None] = {}
"""Module name -> its top-level class definitions, or ``None`` for an interpreted
module."""


def _classes(module_name: str) -> dict[str, ast.ClassDef] | None:
    """The class definitions in the source of ``module_name`` if it is compiled."""
    if module_name in _CLASSES:
        return _CLASSES[module_name]
    found: dict[str, ast.ClassDef] | None = None
    module = sys.modules.get(module_name)
    where = str(getattr(module, "__file__", None) or "")
    if where.endswith(_SUFFIXES):
        source = Path(where[: -len(next(s for s in _SUFFIXES if where.endswith(s)))] + ".py")
        if not source.is_file():
            raise RuntimeError(f"{module_name} is compiled but its source {source} is missing")
        tree = ast.parse(source.read_text(encoding="utf-8"), str(source))
        found = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    _CLASSES[module_name] = found
    return found


def _node(cls: type) -> ast.ClassDef | None:
    """The source definition of ``cls`` if its module is compiled, else ``None``."""
    classes = _classes(cls.__module__)
    if classes is None:
        return None
    node = classes.get(cls.__qualname__)
    if node is None:
        raise RuntimeError(f"no class {cls.__qualname__} in the source of {cls.__module__}")
    return node


def type_hints(cls: type) -> dict[str, Any]:
    """The annotations of ``cls`` and its bases, evaluated, as
    :func:`typing.get_type_hints` gives them for an interpreted class."""
    nodes = [(base, _node(base)) for base in reversed(cls.__mro__) if base is not object]
    if all(node is None for _, node in nodes):
        return typing.get_type_hints(cls)
    hints: dict[str, Any] = {}
    for base, node in nodes:
        if node is None:
            own: dict[str, Any] = dict(inspect.get_annotations(base))
        else:
            own = {
                st.target.id: ast.unparse(st.annotation)
                for st in node.body
                if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
            }
        # evaluated in the base's module, as get_type_hints evaluates a class's own
        stub = type(base.__name__, (), {"__annotations__": own, "__module__": base.__module__})
        hints.update(typing.get_type_hints(stub))
    return hints


def docstring(cls: type) -> str | None:
    """The docstring of ``cls`` as written (``__doc__`` for an interpreted class)."""
    node = _node(cls)
    if node is None:
        return cls.__doc__
    return ast.get_docstring(node, clean=False)
