"""Loading the MYTHOS factions: TOML files, checked by a JSON Schema and by rule checks.

A faction file (``data/<faction>.toml``, card file format 1)::

    [faction]
    key = "guardians"
    name_en = "Guardians"
    name_de = "Wächter"
    format = 1

    [[card]]
    key = "Heracles"           # decks name cards by their key
    name_en = "Heracles"
    name_de = "Herakles"
    type = "unit"              # unit | artifact | place | upgrade | magic | event
    kind = "hero"              # units: god | hero | creature | companion
    count = 1                  # copies in the faction's 64-card deck (R-10-copies)
    cost = 5                   # aura to play
    mobilize = 2               # units: aura to mobilise (05)
    attack = 6
    life = 4
    text_en = "..."
    text_de = "..."

    [[card.trigger]]           # at least one (09.1)
    type = "conditional"
    when = "attacks"
    effects = [{ op = "heal", target = "you", amount = 1 }]

The schema (``data/mythos-cards-1.schema.json``, draft 2020-12) checks the shapes; the
checks here add the rules a schema cannot say (which trigger types a card type may have,
chosen targets only where a player chooses, ...). Every problem raises
:class:`~mitosz_core.errors.CardDataError` naming the file, the card and the field.
Nothing is evaluated: effects are names of primitives with numbers. Before the TOML is
parsed, the file is checked against the input limits
(:class:`~mitosz_core.kernel.limits.Limits`: size, nesting depth, parts of a key, digits
of a number), and the parsed document's depth before it is checked against the schema.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.validators import extend

from mitosz_core.errors import CardDataError
from mitosz_core.filecache import FileCache
from mitosz_core.games.mythos.cards import (
    CHOSEN,
    CONDITIONAL_WHEN,
    CYCLE_WHEN,
    PASSIVE_EFFECTS,
    AttachCost,
    AttachCostKind,
    AuraCap,
    Bonus,
    Buff,
    CardDef,
    CardType,
    Cost,
    Damage,
    Destroy,
    Draw,
    Duration,
    Effect,
    Element,
    Faction,
    GainAura,
    Heal,
    Revive,
    Sacrifice,
    Target,
    Trigger,
    TriggerType,
    UnitKind,
    When,
)
from mitosz_core.kernel.limits import (
    current_limits,
    document_depth_problem,
    read_card_text,
    size_problem,
    toml_text_problem,
)
from mitosz_core.kernel.schemacheck import bounded_validator, first_errors
from mitosz_core.kernel.state import DeckEntry, DeckList

CardPath = str | os.PathLike[str] | Traversable
"""A card file: a path, or a resource of an installed package."""

SCHEMA_FILE = "mythos-cards-1.schema.json"
DECK_SIZE = 64
"""Cards in a deck and in a faction (01.2, 10.1)."""
FACTION_FILES = ("guardians.toml", "chaos.toml")

FieldPath = tuple[str | int, ...]

ALLOWED: Mapping[CardType, frozenset[TriggerType]] = {
    CardType.UNIT: frozenset(set(TriggerType) - {TriggerType.ONE_SHOT}),
    CardType.ARTIFACT: frozenset(
        {TriggerType.ACTIVATED, TriggerType.CONDITIONAL, TriggerType.PASSIVE, TriggerType.CYCLE}
    ),
    CardType.PLACE: frozenset(
        {TriggerType.ON_ENTER, TriggerType.CONDITIONAL, TriggerType.PASSIVE, TriggerType.CYCLE}
    ),
    CardType.UPGRADE: frozenset({TriggerType.CONDITIONAL, TriggerType.PASSIVE, TriggerType.CYCLE}),
    CardType.MAGIC: frozenset(
        {TriggerType.ON_ENTER, TriggerType.CONDITIONAL, TriggerType.PASSIVE, TriggerType.CYCLE}
    ),
    CardType.EVENT: frozenset({TriggerType.ONE_SHOT}),
}
"""Which trigger types each card type may carry (09, 02.8)."""

CHOOSING = frozenset({TriggerType.ACTIVATED, TriggerType.ONE_SHOT})
"""Trigger types whose effects may name a chosen target: the player picks it when
playing or activating. Automatic triggers name no chosen target."""

NO_AURA_GAIN = frozenset({TriggerType.ACTIVATED, TriggerType.CONDITIONAL})
"""Trigger types that may not gain aura: every turn then ends (R-09.3)."""


def _strict_integer(checker: object, instance: object) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


_Validator = bounded_validator(
    cast(Any, extend)(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_integer),
    )
)


@cache
def card_schema() -> dict[str, Any]:
    """The faction file schema as a JSON object."""
    text = (_data() / SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Any:
    """The validator of :func:`card_schema`; the test suite checks the schema against
    the draft 2020-12 metaschema, so this does not."""
    return _Validator(card_schema())


def _data() -> Traversable:
    return files("mitosz_core.games.mythos") / "data"


def _sort_key(error: ValidationError) -> tuple[tuple[tuple[int, int | str], ...], str]:
    path = tuple((0, p) if isinstance(p, int) else (1, p) for p in error.absolute_path)
    return path, str(error.validator)


def first_error(document: Any) -> tuple[FieldPath, str] | None:
    """The first schema violation in ``document`` (by path, of the first
    :data:`~mitosz_core.kernel.schemacheck.MAX_REPORTED_ERRORS` found), explained;
    ``None`` if valid."""
    errors = first_errors(_validator(), document)
    if not errors:
        return None
    leaves: list[ValidationError] = []
    for e in errors:  # descend into if/then and allOf to the concrete problem
        stack = [e]
        while stack:
            cur = stack.pop()
            if cur.context:
                stack.extend(cur.context)
            else:
                leaves.append(cur)
    return _explain(min(leaves, key=_sort_key))


def _explain(error: ValidationError) -> tuple[FieldPath, str]:
    path: FieldPath = tuple(error.absolute_path)
    kind = error.validator
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    value: Any = error.validator_value
    got: Any = error.instance
    if kind == "additionalProperties":
        known = sorted(schema.get("properties", {}))
        extra = sorted(set(got) - set(known))[0]
        return (*path, extra), f"unknown field {extra!r}; expected one of: {', '.join(known)}"
    if kind == "required":
        missing = next(name for name in value if name not in got)
        return (*path, missing), f"missing required field {missing!r}"
    if kind == "not" and "propertyNames" in error.relative_schema_path:
        return (*path, got), f"field {got!r} is not allowed for this card type"
    if kind == "not":
        return path, "this field is not allowed here"
    if kind in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        return path, f"{got!r} is out of range: expected {low}..{high}"
    if kind == "type":
        return path, f"expected {value}, got {type(got).__name__} {got!r}"
    if kind == "enum":
        return path, f"expected one of {', '.join(map(repr, value))}, got {got!r}"
    if kind == "const":
        return path, f"expected {value!r}, got {got!r}"
    return path, error.message


def _label(raw: object, index: int) -> str:
    if isinstance(raw, dict):
        for field in ("key", "name_en"):
            if isinstance(raw.get(field), str) and raw[field]:
                return str(raw[field])
    return f"#{index + 1}"


def _field(path: FieldPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else part
    return out


def _where(document: Mapping[str, Any], path: FieldPath) -> tuple[str | None, str]:
    if len(path) >= 2 and path[0] == "card" and isinstance(path[1], int):
        return _label(document["card"][path[1]], path[1]), _field(path[2:]) or "(the card)"
    return None, _field(path) or "(the document)"


# building cards -------------------------------------------------------------------------


def _effect(raw: Mapping[str, Any]) -> Effect:
    op = raw["op"]
    if op == "damage":
        return Damage(Target(raw["target"]), raw["amount"])
    if op == "heal":
        return Heal(Target(raw["target"]), raw["amount"])
    if op == "draw":
        return Draw(raw["amount"])
    if op == "gain_aura":
        return GainAura(raw["amount"])
    if op == "buff":
        return Buff(Target(raw["target"]), raw["attack"], raw["life"], Duration(raw["duration"]))
    if op == "destroy":
        return Destroy(Target(raw["target"]))
    if op == "sacrifice":
        return Sacrifice()
    if op == "revive":
        return Revive()
    if op == "bonus":
        return Bonus(Target(raw["scope"]), raw["attack"], raw["life"])
    if op == "aura_cap":
        return AuraCap(raw["cap"])
    raise AssertionError(f"op {op!r} passed the schema")  # pragma: no cover


def _trigger(raw: Mapping[str, Any]) -> Trigger:
    cost = raw.get("cost")
    return Trigger(
        type=TriggerType(raw["type"]),
        effects=tuple(_effect(e) for e in raw["effects"]),
        when=When(raw["when"]) if "when" in raw else None,
        cost=Cost(cost["aura"], cost.get("life", 0)) if cost else Cost(),
    )


def _card(raw: Mapping[str, Any], faction: Faction) -> CardDef:
    attach = raw.get("attach_cost")
    return CardDef(
        key=raw["key"],
        name_en=raw["name_en"],
        name_de=raw["name_de"],
        faction=faction,
        type=CardType(raw["type"]),
        cost=raw["cost"],
        count=raw["count"],
        kind=UnitKind(raw["kind"]) if "kind" in raw else None,
        mobilize=raw.get("mobilize", 0),
        attack=raw.get("attack", 0),
        life=raw.get("life", 0),
        element=Element(raw["element"]) if "element" in raw else None,
        unique=raw.get("unique", False),
        attach_cost=AttachCost(AttachCostKind(attach["kind"]), attach["amount"])
        if attach
        else None,
        triggers=tuple(_trigger(t) for t in raw["trigger"]),
        text_en=raw["text_en"],
        text_de=raw["text_de"],
    )


def check_card(source: str, card: CardDef) -> None:
    """The rules of a card that the schema cannot say (09, 02.8, 03.5)."""

    def fail(field: str, problem: str) -> CardDataError:
        return CardDataError(source, card.key, field, problem)

    allowed = ALLOWED[card.type]
    activated = 0
    for i, t in enumerate(card.triggers):
        where = f"trigger[{i}]"
        if t.type not in allowed:
            raise fail(f"{where}.type", f"a {card.type.value} cannot have a {t.type.value} trigger")
        if t.type is TriggerType.CYCLE and t.when not in CYCLE_WHEN:
            raise fail(f"{where}.when", "a cycle trigger fires at 'start' or 'end'")
        if t.type is TriggerType.CONDITIONAL and t.when not in CONDITIONAL_WHEN:
            raise fail(f"{where}.when", f"{t.when and t.when.value!r} is not a condition")
        if t.when is When.ATTACKS and card.type not in (CardType.UNIT, CardType.ARTIFACT):
            raise fail(f"{where}.when", "only a unit or an artifact's carrier attacks")
        activated += t.type is TriggerType.ACTIVATED
        chosen: set[Target] = set()
        for j, e in enumerate(t.effects):
            field = f"{where}.effects[{j}]"
            passive = isinstance(e, PASSIVE_EFFECTS)
            if passive != (t.type is TriggerType.PASSIVE):
                raise fail(
                    f"{field}.op",
                    "bonus and aura_cap are passive effects, and a passive trigger holds only them",
                )
            target = Target.OWN_UNIT if isinstance(e, Sacrifice) else getattr(e, "target", None)
            if target in CHOSEN:
                if t.type not in CHOOSING:
                    raise fail(
                        f"{field}.target", f"a {t.type.value} trigger cannot choose a target"
                    )
                chosen.add(target)
            if len(chosen) > 1:
                raise fail(f"{field}.target", "one trigger chooses at most one kind of target")
            selfish = target is Target.SELF or (isinstance(e, Bonus) and e.scope is Target.SELF)
            if selfish and (
                card.type not in (CardType.UNIT, CardType.ARTIFACT) or t.type is TriggerType.ON_EXIT
            ):
                raise fail(
                    f"{field}.target", "'self' needs a unit in play (or an artifact's carrier)"
                )
            if isinstance(e, GainAura) and t.type in NO_AURA_GAIN:
                raise fail(f"{field}.op", f"a {t.type.value} trigger cannot gain aura (R-09.3)")
            if isinstance(e, Revive) and t.type is TriggerType.CONDITIONAL:
                raise fail(f"{field}.op", "a conditional trigger cannot revive")
    if activated > 1:
        raise fail("trigger", "a card has at most one activated ability")
    if card.type is CardType.EVENT and len(card.triggers) != 1:
        raise fail("trigger", "an event has exactly one one_shot trigger (09.8)")
    caps = [e for t in card.triggers for e in t.effects if isinstance(e, AuraCap)]
    if caps and not card.unique:
        raise fail("unique", "a card that raises the aura cap is unique (03.5)")


def read_toml(text: str, source: str) -> dict[str, Any]:
    """The TOML document in ``text``, checked against the input limits before and after
    parsing; any problem is a :class:`CardDataError` naming ``source`` and the line (or
    the field, for a document nested too deep)."""
    limits = current_limits()
    too_big = size_problem(text, limits.toml_bytes, "the file")
    if too_big is not None:
        raise CardDataError(source, None, None, too_big)
    refused = toml_text_problem(text, limits)
    if refused is not None:
        raise CardDataError(
            f"{source}:{refused.line}", None, None, f"{refused.problem} (column {refused.column})"
        )
    try:
        document = tomllib.loads(text)
    except ValueError as exc:  # a syntax error, or a value tomllib cannot convert
        raise CardDataError(source, None, None, f"invalid TOML: {exc}") from exc
    deep = document_depth_problem(document, limits.toml_depth)
    if deep is not None:
        path, message = deep
        raise CardDataError(source, *_where(document, path), message)
    return document


def parse_cards(text: str, source: str) -> tuple[Faction, tuple[CardDef, ...]]:
    """Parse and check the text of one card file (a faction file or an added card set):
    its faction and its cards; ``source`` names it in errors."""
    document = read_toml(text, source)
    problem = first_error(document)
    if problem is not None:
        path, message = problem
        raise CardDataError(source, *_where(document, path), message)
    faction = Faction(document["faction"]["key"])
    cards = tuple(_card(raw, faction) for raw in document["card"])
    seen: dict[str, int] = {}
    for i, card in enumerate(cards):
        if card.key in seen:
            raise CardDataError(source, card.key, "key", f"also the key of card #{seen[card.key]}")
        seen[card.key] = i + 1
        check_card(source, card)
    return faction, cards


def parse_faction(text: str, source: str) -> tuple[Faction, tuple[CardDef, ...]]:
    """Parse and check the text of one faction file: a card file whose counts make the
    faction's 64-card deck (R-10-copies)."""
    faction, cards = parse_cards(text, source)
    _check_total(source, cards)
    return faction, cards


