"""Random-playout throughput: decisions per second of ``legal_actions`` + ``apply``.

Only the decisions are timed: ``new_game`` (the first one loads the card pool) runs
before the clock starts. The passes the engine makes for a player inside ``apply`` are
not decisions; they are counted beside them. Measure ratios within one run: the machines
are noisy (the benchmark suite in ``benchmarks/`` does that: ``nox -s bench``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from mitosz_core.kernel.api import apply, legal_actions, new_game


@dataclass(frozen=True)
class BenchResult:
    ruleset: str
    games: int
    decisions: int
    seconds: float
    auto_passes: int
    """The passes the engine made inside ``apply``: counted apart, not decisions."""

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
            f"{self.ruleset}: {self.games} games, {self.decisions} decisions "
            f"(+{self.auto_passes} automatic passes) in "
            f"{self.seconds:.2f} s: {self.decisions_per_second:,.0f} decisions/s, "
            f"{self.games_per_second:.2f} games/s, "
            f"{self.decisions_per_game:.1f} decisions/game"
        )


def run(
    ruleset: str = "mitosz",
    games: int = 20,
    players: int = 2,
    first_seed: int = 0,
    on_game: Callable[[], None] | None = None,
) -> BenchResult:
    """Play ``games`` random games on seeds ``first_seed...``; time only the decisions.
    ``on_game`` is called after each game (outside the clock), e.g. to show progress."""
    decisions = auto_passes = 0
    elapsed = 0.0
    for seed in range(first_seed, first_seed + games):
        chooser = random.Random(seed)
        state = new_game(ruleset, seed=seed, players=players)
        start = time.perf_counter()
        while not state.is_over:
            state = apply(state, chooser.choice(legal_actions(state)))
            decisions += 1
        elapsed += time.perf_counter() - start
        auto_passes += sum(1 for decision in state.history if decision.auto)
        if on_game is not None:
            on_game()
    return BenchResult(ruleset, games, decisions, elapsed, auto_passes)
