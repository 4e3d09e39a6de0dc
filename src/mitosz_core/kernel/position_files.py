"""Position files of either ruleset: TOML or JSON, within the input limits, checked
against the ruleset's position schema (in the package's ``schemas``), stopping at the
first errors (:mod:`~mitosz_core.kernel.schemacheck`).

A file is read no further than the size limit (``position_bytes``, and ``toml_bytes``
or ``json_bytes``),
scanned for depth, long keys and huge numbers before it is parsed
(:mod:`~mitosz_core.kernel.limits`), parsed (JSON refuses repeated keys), and checked
against the schema. Every problem is a :class:`~mitosz_core.errors.DecodeError` whose
path is ``<file>#<JSON path>`` (or ``<file>:<line>`` for the text itself).
"""

from __future__ import annotations

import json
import os
import tomllib
from functools import cache
from importlib.resources import files
from pathlib import PurePath, PureWindowsPath
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from mitosz_core.errors import DecodeError
from mitosz_core.kernel.codec import loads
from mitosz_core.kernel.limits import (
    current_limits,
    document_depth_problem,
    read_limited,
    size_problem,
    toml_text_problem,
)
from mitosz_core.kernel.schemacheck import bounded_validator, least_error

_BoundedValidator = bounded_validator(Draft202012Validator)


@cache
def position_schema(name: str) -> dict[str, Any]:
    """The position schema ``name`` of the package's schemas, as a JSON object."""
    text = (files("mitosz_core") / "schemas" / name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def read_position_file(path: str | os.PathLike[str], schema: str, ruleset: str) -> dict[str, Any]:
    """The checked document of the position file at ``path`` (``.toml`` or ``.json``)."""
    source = os.fspath(path)
    toml = source.endswith(".toml")
    limits = current_limits()
    limit = min(limits.position_bytes, limits.toml_bytes if toml else limits.json_bytes)
    try:
        data = read_limited(source, limit)
    except OSError as exc:
        raise DecodeError(source, f"cannot read the position file: {exc.strerror}") from None
    too_big = size_problem(data, limit, "the position file")
    if too_big is not None:
        raise DecodeError(source, too_big)
    if toml:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DecodeError(source, f"not UTF-8: {exc.reason}") from None
        refused = toml_text_problem(text, limits)
        if refused is not None:
            raise DecodeError(f"{source}:{refused.line}", refused.problem)
        try:
            document: Any = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, ValueError) as exc:
            raise DecodeError(source, f"invalid TOML: {exc}") from None
        deep = document_depth_problem(document, limits.toml_depth)
        if deep is not None:
            raise DecodeError(f"{source}#{_json_path(deep[0])}", deep[1])
    else:
        try:
            document = loads(data, "a position file")
        except DecodeError as exc:
            raise DecodeError(f"{source}#{exc.path}", exc.problem) from None
    first = least_error(_validator(schema), document, _error_key)
    if first is not None:
        raise DecodeError(f"{source}#{_json_path(tuple(first.absolute_path))}", first.message[:300])
    if document.get("ruleset", ruleset) != ruleset:
        raise DecodeError(
            f"{source}#$.ruleset", f"a {ruleset} position file says {document['ruleset']!r}"
        )
    result: dict[str, Any] = document
    return result


@cache
def _validator(schema: str) -> Any:
    return _BoundedValidator(position_schema(schema))


def _error_key(error: ValidationError) -> tuple[int, list[str]]:
    return len(error.absolute_path), list(map(str, error.absolute_path))


def card_set_paths(path: str | os.PathLike[str], document: dict[str, Any]) -> tuple[str, ...]:
    """The paths of the card sets a position file names (``card_sets``), each taken
    from the file's folder and confined to it: a path that is absolute, has a ``..``
    part, or leads out of the folder (through a symbolic link) is a
    :class:`~mitosz_core.errors.DecodeError` naming the file and the entry. A position
    file from anyone can then make the engine read only files beside it."""
    source = os.fspath(path)
    folder = os.path.dirname(source)
    root = os.path.realpath(folder or os.curdir)
    out: list[str] = []
    for i, name in enumerate(document.get("card_sets", ())):
        where = f"{source}#$.card_sets[{i}]"
        pure = PurePath(name)
        if (
            pure.is_absolute()
            or PureWindowsPath(name).drive
            or PureWindowsPath(name).root
            or ".." in PureWindowsPath(name).parts
        ):
            raise DecodeError(where, _CONFINED)
        joined = os.path.join(folder, name)
        real = os.path.realpath(joined)
        if os.path.commonpath([root, real]) != root:
            raise DecodeError(where, _CONFINED)
        out.append(joined)
    return tuple(out)


_CONFINED = (
    "a card set is named by a path relative to the position file's folder, inside it "
    "(no absolute path, no '..')"
)


def _json_path(keys: tuple[str | int, ...] | Any) -> str:
    return "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys)
