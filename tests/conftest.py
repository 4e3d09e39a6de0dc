"""Shared test configuration: Hypothesis profiles and the ``rule`` marker.

Profiles: ``ci`` (default; fast and derandomised), ``dev`` and ``deep`` (many more and
longer examples, ``MITOSZ_DEEP_EXAMPLES``). Choose with ``HYPOTHESIS_PROFILE=deep``.
"""

from __future__ import annotations

import json
import os
import platform
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.properties import reach

settings.register_profile(
    "ci",
    max_examples=25,
    stateful_step_count=40,
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", max_examples=100, deadline=None)
DEEP_EXAMPLES = int(os.environ.get("MITOSZ_DEEP_EXAMPLES", "80"))
"""Examples per test in the deep profile: 80 runs of up to 120 rules each (each rule one
or more steps of play); ``nox -s properties`` (which also traces every step for the
reach report, and adds the reach sweeps) writes its run's time in
``docs/figures/properties.inc``; raise it for a longer hunt. The reach of every machine
state does not depend on it (the sweeps)."""

settings.register_profile(
    "deep",
    max_examples=DEEP_EXAMPLES,
    stateful_step_count=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every ``rule`` marker must name at least one id (checked against the registry by
    ``tests/test_registry.py``)."""
    for item in items:
        for name in ("rule", "ruling"):
            for mark in item.iter_markers(name):
                if not mark.args:
                    raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.{name} needs ids")


def pytest_collection_finish(session: pytest.Session) -> None:
    """With ``MITOSZ_RULE_MAP=path``, write ``{node id: [rule ids]}`` for every collected
    test; ``tools/check_registry.py`` compares it with the rule registry."""
    target = os.environ.get("MITOSZ_RULE_MAP")
    if not target:
        return
    mapping = {
        item.nodeid: sorted(
            {str(r) for m in item.iter_markers("rule") for r in m.args}
            | {str(r) for m in item.iter_markers("ruling") for r in m.args}
        )
        for item in session.items
    }
    with open(target, "w", encoding="utf-8") as fh:
        json.dump(mapping, fh, indent=1, sort_keys=True)


# reach report of the stateful suite (tests/properties/reach.py) ---------------------------


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """With ``MITOSZ_REACH_REPORT=path`` (or the deep profile): write which machine
    states and rule ids the game machine reached; with ``MITOSZ_REACH_REQUIRE=1`` too,
    fail the session if a machine state was never reached (``nox -s properties``)."""

    data = reach.report() if reach.enabled() else None
    if data is None:
        return
    session.config.stash[_REACH] = data
    target = os.environ.get(reach.ENV_REPORT)
    if target:
        with open(target, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
    if os.environ.get(reach.ENV_REQUIRE) and reach.unreached(data) and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_STARTED] = time.monotonic()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    data = terminalreporter.config.stash.get(_REACH, None)
    if data is None:
        return
    target = os.environ.get(reach.ENV_RST)
    if target:  # the docs' table of this run (nox -s properties)
        stats = terminalreporter.stats
        profile = settings()  # the loaded profile's settings
        run = {
            "command": "nox -s properties",
            "seconds": time.monotonic() - terminalreporter.config.stash[_STARTED],
            "passed": len(stats.get("passed", ())),
            "failed": len(stats.get("failed", ())) + len(stats.get("error", ())),
            "skipped": len(stats.get("skipped", ())),
            "examples": profile.max_examples,
            "steps": profile.stateful_step_count,
            "python": platform.python_version(),
        }
        Path(target).write_text(reach.table(data, run), encoding="utf-8")

    terminalreporter.section("reach report (tests/properties/reach.py)")
    for line in reach.summary(data):
        terminalreporter.write_line(line)
    if os.environ.get(reach.ENV_REQUIRE) and reach.unreached(data):
        terminalreporter.write_line("FAILED: every machine state must be reached (deep profile)")


_REACH = pytest.StashKey[dict[str, object]]()
_STARTED = pytest.StashKey[float]()
