"""Helpers shared by the test packages."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import mitosz_core as mc


def play_random(
    s: mc.State[Any],
    seed: int,
    until: Callable[[mc.State[Any]], bool] | None = None,
    limit: int = 100_000,
) -> mc.State[Any]:
    """Play uniformly random legal actions until the game ends (or ``until`` holds)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_over or (until is not None and until(s)):
            return s
        s = mc.apply(s, rng.choice(mc.legal_actions(s)))
    raise AssertionError("the game did not end")


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` is an extension module of the compiled build (mypyc): its
    functions then call each other directly, so replacing one with ``monkeypatch``
    does not reach the calls made inside the module."""
    return not str(getattr(module, "__file__", "")).endswith(".py")
