"""The Mítosz ruleset: the kernel contract wired to the rule modules.

Each machine state is either automatic (a function that does its rule and fires the next
edge), a decision (a :class:`~mitosz_core.games.mitosz.rules.flow.Step`), or the
terminal ``over``. :func:`settle` runs automatic states and state-based checks until a
decision is due; ``apply`` never stops anywhere else.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import ClassVar

from mitosz_core.errors import DeckError
from mitosz_core.games.mitosz import observe as observation
from mitosz_core.games.mitosz import sample as sampling
from mitosz_core.games.mitosz.actions import CORE_ACTION_TYPES, Pass
from mitosz_core.games.mitosz.actionspace import MitoszActionSpace
from mitosz_core.games.mitosz.card_ids import CARD_IDS
from mitosz_core.games.mitosz.carddata import builtin_decks as _builtin_decks
from mitosz_core.games.mitosz.carddata import builtin_pool, load_sets
from mitosz_core.games.mitosz.carddata.builtin import builtin_set_paths
from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.describe import describe
from mitosz_core.games.mitosz.effects.language import TAGGED
from mitosz_core.games.mitosz.machine import (
    CLAMP_STEP,
    COMBAT_RESPOND_STEP,
    COUNTER_CHOOSE_STEP,
    COUNTER_OPEN_STEP,
    COUNTER_RESOLVE_STEP,
    COUNTER_RESPOND_STEP,
    COUNTER_RESPOND_STEPS,
    DISCARD_STEP,
    END_EFFECTS_STEP,
    FIGHT_CHOOSE_STEP,
    FINISH_STEP,
    MACHINE,
    PRODUCE_STEP,
    REGAIN_STEP,
    RESPONSE_STEP,
    SUMMONING_HOSTS,
    TURN_BACK_STEP,
    Phase,
    Trigger,
)
from mitosz_core.games.mitosz.observation import Observation
from mitosz_core.games.mitosz.rules import S, counter_round, events, turn, victory
from mitosz_core.games.mitosz.rules.board import board_cards, held_cards
from mitosz_core.games.mitosz.rules.checks import state_checks
from mitosz_core.games.mitosz.rules.fights import battle, duel, outcome, rounds, spoils
from mitosz_core.games.mitosz.rules.flow import Step, fire, is_settled, turn_phase
from mitosz_core.games.mitosz.rules.forced import ORDER_UNDERWORLD, SACRIFICE_LEADER
from mitosz_core.games.mitosz.rules.keywords import KEYWORD_ACTIONS
from mitosz_core.games.mitosz.rules.levels import VICTORY_POWER
from mitosz_core.games.mitosz.rules.setup import initial_state
from mitosz_core.games.mitosz.state import (
    FRAMES,
    MAX_PLAYERS,
    PENDING,
    Frame,
    Game,
    Pending,
    keys_by_player,
    stored,
)
from mitosz_core.games.mitosz.validate import validate_state
from mitosz_core.games.mitosz.wiring import WIRING
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.actionspace import ActionSpace
from mitosz_core.kernel.copies import card_ids, copies_in_hand, field_ids
from mitosz_core.kernel.state import DeckList, GameConfig, State
from mitosz_core.kernel.steps import StepRuleset
from mitosz_core.kernel.values import frozen

ACTION_TYPES: tuple[type[Action], ...] = (*CORE_ACTION_TYPES, *KEYWORD_ACTIONS)
"""Every Mítosz action class: the core rules' (:data:`.actions.CORE_ACTION_TYPES`), then
the keywords' own (:data:`.rules.keywords.KEYWORD_ACTIONS`)."""

CARD_FIELDS = ("card", "user", "target", "rider", "leader", "people")
"""Action fields that name a card id."""
MIN_DECK_FACTOR = 5
"""A deck holds at least 5 x the victory power: 60 cards (1.3.1)."""
MAX_COPIES = 4
"""At most 4 copies of a card in a deck (1.3.1)."""

B = "turn.combat.battle"
D = "turn.combat.duel"

HANDLERS = WIRING.handlers


