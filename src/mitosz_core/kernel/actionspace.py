"""Integer actions: a ruleset's fixed, documented action space.

In the manner of OpenSpiel's *distinct actions*, every ruleset numbers the kinds of
choice it can offer, ``0 .. num_distinct_actions - 1``, so that the same index means the
same kind of choice in every state ("summon the card in hand slot 3", "attack road r of
people slot k"). The integer space is a view of :func:`~mitosz_core.legal_actions`: it
never replaces the actions themselves nor the history, which keeps the actions.

:class:`ActionSpace` is the contract; the rulesets implement it
(``games/<name>/actionspace.py``) and give it through :meth:`Ruleset.action_space
<mitosz_core.kernel.ruleset.Ruleset.action_space>`.
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Protocol, SupportsIndex, overload

from mitosz_core.errors import ActionIndexError
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.copies import list_once, named_cards
from mitosz_core.kernel.state import State


class LegalSource(Protocol):
    """Anything that lists the legal actions of a state: a ruleset."""

    @property
    def card_fields(self) -> frozenset[str]: ...

    def legal(self, state: State[Any], /) -> tuple[Action, ...]: ...

    def interchangeable(
        self, state: State[Any], among: Collection[int] | None = ..., /
    ) -> Mapping[int, int]: ...


def memo_legal(state: State[Any], rules: LegalSource) -> tuple[Action, ...]:
    """The legal actions of ``state``, memoised on it exactly as
    :func:`~mitosz_core.legal_actions` does (which calls this): the ruleset's, with
    identical copies listed once (:func:`~mitosz_core.kernel.copies.list_once`)."""
    cached = state._legal
    if cached is not None:
        return cached
    if state.is_over:
        result: tuple[Action, ...] = ()
    else:
        result = rules.legal(state)
        if len(result) > 1:
            named = named_cards(result, rules.card_fields)
            if len(named) > 1:
                twins = rules.interchangeable(state, named)
                result = list_once(result, twins, rules.card_fields)
    object.__setattr__(state, "_legal", result)
    return result


_CODED = "action_table"
"""The key of the legal actions by index and their sorted indices in a state's memo."""


class ActionSpace(ABC):
    """A fixed integer numbering of a ruleset's choices.

    Subclasses give :attr:`num_distinct_actions`, :meth:`index_of` (the index of a legal
    action in its state) and :meth:`action_string`. The rest is built on those and on
    :func:`~mitosz_core.legal_actions`.
    """

    def __init__(self, rules: LegalSource) -> None:
        self._rules = rules

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """How many indices the space has; every index of every reachable state is below."""

    @abstractmethod
    def index_of(self, state: State[Any], action: Action) -> int:
        """The index of ``action`` (a legal action of ``state``); raises
        :class:`~mitosz_core.errors.ActionIndexError` if it falls outside the space."""

    @abstractmethod
    def action_string(self, state: State[Any], action: Action) -> str:
        """A readable text for ``action`` in ``state``, unique among the legal actions of
        ``state``."""

    def legal_table(self, state: State[Any]) -> dict[int, Action]:
        """The legal actions of ``state`` by their index (memoised on the state)."""
        return self._coded(state)[0]

    def _coded(self, state: State[Any]) -> tuple[dict[int, Action], tuple[int, ...]]:
        """The legal actions by index and their indices ascending, worked out together
        once per state and memoised on it (:meth:`legal_table`, :meth:`legal_indices`,
        :meth:`legal_mask`, :meth:`encode` and :meth:`decode` all read them)."""
        memo = state._derived
        if memo is not None:
            found: tuple[dict[int, Action], tuple[int, ...]] | None = memo.get(_CODED)
            if found is not None:
                return found
        table = self._index_table(state, memo_legal(state, self._rules))
        coded = (table, tuple(sorted(table)))
        state.derived()[_CODED] = coded
        return coded

    def _index_table(self, state: State[Any], actions: tuple[Action, ...]) -> dict[int, Action]:
        """``actions`` (the legal actions of ``state``) by their index."""
        table: dict[int, Action] = {}
        for action in actions:
            index = self.index_of(state, action)
            if index in table:
                raise ActionIndexError(
                    index, f"names both {table[index]} and {action} in state {state.phase!r}"
                )
            table[index] = action
        return table

    def encode(self, state: State[Any], action: Action) -> int:
        """The index of ``action``, a legal action of ``state``."""
        table = self.legal_table(state)
        for index, legal in table.items():
            if legal is action:  # an action of the list itself, as callers mostly pass
                return index
        for index, legal in table.items():
            if legal == action:
                return index
        raise ActionIndexError(action, f"is not a listed legal action in state {state.phase!r}")

    def decode(self, state: State[Any], index: SupportsIndex) -> Action:
        """The legal action of ``state`` that ``index`` names: an ``int``, or an integer
        of another type that Python can use as an index (a NumPy integer, say)."""
        if isinstance(index, bool):
            raise ActionIndexError(index, "an action index must be an int")
        try:
            number = index if type(index) is int else operator.index(index)
        except TypeError:
            raise ActionIndexError(index, "an action index must be an int") from None
        if not 0 <= number < self.num_distinct_actions:
            raise ActionIndexError(number, f"outside the space [0, {self.num_distinct_actions})")
        action = self.legal_table(state).get(number)
        if action is None:
            raise ActionIndexError(number, f"names no legal action in state {state.phase!r}")
        return action

    def legal_indices(self, state: State[Any]) -> tuple[int, ...]:
        """The indices of the legal actions, ascending (the sparse form of the mask)."""
        return self._coded(state)[1]

    def legal_mask(self, state: State[Any]) -> Mask:
        """``num_distinct_actions`` booleans, true at the legal indices, built in time
        proportional to the number of legal actions (a
        :class:`~mitosz_core.kernel.actionspace.Mask`)."""
        return Mask(self.num_distinct_actions, frozenset(self.legal_table(state)))


