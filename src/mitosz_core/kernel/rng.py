"""Deterministic pseudo-random numbers whose whole state is one integer.

SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast in pure Python, and the same on
every machine and under every ``PYTHONHASHSEED``. The generator is an immutable value:
each draw returns the number and the next generator, so a game state that holds an
:class:`Rng` is fully reproducible from its seed and the actions taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

SEEDS = 1 << 64
"""Seeds are the integers in ``range(SEEDS)``, i.e. [0, 2**64): the generator's whole
state. :func:`~mitosz_core.new_game` refuses any other seed, since folding it would give
two seeds the same game."""
_MASK = SEEDS - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Rng:
    """An immutable SplitMix64 generator."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for an integer seed. A seed outside ``range(SEEDS)`` is folded to
        64 bits (``seed % 2**64``); games only take seeds in range (see :data:`SEEDS`)."""
        return cls(seed & _MASK)

    def next64(self) -> tuple[int, Rng]:
        """A uniformly distributed 64-bit integer and the next generator."""
        state = (self.state + _GOLDEN) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (unbiased, by rejection) and the next generator.

        A bound up to ``2**64`` takes one 64-bit draw per try; a larger one takes as many
        as its bits need, the first draw highest (a bound above ``2**64`` once gave a
        rejection limit of 0, and the loop never ended)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        words = 1 if n <= SEEDS else -(-n.bit_length() // 64)
        span = 1 << (64 * words)
        limit = (span // n) * n
        rng = self
        while True:
            value, rng = rng.next64()
            for _ in range(words - 1):
                low, rng = rng.next64()
                value = (value << 64) | low
            if value < limit:
                return value % n, rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher–Yates shuffle of ``items`` and the next generator."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng
