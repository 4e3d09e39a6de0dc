"""The card-data tools behind the ``mitosz-core cards`` and ``mitosz-core deck`` commands.

Each function returns ``(exit code, text)`` and prints nothing, so the CLI only prints the
text and exits with the code: 0 when all is well, 1 when the data is invalid (or, for
:func:`coverage`, a keyword is missing), 2 for a bad argument.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from mitosz_core.games.mitosz.carddata import coverage as _coverage
from mitosz_core.games.mitosz.carddata.builtin import builtin_pool
from mitosz_core.games.mitosz.carddata.loader import SetPath, load_sets, set_problems
from mitosz_core.games.mitosz.cards import SPHERES, CardDef, CardType, Mythos
from mitosz_core.games.mitosz.engine import RULESET
from mitosz_core.kernel.decks import DeckPath
from mitosz_core.kernel.ruleset import Ruleset

Result = tuple[int, str]
"""An exit code and the text to print."""

OK, INVALID, USAGE = 0, 1, 2


def validate_sets(paths: Iterable[SetPath]) -> Result:
    """Load the given set files together, and nothing else (links must resolve among
    them): ``ok: N cards in M sets``, or every problem (:func:`set_problems`), one
    ``error:`` line each, as ``validate_deck`` lists a deck's."""
    files = list(paths)
    if not files:
        return USAGE, "error: no set file given"
    problems = set_problems(files)
    if problems:
        return INVALID, "\n".join(f"error: {_one_line(str(p))}" for p in problems)
    pool = load_sets(files)
    return OK, f"ok: {len(pool)} cards in {len(pool.sets)} sets"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def list_cards(
    mythos: str | None = None,
    type: str | None = None,
    pool: Mapping[str, CardDef] | None = None,
    text: bool = False,
) -> Result:
    """One line per card of ``pool`` (the built-in pool by default), optionally of one
    mythos and one card type: key, type, mythos, cost, level and power; with ``text``,
    each followed by the card's English text, indented."""
    try:
        wanted_mythos = None if mythos is None else Mythos(mythos)
        wanted_type = None if type is None else CardType(type)
    except ValueError:
        return USAGE, _bad_choice(mythos, type)
    cards = [
        c
        for c in (builtin_pool() if pool is None else pool).values()
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
    if text:
        lines = [lines[0]] + [
            f"{line}\n    {card.text_en}" if card.text_en else line
            for line, card in zip(lines[1:], cards, strict=True)
        ]
    return OK, "\n".join(lines)


def validate_deck(path: DeckPath, ruleset: Ruleset[Any] = RULESET) -> Result:
    """Check a deck file against the ruleset's pool and deck rules (by default Mítosz's:
    the built-in pool and 1.3.1): ``ok: ...`` with the deck's size, or every problem,
    one ``error:`` line each (each naming the line or the rule broken, and the card)."""
    deck, problems = ruleset.read_deck(path)
    if problems:
        pool = ruleset.card_pool() or {}
        gods = (
            []
            if deck is None
            else [(e.card, e.count) for e in deck.entries if _is_god(pool, e.card)]
        )
        lines = []
        for problem in problems:
            extra = ""
            if "high god" in problem.problem:
                named = ", ".join(f"{n} x {card!r}" for card, n in gods) or "none"
                extra = f"; high gods in the deck: {named}"
            lines.append(f"error: {problem}{extra}")
        return INVALID, "\n".join(lines)
    assert deck is not None
    kinds: Counter[str] = Counter()
    pool = ruleset.card_pool() or {}
    for entry in deck.entries:
        kind = getattr(pool.get(entry.card), "type", None)
        kinds[kind.value if isinstance(kind, enum.Enum) else "card"] += entry.count
    summary = ", ".join(f"{n} {kind}" for kind, n in kinds.items())
    return OK, f"ok: deck {deck.name!r}: {deck.size()} cards ({summary})"


def _is_god(pool: Mapping[str, object], key: str) -> bool:
    card = pool.get(key)
    return isinstance(card, CardDef) and card.type is CardType.HIGH_GOD


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
