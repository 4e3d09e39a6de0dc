"""The MYTHOS ruleset: the kernel contract wired to the rule modules.

Each machine state is automatic (a function that does its rule and fires the next edge),
a decision (a :class:`~mitosz_core.games.mythos.rules.flow.Step`), or the terminal
``over``. :func:`settle` runs the state checks and automatic states until a decision is
due; ``apply`` never stops anywhere else.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence

from mitosz_core.errors import DeckError
from mitosz_core.games.mythos import observe as observation
from mitosz_core.games.mythos import sample as sampling
from mitosz_core.games.mythos.actions import ACTION_TYPES, Pass
from mitosz_core.games.mythos.actionspace import MythosActionSpace
from mitosz_core.games.mythos.card_ids import CARD_IDS
from mitosz_core.games.mythos.carddata import DECK_SIZE, builtin_decks, builtin_pool, load_pool
from mitosz_core.games.mythos.cards import TAGGED, CardDef
from mitosz_core.games.mythos.describe import describe
from mitosz_core.games.mythos.machine import MACHINE, WINDOWS
from mitosz_core.games.mythos.observation import Observation
from mitosz_core.games.mythos.rules import S, combat, turn, victory
from mitosz_core.games.mythos.rules.checks import state_checks
from mitosz_core.games.mythos.rules.flow import Step, fire
from mitosz_core.games.mythos.rules.setup import initial_state
from mitosz_core.games.mythos.rules.upgrades import PAY
from mitosz_core.games.mythos.state import Game, Row
from mitosz_core.games.mythos.validate import validate_state
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.actionspace import ActionSpace
from mitosz_core.kernel.copies import card_ids, copies_in_hand
from mitosz_core.kernel.state import DeckList, GameConfig, State
from mitosz_core.kernel.steps import StepRuleset

CARD_FIELDS = ("card", "target", "to", "unit", "source", "blocker", "attacker")
"""Action fields that name a card id."""
AUTOMATIC: Mapping[str, Callable[[S], S]] = {
    "turn.start": turn.start_phase,
    "turn.combat.damage": combat.damage_step,
    "turn.end": turn.end_phase,
}
"""Machine states that take no decision."""

STEPS: Mapping[str, Step[Game]] = {
    "turn.draw": turn.DRAW,
    "turn.respond": turn.WINDOW,
    "turn.main": turn.MAIN,
    "turn.pay": PAY,
    "turn.combat.declare": combat.DECLARE,
    "turn.combat.press_attack": turn.PRESS,
    "turn.combat.respond_attack": turn.WINDOW,
    "turn.combat.block": combat.BLOCK,
    "turn.combat.press_block": turn.PRESS,
    "turn.combat.respond_block": turn.WINDOW,
    "turn.combat.order": combat.ORDER,
    "turn.combat.press_order": turn.PRESS,
    "turn.combat.respond_order": turn.WINDOW,
}
"""Machine states where a player decides."""

TERMINAL = frozenset({"over"})


def settle(s: S) -> S:
    """Run state checks and automatic states until a decision is due or the game ends."""
    return RULESET.settle(s)


def census(game: Game) -> Counter[int]:
    """How many times each card id sits in some zone (each must be exactly once)."""
    seen: Counter[int] = Counter()
    for p in game.players:
        seen.update((*p.deck, *p.hand, *p.graveyard))
        for row in Row:
            for slot in p.row(row):
                seen[slot.card] += 1
                if slot.attached is not None:
                    seen[slot.attached] += 1
    return seen


DECISION_LIMIT = 10_000
"""The most decisions a game may take, automatic passes included (ruling R-01.5-length)."""


_ZONES = frozenset({"deck", "hand", "graveyard"})
"""A player's fields that are zones: a card in the hand is in no other."""
_HANDS = frozenset({"hand"})
"""Hands, wherever a copy of one is kept (a snapshot of the board before an event): no
rule reads a hand's order, so a hand names its copies alike."""


