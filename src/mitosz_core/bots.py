"""Simple bots that play through the public API only.

A bot is anything with ``choose(state) -> Action``. :class:`RandomBot` picks uniformly
among the legal actions with its own seeded generator, so a game between random bots is
reproducible from the game seed and the bots' seeds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import apply, legal_actions
from mitosz_core.kernel.state import State


class Bot(Protocol):
    def choose(self, state: State[Any]) -> Action: ...


class RandomBot:
    """Chooses uniformly at random among the legal actions."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State[Any]) -> Action:
        return self._rng.choice(legal_actions(state))


def play(state: State[Any], bots: Sequence[Bot], max_decisions: int = 1_000_000) -> State[Any]:
    """Let ``bots`` (one per player) play ``state`` to its end."""
    for _ in range(max_decisions):
        if state.is_over or state.to_act is None:
            return state
        state = apply(state, bots[state.to_act].choose(state))
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")
