"""Identical copies listed once: the filter of :func:`~mitosz_core.legal_actions`.

Two copies of one card that no rule can tell apart (a ruleset says which, through
:meth:`Ruleset.interchangeable <mitosz_core.kernel.ruleset.Ruleset.interchangeable>`)
give legal actions that lead to the same game up to the copies' ids: summoning one copy
or the other. :func:`list_once` keeps one of each such set, the one naming the lowest
ids, so that search and people see one choice. The others stay legal: ``apply`` takes
them (the legality gate decides, not the list), and the game they lead to is the
listed action's with the copies' ids exchanged.

:func:`card_ids` and :func:`relabel` read and rename the card ids of a game's data,
found by the ruleset's declaration of the fields that hold them (:data:`CardIdFields`:
per dataclass, each such field and its :data:`Shape`), never by reading source files or
annotations, so they work alike in a compiled build; the property suite uses them to
check that nothing legal is lost, and checks the declaration against the annotations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mitosz_core.kernel.action import Action
from mitosz_core.kernel.values import frozen


def list_once(
    actions: Sequence[Action], twins: Mapping[int, int], card_fields: frozenset[str]
) -> tuple[Action, ...]:
    """``actions`` without the copies of an action that differ from it only by which of
    some interchangeable cards they name (``twins`` maps each such card id to the lowest
    id of its set; ``card_fields`` are the action fields that hold card ids). Of each
    such group the action with the lowest ids is kept, where the group's first member
    stood; the order is otherwise unchanged."""
    if not twins:
        return tuple(actions)
    best: dict[tuple[object, ...], tuple[tuple[int, ...], int]] = {}
    keys: list[tuple[object, ...] | None] = []
    for position, action in enumerate(actions):
        key, ids = _key(action, twins, card_fields)
        keys.append(key)
        if key is None:
            continue
        found = best.get(key)
        if found is None or ids < found[0]:
            best[key] = (ids, position)
    kept: list[Action] = []
    placed: set[tuple[object, ...]] = set()
    for action, key in zip(actions, keys, strict=True):
        if key is None:
            kept.append(action)
        elif key not in placed:
            placed.add(key)
            kept.append(actions[best[key][1]])
    return tuple(kept)


def named_cards(actions: Sequence[Action], card_fields: frozenset[str]) -> set[int]:
    """The card ids that ``actions`` name in their ``card_fields``."""
    named: set[int] = set()
    for action in actions:
        for name in _card_fields_of(type(action), card_fields):
            value = getattr(action, name)
            if type(value) is int:
                named.add(value)
    return named


_CARD_FIELDS_OF: dict[tuple[type, frozenset[str]], tuple[str, ...]] = {}
"""The card fields of each action class (a class attribute, never a game value)."""


def _card_fields_of(cls: type, card_fields: frozenset[str]) -> tuple[str, ...]:
    found = _CARD_FIELDS_OF.get((cls, card_fields))
    if found is None:
        found = tuple(f.name for f in dataclasses.fields(cls) if f.name in card_fields)
        _CARD_FIELDS_OF[cls, card_fields] = found
    return found


def _key(
    action: Action, twins: Mapping[int, int], card_fields: frozenset[str]
) -> tuple[tuple[object, ...] | None, tuple[int, ...]]:
    """The action with each interchangeable card replaced by its set's lowest id, and
    which of its card fields name the same card (``None`` if it names no such card);
    and the ids it names, for the choice of the lowest."""
    values: list[object] = [type(action)]
    ids: list[int] = []
    named: list[int] = []
    touched = False
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name in card_fields and isinstance(value, int) and not isinstance(value, bool):
            ids.append(value)
            if value in twins:
                touched = True
                named.append(value)
                values.append(("card", twins[value], named.index(value)))
                continue
        values.append(value)
    return (tuple(values) if touched else None), tuple(ids)


def copies_in_hand(
    hand: Sequence[int],
    key: Callable[[int], Hashable],
    referenced: Callable[[], Collection[int]],
    among: Collection[int] | None = None,
) -> dict[int, int]:
    """The interchangeable cards of a hand whose order no rule reads: cards with the same
    ``key`` (e.g. the printed card and its owner) that the game names nowhere but in a
    hand (``referenced()``, asked only if the hand holds such copies, gives every card id
    named elsewhere: a card revealed, peeked at, chosen, aimed at, ...). Each is mapped to
    the lowest id of its set. With ``among``, only the hand's cards in it count."""
    sets: dict[Hashable, list[int]] = {}
    for card in hand:
        if among is None or card in among:
            sets.setdefault(key(card), []).append(card)
    if all(len(cards) < 2 for cards in sets.values()):
        return {}
    named = referenced()
    twins: dict[int, int] = {}
    for cards in sets.values():
        _join(twins, [c for c in cards if c not in named])
    return twins


