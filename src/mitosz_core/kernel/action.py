"""Actions, decisions and the action log.

An :class:`Action` is a frozen, hashable value: what a player decides. A
:class:`Decision` is an action together with who took it and whether the engine took
it for them (an automatic pass). The :class:`Log` is a persistent (shared-tail) list of
decisions, so appending to a state's history costs O(1) and never copies it. It pickles
and copies as a flat tuple, however long it is (see :meth:`Log.__reduce__`).
"""

from __future__ import annotations

import copy
import dataclasses
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from mitosz_core.kernel.compiled import mypyc_attr
from mitosz_core.kernel.jsontext import Encodable, Json, dumps, encode
from mitosz_core.kernel.sources import type_hints
from mitosz_core.kernel.tagged import Tagged
from mitosz_core.kernel.values import pickle_by_fields


@mypyc_attr(allow_interpreted_subclasses=True)  # a ruleset's actions need not be compiled
@dataclass(frozen=True, slots=True)
class Action(Tagged):
    """Base class of every ruleset's actions.

    Subclasses are frozen dataclasses with a unique ``kind`` per ruleset; ``kind`` is the
    ``"type"`` tag of the JSON form.
    """

    def __str__(self) -> str:
        parts = [f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self)]
        return f"{self.kind}({', '.join(parts)})" if parts else self.kind

    def to_json(self) -> str:
        """The action as JSON text, e.g. ``{"type": "pass"}``."""
        return dumps(encode(self))


Action.kind = "action"


Check = Callable[[object], bool]
"""Whether a value has exactly a field's declared type."""

_CHECKS: dict[type, tuple[tuple[str, str, Check], ...]] = {}


def _check(hint: Any) -> Check:
    """An exact check of a value against a field annotation: the classes the actions
    use (``int``, ``bool``, ``str``, enums and other classes), ``X | None`` and tuples.
    ``bool`` is no ``int`` here, and a string is not its enum member, although they
    compare equal: the game must never hold a value of another type."""
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        options = tuple(_check(arg) for arg in typing.get_args(hint))
        return lambda v: any(option(v) for option in options)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _check(args[0])
            return lambda v: type(v) is tuple and all(item(x) for x in v)
        items = tuple(_check(arg) for arg in args)
        return lambda v: (
            type(v) is tuple
            and len(v) == len(items)
            and all(f(x) for f, x in zip(items, v, strict=True))
        )
    if hint is type(None) or hint is None:
        return lambda v: v is None
    if isinstance(hint, type):
        return lambda v: type(v) is hint
    raise TypeError(f"action fields of type {hint!r} are not checked")


def _checks(cls: type) -> tuple[tuple[str, str, Check], ...]:
    found = _CHECKS.get(cls)
    if found is None:
        hints = type_hints(cls)
        found = tuple(
            (f.name, getattr(hints[f.name], "__name__", str(hints[f.name])), _check(hints[f.name]))
            for f in dataclasses.fields(cls)
        )
        _CHECKS[cls] = found
    return found


def wrong_field(action: Action) -> str | None:
    """Why ``action`` holds a value of another type than a field declares, or ``None``.

    An action built in Python may hold a plain string where its field declares an enum,
    or ``True`` where it declares an integer; such a value compares equal to a legal one,
    so the legality gate cannot tell, but the game must never store it."""
    for name, declared, check in _checks(type(action)):
        value = getattr(action, name)
        if not check(value):
            return (
                f"field {name!r} holds {type(value).__name__} {value!r}, "
                f"not the declared {declared}"
            )
    return None


@dataclass(frozen=True, slots=True)
class Decision:
    """One entry of the history: ``player`` took ``action``; ``auto`` if the engine did."""

    player: int
    action: Action
    auto: bool = False

    def __str__(self) -> str:
        return f"P{self.player}{'*' if self.auto else ''} {self.action}"


pickle_by_fields([Decision])  # in the compiled build (no change in the pure one)


