"""The summoning steps of the turn (6.2.3.1, 6.2.3.3) and the summoning procedure (6.3).

In a summoning step the active player may place one people (3.2.1), summon leaders,
items and locations (6.3), play cards without summoning (1.5.3, 3.5) and sacrifice items
(3.5). Playing a card opens a counter round (6.3.5, 6.4.1) before it reaches the board
(6.3.6); the maneuvers issue adds the responses, this module keeps the round itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from mitosz_core.kernel.action import Action
from mitosz_core.rulesets.mitosz.actions import (
    Pass,
    PlacePeople,
    PlayWithoutSummoning,
    SacrificeItem,
    Summon,
)
from mitosz_core.rulesets.mitosz.cards import SPHERES, CardType
from mitosz_core.rulesets.mitosz.rules import S
from mitosz_core.rulesets.mitosz.rules.board import controller, remove_to_underworld
from mitosz_core.rulesets.mitosz.rules.empire import frontier, why_not_place
from mitosz_core.rulesets.mitosz.rules.flow import Step, active_player, fire
from mitosz_core.rulesets.mitosz.rules.high_god import (
    effective_cost,
    linked_to_high_god,
    pay,
    why_not_pay,
)
from mitosz_core.rulesets.mitosz.rules.leaders import (
    plays_without_summoning,
    unique_on_board,
    why_not_target,
)
from mitosz_core.rulesets.mitosz.rules.zones import take_from_hand, to_underworld, update_player
from mitosz_core.rulesets.mitosz.state import (
    CardId,
    CounterRound,
    LeaderSlot,
    PendingSummon,
    PeopleSlot,
)

SUMMONABLE = (CardType.LEADER, CardType.ITEM, CardType.LOCATION)
"""Card types summoned in the summoning steps only (6.2.3.1)."""


# candidates ----------------------------------------------------------------------------


def _targets(s: S, card: CardId) -> tuple[CardId | None, ...]:
    game = s.game
    p = game.players[game.active]
    kind = game.card(card).type
    if kind is CardType.LOCATION:
        return tuple(slot.card for slot in p.empire)
    if kind is CardType.ITEM:
        return tuple(slot.card for slot in p.leaders)
    return (None,)


def _main_candidates(s: S) -> Iterator[Action]:
    game = s.game
    me = game.active
    p = game.players[me]
    yield Pass()
    cells = None
    for card in p.hand:
        d = game.card(card)
        if d.type is CardType.PEOPLE:
            if not game.people_placed:
                cells = cells if cells is not None else frontier(game, me)
                for x, y in cells:
                    yield PlacePeople(card, x, y)
        elif d.type in SUMMONABLE:
            linked = linked_to_high_god(game, me, d)
            for target in _targets(s, card):
                yield Summon(card, target)
                if linked:
                    for paid, need in zip(SPHERES, d.cost, strict=True):
                        if need:
                            for instead in SPHERES:
                                if instead is not paid:
                                    yield Summon(card, target, (paid, instead))
                if d.type is CardType.ITEM:
                    yield PlayWithoutSummoning(card, target)
    for leader in p.leaders:
        for item in leader.items:
            yield SacrificeItem(item)


# legality ------------------------------------------------------------------------------


def _in_hand(s: S, card: CardId) -> str | None:
    if card not in s.game.players[s.game.active].hand:
        return f"#{card} is not in your hand"
    return None


def _why_not_main(s: S, a: Action) -> str | None:
    game = s.game
    me = game.active
    if isinstance(a, Pass):
        return None
    if isinstance(a, PlacePeople):
        if (reason := _in_hand(s, a.card)) is not None:
            return reason
        d = game.card(a.card)
        if d.type is not CardType.PEOPLE:
            return f"{d.name} is a {d.type}, not a people"
        if game.people_placed:
            return "a people has already been placed this turn (3.2.1)"
        if d.unique and unique_on_board(game, d):
            return f"the unique {d.name} is already on the board (2.3)"
        return why_not_place(game, me, a.card, (a.x, a.y))
    if isinstance(a, Summon):
        if (reason := _in_hand(s, a.card)) is not None:
            return reason
        d = game.card(a.card)
        if d.type not in SUMMONABLE:
            return f"a {d.type} is not summoned in the summoning step (6.2.3.1, 6.3.8)"
        if d.unique and unique_on_board(game, d):
            return f"the unique {d.name} is on the board, so no other can be summoned (2.3)"
        if (reason := why_not_target(game, me, a.card, a.target)) is not None:
            return reason
        if a.substitute is not None and not linked_to_high_god(game, me, d):
            return f"{d.name} has no mythic link to your high god, so no substitution (3.1)"
        cost = effective_cost(d.cost, a.substitute)
        if isinstance(cost, str):
            return cost
        return why_not_pay(game.players[me].spheres, cost)
    if isinstance(a, PlayWithoutSummoning):
        if (reason := _in_hand(s, a.card)) is not None:
            return reason
        if not plays_without_summoning(game, a.card, a.target):
            return (
                f"{game.card(a.card).name} cannot be played without summoning here: only an "
                "item linked to the leader it goes onto (3.5)"
            )
        return why_not_target(game, me, a.card, a.target)
    if isinstance(a, SacrificeItem):
        d = game.card(a.card)
        if d.type is not CardType.ITEM or controller(game, a.card) != me:
            return f"#{a.card} is not an item on your side of the board"
        if not any(a.card in slot.items for slot in game.players[me].leaders):
            return f"{d.name} is not attached to one of your leaders (3.5)"
        if d.cursed:
            return f"{d.name} is cursed and cannot be sacrificed (2.4)"
        return None
    return f"{a.kind} is not possible in a summoning step"


# performing ----------------------------------------------------------------------------


def _open_counter_round(s: S, pending: PendingSummon) -> S:
    """6.3.3-6.3.5: the card has left the hand; a counter round opens, the summoner
    (the affected player) deciding first (6.4.1)."""
    game = replace(s.game, pending=pending, counter=CounterRound(first=pending.player))
    return fire(s.evolve(game=game), "summon")


def _perform_main(s: S, a: Action) -> S:
    game = s.game
    me = game.active
    p = game.players[me]
    if isinstance(a, Pass):
        return fire(s, "pass")
    if isinstance(a, PlacePeople):
        s = update_player(s, me, hand=take_from_hand(p, a.card).hand)
        s = s.evolve(game=replace(s.game, people_placed=True))
        return _open_counter_round(s, PendingSummon(me, a.card, cell=(a.x, a.y)))
    if isinstance(a, Summon):
        cost = effective_cost(game.card(a.card).cost, a.substitute)
        assert not isinstance(cost, str)
        s = update_player(s, me, hand=take_from_hand(p, a.card).hand, spheres=pay(p.spheres, cost))
        return _open_counter_round(s, PendingSummon(me, a.card, target=a.target))
    if isinstance(a, PlayWithoutSummoning):
        s = update_player(s, me, hand=take_from_hand(p, a.card).hand)
        return _open_counter_round(s, PendingSummon(me, a.card, target=a.target, free_play=True))
    if isinstance(a, SacrificeItem):
        return remove_to_underworld(s, a.card)
    raise AssertionError(f"unexpected action {a}")


MAIN = Step(
    accepts=(Pass, PlacePeople, Summon, PlayWithoutSummoning, SacrificeItem),
    candidates=_main_candidates,
    why_not=_why_not_main,
    perform=_perform_main,
    decider=active_player,
)


# the counter round of a summoning (6.3.5, 6.4.1) -----------------------------------------


def counter_decider(s: S) -> int:
    """Players decide in turn order starting with the affected player (6.4.1)."""
    counter = s.game.counter
    assert counter is not None
    order = s.game.order
    return order[(order.index(counter.first) + counter.passed) % len(order)]


def _counter_candidates(s: S) -> Iterable[Action]:
    return (Pass(),)


def _counter_why_not(s: S, a: Action) -> str | None:
    return None if isinstance(a, Pass) else f"{a.kind} is not a response in a counter round"


def _counter_pass(s: S, a: Action) -> S:
    counter = s.game.counter
    assert counter is not None
    passed = counter.passed + 1
    if passed < len(s.game.players):
        return s.evolve(game=replace(s.game, counter=replace(counter, passed=passed)))
    return fire(resolve_pending(s.evolve(game=replace(s.game, counter=None))), "resolved")


def resolve_pending(s: S) -> S:
    """6.3.6-6.3.8: the card reaches the board. If what it was to be attached to has
    left, or its cell can no longer take it, it goes to the underworld (ruling R-6.3.6)."""
    pending = s.game.pending
    assert pending is not None
    s = s.evolve(game=replace(s.game, pending=None))
    game = s.game
    me = pending.player
    p = game.players[me]
    kind = game.card(pending.card).type
    if kind is CardType.PEOPLE:
        assert pending.cell is not None
        if why_not_place(game, me, pending.card, pending.cell) is None:
            x, y = pending.cell
            return update_player(s, me, empire=(*p.empire, PeopleSlot(pending.card, x, y)))
    elif kind is CardType.LEADER:
        return update_player(s, me, leaders=(*p.leaders, LeaderSlot(pending.card)))
    elif kind is CardType.LOCATION:
        for slot in p.empire:
            if slot.card == pending.target and slot.location is None:
                empire = tuple(
                    replace(e, location=pending.card) if e.card == slot.card else e
                    for e in p.empire
                )
                return update_player(s, me, empire=empire)
    elif kind is CardType.ITEM:
        for leader in p.leaders:
            if leader.card == pending.target:
                leaders = tuple(
                    replace(e, items=(*e.items, pending.card)) if e.card == leader.card else e
                    for e in p.leaders
                )
                return update_player(s, me, leaders=leaders)
    return to_underworld(s, (pending.card,))


COUNTER = Step(
    accepts=(Pass,),
    candidates=_counter_candidates,
    why_not=_counter_why_not,
    perform=_counter_pass,
    decider=counter_decider,
)
