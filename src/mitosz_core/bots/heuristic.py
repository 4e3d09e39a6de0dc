"""The heuristic bot: one step of lookahead on a determinization, scored by
:func:`~mitosz_core.bots.evaluate.evaluate`.

For each legal action the bot applies it to a state sampled from its view
(``PlayerView.sample``, so it never reads a hidden card),
lets every player answer with the *quiet reply* (a pass, "done" or the end of the turn
where one is legal, else a random legal action) until it is its own decision again
outside a counter round, event window or fight (so what it played has resolved and the
fight it started is decided; in a fight the quiet reply names a commander and takes the
spoils), or
:attr:`HeuristicBot.reply_steps` replies are made, and scores the position it then
observes. It takes the best; ties go to its seeded generator. A decision with one legal
action costs nothing.

The scoring is :func:`scores`; :func:`greedy` is the same choice on a full state, which
the search bot (:mod:`mitosz_core.bots.mcts`) plays for every player in its playouts,
and the scores are its prior.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mitosz_core.bots.evaluate import evaluate
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import apply, is_settled, legal_actions, observe
from mitosz_core.kernel.state import State
from mitosz_core.kernel.view import PlayerView

QUIET = frozenset({"Pass", "Done", "EndTurn"})
"""The class names of the actions that do nothing more: the quiet reply takes one."""
FIRST = ("Designate", "TakeSpoils")
"""What the quiet reply takes before a quiet action: in a Mítosz fight a commander is
named (rather than no defence at all) and the spoils are taken."""


def quiet_reply(state: State[Any], rng: random.Random) -> Action:
    """The first legal action of the kinds in :data:`FIRST`, else a pass, "done" or the
    end of the turn, else a random legal action."""
    actions = legal_actions(state)
    for kind in FIRST:
        for action in actions:
            if type(action).__name__ == kind:
                return action
    for action in actions:
        if type(action).__name__ in QUIET:
            return action
    return rng.choice(actions)


def settle(state: State[Any], me: int, rng: random.Random, steps: int) -> State[Any]:
    """``state`` after quiet replies, until ``me`` decides again in a settled position
    (:func:`~mitosz_core.is_settled`: outside an interruption or a fight, so the card just
    played has resolved, the fight just begun is decided), the game ends, or ``steps``
    replies are made. Inside them ``me`` replies quietly too."""
    for _ in range(steps):
        if state.is_over or state.to_act is None:
            break
        if state.to_act == me and is_settled(state):
            break
        state = apply(state, quiet_reply(state, rng))
    return state


def scores(
    state: State[Any], me: int, actions: Sequence[Action], rng: random.Random, steps: int
) -> list[float]:
    """The heuristic bot's one-step scores of ``actions`` on ``state`` for ``me``: each
    applied, :func:`settled <settle>` and evaluated from ``me``'s observation, with a
    tiny seeded noise that breaks ties."""
    out = []
    for action in actions:
        after = settle(apply(state, action), me, rng, steps)
        out.append(evaluate(observe(after, me), me) + 1e-6 * rng.random())
    return out


def greedy(state: State[Any], rng: random.Random, steps: int) -> Action:
    """The heuristic bot's choice for the player to act on ``state`` itself (a full
    state, e.g. a determinization): the action of the best :func:`scores`."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    me = state.to_act
    assert me is not None
    values = scores(state, me, actions, rng, steps)
    return actions[values.index(max(values))]


class HeuristicBot:
    """Greedy one-step lookahead on a determinization (see the module)."""

    name = "heuristic"

    def __init__(self, seed: int, *, reply_steps: int = 16) -> None:
        self._rng = random.Random(seed)
        self.reply_steps = reply_steps

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        values = scores(view.sample(self._rng), view.player, actions, self._rng, self.reply_steps)
        return actions[values.index(max(values))]
