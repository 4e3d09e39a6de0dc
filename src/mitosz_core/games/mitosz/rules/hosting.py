"""What is attached to what (1.4.2, 3.3, 3.5, 5.12, 5.15, 8.mount, 8.region, 8.rune): the
one query of the attachment relation, whatever container a card is kept in.

Attached cards are kept in two places of the state: in the realms, a people's location
(:attr:`PeopleSlot.location`) and the building on its region (:attr:`PeopleSlot.building`)
and a row leader's items, mount and troops (:attr:`LeaderSlot.items`); and in the one
relation of the board, :attr:`Board.attachments` (:class:`Attachment`: mounts, runes,
leaders held by cards with their items, each with its :class:`AttachKind`). Every rule
that asks "what is ``card`` attached to" or "what is attached to ``card``, directly or
indirectly" asks it here, so no rule walks the containers itself and none forgets one of
them.

The board's relation has an index, built once per :class:`Board` value and kept on it
(boards are immutable, so it never goes stale): its attachments by kind and by card.
:func:`attach` and :func:`detach` give a new board, sharing what did not change.

- :func:`host_of`: the card ``card`` is directly attached to (a location's people, a
  building's region, an item's, mount's or troop's leader, a rune's card, a held
  leader's card), or ``None``.
- :func:`hosts_of`: its hosts up the chain, the nearest first (a building, its region,
  the region's people).
- :func:`attached_to`: the cards directly attached to ``card``.
- :func:`carried_by`: the cards attached to ``card`` directly or indirectly (*akár
  közvetve*, 5.12), each host before what is attached to it.
- :func:`of_kind`, :func:`attachment_of`, :func:`attached_as`: the board's attachments of
  a kind, the one record of a card, the cards attached to a host as a kind.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mitosz_core.games.mitosz.effects.language import Release
from mitosz_core.games.mitosz.state import (
    AttachKind,
    Attachment,
    Board,
    CardId,
    Game,
    cached,
    memoised,
)
from mitosz_core.kernel.compiled import mypyc_attr
from mitosz_core.kernel.values import replace


@mypyc_attr(native_class=False)  # kept on a board: it must pickle as the board does
@dataclass(frozen=True, slots=True)
class BoardIndex:
    """The index of one board's :attr:`Board.attachments`."""

    kinds: dict[AttachKind, tuple[Attachment, ...]]
    """The attachments of each kind, in the order attached."""
    cards: dict[CardId, Attachment]
    """The record of each attached card."""


def board_index(board: Board) -> BoardIndex:
    """The index of ``board``'s attachments, built on first use and kept on the board."""
    found: BoardIndex | None = board._index
    if found is not None:
        return found
    kinds: dict[AttachKind, list[Attachment]] = {}
    cards: dict[CardId, Attachment] = {}
    for a in board.attachments:
        kinds.setdefault(a.kind, []).append(a)
        cards[a.card] = a
    index = BoardIndex({k: tuple(v) for k, v in kinds.items()}, cards)
    object.__setattr__(board, "_index", index)
    return index


def of_kind(game: Game, kind: AttachKind) -> tuple[Attachment, ...]:
    """The board's attachments of ``kind``, in the order they were attached."""
    return board_index(game.board).kinds.get(kind, ())


def attachment_of(game: Game, card: CardId) -> Attachment | None:
    """The board's record of ``card``'s attachment (mount, rune, held leader or a held
    leader's item), if it has one."""
    return board_index(game.board).cards.get(card)


def attached_as(game: Game, host: CardId, kind: AttachKind) -> tuple[CardId, ...]:
    """The cards attached to ``host`` as ``kind`` on the board, in the order attached."""
    return tuple(a.card for a in of_kind(game, kind) if a.host == host)


def held_facts(held: Attachment) -> tuple[int, Release]:
    """A held leader's player and release condition (5.15), which every ``HELD`` record
    has (the validator sees to it in a loaded state)."""
    if held.player is None or held.release is None:
        raise ValueError(f"held leader #{held.card} has no player or release condition")
    return held.player, held.release


def attach(game: Game, *added: Attachment) -> Game:
    """``game`` with ``added`` attached last (the board's other parts shared)."""
    board = game.board
    return replace(game, board=replace(board, attachments=(*board.attachments, *added)))


def detach(game: Game, cards: frozenset[CardId] | set[CardId]) -> Game:
    """``game`` with the board's records of ``cards`` gone (``game`` itself if none)."""
    board = game.board
    kept = tuple(a for a in board.attachments if a.card not in cards)
    if len(kept) == len(board.attachments):
        return game
    return replace(game, board=replace(board, attachments=kept))


Relation = tuple[dict[CardId, CardId], dict[CardId, tuple[CardId, ...]]]
"""The host of each attached card, and the cards directly attached to each host, in
the order they were attached."""


def _relation(game: Game) -> Relation:
    found: Relation | None = memoised(game, "hosting")
    if found is not None:
        return found
    return cached(game, "hosting", (), lambda: _build(game))


def _pairs(game: Game) -> Iterator[tuple[CardId, CardId]]:
    """Every ``(card, host)`` pair of the board: the realms' slots, then the board's
    relation."""
    for p in game.players:
        for slot in p.empire:
            if slot.location is not None:
                yield slot.location, slot.card  # 3.3
                if slot.building is not None:
                    yield slot.building, slot.location  # 8.region: onto the region
        for leader in p.leaders:
            for item in leader.items:  # 3.5 items, 8.mount mounts, 7.3.1 troops
                yield item, leader.card
    index = board_index(game.board)
    # The board's relation, kind by kind: per host, what is in the realms comes first,
    # then held leaders (5.15) with their items, then runes (8.rune). Mounts are among
    # their riders' items already.
    for a in game.board.attachments:
        if a.kind is AttachKind.HELD or a.kind is AttachKind.ITEM:
            yield a.card, a.host
    for a in index.kinds.get(AttachKind.RUNE, ()):
        yield a.card, a.host


def _build(game: Game) -> Relation:
    hosts: dict[CardId, CardId] = {}
    attached: dict[CardId, list[CardId]] = {}
    for card, host in _pairs(game):
        hosts[card] = host
        attached.setdefault(host, []).append(card)
    return hosts, {h: tuple(cs) for h, cs in attached.items()}


def host_of(game: Game, card: CardId) -> CardId | None:
    """The card ``card`` is directly attached to, if it is attached to one."""
    return _relation(game)[0].get(card)


def hosts_of(game: Game, card: CardId) -> tuple[CardId, ...]:
    """The cards ``card`` is attached to, directly or indirectly, the nearest first."""
    hosts = _relation(game)[0]
    chain: list[CardId] = []
    host = hosts.get(card)
    while host is not None and host not in chain and host != card:
        chain.append(host)
        host = hosts.get(host)
    return tuple(chain)


def attached_to(game: Game, card: CardId) -> tuple[CardId, ...]:
    """The cards directly attached to ``card``, in the order they were attached."""
    return _relation(game)[1].get(card, ())


def carried_by(game: Game, card: CardId) -> tuple[CardId, ...]:
    """The cards attached to ``card`` directly or indirectly (5.12 *akár közvetve*),
    each before the cards attached to it."""
    attached = _relation(game)[1]
    found: list[CardId] = []
    todo = list(attached.get(card, ()))
    while todo:
        c = todo.pop(0)
        if c in found or c == card:
            continue
        found.append(c)
        todo[:0] = attached.get(c, ())
    return tuple(found)
