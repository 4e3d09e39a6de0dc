"""JSON text and the JSON-ready form of game values: the layer under the codec.

:func:`dumps` writes canonical JSON text; :func:`loads` parses it after checking it
against the :class:`~mitosz_core.kernel.limits.Limits` (size, nesting depth, number of
values, digits of a number) and refuses repeated keys; :func:`encode` turns a frozen game
value into JSON-ready data, driven by the dataclasses' own annotations. Decoding, which
needs the ruleset's tables, is :mod:`mitosz_core.kernel.codec`'s.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from abc import ABC, abstractmethod
from typing import Any

from mitosz_core.errors import DecodeError
from mitosz_core.kernel.limits import current_limits, json_text_problem, size_problem
from mitosz_core.kernel.sources import type_hints
from mitosz_core.kernel.tagged import Tagged

Json = Any


class Encodable(ABC):
    """A value that is not a dataclass but has a JSON form of its own (the log)."""

    __slots__ = ()

    @abstractmethod
    def json_value(self) -> Json:
        """The JSON-ready form of this value."""


def dumps(data: Json) -> str:
    """Canonical JSON text: sorted keys, no spaces, ASCII-safe."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def loads(text: str | bytes, what: str = "JSON") -> Json:
    """Parse JSON text, checked first against the limits in force
    (:func:`~mitosz_core.kernel.limits.current_limits`); any problem is a
    :class:`DecodeError`: a value that is not text (``None``, a number, a
    ``memoryview``), a syntax error, a text too large, nested too deep or of too many
    values (refused before anything is built), a number of too many digits, ``NaN`` or
    ``Infinity``, or a key repeated in an object."""
    if not isinstance(text, str | bytes | bytearray):
        raise DecodeError("$", f"{what} must be JSON text (a str or bytes), not {_kind(text)}")
    limits = current_limits()
    too_big = size_problem(text, limits.json_bytes, what)
    if too_big is not None:
        raise DecodeError("$", too_big)
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except UnicodeDecodeError as exc:
            raise DecodeError("$", f"{what} is not valid JSON: {exc}") from None
    if not isinstance(text, str):
        raise DecodeError("$", f"{what} must be text, not {type(text).__name__}")
    problem = json_text_problem(text, limits)
    if problem is not None:
        raise DecodeError("$", f"{what} is refused: {problem}")
    repeated: list[_Repeated] = []
    try:
        data = json.loads(
            text,
            object_pairs_hook=lambda pairs: _object(pairs, repeated),
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as exc:
        raise DecodeError("$", f"{what} is not valid JSON: {exc}") from None
    except ValueError as exc:  # a constant, or a number Python will not convert
        raise DecodeError("$", f"{what} is not valid JSON: {exc}") from None
    if repeated:
        path, key = _first_repeated(data)
        raise DecodeError(path, f"the key {key!r} appears more than once in this object")
    return data


class _Repeated(dict[str, Any]):
    """A JSON object that repeats a key (the last value is kept until it is refused)."""

    key: str


def _object(pairs: list[tuple[str, Any]], repeated: list[_Repeated]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    marked = _Repeated(out)
    marked.key = _repeated_key(pairs)
    repeated.append(marked)
    return marked


def _repeated_key(pairs: list[tuple[str, Any]]) -> str:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return key
        seen.add(key)
    raise AssertionError("no key is repeated")  # pragma: no cover


def _first_repeated(data: Json) -> tuple[str, str]:
    """The JSON path and key of the first object (in document order) that repeats a key."""
    stack: list[tuple[Json, str]] = [(data, "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Repeated):
            return path, value.key
        if isinstance(value, dict):
            stack.extend((v, f"{path}.{k}") for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(value))))
    raise AssertionError("a repeated key was recorded but not found")  # pragma: no cover


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """The ``(field, annotation)`` pairs of a dataclass's init fields, cached."""
    found = _HINTS.get(cls)
    if found is None:
        hints = type_hints(cls)
        found = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)
        _HINTS[cls] = found
    return found


OMIT_DEFAULT = "omit_default"
"""Field metadata key: a field marked ``{OMIT_DEFAULT: True}`` is left out of the JSON form
while it holds its default, and a JSON form without it decodes to the default (so data
saved before the field existed still loads, and the text of everything else is as it
was)."""
_OMITTED: dict[type, dict[str, Any]] = {}


def omitted(cls: type) -> dict[str, Any]:
    """The fields of dataclass ``cls`` left out while they hold their default, by name."""
    found = _OMITTED.get(cls)
    if found is None:
        found = {
            f.name: f.default
            for f in dataclasses.fields(cls)
            if f.metadata.get(OMIT_DEFAULT) and f.default is not dataclasses.MISSING
        }
        _OMITTED[cls] = found
    return found


def _fields(value: Any) -> dict[str, Json]:
    """A dataclass value's fields in JSON form, those holding an omitted default left out
    (:data:`OMIT_DEFAULT`)."""
    left_out = omitted(type(value))
    return {
        name: encode(getattr(value, name))
        for name, _ in hints(type(value))
        if name not in left_out or getattr(value, name) != left_out[name]
    }


def encode(value: Any) -> Json:
    """The JSON-ready form of a game value (dicts, lists, strings, numbers)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, Encodable):
        return value.json_value()
    if isinstance(value, Tagged):
        out = _fields(value)
        out["type"] = value.kind
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields(value)
    raise TypeError(f"cannot encode {type(value).__name__} value {value!r}")
