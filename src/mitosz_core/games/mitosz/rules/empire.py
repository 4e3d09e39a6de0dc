"""Peoples and the empire (*nép, birodalom*, 3.2) on a real grid.

Each people sits in one grid cell. Roads sit on card edges; cards are never rotated. A
new people must join the empire through a pair of roads that face each other across a
shared side (3.2.1). Adjacency counts sides and corners (3.2.1). A road is open when no
people of the same empire faces it (3.2.2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from mitosz_core.games.mitosz.cards import CardDef, Edge, Road
from mitosz_core.games.mitosz.rules.board import all_board_cards
from mitosz_core.games.mitosz.state import CardId, Game, PeopleSlot, cached, keys_by_player
from mitosz_core.kernel.values import frozen

Cell = tuple[int, int]

ORIGIN: Cell = (0, 0)
"""Where a player's first people goes."""


def slot_at(empire: tuple[PeopleSlot, ...], cell: Cell) -> PeopleSlot | None:
    for slot in empire:
        if (slot.x, slot.y) == cell:
            return slot
    return None


def neighbour(cell: Cell, edge: Edge) -> Cell:
    dx, dy = edge.offset
    return (cell[0] + dx, cell[1] + dy)


def adjacent(game: Game, player: int, slot: PeopleSlot) -> tuple[PeopleSlot, ...]:
    """Peoples touching ``slot`` by a side or a corner (3.2.1)."""
    return tuple(
        other
        for other in game.players[player].empire
        if other.card != slot.card and max(abs(other.x - slot.x), abs(other.y - slot.y)) == 1
    )


def is_open(game: Game, player: int, slot: PeopleSlot, road: Road) -> bool:
    """A road is open when no people of the empire sits across it (3.2.2)."""
    across = neighbour((slot.x, slot.y), road.edge)
    return slot_at(game.players[player].empire, across) is None


def open_roads(game: Game, player: int, slot: PeopleSlot) -> tuple[Road, ...]:
    """The roads of ``slot`` that can be attacked (3.2.2)."""
    return tuple(r for r in game.card(slot.card).roads if is_open(game, player, slot, r))


def frontier(game: Game, player: int) -> tuple[Cell, ...]:
    """Empty cells beside the empire, in a stable order (candidate placements)."""
    empire = game.players[player].empire
    if not empire:
        return (ORIGIN,)
    taken = {(s.x, s.y) for s in empire}
    cells = {neighbour((s.x, s.y), edge) for s in empire for edge in Edge} - taken
    return tuple(sorted(cells))


def joining_roads(game: Game, player: int, people: CardDef, cell: Cell) -> Iterator[Edge]:
    """Edges of a people placed at ``cell`` whose road meets a road of a neighbour."""
    empire = game.players[player].empire
    for edge in Edge:
        if people.road_on(edge) is None:
            continue
        other = slot_at(empire, neighbour(cell, edge))
        if other is not None and game.card(other.card).road_on(edge.opposite) is not None:
            yield edge


def copies_on_board(game: Game, people: CardDef) -> int:
    """Copies of a people anywhere on the board (the whole board, ruling R-3.2.1-copies)."""
    keys = cached(game, "board-keys", (), lambda: _board_keys(game))
    return keys.get(people.key, 0)


def _board_keys(game: Game) -> Counter[str]:
    return Counter(game.card(c).key for c in all_board_cards(game))


def placements(game: Game, player: int, card: CardId) -> tuple[Cell, ...]:
    """The cells where ``player`` may place people ``card`` now, in the order of
    :func:`frontier`: exactly those where :func:`why_not_place` finds nothing wrong."""
    people = game.card(card)
    if copies_on_board(game, people) >= len(people.roads):
        return ()
    if not game.players[player].empire:
        return (ORIGIN,)
    edges = frozenset(road.edge for road in people.roads)
    return tuple(cell for cell, meets in _joins(game, player) if meets & edges)


_JOINS = keys_by_player("joins")
_EDGE_SETS: dict[frozenset[Edge], frozenset[Edge]] = {}
"""Each set of edges :func:`_joins` has found, one object per set (there are 16; the
empty one is :data:`~mitosz_core.kernel.values.NOTHING`): the views kept with the states
share them."""


def _joins(game: Game, player: int) -> tuple[tuple[Cell, frozenset[Edge]], ...]:
    """Each frontier cell with the edges on which a people placed there would meet a
    facing road of the empire (3.2.1)."""

    def compute() -> tuple[tuple[Cell, frozenset[Edge]], ...]:
        empire = game.players[player].empire
        out = []
        for cell in frontier(game, player):
            meets = frozen(
                edge
                for edge in Edge
                if (other := slot_at(empire, neighbour(cell, edge))) is not None
                and game.card(other.card).road_on(edge.opposite) is not None
            )
            out.append((cell, _EDGE_SETS.setdefault(meets, meets)))
        return tuple(out)

    return cached(game, _JOINS[player], (), compute)


def why_not_place(game: Game, player: int, card: CardId, cell: Cell) -> str | None:
    """Why ``player`` may not place people ``card`` at ``cell`` now, or ``None`` (3.2.1)."""
    people = game.card(card)
    empire = game.players[player].empire
    if slot_at(empire, cell) is not None:
        return f"cell {cell} is already taken"
    if copies_on_board(game, people) >= len(people.roads):
        return (
            f"{people.name} is on the board as many times as it has roads "
            f"({len(people.roads)}) (3.2.1)"
        )
    if not empire:
        if cell != ORIGIN:
            return f"the first people of an empire goes to {ORIGIN}"
        return None
    if next(joining_roads(game, player, people, cell), None) is None:
        return f"no road of {people.name} at {cell} meets a facing road of the empire (3.2.1)"
    return None
