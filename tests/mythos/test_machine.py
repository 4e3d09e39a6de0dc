"""The MYTHOS state machine: every state has one handler and is reachable."""

from __future__ import annotations

import pytest

from mitosz_core.games.mythos.engine import AUTOMATIC, STEPS, TERMINAL
from mitosz_core.games.mythos.machine import MACHINE, PRESSES, RESPONSES, SPEC, WINDOWS
from mitosz_core.games.mythos.rules.turn import PRESS, WINDOW


@pytest.mark.rule("04")
def test_every_leaf_has_exactly_one_handler() -> None:
    for state in MACHINE.states:
        if state == "setup":
            continue
        kinds = [state in AUTOMATIC, state in STEPS, state in TERMINAL]
        assert sum(kinds) == 1, state
    assert set(AUTOMATIC) | set(STEPS) | TERMINAL | {"setup"} == set(MACHINE.states)


@pytest.mark.rule("04")
def test_every_state_is_reachable_from_setup() -> None:
    seen = {MACHINE.initial}
    frontier = [MACHINE.initial]
    while frontier:
        for nxt in MACHINE.successors(frontier.pop()):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    assert seen == set(MACHINE.states)
    for state in MACHINE.states:
        if state != "over":
            assert MACHINE.fire(state, "game_over") == "over"


@pytest.mark.rule("04.4", "11.9")
@pytest.mark.ruling("R-04.4-windows")
def test_every_window_is_a_state_of_its_own() -> None:
    assert len(RESPONSES) == 4 and len(PRESSES) == 3 and WINDOWS == RESPONSES | PRESSES
    for state in RESPONSES:
        assert STEPS[state] is WINDOW
    for state in PRESSES:
        assert STEPS[state] is PRESS
    assert MACHINE.fire("turn.main", "acted") == "turn.respond"
    for step, done, after in (
        ("declare", "declared", "attack"),
        ("block", "blocked", "block"),
        ("order", "ordered", "order"),
    ):
        # 11.9, R-04.4-windows: the attacker's window, then the defender's
        press = MACHINE.fire(f"turn.combat.{step}", done)
        assert press == f"turn.combat.press_{after}"
        assert MACHINE.fire(press, "close") == f"turn.combat.respond_{after}"


@pytest.mark.rule("04.1", "04.2")
def test_the_turn_runs_in_rulebook_order() -> None:
    assert MACHINE.fire("turn.start", "started") == "turn.draw"
    assert MACHINE.fire("turn.draw", "drawn") == "turn.respond"
    assert MACHINE.fire("turn.main", "end_turn") == "turn.end"
    assert MACHINE.fire("turn.end", "next_turn") == "turn.start"


def test_every_state_has_a_description() -> None:
    assert set(SPEC.doc) == set(MACHINE.states)
