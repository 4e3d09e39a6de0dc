"""Playing cards and using activated abilities (04.3, 09.3, 09.8).

A card costs its aura (11.5, 11.6: as many cards as the aura allows) and goes where the
table of 02.8 says, if that row has a free slot; an event takes no slot, resolves at once
and goes to the graveyard (02.8.6, 09.8). A chosen target (an event's or an activated
ability's unit) must be a unit in play when the card is played or the ability used.
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mythos.actions import Activate, Play
from mitosz_core.games.mythos.cards import CardType, Sacrifice, Target, Trigger, When
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.aura import pay, why_not_afford
from mitosz_core.games.mythos.rules.effects import Context, conditional, on_enter, resolve
from mitosz_core.games.mythos.rules.flow import other
from mitosz_core.games.mythos.rules.zones import (
    HOME,
    add_slot,
    free,
    take_from_hand,
    to_graveyard,
    unit_ids,
    update_player,
)
from mitosz_core.games.mythos.state import CardId, Slot
from mitosz_core.kernel.action import Action

# chosen targets ---------------------------------------------------------------------------


def target_options(
    s: S, player: int, trigger: Trigger | None, host: CardId | None = None
) -> tuple[CardId | None, ...]:
    """The legal chosen targets of ``trigger``, or ``(None,)`` if it chooses none."""
    kind = None if trigger is None else trigger.chosen
    if kind is None or trigger is None:
        return (None,)
    if kind is Target.ENEMY_UNIT:
        return unit_ids(s.game, other(player))
    ids = unit_ids(s.game, player)
    if host is not None and any(isinstance(e, Sacrifice) for e in trigger.effects):
        ids = tuple(u for u in ids if u != host)  # "another of your units"
    return ids


def why_not_target(
    s: S, player: int, trigger: Trigger | None, target: CardId | None, host: CardId | None = None
) -> str | None:
    options = target_options(s, player, trigger, host)
    if options == (None,):
        return None if target is None else "this needs no target"
    if target is None:
        if not options:
            return "there is no unit it could be used on"
        return "choose a unit as its target"
    if target not in options:
        assert trigger is not None
        whose = "an enemy" if trigger.chosen is Target.ENEMY_UNIT else "one of your"
        return f"#{target} is not {whose} unit in play"
    return None


# playing a card ---------------------------------------------------------------------------


def play_candidates(s: S, player: int, events_only: bool = False) -> Iterator[Action]:
    game = s.game
    for card in game.players[player].hand:
        d = game.card(card)
        if events_only and d.type is not CardType.EVENT:
            continue
        for target in target_options(s, player, d.one_shot):
            yield Play(card, target)


def why_not_play(s: S, player: int, a: Play, events_only: bool = False) -> str | None:
    game = s.game
    if a.card not in game.players[player].hand:
        return f"#{a.card} is not in your hand"
    d = game.card(a.card)
    if events_only and d.type is not CardType.EVENT:
        return f"{d.name_en} is a {d.type.value}; only events are played now (04.4, 09.8)"
    if (reason := why_not_afford(s, player, d.cost)) is not None:
        return reason
    home = HOME[d.type]
    if home is not None and free(game, player, home) == 0:
        return f"your {home.value} has no free slot (02.1)"
    return why_not_target(s, player, d.one_shot, a.target)


def perform_play(s: S, player: int, a: Play) -> S:
    """Pay, then put the card in its row and fire its on-enter effects (09.2), or resolve
    the event and put it in the graveyard (09.8)."""
    d = s.game.card(a.card)
    s = pay(take_from_hand(s, player, a.card), player, d.cost)
    home = HOME[d.type]
    if home is None:
        s = to_graveyard(s, player, (a.card,))
        trigger = d.one_shot
        assert trigger is not None
        s = resolve(s, Context(player, a.card, None, a.target), trigger.effects)
        return conditional(s, player, When.EVENT_PLAYED)
    s = add_slot(s, player, home, Slot(a.card))
    return on_enter(s, a.card)


# activated abilities (09.3) -----------------------------------------------------------------


def activation_sources(s: S, player: int) -> Iterator[tuple[CardId, CardId]]:
    """``(source, host)``: units on the battlefield with an activated ability, and
    artifacts with one attached to a unit on the battlefield."""
    game = s.game
    for slot in game.players[player].battlefield:
        if game.card(slot.card).activated is not None:
            yield slot.card, slot.card
        if slot.attached is not None and game.card(slot.attached).activated is not None:
            yield slot.attached, slot.card


def activate_candidates(s: S, player: int) -> Iterator[Action]:
    for source, host in activation_sources(s, player):
        trigger = s.game.card(source).activated
        for target in target_options(s, player, trigger, host):
            yield Activate(source, target)


def why_not_activate(s: S, player: int, a: Activate) -> str | None:
    hosts = dict(activation_sources(s, player))
    if a.source not in hosts:
        return (
            f"#{a.source} is not a unit of yours on the battlefield with an activated ability, "
            "nor an artifact on one (09.3)"
        )
    trigger = s.game.card(a.source).activated
    assert trigger is not None
    if (reason := why_not_afford(s, player, trigger.cost.aura)) is not None:
        return reason
    life = s.game.players[player].life
    if trigger.cost.life and life <= trigger.cost.life:
        return f"it costs {trigger.cost.life} life and you have {life} (R-08-life)"
    return why_not_target(s, player, trigger, a.target, hosts[a.source])


def perform_activate(s: S, player: int, a: Activate) -> S:
    hosts = dict(activation_sources(s, player))
    trigger = s.game.card(a.source).activated
    assert trigger is not None
    s = pay(s, player, trigger.cost.aura)
    if trigger.cost.life:
        s = update_player(s, player, life=s.game.players[player].life - trigger.cost.life)
    return resolve(s, Context(player, a.source, hosts[a.source], a.target), trigger.effects)