def _resolve_counter(s: S) -> S:
    return events.resolve_counter(s, WIRING)


def _start_phase(s: S) -> S:
    return turn.start_phase(s, HANDLERS)


def _end_effects(s: S) -> S:
    return outcome.end_effects(s, HANDLERS)


def _end_effects_phase(s: S) -> S:
    return turn.end_effects_phase(s, HANDLERS)


AUTOMATIC: Mapping[str, Callable[[S], S]] = {
    COUNTER_OPEN_STEP: counter_round.open_round,
    COUNTER_RESOLVE_STEP: _resolve_counter,
    "turn.start": _start_phase,
    "turn.draw": turn.draw_phase,
    f"{B}.end_effects": _end_effects,
    f"{B}.cleanup": outcome.cleanup,
    f"{D}.result": outcome.duel_result,
    f"{D}.end_effects": _end_effects,
    f"{D}.cleanup": outcome.cleanup,
    CLAMP_STEP: turn.clamp_phase,
    PRODUCE_STEP: turn.produce_phase,
    END_EFFECTS_STEP: _end_effects_phase,
    FINISH_STEP: turn.finish_phase,
}
"""Machine states that take no decision; the counter round's resolve step and the
moments when timed effects take hold (6.2.1.3, 6.2.4.5, 7.4.12) read :data:`WIRING`."""

STEPS: Mapping[str, Step[Game]] = {
    **dict.fromkeys(SUMMONING_HOSTS, events.MAIN),
    COUNTER_RESPOND_STEP: counter_round.respond_step(WIRING),
    COMBAT_RESPOND_STEP: rounds.respond_step(WIRING),  # 7.2.1: the fight's limits apply
    COUNTER_CHOOSE_STEP: counter_round.choose_step(WIRING),
    FIGHT_CHOOSE_STEP: rounds.choose_step(WIRING),  # 7.2.5.2: and fear's payment
    "turn.combat.declare": events.DECLARE,
    f"{B}.target": battle.TARGET,
    f"{B}.commander": battle.COMMANDER,
    f"{B}.defender": battle.DEFENDER,
    f"{B}.attacker_comrade": battle.ATTACKER_COMRADE,
    f"{B}.defender_comrade": battle.DEFENDER_COMRADE,
    f"{B}.attacker_second": battle.ATTACKER_SECOND,
    f"{B}.defender_second": battle.DEFENDER_SECOND,
    f"{B}.rounds": rounds.ROUNDS,
    f"{B}.troop_mode": rounds.TROOP_MODE,
    f"{B}.result": outcome.RESULT,
    f"{B}.spoils": spoils.SPOILS,
    f"{B}.monsters": spoils.MONSTERS,
    f"{D}.challenger": duel.CHALLENGER,
    f"{D}.challenged": duel.CHALLENGED,
    f"{D}.rounds": rounds.ROUNDS,
    DISCARD_STEP: turn.DISCARD,
    REGAIN_STEP: turn.REGAIN,
    TURN_BACK_STEP: turn.TURN_BACK,
    RESPONSE_STEP: events.RESPONSE,
    "forced.sacrifice_leader": SACRIFICE_LEADER,
    "forced.underworld_order": ORDER_UNDERWORLD,
}
"""Machine states where a player decides; the counter round's steps answer through
:data:`WIRING` (:mod:`.wiring`)."""

AUTO_PASS_STEPS = frozenset((*COUNTER_RESPOND_STEPS, RESPONSE_STEP, f"{B}.rounds", f"{D}.rounds"))
"""Counter rounds, responses and combat rounds: a player whose only legal action is to
pass there passes automatically."""

TERMINAL = frozenset({"over"})


def settle(s: S) -> S:
    """Run state-based checks and automatic states until a decision is due."""
    return RULESET.settle(s)


