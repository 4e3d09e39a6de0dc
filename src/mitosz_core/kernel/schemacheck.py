"""Checking a document against a JSON Schema with bounded work and memory.

``jsonschema`` reports every violation of a document, and its ``oneOf`` and ``anyOf``
keep every error of every branch (with the whole instance in each message), so a card
file of a few hundred kilobytes of invalid effects made millions of errors. The loaders
report one problem, so they check with :func:`first_errors`, which stops after
:data:`MAX_REPORTED_ERRORS` errors and picks the one to report among those, and with
validators made by :func:`bounded_validator`, whose keywords do bounded work:

- ``oneOf`` and ``anyOf`` keep only the first error of each branch (enough to know that
  the branch fails and why): their cost is that of finding one error per branch, and a
  branch nested in a branch adds one error, not a product of them;
- their messages show the instance shortened (``reprlib.repr``), not whole;
- ``uniqueItems`` compares the items by a canonical key in a set (linear time), where
  ``jsonschema`` falls back to comparing every pair (quadratic time) as soon as two
  items cannot be ordered (say, a number and a string).

A document's errors come in the order ``jsonschema`` finds them: the document's own
order for arrays, the schema's order for the fields of an object. The choice of the
first :data:`MAX_REPORTED_ERRORS` is therefore deterministic, and the error a loader
reports is the least of them by its own key.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Iterator, Mapping
from itertools import islice
from typing import Any, Final, cast

from jsonschema import ValidationError
from jsonschema.validators import extend

MAX_REPORTED_ERRORS: Final = 16
"""The most schema errors a loader collects before it reports one of them."""
BRANCH_ERRORS: Final = 1
"""The errors of each failing branch a ``oneOf`` or ``anyOf`` error keeps."""


def first_errors(validator: Any, document: Any) -> list[ValidationError]:
    """The first :data:`MAX_REPORTED_ERRORS` errors ``validator`` finds in ``document``,
    in the order found; no more work is done once they are found."""
    found: Iterator[ValidationError] = validator.iter_errors(document)
    return list(islice(found, MAX_REPORTED_ERRORS))


def least_error(
    validator: Any, document: Any, key: Callable[[ValidationError], Any]
) -> ValidationError | None:
    """The least by ``key`` of :func:`first_errors`; ``None`` when the document is valid."""
    errors = first_errors(validator, document)
    return min(errors, key=key) if errors else None


def _branches(
    validator: Any, branches: list[Any], instance: Any
) -> tuple[list[ValidationError], int | None]:
    """The first errors of each branch up to the first that ``instance`` satisfies, and
    the index of that branch (``None`` if none)."""
    errors: list[ValidationError] = []
    for index, subschema in enumerate(branches):
        found = list(
            islice(validator.descend(instance, subschema, schema_path=index), BRANCH_ERRORS)
        )
        if not found:
            return errors, index
        errors.extend(found)
    return errors, None


def _one_of(
    validator: Any, one_of: list[Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    errors, valid = _branches(validator, one_of, instance)
    if valid is None:
        yield ValidationError(
            f"{reprlib.repr(instance)} is not valid under any of the given schemas",
            context=errors,
        )
        return
    more = [
        index
        for index, each in enumerate(one_of)
        if index > valid and validator.evolve(schema=each).is_valid(instance)
    ]
    if more:
        yield ValidationError(
            f"{reprlib.repr(instance)} is valid under more than one of the given schemas "
            f"(branches {', '.join(map(str, [valid, *more]))})"
        )


def _any_of(
    validator: Any, any_of: list[Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    errors, valid = _branches(validator, any_of, instance)
    if valid is None:
        yield ValidationError(
            f"{reprlib.repr(instance)} is not valid under any of the given schemas",
            context=errors,
        )


def canonical(value: Any) -> Any:
    """A hashable key equal for values JSON Schema calls equal: ``1`` and ``1.0`` alike,
    ``true`` and ``1`` not, objects whatever their key order. Recursion is bounded by
    the depth limits the loaders check before parsing."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int | float):
        return ("number", value)
    if isinstance(value, str):
        return ("string", value)
    if isinstance(value, Mapping):
        return ("object", frozenset((k, canonical(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return ("array", tuple(canonical(v) for v in value))
    return ("other", repr(value))


def _unique_items(
    validator: Any, unique: bool, instance: Any, schema: Any
) -> Iterator[ValidationError]:
    if not unique or not validator.is_type(instance, "array"):
        return
    seen: set[Any] = set()
    for index, item in enumerate(instance):
        key = canonical(item)
        if key in seen:
            yield ValidationError(f"{reprlib.repr(item)} is repeated (item {index})")
            return
        seen.add(key)


def bounded_validator(base: Any) -> Any:
    """``base`` (a ``jsonschema`` validator class) with the bounded ``oneOf``, ``anyOf``
    and ``uniqueItems`` of this module."""
    keywords = {"oneOf": _one_of, "anyOf": _any_of, "uniqueItems": _unique_items}
    return cast(Any, extend)(base, validators=keywords)
