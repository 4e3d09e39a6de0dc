"""The board (*Das Spielfeld*, 02): three rows of 5 slots per player and the graveyard.

A slot holds one card, or a slot pair: a unit with at most one artifact (02.6) or a place
with at most one upgrade (02.7). An artifact or upgrade that is not attached yet takes a
slot of its own (R-02.8.2). Units, and artifacts waiting to be attached, sit in the
infirmary (02.3); places, upgrades and magic in the sanctuary (02.4); mobilised units on
the battlefield (02.2). The graveyard (02.5) has no limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mitosz_core.games.mythos.cards import CardType
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.state import CardId, Game, Player, Row, Slot
from mitosz_core.kernel.values import replace

ROW_SLOTS = 5
"""Slots per row (02.1)."""

HOME: dict[CardType, Row | None] = {
    CardType.UNIT: Row.INFIRMARY,
    CardType.ARTIFACT: Row.INFIRMARY,
    CardType.PLACE: Row.SANCTUARY,
    CardType.UPGRADE: Row.SANCTUARY,
    CardType.MAGIC: Row.SANCTUARY,
    CardType.EVENT: None,
}
"""Where a played card goes (the table of 02.8): events take no slot."""

UNIT_ROWS = (Row.BATTLEFIELD, Row.INFIRMARY)


@dataclass(frozen=True, slots=True)
class Where:
    """Where a card in play sits: ``player``'s ``row``, slot ``index``; ``attached`` if it
    is the slot's attached card."""

    player: int
    row: Row
    index: int
    attached: bool


def update_player(s: S, index: int, **changes: Any) -> S:
    """``s`` with fields of player ``index`` replaced."""
    player: Player = replace(s.game.players[index], **changes)
    return s.evolve(game=s.game.with_player(index, player))


def locate(game: Game, card: CardId) -> Where | None:
    """Where ``card`` is in play (its owner's rows), or ``None``."""
    owner = game.owner(card)
    p = game.players[owner]
    for row in Row:
        for i, slot in enumerate(p.row(row)):
            if slot.card == card:
                return Where(owner, row, i, False)
            if slot.attached == card:
                return Where(owner, row, i, True)
    return None


def slot_of(game: Game, card: CardId) -> Slot | None:
    """The slot whose main card is ``card``."""
    where = locate(game, card)
    if where is None or where.attached:
        return None
    return game.players[where.player].row(where.row)[where.index]


def units(game: Game, player: int, rows: tuple[Row, ...] = UNIT_ROWS) -> Iterator[Slot]:
    """The slots of ``player``'s units in ``rows`` (battlefield first)."""
    p = game.players[player]
    for row in rows:
        for slot in p.row(row):
            if game.card(slot.card).type is CardType.UNIT:
                yield slot


def unit_ids(game: Game, player: int, rows: tuple[Row, ...] = UNIT_ROWS) -> tuple[CardId, ...]:
    return tuple(slot.card for slot in units(game, player, rows))


def free(game: Game, player: int, row: Row) -> int:
    """Free slots in ``player``'s ``row`` (02.1)."""
    return ROW_SLOTS - len(game.players[player].row(row))


def set_row(s: S, player: int, row: Row, slots: tuple[Slot, ...]) -> S:
    return update_player(s, player, **{row.value: slots})


def add_slot(s: S, player: int, row: Row, slot: Slot) -> S:
    """Put ``slot`` in the first free place of ``row`` (the caller checked there is one)."""
    current = s.game.players[player].row(row)
    assert len(current) < ROW_SLOTS, f"{row.value} of player {player} is full"
    return set_row(s, player, row, (*current, slot))


def remove_slot(s: S, card: CardId) -> tuple[S, Slot]:
    """Take the slot whose main card is ``card`` out of its row."""
    where = locate(s.game, card)
    assert where is not None and not where.attached, f"#{card} is not the card of a slot"
    current = s.game.players[where.player].row(where.row)
    slot = current[where.index]
    rest = current[: where.index] + current[where.index + 1 :]
    return set_row(s, where.player, where.row, rest), slot


def change_slot(s: S, card: CardId, **changes: Any) -> S:
    """Replace fields of the slot whose main card is ``card``."""
    where = locate(s.game, card)
    assert where is not None and not where.attached
    current = s.game.players[where.player].row(where.row)
    new = replace(current[where.index], **changes)
    slots = (*current[: where.index], new, *current[where.index + 1 :])
    return set_row(s, where.player, where.row, slots)


def take_from_hand(s: S, player: int, card: CardId) -> S:
    hand = s.game.players[player].hand
    assert card in hand
    return update_player(s, player, hand=tuple(c for c in hand if c != card))


def to_graveyard(s: S, player: int, cards: tuple[CardId, ...]) -> S:
    """Put ``cards`` on top of ``player``'s graveyard, in order (02.5)."""
    p = s.game.players[player]
    return update_player(s, player, graveyard=(*p.graveyard, *cards))


def in_play(game: Game, card: CardId) -> bool:
    return locate(game, card) is not None
