"""Shared test configuration: Hypothesis profiles and the ``rule`` marker.

Profiles: ``ci`` (default; fast and derandomised), ``dev`` and ``deep`` (thousands of
examples). Choose with ``HYPOTHESIS_PROFILE=deep``.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, settings

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
settings.register_profile(
    "deep",
    max_examples=2000,
    stateful_step_count=300,
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
