"""What the stateful suite reached: machine states and (roughly) rule ids.

Enabled by ``MITOSZ_REACH_REPORT=path`` (``nox -s properties`` sets it) or by the deep
Hypothesis profile. ``test_game_machine.py`` then traces every ``apply`` step by step
(:func:`~tests.properties.test_game_machine.traced_apply`), so automatic states count
too, and records here every machine state seen and every action kind taken. At the end
of the session ``tests/conftest.py`` prints the report and writes it as JSON; with
``MITOSZ_REACH_REQUIRE=1`` an unreached machine state fails the session.

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

ENV_REPORT = "MITOSZ_REACH_REPORT"
ENV_REQUIRE = "MITOSZ_REACH_REQUIRE"
RULE_ID = re.compile(r"(?<![\w.])(G\d|\d+(?:\.\d+)*(?:\.[a-z][a-z_]*(?:\.\d+)*)?)(?![\w])")
"""A rule id as the docs write them: ``6.2.4.1``, ``8.monster.5``, ``G2``."""
REGISTRY = Path(__file__).resolve().parents[2] / "specs" / "rules" / "mitosz-1.1.2.yaml"

STATES: Counter[str] = Counter()
"""Machine state -> how many times a traced step was in it."""
ACTIONS: Counter[str] = Counter()
"""Action class name -> how many times it was applied."""


def enabled() -> bool:
    return bool(os.environ.get(ENV_REPORT)) or os.environ.get("HYPOTHESIS_PROFILE") == "deep"


def record(phases: Iterable[str], action: object | None = None) -> None:
    STATES.update(phases)
    if action is not None:
        ACTIONS[type(action).__name__] += 1


def rule_ids(text: str) -> set[str]:
    """The rule ids a doc line names (a number needs a dot to count: "7.4.1", not "7")."""
    return {m for m in RULE_ID.findall(text) if "." in m or m.startswith("G")}


def registry_ids() -> set[str]:
    ids: set[str] = set()
    if REGISTRY.exists():
        for line in REGISTRY.read_text(encoding="utf-8").splitlines():
            m = re.match(r'\s*- id: "([^"]+)"', line)
            if m:
                ids.add(m.group(1))
    return ids


def report() -> dict[str, Any] | None:
    """The report, or ``None`` when nothing was recorded (the game machine did not run)."""
    if not STATES:
        return None
    from mitosz_core.games.mitosz import actions as action_module
    from mitosz_core.games.mitosz.machine import MACHINE

    states = list(MACHINE.states)
    doc = MACHINE.spec.doc
    reached_rules: set[str] = set()
    derivable: set[str] = set()
    for state in states:
        ids = rule_ids(doc.get(state, ""))
        derivable |= ids
        if STATES[state]:
            reached_rules |= ids
    for cls in vars(action_module).values():
        if isinstance(cls, type) and cls.__module__ == action_module.__name__:
            ids = rule_ids(cls.__doc__ or "")
            derivable |= ids
            if ACTIONS[cls.__name__]:
                reached_rules |= ids
    registry = registry_ids()
    known = registry or derivable
    return {
        "states": {s: STATES[s] for s in states},
        "reached_states": [s for s in states if STATES[s]],
        "unreached_states": [s for s in states if not STATES[s]],
        "unknown_states": sorted(set(STATES) - set(states)),
        "actions": dict(sorted(ACTIONS.items())),
        "reached_rules": sorted(reached_rules & known),
        "unreached_rules": sorted((derivable & known) - reached_rules),
        "not_derivable_rules": sorted(known - derivable),
    }


def summary(data: dict[str, Any]) -> list[str]:
    """The report as terminal lines."""
    total = len(data["states"])
    lines = [
        f"machine states reached: {len(data['reached_states'])}/{total}",
        *(f"  UNREACHED {s}" for s in data["unreached_states"]),
        f"rule ids reached (derived from state and action docs): "
        f"{len(data['reached_rules'])}; unreached: {len(data['unreached_rules'])}"
        f" {data['unreached_rules']}; not derivable: {len(data['not_derivable_rules'])}",
    ]
    return lines
