"""Exact, validating JSON encoding of frozen game values.

Encoding is driven by the dataclasses' own type annotations, so a state's JSON form is
derived, not hand-written, and decoding checks every value against the annotation it
must fill. Bad input is rejected with a :class:`~mitosz_core.errors.DecodeError` naming
the JSON path and what was expected; nothing is ever evaluated or unpickled.

JSON text is checked against the :class:`~mitosz_core.kernel.limits.Limits` before it is
parsed (size, nesting depth, digits of a number), objects may not repeat a key, and the
decoder refuses data nested deeper than the JSON depth limit, so no input can exhaust the
recursion limit.

Supported annotations: ``int``, ``bool``, ``str``, ``None``, ``X | None``, enums,
``tuple[X, ...]``, fixed tuples, frozen dataclasses, :class:`Log`, and *tagged unions*:
an annotation naming a base class with a ``kind`` class attribute (:class:`Action`, or a
ruleset's effect classes) is encoded as an object whose ``"type"`` is the subclass's
``kind``, and decoded through the table of subclasses the decoder was given.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, Union

from mitosz_core.errors import DecodeError
from mitosz_core.kernel.action import Action, Decision, Log
from mitosz_core.kernel.jsontext import Json, dumps, encode, loads, omitted
from mitosz_core.kernel.jsontext import hints as field_hints
from mitosz_core.kernel.limits import current_limits

T = TypeVar("T")

__all__ = ["Decode", "Decoder", "Json", "dumps", "encode", "loads"]


Decode = Callable[[Json, str, int], Any]
"""A decoding function: ``(data, path, budget)`` -> value, where ``budget`` is how many
more levels of lists and objects may nest below this point."""


class Decoder:
    """Decodes JSON data into typed values.

    ``actions`` maps an action ``kind`` to its class; ``tagged`` maps any other tagged
    base class (a ``Tagged`` subclass) to its table of ``kind`` -> subclass. Data nested
    deeper than ``max_depth`` lists and objects (by default the JSON depth limit in force,
    :attr:`Limits.json_depth <mitosz_core.kernel.limits.Limits.json_depth>`) is refused
    with a :class:`~mitosz_core.DecodeError`, so decoding never exhausts the recursion
    limit.
    """

    def __init__(
        self,
        actions: Mapping[str, type[Action]],
        tagged: Mapping[type, Mapping[str, type]] | None = None,
        *,
        defaults: bool = False,
        max_depth: int | None = None,
        game_type: type | None = None,
    ) -> None:
        self.actions = dict(actions)
        self.game_type = game_type
        """The ruleset's game data type, decoded where a kernel value annotates its game
        data as ``Any`` (an arranged game's starting position,
        :class:`~mitosz_core.kernel.state.Start`)."""
        self.defaults = defaults
        """Whether a missing field may take its dataclass default (hand-written data);
        saved states are exact and must name every field."""
        self.max_depth = max_depth
        """The deepest nesting decoded; ``None`` for the JSON depth limit in force."""
        self.tagged: dict[type, dict[str, type]] = {Action: dict(actions)}
        for base, table in (tagged or {}).items():
            self.tagged[base] = dict(table)
        self._cache: dict[Any, Decode] = {}

    def decode(self, tp: Any, data: Json, path: str = "$") -> Any:
        """Decode ``data`` as a value of annotation ``tp``; ``path`` names where it is."""
        return self._decoder(tp)(data, path, self._budget())

    def action(self, data: Json, path: str = "$") -> Action:
        """Decode one action from its JSON form."""
        return typing.cast(Action, self._tagged(Action)(data, path, self._budget()))

    def _budget(self) -> int:
        return current_limits().json_depth if self.max_depth is None else self.max_depth

    def _decoder(self, tp: Any) -> Decode:
        found = self._cache.get(tp)
        if found is None:
            found = self._cache[tp] = self._build(tp)
        return found

    def _build(self, tp: Any) -> Decode:
        origin = typing.get_origin(tp)
        if tp is type(None) or tp is None:
            return _expect_none
        if tp is Any:
            if self.game_type is None:
                raise TypeError("the codec decodes game data (Any) only with a game type")
            return self._decoder(self.game_type)
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
            base = self._tagged_base(tp)
            if base is not None:
                return self._tagged_as(base, tp)
            if dataclasses.is_dataclass(tp):
                return self._dataclass(tp)
        raise TypeError(f"the codec does not support the annotation {tp!r}")

    def _union(self, args: tuple[Any, ...]) -> Decode:
        members = [a for a in args if a is not type(None)]
        if len(members) != 1:
            bases = {self._tagged_base(a) for a in members}
            base = next(iter(bases)) if len(bases) == 1 else None
            if base is not None:
                tagged = self._tagged(base)
                if type(None) in args:
                    return lambda data, path, budget: (
                        None if data is None else tagged(data, path, budget)
                    )
                return tagged
            raise TypeError(f"the codec supports only X | None unions, not {args!r}")
        inner = self._decoder(members[0])

        def decode(data: Json, path: str, budget: int) -> Any:
            return None if data is None else inner(data, path, budget)

        return decode

    def _tuple(self, args: tuple[Any, ...]) -> Decode:
        if len(args) == 2 and args[1] is Ellipsis:
            item = self._decoder(args[0])

            def decode_var(data: Json, path: str, budget: int) -> Any:
                if not isinstance(data, list):
                    raise DecodeError(path, f"expected a list, got {_kind(data)}")
                _enter(path, budget)
                return tuple(item(v, f"{path}[{i}]", budget - 1) for i, v in enumerate(data))

            return decode_var
        items = [self._decoder(a) for a in args]

        def decode_fixed(data: Json, path: str, budget: int) -> Any:
            if not isinstance(data, list) or len(data) != len(items):
                raise DecodeError(path, f"expected a list of {len(items)} items, got {_kind(data)}")
            _enter(path, budget)
            return tuple(
                f(v, f"{path}[{i}]", budget - 1)
                for i, (f, v) in enumerate(zip(items, data, strict=True))
            )

        return decode_fixed

    def _dataclass(self, cls: type[T]) -> Callable[[Json, str, int], T]:
        def decode(data: Json, path: str, budget: int) -> T:
            return self._fields(cls, data, path, budget, ignore=())

        return decode

    def _fields(
        self, cls: type[T], data: Json, path: str, budget: int, ignore: tuple[str, ...]
    ) -> T:
        if not isinstance(data, dict):
            raise DecodeError(path, f"expected an object for {cls.__name__}, got {_kind(data)}")
        _enter(path, budget)
        hints = field_hints(cls)
        known = {name for name, _ in hints}
        unknown = sorted(set(data) - known - set(ignore))
        if unknown:
            raise DecodeError(path, f"unknown field {unknown[0]!r} for {cls.__name__}")
        kwargs: dict[str, Any] = {}
        optional = _optional(cls) if self.defaults else frozenset()
        left_out = omitted(cls)
        for name, tp in hints:
            if name not in data:
                if name in optional or name in left_out:
                    continue
                raise DecodeError(path, f"missing field {name!r} for {cls.__name__}")
            kwargs[name] = self._decoder(tp)(data[name], f"{path}.{name}", budget - 1)
            if name in left_out and kwargs[name] == left_out[name] and not self.defaults:
                raise DecodeError(
                    f"{path}.{name}",
                    "a saved state leaves this field out while it holds its default",
                )
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise DecodeError(path, f"invalid {cls.__name__}: {exc}") from None

    def _tagged_base(self, tp: Any) -> type | None:
        """The registered tagged base class that ``tp`` is or derives from."""
        if not isinstance(tp, type):
            return None
        for base in self.tagged:
            if issubclass(tp, base):
                return base
        return None

    def _tagged_as(self, base: type, tp: type) -> Decode:
        """Decode through ``base``'s table, insisting on an instance of ``tp``."""
        decode = self._tagged(base)
        if tp is base:
            return decode

        def narrowed(data: Json, path: str, budget: int) -> Any:
            value = decode(data, path, budget)
            if not isinstance(value, tp):
                raise DecodeError(f"{path}.type", f"expected a {tp.__name__}, got {value.kind!r}")
            return value

        return narrowed

    def _tagged(self, base: type) -> Decode:
        table = self.tagged[base]
        what = "action" if base is Action else base.__name__.lower()

        def decode(data: Json, path: str, budget: int) -> Any:
            if not isinstance(data, dict):
                raise DecodeError(path, f"expected an {what} object, got {_kind(data)}")
            kind = data.get("type")
            cls = table.get(kind) if isinstance(kind, str) else None
            if cls is None:
                known = ", ".join(sorted(table))
                raise DecodeError(f"{path}.type", f"unknown {what} type {kind!r}; known: {known}")
            return self._fields(cls, data, path, budget, ignore=("type",))

        return decode

    def _log(self, data: Json, path: str, budget: int) -> Log:
        if not isinstance(data, list):
            raise DecodeError(path, f"expected a list of decisions, got {_kind(data)}")
        _enter(path, budget)
        decode = self._dataclass(Decision)
        return Log.of([decode(d, f"{path}[{i}]", budget - 1) for i, d in enumerate(data)])


