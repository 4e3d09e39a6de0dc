"""The OpenSpiel golden playthroughs replay to the same text (see
``openspiel_playthroughs.py``)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import generate_playthrough

from tests.adapters.openspiel_playthroughs import DIRECTORY, GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_replays_unchanged(name: str) -> None:
    expected, actual = generate_playthrough.replay(str(DIRECTORY / name))
    assert expected.splitlines() == actual.splitlines()
