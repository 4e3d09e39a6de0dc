"""What is attached to what (1.4.2, 3.3, 3.5, 5.12, 5.15, 8.mount, 8.region, 8.rune): the
one query of the attachment relation, whatever container a card is kept in.

Attached cards are kept in two places of the state: in the realms, a row leader's
items, mount and troops (:attr:`LeaderSlot.items`); and in the one relation of the
board, :attr:`Board.attachments` (:class:`Attachment`: the peoples' locations and the
regions' buildings, mounts, runes, leaders held by cards with their items, each with its
:class:`AttachKind`). :func:`walk` is the one place that reads both: every rule and view
that asks "what is ``card`` attached to" or "what is attached to ``card``, directly or
indirectly" asks it here, so none walks the containers itself and none forgets one of
them. :func:`take_off` is the one place that takes cards out of both.

The board's relation has an index, built once per :class:`Board` value and kept on it
(boards are immutable, so it never goes stale): its attachments by kind, by card and by
host. :func:`attach` and :func:`detach` give a new board, sharing what did not change.

- :func:`walk`: every attached card of the game, ``(card, host, kind)``.
- :func:`host_of`: the card ``card`` is directly attached to (a location's people, a
  building's region, an item's, mount's or troop's leader, a rune's card, a held
  leader's card), or ``None``.
- :func:`hosts_of`: its hosts up the chain, the nearest first (a building, its region,
  the region's people).
- :func:`attached_to`: the cards directly attached to ``card``.
- :func:`attached_as`: the cards attached to a host as one kind (a people's location, a
  leader's items), from the realms or the board's relation alike; :func:`placed_on`
  and :func:`location_of`, a people's location and the building on it.
- :func:`carried_by`: the cards attached to ``card`` directly or indirectly (*akár
  közvetve*, 5.12): what leaves the board with it, in the order it leaves.
- :func:`of_kind`, :func:`attachment_of`: the board relation's records of a kind, the
  one record of a card there.
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
    Realm,
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
    hosted: dict[tuple[CardId, AttachKind], tuple[CardId, ...]]
    """The cards attached to each host as each kind, in the order attached."""
    placed: dict[CardId, tuple[CardId, ...]]
    """The location on each people that has one, with the building on it (8.region)."""


def board_index(board: Board) -> BoardIndex:
    """The index of ``board``'s attachments, built on first use and kept on the board."""
    found: BoardIndex | None = board._index
    if found is not None:
        return found
    kinds: dict[AttachKind, list[Attachment]] = {}
    cards: dict[CardId, Attachment] = {}
    hosted: dict[tuple[CardId, AttachKind], list[CardId]] = {}
    for a in board.attachments:
        kinds.setdefault(a.kind, []).append(a)
        cards[a.card] = a
        hosted.setdefault((a.host, a.kind), []).append(a.card)
    on = {k: tuple(v) for k, v in hosted.items()}
    placed = {a.host: (a.card, *on.get((a.card, BUILDING), ())) for a in kinds.get(LOCATION, ())}
    index = BoardIndex({k: tuple(v) for k, v in kinds.items()}, cards, on, placed)
    object.__setattr__(board, "_index", index)
    return index


def of_kind(game: Game, kind: AttachKind) -> tuple[Attachment, ...]:
    """The board's attachments of ``kind``, in the order they were attached."""
    return board_index(game.board).kinds.get(kind, ())


def attachment_of(game: Game, card: CardId) -> Attachment | None:
    """The board's record of ``card``'s attachment (mount, rune, held leader or a held
    leader's item), if it has one."""
    return board_index(game.board).cards.get(card)


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


Link = tuple[CardId, CardId, AttachKind]
"""One attached card of :func:`walk`: the card, its host, and how it is attached."""
MOUNT = AttachKind.MOUNT
RUNE = AttachKind.RUNE
HELD = AttachKind.HELD
LOCATION = AttachKind.LOCATION
BUILDING = AttachKind.BUILDING
ITEM = AttachKind.ITEM


def walk(game: Game) -> Iterator[Link]:
    """Every attached card of ``game`` as ``(card, host, kind)``, realm-kept and
    relation-kept alike: first the realms', player by player (each row leader's
    :attr:`~AttachKind.ITEM` cards, 3.5, in order), then the board's relation in the
    order attached (a people's :attr:`~AttachKind.LOCATION`, 3.3, and the
    :attr:`~AttachKind.BUILDING` on a region, 8.region, among them). A mount comes twice:
    among its rider's items and as its :attr:`~AttachKind.MOUNT` record (8.mount)."""
    for p in game.players:
        yield from realm_walk(p.realm)
    for a in game.board.attachments:
        yield a.card, a.host, a.kind


def realm_walk(realm: Realm) -> Iterator[Link]:
    """The attached cards one realm keeps, as :func:`walk` gives them: each row
    leader's items, in order."""
    for leader in realm.leaders:
        for item in leader.items:  # 3.5 items, 8.mount mounts, 7.3.1 troops
            yield item, leader.card, ITEM


