"""Maneuvers in the counter round (4.6.4-4.6.7): a use answers as a response, and a used
maneuver resolves off the pending stack: its conditions (4.2.3), its effect with the
maneuver's level (4.2.5, 5.8), the sacrifice of its user.

This module exports both (:data:`SOURCE`, :data:`RESOLVES`) for the wiring to hand to
:mod:`.counter_round`, which knows no maneuver.
"""

from __future__ import annotations

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.actions import MANEUVER_ACTIONS, ManeuverAction
from mitosz_core.games.mitosz.effects.language import (
    ChangeLevel,
    Duration,
    Maneuver,
    Peek,
    Reveal,
    Sacrifice,
    Timing,
    User,
)
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.counter_round import push
from mitosz_core.games.mitosz.rules.hooks import Resolves, ResponseSource
from mitosz_core.games.mitosz.rules.keywords import KEYWORDS
from mitosz_core.games.mitosz.rules.levels import maneuver_level
from mitosz_core.games.mitosz.rules.zones import to_underworld, update_player
from mitosz_core.games.mitosz.state import ManeuverPending, Todo
from mitosz_core.kernel.values import replace


def _use(s: S, player: int, a: ManeuverAction) -> S:
    s, item = maneuvers.perform(s, player, a)
    return push(s, item)


def _resolve_maneuver(s: S, item: ManeuverPending) -> S:
    """4.6.5-4.6.7: conditions, the effect (with the maneuver's level), the sacrifice."""
    game = s.game
    m = maneuvers.maneuver_of(game, item)
    if item.keyword_card is not None:  # a keyword's card attached by the use, or used on its host
        s, found, m = _keyword_resolution(s, item, m)
        if found is None:
            return s
        item, game = found, s.game
    if item.neutralized:
        if item.card is not None:  # a free maneuver or fate goes to the underworld
            return to_underworld(s, (item.card,))
        assert item.user is not None
        return s.evolve(game=game.with_turn(blocked=(*game.blocked, (item.user, item.maneuver))))
    s, holds = _conditions(s, item)
    source = item.user if item.user is not None else item.card
    base = Todo(m.effect, item.player, source, item.target, item.target_pending, item.card)
    todos: list[Todo] = []
    if holds:
        repeats = item.times if m.per is not None else 1
        for effect in maneuvers.effects_of(m, item.steps):
            todos.extend(replace(base, effect=effect) for _ in range(repeats))
        given = maneuver_level(s.game, item.player, m.level, item.card, item.user)  # 5.8
        if given and item.user is not None:
            # 4.2.5: until the end of the combat phase if used in a fight (4.2.1: a
            # combat maneuver's whole effect), else until the next turn starts
            fought = s.game.fight is not None or m.timing is Timing.COMBAT
            duration = Duration.COMBAT if fought else Duration.TURN
            todos.append(replace(base, effect=ChangeLevel(User(), given, duration)))
    if m.sacrifices_user and item.user is not None:
        todos.append(replace(base, effect=Sacrifice(User())))
    game = s.game
    if item.card is not None and m.counter and maneuvers.is_fate(game, item):
        # 3.7: a counter fate goes to the underworld right after use, whatever rounds it
        # names, and its effect ends: it makes no lasting effect
        s = s.evolve(game=replace(game, todo=(*todos, *game.todo)))
        return to_underworld(s, (item.card,))
    lingering = game.lingering if item.card is None else (*game.lingering, item.card)
    return s.evolve(game=replace(game, todo=(*todos, *game.todo), lingering=lingering))


def _keyword_resolution(
    s: S, item: ManeuverPending, m: Maneuver
) -> tuple[S, ManeuverPending | None, Maneuver]:
    """A resolving use that concerns a keyword's card goes on as that keyword declares
    (:attr:`~.keywords.keyword.Keyword.resolve_use`; 8.rune)."""
    assert item.keyword_card is not None
    d = s.game.card(item.keyword_card)
    for keyword in KEYWORDS:
        if keyword.resolve_use is not None and d.has_subtype(keyword.subtype):
            return keyword.resolve_use(s, item, m)
    raise MachineError(f"pending use {item.id} concerns {d.name}, but no keyword resolves it")


def _conditions(s: S, item: ManeuverPending) -> tuple[S, bool]:
    """4.2.3: reveal the top card of an enemy deck (it goes to the bottom), or peek at a
    random card of an enemy hand; with nothing to look at, the effect fails."""
    m = maneuvers.maneuver_of(s.game, item)
    enemy = _enemy(s, item)
    for condition in m.conditions:
        if isinstance(condition, Reveal):
            deck = s.game.players[enemy].deck
            if not deck:
                return s, False
            top = deck[0]
            s = update_player(s, enemy, deck=(*deck[1:], top))
            s = s.evolve(game=replace(s.game, revealed=(top,)))
            if condition.test is not None and not condition.test.holds(
                s.game.card(top).card_number
            ):
                return s, False
        elif isinstance(condition, Peek):
            hand = s.game.players[enemy].hand
            if not hand:
                return s, False
            index, rng = s.rng.below(len(hand))
            # drawn from the hand in a fixed order (printed card, id), never the order of
            # the hand, which no rule reads: so copies of one card are interchangeable
            card = sorted(hand, key=lambda c: (s.game.card(c).key, c))[index]
            s = s.evolve(rng=rng, game=replace(s.game, peeked=(item.player, card)))
            if condition.test is not None and not condition.test.holds(
                s.game.card(card).card_number
            ):
                return s, False
    return s, True


def _enemy(s: S, item: ManeuverPending) -> int:
    """The enemy whose deck or hand a condition looks at: the target's player if that is
    an enemy, else the next opponent in turn order (ruling R-4.2.3-enemy)."""
    if item.target is not None:
        side = controller(s.game, item.target)
        if side is not None and side != item.player:
            return side
    order = s.game.order
    return order[(order.index(item.player) + 1) % len(order)]


SOURCE: ResponseSource[ManeuverAction] = ResponseSource(
    1, MANEUVER_ACTIONS, maneuvers.candidates, maneuvers.why_not, _use, maneuvers.holds_counter
)
"""A maneuver use answers in a counter round (4.6.4, 6.4.1)."""

RESOLVES = Resolves(ManeuverPending, _resolve_maneuver)
"""A used maneuver resolves off the pending stack (4.6.5-4.6.7)."""
