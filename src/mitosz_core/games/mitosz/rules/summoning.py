"""Playing cards: the summoning steps (6.2.3.1, 6.2.3.3) and the summoning procedure (6.3).

In a summoning step the active player may place a people (3.2.1), summon leaders, items,
locations and intrigues (6.3, 3.6), play cards without summoning (1.5.3, 3.5), sacrifice
items (3.5) and use maneuvers (chapter 4). Whenever a player has the right to act in a
counter round, they may summon an intrigue (3.6) or play a card without summoning (1.5.3).
A played card goes on the pending stack and opens a counter round (6.3.5); it reaches
the board when it resolves (6.3.6).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.actions import (
    Pass,
    PlacePeople,
    PlayFate,
    PlayWithoutSummoning,
    SacrificeItem,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import SPHERES, CardType
from mitosz_core.games.mitosz.effects.language import Permission
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.board import controller, leader_slot, remove_to_underworld
from mitosz_core.games.mitosz.rules.continuous import extra_people, player_may
from mitosz_core.games.mitosz.rules.counter_round import push
from mitosz_core.games.mitosz.rules.empire import frontier, why_not_place
from mitosz_core.games.mitosz.rules.flow import Step, active_player, fire
from mitosz_core.games.mitosz.rules.high_god import (
    effective_cost,
    linked_to_high_god,
    pay,
    why_not_pay,
)
from mitosz_core.games.mitosz.rules.leaders import (
    plays_without_summoning,
    unique_on_board,
    why_not_target,
)
from mitosz_core.games.mitosz.rules.zones import take_from_hand, to_underworld, update_player
from mitosz_core.games.mitosz.state import (
    CardId,
    LeaderSlot,
    Pending,
    PendingKind,
    PeopleSlot,
)
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.values import replace

SUMMONABLE = (CardType.LEADER, CardType.ITEM, CardType.LOCATION, CardType.INTRIGUE)
"""Card types summoned in one's summoning steps (6.2.3.1, 3.6)."""
ANYTIME = (CardType.INTRIGUE,)
"""Card types summoned whenever the player has the right to act (3.6)."""
FREE: tuple[int, int, int, int] = (0, 0, 0, 0)


# --- candidates ---------------------------------------------------------------------------


def _targets(s: S, player: int, card: CardId) -> tuple[CardId | None, ...]:
    p = s.game.players[player]
    kind = s.game.card(card).type
    if kind is CardType.LOCATION:
        return tuple(slot.card for slot in p.empire)
    if kind is CardType.ITEM:
        if s.game.card(card).cursed:  # 2.4: onto an enemy leader too
            return tuple(slot.card for q in s.game.players for slot in q.leaders)
        return tuple(slot.card for slot in p.leaders)
    return (None,)


def plays(s: S, player: int, anytime_only: bool) -> Iterator[Action]:
    """Every card play worth testing for ``player``; ``anytime_only`` in a counter round."""
    game = s.game
    p = game.players[player]
    cells = None
    for card in p.hand:
        d = game.card(card)
        if d.type is CardType.PEOPLE:
            if not anytime_only and game.peoples_placed < 1 + extra_people(game, player):
                cells = cells if cells is not None else frontier(game, player)
                for x, y in cells:
                    yield PlacePeople(card, x, y)
        elif d.type in (ANYTIME if anytime_only else SUMMONABLE):
            linked = linked_to_high_god(game, player, d)
            for target in _targets(s, player, card):
                yield Summon(card, target)
                if linked:
                    for paid, need in zip(SPHERES, d.cost, strict=True):
                        if need:
                            for instead in SPHERES:
                                if instead is not paid:
                                    yield Summon(card, target, (paid, instead))
        if d.type in (CardType.ITEM, CardType.LEADER, CardType.LOCATION, CardType.INTRIGUE):
            anyway = player_may(game, player, Permission.WITHOUT_SUMMONING, card)
            for target in _targets(s, player, card):
                # a necessary condition of why_not_play, so no legal play is left out
                if anyway or plays_without_summoning(game, card, target):
                    yield PlayWithoutSummoning(card, target)
    if not anytime_only:
        for leader in p.leaders:
            for item in leader.items:
                yield SacrificeItem(item)


