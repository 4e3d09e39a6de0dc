"""Trigger types (*Trigger-Typen*, 09) and the interpreter of the effect primitives.

There is no stack (11.1): an effect happens at once, in full, when its trigger fires.

- on-enter (09.2) fires when the card is played (or re-enters play, 09.9);
- activated (09.3) is used by a unit on the battlefield, which stays there;
- on-exit (09.4) fires when the unit dies; it is then in the graveyard;
- conditional (09.5) and cycle (09.7) fire from cards that are ready (R-02.8.1): a
  unit or an artifact's carrier on the battlefield, a place, a magic card, an attached
  upgrade;
- passive (09.6) effects are states, read by :mod:`.stats`;
- one-shot (09.8) is an event's effect.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import assert_never

from mitosz_core.games.mythos.cards import (
    AuraCap,
    Bonus,
    Buff,
    CardType,
    Damage,
    Destroy,
    Draw,
    Duration,
    Effect,
    GainAura,
    Heal,
    Revive,
    Sacrifice,
    Target,
    Trigger,
    TriggerType,
    When,
)
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.aura import gain
from mitosz_core.games.mythos.rules.flow import other
from mitosz_core.games.mythos.rules.hand import draw
from mitosz_core.games.mythos.rules.zones import (
    add_slot,
    change_slot,
    free,
    in_play,
    remove_slot,
    slot_of,
    to_graveyard,
    unit_ids,
    update_player,
)
from mitosz_core.games.mythos.state import CardId, Game, Row, Slot

STARTING_LIFE = 20
"""01.1; a player is never healed above it (R-01.1-cap)."""


@dataclass(frozen=True, slots=True)
class Context:
    """Who resolves an effect: the controller, the source card, the unit that ``SELF``
    means (the unit itself, or an artifact's carrier) and the chosen target."""

    controller: int
    source: CardId | None = None
    host: CardId | None = None
    target: CardId | None = None


def unit_targets(game: Game, ctx: Context, target: Target) -> tuple[CardId, ...]:
    """The units an effect with ``target`` reaches now (units in play only)."""
    if target is Target.SELF:
        return (ctx.host,) if ctx.host is not None and in_play(game, ctx.host) else ()
    if target in (Target.ENEMY_UNIT, Target.OWN_UNIT):
        return (ctx.target,) if ctx.target is not None and in_play(game, ctx.target) else ()
    if target is Target.ALL_ENEMY_UNITS:
        return unit_ids(game, other(ctx.controller))
    if target is Target.ALL_OWN_UNITS:
        return unit_ids(game, ctx.controller)
    return ()


def _player_of(ctx: Context, target: Target) -> int | None:
    if target is Target.YOU:
        return ctx.controller
    if target is Target.OPPONENT:
        return other(ctx.controller)
    return None


def resolve(s: S, ctx: Context, effects: tuple[Effect, ...]) -> S:
    """Resolve ``effects`` in order, each at once (11.1)."""
    for effect in effects:
        s = resolve_effect(s, ctx, effect)
    return s


def resolve_effect(s: S, ctx: Context, effect: Effect) -> S:
    """The one interpreter of the effect primitives."""
    match effect:
        case Damage(target=target, amount=amount):
            who = _player_of(ctx, target)
            if who is not None:
                return update_player(s, who, life=s.game.players[who].life - amount)
            for unit in unit_targets(s.game, ctx, target):
                slot = slot_of(s.game, unit)
                assert slot is not None
                s = change_slot(s, unit, damage=slot.damage + amount)
            return s
        case Heal(target=target, amount=amount):
            who = _player_of(ctx, target)
            if who is not None:
                life = s.game.players[who].life
                return update_player(s, who, life=max(life, min(STARTING_LIFE, life + amount)))
            for unit in unit_targets(s.game, ctx, target):
                slot = slot_of(s.game, unit)
                assert slot is not None
                s = change_slot(s, unit, damage=max(0, slot.damage - amount))
            return s
        case Draw(amount=amount):
            return draw(s, ctx.controller, amount)
        case GainAura(amount=amount):
            return gain(s, ctx.controller, amount)
        case Buff(target=target, attack=atk, life=life, duration=duration):
            for unit in unit_targets(s.game, ctx, target):
                slot = slot_of(s.game, unit)
                assert slot is not None
                if duration is Duration.PERMANENT:
                    s = change_slot(
                        s, unit, attack_mod=slot.attack_mod + atk, life_mod=slot.life_mod + life
                    )
                else:
                    s = change_slot(
                        s, unit, temp_attack=slot.temp_attack + atk, temp_life=slot.temp_life + life
                    )
            return s
        case Destroy(target=target):
            for unit in unit_targets(s.game, ctx, target):
                s = kill(s, unit)
            return s
        case Sacrifice():
            for unit in unit_targets(s.game, ctx, Target.OWN_UNIT):
                s = kill(s, unit)
            return s
        case Revive():
            return revive(s, ctx.controller)
        case Bonus() | AuraCap():
            return s  # passive: a state, read by stats (09.6)
        case _:
            assert_never(effect)


# entering, dying, reviving -------------------------------------------------------------


def on_enter(s: S, card: CardId) -> S:
    """(09.2) the on-enter effects of a card that was just put into play."""
    d = s.game.card(card)
    host = card if d.type is CardType.UNIT else None
    ctx = Context(s.game.owner(card), card, host)
    for t in d.triggers_of(TriggerType.ON_ENTER):
        s = resolve(s, ctx, t.effects)
    return s


def kill(s: S, unit: CardId) -> S:
    """(06.4.3, 09.4) ``unit`` dies: it and its artifact go to the graveyard (the unit
    last), then its on-exit effects and the conditional triggers on deaths fire."""
    if not in_play(s.game, unit):
        return s
    owner = s.game.owner(unit)
    s, slot = remove_slot(s, unit)
    dead = (slot.attached, unit) if slot.attached is not None else (unit,)
    s = to_graveyard(s, owner, dead)
    ctx = Context(owner, unit, None)
    for t in s.game.card(unit).triggers_of(TriggerType.ON_EXIT):
        s = resolve(s, ctx, t.effects)
    s = conditional(s, owner, When.OWN_UNIT_DIES)
    return conditional(s, other(owner), When.ENEMY_UNIT_DIES)


def revive(s: S, player: int) -> S:
    """Return the unit put into ``player``'s graveyard last to the infirmary, fresh
    (09.9): a new slot, so no damage, markers or boosts; its on-enter effects fire."""
    p = s.game.players[player]
    found = next((c for c in reversed(p.graveyard) if s.game.card(c).type is CardType.UNIT), None)
    if found is None or free(s.game, player, Row.INFIRMARY) == 0:
        return s
    s = update_player(s, player, graveyard=tuple(c for c in p.graveyard if c != found))
    s = add_slot(s, player, Row.INFIRMARY, Slot(found))
    return on_enter(s, found)


# automatic triggers ---------------------------------------------------------------------


def ready_sources(game: Game, player: int) -> Iterator[tuple[CardId, CardId | None]]:
    """``(card, host unit)`` for each card of ``player`` whose cycle and conditional
    triggers work now (R-02.8.1): units and their artifacts on the battlefield, places,
    magic and attached upgrades in the sanctuary."""
    p = game.players[player]
    for slot in p.battlefield:
        yield slot.card, slot.card
        if slot.attached is not None:
            yield slot.attached, slot.card
    for slot in p.sanctuary:
        if game.card(slot.card).type is not CardType.UPGRADE:
            yield slot.card, None
            if slot.attached is not None:
                yield slot.attached, None


def _fire_all(s: S, player: int, kind: TriggerType, when: When, host: CardId | None = None) -> S:
    found: list[tuple[CardId, CardId | None, Trigger]] = [
        (card, h, t)
        for card, h in ready_sources(s.game, player)
        if host is None or h == host
        for t in s.game.card(card).triggers_of(kind)
        if t.when is when
    ]
    for card, h, t in found:
        if in_play(s.game, card):
            s = resolve(s, Context(player, card, h), t.effects)
    return s


def conditional(s: S, player: int, when: When, host: CardId | None = None) -> S:
    """(09.5) fire ``player``'s conditional triggers for ``when`` (for ``ATTACKS``, only
    those of the attacking unit ``host`` and its artifact)."""
    return _fire_all(s, player, TriggerType.CONDITIONAL, when, host)


def cycle(s: S, player: int, when: When) -> S:
    """(09.7) fire ``player``'s start- or end-of-turn effects, automatically."""
    return _fire_all(s, player, TriggerType.CYCLE, when)
