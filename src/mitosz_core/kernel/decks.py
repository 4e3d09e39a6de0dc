"""Deck files: deck lists as plain text, the same format for every ruleset.

The format, one card per line::

    name: Hellenic pantheon   # optional; must come before the first card
    # a comment
    1 Zeus (high god)
    4 Athenians               # <count> <card key>

- ``#`` starts a comment, to the end of the line; blank lines are ignored.
- A card line is a count (a whole number from 1 to :data:`~mitosz_core.kernel.state.MAX_COUNT`),
  spaces, and the card's key (spaces inside the key are kept; keys never contain ``#``).
  Each key is listed once.
- Without a ``name:`` line the deck is named after the file (its stem).
- The file is UTF-8, and at most :attr:`~mitosz_core.kernel.limits.Limits.deck_bytes`
  long (1 MiB by default; a larger file is refused without being read whole).

Reading checks the lines and, given the keys of a card pool, that every key names a card
of it. The deck-building rules (Mítosz 1.3.1, MYTHOS 01.2) are the ruleset's
``check_deck``. :func:`read_deck` reports the problems of a text (the first
:data:`MAX_DECK_PROBLEMS` of them), :func:`parse_deck` raises the first.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Collection
from importlib.resources.abc import Traversable
from pathlib import Path, PurePath

from mitosz_core.errors import DeckError
from mitosz_core.kernel.limits import current_limits, read_limited, size_problem
from mitosz_core.kernel.state import MAX_COUNT, DeckEntry, DeckList

DeckPath = str | os.PathLike[str] | Traversable
"""A deck file: a path, or a resource of an installed package."""

_CARD_LINE = re.compile(r"^(\S+)\s+(\S.*)$")
_COUNT = re.compile(r"[0-9]+")
_LONG = 12
"""A count longer than this is shown shortened in a message."""
MAX_DECK_PROBLEMS = 100
"""The most problems :func:`read_deck` reports; it stops reading the text after them."""


def read_deck(
    text: str, source: str, cards: Collection[str] | None = None
) -> tuple[DeckList | None, tuple[DeckError, ...]]:
    """The deck in ``text`` and the problems of its lines, in line order: every problem,
    or the first :data:`MAX_DECK_PROBLEMS` and one saying that the reading stopped there.

    ``source`` names the deck in errors (and by its stem, if the text has no ``name:``
    line). With ``cards``, every key must be one of them. The deck holds the lines that
    are correct; it is ``None`` when no line is."""
    name = PurePath(source).stem or source
    entries: list[DeckEntry] = []
    seen: dict[str, int] = {}
    problems: list[DeckError] = []
    cards_seen = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(problems) >= MAX_DECK_PROBLEMS:
            problems.append(
                _error(source, number, f"reading stopped after {MAX_DECK_PROBLEMS} problems")
            )
            return None, tuple(problems)
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower().startswith("name:"):
            named = line[len("name:") :].strip()
            if cards_seen:
                problems.append(
                    _error(source, number, "the name: line must come before the first card")
                )
            elif not named:
                problems.append(_error(source, number, "the name: line names no deck"))
            else:
                name = named
            continue
        cards_seen = True
        match = _CARD_LINE.match(line)
        if match is None:
            problems.append(_error(source, number, f"expected '<count> <card key>', got {line!r}"))
            continue
        count_text, key = match.group(1), match.group(2).strip()
        count = _count(count_text)
        if count is None:
            shown = (
                count_text
                if len(count_text) <= _LONG
                else f"{count_text[:_LONG]}… ({len(count_text)} characters)"
            )
            problems.append(
                _error(
                    source,
                    number,
                    f"bad count {shown!r} for {key!r}: "
                    f"expected a whole number from 1 to {MAX_COUNT}",
                )
            )
            continue
        if key in seen:
            problems.append(
                _error(source, number, f"{key!r} is already listed on line {seen[key]}")
            )
            continue
        seen[key] = number
        if cards is not None and key not in cards:
            close = difflib.get_close_matches(key, list(cards), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            problems.append(_error(source, number, f"unknown card {key!r}{hint}"))
            continue
        entries.append(DeckEntry(count, key))
    if not seen and not problems:
        problems.append(DeckError(source, "the deck lists no cards"))
    deck = DeckList(name=name, entries=tuple(entries)) if entries else None
    return deck, tuple(problems)


def parse_deck(text: str, source: str, cards: Collection[str] | None = None) -> DeckList:
    """The deck in ``text`` (see :func:`~mitosz_core.kernel.decks.read_deck`); raises the
    first problem as a
    :class:`~mitosz_core.errors.DeckError`."""
    deck, problems = read_deck(text, source, cards)
    if problems:
        raise problems[0]
    assert deck is not None  # a deck without problems lists a card
    return deck


def read_deck_file(
    path: DeckPath, cards: Collection[str] | None = None
) -> tuple[DeckList | None, tuple[DeckError, ...]]:
    """Read a deck file: the deck and every problem (see
    :func:`~mitosz_core.kernel.decks.read_deck`)."""
    file = path if isinstance(path, Traversable) else Path(path)
    limit = current_limits().deck_bytes
    try:
        data = read_limited(file, limit)
        too_big = size_problem(data, limit, "the file")
        if too_big is not None:
            return None, (DeckError(str(file), too_big),)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, (DeckError(str(file), f"cannot read the file: {exc}"),)
    return read_deck(text, str(file), cards)


def load_deck(path: DeckPath, cards: Collection[str] | None = None) -> DeckList:
    """Read a deck file (see :func:`~mitosz_core.kernel.decks.parse_deck`); raises the
    first problem."""
    deck, problems = read_deck_file(path, cards)
    if problems:
        raise problems[0]
    assert deck is not None
    return deck


def _count(text: str) -> int | None:
    """A count from 1 to ``MAX_COUNT``; ``None`` for anything else (never converts a
    string longer than the bound's digits)."""
    if not _COUNT.fullmatch(text) or len(text.lstrip("0")) > len(str(MAX_COUNT)):
        return None
    value = int(text)
    return value if 1 <= value <= MAX_COUNT else None


def _error(source: str, line: int, problem: str) -> DeckError:
    return DeckError(source, f"line {line}: {problem}")
