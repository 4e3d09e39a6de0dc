"""Exact, validating JSON encoding of frozen game values.

Encoding is driven by the dataclasses' own type annotations, so a state's JSON form is
derived, not hand-written, and decoding checks every value against the annotation it
must fill. Bad input is rejected with a :class:`~mitosz_core.errors.DecodeError` naming
the JSON path and what was expected; nothing is ever evaluated or unpickled.

Supported annotations: ``int``, ``bool``, ``str``, ``None``, ``X | None``, enums,
``tuple[X, ...]``, fixed tuples, frozen dataclasses, :class:`Action` (tagged by ``kind``
through the ruleset's action table) and :class:`Log`.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, Union

from mitosz_core.errors import DecodeError
from mitosz_core.kernel.action import Action, Decision, Log

Json = Any
T = TypeVar("T")


def dumps(data: Json) -> str:
    """Canonical JSON text: sorted keys, no spaces, ASCII-safe."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes, what: str = "JSON") -> Json:
    """Parse JSON text, turning syntax errors into a :class:`DecodeError`."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DecodeError("$", f"{what} is not valid JSON: {exc}") from None


_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """The ``(field, annotation)`` pairs of a dataclass's init fields, cached."""
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)
        _HINTS[cls] = found
    return found


def encode(value: Any) -> Json:
    """The JSON-ready form of a game value (dicts, lists, strings, numbers)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, Log):
        return [encode(d) for d in value.as_tuple()]
    if isinstance(value, Action):
        out = {name: encode(getattr(value, name)) for name, _ in _hints(type(value))}
        out["type"] = value.kind
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: encode(getattr(value, name)) for name, _ in _hints(type(value))}
    raise TypeError(f"cannot encode {type(value).__name__} value {value!r}")


class Decoder:
    """Decodes JSON data into typed values; ``actions`` maps a ``kind`` to its class."""

    def __init__(self, actions: Mapping[str, type[Action]]) -> None:
        self.actions = dict(actions)
        self._cache: dict[Any, Callable[[Json, str], Any]] = {}

    def decode(self, tp: Any, data: Json, path: str = "$") -> Any:
        """Decode ``data`` as a value of annotation ``tp``; ``path`` names where it is."""
        return self._decoder(tp)(data, path)

    def action(self, data: Json, path: str = "$") -> Action:
        """Decode one action from its JSON form."""
        return typing.cast(Action, self.decode(Action, data, path))

    def _decoder(self, tp: Any) -> Callable[[Json, str], Any]:
        found = self._cache.get(tp)
        if found is None:
            found = self._cache[tp] = self._build(tp)
        return found

    def _build(self, tp: Any) -> Callable[[Json, str], Any]:
        origin = typing.get_origin(tp)
        if tp is type(None) or tp is None:
            return _expect_none
        if tp is bool:
            return _expect_bool
        if tp is int:
            return _expect_int
        if tp is str:
            return _expect_str
        if origin in (Union, types.UnionType):
            return self._union(typing.get_args(tp))
        if origin is tuple:
            return self._tuple(typing.get_args(tp))
        if isinstance(tp, type):
            if issubclass(tp, enum.Enum):
                return _enum(tp)
            if tp is Log:
                return self._log
            if issubclass(tp, Action):
                return self._tagged_action
            if dataclasses.is_dataclass(tp):
                return self._dataclass(tp)
        raise TypeError(f"the codec does not support the annotation {tp!r}")

    def _union(self, args: tuple[Any, ...]) -> Callable[[Json, str], Any]:
        members = [a for a in args if a is not type(None)]
        if len(members) != 1:
            if all(isinstance(a, type) and issubclass(a, Action) for a in members):
                return self._tagged_action
            raise TypeError(f"the codec supports only X | None unions, not {args!r}")
        inner = self._decoder(members[0])

        def decode(data: Json, path: str) -> Any:
            return None if data is None else inner(data, path)

        return decode

    def _tuple(self, args: tuple[Any, ...]) -> Callable[[Json, str], Any]:
        if len(args) == 2 and args[1] is Ellipsis:
            item = self._decoder(args[0])

            def decode_var(data: Json, path: str) -> Any:
                if not isinstance(data, list):
                    raise DecodeError(path, f"expected a list, got {_kind(data)}")
                return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(data))

            return decode_var
        items = [self._decoder(a) for a in args]

        def decode_fixed(data: Json, path: str) -> Any:
            if not isinstance(data, list) or len(data) != len(items):
                raise DecodeError(path, f"expected a list of {len(items)} items, got {_kind(data)}")
            return tuple(
                f(v, f"{path}[{i}]") for i, (f, v) in enumerate(zip(items, data, strict=True))
            )

        return decode_fixed

    def _dataclass(self, cls: type[T]) -> Callable[[Json, str], T]:
        def decode(data: Json, path: str) -> T:
            return self._fields(cls, data, path, ignore=())

        return decode

    def _fields(self, cls: type[T], data: Json, path: str, ignore: tuple[str, ...]) -> T:
        if not isinstance(data, dict):
            raise DecodeError(path, f"expected an object for {cls.__name__}, got {_kind(data)}")
        hints = _hints(cls)
        known = {name for name, _ in hints}
        unknown = sorted(set(data) - known - set(ignore))
        if unknown:
            raise DecodeError(path, f"unknown field {unknown[0]!r} for {cls.__name__}")
        kwargs: dict[str, Any] = {}
        for name, tp in hints:
            if name not in data:
                raise DecodeError(path, f"missing field {name!r} for {cls.__name__}")
            kwargs[name] = self._decoder(tp)(data[name], f"{path}.{name}")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise DecodeError(path, f"invalid {cls.__name__}: {exc}") from None

    def _tagged_action(self, data: Json, path: str) -> Action:
        if not isinstance(data, dict):
            raise DecodeError(path, f"expected an action object, got {_kind(data)}")
        kind = data.get("type")
        cls = self.actions.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self.actions))
            raise DecodeError(f"{path}.type", f"unknown action type {kind!r}; known: {known}")
        return self._fields(cls, data, path, ignore=("type",))

    def _log(self, data: Json, path: str) -> Log:
        if not isinstance(data, list):
            raise DecodeError(path, f"expected a list of decisions, got {_kind(data)}")
        decode = self._dataclass(Decision)
        return Log.of([decode(d, f"{path}[{i}]") for i, d in enumerate(data)])


def _kind(data: Json) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, int | float):
        return f"the number {data!r}"
    if isinstance(data, str):
        return f"the string {data[:40]!r}"
    if isinstance(data, list):
        return f"a list of {len(data)}"
    return "an object" if isinstance(data, dict) else type(data).__name__


def _expect_none(data: Json, path: str) -> None:
    if data is not None:
        raise DecodeError(path, f"expected null, got {_kind(data)}")


def _expect_bool(data: Json, path: str) -> bool:
    if not isinstance(data, bool):
        raise DecodeError(path, f"expected a boolean, got {_kind(data)}")
    return data


def _expect_int(data: Json, path: str) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise DecodeError(path, f"expected an integer, got {_kind(data)}")
    return data


def _expect_str(data: Json, path: str) -> str:
    if not isinstance(data, str):
        raise DecodeError(path, f"expected a string, got {_kind(data)}")
    return data


def _enum(cls: type[enum.Enum]) -> Callable[[Json, str], enum.Enum]:
    def decode(data: Json, path: str) -> enum.Enum:
        try:
            return cls(data)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in cls)
            raise DecodeError(path, f"expected one of {allowed}, got {_kind(data)}") from None

    return decode
