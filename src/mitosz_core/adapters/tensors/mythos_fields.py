"""The packed fields of a MYTHOS seat's rows and of a hand slot (float32 bytes), as the
observation tensor (:mod:`.mythos`) and the memo's entries (:mod:`.mythos_memo`) read
them from the game value."""

from __future__ import annotations

from operator import attrgetter

from mitosz_core.adapters.tensors.layout import (
    Y_CARD_SIZE,
    Y_HAND,
    Y_SLOT_SIZE,
    Y_SLOTS,
    Y_TYPES,
)
from mitosz_core.adapters.tensors.packing import blank, floats
from mitosz_core.games.mythos.cards import CardDef as MythosCard
from mitosz_core.games.mythos.cards import CardType as MythosCardType
from mitosz_core.games.mythos.rules.stats import Bonuses, attack, bonuses, life, max_life
from mitosz_core.games.mythos.state import CardId as MythosCardId
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.games.mythos.state import Player as MythosPlayer
from mitosz_core.games.mythos.state import Slot

HEAD = floats(9)
SEAT_HEAD = floats(7)
SLOT_ROW = floats(Y_SLOT_SIZE)
CARD_ROW = floats(Y_CARD_SIZE)
NO_SLOTS = tuple(blank(Y_SLOT_SIZE * (Y_SLOTS - k)) for k in range(Y_SLOTS + 1))
NO_CARDS = tuple(blank(Y_CARD_SIZE * (Y_HAND - k)) for k in range(Y_HAND + 1))
NO_UNIT = (0.0, 0.0, 0.0, 0.0, 0.0)
"""The unit fields of a slot that holds no unit."""
ROW = {
    (kind, attached): (1.0, *(float(t is kind) for t in Y_TYPES), float(attached))
    for kind in Y_TYPES
    for attached in (False, True)
}
"""The first fields of a slot (present, type one-hot, attached) by type and attachment."""

Tables = tuple[Bonuses, ...]
"""The passive bonuses (09.6) of every player, by the player's index."""
Extra = tuple[int, int] | None
"""The passive attack and life bonuses that reach a unit (``None`` for a slot that holds
no unit)."""


def bonus_tables(game: MythosGame) -> Tables:
    """Every player's passive bonuses."""
    return tuple([bonuses(game, o) for o in range(len(game.players))])


def slot_fields(game: MythosGame, slot: Slot, tables: Tables) -> tuple[Extra, bytes]:
    """The fields of a row's slot (float32 bytes) and, for a unit, the passive bonuses
    of its owner that reach it (``tables[owner].of(unit)``: its attack and life count
    them), else ``None``."""
    kind = game.card(slot.card).type
    if kind is not MythosCardType.UNIT:
        return None, SLOT_ROW.pack(*ROW[kind, slot.attached is not None], *NO_UNIT)
    table = tables[game.owner(slot.card)]
    fields = SLOT_ROW.pack(
        *ROW[kind, slot.attached is not None],
        attack(game, slot, table) / 10,
        life(game, slot, table) / 10,
        max_life(game, slot, table) / 10,
        float(slot.mobilized),
        float(slot.attacked),
    )
    return table.of(slot.card), fields


def row_fields(game: MythosGame, row: tuple[Slot, ...], tables: Tables) -> bytes:
    """The fields of the first :data:`Y_SLOTS` slots of ``row`` (float32 bytes)."""
    slots = row[:Y_SLOTS]
    parts = [slot_fields(game, slot, tables)[1] for slot in slots]
    parts.append(NO_SLOTS[len(slots)])
    return b"".join(parts)


def seat_rows(p: MythosPlayer) -> tuple[tuple[Slot, ...], ...]:
    """The rows of a seat in the order of the tensor."""
    return (p.battlefield, p.infirmary, p.sanctuary)


def seat_fields(game: MythosGame, p: MythosPlayer, tables: Tables) -> bytes:
    """The fields of the rows of the seat of player ``p`` (float32 bytes)."""
    return b"".join([row_fields(game, row, tables) for row in seat_rows(p)])


_CARD = attrgetter("card")
_ATTACHED = attrgetter("attached")


RowSources = tuple[tuple[MythosCardId, ...], tuple[MythosCardId | None, ...]]
"""The cards of a row's slots and the cards attached to them."""


def row_sources(row: tuple[Slot, ...]) -> RowSources:
    """The cards of ``row`` and the cards attached to them: over a player's three rows,
    with the printed cards and the owners, all that the player's passive sources are read
    from (:func:`~mitosz_core.games.mythos.rules.stats.passive_sources`), so their
    bonuses and aura cap too; damage, markers and flags are not among them. (Read in C,
    by ``map``: no bytecode per slot.)"""
    return (tuple(map(_CARD, row)), tuple(map(_ATTACHED, row)))


def card(d: MythosCard) -> bytes:
    """The fields of a hand slot holding the printed card ``d``."""
    return CARD_ROW.pack(*ROW[d.type, False][: 1 + len(Y_TYPES)], d.cost / 10)
