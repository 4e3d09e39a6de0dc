"""Bots that play through the public API only: each decides from a
``PlayerView`` (``mitosz_core.kernel.view``), which gives the player's observation,
the legal actions and determinized samples, never a hidden card.

- :class:`RandomBot`: uniformly random legal actions;
- :class:`HeuristicBot`: one step of lookahead scored by the per-ruleset evaluation of
  :mod:`mitosz_core.bots.evaluate` (power, tempo, card advantage, fight odds);
- :class:`MCTSBot`: information-set Monte Carlo tree search (UCT over determinizations,
  the heuristic bot's scores as its prior and its choices in the playouts).

Every bot is seeded: a game between bots is reproducible from the game seed and the bots'
seeds. :func:`make_bot` builds one by name (``random``, ``heuristic``, ``mcts``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mitosz_core.bots.heuristic import HeuristicBot
from mitosz_core.bots.mcts import MCTSBot
from mitosz_core.bots.randombot import RandomBot
from mitosz_core.errors import MitoszError, NotAvailableError
from mitosz_core.kernel.api import apply
from mitosz_core.kernel.state import State
from mitosz_core.kernel.view import Bot, view

__all__ = [
    "BOT_SPECS",
    "Bot",
    "HeuristicBot",
    "MCTSBot",
    "RandomBot",
    "check_bots",
    "make_bot",
    "play",
    "sampling_available",
]

BOT_SPECS = ("random", "heuristic", "mcts", "mcts:N")
"""The bot specs :func:`make_bot` reads; ``mcts:N`` is the search bot with N playouts a
decision."""


def make_bot(spec: str, seed: int) -> RandomBot | HeuristicBot | MCTSBot:
    """A bot from its spec (one of :data:`BOT_SPECS`), seeded with ``seed``; an unknown
    spec raises :class:`~mitosz_core.errors.MitoszError`."""
    name, _, arg = spec.partition(":")
    if name == "random" and not arg:
        return RandomBot(seed)
    if name == "heuristic" and not arg:
        return HeuristicBot(seed)
    if name == "mcts" and not arg:
        return MCTSBot(seed)
    if name == "mcts" and arg.isdigit() and int(arg) >= 1:
        return MCTSBot(seed, playouts=int(arg))
    raise MitoszError(f"unknown bot {spec!r}; expected one of: {', '.join(BOT_SPECS)}")


SEARCHING = ("heuristic", "mcts")
"""The bots that look ahead on determinizations, so need the ruleset's ``sample_state``."""


def sampling_available(state: State[Any]) -> bool:
    """Whether the ruleset of ``state`` can sample determinizations (``sample_state``),
    which the heuristic and search bots need."""
    try:
        view(state, 0).sample(random.Random(0))
    except NotAvailableError:
        return False
    return True


def check_bots(specs: Sequence[str], state: State[Any]) -> None:
    """Raise :class:`~mitosz_core.errors.MitoszError` for a bot spec that is unknown, or
    that needs determinizations the ruleset of ``state`` cannot sample."""
    for spec in specs:
        make_bot(spec, 0)
    searching = [s for s in specs if s.partition(":")[0] in SEARCHING]
    if searching and not sampling_available(state):
        raise MitoszError(
            f"bot {searching[0]!r} searches on sampled states, which the {state.ruleset} "
            "ruleset cannot sample yet (sample_state); use the random bot"
        )


def play(state: State[Any], bots: Sequence[Bot], max_decisions: int = 1_000_000) -> State[Any]:
    """Let ``bots`` (one per player) play ``state`` to its end; each decides from its
    own player's view."""
    for _ in range(max_decisions):
        if state.is_over or state.to_act is None:
            return state
        state = apply(state, bots[state.to_act].choose(view(state, state.to_act)))
    raise MitoszError(f"the game did not end within {max_decisions} decisions")
