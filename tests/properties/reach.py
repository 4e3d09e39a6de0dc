"""What the stateful suite reached: machine states and (roughly) rule ids.

Enabled by ``MITOSZ_REACH_REPORT=path`` (``nox -s properties`` sets it) or by the deep
Hypothesis profile. ``test_game_machine.py`` then traces every ``apply`` step by step
(:func:`~tests.properties.test_game_machine.traced_apply`), so automatic states count
too, and records here every machine state seen and every action kind taken. At the end
of the session ``tests/conftest.py`` prints the report and writes it as JSON; with
``MITOSZ_REACH_REQUIRE=1`` an unreached machine state fails the session.

The MYTHOS machine (``test_mythos_machine.py``) is traced and recorded the same way; its
part of the report is under ``mythos``, and its states are required too when it ran.

The list of states is read from ``MACHINE.states`` when the report is made, so states
added to the machine later are required too.

Rule ids reached are derived, honestly but roughly, without instrumenting the engine:

- each machine state's one-line doc (``MACHINE.spec.doc``) names the rules it carries
  out ("6.2.4.1: discard down to hand size"); a reached state reaches those ids;
- each action class's docstring names the rules of that choice ("Play ``card`` without
  summoning (1.5.3)"); taking an action of that class reaches those ids.

A rule id reached this way was exercised by some step of some game, not necessarily in
all its branches; ids named by no state or action doc (most of chapters 2, 5 and 8) are
reported as not derivable, not as unreached.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mitosz_core.games.mitosz import actions as action_module
from mitosz_core.games.mitosz.machine import MACHINE
from mitosz_core.games.mythos import actions as mythos_actions
from mitosz_core.games.mythos.machine import MACHINE as MYTHOS_MACHINE
from mitosz_core.kernel.action import Action, Decision
from mitosz_core.kernel.state import State
from mitosz_core.kernel.steps import StepRuleset

ENV_REPORT = "MITOSZ_REACH_REPORT"
ENV_REQUIRE = "MITOSZ_REACH_REQUIRE"
ENV_RST = "MITOSZ_REACH_RST"
"""With this set to a path, the session writes there the table of its run and reach that
``docs/reliability.rst`` shows (``nox -s properties`` sets it)."""
RULE_ID = re.compile(r"(?<![\w.])(G\d|\d+(?:\.\d+)*(?:\.[a-z][a-z_]*(?:\.\d+)*)?)(?![\w])")
"""A rule id as the docs write them: ``6.2.4.1``, ``8.monster.5``, ``G2``."""
REGISTRY = Path(__file__).resolve().parents[2] / "specs" / "rules" / "mitosz-1.1.2.yaml"

MYTHOS = "mythos"
MYTHOS_REGISTRY = REGISTRY.with_name("mythos.yaml")

STATES: Counter[str] = Counter()
"""Machine state -> how many times a traced step was in it (Mítosz)."""
ACTIONS: Counter[str] = Counter()
"""Action class name -> how many times it was applied (Mítosz)."""
MYTHOS_STATES: Counter[str] = Counter()
MYTHOS_ACTIONS: Counter[str] = Counter()
"""The same for the MYTHOS machine (``test_mythos_machine.py``)."""


def enabled() -> bool:
    return bool(os.environ.get(ENV_REPORT)) or os.environ.get("HYPOTHESIS_PROFILE") == "deep"


def record(phases: Iterable[str], action: object | None = None, game: str = "mitosz") -> None:
    states, actions = (MYTHOS_STATES, MYTHOS_ACTIONS) if game == MYTHOS else (STATES, ACTIONS)
    states.update(phases)
    if action is not None:
        actions[type(action).__name__] += 1


def traced(rs: StepRuleset[Any], s: State[Any], action: Action) -> tuple[State[Any], list[str]]:
    """What ``mc.apply`` does for a ruleset written as tables (:class:`StepRuleset`), with
    the machine state of every step in between: checks, automatic states, steps that
    finish by themselves, and automatic passes."""
    phases = [s.phase]

    def settle(s: State[Any]) -> State[Any]:
        for _ in range(rs.settle_limit):
            s = rs.checks(s)
            phases.append(s.phase)
            if s.is_over:
                return s
            auto = rs.automatic.get(s.phase)
            if auto is not None:
                s = auto(s)
                continue
            step = rs.steps[s.phase]
            finished = None if step.settle is None else step.settle(s)
            if finished is None:
                return s.evolve(to_act=step.decider(s))
            s = finished
        raise AssertionError("no decision reached")

    player = s.to_act
    assert player is not None
    s = settle(rs.steps[s.phase].perform(s, action))
    s = s.evolve(_log=s._log.append(Decision(player, action)))
    while s.config.auto_pass and not s.is_over and s.to_act is not None:
        auto = rs.auto_action(s)
        if auto is None:
            break
        who = s.to_act
        s = settle(rs.steps[s.phase].perform(s, auto))
        s = s.evolve(_log=s._log.append(Decision(who, auto, auto=True)))
    return s, phases


def rule_ids(text: str) -> set[str]:
    """The rule ids a doc line names (a number needs a dot to count: "7.4.1", not "7")."""
    return {m for m in RULE_ID.findall(text) if "." in m or m.startswith("G")}


def registry_ids(path: Path = REGISTRY) -> set[str]:
    ids: set[str] = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r'\s*- id: "([^"]+)"', line)
            if m:
                ids.add(m.group(1))
    return ids


def report() -> dict[str, Any] | None:
    """The report, or ``None`` when nothing was recorded (neither game machine ran): the
    Mítosz machine's at the top level, the MYTHOS machine's under ``mythos`` if it ran."""

    if not STATES and not MYTHOS_STATES:
        return None
    data = _report(MACHINE, action_module, STATES, ACTIONS, REGISTRY) if STATES else {}
    if MYTHOS_STATES:
        data[MYTHOS] = _report(
            MYTHOS_MACHINE, mythos_actions, MYTHOS_STATES, MYTHOS_ACTIONS, MYTHOS_REGISTRY
        )
    return data


def _report(
    machine: Any, action_module: Any, seen: Counter[str], taken: Counter[str], path: Path
) -> dict[str, Any]:
    """One machine's report: its states, the action kinds taken, the rule ids reached
    (see the module doc; ``path`` is the game's rule registry)."""
    states = list(machine.states)
    doc = machine.spec.doc
    reached_rules: set[str] = set()
    derivable: set[str] = set()
    for state in states:
        ids = rule_ids(doc.get(state, ""))
        derivable |= ids
        if seen[state]:
            reached_rules |= ids
    for cls in vars(action_module).values():
        if isinstance(cls, type) and cls.__module__ == action_module.__name__:
            ids = rule_ids(cls.__doc__ or "")
            derivable |= ids
            if taken[cls.__name__]:
                reached_rules |= ids
    registry = registry_ids(path)
    known = registry or derivable
    return {
        "states": {s: seen[s] for s in states},
        "reached_states": [s for s in states if seen[s]],
        "unreached_states": [s for s in states if not seen[s]],
        "unknown_states": sorted(set(seen) - set(states)),
        "actions": dict(sorted(taken.items())),
        "reached_rules": sorted(reached_rules & known),
        "unreached_rules": sorted((derivable & known) - reached_rules),
        "not_derivable_rules": sorted(known - derivable),
    }


def unreached(data: dict[str, Any]) -> list[str]:
    """Every machine state the report says was never reached (MYTHOS ones as
    ``mythos:<state>``)."""
    out = list(data.get("unreached_states", ()))
    out += [f"{MYTHOS}:{s}" for s in data.get(MYTHOS, {}).get("unreached_states", ())]
    return out


def summary(data: dict[str, Any]) -> list[str]:
    """The report as terminal lines: which states and rule ids were reached."""
    lines: list[str] = []
    for name, part in (("Mítosz", data), ("MYTHOS", data.get(MYTHOS))):
        if not part or "states" not in part:
            continue
        total = len(part["states"])
        lines += [
            f"{name} machine states reached: {len(part['reached_states'])}/{total}",
            f"  reached: {', '.join(part['reached_states'])}",
            *(f"  UNREACHED {s}" for s in part["unreached_states"]),
            f"{name} rule ids reached (derived from state and action docs): "
            f"{len(part['reached_rules'])} {part['reached_rules']}; "
            f"unreached: {len(part['unreached_rules'])} {part['unreached_rules']}; "
            f"not derivable: {len(part['not_derivable_rules'])}",
        ]
    return lines


def table(data: dict[str, Any], run: dict[str, Any]) -> str:
    """The run and its reach as the list-table of ``docs/reliability.rst``: ``run`` holds
    the session's ``command``, ``seconds``, ``passed``, ``failed``, ``skipped``, the
    profile's ``examples`` per test and ``steps`` per example, and the ``python``."""
    rows = [("command", f"``{run['command']}``")]
    rows.append(
        (
            "tests",
            f"{run['passed']} passed, {run['failed']} failed, {run['skipped']} skipped; "
            f"{run['examples']} examples a property, up to {run['steps']} steps each",
        )
    )
    for name, part in (("Mítosz", data), ("MYTHOS", data.get(MYTHOS))):
        if not part or "states" not in part:
            continue
        unreached = part["unreached_states"]
        rows.append(
            (
                f"{name} machine states reached",
                f"{len(part['reached_states'])} of {len(part['states'])}"
                + (f"; **not reached**: {', '.join(unreached)}" if unreached else ""),
            )
        )
        rows.append(
            (
                f"{name} actions taken",
                f"{sum(part['actions'].values()):,}, of {len(part['actions'])} kinds",
            )
        )
    minutes = run["seconds"] / 60
    rows.append(("minutes", f"{minutes:.0f} on one process (Python {run['python']})"))
    lines = [".. list-table::", "   :header-rows: 0", "   :widths: 30 70", ""]
    for name, value in rows:
        lines += [f"   * - {name}", f"     - {value}"]
    return "\n".join(lines) + "\n"
