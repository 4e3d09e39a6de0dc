"""Moving along the declared machine, and the per-step tables of the turn.

:func:`fire` is the only way the Mítosz rules change ``State.phase``: it follows an
edge of the compiled table or raises :class:`~mitosz_core.errors.MachineError`.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.machine import MACHINE
from mitosz_core.games.mitosz.rules import S
from mitosz_core.kernel.steps import Step as Step  # re-exported: one decision state


def fire(s: S, trigger: str) -> S:
    """``s`` moved along the machine edge ``trigger`` from its current state."""
    return s.evolve(phase=MACHINE.fire(s.phase, trigger))


def active_player(s: S) -> int:
    return s.game.active
