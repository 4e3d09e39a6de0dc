"""MYTHOS games as a Hypothesis state machine: every invariant after every step.

The machine starts games (either seating of the factions, with or without automatic
passes), plays them by drawing indices into ``mitosz_core.legal_actions``, fast-forwards
with random play, and starts a new game when one ends. It checks after every step: life
and aura within their bounds, the slot limits and slot pairs, conservation of cards,
determinism and purity, the JSON round trip, the replay, and that no player sees the
opponent's hand or any deck's order; and the referee's invariants at every decision
(:mod:`tests.properties.referee`).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import event, note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import mitosz_core as mc
import mitosz_core.games.mythos
from mitosz_core.games.mythos.actions import Pass
from mitosz_core.games.mythos.engine import RULESET, census
from mitosz_core.games.mythos.machine import MACHINE
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.effects import STARTING_LIFE
from mitosz_core.games.mythos.state import Game
from mitosz_core.kernel.action import Action
from tests.properties import reach
from tests.properties.referee import Referee

REPLAY_EVERY = 10
SAMPLE = 3
JSON_EVERY = 8
"""States between two JSON round trips (and one at the end of every game): loading a
state replays its history, so a round trip costs a replay of the game so far."""


def owned_keys(game: Game) -> list[Counter[str]]:
    """Per owner, the multiset of card keys over every zone."""
    out: list[Counter[str]] = [Counter(), Counter()]
    for card, n in census(game).items():
        out[game.owner(card)][game.card(card).key] += n
    return out


def check_state(s: S, start_keys: list[Counter[str]]) -> None:
    """Every invariant of a state (the shared validator, which ``State.from_json`` and
    the position builder use too: life, aura, rows, slot pairs, owners, one place per
    card, the fight, the payment, the result, a legal action), and conservation: each
    owner keeps the cards it started with."""
    RULESET.validate(s)
    if s.is_over:
        assert mc.legal_actions(s) == ()
    assert owned_keys(game=s.game) == start_keys


def hidden_variant(s: S, q: int, rng: random.Random) -> S | None:
    """``s`` with cards of ``q``'s hand exchanged with cards of ``q``'s deck."""
    p = s.game.players[q]
    k = min(len(p.hand), len(p.deck))
    if k == 0:
        return None
    m = rng.randint(1, k)
    hand, deck = list(p.hand), list(p.deck)
    for h, d in zip(rng.sample(range(len(hand)), m), rng.sample(range(len(deck)), m), strict=True):
        hand[h], deck[d] = deck[d], hand[h]
    rng.shuffle(deck)
    player = dataclasses.replace(p, hand=tuple(hand), deck=tuple(deck))
    return s.evolve(game=s.game.with_player(q, player))


class MythosMachine(RuleBasedStateMachine):
    """Plays random MYTHOS games and checks every invariant after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.state: S
        self.start_keys: list[Counter[str]] = []
        self.referee: Referee
        self.rules_run = 0
        self.checks_run = 0
        self.replayed_end = False

    def _start(self, seed: int, swap: bool, auto_pass: bool) -> None:
        decks = ["chaos", "guardians"] if swap else ["guardians", "chaos"]
        note(f"new game: seed {seed}, decks {decks}, auto_pass {auto_pass}")
        self.state = mc.new_game("mythos", decks=decks, seed=seed, auto_pass=auto_pass)
        self.start_keys = owned_keys(self.state.game)
        self.referee = Referee.watch(self.state).enforced()
        self.replayed_end = False
        if reach.enabled():  # every game starts in the machine's initial state (01)
            reach.record((MACHINE.initial, self.state.phase), game=reach.MYTHOS)
        for p in self.state.game.players:  # 01.1, 01.3
            assert p.life == STARTING_LIFE and len(p.hand) == 6
        check_state(self.state, self.start_keys)

    @initialize(seed=st.integers(0, 2**40), swap=st.booleans(), auto_pass=st.booleans())
    def begin(self, seed: int, swap: bool, auto_pass: bool) -> None:
        self._start(seed, swap, auto_pass)

    @precondition(lambda self: self.state.is_over)
    @rule(seed=st.integers(0, 2**40), swap=st.booleans(), auto_pass=st.booleans())
    def restart(self, seed: int, swap: bool, auto_pass: bool) -> None:
        before = self.state.to_json()
        with pytest.raises(mc.IllegalActionError, match="game is over"):
            mc.apply(self.state, Pass())
        assert self.state.to_json() == before
        event(f"game ended: {self.state.game.ending}")
        self._start(seed, swap, auto_pass)

    def _advance(self, action: Action, pure: bool = False) -> None:
        before = self.state.to_json() if pure else ""
        new = mc.apply(self.state, action)
        if reach.enabled():  # every state between two decisions, for the reach report
            traced, phases = reach.traced(RULESET, self.state, action)
            assert traced == new, "stepping through apply does not reach what apply does"
            reach.record(phases, action, game=reach.MYTHOS)
        if pure:
            assert self.state.to_json() == before, "apply changed its input"
        check_state(new, self.start_keys)
        self.referee.assert_ok(self.state, action, new)
        self.state = new

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        legal = mc.legal_actions(self.state)
        self._advance(legal[data.draw(st.integers(0, len(legal) - 1), label="index")], pure=True)

    @precondition(lambda self: not self.state.is_over)
    @rule(steps=st.integers(1, 40), seed=st.integers(0, 2**32))
    def fast_forward(self, steps: int, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(steps):
            if self.state.is_over:
                break
            self._advance(rng.choice(mc.legal_actions(self.state)))

    @invariant()
    def determinism_and_purity(self) -> None:
        s = self.state
        text = s.to_json()
        self.checks_run += 1
        # loading replays the whole history (State.from_json): every few states, and at
        # the end of every game
        back = s
        if s.is_over or self.checks_run % JSON_EVERY == 0:
            back = mc.State.from_json(text)
            assert back == s and back.to_json() == text
        legal = mc.legal_actions(s)
        if not legal:
            return
        rng = random.Random(len(s.history))
        for i, action in enumerate(rng.sample(list(legal), min(SAMPLE, len(legal)))):
            after = mc.apply(s, action)
            if i == 0:
                assert mc.apply(s, action) == after
                assert mc.apply(back, action) == after
        assert s.to_json() == text

    @invariant()
    def hidden_hand(self) -> None:
        s = self.state
        rng = random.Random(len(s.history) + 7)
        for q in (0, 1):
            hidden = hidden_variant(s, q, rng)
            if hidden is None:
                continue
            p = 1 - q
            assert mc.observe(hidden, p) == mc.observe(s, p), f"player {p} sees {q}'s cards"
            if s.to_act == p:
                assert mc.legal_actions(hidden) == mc.legal_actions(s)

    @invariant()
    def replays(self) -> None:
        s = self.state
        self.rules_run += 1
        due = self.rules_run % REPLAY_EVERY == 0
        if s.is_over and not self.replayed_end:
            self.replayed_end = due = True
        if due:
            config = s.config
            rebuilt = mc.replay(
                "mythos",
                decks=config.decks,
                seed=config.seed,
                actions=s.history,
                auto_pass=config.auto_pass,
            )
            assert rebuilt == s


TestMythosMachine = pytest.mark.rule(
    "01.1", "01.4", "02.1", "02.6", "02.7", "03.4", "03.5", "07.2", "11.5", "06.4.3"
)(MythosMachine.TestCase)


@pytest.mark.skipif(not reach.enabled(), reason="the reach report is off (deep profile)")
def test_reach_sweep() -> None:
    """A floor under the reach report, the same in every run: MYTHOS games from fixed
    seeds, played at random through ``apply`` (every step between two decisions
    recorded) with the state invariants after every decision."""
    for game in range(30):
        rng = random.Random(game)
        decks = ["chaos", "guardians"] if game % 2 else ["guardians", "chaos"]
        s = mc.new_game("mythos", decks=decks, seed=game, auto_pass=rng.random() < 0.5)
        keys = owned_keys(s.game)
        reach.record((MACHINE.initial, s.phase), game=reach.MYTHOS)
        for _ in range(400):
            if s.is_over:
                break
            action = rng.choice(mc.legal_actions(s))
            new, phases = reach.traced(RULESET, s, action)
            assert new == mc.apply(s, action)
            reach.record(phases, action, game=reach.MYTHOS)
            check_state(new, keys)
            s = new
