"""Tools to arrange MYTHOS scenarios from the built-in factions.

``arrange`` takes a player's cards by key out of their deck (or hand) and puts them where
a scenario needs them, so every card still sits in exactly one zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import mitosz_core as mc
import mitosz_core.games.mythos
from mitosz_core.games.mythos.engine import RULESET, settle
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.state import CardId, Game, Player, Slot
from mitosz_core.kernel.action import Action, Decision

GUARDIANS, CHAOS = 0, 1
"""Seats in :func:`start`: player 0 plays the Guardians, player 1 Chaos."""

SlotSpec = str | tuple[str, dict[str, Any]]
"""A slot: a card key, or a key with slot fields (``attached`` may name a card key)."""


def new(seed: int = 1, decks: Sequence[str] = ("guardians", "chaos"), **kw: Any) -> S:
    state: S = mc.new_game("mythos", decks=list(decks), seed=seed, **kw)
    return state


def start(
    active: int = GUARDIANS, round_: int = 1, phase: str = "turn.main", seed: int = 1, **kw: Any
) -> S:
    """A game in ``phase`` of ``active``'s turn in round ``round_`` (nothing arranged)."""
    s = new(seed, **kw)
    game = replace(s.game, active=active, first=active, round=round_)
    return s.evolve(game=game, phase=phase, to_act=active)


def ids(s: S, key: str, owner: int) -> list[CardId]:
    """Every card id of ``key`` owned by ``owner``."""
    game = s.game
    return [
        i
        for i, inst in enumerate(game.instances)
        if game.cards[inst.card].key == key and inst.owner == owner
    ]


def arrange(
    s: S,
    player: int,
    *,
    hand: Sequence[str] | None = None,
    battlefield: Sequence[SlotSpec] | None = None,
    infirmary: Sequence[SlotSpec] | None = None,
    sanctuary: Sequence[SlotSpec] | None = None,
    graveyard: Sequence[str] | None = None,
    deck: Sequence[str] | None = None,
    **fields: Any,
) -> S:
    """``player``'s zones rebuilt from card keys; a zone not given stays as it is, and
    cards no zone uses go to the deck.

    ``hand=None`` keeps the current hand (less the cards used elsewhere); ``deck`` given
    puts exactly those cards on top, in order, and the rest under them.
    """
    game = s.game
    p = game.players[player]
    wanted = {"battlefield": battlefield, "infirmary": infirmary, "sanctuary": sanctuary}
    free = [*p.hand, *p.deck]
    if graveyard is not None:
        free += list(p.graveyard)
    for name, spec in wanted.items():
        if spec is not None:
            for slot in getattr(p, name):
                free += [slot.card] if slot.attached is None else [slot.card, slot.attached]
    used: set[CardId] = set()

    def take(key: str) -> CardId:
        for c in free:
            if c not in used and game.key(c) == key:
                used.add(c)
                return c
        raise AssertionError(f"player {player} has no free {key!r}")

    def make_slot(spec: SlotSpec) -> Slot:
        key, extra = (spec, {}) if isinstance(spec, str) else spec
        extra = dict(extra)
        card = take(key)
        attached = extra.pop("attached", None)
        return Slot(card, attached=None if attached is None else take(attached), **extra)

    rows = {
        name: (getattr(p, name) if spec is None else tuple(make_slot(x) for x in spec))
        for name, spec in wanted.items()
    }
    grave = p.graveyard if graveyard is None else tuple(take(k) for k in graveyard)
    if hand is None:
        new_hand = tuple(c for c in p.hand if c not in used)
        used |= set(new_hand)
    else:
        new_hand = tuple(take(k) for k in hand)
    top = tuple(take(k) for k in deck) if deck is not None else ()
    rest = tuple(dict.fromkeys(c for c in (*p.deck, *free) if c not in used))
    changes: dict[str, Any] = {**rows, **fields}
    new_p: Player = replace(p, hand=new_hand, graveyard=grave, deck=(*top, *rest), **changes)
    new_game: Game = game.with_player(player, new_p)
    return s.evolve(game=new_game)


def card_id(s: S, key: str, owner: int) -> CardId:
    """The id of the one card ``key`` of ``owner`` that is in play, in hand or in the
    graveyard (the first found)."""
    p = s.game.players[owner]
    places = [*p.hand, *p.graveyard]
    for row in (p.battlefield, p.infirmary, p.sanctuary):
        for x in row:
            places += [x.card] + ([x.attached] if x.attached is not None else [])
    for c in places:
        if s.game.key(c) == key:
            return c
    raise AssertionError(f"no {key!r} of player {owner} outside the deck")


def slot_of(s: S, card: CardId) -> Slot:
    for p in s.game.players:
        for row in (p.battlefield, p.infirmary, p.sanctuary):
            for x in row:
                if x.card == card:
                    return x
    raise AssertionError(f"#{card} is in no slot")


def act(s: S, action: Action) -> S:
    """Apply ``action``, failing loudly with the engine's reason if it is illegal."""
    result: S = mc.apply(s, action)
    return result


def resettle(s: S) -> S:
    """Run the automatic steps from an arranged state (e.g. ``phase="turn.start"``), and
    the engine's automatic passes, as ``apply`` does after an action."""
    s = settle(s)
    while s.config.auto_pass and not s.is_over and s.to_act is not None:
        auto = RULESET.auto_action(s)
        if auto is None:
            break
        who = s.to_act
        s = RULESET.perform(s, auto)
        s = s.evolve(_log=s._log.append(Decision(who, auto, auto=True)))
    return s


def keys(s: S, cards: Sequence[CardId]) -> list[str]:
    return [s.game.card(c).key for c in cards]
