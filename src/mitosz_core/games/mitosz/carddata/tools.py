"""The card-data tools behind the ``mitosz-core cards`` and ``mitosz-core deck`` commands.

Each function returns ``(exit code, text)`` and prints nothing, so the CLI only prints the
text and exits with the code: 0 when all is well, 1 when the data is invalid (or, for
:func:`coverage`, a keyword is missing), 2 for a bad argument.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from importlib.resources.abc import Traversable

from mitosz_core.errors import CardDataError, DeckError
from mitosz_core.games.mitosz.carddata import coverage as _coverage
from mitosz_core.games.mitosz.carddata.builtin import builtin_pool
from mitosz_core.games.mitosz.carddata.decks import load_deck
from mitosz_core.games.mitosz.carddata.loader import SetPath, load_sets
from mitosz_core.games.mitosz.cards import SPHERES, CardDef, CardType, Mythos

Result = tuple[int, str]
"""An exit code and the text to print."""

OK, INVALID, USAGE = 0, 1, 2


def validate_sets(paths: Iterable[SetPath]) -> Result:
    """Load the given set files together, and nothing else (links must resolve among
    them): ``ok: N cards in M sets``, or the first error."""
    files = list(paths)
    if not files:
        return USAGE, "error: no set file given"
    try:
        pool = load_sets(files)
    except CardDataError as exc:
        return INVALID, f"error: {exc}"
    return OK, f"ok: {len(pool)} cards in {len(pool.sets)} sets"


def list_cards(mythos: str | None = None, type: str | None = None) -> Result:
    """One line per card of the built-in pool, optionally of one mythos and one card
    type: key, type, mythos, cost, level and power."""
    try:
        wanted_mythos = None if mythos is None else Mythos(mythos)
        wanted_type = None if type is None else CardType(type)
    except ValueError:
        return USAGE, _bad_choice(mythos, type)
    cards = [
        c
        for c in builtin_pool().values()
        if (wanted_mythos is None or c.mythos is wanted_mythos)
        and (wanted_type is None or c.type is wanted_type)
    ]
    if not cards:
        return OK, "no cards"
    rows = [("key", "type", "mythos", "cost", "level", "power")]
    rows += [
        (c.key, c.type.value, c.mythos.value, _cost(c), _level(c), str(c.power)) for c in cards
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    return OK, "\n".join(lines)


def validate_deck(path: str | os.PathLike[str] | Traversable) -> Result:
    """Check a deck file against the built-in pool and the deck rules of 1.3.1 (the
    ruleset's ``check_deck``); an error names the rule broken and the card."""
    from mitosz_core.games.mitosz.engine import RULESET

    pool = builtin_pool()
    try:
        deck = load_deck(path, pool)
    except DeckError as exc:
        return INVALID, f"error: {exc}"
    try:
        RULESET.check_deck(deck)
    except DeckError as exc:
        gods = [(e.card, e.count) for e in deck.entries if pool[e.card].type is CardType.HIGH_GOD]
        extra = ""
        if "high god" in exc.problem:
            named = ", ".join(f"{n} x {card!r}" for card, n in gods) or "none"
            extra = f"; high gods in the deck: {named}"
        return INVALID, f"error: {exc}{extra}"
    kinds: Counter[CardType] = Counter()
    for entry in deck.entries:
        kinds[pool[entry.card].type] += entry.count
    summary = ", ".join(f"{n} {kind.value}" for kind, n in kinds.items())
    return OK, f"ok: deck {deck.name!r}: {deck.size()} cards ({summary})"


def coverage() -> Result:
    """Each coverage keyword (:mod:`mitosz_core.games.mitosz.carddata.coverage`) with
    the built-in cards using it; exit code 1 if any keyword is used by no card."""
    report = _coverage.keyword_coverage(builtin_pool())
    gaps = _coverage.missing(report)
    width = max(len(word) for word in report)
    lines = [
        f"{word.ljust(width)}  {', '.join(keys) if keys else 'MISSING'}"
        for word, keys in report.items()
    ]
    covered = len(report) - len(gaps)
    lines.append(f"{covered} of {len(report)} keywords covered")
    if gaps:
        lines.append(f"missing: {', '.join(gaps)}")
        return INVALID, "\n".join(lines)
    return OK, "\n".join(lines)


def _cost(card: CardDef) -> str:
    parts = [f"{sphere.value} {n}" for sphere, n in zip(SPHERES, card.cost, strict=True) if n]
    return ", ".join(parts) or "-"


def _level(card: CardDef) -> str:
    return f"{card.level:+d}" if card.level_modifier else str(card.level)


def _bad_choice(mythos: str | None, type: str | None) -> str:
    if mythos is not None and mythos not in {m.value for m in Mythos}:
        known = ", ".join(m.value for m in Mythos)
        return f"error: unknown mythos {mythos!r}; expected one of: {known}"
    known = ", ".join(t.value for t in CardType)
    return f"error: unknown card type {type!r}; expected one of: {known}"