def _join(twins: dict[int, int], part: list[int]) -> None:
    if len(part) > 1:
        low = min(part)
        twins.update((c, low) for c in part)


# --- card ids in a game's data ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """A card id, or ``None``."""


@dataclass(frozen=True, slots=True)
class Each:
    """A tuple whose every item has the shape ``item``."""

    item: Shape


@dataclass(frozen=True, slots=True)
class At:
    """A fixed-length tuple (or ``None``) with a shape at some of its positions."""

    positions: tuple[tuple[int, Shape], ...]


Shape = Card | Each | At
"""Where the card ids of one field's value sit."""

CARD = Card()
"""A field that holds one card id, or ``None``."""
CARDS = Each(CARD)
"""A field that holds a tuple of card ids (or ``None``)."""

CardIdFields = Mapping[type, Mapping[str, Shape]]
"""A ruleset's declaration of the card ids in its game data. For each dataclass, the
fields that hold card ids and their shape. A field of a class not declared here is
walked for the dataclasses it holds, through tuples; a base class's declaration counts
for its subclasses."""


def card_ids(
    value: object,
    fields: CardIdFields,
    skip: frozenset[str] = frozenset(),
    ignore: frozenset[str] = frozenset(),
) -> Iterator[int]:
    """Every card id in ``value`` (a dataclass of a game's data, and what it holds), as
    ``fields`` declares them, except in private fields (``_...``, derived caches), the
    fields of ``value`` itself named in ``skip`` and the fields named in ``ignore`` at
    any depth."""
    found: set[int] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        shapes = _declared(type(value), fields)
        for f in dataclasses.fields(value):
            if f.name not in skip and f.name not in ignore and not f.name.startswith("_"):
                _collector(shapes.get(f.name), fields, ignore)(getattr(value, f.name), found)
    else:
        _collector(None, fields, ignore)(value, found)
    return iter(found)


def field_ids(
    cls: type,
    name: str,
    value: object,
    fields: CardIdFields,
    ignore: frozenset[str] = frozenset(),
) -> frozenset[int]:
    """The card ids in ``value``, the field ``name`` of the dataclass ``cls`` (read as
    :func:`card_ids` reads it): for a ruleset that caches them per field value (a field
    that names none gives the one shared empty set, ``values.NOTHING``)."""
    found: set[int] = set()
    _collector(_declared(cls, fields).get(name), fields, ignore)(value, found)
    return frozen(found)


_DECLARED: dict[tuple[type, int], tuple[CardIdFields, Mapping[str, Shape]]] = {}
"""The declared shapes of each class's fields, its bases' included (by the identity of
the declaration, which is kept alive with the entry)."""


def _declared(cls: type, fields: CardIdFields) -> Mapping[str, Shape]:
    key = (cls, id(fields))
    found = _DECLARED.get(key)
    if found is None or found[0] is not fields:
        merged: dict[str, Shape] = {}
        for klass in reversed(cls.__mro__):
            merged.update(fields.get(klass, {}))
        found = (fields, merged)
        _DECLARED[key] = found
    return found[1]


# --- collectors: the card-id reading of a shape, worked out once -----------------------

Collect = Callable[[Any, set[int]], None]
"""Adds the card ids of a value to a set."""

_COLLECTORS: dict[tuple[Shape | None, int, frozenset[str]], tuple[CardIdFields, Collect]] = {}
"""The collector of each shape, declaration and ignored field names: code worked out
from the declaration, never from a game value."""

_CLASS_COLLECTORS: dict[tuple[type, int, frozenset[str]], tuple[CardIdFields, Collect]] = {}
"""The collector of each dataclass's fields, likewise."""


