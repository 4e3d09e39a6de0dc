"""The fuzz suite's figures: printed at the end of the session, and written as JSON to
``MITOSZ_FUZZ_REPORT`` when it is set (see :mod:`tests.fuzz.harness`)."""

from __future__ import annotations

import os

import pytest

from tests.fuzz import harness


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not harness.FIGURES:
        return
    terminalreporter.section("fuzz figures (tests/fuzz)")
    for line in harness.summary():
        terminalreporter.write_line(line)
    target = os.environ.get(harness.ENV_REPORT)
    if target:
        harness.write_report(target)
        terminalreporter.write_line(f"written to {target}")
