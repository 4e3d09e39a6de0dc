"""What a player may see (*observation*): the public board, their own hand, and sizes.

No card in an opponent's hand or in any deck is shown unless a rule reveals it: the
opening reveals (6.1.1) and a card being summoned (6.3.3) are public.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.observation import (
    CardView,
    FightView,
    LeveledCardView,
    Observation,
    PendingView,
    PlayerObservation,
    SphereValues,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.empire import is_open
from mitosz_core.games.mitosz.rules.fights.army import side_level
from mitosz_core.games.mitosz.rules.high_god import maxima
from mitosz_core.games.mitosz.rules.hosting import attached_as, held_facts, items_of, of_kind
from mitosz_core.games.mitosz.rules.levels import level, power, road_level_now
from mitosz_core.games.mitosz.state import (
    AnyPending,
    AttachKind,
    CardId,
    Fight,
    Game,
    PlayPending,
    Spheres,
)
from mitosz_core.games.mitosz.subtypes import attaching_keyword


def card_view(game: Game, card: CardId) -> CardView:
    d = game.card(card)
    return {"id": card, "key": d.key, "name": d.name_en, "owner": game.owner(card)}


def leveled_view(game: Game, card: CardId) -> LeveledCardView:
    """A card on the board with its level as the rules compute it now (lasting effects
    included), as every rule that reads it does."""
    return {**card_view(game, card), "level": level(game, card)}


def sphere_values(values: Spheres) -> SphereValues:
    """Sphere numbers in the fixed order of ``SPHERES`` (magic, influence, wealth, force)."""
    magic, influence, wealth, force = values
    return {"magic": magic, "influence": influence, "wealth": wealth, "force": force}


def observe(s: S, me: int) -> Observation:
    game = s.game
    players: list[PlayerObservation] = []
    for i, p in enumerate(game.players):
        view: PlayerObservation = {
            "high_god": card_view(game, p.high_god),
            "spheres": sphere_values(p.spheres),
            "sphere_maxima": sphere_values(maxima(game, i)),
            "power": power(game, i),
            "deck_size": len(p.deck),
            "hand_size": len(p.hand),
            "underworld": [card_view(game, c) for c in p.underworld],
            "oblivion": [card_view(game, c) for c in p.oblivion],
            "empire": [
                {
                    "people": card_view(game, slot.card),
                    "x": slot.x,
                    "y": slot.y,
                    "location": _attached_view(game, slot.card, AttachKind.LOCATION),
                    "building": _building_view(game, slot.card),
                    "roads": [
                        {
                            "edge": road.edge.value,
                            "level": road_level_now(game, i, slot, road),
                            "open": is_open(game, i, slot, road),
                        }
                        for road in game.card(slot.card).roads
                    ],
                }
                for slot in p.empire
            ],
            "intrigues": [card_view(game, c) for c in p.intrigues],
            "leaders": [
                {
                    "leader": card_view(game, slot.card),
                    "turned": slot.turned,
                    "level": level(game, slot.card),
                    "items": [leveled_view(game, c) for c in items_of(game, slot.card)],
                }
                for slot in p.leaders
            ],
            "holding_since_turn": None if p.hold is None else p.hold.turn,
            "opening_reveals": [card_view(game, c) for c in game.opening_reveals[i]]
            if game.opening_reveals
            else [],
        }
        if i == me:
            view["hand"] = [card_view(game, c) for c in p.hand]
        players.append(view)
    return {
        "ruleset": s.ruleset,
        "you": me,
        "phase": s.phase,
        "turn": s.turn,
        "active": game.active,
        "to_act": s.to_act,
        "order": list(game.order),
        "over": s.is_over,
        "winner": s.winner,
        "ending": game.ending,
        "peoples_placed": game.peoples_placed,
        "revealed": [card_view(game, c) for c in game.revealed],
        "going_to_underworld": [
            {"owner": b.owner, "cards": [card_view(game, c) for c in b.cards]} for b in game.limbo
        ],
        "stack": [_pending_view(game, item) for item in game.stack],
        "choice": None
        if game.choice is None
        else {
            "player": game.choice.player,
            "purpose": game.choice.purpose.value,
            "count": game.choice.count,
            "options": [card_view(game, c) for c in game.choice.options]
            if game.choice.player == me
            else len(game.choice.options),
        },
        "peeked": card_view(game, game.peeked[1])
        if game.peeked is not None and game.peeked[0] == me
        else None,
        "effects": [
            {
                "id": e.id,
                "player": e.player,
                "effect": e.effect.kind,
                "source": None if e.source is None else card_view(game, e.source),
                "target": None if e.target is None else card_view(game, e.target),
            }
            for e in game.effects
        ],
        "lingering": [card_view(game, c) for c in game.lingering],
        "fight": None if game.fight is None else fight_view(game, game.fight),
        "mounts": [
            {
                "mount": card_view(game, m.card),
                "rider": card_view(game, m.host),
                "shared": m.shared,
            }
            for m in of_kind(game, AttachKind.MOUNT)
        ],
        "keyword_cards": [
            {
                "card": card_view(game, a.card),
                "host": card_view(game, a.host),
                "keyword": str(attaching_keyword(game.card(a.card).subtypes)),
            }
            for a in of_kind(game, AttachKind.KEYWORD)
        ],
        "held_leaders": [
            {
                "leader": card_view(game, h.card),
                "items": [card_view(game, c) for c in items_of(game, h.card)],
                "host": card_view(game, h.host),
                "player": held_facts(h)[0],
                "release": held_facts(h)[1].value,
            }
            for h in of_kind(game, AttachKind.HELD)
        ],
        "players": players,
    }


def _attached_view(game: Game, host: CardId, kind: AttachKind) -> LeveledCardView | None:
    """The card attached to ``host`` as ``kind`` (a people's location, a region's
    building), if there is one, with its level now."""
    found = attached_as(game, host, kind)
    return leveled_view(game, found[0]) if found else None


def _building_view(game: Game, people: CardId) -> LeveledCardView | None:
    """The building on the region on ``people`` (8.region), if there is one."""
    for location in attached_as(game, people, AttachKind.LOCATION):
        return _attached_view(game, location, AttachKind.BUILDING)
    return None


def _pending_view(game: Game, item: AnyPending) -> PendingView:
    """An event on the pending stack (6.4.1): public, as it was announced (6.3.3, 4.6.1).
    A card being played has no user, maneuver or pending event it aims at."""
    if isinstance(item, PlayPending):
        user, maneuver, aimed = None, 0, None
    else:
        user, maneuver, aimed = item.user, item.maneuver, item.target_pending
    return {
        "id": item.id,
        "player": item.player,
        "kind": item.kind,
        "card": None if item.card is None else card_view(game, item.card),
        "user": None if user is None else card_view(game, user),
        "maneuver": maneuver,
        "target": None if item.target is None else card_view(game, item.target),
        "target_pending": aimed,
        "neutralized": item.neutralized,
    }


def fight_view(game: Game, fight: Fight) -> FightView:
    """The fight in progress (chapter 7): public, like the board."""

    def army(lines: tuple[CardId | None, ...]) -> list[LeveledCardView | None]:
        return [None if c is None else leveled_view(game, c) for c in lines]

    return {
        "kind": fight.kind.value,
        "attacker": fight.attacker,
        "defender": fight.defender,
        "people": None if fight.people is None else card_view(game, fight.people),
        "road": None if fight.road is None else fight.road.value,
        "attack": army(fight.attack),
        "defend": army(fight.defend),
        "helpers": [{"player": p, "side": side} for p, side in fight.helpers],
        "asked": fight.asked,
        "troops": [
            {
                **leveled_view(game, t.card),
                "side": t.side,
                "line": t.line.value,
                "mode": t.mode.value,
                "monster": t.monster,
                "mount": t.mount,
            }
            for t in fight.troops
        ],
        "fighters": list(fight.fighters),
        "turn_of": fight.fighters[fight.current] if fight.fighters else None,
        "flying": fight.flying,
        "levels": [side_level(game, fight, 0), side_level(game, fight, 1)]
        if fight.started
        else None,
        "outcome": None if fight.outcome is None else fight.outcome.value,
    }
