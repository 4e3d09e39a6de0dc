"""The search bot: information-set Monte Carlo tree search (IS-MCTS, Cowling, Powley and
Whitehouse 2012) with UCT at the root, the heuristic bot's scores as a prior and its
choices as the playout policy.

The tree is one level over the bot's information set: its children are some of the
bot's legal actions (which are the same in every determinization).

- **Prior and widening**: the heuristic bot's one-step scores
  (:func:`~mitosz_core.bots.heuristic.scores`) on a first determinization order the
  legal actions; only the best :attr:`MCTSBot.candidates` of them, and of those only
  the ones within :attr:`MCTSBot.spread` of the best score, become children (the others
  are what the heuristic bot would not play either). With fewer than two children, or
  in a position that is not settled (an interruption, that is a counter round, an event
  window or a forced choice, or a Mítosz fight under way: :func:`~mitosz_core.is_settled`),
  or in a turn phase the ruleset does not search (:attr:`MCTSBot.searched`, by default
  :data:`SEARCHED`: for Mítosz only the summoning phases and the declaration of a fight
  are searched), the decision is not searched: the bot plays the prior's best, as the
  heuristic bot would, and spends no playouts. A single legal action is played at once.
- **Playouts**: each playout samples a determinization from the bot's view
  (``PlayerView.sample``, so no hidden card is read), picks a child by UCB1 (every child
  once first, in the prior's order), applies its action and plays on, as far as
  :attr:`MCTSBot.turns` says (by default :data:`TURNS` for the ruleset): with 2, through
  the rest of the bot's turn and the opponents' turns until the bot decides again in
  its next turn outside an interruption, so the playout sees the counterattack the
  one-step lookahead of the heuristic bot misses (the MYTHOS default); with 1, to the
  end of the bot's turn, so the playout sees what the rest of the turn makes of the
  action, the opponent's next battle standing in the value as its threat (the Mítosz
  default, see below); with 0, only the quiet replies after the action (the heuristic
  bot's horizon). Every player's decisions in a playout are the heuristic
  bot's choice on the sampled state (:func:`~mitosz_core.bots.heuristic.greedy`), the
  quiet reply in an interruption; at most :attr:`MCTSBot.max_steps` of them.
- **Value**: the position the playout reaches, scored by
  :func:`~mitosz_core.bots.evaluate.evaluate` from the bot's observation (a won game
  counts :data:`WIN_VALUE`, a lost one minus that), less, for Mítosz in a playout that
  stops before the opponent's turn (``turns`` below 2), the threat of the opponent's
  next attack it stops short of (:func:`~mitosz_core.bots.evaluate.mitosz_threat`,
  weighted by :attr:`MCTSBot.threat`, by default :data:`THREAT`: the power the bot may
  expect to lose in the opponent's next battle, from open roads, its unturned leaders
  and the opponent's); the
  exploration constant is in the evaluation's units (about one power point, or one
  life). The bot plays the child with the best mean among those visited most (within
  :attr:`MCTSBot.margin` of the most visits).

The budget is a number of playouts (:attr:`MCTSBot.playouts`; by default
:data:`PLAYOUTS` for the ruleset) or, with ``seconds``, a time per decision (then the
play depends on the machine's speed; the playout budget does not). The bot's generator
is seeded, so with a playout budget its play is reproducible.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from mitosz_core.bots.evaluate import JsonDict, evaluate, mitosz_threat
from mitosz_core.bots.heuristic import greedy, quiet_reply, scores, settle
from mitosz_core.games.mitosz.machine import Phase
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.api import apply, is_settled, observe, turn_phase
from mitosz_core.kernel.state import State
from mitosz_core.kernel.view import PlayerView

WIN_VALUE = 40.0
"""What a won game counts in the search's means (a lost one minus that): far above any
position short of the end, small enough that one sampled win does not swamp the mean."""


TURNS = {"mitosz": 1, "mythos": 2}
"""How far a playout goes by default, per ruleset (:attr:`MCTSBot.turns`): 2, to the
bot's next decision in its next turn; 1, to the end of its turn; 0, only the quiet
replies after the action (the heuristic bot's horizon). Measured in processor time on
early positions of the current engine: a MYTHOS playout to the next turn costs about
20 ms; a Mítosz one about 90 ms, and about 30 ms to the end of the bot's turn. MYTHOS
playouts go to the bot's next turn and see the counterattack played. Mítosz playouts
stop at the end of the bot's turn and count the opponent's next battle as its threat
(:data:`THREAT`): at 8 playouts a searched decision a game of the search match costs
about 5 s of processor time for both bots against about 10 s with playouts to the next
turn, and in the 400-game match it won more (see ``docs/play.rst``)."""

PLAYOUTS = {"mitosz": 8, "mythos": 11}
"""The playouts a searched decision gets by default, per ruleset (:attr:`MCTSBot.playouts`;
:data:`DEFAULT_PLAYOUTS` for a ruleset not named here). Both were 8 when speed round 3
began; each is 8 times the speed-up of random playouts of the pure build since then, as
the benchmark suite measured it at the round's end (``docs/performance.rst``), rounded
down, so that a decision costs about the processor time it did."""
DEFAULT_PLAYOUTS = 8
"""The playouts a searched decision of a ruleset that :data:`PLAYOUTS` does not name gets."""

THREAT = {"mitosz": 1.0}
"""The weight of the threat of the opponent's next attack in a playout's value, per
ruleset (:attr:`MCTSBot.threat`; a ruleset not named here has none), counted only in a
playout that stops before the opponent's turn (``turns`` below 2, the Mítosz default).
Such a Mítosz playout ends where the opponent's turn begins, before its battle; the
value subtracts :func:`~mitosz_core.bots.evaluate.mitosz_threat`, the power the bot may
expect to lose in that battle (a people left with an open road to a stronger unturned
leader, the leaders that could have defended it turned), so the search weighs an attack
or a summons against the counterattack it invites. A playout to the bot's next turn
sees that battle played instead."""


def _mitosz_threat(state: State[Any], obs: JsonDict, me: int) -> float:
    """The Mítosz threat to ``me`` on ``state``, the printed powers of the board cards
    (face up) read from the card definitions."""
    game = state.game
    return mitosz_threat(obs, me, lambda card: int(game.card(card).power))


_THREATS = {"mitosz": _mitosz_threat}


SEARCHED: dict[str, frozenset[str]] = {
    "mitosz": frozenset({Phase.SUMMONING_1, Phase.COMBAT, Phase.SUMMONING_2})
}
"""The decisions searched by default, per ruleset (:attr:`MCTSBot.searched`), as the turn
phases (:func:`~mitosz_core.turn_phase`) whose settled decisions are searched; a ruleset
not named here has every decision searched. For Mítosz those are the summoning phases
(what to summon, play or place) and the declaration of a fight (the combat phase's only
settled decision), where the game is won; the rest (regaining sphere points,
discarding at the end of the turn, ...) is played as the prior's best, as the heuristic
bot would play it, and costs no playouts."""


@dataclass(eq=False)
class _Child:
    action: Action
    prior: float
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits

    def ucb(self, c: float, playouts: int) -> float:
        return self.mean + c * math.sqrt(math.log(max(playouts, 1)) / self.visits)


class MCTSBot:
    """IS-MCTS with UCT at the root and heuristic playouts (see the module).

    ``playouts`` a decision (``None``: ``PLAYOUTS`` of the module for the ruleset),
    or ``seconds`` a decision; ``exploration`` is the UCB1
    constant; ``candidates`` the most root actions searched, ``spread`` how far below
    the prior's best score one may be and still be searched; ``turns`` how far a playout
    goes (2: to the bot's next turn, 1: to the end of its turn, 0: the quiet replies;
    ``None``: ``TURNS`` of the module for the ruleset), ``max_steps`` the most decisions in one;
    ``reply_steps`` the quiet replies the heuristic scoring makes; ``margin`` which of
    the most visited actions may be played; ``searched`` the turn phases whose settled
    decisions are searched (``None``: ``SEARCHED`` of the module for the ruleset, every
    decision for a ruleset not named there; empty: none); ``threat`` the
    weight of the threat of the opponent's next attack in a playout's value (``None``:
    ``THREAT`` of the module for the ruleset; 0: none)."""

    name = "mcts"

    def __init__(
        self,
        seed: int,
        *,
        playouts: int | None = None,
        seconds: float | None = None,
        exploration: float = 1.0,
        candidates: int = 3,
        spread: float = 2.0,
        reply_steps: int = 16,
        turns: int | None = None,
        max_steps: int = 200,
        margin: float = 0.8,
        searched: Collection[str] | None = None,
        threat: float | None = None,
    ) -> None:
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.exploration = exploration
        self.candidates = candidates
        self.spread = spread
        self.reply_steps = reply_steps
        self.turns = turns
        self.max_steps = max_steps
        self.margin = margin
        self.searched = searched
        self.threat = threat

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        stats = self.search(view)
        most = max(visits for visits, _ in stats.values())
        return max(
            ((a, s) for a, s in stats.items() if s[0] >= self.margin * most),
            key=lambda pair: (pair[1][1], pair[1][0]),
        )[0]

    def budget(self, ruleset: str) -> int:
        """The playouts a searched decision of ``ruleset`` gets (without ``seconds``)."""
        if self.playouts is not None:
            return self.playouts
        return PLAYOUTS.get(ruleset, DEFAULT_PLAYOUTS)

    def search(self, view: PlayerView) -> dict[Action, tuple[int, float]]:
        """Run the search of one decision: for each child of the root (the actions the
        prior keeps), the number of playouts through it and their mean value; a
        decision left to the prior gives its best action with no playouts and its
        prior score."""
        me = view.player
        actions = view.legal_actions
        first = view.sample(self._rng)
        prior = scores(first, me, actions, self._rng, self.reply_steps)
        order = sorted(range(len(actions)), key=lambda i: -prior[i])
        best = prior[order[0]]
        kept = [i for i in order[: self.candidates] if prior[i] >= best - self.spread]
        searched = SEARCHED.get(first.ruleset) if self.searched is None else self.searched
        if (
            len(kept) < 2
            or not is_settled(first)
            or (searched is not None and turn_phase(first) not in searched)
        ):
            return {actions[order[0]]: (0, best)}
        children = [_Child(actions[i], prior[i]) for i in kept]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        budget = self.budget(first.ruleset)
        done = 0
        while True:
            if deadline is None:
                if done >= budget:
                    break
            elif done >= len(children) and time.perf_counter() >= deadline:
                break
            state = first if done == 0 else view.sample(self._rng)
            if done < len(children):
                child = children[done]
            else:
                child = max(children, key=lambda c: c.ucb(self.exploration, done))
            child.visits += 1
            child.total += self.playout(state, child.action, me)[1]
            done += 1
        return {c.action: (c.visits, c.mean) for c in children if c.visits}

    def playout(self, state: State[Any], action: Action, me: int) -> tuple[State[Any], float]:
        """One playout of ``action`` on the determinization ``state``: heuristic play by
        every player until ``me`` decides again in its next turn (see the module); the
        position it reaches and its value for ``me``."""
        start = state.turn
        turns = self._turns(state)
        state = apply(state, action)
        if turns == 0:
            state = settle(state, me, self._rng, self.reply_steps)
        for _ in range(self.max_steps if turns else 0):
            if state.is_over or state.to_act is None:
                break
            if state.turn != start and (
                turns == 1
                or (state.to_act == me and is_settled(state) and observe(state, me)["active"] == me)
            ):
                break
            if not is_settled(state):
                action = quiet_reply(state, self._rng)
            else:
                action = greedy(state, self._rng, self.reply_steps)
            state = apply(state, action)
        return state, self.value(state, me)

    def _turns(self, state: State[Any]) -> int:
        return TURNS.get(state.ruleset, 2) if self.turns is None else self.turns

    def value(self, state: State[Any], me: int) -> float:
        """The value for ``me`` of the position a playout reaches (see the module): the
        evaluation of ``me``'s observation, less the weighted threat of the opponent's
        next attack (Mítosz), within plus or minus ``WIN_VALUE`` (of this module)."""
        obs = observe(state, me)
        value = evaluate(obs, me)
        weight = THREAT.get(state.ruleset, 0.0) if self.threat is None else self.threat
        if weight and self._turns(state) < 2 and not state.is_over and state.ruleset in _THREATS:
            value -= weight * _THREATS[state.ruleset](state, obs, me)
        return max(-WIN_VALUE, min(WIN_VALUE, value))
