"""Card data: card sets as TOML files, deck lists as text, and the built-in pool.

- :func:`load_sets` reads set files into a :class:`Pool` (key -> card), checked against
  the JSON Schema ``mitosz_core/schemas/mitosz-cards-1.schema.json`` and the rules in
  ``carddata.checks``; :func:`load_set` reads one.
- :func:`parse_deck` and :func:`load_deck` read deck lists (the format is in
  ``carddata.decks``).
- ``BUILTIN_POOL`` (a :class:`Pool`) and ``BUILTIN_DECKS`` (``dict[str, DeckList]``, one
  deck per mythos) are the packaged sets and decks, loaded on first access.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.carddata.builtin import builtin_decks, builtin_pool
from mitosz_core.games.mitosz.carddata.decks import load_deck, parse_deck
from mitosz_core.games.mitosz.carddata.loader import CardSet, Pool, load_set, load_sets
from mitosz_core.kernel.state import DeckList

BUILTIN_POOL: Pool
"""The pool of the four built-in sets (loaded on first access)."""
BUILTIN_DECKS: dict[str, DeckList]
"""The built-in decks by mythos name (loaded on first access)."""


def __getattr__(name: str) -> object:
    if name == "BUILTIN_POOL":
        return builtin_pool()
    if name == "BUILTIN_DECKS":
        return dict(builtin_decks())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BUILTIN_DECKS",
    "BUILTIN_POOL",
    "CardSet",
    "Pool",
    "builtin_decks",
    "builtin_pool",
    "load_deck",
    "load_set",
    "load_sets",
    "parse_deck",
]
