"""What a ruleset's actions and observations look like, read from the code itself.

The docs' reference of every action (:func:`actions`) and of the observation types
(:func:`observation_types`, checked against observations by :func:`observation_problems`)
is generated from here at each build, so it cannot drift from the action classes and
from ``observe``; a client may use the same tables, e.g. to build forms for actions.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import json
import random
import sys
import types
import typing
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Union

from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import apply, legal_actions, new_game, observe
from mitosz_core.kernel.codec import encode
from mitosz_core.kernel.registry import get
from mitosz_core.kernel.sources import docstring, type_hints

SAMPLE_INT = 3
"""The number the examples put in an integer field (a card id, an index, a player)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of an action class."""

    name: str
    type: str
    """The annotation as written, e.g. ``int | None``."""
    default: str | None
    """The default as JSON text, or ``None`` for a field that must be given."""


@dataclass(frozen=True, slots=True)
class ActionEntry:
    """One action class of a ruleset, with an example."""

    ruleset: str
    cls: type[Action]
    fields: tuple[Field, ...]
    example: Action
    """An instance with a sample value in every field that has no default."""

    @property
    def kind(self) -> str:
        """The ``"type"`` tag of the JSON form."""
        return self.cls.kind

    @property
    def json(self) -> str:
        """The example's full JSON form (:meth:`~mitosz_core.Action.to_json`)."""
        return self.example.to_json()

    @property
    def short_json(self) -> str:
        """The example's JSON form with the fields left at their defaults left out, which
        :func:`~mitosz_core.action_from_json` reads as the same action."""
        data = encode(self.example)
        assert isinstance(data, dict)
        given = [f.name for f in self.fields if f.default is None]
        short = {"type": self.kind, **{name: data[name] for name in given}}
        return json.dumps(short, ensure_ascii=False, separators=(",", ":"))

    @property
    def summary(self) -> str:
        """The first paragraph of the class's docstring, on one line."""
        doc = (docstring(self.cls) or "").strip().split("\n\n", 1)[0]
        return " ".join(doc.split())


def actions(ruleset: str) -> tuple[ActionEntry, ...]:
    """Every action class of ``ruleset``, in the ruleset's order."""
    return tuple(_entry(ruleset, cls) for cls in get(ruleset).action_types)


def _entry(ruleset: str, cls: type[Action]) -> ActionEntry:
    hints = type_hints(cls)
    fields: list[Field] = []
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        tp = hints[f.name]
        if f.default is dataclasses.MISSING:
            default = None
            values[f.name] = _sample(tp)
        else:
            default = json.dumps(encode(f.default), ensure_ascii=False)
        fields.append(Field(f.name, _type_text(tp), default))
    return ActionEntry(ruleset, cls, tuple(fields), cls(**values))


def _sample(tp: Any) -> Any:
    """A sample value of annotation ``tp``."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        return _sample(members[0])
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return (_sample(args[0]),)
        return tuple(_sample(a) for a in args)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp))
    if tp is bool:
        return True
    if tp is int:
        return SAMPLE_INT
    if tp is str:
        return "example"
    raise TypeError(f"no sample value for the annotation {tp!r}")


def _type_text(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        return " | ".join(_type_text(a) for a in typing.get_args(tp))
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"tuple[{_type_text(args[0])}, ...]"
        return f"tuple[{', '.join(_type_text(a) for a in args)}]"
    if origin is list:
        return f"list[{', '.join(_type_text(a) for a in typing.get_args(tp))}]"
    if tp is type(None):
        return "None"
    return str(getattr(tp, "__name__", tp))


# --- observations ----------------------------------------------------------------------


CARD = "card"
"""The JSON type shown for a card's view (an object with its ``id``, ``key`` and
``name``, and its ``owner`` or ``type``)."""
_CARD_KEYS = ({"id", "key", "name", "owner"}, {"id", "key", "name", "type"})


@dataclass(frozen=True, slots=True)
class ObservationField:
    """One field of a ruleset's observation: a path such as ``players[].hand``."""

    path: str
    """Dotted keys; ``[]`` stands for every item of a list."""
    types: tuple[str, ...]
    """The JSON types seen there, each one of ``integer``, ``string``, ``boolean``,
    ``null``, ``list``, ``object`` and :data:`CARD`."""
    example: str
    """One value seen there, as JSON (shortened)."""


def observation_fields(
    ruleset: str, seeds: Iterable[int] = range(3), players: int = 2
) -> tuple[ObservationField, ...]:
    """Every field that :func:`~mitosz_core.observe` returned in random games of
    ``ruleset`` (one per seed, observed by every player at every decision), sorted by
    path. A field that no such game reaches is not listed."""
    seen: dict[str, dict[str, Any]] = {}
    for value in sample_observations(ruleset, seeds, players):
        _walk(value, "", seen)
    return tuple(
        ObservationField(path, tuple(sorted(found)), _example(found))
        for path, found in sorted(seen.items())
    )


def sample_observations(
    ruleset: str, seeds: Iterable[int] = range(3), players: int = 2
) -> Iterator[dict[str, Any]]:
    """The observations of random games of ``ruleset`` (one per seed, the legal action
    chosen by a generator seeded alike), by every player at every decision and at the
    end."""
    for seed in seeds:
        state = new_game(ruleset, seed=seed, players=players)
        rng = random.Random(seed)
        while True:
            for player in range(players):
                yield observe(state, player)
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))