def _enter(path: str, budget: int) -> None:
    """Refuse a list or object where no more nesting is allowed."""
    if budget <= 0:
        raise DecodeError(
            path, "lists and objects nested deeper than the decoder's depth limit (json_depth)"
        )


def _optional(cls: type) -> frozenset[str]:
    """The fields of ``cls`` that have a default."""
    return frozenset(
        f.name
        for f in dataclasses.fields(cls)
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    )


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


def _expect_none(data: Json, path: str, budget: int) -> None:
    if data is not None:
        raise DecodeError(path, f"expected null, got {_kind(data)}")


def _expect_bool(data: Json, path: str, budget: int) -> bool:
    if not isinstance(data, bool):
        raise DecodeError(path, f"expected a boolean, got {_kind(data)}")
    return data


def _expect_int(data: Json, path: str, budget: int) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise DecodeError(path, f"expected an integer, got {_kind(data)}")
    return data


def _expect_str(data: Json, path: str, budget: int) -> str:
    if not isinstance(data, str):
        raise DecodeError(path, f"expected a string, got {_kind(data)}")
    return data


def _enum(cls: type[enum.Enum]) -> Callable[[Json, str, int], enum.Enum]:
    def decode(data: Json, path: str, budget: int) -> enum.Enum:
        try:
            return cls(data)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in cls)
            raise DecodeError(path, f"expected one of {allowed}, got {_kind(data)}") from None

    return decode
