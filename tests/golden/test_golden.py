"""The golden playthroughs replay to the same projection after every decision.

A refactor must leave them identical. A rule fix that changes a game re-records them
(``python -m tests.golden.playthroughs --write``) and says in its commit which games
changed and why.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.golden.playthroughs import GAMES, SUITES, Suite, load, mismatches, play

CASES = [(suite, index) for suite in SUITES for index in range(GAMES)]


@pytest.fixture(scope="module")
def recorded() -> dict[Suite, dict[str, Any]]:
    return {suite: load(suite) for suite in SUITES}


@pytest.mark.parametrize(
    ("suite", "index"), CASES, ids=[f"{s.ruleset}-{s.players}p-{i}" for s, i in CASES]
)
def test_playthrough_replays_identically(
    recorded: dict[Suite, dict[str, Any]], suite: Suite, index: int
) -> None:
    game = recorded[suite]["games"][index]
    assert game["seed"] == index
    assert list(mismatches(suite, game)) == []


def test_recording_is_reproducible() -> None:
    """Recording a game again gives the stored record (the chooser is seeded too)."""
    suite = SUITES[0]
    assert play(suite, 0) == load(suite)["games"][0]


def test_a_changed_action_is_noticed() -> None:
    """The check can fail: a game whose last digest is altered is reported."""
    suite = SUITES[0]
    game = dict(load(suite)["games"][1])
    game["digests"] = [*game["digests"][:-1], "0" * 16]
    found = list(mismatches(suite, game))
    assert found and "differs" in found[0]