def _collector(shape: Shape | None, fields: CardIdFields, ignore: frozenset[str]) -> Collect:
    """What :func:`card_ids` visits in a value of shape ``shape`` (``None``: a value
    that holds no card id itself), as one function."""
    key = (shape, id(fields), ignore)
    found = _COLLECTORS.get(key)
    if found is None or found[0] is not fields:
        found = (fields, _make_collector(shape, fields, ignore))
        _COLLECTORS[key] = found
    return found[1]


def _make_collector(shape: Shape | None, fields: CardIdFields, ignore: frozenset[str]) -> Collect:
    if shape is None:
        return lambda value, out: _collect_any(value, out, fields, ignore)
    if isinstance(shape, Card):

        def one(value: Any, out: set[int]) -> None:
            if isinstance(value, int) and not isinstance(value, bool):
                out.add(value)

        return one
    if isinstance(shape, Each):
        inner = _collector(shape.item, fields, ignore)

        def each(value: Any, out: set[int]) -> None:
            if isinstance(value, tuple):
                for item in value:
                    inner(item, out)
            elif value is not None:
                _collect_any(value, out, fields, ignore)

        return each
    parts = tuple((k, _collector(sub, fields, ignore)) for k, sub in shape.positions)

    def at(value: Any, out: set[int]) -> None:
        if isinstance(value, tuple):
            for k, part in parts:
                if k < len(value):
                    part(value[k], out)
        elif value is not None:
            _collect_any(value, out, fields, ignore)

    return at


def _collect_any(value: Any, out: set[int], fields: CardIdFields, ignore: frozenset[str]) -> None:
    """A value whose position holds no card id itself: its dataclasses' declared fields,
    through tuples."""
    if value is None or isinstance(value, int | str | float | type):
        return
    cls = type(value)
    if cls is tuple:
        for item in value:
            if type(item) not in _PLAIN:
                _collect_any(item, out, fields, ignore)
        return
    key = (cls, id(fields), ignore)
    found = _CLASS_COLLECTORS.get(key)
    if found is None or found[0] is not fields:
        if not dataclasses.is_dataclass(value):
            return
        found = (fields, _class_collector(cls, fields, ignore))
        _CLASS_COLLECTORS[key] = found
    found[1](value, out)


def _class_collector(cls: type, fields: CardIdFields, ignore: frozenset[str]) -> Collect:
    shapes = _declared(cls, fields)
    parts = tuple(
        (f.name, _collector(shapes.get(f.name), fields, ignore))
        for f in dataclasses.fields(cls)
        if not f.name.startswith("_") and f.init and f.name not in ignore
    )

    def collect(value: Any, out: set[int]) -> None:
        for name, part in parts:
            part(getattr(value, name), out)

    return collect


def relabel(value: Any, mapping: Mapping[int, int], fields: CardIdFields) -> Any:
    """``value`` with each card id ``c`` (as :func:`card_ids` finds them) replaced by
    ``mapping.get(c, c)``."""
    return _walk(value, None, fields, lambda card: mapping.get(card, card))


def _walk(
    value: Any, shape: Shape | None, fields: CardIdFields, visit: Callable[[int], int]
) -> Any:
    if shape is not None:
        return _ids(value, shape, fields, visit)
    if value is None or isinstance(value, int | str | float):  # enums too: no ids inside
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes: dict[str, Any] = {}
        shapes = _declared(type(value), fields)
        for f in dataclasses.fields(value):
            if f.name.startswith("_") or not f.init:
                continue
            old = getattr(value, f.name)
            new = _walk(old, shapes.get(f.name), fields, visit)
            if new is not old:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, tuple):
        if value and all(type(item) in _PLAIN for item in value):
            return value  # plain numbers or text, and no declared card id
        new_items = tuple(_walk(item, None, fields, visit) for item in value)
        return value if all(a is b for a, b in zip(new_items, value, strict=True)) else new_items
    return value


_PLAIN = (int, str, float, bool)


def _ids(value: Any, shape: Shape, fields: CardIdFields, visit: Callable[[int], int]) -> Any:
    """``value`` at a position of shape ``shape``."""
    if isinstance(shape, Card):
        return visit(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if value is None:
        return None
    if not isinstance(value, tuple):
        return _walk(value, None, fields, visit)
    if isinstance(shape, Each):
        return tuple(_walk(item, shape.item, fields, visit) for item in value)
    positions = dict(shape.positions)
    return tuple(_walk(item, positions.get(k), fields, visit) for k, item in enumerate(value))