def _check_total(source: str, cards: Sequence[CardDef]) -> None:
    total = sum(c.count for c in cards)
    if total != DECK_SIZE:
        raise CardDataError(source, None, "card.count", f"{total} cards, a faction has {DECK_SIZE}")


CARD_FILES: FileCache[tuple[Faction, tuple[CardDef, ...]]] = FileCache()
"""Every card file read in this process, parsed and checked once (by resolved path and
content hash)."""


def read_card_file(path: CardPath) -> tuple[str, Faction, tuple[CardDef, ...]]:
    """One card file, through :data:`CARD_FILES`: its name in errors, faction and cards."""
    file = path if isinstance(path, Traversable) else Path(path)
    try:
        faction, cards = CARD_FILES.load(file, parse_cards, read_card_text)
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(str(file), None, None, f"cannot read the file: {exc}") from exc
    return str(file), faction, cards


def load_factions(
    paths: Iterable[CardPath] | None = None,
) -> Mapping[Faction, tuple[CardDef, ...]]:
    """Load faction files (the built-in ones by default), each a whole faction of 64
    cards; keys are unique across them."""
    out: dict[Faction, tuple[CardDef, ...]] = {}
    owners: dict[str, str] = {}
    chosen = builtin_faction_paths() if paths is None else list(paths)
    for path in chosen:
        source, faction, cards = read_card_file(path)
        _check_total(source, cards)
        if faction in out:
            raise CardDataError(source, None, "faction.key", f"{faction.value!r} loaded twice")
        _claim(owners, source, cards)
        out[faction] = cards
    return MappingProxyType(out)


