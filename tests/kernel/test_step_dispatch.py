"""The kernel's typed dispatch of a decision step: one rule per action class."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

import mitosz_core as mc
from mitosz_core.errors import MachineError
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.state import State
from mitosz_core.kernel.steps import Rule, allowed, dispatch


@dataclass(frozen=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    amount: int


@dataclass(frozen=True)
class Stop(Action):
    kind: ClassVar[str] = "stop"


def _why_not_take(s: State[Any], a: Take) -> str | None:
    return None if a.amount > 0 else "take at least one"


def _take(s: State[Any], a: Take) -> State[Any]:
    return s.evolve(turn=s.turn + a.amount)


def _stop(s: State[Any], a: Stop) -> State[Any]:
    return s.evolve(turn=-1)


STEP = dispatch(
    (Rule(Take, _why_not_take, _take), Rule(Stop, allowed, _stop)),
    candidates=lambda s: (Take(1), Take(2), Stop()),
    decider=lambda s: 0,
)


def _state() -> State[Any]:
    return mc.new_game("mythos", seed=1)  # a state of any ruleset will do


def test_each_action_reaches_the_rule_of_its_class() -> None:
    s = _state()
    assert STEP.accepts == (Take, Stop)
    assert STEP.why_not(s, Take(0)) == "take at least one"
    assert STEP.why_not(s, Take(3)) is None
    assert STEP.perform(s, Take(3)).turn == s.turn + 3
    assert STEP.perform(s, Stop()).turn == -1
    assert list(STEP.candidates(s)) == [Take(1), Take(2), Stop()]


def test_an_action_of_no_rule_is_a_machine_error() -> None:
    @dataclass(frozen=True)
    class Other(Action):
        kind: ClassVar[str] = "other"

    with pytest.raises(MachineError, match="no rule for other"):
        STEP.why_not(_state(), Other())


def test_two_rules_for_one_class_are_refused() -> None:
    with pytest.raises(MachineError, match="two rules for take"):
        dispatch(
            (Rule(Take, _why_not_take, _take), Rule(Take, allowed, _take)),
            candidates=lambda s: (),
            decider=lambda s: 0,
        )


SRC = Path(mc.__file__).parent


def _asserted_classes(tree: ast.AST) -> list[int]:
    """The lines of ``assert isinstance(a, ...)`` (or of ``action``), anywhere in an
    assert's condition: an assert standing in for the action type a handler takes."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assert):
            continue
        for inner in ast.walk(node.test):
            if (
                isinstance(inner, ast.Call)
                and isinstance(inner.func, ast.Name)
                and inner.func.id == "isinstance"
                and isinstance(inner.args[0], ast.Name)
                and inner.args[0].id in ("a", "action")
            ):
                lines.append(node.lineno)
    return lines


def test_no_handler_asserts_the_class_of_its_action() -> None:
    """Each decision step's handlers are typed with their own action class (a dispatch
    table, a union the handler narrows, a generic source): none asserts it."""
    found = {
        f"{path.relative_to(SRC)}:{line}"
        for path in SRC.rglob("*.py")
        for line in _asserted_classes(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert not found, sorted(found)
    assert _asserted_classes(ast.parse("assert x and isinstance(a, int)")) == [1]