Relation = tuple[
    dict[CardId, CardId],
    dict[CardId, tuple[CardId, ...]],
    dict[CardId, tuple[CardId, ...]],
]
"""The host of each attached card; the cards directly attached to each host, in the
order they leave with it (:func:`in_leaving_order`); and each leader's items, a row
leader's or a held one's."""


def _relation(game: Game) -> Relation:
    found: Relation | None = memoised(game, "hosting")
    if found is not None:
        return found
    return cached(game, "hosting", (), lambda: _build(game))


def in_leaving_order(game: Game) -> Iterator[Link]:
    """The links of :func:`walk` but the mounts' records (a mount is among its rider's
    items), kind by kind in the order cards leave with their host (1.4.2): a people's
    location and a region's building, and a row leader's items; then held leaders
    (5.15), each with its items; then runes (8.rune); each kind in the order attached."""
    board = game.board.attachments
    for a in board:
        if a.kind is LOCATION or a.kind is BUILDING:
            yield a.card, a.host, a.kind
    for p in game.players:
        yield from realm_walk(p.realm)
    for a in board:
        if a.kind is HELD or a.kind is ITEM:
            yield a.card, a.host, a.kind
    for a in board:
        if a.kind is RUNE:
            yield a.card, a.host, a.kind


def _build(game: Game) -> Relation:
    """The relation of :func:`in_leaving_order`: per host, what is attached to it in the
    order it leaves with it."""
    hosts: dict[CardId, CardId] = {}
    attached: dict[CardId, list[CardId]] = {}
    items: dict[CardId, list[CardId]] = {}
    for card, host, kind in in_leaving_order(game):
        hosts[card] = host
        attached.setdefault(host, []).append(card)
        if kind is ITEM:
            items.setdefault(host, []).append(card)
    return (
        hosts,
        {h: tuple(cs) for h, cs in attached.items()},
        {h: tuple(cs) for h, cs in items.items()},
    )


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
    """The cards directly attached to ``card``: its location or building, or its items,
    then the leaders it holds (5.15), then its runes (8.rune), each in the order they
    were attached."""
    return _relation(game)[1].get(card, ())


def attached_as(game: Game, host: CardId, kind: AttachKind) -> tuple[CardId, ...]:
    """The cards attached to ``host`` as ``kind``, in the order attached, whichever
    container keeps them: a people's location, a region's building, a leader's items
    (a row leader's or a held one's), a rider's mount, a card's runes or held leaders."""
    if kind is ITEM:
        return _relation(game)[2].get(host, ())
    return board_index(game.board).hosted.get((host, kind), ())


def placed_on(game: Game, people: CardId) -> tuple[CardId, ...]:
    """The location attached to ``people`` (3.3) and the building on it when it is a
    region (8.region), in that order."""
    return board_index(game.board).placed.get(people, ())


def location_of(game: Game, people: CardId) -> CardId | None:
    """The location attached to ``people`` (3.3), if it has one."""
    found = board_index(game.board).hosted.get((people, LOCATION))
    return None if found is None else found[0]


def carried_by(game: Game, card: CardId) -> tuple[CardId, ...]:
    """The cards attached to ``card`` directly or indirectly (5.12 *akár közvetve*):
    what leaves the board with it (1.4.2), in the order it leaves
    (:func:`in_leaving_order`: its location and the building on it, or its items; then
    the leaders held by any of these, each with its items; then the runes on any of
    these)."""
    attached = _relation(game)[1]
    found: set[CardId] = set()
    todo = list(attached.get(card, ()))
    while todo:
        c = todo.pop()
        if c in found or c == card:
            continue
        found.add(c)
        todo += attached.get(c, ())
    if len(found) < 2:
        return tuple(found)
    return tuple(dict.fromkeys(c for c, _, _ in in_leaving_order(game) if c in found))


def take_off(game: Game, cards: frozenset[CardId] | set[CardId]) -> Game:
    """``game`` with ``cards`` attached nowhere any more: out of the leaders' items that
    keep them and out of the board's relation, with the records of what is attached to
    them (what is left unchanged is shared). The cards themselves go nowhere: the
    caller puts them in their next zone."""
    players = list(game.players)
    for i, p in enumerate(players):
        leaders = p.leaders
        if any(c in cards for leader in leaders for c in leader.items):
            leaders = tuple(
                replace(leader, items=tuple(c for c in leader.items if c not in cards))
                if any(c in cards for c in leader.items)
                else leader
                for leader in leaders
            )
            players[i] = p.changed(leaders=leaders)
    if any(a is not b for a, b in zip(players, game.players, strict=True)):
        game = replace(game, players=tuple(players))
    board = game.board
    kept = tuple(a for a in board.attachments if a.card not in cards and a.host not in cards)
    if len(kept) == len(board.attachments):
        return game
    return replace(game, board=replace(board, attachments=kept))