class Mask(Sequence[bool]):
    """A read-only sequence of ``size`` booleans, true at ``indices``; it stores only the
    true ones, so it is built in time proportional to their number (``list(mask)`` or
    a NumPy array gives the dense form)."""

    __slots__ = ("_indices", "_size")

    def __init__(self, size: int, indices: frozenset[int]) -> None:
        self._size = size
        self._indices = indices

    @property
    def indices(self) -> tuple[int, ...]:
        """The true positions, ascending."""
        return tuple(sorted(self._indices))

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> bool: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[bool]: ...
    def __getitem__(self, index: int | slice) -> bool | Sequence[bool]:
        if isinstance(index, slice):
            return [i in self._indices for i in range(self._size)[index]]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        return index in self._indices

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mask):
            return self._size == other._size and self._indices == other._indices
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._size, self._indices))

    def __repr__(self) -> str:
        return f"Mask({self._size}, true at {self.indices})"


class Domain(ABC):
    """The values one action field may take, numbered ``0 .. size - 1``."""

    size: int
    """How many codes the domain has."""

    @abstractmethod
    def code(self, state: State[Any], value: object) -> int | None:
        """The code of ``value`` in ``state``; ``None`` if it is outside the domain."""

    @abstractmethod
    def label(self, state: State[Any], value: object) -> str:
        """A short readable text for ``value``'s code (e.g. ``hand 3``)."""


class Values(Domain):
    """A fixed list of values (an enum's members, booleans, small integers)."""

    def __init__(self, values: tuple[object, ...]) -> None:
        self.values = values
        self.size = len(values)
        self._index = {v: i for i, v in enumerate(values)}

    def code(self, state: State[Any], value: object) -> int | None:
        try:
            return self._index.get(value)
        except TypeError:  # an unhashable value
            return None

    def label(self, state: State[Any], value: object) -> str:
        return str(value.value if hasattr(value, "value") else value)


class OrNone(Domain):
    """``None`` (code 0) or a value of ``inner`` (codes from 1)."""

    def __init__(self, inner: Domain, none: str = "none") -> None:
        self.inner = inner
        self.size = inner.size + 1
        self._none = none

    def code(self, state: State[Any], value: object) -> int | None:
        if value is None:
            return 0
        inner = self.inner.code(state, value)
        return None if inner is None else inner + 1

    def label(self, state: State[Any], value: object) -> str:
        return self._none if value is None else self.inner.label(state, value)