def census(game: Game) -> Counter[int]:
    """How many times each card id sits in some zone (each must be exactly once)."""
    seen: Counter[int] = Counter()
    for i, p in enumerate(game.players):
        seen.update((*p.deck, *p.hand, *p.underworld, *p.oblivion))
        seen.update(board_cards(game, i))
    seen.update(held_cards(game))  # 5.15: leaders attached to cards, out of the rows
    for item in game.stack:
        if item.card is not None:
            seen[item.card] += 1
    seen.update(game.lingering)
    for batch in game.limbo:
        seen.update(batch.cards)
    return seen


DECISION_LIMIT = 10_000
"""The most decisions a game may take, automatic passes included (ruling R-1.3.4-length)."""


_ZONES = frozenset({"deck", "hand", "underworld", "oblivion"})
"""A player's fields that are zones: a card in the hand is in no other."""
_HANDS = frozenset({"hand"})
"""Hands, wherever a copy of one is kept (a snapshot of the board before an event): no
rule reads a hand's order, so a hand names its copies alike."""
_NAMING_FIELDS = tuple(
    f.name
    for f in dataclasses.fields(Game)
    if not f.name.startswith("_") and f.name not in {"players", "instances", "cards"}
)
"""The fields of a game that may name a card in a hand (besides the players' own)."""
_NAMING_KEYS = tuple((name, ("named ids", name)) for name in _NAMING_FIELDS)
"""Each of :data:`_NAMING_FIELDS` with the key of its view of the card ids it names."""
_PLAYER_NAMING_KEYS = keys_by_player("named ids of player")


def _named_in_field(name: str, value: object) -> Callable[[], frozenset[int]]:
    return lambda: field_ids(Game, name, value, CARD_IDS, ignore=_HANDS)


def _named_by_player(player: object) -> Callable[[], frozenset[int]]:
    return lambda: frozen(card_ids(player, CARD_IDS, skip=_ZONES))


