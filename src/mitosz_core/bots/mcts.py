"""The search bot: single-observer information-set Monte Carlo tree search (IS-MCTS,
Cowling, Powley and Whitehouse 2012).

The tree is over the bot's information set, not over one state. Each playout samples a
determinization from the bot's view (``PlayerView.sample``,
so no hidden card is read), walks the tree by UCT among the children whose action is
legal in that sample (counting how often each was *available*, as IS-MCTS does), adds
one new child, plays on with the quiet replies of :mod:`mitosz_core.bots.heuristic` until
the position is settled for the bot (its own decision again, outside a counter round,
event window or fight; at most :attr:`MCTSBot.rollout_steps` replies), and scores it
with :func:`~mitosz_core.bots.evaluate.evaluate` squashed to (-1, 1), as the heuristic
bot scores its lookahead. Every node keeps the
mean value for the player who chose its action. The bot plays the root action visited
most.

The budget is a number of playouts (:attr:`MCTSBot.playouts`) or, with ``seconds``, a
time per decision (then the play depends on the machine's speed; the playout budget
does not). The bot's generator is seeded, so with a playout budget its play is
reproducible.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from mitosz_core.bots.evaluate import evaluate
from mitosz_core.bots.heuristic import settle
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import apply, legal_actions, observe
from mitosz_core.kernel.state import State
from mitosz_core.kernel.view import PlayerView

SCALE = 8.0
"""The evaluation is squashed by ``tanh(value / SCALE)``."""


@dataclass(eq=False)
class _Node:
    player: int | None
    """Who chose the action leading here (``None`` at the root)."""
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[Action, _Node] = field(default_factory=dict)

    def ucb(self, c: float) -> float:
        return self.total / self.visits + c * math.sqrt(
            math.log(max(self.available, 1)) / self.visits
        )


class MCTSBot:
    """IS-MCTS with UCT (see the module): ``playouts`` per decision, or ``seconds``."""

    name = "mcts"

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = 48,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_steps: int = 16,
    ) -> None:
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_steps = rollout_steps

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        root = _Node(None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if deadline is None:
                if done >= self.playouts:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            self._playout(root, view.sample(self._rng), view.player)
            done += 1
        legal = set(actions)
        visited = [
            (n.visits, n.total / max(n.visits, 1), a)
            for a, n in root.children.items()
            if a in legal
        ]
        if not visited:
            return self._rng.choice(actions)
        return max(visited, key=lambda t: (t[0], t[1]))[2]

    def _playout(self, root: _Node, state: State[Any], me: int) -> None:
        path = [root]
        node = root
        # selection: walk down while every action legal here has been tried
        while not state.is_over and state.to_act is not None:
            actions = legal_actions(state)
            untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = self._rng.choice(untried)
                child = _Node(state.to_act)
                node.children[action] = child
                child.available = 1
                state = apply(state, action)
                path.append(child)
                break
            action, child = max(
                ((a, node.children[a]) for a in actions),
                key=lambda pair: pair[1].ucb(self.exploration),
            )
            state = apply(state, action)
            path.append(child)
            node = child
        # rollout: quiet replies until the position is settled, then the evaluation
        state = settle(state, me, self._rng, self.rollout_steps)
        values: dict[int, float] = {}
        for n in path[1:]:
            assert n.player is not None
            if n.player not in values:
                values[n.player] = math.tanh(evaluate(observe(state, n.player), n.player) / SCALE)
            n.visits += 1
            n.total += values[n.player]
        root.visits += 1