class MythosRuleset(StepRuleset[Game]):
    """MYTHOS, the German two-faction card game, for 2 players."""

    automatic = AUTOMATIC
    steps = STEPS
    auto_pass_steps = WINDOWS
    """In an event window (the defender's or, in a fight, the attacker's), pass for a
    player with no event to play (R-04.4-windows)."""
    pass_action = Pass()

    name = "mythos"
    title = "MYTHOS"
    reads_formats = frozenset(("mitosz-core/state/1",))  # MYTHOS states did not change
    observation_type = Observation
    card_fields = frozenset(CARD_FIELDS)
    card_id_fields = CARD_IDS
    machine = MACHINE
    game_type = Game
    action_types = ACTION_TYPES
    id_fields = CARD_FIELDS
    min_players = 2
    max_players = 2

    def __init__(self, pool: Mapping[str, CardDef] | None = None) -> None:
        self._pool = pool

    @property
    def pool(self) -> Mapping[str, CardDef]:
        """The cards decks may name: the built-in factions (loaded on first use) by
        default."""
        return builtin_pool() if self._pool is None else self._pool

    def with_card_sets(self, paths: Sequence[str | os.PathLike[str]]) -> MythosRuleset:
        """This ruleset with the card sets at ``paths`` (card files of the faction file
        format, :mod:`~mitosz_core.games.mythos.carddata`) loaded beside the built-in
        cards; keys are unique across all of them."""
        return MythosRuleset(pool=load_pool(paths))

    def tagged_types(self) -> Mapping[type, Mapping[str, type]]:
        """The effect primitives, held in the cards of the game data."""
        return TAGGED

    def card_pool(self) -> Mapping[str, CardDef]:
        return self.pool

    def builtin_decks(self) -> Mapping[str, DeckList]:
        return builtin_decks()

    def default_decks(self, players: int) -> tuple[DeckList, ...]:
        decks = builtin_decks()
        return (decks["guardians"], decks["chaos"])[:players]

    def check_deck(self, deck: DeckList) -> None:
        """(01.2, R-10-copies) 64 known cards of one faction; unique cards once."""
        problems = self.deck_problems(deck)
        if problems:
            raise problems[0]

    def deck_problems(self, deck: DeckList) -> tuple[DeckError, ...]:
        """Every deck rule (01.2, R-10-copies, 03.5) ``deck`` breaks, and every card it
        names that is not in the pool."""
        pool = self.pool
        problems: list[DeckError] = []
        counts: Counter[str] = Counter()
        for entry in deck.entries:
            if entry.card not in pool:
                problems.append(DeckError(deck.name, f"unknown card {entry.card!r}"))
                continue
            counts[entry.card] += entry.count
        if deck.size() != DECK_SIZE:
            problems.append(
                DeckError(deck.name, f"{deck.size()} cards, a deck has {DECK_SIZE}", "01.2")
            )
        factions = {pool[c].faction for c in counts}
        if len(factions) > 1:
            names = ", ".join(sorted(f.value for f in factions))
            problems.append(
                DeckError(deck.name, f"cards of several factions ({names})", "R-10-copies")
            )
        for card, n in counts.items():
            if pool[card].unique and n > 1:
                problems.append(DeckError(deck.name, f"{n} copies of the unique {card!r}", "03.5"))
        return tuple(problems)

    def setup_again(self, state: State[Game]) -> State[Game]:
        """The game set up again from ``state``'s configuration, with the cards the state
        holds (its decks may name cards of card sets loaded elsewhere)."""
        return MythosRuleset(pool={c.key: c for c in state.game.cards}).setup(state.config)

    def setup(self, config: GameConfig) -> S:
        return self.settle(fire(initial_state(config, self.pool), "begin"))

    def checks(self, state: State[Game]) -> State[Game]:
        return state_checks(state)

    def id_count(self, state: State[Game]) -> int:
        """Card ids index the game's instances."""
        return len(state.game.instances)

    decision_limit = DECISION_LIMIT

    def sample_state(self, state: State[Game], player: int, rng: random.Random) -> State[Game]:
        """Determinization (:mod:`mitosz_core.games.mythos.sample`)."""
        return sampling.sample_state(state, player, rng)

    def action_space(self) -> ActionSpace:
        """The MYTHOS integer action space (:mod:`mitosz_core.games.mythos.actionspace`)."""
        space = self.__dict__.get("_action_space")
        if space is None:
            space = MythosActionSpace(self)
            self.__dict__["_action_space"] = space
        return space

    def stop_at_limit(self, state: State[Game]) -> State[Game]:
        """The game has taken :data:`DECISION_LIMIT` decisions: it ends in a draw
        (ruling R-01.5-length)."""
        return victory.end_game(state, None, "decision-limit")

    def observe(self, state: State[Game], player: int) -> Observation:
        return observation.observe(state, player)

    def interchangeable(
        self, state: State[Game], among: Collection[int] | None = None
    ) -> Mapping[int, int]:
        """Copies of one card (the same printed card and owner) in the deciding player's
        hand that the game names nowhere else. No rule reads the order of a hand, so
        taking one copy or another leads to the same game up to their ids and the
        hand's order."""
        me = state.to_act
        if me is None:
            return {}
        game = state.game

        def referenced() -> set[int]:
            outside = frozenset({"players", "instances", "cards"})
            named = set(card_ids(game, CARD_IDS, skip=outside, ignore=_HANDS))
            for p in game.players:
                named.update(card_ids(p, CARD_IDS, skip=_ZONES))
            return named

        return copies_in_hand(
            game.players[me].hand,
            lambda c: (game.card(c).key, game.owner(c)),
            referenced,
            among,
        )

    def describe(self, state: State[Game], action: Action) -> str:

        return describe(state, action)

    def validate(self, state: State[Game]) -> None:
        """Reject a state that breaks an invariant of the game (:mod:`.validate`): raise
        :class:`~mitosz_core.errors.InvalidStateError` naming the rule and the path."""
        validate_state(state, self, self.pool)


RULESET = MythosRuleset()
