"""The packed fields of a Mítosz seat's board and of a hand slot (float32 bytes), as the
observation tensor (:mod:`.mitosz`) and the memo's entries (:mod:`.mitosz_memo`) read
them from the game value."""

from __future__ import annotations

from mitosz_core.adapters.tensors.layout import (
    M_CARD_SIZE,
    M_EDGE_INDEX,
    M_HAND,
    M_INTRIGUES,
    M_LEADERS,
    M_PEOPLES,
    M_SEAT_SIZE,
    M_TYPE_INDEX,
    M_TYPES,
)
from mitosz_core.adapters.tensors.packing import blank, floats
from mitosz_core.games.mitosz.cards import CardDef as MitoszCard
from mitosz_core.games.mitosz.rules.empire import is_open
from mitosz_core.games.mitosz.rules.hosting import items_of, placed_on
from mitosz_core.games.mitosz.rules.levels import level, road_level_now
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mitosz.state import LeaderSlot, cached, derived

HEAD = floats(8)
SEAT_HEAD = floats(17)
LEADER = floats(4)
PEOPLE = floats(13)
CARD_ROW = floats(M_CARD_SIZE)
NO_SEAT = blank(M_SEAT_SIZE)
NO_LEADERS = tuple(blank(4 * (M_LEADERS - k)) for k in range(M_LEADERS + 1))
NO_PEOPLES = tuple(blank(13 * (M_PEOPLES - k)) for k in range(M_PEOPLES + 1))
NO_CARDS = tuple(blank(M_CARD_SIZE * (M_HAND - k)) for k in range(M_HAND + 1))
INTRIGUE_ROWS = tuple(
    floats(M_INTRIGUES).pack(*([1.0] * k + [0.0] * (M_INTRIGUES - k)))
    for k in range(M_INTRIGUES + 1)
)
"""The intrigues field of a seat by how many intrigue slots are taken."""


def board(game: MitoszGame, i: int, printed: bool) -> tuple[bytes, bytes]:
    """The leaders and the empire fields of seat ``i`` (float32 bytes each), views of
    the board cached as the rules cache theirs (:mod:`mitosz_core.games.mitosz.state`),
    so that a decision that changes none of their inputs (a pass, a payment, a card
    drawn, another seat's realm) does not work out the levels and roads again (a
    :class:`~mitosz_core.adapters.tensors.TensorMemo` keeps them on the same parts,
    :meth:`.mitosz_memo.MitoszBoards.board`).

    While no lasting effect changes, sets or neutralises a level (``printed``), the
    levels of the seat's leaders are those of its leader row, its high god, the markers
    and the printed cards alone, and the roads of its peoples those of its empire, its
    high god, the markers and the printed cards
    (:func:`~mitosz_core.games.mitosz.state.derived`, as
    :func:`~mitosz_core.games.mitosz.rules.levels.power` does): turning a leader leaves
    the empire's view as it was, and a new people the leaders'. Else they may depend on
    every realm, the board, the lasting effects, the fight (7.2.1) and the tie-breaks
    that settle between two effects that set a level (5.9):
    :func:`~mitosz_core.games.mitosz.state.cached` on those parts."""
    if printed:
        realm = game.players[i].realm
        leaders = derived(
            game,
            ("observation-tensor-leaders-printed", i),
            (realm.leaders, realm.high_god, game.markers),
            lambda: leader_values(game, i),
        )
        empire = derived(
            game,
            ("observation-tensor-empire-printed", i),
            (realm.empire, realm.high_god, game.markers),
            lambda: empire_values(game, i),
        )
        return leaders, empire
    parts = (game.markers, game.effects, game.fight, game.tiebreaks)
    leaders = cached(game, ("observation-tensor-leaders", i), parts, lambda: leader_values(game, i))
    empire = cached(game, ("observation-tensor-empire", i), parts, lambda: empire_values(game, i))
    return leaders, empire


def leader_values(game: MitoszGame, i: int) -> bytes:
    """The leaders field of seat ``i``: present, level / 10, turned, items / 3 per slot."""
    return leader_fields(game, game.players[i].leaders, leader_levels(game, i))


def leader_levels(game: MitoszGame, i: int) -> tuple[int, ...]:
    """The levels of the leaders of seat ``i`` (its first :data:`M_LEADERS` slots)."""
    return tuple([level(game, leader.card) for leader in game.players[i].leaders[:M_LEADERS]])


def leader_fields(
    game: MitoszGame, leaders: tuple[LeaderSlot, ...], levels: tuple[int, ...]
) -> bytes:
    """The leaders field of a seat from its leader slots and their ``levels``."""
    pack = LEADER.pack
    parts = [
        pack(1.0, value / 10, float(leader.turned), len(items_of(game, leader.card)) / 3)
        for leader, value in zip(leaders[:M_LEADERS], levels, strict=True)
    ]
    parts.append(NO_LEADERS[len(levels)])
    return b"".join(parts)


def empire_values(game: MitoszGame, i: int) -> bytes:
    """The empire field of seat ``i``: per people slot, present, x / 6, y / 6, location,
    building, then road level / 10 and road open for north, east, south, west."""
    empire = game.players[i].empire[:M_PEOPLES]
    parts = []
    for slot in empire:
        placed = len(placed_on(game, slot.card))  # a location, and a building on it
        row = [
            1.0,
            slot.x / 6,
            slot.y / 6,
            float(placed > 0),
            float(placed > 1),
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
        ]
        for road in game.card(slot.card).roads:
            e = M_EDGE_INDEX[road.edge]
            row[5 + e] = road_level_now(game, i, slot, road) / 10
            row[9 + e] = float(is_open(game, i, slot, road))
        parts.append(PEOPLE.pack(*row))
    parts.append(NO_PEOPLES[len(empire)])
    return b"".join(parts)


def cards(game: MitoszGame) -> tuple[bytes, ...]:
    """The hand-slot fields of every printed card of the game, by its index in
    ``game.cards`` (float32 bytes), worked out once per set of cards
    (:func:`~mitosz_core.games.mitosz.state.derived`)."""
    return derived(
        game,
        "observation-tensor-cards",
        (),
        lambda: tuple(card(d) for d in game.cards),
    )


def card(d: MitoszCard) -> bytes:
    """The fields of a hand slot holding the printed card ``d``."""
    row = [0.0] * M_CARD_SIZE
    row[0] = 1.0
    row[1 + M_TYPE_INDEX[d.type]] = 1.0
    k = 1 + len(M_TYPES)
    row[k] = d.level / 10
    row[k + 1 : k + 5] = [c / 10 for c in d.cost]
    row[k + 5] = d.power / 12
    return CARD_ROW.pack(*row)
