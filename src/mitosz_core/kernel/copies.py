"""Identical copies listed once: the filter of :func:`~mitosz_core.legal_actions`.

Two copies of one card that no rule can tell apart (a ruleset says which, through
:meth:`Ruleset.interchangeable <mitosz_core.kernel.ruleset.Ruleset.interchangeable>`)
give legal actions that lead to the same game up to the copies' ids: summoning one copy
or the other. :func:`list_once` keeps one of each such set, the one naming the lowest
ids, so that search and people see one choice. The others stay legal: ``apply`` takes
them (the legality gate decides, not the list), and the game they lead to is the
listed action's with the copies' ids exchanged.

:func:`card_ids` and :func:`relabel` read and rename the card ids of a game's data,
found by the annotations of its dataclasses (every field whose annotation names the
ruleset's card-id alias, e.g. ``CardId``); the property suite uses them to check that
nothing legal is lost.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import sys
from collections.abc import Callable, Collection, Hashable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from mitosz_core.kernel.action import Action


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


def card_ids(
    value: object,
    alias: str = "CardId",
    skip: frozenset[str] = frozenset(),
    ignore: frozenset[str] = frozenset(),
) -> Iterator[int]:
    """Every card id in ``value`` (a dataclass of a game's data, and what it holds):
    the values of each field whose annotation names ``alias``, except private fields
    (``_...``, derived caches), the fields of ``value`` itself named in ``skip`` and the
    fields named in ``ignore`` at any depth."""
    found: set[int] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        hints = _annotations(type(value))
        for f in dataclasses.fields(value):
            if f.name not in skip and f.name not in ignore and not f.name.startswith("_"):
                _collector(hints.get(f.name), alias, ignore)(getattr(value, f.name), found)
    else:
        _collector(None, alias, ignore)(value, found)
    return iter(found)


def field_ids(
    cls: type, name: str, value: object, alias: str = "CardId", ignore: frozenset[str] = frozenset()
) -> frozenset[int]:
    """The card ids in ``value``, the field ``name`` of the dataclass ``cls`` (read by the
    field's annotation, as :func:`card_ids` reads it): for a ruleset that caches them per
    field value."""
    found: set[int] = set()
    _collector(_annotations(cls).get(name), alias, ignore)(value, found)
    return frozenset(found)


# --- collectors: the card-id reading of an annotation, worked out once ----------------

Collect = Callable[[Any, set[int]], None]
"""Adds the card ids of a value to a set."""

_COLLECTORS: dict[tuple[ast.expr | None, str, frozenset[str]], Collect] = {}
"""The collector of each annotation (parsed once by :func:`_annotations`, whose nodes
live as long as this memo holds them), alias and ignored field names: code worked out
from the classes' annotations, never from a game value."""

_CLASS_COLLECTORS: dict[tuple[type, str, frozenset[str]], Collect] = {}
"""The collector of each dataclass's fields, likewise."""


def _collector(annotation: ast.expr | None, alias: str, ignore: frozenset[str]) -> Collect:
    """What :func:`_walk` visits in a value at a position annotated ``annotation``, as
    one function: the annotation is read when the collector is made, not per value."""
    key = (annotation, alias, ignore)
    found = _COLLECTORS.get(key)
    if found is None:
        found = _make_collector(annotation, alias, ignore)
        _COLLECTORS[key] = found
    return found


def _make_collector(annotation: ast.expr | None, alias: str, ignore: frozenset[str]) -> Collect:
    if annotation is None or not _names(annotation, alias):
        return lambda value, out: _collect_any(value, out, alias, ignore)
    if isinstance(annotation, ast.Name) and annotation.id == alias:

        def one(value: Any, out: set[int]) -> None:
            if isinstance(value, int) and not isinstance(value, bool):
                out.add(value)

        return one
    if isinstance(annotation, ast.BinOp):  # X | None
        side = next(s for s in (annotation.left, annotation.right) if _names(s, alias))
        inner = _collector(side, alias, ignore)

        def either(value: Any, out: set[int]) -> None:
            if value is not None:
                inner(value, out)

        return either
    items = _items(annotation)

    def many(value: Any, out: set[int]) -> None:
        if value is None:
            return
        if isinstance(value, tuple):
            for k, item in enumerate(value):
                _collector(items(k), alias, ignore)(item, out)
        else:
            _collect_any(value, out, alias, ignore)

    return many


def _collect_any(value: Any, out: set[int], alias: str, ignore: frozenset[str]) -> None:
    """A value at a position whose annotation names no card id: its dataclasses'
    annotated fields, through tuples."""
    if value is None or isinstance(value, int | str | float | type):
        return
    cls = type(value)
    if cls is tuple:
        for item in value:
            if type(item) not in _PLAIN:
                _collect_any(item, out, alias, ignore)
        return
    key = (cls, alias, ignore)
    fields = _CLASS_COLLECTORS.get(key)
    if fields is None:
        if not dataclasses.is_dataclass(value):
            return
        fields = _class_collector(cls, alias, ignore)
        _CLASS_COLLECTORS[key] = fields
    fields(value, out)


def _class_collector(cls: type, alias: str, ignore: frozenset[str]) -> Collect:
    hints = _annotations(cls)
    parts = tuple(
        (f.name, _collector(hints.get(f.name), alias, ignore))
        for f in dataclasses.fields(cls)
        if not f.name.startswith("_") and f.init and f.name not in ignore
    )

    def collect(value: Any, out: set[int]) -> None:
        for name, part in parts:
            part(getattr(value, name), out)

    return collect


def relabel(value: Any, mapping: Mapping[int, int], alias: str = "CardId") -> Any:
    """``value`` with each card id ``c`` (as :func:`card_ids` finds them) replaced by
    ``mapping.get(c, c)``."""
    return _walk(value, None, alias, lambda card: mapping.get(card, card))


def _walk(
    value: Any,
    annotation: ast.expr | None,
    alias: str,
    visit: Callable[[int], int],
    ignore: frozenset[str] = frozenset(),
) -> Any:
    if value is None or isinstance(value, int | str | float):  # enums too: no ids inside
        if annotation is not None and _names(annotation, alias):
            return _ids(value, annotation, alias, visit, ignore)
        return value
    if annotation is not None and _names(annotation, alias):
        return _ids(value, annotation, alias, visit, ignore)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes: dict[str, Any] = {}
        hints = _annotations(type(value))
        for f in dataclasses.fields(value):
            if f.name.startswith("_") or not f.init or f.name in ignore:
                continue
            old = getattr(value, f.name)
            new = _walk(old, hints.get(f.name), alias, visit, ignore)
            if new is not old:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, tuple):
        if value and all(type(item) in _PLAIN for item in value):
            return value  # plain numbers or text, and no annotation naming a card id
        inner = _items(annotation)
        new_items = tuple(
            _walk(item, inner(k), alias, visit, ignore) for k, item in enumerate(value)
        )
        return value if all(a is b for a, b in zip(new_items, value, strict=True)) else new_items
    return value


_PLAIN = (int, str, float, bool)


def _ids(
    value: Any,
    annotation: ast.expr,
    alias: str,
    visit: Callable[[int], int],
    ignore: frozenset[str] = frozenset(),
) -> Any:
    """``value`` at a position annotated with ``annotation``, which names ``alias``."""
    if isinstance(annotation, ast.Name) and annotation.id == alias:
        return visit(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if value is None:
        return None
    if isinstance(annotation, ast.BinOp):  # X | None
        for side in (annotation.left, annotation.right):
            if _names(side, alias):
                return _ids(value, side, alias, visit, ignore)
        return value
    if isinstance(value, tuple):
        inner = _items(annotation)
        return tuple(_walk(item, inner(k), alias, visit, ignore) for k, item in enumerate(value))
    return _walk(value, None, alias, visit, ignore)


_ITEMS: dict[ast.expr | None, Callable[[int], ast.expr | None]] = {}


def _items(annotation: ast.expr | None) -> Callable[[int], ast.expr | None]:
    """The annotation of item ``k`` of a tuple annotated ``annotation`` (memoised)."""
    found = _ITEMS.get(annotation)
    if found is None:
        found = _items_of(annotation)
        _ITEMS[annotation] = found
    return found


def _items_of(annotation: ast.expr | None) -> Callable[[int], ast.expr | None]:
    if isinstance(annotation, ast.BinOp):
        annotation = annotation.left if not _is_none(annotation.left) else annotation.right
    if isinstance(annotation, ast.Subscript):
        args = annotation.slice
        parts = list(args.elts) if isinstance(args, ast.Tuple) else [args]
        if len(parts) == 2 and isinstance(parts[1], ast.Constant) and parts[1].value is ...:
            return lambda k: parts[0]
        return lambda k: parts[k] if k < len(parts) else None
    return lambda k: None


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


_NAMES: dict[tuple[ast.expr, str], bool] = {}
"""Whether an annotation (a node of the parsed annotations, which live as long as this
memo holds them) names the alias."""


def _names(annotation: ast.expr, alias: str) -> bool:
    found = _NAMES.get((annotation, alias))
    if found is None:
        found = any(isinstance(n, ast.Name) and n.id == alias for n in ast.walk(annotation))
        _NAMES[annotation, alias] = found
    return found


@cache
def _annotations(cls: type) -> dict[str, ast.expr]:
    """The annotations of ``cls`` (and its bases) as parsed expressions, with the
    module's own type aliases (``Army = tuple[CardId | None, ...]``) written out."""
    out: dict[str, ast.expr] = {}
    for klass in reversed(cls.__mro__):
        aliases = _aliases(klass.__module__)
        for name, text in vars(klass).get("__annotations__", {}).items():
            if isinstance(text, str):
                node = ast.parse(text, mode="eval").body
                out[name] = _expand(node, aliases)
    return out


@cache
def _aliases(module: str) -> dict[str, ast.expr]:
    """The module-level ``Name = <type>`` assignments of ``module``, parsed."""
    found = sys.modules.get(module)
    path = getattr(found, "__file__", None)
    if path is None:
        return {}
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    out: dict[str, ast.expr] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Subscript | ast.BinOp)
        ):
            out[node.targets[0].id] = node.value
    return out


def _expand(node: ast.expr, aliases: Mapping[str, ast.expr]) -> ast.expr:
    class Expand(ast.NodeTransformer):
        def visit_Name(self, name: ast.Name) -> ast.AST:
            target = aliases.get(name.id)
            return self.generic_visit(copy.deepcopy(target)) if target is not None else name

    return Expand().visit(ast.parse(ast.unparse(node), mode="eval").body)  # type: ignore[no-any-return]
