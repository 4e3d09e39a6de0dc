"""The search bot: single-observer information-set Monte Carlo tree search (IS-MCTS,
Cowling, Powley and Whitehouse 2012) over the bot's own turn.

The tree is over the bot's information set, not over one state, and over the bot's own
decisions: each edge is one of its actions followed by the *quiet replies* of
:mod:`mitosz_core.bots.heuristic` until the position is settled for it (its own
decision again outside a counter round, event window or fight). The tree ends with the
bot's turn: an edge that ends the turn (or the game) is a leaf, scored after the other
players' quiet replies, as the heuristic bot scores such an action. So the search plans
the sequence of the bot's decisions in its turn, which the heuristic bot chooses one at a
time, and averages each plan over many determinizations where the heuristic bot sees
one.

Each playout samples a determinization from the bot's view (``PlayerView.sample``, so no
hidden card is read), walks the tree by UCT among the children whose action is legal in
that sample (counting how often each was *available*, as IS-MCTS does), expands one new
child, and scores the position it reaches with
:func:`~mitosz_core.bots.evaluate.evaluate` (a won game counts :data:`WIN_VALUE`, a
lost one minus that). The first playouts expand every root action once, each on its own
determinization, so the search starts from what the heuristic bot knows; the exploration
constant is in the evaluation's units (about one power point, or one life). Every node
keeps the mean value of the playouts through it; the bot plays the root action with the
best mean among those visited most (within :attr:`MCTSBot.margin` of the most visits).

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

WIN_VALUE = 40.0
"""What a won game counts in the search's means (a lost one minus that): far above any
position short of the end, small enough that one sampled win does not swamp the mean."""


@dataclass(eq=False)
class _Node:
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[Action, _Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits

    def ucb(self, c: float) -> float:
        return self.mean + c * math.sqrt(math.log(max(self.available, 1)) / self.visits)


class MCTSBot:
    """IS-MCTS with UCT over the bot's own turn (see the module): ``playouts`` per
    decision, or ``seconds``."""

    name = "mcts"

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = 48,
        seconds: float | None = None,
        exploration: float = 1.0,
        rollout_steps: int = 16,
        margin: float = 0.8,
    ) -> None:
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_steps = rollout_steps
        self.margin = margin

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        stats = self.search(view)
        if not stats:
            return self._rng.choice(actions)
        most = max(visits for visits, _ in stats.values())
        return max(
            ((a, s) for a, s in stats.items() if s[0] >= self.margin * most),
            key=lambda pair: (pair[1][1], pair[1][0]),
        )[0]

    def search(self, view: PlayerView) -> dict[Action, tuple[int, float]]:
        """Run the search of one decision: for each legal action of ``view`` that it
        visited, the number of playouts through it and their mean value."""
        root = _Node()
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
        legal = set(view.legal_actions)
        return {a: (n.visits, n.mean) for a, n in root.children.items() if a in legal and n.visits}

    def _value(self, state: State[Any], me: int) -> float:
        value = evaluate(observe(state, me), me)
        return max(-WIN_VALUE, min(WIN_VALUE, value))

    def _playout(self, root: _Node, state: State[Any], me: int) -> None:
        turn = state.turn
        path = [root]
        node = root
        while True:
            actions = legal_actions(state)
            untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = self._rng.choice(untried)
                child = _Node(available=1)
                node.children[action] = child
                expanded = True
            else:
                action, child = max(
                    ((a, node.children[a]) for a in actions),
                    key=lambda pair: pair[1].ucb(self.exploration),
                )
                expanded = False
            state = settle(apply(state, action), me, self._rng, self.rollout_steps)
            path.append(child)
            node = child
            if (
                expanded
                or state.is_over
                or state.to_act != me
                or state.turn != turn
                or not legal_actions(state)
            ):
                break
        value = self._value(state, me)
        for n in path:
            n.visits += 1
            n.total += value