def load_pool(paths: Iterable[CardPath]) -> Mapping[str, CardDef]:
    """The built-in cards and those of the added card sets at ``paths``, by key.

    An added card set has the faction file's format; its ``[faction]`` table says which
    faction its cards belong to, and its counts need not add up to a deck. Keys are
    unique across the built-in factions and every set."""
    owners: dict[str, str] = {}
    pool: dict[str, CardDef] = {}
    for faction, cards in builtin_factions().items():
        _claim(owners, f"the built-in {faction.value} faction", cards)
        pool.update((c.key, c) for c in cards)
    for path in paths:
        source, _, cards = read_card_file(path)
        _claim(owners, source, cards)
        pool.update((c.key, c) for c in cards)
    return MappingProxyType(pool)


def _claim(owners: dict[str, str], source: str, cards: Iterable[CardDef]) -> None:
    for card in cards:
        if card.key in owners:
            hint = (
                " (card sets load beside the built-in factions, so a copy of a built-in "
                "faction file used as a template needs new card keys)"
                if owners[card.key].startswith("the built-in")
                else ""
            )
            raise CardDataError(source, card.key, "key", f"also a card of {owners[card.key]}{hint}")
        owners[card.key] = source


def builtin_faction_paths() -> list[Traversable]:
    """The built-in faction files."""
    return [_data() / f for f in FACTION_FILES]