class Log(Encodable):
    """An immutable, structurally shared list of decisions (a cons list).

    ``log.append(d)`` is O(1) and leaves ``log`` unchanged; iteration is oldest first.
    Equality and hashing are iterative, so long games never hit the recursion limit.
    Each node also holds what the validator asks of the whole log (``decided``,
    ``names_only_players``), worked out from its previous node when it is built: a
    fact of the value itself, never cached elsewhere.
    """

    __slots__ = ("_decided", "_hash", "_highest", "_last", "_lowest", "_prev", "_size")

    EMPTY: ClassVar[Log]

    _last: Decision | None
    _prev: Log | None
    _size: int
    _hash: int | None
    _decided: int
    _lowest: int
    _highest: int

    def __init__(self, last: Decision | None = None, prev: Log | None = None) -> None:
        self._last = last
        self._prev = prev
        self._hash = None
        if last is None:
            self._size, self._decided, self._lowest, self._highest = 0, 0, 0, -1
            return
        player = last.player
        if prev is None or prev._last is None:
            self._size, self._lowest, self._highest = 1, player, player
            self._decided = 0 if last.auto else 1
            return
        self._size = prev._size + 1
        self._decided = prev._decided if last.auto else prev._decided + 1
        self._lowest = player if player < prev._lowest else prev._lowest
        self._highest = player if player > prev._highest else prev._highest

    @classmethod
    def of(cls, decisions: Iterator[Decision] | list[Decision] | tuple[Decision, ...]) -> Log:
        log = cls.EMPTY
        for d in decisions:
            log = log.append(d)
        return log

    def append(self, decision: Decision) -> Log:
        return Log(decision, self)

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Decision]:
        return iter(self.as_tuple())

    def json_value(self) -> Json:
        """The log's JSON form: the list of its decisions, oldest first."""
        return [encode(d) for d in self.as_tuple()]

    def as_tuple(self) -> tuple[Decision, ...]:
        out: list[Decision] = []
        node: Log | None = self
        while node is not None and node._last is not None:
            out.append(node._last)
            node = node._prev
        out.reverse()
        return tuple(out)

    def tail(self, count: int) -> tuple[Decision, ...]:
        """The last ``count`` decisions, oldest first, in O(``count``)."""
        out: list[Decision] = []
        node: Log | None = self
        while len(out) < count and node is not None and node._last is not None:
            out.append(node._last)
            node = node._prev
        out.reverse()
        return tuple(out)

    def previous(self) -> Log | None:
        """The log without its last decision (``None`` for the empty log)."""
        return self._prev if self._last is not None else None

    @property
    def last(self) -> Decision | None:
        return self._last

    @property
    def decided(self) -> int:
        """How many of the decisions were not automatic."""
        return self._decided

    def names_only_players(self, players: int) -> bool:
        """Whether every decision names a player of a ``players``-player game."""
        return self._lowest >= 0 and self._highest < players

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        a: Log | None = self
        b: Log | None = other
        if self._size != other._size:
            return False
        while a is not None and b is not None:
            if a is b:
                return True
            if a._last != b._last:
                return False
            a, b = a._prev, b._prev
        return a is b or (a is None and b is None)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.as_tuple())
        return self._hash

    def __repr__(self) -> str:
        return f"Log({len(self)} decisions)"

    def __reduce__(self) -> tuple[Any, tuple[tuple[Decision, ...]]]:
        """Pickle as the flat tuple of decisions: pickling the cons list node by node
        would recurse once per decision and exhaust the recursion limit in a long game
        (so that, e.g., ``multiprocessing`` could not return a finished game)."""
        return (Log.of, (self.as_tuple(),))

    def __copy__(self) -> Log:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> Log:
        """A deep copy built from a deep copy of the flat tuple (never recursive)."""
        return Log.of(copy.deepcopy(self.as_tuple(), memo))


Log.EMPTY = Log()
