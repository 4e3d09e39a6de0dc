"""Moving along the declared machine, and the rules of one decision state.

:func:`fire` is the only way the MYTHOS rules change ``State.phase``: it follows an edge
of the compiled table or raises :class:`~mitosz_core.errors.MachineError`.
"""

from __future__ import annotations

from mitosz_core.games.mythos.machine import MACHINE
from mitosz_core.games.mythos.rules import S
from mitosz_core.kernel.steps import Step as Step  # re-exported: one decision state


def fire(s: S, trigger: str) -> S:
    """``s`` moved along the machine edge ``trigger`` from its current state."""
    return s.evolve(phase=MACHINE.fire(s.phase, trigger))


def active_player(s: S) -> int:
    return s.game.active


def other(player: int) -> int:
    """The opponent of ``player`` (MYTHOS is a two-player game)."""
    return 1 - player


def defender(s: S) -> int:
    """The non-active player: the one who blocks and who has the event windows."""
    return other(s.game.active)