def _walk(value: Any, path: str, seen: dict[str, dict[str, Any]]) -> None:
    kind = _json_type(value)
    found = seen.setdefault(path, {})
    if kind not in found or (found[kind] in ([], {}) and value not in ([], {})):
        found[kind] = value
    if kind == "object":
        for key, item in value.items():
            _walk(item, f"{path}.{key}" if path else key, seen)
    elif kind == "list":
        for item in value:
            _walk(item, f"{path}[]", seen)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return CARD if set(value) in _CARD_KEYS else "object"
    raise TypeError(f"observe() returned a {type(value).__name__}, which is not JSON")


def _example(found: dict[str, Any]) -> str:
    for kind in ("string", "integer", "boolean", CARD, "list", "object", "null"):
        if kind in found:
            text = json.dumps(found[kind], ensure_ascii=False)
            return text if len(text) <= 60 else f"{text[:57]}..."
    return "null"


# --- observation types -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TypedField:
    """One field of an observation type (a :class:`~typing.TypedDict`)."""

    name: str
    annotation: str
    """The annotation as written, e.g. ``list[CardView] | int``."""
    required: bool
    """Whether every value of the type has the field (``False``: ``NotRequired``)."""
    doc: str
    """Its docstring (the string literal under the field in the source)."""


@dataclass(frozen=True, slots=True)
class ObservationType:
    """One :class:`~typing.TypedDict` of a ruleset's observation, with its fields."""

    cls: type
    doc: str
    """The class docstring's first paragraph, on one line."""
    fields: tuple[TypedField, ...]

    @property
    def name(self) -> str:
        return self.cls.__name__

    @property
    def qualified(self) -> str:
        """Its import path, e.g. ``mitosz_core.games.mitosz.observation.CardView``."""
        return f"{self.cls.__module__}.{self.cls.__qualname__}"


def observation_types(ruleset: str) -> tuple[ObservationType, ...]:
    """The ruleset's observation type and every typed dictionary its fields reach, the
    observation first, then in the order they are first reached."""
    found: list[type] = []
    todo: list[type] = [get(ruleset).observation_type]
    while todo:
        cls = todo.pop(0)
        if cls in found:
            continue
        found.append(cls)
        for tp in typing.get_type_hints(cls).values():
            todo.extend(t for t in _typed_dicts(tp) if t not in found)
    return tuple(_observation_type(cls) for cls in found)


def _typed_dicts(tp: Any) -> list[type]:
    """The typed dictionaries that annotation ``tp`` names, outermost first."""
    if typing.is_typeddict(tp):
        return [tp]
    return [t for arg in typing.get_args(tp) for t in _typed_dicts(arg)]


def _observation_type(cls: type) -> ObservationType:
    docs = _field_docs(cls)
    hints = typing.get_type_hints(cls)
    required: frozenset[str] = getattr(cls, "__required_keys__", frozenset())
    fields = tuple(
        TypedField(name, _type_text(tp), name in required, docs.get(name, ""))
        for name, tp in hints.items()
    )
    summary = " ".join((cls.__doc__ or "").strip().split("\n\n", 1)[0].split())
    return ObservationType(cls, summary, fields)


def _field_docs(cls: type) -> dict[str, str]:
    """The docstring under each annotated field of ``cls`` and of the typed dictionaries
    it extends, read from the source of its module."""
    tree = ast.parse(inspect.getsource(sys.modules[cls.__module__]))
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    docs: dict[str, str] = {}

    def read(name: str) -> None:
        node = classes.get(name)
        if node is None:
            return
        for base in node.bases:
            if isinstance(base, ast.Name):
                read(base.id)
        for field, after in zip(node.body, node.body[1:], strict=False):
            if (
                isinstance(field, ast.AnnAssign)
                and isinstance(field.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[field.target.id] = " ".join(after.value.value.split())

    read(cls.__name__)
    return docs


def observation_problems(ruleset: str, value: object) -> tuple[str, ...]:
    """How ``value`` (an observation) departs from the ruleset's observation type: each
    a JSON path and what is wrong there (a missing or unknown field, a wrong type).
    Empty for a value of the type."""
    problems: list[str] = []
    _check(value, get(ruleset).observation_type, "$", problems)
    return tuple(problems)


def _check(value: object, tp: Any, path: str, problems: list[str]) -> None:
    if typing.is_typeddict(tp):
        if not isinstance(value, dict):
            problems.append(f"{path}: expected an object ({tp.__name__}), got {value!r:.60}")
            return
        hints = typing.get_type_hints(tp)
        for key in sorted(set(tp.__required_keys__) - set(value)):
            problems.append(f"{path}: no field {key!r} ({tp.__name__})")
        for key, item in value.items():
            if key not in hints:
                problems.append(f"{path}: unknown field {key!r} ({tp.__name__})")
            else:
                _check(item, hints[key], f"{path}.{key}", problems)
        return
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        for member in typing.get_args(tp):
            trial: list[str] = []
            _check(value, member, path, trial)
            if not trial:
                return
        problems.append(f"{path}: {value!r:.60} is not a {_type_text(tp)}")
        return
    if origin is list:
        if not isinstance(value, list):
            problems.append(f"{path}: expected a list, got {value!r:.60}")
            return
        (item_type,) = typing.get_args(tp)
        for i, item in enumerate(value):
            _check(item, item_type, f"{path}[{i}]", problems)
        return
    if tp is type(None):
        if value is not None:
            problems.append(f"{path}: expected null, got {value!r:.60}")
        return
    exact = type(value) is bool if tp is bool else not isinstance(value, bool)
    if not (isinstance(value, tp) and exact):
        problems.append(f"{path}: expected {_type_text(tp)}, got {value!r:.60}")
