"""Every legal action's flat index in the golden playthroughs stays the same.

The index of an action in the ruleset's action space is its canonical id in logs; a
refactor of the state (for example of how attached cards are stored) must not renumber
it. The pinned data is ``tests/golden/data/action-indices.json``
(``python -m tests.golden.action_indices --write``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.golden.action_indices import key, mismatches, pin, pinned
from tests.golden.playthroughs import GAMES, SUITES, Suite, load

CASES = [(suite, index) for suite in SUITES for index in range(GAMES)]


@pytest.fixture(scope="module")
def recorded() -> dict[Suite, dict[str, Any]]:
    return {suite: load(suite) for suite in SUITES}


@pytest.fixture(scope="module")
def pins() -> dict[str, Any]:
    return pinned()


@pytest.mark.parametrize(
    ("suite", "index"), CASES, ids=[f"{s.ruleset}-{s.players}p-{i}" for s, i in CASES]
)
def test_action_indices_are_unchanged(
    recorded: dict[Suite, dict[str, Any]], pins: dict[str, Any], suite: Suite, index: int
) -> None:
    game = recorded[suite]["games"][index]
    expected = pins["suites"][key(suite)][index]
    assert expected["seed"] == game["seed"] == index
    assert expected["decisions"] == len(game["actions"])
    assert list(mismatches(suite, game, expected)) == []


def test_a_changed_index_is_noticed(recorded: dict[Suite, dict[str, Any]]) -> None:
    """The check can fail: a pin whose digest is altered is reported."""
    suite = SUITES[0]
    game = recorded[suite]["games"][2]
    expected = {**pin(suite, game), "digest": "0" * 16}
    found = list(mismatches(suite, game, expected))
    assert found and "action indices" in found[0]
