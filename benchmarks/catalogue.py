"""The benchmarks by name, and how much work each does: data only, quick to import.

The pyperf manager process (:mod:`benchmarks.suite`) needs only this; the engine is
imported by the workers (:mod:`benchmarks.worker`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Size:
    """How much work one measurement does."""

    seeds: tuple[int, ...]
    """The games of a playout (the same seeds for every ruleset) and of python-chess."""
    sample_seeds: tuple[int, ...]
    """The games the mid-game sample is taken from."""
    per_game: int
    """Mid-game decision points taken from each sample game."""
    memory_states: int
    """Successive states kept by the memory measurement (fewer if the game ends first)."""


SIZES = {
    "default": Size(tuple(range(6)), sample_seeds=(0, 1, 2), per_game=8, memory_states=1000),
    "quick": Size((0, 1), sample_seeds=(0,), per_game=10, memory_states=200),
    "tiny": Size((0,), sample_seeds=(0,), per_game=2, memory_states=20),
}
"""``default`` for ``nox -s bench``, ``quick`` for ``--quick``, ``tiny`` for the tests."""

PLAYOUTS = {
    "playout-mitosz-2p": ("mitosz", 2),
    "playout-mitosz-3p": ("mitosz", 3),
    "playout-mitosz-4p": ("mitosz", 4),
    "playout-mythos-2p": ("mythos", 2),
}
"""Random playouts: name -> (ruleset, players)."""

MICRO = ("legal-actions", "apply", "state-copy", "json-round-trip")
"""One call at a time on the mid-game sample."""

CHESS = "chess-random-games"
"""python-chess random games: the outside yardstick."""

NAMES = (*PLAYOUTS, *MICRO, CHESS)
"""Every benchmark that pyperf times, in the order of a round."""

SAMPLE_GAME = ("mitosz", 2)
"""The ruleset and player count of the mid-game sample."""

MEMORY_GAME = ("mitosz", 4, 162)
"""The game of the memory measurement: ruleset, players, seed. Played without automatic
passes (every pass is a state of its own), it is one of the longest random games
(973 decisions): as close to 1,000 successive states of one game as random play gets."""
