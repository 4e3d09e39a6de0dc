"""What is attached to what (1.4.2, 3.3, 3.5, 5.12, 5.15, 8.mount, 8.region, 8.rune): the
one query of the attachment relation.

Every attached card of the game is an :class:`Attachment` in the one relation of the
board, :attr:`Board.attachments`, with its :class:`AttachKind`: the peoples' locations
and the regions' buildings, a leader's items (a row leader's or a held one's; while a
battle lasts, also the troops of the line it leads), mounts, runes, and leaders held by
cards. Every rule and view that asks "what is ``card`` attached to" or "what is
attached to ``card``, directly or indirectly" asks it here, so none walks the relation
itself. :func:`take_off` is the one place that takes cards out of it.

The relation has an index, kept on each :class:`Board` value (boards are immutable, so
it never goes stale): its attachments by kind, by card and by host. :func:`attach` and
:func:`detach` give a new board, sharing what did not change, and carry the index
over, updated, rather than have it rebuilt: a leader's items change often (troops join
and leave in every fight).

- :func:`walk`: every attached card of the game, ``(card, host, kind)``.
- :func:`host_of`: the card ``card`` is directly attached to (a location's people, a
  building's region, an item's, mount's or troop's leader, a rune's card, a held
  leader's card), or ``None``.
- :func:`hosts_of`: its hosts up the chain, the nearest first (a building, its region,
  the region's people).
- :func:`attached_to`: the cards directly attached to ``card``.
- :func:`attached_as`: the cards attached to a host as one kind (a people's location, a
  leader's items); :func:`items_of`, a leader's items and mount together, in the order
  attached; :func:`placed_on` and :func:`location_of`, a people's location and the
  building on it.
- :func:`carried_by`: the cards attached to ``card`` directly or indirectly (*akár
  közvetve*, 5.12): what leaves the board with it, in the order it leaves.
- :func:`of_kind`, :func:`attachment_of`: the relation's records of a kind, the one
  record of a card.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

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
from mitosz_core.games.mitosz.subtypes import Subtype
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
    carried: dict[CardId, tuple[CardId, ...]]
    """Each leader's items and mount (:func:`items_of`), in the order attached."""
    placed: dict[CardId, tuple[CardId, ...]]
    """The location on each people that has one, with the building on it (8.region)."""


def board_index(board: Board) -> BoardIndex:
    """The index of ``board``'s attachments, built on first use and kept on the board
    (or carried over from the board it was made from, by :func:`attach` and
    :func:`detach`)."""
    found: BoardIndex | None = board._index
    if found is not None:
        return found
    kinds: dict[AttachKind, list[Attachment]] = {}
    cards: dict[CardId, Attachment] = {}
    hosted: dict[tuple[CardId, AttachKind], list[CardId]] = {}
    carried: dict[CardId, list[CardId]] = {}
    for a in board.attachments:
        kinds.setdefault(a.kind, []).append(a)
        cards[a.card] = a
        hosted.setdefault((a.host, a.kind), []).append(a.card)
        if a.kind is ITEM or a.kind is MOUNT:
            carried.setdefault(a.host, []).append(a.card)
    on = {k: tuple(v) for k, v in hosted.items()}
    index = BoardIndex(
        {k: tuple(v) for k, v in kinds.items()},
        cards,
        on,
        {k: tuple(v) for k, v in carried.items()},
        _placed(on, kinds.get(LOCATION, ())),
    )
    object.__setattr__(board, "_index", index)
    return index


def _placed(
    on: dict[tuple[CardId, AttachKind], tuple[CardId, ...]], locations: Iterable[Attachment]
) -> dict[CardId, tuple[CardId, ...]]:
    return {a.host: (a.card, *on.get((a.card, BUILDING), ())) for a in locations}


def _extended(index: BoardIndex, added: tuple[Attachment, ...]) -> BoardIndex:
    """``index`` with ``added`` attached last: the dictionaries copied, the entries of
    what was added changed, the rest shared."""
    kinds = dict(index.kinds)
    cards = dict(index.cards)
    hosted = dict(index.hosted)
    carried = dict(index.carried)
    for a in added:
        kinds[a.kind] = (*kinds.get(a.kind, ()), a)
        cards[a.card] = a
        hosted[a.host, a.kind] = (*hosted.get((a.host, a.kind), ()), a.card)
        if a.kind is ITEM or a.kind is MOUNT:
            carried[a.host] = (*carried.get(a.host, ()), a.card)
    placed = index.placed
    if any(a.kind is LOCATION or a.kind is BUILDING for a in added):
        placed = _placed(hosted, kinds.get(LOCATION, ()))
    return BoardIndex(kinds, cards, hosted, carried, placed)