def _main_candidates(s: S) -> Iterator[Action]:
    yield Pass()
    yield from plays(s, s.game.active, anytime_only=False)
    yield from maneuvers.candidates(s, s.game.active)


# --- legality -----------------------------------------------------------------------------


def _in_hand(s: S, player: int, card: CardId) -> str | None:
    if card not in s.game.players[player].hand:
        return f"#{card} is not in your hand"
    return None


def summon_cost(s: S, player: int, card: CardId) -> tuple[int, int, int, int]:
    """The printed cost, or nothing for a card summoned free (1.5.3)."""
    if player_may(s.game, player, Permission.SUMMON_FREE, card):
        return FREE
    return s.game.card(card).cost


def why_not_play(s: S, player: int, a: Action, anytime_only: bool) -> str | None:
    """Why ``player`` may not make card play ``a`` now, or ``None``."""
    game = s.game
    if isinstance(a, PlacePeople):
        if anytime_only:
            return "a people is placed only in one's own summoning step (3.2.1)"
        if (reason := _in_hand(s, player, a.card)) is not None:
            return reason
        d = game.card(a.card)
        if d.type is not CardType.PEOPLE:
            return f"{d.name} is a {d.type}, not a people"
        if game.peoples_placed >= 1 + extra_people(game, player):
            return "a people has already been placed this turn (3.2.1)"
        if d.unique and unique_on_board(game, d):
            return f"the unique {d.name} is already on the board (2.3)"
        return why_not_place(game, player, a.card, (a.x, a.y))
    if isinstance(a, Summon):
        if (reason := _in_hand(s, player, a.card)) is not None:
            return reason
        d = game.card(a.card)
        if d.type not in SUMMONABLE:
            return f"a {d.type} is not summoned (6.2.3.1, 6.3.8)"
        if anytime_only and d.type not in ANYTIME:
            return f"a {d.type} is summoned only in one's own summoning step (6.2.3.1)"
        if d.unique and unique_on_board(game, d):
            return f"the unique {d.name} is on the board, so no other can be summoned (2.3)"
        if (reason := why_not_target(game, player, a.card, a.target)) is not None:
            return reason
        if a.substitute is not None and not linked_to_high_god(game, player, d):
            return f"{d.name} has no mythic link to your high god, so no substitution (3.1)"
        cost = effective_cost(summon_cost(s, player, a.card), a.substitute)
        if isinstance(cost, str):
            return cost
        return why_not_pay(game.players[player].spheres, cost)
    if isinstance(a, PlayWithoutSummoning):
        if (reason := _in_hand(s, player, a.card)) is not None:
            return reason
        allowed = plays_without_summoning(game, a.card, a.target) or player_may(
            game, player, Permission.WITHOUT_SUMMONING, a.card
        )
        if not allowed:
            return (
                f"{game.card(a.card).name} cannot be played without summoning here: only an "
                "item linked to the leader it goes onto (3.5), or what an effect allows (1.5.3)"
            )
        return why_not_target(game, player, a.card, a.target)
    if isinstance(a, SacrificeItem):
        if anytime_only:
            return "an item is sacrificed in one's own turn"
        d = game.card(a.card)
        if d.type is not CardType.ITEM or controller(game, a.card) != player:
            return f"#{a.card} is not an item on your side of the board"
        if not any(a.card in slot.items for slot in game.players[player].leaders):
            return f"{d.name} is not attached to one of your leaders (3.5)"
        if d.cursed:
            return f"{d.name} is cursed and cannot be sacrificed (2.4)"
        return None
    return f"{a.kind} is not a card play"


def _why_not_main(s: S, a: Action) -> str | None:
    if isinstance(a, Pass):
        return None
    if isinstance(a, UseManeuver | UseFreeManeuver | PlayFate):
        return maneuvers.why_not(s, s.game.active, a)
    return why_not_play(s, s.game.active, a, anytime_only=False)


# --- performing ---------------------------------------------------------------------------


