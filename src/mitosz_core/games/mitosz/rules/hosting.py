"""What is attached to what (1.4.2, 3.3, 3.5, 5.12, 5.15, 8.mount, 8.region, 8.rune): the
one query of the attachment relation, whatever container a card is kept in.

Attached cards are kept in several places of the state: a people's location
(:attr:`PeopleSlot.location`) and the building on its region (:attr:`PeopleSlot.building`),
a leader's items, mount and troops (:attr:`LeaderSlot.items`, with :attr:`Board.mounts`
naming the mounts), runes (:attr:`Board.runes`) and leaders attached to cards by effects
(:attr:`Board.held`, with their own items). Every rule that asks "what is ``card``
attached to" or "what is attached to ``card``, directly or indirectly" asks it here, so
no rule walks the containers itself and none forgets one of them.

- :func:`host_of`: the card ``card`` is directly attached to (a location's people, a
  building's region, an item's, mount's or troop's leader, a rune's card, a held
  leader's card), or ``None``.
- :func:`hosts_of`: its hosts up the chain, the nearest first (a building, its region,
  the region's people).
- :func:`attached_to`: the cards directly attached to ``card``.
- :func:`carried_by`: the cards attached to ``card`` directly or indirectly (*akár
  közvetve*, 5.12), each host before what is attached to it.
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.state import CardId, Game, cached, memoised

Relation = tuple[dict[CardId, CardId], dict[CardId, tuple[CardId, ...]]]
"""The host of each attached card, and the cards directly attached to each host, in
the order they were attached."""


def _relation(game: Game) -> Relation:
    found: Relation | None = memoised(game, "hosting")
    if found is not None:
        return found
    return cached(game, "hosting", (), lambda: _build(game))


def _pairs(game: Game) -> Iterator[tuple[CardId, CardId]]:
    """Every ``(card, host)`` pair of the board, container by container."""
    for p in game.players:
        for slot in p.empire:
            if slot.location is not None:
                yield slot.location, slot.card  # 3.3
                if slot.building is not None:
                    yield slot.building, slot.location  # 8.region: onto the region
        for leader in p.leaders:
            for item in leader.items:  # 3.5 items, 8.mount mounts, 7.3.1 troops
                yield item, leader.card
    for held in game.held:  # 5.15: a leader attached to a card, with its items
        yield held.slot.card, held.host
        for item in held.slot.items:
            yield item, held.slot.card
    for rune in game.runes:  # 8.rune
        yield rune.card, rune.host


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