def _reduced(index: BoardIndex, gone: tuple[Attachment, ...]) -> BoardIndex:
    """``index`` without the records ``gone``: the entries they were in filtered."""
    cards = dict(index.cards)
    for a in gone:
        cards.pop(a.card, None)
    lost = {a.card for a in gone}
    kinds = dict(index.kinds)
    for kind in {a.kind for a in gone}:
        kept = tuple(a for a in kinds[kind] if a.card not in lost)
        if kept:
            kinds[kind] = kept
        else:
            del kinds[kind]
    hosted = _without_cards(index.hosted, {(a.host, a.kind) for a in gone}, lost)
    held = {a.host for a in gone if a.kind is ITEM or a.kind is MOUNT}
    carried = _without_cards(index.carried, held, lost) if held else index.carried
    placed = index.placed
    if any(a.kind is LOCATION or a.kind is BUILDING for a in gone):
        placed = _placed(hosted, kinds.get(LOCATION, ()))
    return BoardIndex(kinds, cards, hosted, carried, placed)


K = TypeVar("K", bound=Hashable)


def _without_cards(
    entries: dict[K, tuple[CardId, ...]], keys: set[K], lost: set[CardId]
) -> dict[K, tuple[CardId, ...]]:
    """A copy of ``entries`` with the cards ``lost`` taken out of the entries ``keys``;
    an entry left empty is dropped."""
    out = dict(entries)
    for key in keys:
        left = tuple(c for c in out[key] if c not in lost)
        if left:
            out[key] = left
        else:
            del out[key]
    return out


def of_kind(game: Game, kind: AttachKind) -> tuple[Attachment, ...]:
    """The board's attachments of ``kind``, in the order they were attached."""
    return board_index(game.board).kinds.get(kind, ())


def of_keyword(game: Game, subtype: Subtype) -> tuple[Attachment, ...]:
    """The cards attached by the keyword of ``subtype`` (:attr:`~AttachKind.KEYWORD`
    records of cards of that subtype; chapter 8), in the order they were attached."""
    found = board_index(game.board).kinds.get(AttachKind.KEYWORD, ())
    return tuple(a for a in found if game.card(a.card).has_subtype(subtype)) if found else ()


def attachment_of(game: Game, card: CardId) -> Attachment | None:
    """The record of ``card``'s attachment, if it is attached."""
    return board_index(game.board).cards.get(card)


def held_facts(held: Attachment) -> tuple[int, Release]:
    """A held leader's player and release condition (5.15), which every ``HELD`` record
    has (the validator sees to it in a loaded state)."""
    if held.player is None or held.release is None:
        raise ValueError(f"held leader #{held.card} has no player or release condition")
    return held.player, held.release


def attach(game: Game, *added: Attachment) -> Game:
    """``game`` with ``added`` attached last (the board's other parts shared, its index
    carried over)."""
    board = game.board
    new = replace(board, attachments=(*board.attachments, *added))
    index: BoardIndex | None = board._index
    if index is not None:
        object.__setattr__(new, "_index", _extended(index, added))
    return replace(game, board=new)


def detach(game: Game, cards: frozenset[CardId] | set[CardId]) -> Game:
    """``game`` with the board's records of ``cards`` gone (``game`` itself if none)."""
    return _without(game, lambda a: a.card in cards)


def _without(game: Game, gone: Callable[[Attachment], bool]) -> Game:
    board = game.board
    lost = tuple(a for a in board.attachments if gone(a))
    if not lost:
        return game
    new = replace(board, attachments=tuple(a for a in board.attachments if not gone(a)))
    index: BoardIndex | None = board._index
    if index is not None:
        object.__setattr__(new, "_index", _reduced(index, lost))
    return replace(game, board=new)


Link = tuple[CardId, CardId, AttachKind]
"""One attached card of :func:`walk`: the card, its host, and how it is attached."""
MOUNT = AttachKind.MOUNT
KEYWORD = AttachKind.KEYWORD
HELD = AttachKind.HELD
LOCATION = AttachKind.LOCATION
BUILDING = AttachKind.BUILDING
ITEM = AttachKind.ITEM