def perform_play(s: S, player: int, a: Action) -> S:
    """6.3.2-6.3.5: announce, show and pay; the card waits on the stack."""
    game = s.game
    p = game.players[player]
    if isinstance(a, PlacePeople):
        s = update_player(s, player, hand=take_from_hand(p, a.card).hand)
        s = s.evolve(game=replace(s.game, peoples_placed=s.game.peoples_placed + 1))
        return push(s, Pending(0, player, PendingKind.PLAY, card=a.card, cell=(a.x, a.y)))
    if isinstance(a, Summon):
        cost = effective_cost(summon_cost(s, player, a.card), a.substitute)
        assert not isinstance(cost, str)
        hand = take_from_hand(p, a.card).hand
        s = update_player(s, player, hand=hand, spheres=pay(p.spheres, cost))
        return push(s, Pending(0, player, PendingKind.PLAY, card=a.card, target=a.target))
    if isinstance(a, PlayWithoutSummoning):
        s = update_player(s, player, hand=take_from_hand(p, a.card).hand)
        item = Pending(0, player, PendingKind.PLAY, card=a.card, target=a.target, free_play=True)
        return push(s, item)
    if isinstance(a, SacrificeItem):
        return remove_to_underworld(s, a.card)
    raise AssertionError(f"unexpected play {a}")


def _perform_main(s: S, a: Action) -> S:
    if isinstance(a, Pass):
        return fire(s, "pass")
    if isinstance(a, UseManeuver | UseFreeManeuver | PlayFate):
        s, item = maneuvers.perform(s, s.game.active, a)
        return push(s, item)
    return perform_play(s, s.game.active, a)


MAIN = Step(
    accepts=(
        Pass,
        PlacePeople,
        Summon,
        PlayWithoutSummoning,
        SacrificeItem,
        UseManeuver,
        UseFreeManeuver,
        PlayFate,
    ),
    candidates=_main_candidates,
    why_not=_why_not_main,
    perform=_perform_main,
    decider=active_player,
)


# --- resolving a played card (6.3.6) -----------------------------------------------------


def intrigue_limit(s: S) -> int:
    """At most players + 1 intrigues on the board (3.6)."""
    return len(s.game.players) + 1


def resolve_play(s: S, item: Pending) -> S:
    """6.3.6-6.3.8: the card reaches the board. If what it was to be attached to has
    left, or its cell can no longer take it, it goes to the underworld (ruling R-6.3.6).
    An intrigue played at the limit sends every other intrigue to the underworld (3.6)."""
    assert item.card is not None
    game = s.game
    me = item.player
    p = game.players[me]
    kind = game.card(item.card).type
    if kind is CardType.PEOPLE:
        assert item.cell is not None
        if why_not_place(game, me, item.card, item.cell) is None:
            x, y = item.cell
            return update_player(s, me, empire=(*p.empire, PeopleSlot(item.card, x, y)))
    elif kind is CardType.LEADER:
        return update_player(s, me, leaders=(*p.leaders, LeaderSlot(item.card)))
    elif kind is CardType.INTRIGUE:
        others = tuple(c for q in game.players for c in q.intrigues)
        if len(others) >= intrigue_limit(s):
            for i, q in enumerate(game.players):
                if q.intrigues:
                    s = update_player(s, i, intrigues=())
            s = to_underworld(s, others)
        p = s.game.players[me]
        return update_player(s, me, intrigues=(*p.intrigues, item.card))
    elif kind is CardType.LOCATION:
        for slot in p.empire:
            if slot.card == item.target and slot.location is None:
                empire = tuple(
                    replace(e, location=item.card) if e.card == slot.card else e for e in p.empire
                )
                return update_player(s, me, empire=empire)
    elif kind is CardType.ITEM:
        found = leader_slot(game, item.target) if item.target is not None else None
        still_fits = why_not_target(game, me, item.card, item.target) is None
        if found is not None and still_fits:
            side, host = found
            leaders = tuple(
                replace(e, items=(*e.items, item.card)) if e.card == host.card else e
                for e in game.players[side].leaders
            )
            return update_player(s, side, leaders=leaders)
    return to_underworld(s, (item.card,))
