"""The Mermaid diagrams drawn from the compiled machines: every state and edge is in
them, the Mítosz machine is split into its parts, no label holds Mermaid syntax, and
each diagram parses with Mermaid's own parser (Node, ``tools/mermaid``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mitosz_core.cli import main
from mitosz_core.kernel import diagram
from mitosz_core.kernel.machine import CompiledMachine
from mitosz_core.kernel.registry import get

ROOT = Path(__file__).resolve().parents[2]
MERMAID = ROOT / "tools" / "mermaid"
MACHINES = {name: get(name).machine for name in ("mitosz", "mythos")}
MITOSZ_PARTS = ("turn", "summoning", "counter", "battle", "duel", "forced", "response")
EDGE = re.compile(r"^    (\w+|\[\*\]) --> (\w+|\[\*\])(?: : (.*))?$")


def _all_diagrams() -> list[tuple[str, diagram.Diagram]]:
    return [
        (name, diagram.draw(machine, part))
        for name, machine in MACHINES.items()
        for part in (*diagram.parts(machine), diagram.WHOLE)
    ]


def _covered(machine: CompiledMachine, drawn: diagram.Diagram) -> set[tuple[str, str]]:
    """The (state, trigger) pairs that leave a shown state, drawn or noted."""
    ids = {diagram._node_id(s): s for s in drawn.states}
    found = set()
    for line in drawn.text.splitlines():
        match = EDGE.match(line)
        if match and match.group(1) in ids and match.group(3):
            found.add((ids[match.group(1)], match.group(3)))
    for note in drawn.notes:
        trigger = note.split(" ", 1)[0]
        if " leads to " in note and " from every state here" in note:
            skipped = note.partition(" but ")[2].split(", ") if " but " in note else []
            found |= {(s, trigger) for s in drawn.states if s not in skipped}
    return found


def test_the_mitosz_machine_is_split_into_its_parts() -> None:
    machine = MACHINES["mitosz"]
    assert tuple(p.name for p in machine.spec.parts) == MITOSZ_PARTS
    shown = set()
    for part in diagram.parts(machine):
        drawn = diagram.draw(machine, part)
        shown |= set(drawn.states)
        assert len(drawn.states) < len(machine.states) / 2, part.name
    assert shown == set(machine.states)


@pytest.mark.parametrize("name", sorted(MACHINES))
def test_every_edge_leaving_a_state_is_drawn_or_noted(name: str) -> None:
    machine = MACHINES[name]
    expected = set(machine.table) | set(machine.returns)
    whole = _covered(machine, diagram.draw(machine, diagram.WHOLE))
    assert whole == expected
    by_parts: set[tuple[str, str]] = set()
    for part in diagram.parts(machine):
        by_parts |= _covered(machine, diagram.draw(machine, part))
    assert by_parts == expected


def test_a_battle_is_drawn_step_by_step_with_its_ways_in_and_out() -> None:
    drawn = diagram.draw(MACHINES["mitosz"], diagram.part(MACHINES["mitosz"], "battle"))
    text = drawn.text
    assert 'state "target" as turn__combat__battle__target' in text
    assert "turn__combat__declare --> turn__combat__battle__target : battle" in text
    assert "turn__combat__battle__cleanup --> turn__summoning_2 : next" in text
    assert "counter --> turn__combat__battle__rounds : resolved" in text
    assert "game_over leads to over from every state here" in drawn.notes


def test_labels_hold_no_mermaid_syntax() -> None:
    for _, drawn in _all_diagrams():
        for line in drawn.text.splitlines()[1:]:
            if line.startswith("    %% "):
                continue
            label = line.partition(" : ")[2] or line.partition('"')[2].rpartition('"')[0]
            assert not re.search(r"[:;\"{}\[\]#]", label), line
    with pytest.raises(ValueError, match="may not hold"):
        diagram._label("resume:turn.draw")


def test_the_command_prints_each_part(capsys: pytest.CaptureFixture[str]) -> None:
    for part in MITOSZ_PARTS:
        assert main(["machine", "--part", part]) == 0
        out = capsys.readouterr().out
        assert out == diagram.draw(MACHINES["mitosz"], diagram.part(MACHINES["mitosz"], part)).text
    assert main(["machine", "--ruleset", "mythos", "--part", "battle"]) == 2
    assert "mythos has no part 'battle'; expected one of: all" in capsys.readouterr().err


def test_each_diagram_parses_with_mermaids_parser(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (MERMAID / "node_modules" / "mermaid").is_dir():
        if os.environ.get("MITOSZ_REQUIRE_MERMAID"):
            pytest.fail("Mermaid is not installed: npm ci --prefix tools/mermaid")
        pytest.skip("Mermaid is not installed (npm ci --prefix tools/mermaid)")
    files = []
    for name, drawn in _all_diagrams():
        path = tmp_path / f"{name}-{drawn.part.name}.mmd"
        path.write_text(drawn.text, encoding="utf-8")
        files.append(path)
    broken = tmp_path / "broken.mmd"  # the old diagrams' fault: a colon in an edge label
    broken.write_text("stateDiagram-v2\n    a --> b : resume:turn.draw\n", encoding="utf-8")
    run = subprocess.run(
        [node, str(MERMAID / "parse.mjs"), *map(str, files), str(broken)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = run.stdout.splitlines()
    assert run.returncode == 1, run.stderr
    assert lines[:-1] == [f"ok {path}: stateDiagram" for path in files], run.stdout
    assert lines[-1].startswith(f"error {broken}: Parse error on line 2")


def test_the_counter_rounds_fight_steps_are_drawn_apart() -> None:
    """The counter round's respond and choose steps of the combat phase and of a fight
    (7.2.1, 7.2.5.2) are states of their own, drawn in the counter round's diagram with
    the edges that enter them from the open and resolve steps."""
    machine = MACHINES["mitosz"]
    part = next(p for p in diagram.parts(machine) if p.name == "counter")
    drawn = diagram.draw(machine, part)
    ids = {s: diagram._node_id(s) for s in drawn.states}
    for state, source, trigger in (
        ("counter.combat_respond", "counter.open", "opened_in_combat"),
        ("counter.fight_choose", "counter.resolve", "choose_in_fight"),
    ):
        assert state in drawn.states
        assert f"    {ids[source]} --> {ids[state]} : {trigger}" in drawn.text.splitlines()