def walk(game: Game) -> Iterator[Link]:
    """Every attached card of ``game`` as ``(card, host, kind)``, in the order attached:
    a people's :attr:`~AttachKind.LOCATION` (3.3), the :attr:`~AttachKind.BUILDING` on a
    region (8.region), a leader's :attr:`~AttachKind.ITEM` cards (3.5) and its
    :attr:`~AttachKind.MOUNT` (8.mount), keyword cards and held leaders."""
    for a in game.board.attachments:
        yield a.card, a.host, a.kind


Relation = tuple[dict[CardId, CardId], dict[CardId, tuple[CardId, ...]]]
"""The host of each attached card; and the cards directly attached to each host, in the
order they leave with it (:func:`in_leaving_order`)."""


def _relation(game: Game) -> Relation:
    found: Relation | None = memoised(game, "hosting")
    if found is not None:
        return found
    return cached(game, "hosting", (), lambda: _build(game))


def in_leaving_order(game: Game) -> Iterator[Link]:
    """The links of :func:`walk`, kind by kind in the order cards leave with their host
    (1.4.2): a people's location and a region's building, and a row leader's items and
    mount; then held leaders (5.15), each with its items and mount; then the cards
    keywords attach (:attr:`~AttachKind.KEYWORD`, chapter 8); each kind in the order
    attached."""
    board = game.board.attachments
    index = board_index(game.board)
    held = index.kinds.get(HELD, ())
    held_cards = {h.card for h in held}
    for a in board:
        if a.kind is LOCATION or a.kind is BUILDING:
            yield a.card, a.host, a.kind
    for a in board:
        if (a.kind is ITEM or a.kind is MOUNT) and a.host not in held_cards:
            yield a.card, a.host, a.kind
    cards = index.cards
    for h in held:
        yield h.card, h.host, h.kind
        for c in index.carried.get(h.card, ()):
            yield c, h.card, cards[c].kind
    for a in index.kinds.get(KEYWORD, ()):
        yield a.card, a.host, a.kind


def _build(game: Game) -> Relation:
    """The relation of :func:`in_leaving_order`: per host, what is attached to it in the
    order it leaves with it."""
    hosts: dict[CardId, CardId] = {}
    attached: dict[CardId, list[CardId]] = {}
    for card, host, _ in in_leaving_order(game):
        hosts[card] = host
        attached.setdefault(host, []).append(card)
    return hosts, {h: tuple(cs) for h, cs in attached.items()}


def host_of(game: Game, card: CardId) -> CardId | None:
    """The card ``card`` is directly attached to, if it is attached to one."""
    found = board_index(game.board).cards.get(card)
    return None if found is None else found.host


def hosts_of(game: Game, card: CardId) -> tuple[CardId, ...]:
    """The cards ``card`` is attached to, directly or indirectly, the nearest first."""
    cards = board_index(game.board).cards
    chain: list[CardId] = []
    found = cards.get(card)
    while found is not None and found.host not in chain and found.host != card:
        chain.append(found.host)
        found = cards.get(found.host)
    return tuple(chain)


def attached_to(game: Game, card: CardId) -> tuple[CardId, ...]:
    """The cards directly attached to ``card``: its location or building, or its items
    and mount, then the leaders it holds (5.15), then its keyword cards (chapter 8), each in the
    order they were attached."""
    return _relation(game)[1].get(card, ())


def attached_as(game: Game, host: CardId, kind: AttachKind) -> tuple[CardId, ...]:
    """The cards attached to ``host`` as ``kind``, in the order attached: a people's
    location, a region's building, a leader's items (and troops while a battle lasts), a
    rider's mount, a card's keyword cards or held leaders."""
    return board_index(game.board).hosted.get((host, kind), ())


def items_of(game: Game, leader: CardId) -> tuple[CardId, ...]:
    """The cards attached to ``leader`` as :attr:`~AttachKind.ITEM` or as its
    :attr:`~AttachKind.MOUNT`, in the order attached: its items (3.5), its mount
    (8.mount) and, while a battle lasts, the troops of the line it leads (7.3.4), all
    that a leader carries, and what the views list under it."""
    return board_index(game.board).carried.get(leader, ())


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
    (:func:`in_leaving_order`: its location and the building on it, or its items and
    mount; then the leaders held by any of these, each with its items; then the keyword cards on
    any of these)."""
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
    """``game`` with ``cards`` attached nowhere any more: their records gone from the
    relation, with the records of what is attached to them (what is left unchanged is
    shared). The cards themselves go nowhere: the caller puts them in their next
    zone."""
    return _without(game, lambda a: a.card in cards or a.host in cards)
