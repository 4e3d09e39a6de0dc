"""Inputs the fuzz suite found that broke the promise (a valid result or a library
error), each kept as a regression test; the reproducers of the outside campaign are in
``tests/kernel`` (test_input_limits, test_replay_checks, test_action_card_ids,
test_pickle_and_copy, test_schema_patterns)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.carddata.builtin import builtin_pool
from mitosz_core.games.mitosz.carddata.decks import parse_deck


def test_deck_count_of_4301_digits_is_a_deck_error() -> None:
    with pytest.raises(mc.DeckError, match="count"):
        parse_deck("9" * 4301 + " Zeus (high god)\n", "fuzz.txt", builtin_pool())
