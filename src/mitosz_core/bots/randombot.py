"""The random bot."""

from __future__ import annotations

import random
from typing import Any

from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import legal_actions
from mitosz_core.kernel.state import State
from mitosz_core.kernel.view import PlayerView


class RandomBot:
    """Chooses uniformly at random among the legal actions, with its own seeded
    generator: a game between random bots is reproducible from the game seed and the
    bots' seeds. It also takes a :class:`~mitosz_core.State` where a view is asked for
    (the legal actions are the same), for callers of the first bot API."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView | State[Any]) -> Action:
        actions = legal_actions(view) if isinstance(view, State) else view.legal_actions
        return self._rng.choice(actions)
