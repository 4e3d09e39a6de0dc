"""The compiled state machine: the declaration is the single source of truth."""

from __future__ import annotations

import itertools

import pytest

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.engine import AUTOMATIC, STEPS, TERMINAL
from mitosz_core.games.mitosz.machine import MACHINE
from mitosz_core.kernel.machine import Edge, MachineSpec, Return, compile_machine


def test_every_leaf_has_exactly_one_handler() -> None:
    for state in MACHINE.states:
        if state == "setup":
            continue
        kinds = [state in AUTOMATIC, state in STEPS, state in TERMINAL]
        assert sum(kinds) == 1, state
    assert set(AUTOMATIC) | set(STEPS) | TERMINAL <= set(MACHINE.states)


def test_every_state_is_reachable_from_setup() -> None:
    seen = {MACHINE.initial}
    frontier = [MACHINE.initial]
    while frontier:
        for nxt in MACHINE.successors(frontier.pop()):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    assert seen == set(MACHINE.states)


def test_parent_edges_reach_every_leaf_and_parent_dests_resolve() -> None:
    spec = MachineSpec(
        name="t",
        states=("a", {"name": "b", "children": ["x", "y"], "initial": "x"}, "z"),
        edges=(Edge("go", "a", "b"), Edge("next", "b.x", "b.y"), Edge("stop", "b", "z")),
        initial="a",
    )
    m = compile_machine(spec)
    assert m.states == ("a", "b.x", "b.y", "z")
    assert m.fire("a", "go") == "b.x"
    assert m.fire("b.x", "stop") == "z" and m.fire("b.y", "stop") == "z"
    with pytest.raises(MachineError, match="no edge 'go' from state 'z'"):
        m.fire("z", "go")


def test_a_return_edge_goes_back_only_to_a_declared_destination() -> None:
    spec = MachineSpec(
        name="t",
        states=("a", "b", {"name": "i", "children": ["x"], "initial": "x"}),
        edges=(Edge("interrupt", ("a", "b"), "i"),),
        initial="a",
        returns=(Return("back", "i.x", ("a", "b")),),
    )
    m = compile_machine(spec)
    assert m.resume("i.x", "back", "a") == "a" and m.resume("i.x", "back", "b") == "b"
    assert m.successors("i.x") == {"a", "b"}
    assert "back" in m.triggers("i.x")
    with pytest.raises(MachineError, match=r"no return 'back' from 'i\.x' to 'i\.x'"):
        m.resume("i.x", "back", "i.x")
    with pytest.raises(MachineError, match="no return"):
        m.resume("a", "back", "b")


def test_interruptions_are_declared_once() -> None:
    """Core v2: the counter round, the response and the forced choices are one set
    of states each; what they interrupt is a frame, not a copy of the states."""
    assert [s for s in MACHINE.states if ".counter." in s or s.endswith(".main")] == []
    for prefix in ("counter.", "response.", "forced."):
        assert any(s.startswith(prefix) for s in MACHINE.states)
    assert all(":" not in t for (_, t) in MACHINE.table)


def test_table_is_frozen() -> None:
    with pytest.raises(TypeError):
        MACHINE.table[("over", "x")] = "setup"  # type: ignore[index]


def test_turn_phases_follow_the_rulebook_order() -> None:
    """6.2: start, draw, summoning, combat, summoning, end; end steps in 6.2.4 order."""
    assert MACHINE.fire("turn.start", "started") == "turn.draw"
    assert MACHINE.fire("turn.draw", "drawn") == "turn.summoning_1"
    assert MACHINE.fire("turn.summoning_1", "pass") == "turn.combat.declare"
    assert MACHINE.fire("turn.combat.declare", "skip") == "turn.summoning_2"
    assert MACHINE.fire("turn.summoning_2", "pass") == "turn.end.discard"
    chain = ["discard", "clamp", "regain", "produce", "turn_back", "effects", "finish"]
    for a, b in itertools.pairwise(chain):
        assert MACHINE.fire(f"turn.end.{a}", "done") == f"turn.end.{b}"
    assert MACHINE.fire("turn.end.finish", "next_turn") == "turn.start"