class Positions(Domain):
    """Things the ruleset finds at numbered positions of a state (a card in hand slot 3,
    on a leader slot of the next player, ...): ``locate(state)`` gives every position by
    the thing there, memoised per state under ``name``; ``describe(code)`` names one."""

    def __init__(
        self,
        name: str,
        size: int,
        locate: Callable[[State[Any]], Mapping[object, int]],
        describe: Callable[[int], str],
    ) -> None:
        self.name = name
        self.size = size
        self._locate = locate
        self._describe = describe
        self._key = f"positions:{name}"

    def positions(self, state: State[Any]) -> Mapping[object, int]:
        memo = state.derived()
        key = self._key
        found: Mapping[object, int] | None = memo.get(key)
        if found is None:
            found = self._locate(state)
            memo[key] = found
        return found

    def code(self, state: State[Any], value: object) -> int | None:
        if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int)):
            return None
        memo = state._derived  # positions() without its call, when it is memoised
        found_at = None if memo is None else memo.get(self._key)
        if found_at is None:
            found_at = self.positions(state)
        found = found_at.get(value)
        return found if found is not None and 0 <= found < self.size else None

    def label(self, state: State[Any], value: object) -> str:
        code = self.code(state, value)
        return "?" if code is None else self._describe(code)


class Either(Domain):
    """The codes of several domains one after another; a value takes the code of the
    first that holds it (e.g. a card of one's own board, else of one's hand)."""

    def __init__(self, *parts: Domain) -> None:
        self.parts = parts
        self.size = sum(p.size for p in parts)

    def code(self, state: State[Any], value: object) -> int | None:
        offset = 0
        for part in self.parts:
            found = part.code(state, value)
            if found is not None:
                return offset + found
            offset += part.size
        return None

    def label(self, state: State[Any], value: object) -> str:
        for part in self.parts:
            if part.code(state, value) is not None:
                return part.label(state, value)
        return "?"


@dataclass(frozen=True)
class Layout:
    """The indices of one action class: its fields, each over a :class:`Domain`, in
    mixed radix (the first field varies slowest). ``fields`` must name every field of
    the class that can differ between two of its actions, so that an index names one
    action."""

    kind: type[Action]
    fields: tuple[tuple[str, Domain], ...] = ()
    """``(name, domain)`` per field; ``a|b`` names fields coded together (their values
    as one tuple), e.g. a target that is either a card or a pending event."""

    @property
    def size(self) -> int:
        size = 1
        for _, domain in self.fields:
            size *= domain.size
        return size


def _field(action: Action, name: str) -> object:
    """The value of field ``name``; a name ``a|b`` joins fields into one tuple value."""
    if "|" in name:
        return tuple(getattr(action, part) for part in name.split("|"))
    return getattr(action, name)


_Coder = tuple[str, Callable[[Action], object], Domain, int]
"""One field of a layout, ready to code: its name, a getter of its value (a tuple for
``a|b``, as :func:`_field` gives it), its domain and the domain's size."""


class LayoutSpace(ActionSpace):
    """An action space made of one :class:`Layout` per action class, one block of
    indices after another in the order given."""

    def __init__(self, rules: LegalSource, layouts: tuple[Layout, ...]) -> None:
        super().__init__(rules)
        self.layouts = layouts
        self._by_kind: dict[type[Action], tuple[int, Layout]] = {}
        self._coders: dict[type[Action], tuple[int, tuple[_Coder, ...]]] = {}
        offset = 0
        for layout in layouts:
            self._by_kind[layout.kind] = (offset, layout)
            self._coders[layout.kind] = (
                offset,
                tuple(
                    (name, attrgetter(*name.split("|")), domain, domain.size)
                    for name, domain in layout.fields
                ),
            )
            offset += layout.size
        self._size = offset

    @property
    def num_distinct_actions(self) -> int:
        return self._size

    def block(self, kind: type[Action]) -> range:
        """The indices of the action class ``kind``."""
        offset, layout = self._by_kind[kind]
        return range(offset, offset + layout.size)

    def index_of(self, state: State[Any], action: Action) -> int:
        found = self._coders.get(type(action))
        if found is None:
            raise ActionIndexError(action, f"{type(action).__name__} has no indices")
        offset, coders = found
        index = 0
        for name, field_of, domain, size in coders:
            value = field_of(action)
            code = domain.code(state, value)
            if code is None:
                raise ActionIndexError(
                    action, f"its {name} {value!r} is outside the action space's {name} field"
                )
            index = index * size + code
        return offset + index

    def action_string(self, state: State[Any], action: Action) -> str:
        found = self._by_kind.get(type(action))
        if found is None:
            raise ActionIndexError(action, f"{type(action).__name__} has no indices")
        _, layout = found
        parts = [
            f"{name}={domain.label(state, _field(action, name))}" for name, domain in layout.fields
        ]
        return f"{action.kind}({', '.join(parts)})" if parts else action.kind
