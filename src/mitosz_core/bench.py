"""Random-playout throughput: decisions per second of ``legal_actions`` + ``apply``.

Measure ratios within one run: the machines are noisy.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from mitosz_core.kernel.api import apply, legal_actions, new_game


@dataclass(frozen=True)
class BenchResult:
    ruleset: str
    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games

    def report(self) -> str:
        return (
            f"{self.ruleset}: {self.games} games, {self.decisions} decisions in "
            f"{self.seconds:.2f} s: {self.decisions_per_second:,.0f} decisions/s, "
            f"{self.games_per_second:.2f} games/s, "
            f"{self.decisions_per_game:.1f} decisions/game"
        )


def run(
    ruleset: str = "mitosz", games: int = 20, players: int = 2, first_seed: int = 0
) -> BenchResult:
    """Play ``games`` random games on seeds ``first_seed...``; time only the engine calls."""
    decisions = 0
    elapsed = 0.0
    for seed in range(first_seed, first_seed + games):
        chooser = random.Random(seed)
        start = time.perf_counter()
        state = new_game(ruleset, seed=seed, players=players)
        while not state.is_over:
            state = apply(state, chooser.choice(legal_actions(state)))
            decisions += 1
        elapsed += time.perf_counter() - start
    return BenchResult(ruleset, games, decisions, elapsed)