def deck_of(faction: Faction, cards: Sequence[CardDef]) -> DeckList:
    """The faction's 64-card deck (R-10-copies)."""
    return DeckList(faction.value, tuple(DeckEntry(c.count, c.key) for c in cards))


@cache
def builtin_factions() -> Mapping[Faction, tuple[CardDef, ...]]:
    """The built-in factions (loaded on first use)."""
    return load_factions()


@cache
def builtin_pool() -> Mapping[str, CardDef]:
    """Every built-in card by key."""
    return MappingProxyType({c.key: c for cards in builtin_factions().values() for c in cards})


@cache
def builtin_decks() -> Mapping[str, DeckList]:
    """The built-in decks: ``guardians`` and ``chaos``."""
    return MappingProxyType({f.value: deck_of(f, cards) for f, cards in builtin_factions().items()})


FACTIONS: Mapping[Faction, tuple[CardDef, ...]]
"""The built-in factions (:func:`builtin_factions`, loaded on first access)."""
POOL: Mapping[str, CardDef]
"""Every built-in card by key (:func:`builtin_pool`, loaded on first access)."""
DECKS: Mapping[str, DeckList]
"""The built-in decks (:func:`builtin_decks`, loaded on first access)."""


def __getattr__(name: str) -> object:
    if name == "FACTIONS":
        return builtin_factions()
    if name == "POOL":
        return builtin_pool()
    if name == "DECKS":
        return builtin_decks()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def composition(cards: Iterable[CardDef]) -> Counter[str]:
    """Card counts by type, unit kind and element (10.2, 10.3)."""
    out: Counter[str] = Counter()
    for c in cards:
        label = c.kind.value if c.kind is not None else c.type.value
        out[label] += c.count
        if c.element is not None:
            out[c.element.value] += c.count
    return out
