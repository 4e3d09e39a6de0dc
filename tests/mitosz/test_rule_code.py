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


PACKAGE = RULES.parent.parent
"""The whole ``mitosz_core`` package."""


def _phase(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "phase"


def _name_test(node: ast.AST) -> bool:
    """A machine-state name tested as a string: ``x.phase == "turn.pay"``,
    ``x.phase in ("counter.respond", ...)`` or ``x.phase.startswith(...)``."""
    if isinstance(node, ast.Compare) and _phase(node.left):
        return any(
            isinstance(c, ast.Constant | ast.Tuple | ast.Set | ast.List | ast.JoinedStr)
            for c in node.comparators
        )
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("startswith", "endswith", "split", "partition")
        and _phase(node.func.value)
    )


def test_no_code_outside_the_machine_tests_a_state_name_as_a_string() -> None:
    """Validators, bots, renderers and rules of both rulesets ask typed questions
    (``is_settled``, ``turn_phase``, the machine's declared step constants and tables),
    never a literal machine-state name or a prefix of one."""
    sources = sorted(PACKAGE.rglob("*.py"))
    assert len(sources) > 100
    found = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in sources
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.expr) and _name_test(node)
    ]
    assert found == []
