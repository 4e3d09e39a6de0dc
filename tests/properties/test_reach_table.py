"""The table ``nox -s properties`` writes for the docs (``docs/figures/properties.inc``)
says what the run reached, and names any machine state it did not reach."""

from __future__ import annotations

from typing import Any

from tests.properties import reach

RUN: dict[str, Any] = {
    "command": "nox -s properties",
    "seconds": 901.0,
    "passed": 107,
    "failed": 0,
    "skipped": 0,
    "examples": 80,
    "steps": 120,
    "python": "3.11.7",
}


def _part(states: dict[str, int]) -> dict[str, Any]:
    return {
        "states": states,
        "reached_states": [s for s, n in states.items() if n],
        "unreached_states": [s for s, n in states.items() if not n],
        "actions": {"Pass": 5, "Summon": 2},
    }


def test_the_table_counts_the_states_reached_and_names_those_not_reached() -> None:
    data = _part({"turn.start": 3, "turn.end": 0})
    data[reach.MYTHOS] = _part({"setup": 1})
    text = reach.table(data, RUN)
    assert text.startswith(".. list-table::")
    assert "Mítosz machine states reached\n     - 1 of 2; **not reached**: turn.end" in text
    assert "MYTHOS machine states reached\n     - 1 of 1\n" in text
    assert "7, of 2 kinds" in text
    assert "107 passed, 0 failed, 0 skipped; 80 examples a property, up to 120 steps" in text
    assert "     - 15 on one process (Python 3.11.7)" in text
