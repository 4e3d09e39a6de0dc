"""Moving along the declared machine, and the rules of one decision state.

:func:`fire` is the only way the MYTHOS rules change ``State.phase``: it follows an edge
of the compiled table or raises :class:`~mitosz_core.errors.MachineError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from mitosz_core.kernel.action import Action
from mitosz_core.rulesets.mythos.machine import MACHINE
from mitosz_core.rulesets.mythos.rules import S


def fire(s: S, trigger: str) -> S:
    """``s`` moved along the machine edge ``trigger`` from its current state."""
    return s.evolve(phase=MACHINE.fire(s.phase, trigger))


@dataclass(frozen=True)
class Step:
    """The rules of one decision state: what may be chosen, why not, and what it does."""

    accepts: tuple[type[Action], ...]
    candidates: Callable[[S], Iterable[Action]]
    why_not: Callable[[S, Action], str | None]
    perform: Callable[[S, Action], S]
    decider: Callable[[S], int]
    settle: Callable[[S], S | None] | None = None
    """Finishes the step by itself when no real choice is left; ``None`` if one is."""


def active_player(s: S) -> int:
    return s.game.active


def other(player: int) -> int:
    """The opponent of ``player`` (MYTHOS is a two-player game)."""
    return 1 - player


def defender(s: S) -> int:
    """The non-active player: the one who blocks and who has the event windows."""
    return other(s.game.active)
