"""Deck lists as plain text.

The format, one card per line::

    name: Hellenic pantheon   # optional; must come before the first card
    # a comment
    1 Zeus (high god)
    4 Athenians               # <count> <card key>

- ``#`` starts a comment, to the end of the line; blank lines are ignored.
- A card line is a positive count, spaces, and the card's key (spaces inside the key
  are kept; keys never contain ``#``). Each key is listed once.
- Without a ``name:`` line the deck is named after the file (its stem).
- The file is UTF-8.

Parsing checks the lines, and, given a pool, that every key names a card of it. The
deck-building rules (1.3.1: 60 cards, 4 copies, one high god) are the ruleset's
``check_deck``.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from pathlib import Path, PurePath

from mitosz_core.errors import DeckError
from mitosz_core.games.mitosz.cards import CardDef
from mitosz_core.kernel.state import DeckEntry, DeckList

_CARD_LINE = re.compile(r"^(\S+)\s+(\S.*)$")
_COUNT = re.compile(r"[0-9]+")


def parse_deck(text: str, source: str, pool: Mapping[str, CardDef] | None = None) -> DeckList:
    """The deck in ``text``; ``source`` names it in errors (and by its stem, if the text
    has no ``name:`` line). With ``pool``, every card must be a key of the pool."""
    name = PurePath(source).stem
    entries: list[DeckEntry] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower().startswith("name:"):
            if entries:
                raise _error(source, number, "the name: line must come before the first card")
            name = line[len("name:") :].strip()
            if not name:
                raise _error(source, number, "the name: line names no deck")
            continue
        match = _CARD_LINE.match(line)
        if match is None:
            raise _error(source, number, f"expected '<count> <card key>', got {line!r}")
        count_text, key = match.group(1), match.group(2).strip()
        if not _COUNT.fullmatch(count_text) or int(count_text) < 1:
            raise _error(
                source,
                number,
                f"bad count {count_text!r} for {key!r}: expected a whole number >= 1",
            )
        if key in seen:
            raise _error(source, number, f"{key!r} is already listed on line {seen[key]}")
        if pool is not None and key not in pool:
            close = difflib.get_close_matches(key, list(pool), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise _error(source, number, f"unknown card {key!r}{hint}")
        seen[key] = number
        entries.append(DeckEntry(int(count_text), key))
    if not entries:
        raise DeckError(source, "the deck lists no cards")
    return DeckList(name=name, entries=tuple(entries))


def _error(source: str, line: int, problem: str) -> DeckError:
    return DeckError(source, f"line {line}: {problem}")


def load_deck(
    path: str | os.PathLike[str] | Traversable, pool: Mapping[str, CardDef] | None = None
) -> DeckList:
    """Read a deck file (see :func:`parse_deck`)."""
    file = path if isinstance(path, Traversable) else Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(str(file), f"cannot read the file: {exc}") from exc
    return parse_deck(text, str(file), pool)
