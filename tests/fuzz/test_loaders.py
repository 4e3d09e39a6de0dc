"""Every loader of outside data ends any input in a valid result or a library error.

One test per loader (see :mod:`tests.fuzz.targets`); the inputs are mutations of real
card files, deck files, saved states and action logs (:mod:`tests.fuzz.mutations`). In
CI this is a short derandomised run; ``nox -s fuzz`` runs it for about an hour.
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.fuzz import harness
from tests.fuzz.mutations import FUZZ_LIMITS
from tests.fuzz.targets import TARGET_NAMES, all_targets


@cache
def _targets() -> dict[str, harness.Target]:
    return {t.name: t for t in all_targets()}


def test_every_target_is_listed() -> None:
    assert sorted(_targets()) == sorted(TARGET_NAMES)


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_loader_ends_in_a_result_or_a_library_error(name: str) -> None:
    figures = harness.fuzz(_targets()[name], FUZZ_LIMITS, len(TARGET_NAMES))
    assert figures.tried > 0
    assert not figures.failures, "\n".join(harness.summary())
