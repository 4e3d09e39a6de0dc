"""The JSON Schema of a card set file, and readable reports of its first violation.

The schema is ``mitosz_core/schemas/mitosz-cards-1.schema.json`` (draft 2020-12), read
with :mod:`importlib.resources` so that it is found in an installed wheel too. The check
stops after the first :data:`~mitosz_core.kernel.schemacheck.MAX_REPORTED_ERRORS`
violations (cards in file order), and the one reported is the first of them by path
(fields by name), so the same file always gives the same error, and a file of countless
errors costs no more than one of a few (:mod:`mitosz_core.kernel.schemacheck`).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.protocols import Validator
from jsonschema.validators import extend

from mitosz_core.kernel.schemacheck import bounded_validator, first_errors, least_error

SCHEMA_FILE = "mitosz-cards-1.schema.json"
"""The schema of card file format 1."""
_LONG_ENUM = 12
"""Longer lists of allowed values are not spelt out in a message."""

FieldPath = tuple[str | int, ...]
"""Where a value sits in the document, e.g. ``("card", 3, "cost", "magic")``."""


def _strict_integer(checker: object, instance: object) -> bool:
    """An integer is an ``int`` (not a bool, not a float such as ``2.0``)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_StrictValidator = bounded_validator(
    extend(  # type: ignore[no-untyped-call]  # untyped in the stubs
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_integer),
    )
)


@cache
def card_schema() -> dict[str, Any]:
    """The card set schema as a JSON object."""
    text = (files("mitosz_core") / "schemas" / SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Validator:
    """The validator of :func:`card_schema`. The schema is the package's own file: the
    test suite checks it against the draft 2020-12 metaschema, so this does not (it
    would cost more than checking all the built-in sets)."""
    validator: Validator = _StrictValidator(card_schema())
    return validator


def _sort_key(error: ValidationError) -> tuple[tuple[tuple[int, int | str], ...], str, str]:
    path = tuple((0, p) if isinstance(p, int) else (1, p) for p in error.absolute_path)
    return path, str(error.validator), error.message


def first_error(document: Any) -> tuple[FieldPath, str] | None:
    """The first violation of the schema in ``document``: its field path and a sentence
    saying what was expected; ``None`` when the document is valid."""
    error = least_error(_validator(), document, _sort_key)
    return None if error is None else _explain(error)


def errors(document: Any) -> list[tuple[FieldPath, str]]:
    """The violations of the schema in ``document``, at most
    :data:`~mitosz_core.kernel.schemacheck.MAX_REPORTED_ERRORS` of them, by field path;
    empty when the document is valid."""
    found = sorted(first_errors(_validator(), document), key=_sort_key)
    return [_explain(error) for error in found]


def _names(values: Sequence[object]) -> str:
    return ", ".join(repr(v) for v in values)


def _branch(error: ValidationError) -> ValidationError | None:
    """For a tagged table (an effect, target or condition) that fits no ``oneOf``
    branch, the first error of the branch its ``type`` names; ``None`` for an unknown
    ``type``."""
    by_branch: dict[int, list[ValidationError]] = {}
    context: list[ValidationError] = list(error.context or ())
    for sub in context:
        branch = sub.schema_path[0] if sub.schema_path else -1
        if isinstance(branch, int):
            by_branch.setdefault(branch, []).append(sub)
    for subs in by_branch.values():
        if not any(sub.validator == "const" for sub in subs):
            return sorted(subs, key=_sort_key)[0]
    return None


def _explain(error: ValidationError) -> tuple[FieldPath, str]:
    if error.validator == "oneOf":
        inner = _branch(error)
        if inner is not None:
            return _explain(inner)
        tag = error.instance.get("type") if isinstance(error.instance, dict) else None
        branches: list[dict[str, str]] = list(error.validator_value)  # type: ignore[arg-type]
        tags = sorted(b["$ref"].rsplit("/", 1)[-1].split("_", 1)[-1] for b in branches)
        where = (*tuple(error.absolute_path), "type")
        return where, f"unknown type {tag!r}; expected one of: {_names(tags)}"
    path: FieldPath = tuple(error.absolute_path)
    kind = error.validator
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    value: Any = error.validator_value
    got: Any = error.instance
    if kind == "additionalProperties":
        known = sorted(schema.get("properties", {}))
        extra = sorted(set(got) - set(known))[0]
        return (*path, extra), f"unknown field {extra!r}; expected one of: {_names(known)}"
    if kind == "required":
        missing = next(name for name in value if name not in got)
        return (*path, missing), f"missing required field {missing!r}"
    if kind in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        return path, f"{got!r} is out of range: expected {low}..{high}"
    if kind == "type":
        kinds = " or ".join(value) if isinstance(value, list) else str(value)
        return path, f"expected {kinds}, got {_toml_type(got)} {got!r}{_hint(schema)}"
    if kind == "enum" and len(value) > _LONG_ENUM:
        close = difflib.get_close_matches(str(got), [str(v) for v in value], n=3)
        hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
        return path, f"{got!r} is not a known value{_hint(schema)}{hint}"
    if kind == "enum":
        return path, f"expected one of {_names(value)}, got {got!r}"
    if kind == "const":
        return path, f"expected {value!r}, got {got!r}"
    if kind == "pattern":
        return path, f"{got!r} is not of the expected form{_hint(schema)}"
    return path, f"{error.message}{_hint(schema)}"


def _hint(schema: dict[str, Any]) -> str:
    description = schema.get("description")
    return f" ({description})" if description else ""


_TOML_TYPES = {bool: "boolean", int: "integer", float: "float", str: "string", list: "array"}


def _toml_type(value: object) -> str:
    if isinstance(value, dict):
        return "table"
    return _TOML_TYPES.get(type(value), type(value).__name__)
