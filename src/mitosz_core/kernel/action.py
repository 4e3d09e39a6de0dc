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
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from mitosz_core.kernel.jsontext import Encodable, Json, dumps, encode
from mitosz_core.kernel.tagged import Tagged


@dataclass(frozen=True, slots=True)
class Action(Tagged):
    """Base class of every ruleset's actions.

    Subclasses are frozen dataclasses with a unique ``kind`` per ruleset; ``kind`` is the
    ``"type"`` tag of the JSON form.
    """

    kind: ClassVar[str] = "action"

    def __str__(self) -> str:
        parts = [f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self)]
        return f"{self.kind}({', '.join(parts)})" if parts else self.kind

    def to_json(self) -> str:
        """The action as JSON text, e.g. ``{"type": "pass"}``."""
        return dumps(encode(self))


@dataclass(frozen=True, slots=True)
class Decision:
    """One entry of the history: ``player`` took ``action``; ``auto`` if the engine did."""

    player: int
    action: Action
    auto: bool = False

    def __str__(self) -> str:
        return f"P{self.player}{'*' if self.auto else ''} {self.action}"


class Log(Encodable):
    """An immutable, structurally shared list of decisions (a cons list).

    ``log.append(d)`` is O(1) and leaves ``log`` unchanged; iteration is oldest first.
    Equality and hashing are iterative, so long games never hit the recursion limit.
    """

    __slots__ = ("_hash", "_last", "_prev", "_size")

    EMPTY: ClassVar[Log]

    _last: Decision | None
    _prev: Log | None
    _size: int
    _hash: int | None

    def __init__(self, last: Decision | None = None, prev: Log | None = None) -> None:
        self._last = last
        self._prev = prev
        self._size = 0 if last is None else 1 + (prev._size if prev is not None else 0)
        self._hash = None

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

    @property
    def last(self) -> Decision | None:
        return self._last

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
