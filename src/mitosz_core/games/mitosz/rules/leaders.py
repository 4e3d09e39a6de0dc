"""Leaders, items and locations (*vezér, tárgy, helyszín*, 3.3-3.5): who may be summoned
where, the leader-row limit, and the item keywords that limit attachment (chapter 8).
"""

from __future__ import annotations

from mitosz_core.games.mitosz.cards import CardDef, CardType, Mythos, linked
from mitosz_core.games.mitosz.rules.attachments import why_not_onto_region
from mitosz_core.games.mitosz.rules.board import (
    all_board_cards,
    held_cards,
    is_cursed,
    leader_slot,
    people_slot,
    region_slot,
)
from mitosz_core.games.mitosz.rules.continuous import card_type
from mitosz_core.games.mitosz.rules.hosting import items_of, location_of
from mitosz_core.games.mitosz.state import CardId, Game, cached
from mitosz_core.games.mitosz.subtypes import Subtype

LEADER_ROW_EXTRA = 2
"""The leader row holds at most peoples + 2 leaders (3.4.2)."""


def leader_limit(game: Game, player: int) -> int:
    """The most leaders ``player``'s row may hold now (3.4.2); card text may change it (G2)."""
    return len(game.players[player].empire) + LEADER_ROW_EXTRA


def over_limit(game: Game, player: int) -> int:
    """How many leaders ``player`` must still sacrifice (3.4.2): those above the limit,
    but no more than the row holds that can be sacrificed; a cursed one cannot (2.4,
    ruling R-3.4.2-cursed). 0 if within the limit."""
    row = game.players[player].leaders
    above = len(row) - leader_limit(game, player)
    if above <= 0:
        return 0
    return min(above, sum(1 for slot in row if not is_cursed(game, slot.card)))


def unique_on_board(game: Game, card: CardDef) -> bool:
    """Whether a unique card of the same serial number is on the board (2.3): a leader
    attached to a card (5.15) is still on the board, though not as a leader."""
    return card.serial in cached(game, "serials", (), lambda: _serials(game))


def _serials(game: Game) -> frozenset[str]:
    return frozenset(game.card(c).serial for c in (*all_board_cards(game), *held_cards(game)))


def why_not_target(game: Game, player: int, card: CardId, target: CardId | None) -> str | None:
    """Why ``card`` cannot go onto ``target`` for ``player``, or ``None``.

    ``card`` is in hand, so its printed type decides; the card it goes onto must be of
    the right type now (5.16; ruling R-5.16-place).
    Leaders go to the row and take no target, a full row too (ruling R-3.4.2-full: once
    the leader is in, its player sacrifices down to the limit); a location goes onto one
    of the player's peoples without a location (3.3), a building also onto a region of
    theirs without a building (8.region, 8.building), a cursed location or building onto
    an enemy's people or region too (2.4); an item onto one of the player's own leaders
    (3.5), or a cursed item onto any leader, an enemy's too (2.4),
    within the keyword limits: one weapon and one armour per leader, a relic only onto a
    leader of its mythos unless one of them is khareni (8.weapon, 8.armour, 8.relic).
    """

    d = game.card(card)
    if d.type is CardType.INTRIGUE:
        return None if target is None else "an intrigue takes no target (3.6)"
    if d.type is CardType.LEADER:
        if target is not None:
            return "a leader takes no target; it goes to the leader row"
        return None  # a full row is no bar: 3.4.2 makes its player sacrifice (R-3.4.2-full)
    if target is None:
        return f"a {d.type} must be attached to a card"
    if d.type is CardType.LOCATION:
        if region_slot(game, target) is not None:  # 8.region, 8.building
            return why_not_onto_region(game, player, card, target)
        found = people_slot(game, target)
        if found is None or (found[0] != player and not d.cursed):
            return f"#{target} is not a people of your empire (3.3)"
        if card_type(game, target) is not CardType.PEOPLE:  # 5.16: it lost the people type
            return f"{game.card(target).name} is a {card_type(game, target)} now, not a people"
        if location_of(game, target) is not None:
            return f"{game.card(target).name} already has a location (3.3)"
        return None
    if d.type is CardType.ITEM:
        slot = leader_slot(game, target)
        if slot is None or (slot[0] != player and not d.cursed):
            return f"#{target} is not a leader in your leader row (3.5)"
        if card_type(game, target) is not CardType.LEADER:  # 5.16: it lost the leader type
            return f"{game.card(target).name} is a {card_type(game, target)} now, not a leader"
        leader = game.card(target)
        for keyword in (Subtype.WEAPON, Subtype.ARMOUR):
            if d.has_subtype(keyword) and any(
                game.card(i).has_subtype(keyword) for i in items_of(game, target)
            ):
                return f"{leader.name} already carries one {keyword} (8.{keyword})"
        if (
            d.has_subtype(Subtype.RELIC)
            and d.mythos is not leader.mythos
            and Mythos.KHARENI not in (d.mythos, leader.mythos)
        ):
            return "a relic goes only onto a leader of its own mythos (8.relic)"
        return None
    return f"a {d.type} cannot be summoned in the summoning phase"


def plays_without_summoning(game: Game, card: CardId, target: CardId | None) -> bool:
    """An item linked to the leader it goes onto is played without summoning (3.5)."""
    d = game.card(card)
    return d.type is CardType.ITEM and target is not None and linked(d, game.card(target))
