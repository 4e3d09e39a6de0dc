"""Loading card sets: TOML files, checked by the JSON Schema and by :mod:`.checks`.

A set file (``data/sets/<set>.toml``, card file format 1)::

    [set]
    symbol = "HEL"          # the set symbol (2.10)
    name = "Olympos"
    format = 1

    [[card]]
    key = "Zeus (high god)" # optional, defaults to name_en; decks name cards by key
    name_en = "Zeus"        # mythic links name this (2.8)
    name_hu = "Zeusz"
    serial = "101"          # digits; the last one is the card number (2.9)
    mythos = "hellenic"
    type = "high_god"
    spheres = { magic = 3, influence = 4, wealth = 2, force = 4 }

Other fields: ``subtypes`` (list), ``level`` (an integer, or ``"+2"``/``"-1"`` for a
modifier card, 2.2), ``cost`` (a table of spheres; omitted spheres cost 0), ``power``,
``unique``, ``magical``, ``cursed``, ``roads`` (peoples: ``[{edge = "north", level = 2}]``),
``produces`` (a table of spheres), ``links`` (English names), ``text_en``, ``text_hu``.
``maneuvers`` lists the card's maneuvers in the effect language (a table per maneuver:
``name``, ``effect``, and optionally ``timing``, ``cost``, ``conditions``, ``subtypes``,
``permanent``, ``uses_per_turn``, ``locked``, ``counter``, ``level``, ``per``, ``steps``,
``trigger``; effects, targets and conditions are tables tagged by ``type``); ``users``
lists a free maneuver's icon groups (3.9), ``rounds`` a fate's duration (3.7) and
``summoning`` a further condition of summoning the card (6.3.4: ``sacrifice`` or
``discard``, a selector).

Every problem raises :class:`~mitosz_core.errors.CardDataError` naming the file, the card
(its key, its name or its position) and the field. Nothing is loaded half-way. Before the
TOML is parsed, the file is checked against the input limits
(:class:`~mitosz_core.kernel.limits.Limits`: size, nesting depth, parts of a key, digits
of a number), and the parsed document's depth before it is checked against the schema.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any

from mitosz_core.errors import CardDataError, DecodeError
from mitosz_core.filecache import FileCache
from mitosz_core.games.mitosz.carddata.checks import check_card, check_pool, check_unique
from mitosz_core.games.mitosz.carddata.effect_schema import to_codec_form
from mitosz_core.games.mitosz.carddata.schema import errors as schema_errors
from mitosz_core.games.mitosz.carddata.schema import first_error
from mitosz_core.games.mitosz.cards import SPHERES, CardDef, CardType, Edge, Mythos, Road
from mitosz_core.games.mitosz.effects.language import TAGGED, Cards, Maneuver, SummonCondition
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.codec import Decoder
from mitosz_core.kernel.limits import (
    current_limits,
    document_depth_problem,
    read_card_text,
    size_problem,
    toml_text_problem,
)

SetPath = str | os.PathLike[str] | Traversable
"""A set file: a path, or a resource of an installed package."""


@dataclass(frozen=True, slots=True)
class CardSet:
    """One loaded set file: its symbol (2.10), name, file and cards in file order."""

    symbol: str
    name: str
    source: str
    cards: tuple[CardDef, ...]


class Pool(Mapping[str, CardDef]):
    """The cards of several checked sets, read-only, by key; ``sets`` in load order."""

    __slots__ = ("_cards", "sets")

    def __init__(self, sets: Iterable[CardSet]) -> None:
        self.sets: tuple[CardSet, ...] = tuple(sets)
        self._cards = MappingProxyType({c.key: c for s in self.sets for c in s.cards})

    def __getitem__(self, key: str) -> CardDef:
        return self._cards[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"Pool({len(self)} cards from {', '.join(s.symbol for s in self.sets)})"


SET_FILES: FileCache[CardSet] = FileCache()
"""Every set file read in this process, parsed and checked once (by resolved path and
content hash); :func:`load_set` reads through it."""


def load_set(path: SetPath) -> CardSet:
    """Read and check one set file (see ``parse_set``), once per process for the same
    file and text (``SET_FILES``); :func:`load_sets` also resolves links."""
    file = path if isinstance(path, Traversable) else Path(path)
    try:
        return SET_FILES.load(file, parse_set, read_card_text)
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(str(file), None, None, f"cannot read the file: {exc}") from exc


def load_sets(paths: Iterable[SetPath]) -> Pool:
    """Load every set and check them together: unique keys and serial numbers across
    the sets, and mythic links that name a card of the pool (2.8)."""
    return pool_of([load_set(p) for p in paths])


def pool_of(sets: Iterable[CardSet]) -> Pool:
    """Check loaded sets together (as :func:`load_sets` does) and pool their cards."""
    sets = list(sets)
    symbols: dict[str, str] = {}
    for s in sets:
        if s.symbol in symbols:
            raise CardDataError(
                s.source,
                None,
                "set.symbol",
                f"{s.symbol!r} is also the symbol of {symbols[s.symbol]}",
            )
        symbols[s.symbol] = s.source
    check_pool((s.source, c) for s in sets for c in s.cards)
    return Pool(sets)


def parse_set(text: str, source: str) -> CardSet:
    """Parse and check the text of a set file (everything but links, which may name
    cards of other sets); ``source`` names it in errors."""
    document = read_toml(text, source)
    problem = first_error(document)
    if problem is not None:
        path, message = problem
        raise CardDataError(source, *_where(document, path), message)
    symbol = document["set"]["symbol"]
    cards = []
    for index, raw in enumerate(document["card"]):
        card = _card(raw, symbol, source, index)
        check_card(source, raw, card)
        cards.append(card)
    check_unique((source, c) for c in cards)
    return CardSet(symbol, document["set"]["name"], source, tuple(cards))


def set_problems(paths: Iterable[SetPath], most: int = 100) -> list[CardDataError]:
    """Every problem of the set files at ``paths`` loaded together, as
    :func:`load_sets` would raise them one at a time, at most ``most`` of them: a file's
    syntax and size (then the file is not read further), its schema violations (at most
    :data:`~mitosz_core.kernel.schemacheck.MAX_REPORTED_ERRORS` a file), each card's own
    problem, and the checks across the sets (keys, serials, links) once every file
    passed. Empty when :func:`load_sets` would load them."""
    problems: list[CardDataError] = []
    sets: list[CardSet] = []
    for path in paths:
        file = path if isinstance(path, Traversable) else Path(path)
        source = str(file)
        try:
            document = read_toml(read_card_text(file), source)
        except CardDataError as exc:
            problems.append(exc)
            continue
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(CardDataError(source, None, None, f"cannot read the file: {exc}"))
            continue
        violations = schema_errors(document)
        problems += [CardDataError(source, *_where(document, p), m) for p, m in violations]
        if violations:
            continue
        symbol = document["set"]["symbol"]
        cards = []
        for index, raw in enumerate(document["card"]):
            try:
                card = _card(raw, symbol, source, index)
                check_card(source, raw, card)
            except CardDataError as exc:
                problems.append(exc)
                continue
            cards.append(card)
        if len(cards) == len(document["card"]):
            try:
                check_unique((source, c) for c in cards)
            except CardDataError as exc:
                problems.append(exc)
                continue
            sets.append(CardSet(symbol, document["set"]["name"], source, tuple(cards)))
    if not problems:
        try:
            pool_of(sets)
        except CardDataError as exc:
            problems.append(exc)
    return problems[:most]


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
    except tomllib.TOMLDecodeError as exc:
        raise _syntax_error(text, source, exc) from exc
    except ValueError as exc:  # a value tomllib cannot convert
        raise CardDataError(source, None, None, f"invalid TOML: {exc}") from exc
    deep = document_depth_problem(document, limits.toml_depth)
    if deep is not None:
        path, message = deep
        raise CardDataError(source, *_where(document, path), message)
    return document


def _card(raw: Mapping[str, Any], symbol: str, source: str, index: int) -> CardDef:
    """A schema-valid ``[[card]]`` table as a card."""
    level, modifier = _level(raw.get("level", 0))
    maneuvers, users = _maneuvers(raw, source, index)
    summoning = _summoning(raw, source, index)
    return CardDef(
        key=raw.get("key", raw["name_en"]),
        name_en=raw["name_en"],
        name_hu=raw["name_hu"],
        serial=raw["serial"],
        set_symbol=symbol,
        mythos=Mythos(raw["mythos"]),
        type=CardType(raw["type"]),
        subtypes=tuple(Subtype(word) for word in raw.get("subtypes", ())),
        level=level,
        level_modifier=modifier,
        cost=_spheres(raw.get("cost", {})),
        power=raw.get("power", 0),
        unique=raw.get("unique", False),
        magical=raw.get("magical", False),
        cursed=raw.get("cursed", False),
        roads=tuple(Road(Edge(r["edge"]), r["level"]) for r in raw.get("roads", ())),
        spheres=_spheres(raw.get("spheres", {})),
        produces=_spheres(raw.get("produces", {})),
        links=tuple(raw.get("links", ())),
        maneuvers=maneuvers,
        users=users,
        rounds=raw.get("rounds"),
        summoning=summoning,
        text_en=raw.get("text_en", ""),
        text_hu=raw.get("text_hu", ""),
    )


def _maneuvers(
    raw: Mapping[str, Any], source: str, index: int
) -> tuple[tuple[Maneuver, ...], tuple[Cards, ...]]:
    """Decode the ``maneuvers`` and ``users`` tables through the effect language."""
    decoder = Decoder({}, TAGGED, defaults=True)
    try:
        maneuvers = tuple(
            decoder.decode(Maneuver, to_codec_form(m), f"maneuvers[{i}]")
            for i, m in enumerate(raw.get("maneuvers", ()))
        )
        users = tuple(
            decoder.decode(Cards, to_codec_form(u), f"users[{i}]")
            for i, u in enumerate(raw.get("users", ()))
        )
    except DecodeError as exc:
        raise CardDataError(source, _label(raw, index), exc.path, exc.problem) from None
    return maneuvers, users


def _summoning(raw: Mapping[str, Any], source: str, index: int) -> SummonCondition | None:
    """Decode the ``summoning`` table, a further condition of summoning (6.3.4)."""
    if "summoning" not in raw:
        return None
    decoder = Decoder({}, TAGGED, defaults=True)
    try:
        found: SummonCondition = decoder.decode(
            SummonCondition, to_codec_form(raw["summoning"]), "summoning"
        )
    except DecodeError as exc:
        raise CardDataError(source, _label(raw, index), exc.path, exc.problem) from None
    return found


def _level(value: int | str) -> tuple[int, bool]:
    """A printed level: ``3`` is a level, ``"+2"`` and ``"-1"`` are modifiers (2.2)."""
    if isinstance(value, str):
        return int(value), True
    return value, False


def _spheres(table: Mapping[str, int]) -> tuple[int, int, int, int]:
    a, b, c, d = (table.get(sphere.value, 0) for sphere in SPHERES)
    return (a, b, c, d)


def _label(raw: object, index: int) -> str:
    """How an error names a card: its key, else its English name, else its position."""
    if isinstance(raw, dict):
        for field in ("key", "name_en"):
            if isinstance(raw.get(field), str) and raw[field]:
                return str(raw[field])
    return f"#{index + 1}"


def _where(document: Mapping[str, Any], path: tuple[str | int, ...]) -> tuple[str | None, str]:
    """The card and the field that a schema path points at."""
    if len(path) >= 2 and path[0] == "card" and isinstance(path[1], int):
        return _label(document["card"][path[1]], path[1]), _field(path[2:]) or "(the card)"
    return None, _field(path) or "(the document)"


def _field(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else part
    return out


_POSITION = re.compile(r"\(at line (\d+), column \d+\)")
_CARD_HEADER = re.compile(r"^\s*\[\[\s*card\s*\]\]")
_NAME_LINE = re.compile(r'^\s*(key|name_en)\s*=\s*"([^"]*)"')
_FIELD_LINE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*=")


def _syntax_error(text: str, source: str, exc: tomllib.TOMLDecodeError) -> CardDataError:
    """A TOML syntax error, naming the file and line and, as best it can, the card (the
    ``[[card]]`` table the line is in) and the field (the key on that line)."""
    found = _POSITION.search(str(exc))
    if found is None:
        return CardDataError(source, None, None, f"invalid TOML: {exc}")
    number = int(found.group(1))
    lines = text.splitlines()
    headers = [i for i, line in enumerate(lines[:number]) if _CARD_HEADER.match(line)]
    card: str | None = None
    if headers:
        start = headers[-1]
        end = next(
            (j for j in range(start + 1, len(lines)) if lines[j].lstrip().startswith("[")),
            len(lines),
        )
        names = {m[1]: m[2] for line in lines[start:end] if (m := _NAME_LINE.match(line))}
        card = names.get("key") or names.get("name_en") or f"#{len(headers)}"
    field_match = _FIELD_LINE.match(lines[number - 1]) if 0 < number <= len(lines) else None
    field = field_match.group(1) if field_match else None
    return CardDataError(f"{source}:{number}", card, field, f"invalid TOML: {exc}")
