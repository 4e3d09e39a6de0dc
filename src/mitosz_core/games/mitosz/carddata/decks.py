"""Deck lists as plain text: the kernel's deck files (:mod:`mitosz_core.kernel.decks`),
which every ruleset reads the same way. Given a pool, every key must name a card of it;
the deck-building rules (1.3.1: 60 cards, 4 copies, one high god) are the ruleset's
``check_deck``."""

from __future__ import annotations

from mitosz_core.kernel.decks import load_deck, parse_deck, read_deck, read_deck_file

__all__ = ["load_deck", "parse_deck", "read_deck", "read_deck_file"]
