"""Checks on the shape of the Mítosz rule code (Core v2)."""

from __future__ import annotations

import ast
from pathlib import Path

import mitosz_core.games.mitosz as package

RULES = Path(package.__file__).parent
FLOW = RULES / "rules" / "flow.py"
RULE_CODE = sorted(
    path
    for folder in ("rules", "effects")
    for path in (RULES / folder).rglob("*.py")
    if path != FLOW
)


def test_rule_code_never_reads_the_machine_state_name() -> None:
    """Rule code asks ``flow`` typed questions (the turn phase, the frame on top, whether
    a counter round is on); only ``rules/flow.py`` reads ``State.phase``."""
    assert len(RULE_CODE) > 20
    found = [
        f"{path.relative_to(RULES)}:{node.lineno}"
        for path in RULE_CODE
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "phase"
    ]
    assert found == []


def test_machine_triggers_are_never_string_literals() -> None:
    """Every edge a rule fires is a member of the ``Trigger`` enum."""
    found = []
    for path in RULE_CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("fire", "resume", "interrupt")
                and any(isinstance(arg, ast.Constant) for arg in node.args[1:])
            ):
                found.append(f"{path.relative_to(RULES)}:{node.lineno}")
    assert found == []