class MitoszRuleset(StepRuleset[Game]):
    """Mítosz 1.1.2, for 2 to 4 players."""

    automatic = AUTOMATIC
    steps = STEPS
    auto_pass_steps = AUTO_PASS_STEPS
    pass_action = Pass()

    name = "mitosz"
    title = "Mítosz 1.1.2"
    format_changes: ClassVar[dict[str, str]] = {
        "mitosz-core/state/1": "a people's location and the building on its region, and a "
        "row leader's items, mount and troops, are attached to their host in "
        "board.attachments, no longer fields of its empire slot or leader slot"
    }
    observation_type = Observation
    card_fields = frozenset((*CARD_FIELDS, "pay_with"))
    card_id_fields = CARD_IDS
    machine = MACHINE
    game_type = Game
    action_types = ACTION_TYPES
    id_fields = CARD_FIELDS
    min_players = 2
    max_players = MAX_PLAYERS

    def __init__(self, pool: Mapping[str, CardDef] | None = None) -> None:
        self._pool = pool

    @property
    def pool(self) -> Mapping[str, CardDef]:
        """The cards decks may name: the built-in sets (loaded on first use) by default."""
        return builtin_pool() if self._pool is None else self._pool

    def with_card_sets(self, paths: Sequence[str | os.PathLike[str]]) -> MitoszRuleset:
        """This ruleset with the card sets at ``paths`` loaded beside the built-in sets
        (checked together: keys, serial numbers and links across all of them)."""

        return MitoszRuleset(pool=load_sets([*builtin_set_paths(), *paths]))

    def tagged_types(self) -> Mapping[type, Mapping[str, type]]:
        """The effect language's tagged unions, the frames and the pending items, held in
        the game data."""
        return {**TAGGED, Frame: FRAMES, Pending: PENDING}

    def builtin_decks(self) -> Mapping[str, DeckList]:
        return _builtin_decks()

    def default_decks(self, players: int) -> tuple[DeckList, ...]:
        return tuple(_builtin_decks().values())[:players]

    def card_pool(self) -> Mapping[str, CardDef]:
        return self.pool

    def check_deck(self, deck: DeckList) -> None:
        """1.3.1: at least 60 cards, at most 4 of each card, exactly one high god."""
        problems = self.deck_problems(deck)
        if problems:
            raise problems[0]

    def deck_problems(self, deck: DeckList) -> tuple[DeckError, ...]:
        """Every rule of 1.3.1 that ``deck`` breaks, and every card it names that is
        not in the pool."""
        problems: list[DeckError] = []
        counts: Counter[str] = Counter()
        for entry in deck.entries:
            if entry.card not in self.pool:
                problems.append(DeckError(deck.name, f"unknown card {entry.card!r}"))
                continue
            counts[entry.card] += entry.count
        for card, n in counts.items():
            if n > MAX_COPIES:
                problems.append(
                    DeckError(deck.name, f"{n} copies of {card!r}, at most {MAX_COPIES}", "1.3.1")
                )
        gods = sum(n for c, n in counts.items() if self.pool[c].type is CardType.HIGH_GOD)
        if gods != 1:
            problems.append(
                DeckError(deck.name, f"{gods} high gods, exactly one is needed", "1.3.1")
            )
        minimum = MIN_DECK_FACTOR * VICTORY_POWER
        if deck.size() < minimum:
            problems.append(
                DeckError(deck.name, f"{deck.size()} cards, at least {minimum}", "1.3.1")
            )
        return tuple(problems)

    def setup_again(self, state: State[Game]) -> State[Game]:
        """The game set up again from ``state``'s configuration, with the cards the state
        holds (its decks may name cards of card sets loaded elsewhere)."""
        return MitoszRuleset(pool={c.key: c for c in state.game.cards}).setup(state.config)

    def setup(self, config: GameConfig) -> S:
        return self.settle(fire(initial_state(config, self.pool), Trigger.BEGIN))

    def checks(self, state: State[Game]) -> State[Game]:
        return state_checks(state)

    def id_count(self, state: State[Game]) -> int:
        """Card ids index the game's instances."""
        return len(state.game.instances)

    decision_limit = DECISION_LIMIT

    def sample_state(self, state: State[Game], player: int, rng: random.Random) -> State[Game]:
        """Determinization (:mod:`mitosz_core.games.mitosz.sample`)."""
        return sampling.sample_state(state, player, rng, self.resting)

    def action_space(self) -> ActionSpace:
        """The Mítosz integer action space (:mod:`mitosz_core.games.mitosz.actionspace`)."""
        space = self.__dict__.get("_action_space")
        if space is None:
            space = MitoszActionSpace(self)
            self.__dict__["_action_space"] = space
        return space

    def stop_at_limit(self, state: State[Game]) -> State[Game]:
        """The game has taken :data:`DECISION_LIMIT` decisions: it ends in a draw
        (ruling R-1.3.4-length)."""
        return victory.end_game(state, None, "decision-limit")

    def observe(self, state: State[Game], player: int) -> Observation:
        return observation.observe(state, player)

    def is_settled(self, state: State[Game]) -> bool:
        """No counter round, response or forced choice, and no step of a fight
        (:func:`~mitosz_core.games.mitosz.rules.flow.is_settled`)."""
        return is_settled(state)

    def turn_phase(self, state: State[Game]) -> Phase:
        """The phase of the turn (6.2), through any interruption."""
        return turn_phase(state)

    def interchangeable(
        self, state: State[Game], among: Collection[int] | None = None
    ) -> Mapping[int, int]:
        """Copies of one card (the same printed card and owner) in the deciding player's
        hand that the game names nowhere else. No rule reads the order of a hand (a
        peek draws from it sorted by printed card and id, 4.2.3), so taking one copy
        or another leads to the same game up to their ids and the hand's order."""
        me = state.to_act
        if me is None:
            return {}
        game = state.game

        def referenced() -> set[int]:
            named: set[int] = set()
            for name, key in _NAMING_KEYS:
                value = getattr(game, name)
                named.update(
                    stored(
                        game,
                        key,
                        (value,),
                        _named_in_field(name, value),
                    )
                )
            for i, p in enumerate(game.players):
                named.update(
                    stored(
                        game,
                        _PLAYER_NAMING_KEYS[i],
                        (p,),
                        _named_by_player(p),
                    )
                )
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


RULESET = MitoszRuleset()
