"""The board (*pást*, 1.2): finding permanents, and taking them off with attachments.

A card taken off the board keeps no memory: attachments and markers leave with it
(1.2.6), and attached cards go to the underworld with it (1.4.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.bearing import passing
from mitosz_core.games.mitosz.rules.hosting import (
    attached_as,
    attachment_of,
    carried_by,
    host_of,
    items_of,
    of_kind,
    placed_on,
    take_off,
)
from mitosz_core.games.mitosz.rules.zones import to_oblivion, to_underworld, update_player
from mitosz_core.games.mitosz.state import (
    AttachKind,
    Attachment,
    CardId,
    Game,
    LeaderSlot,
    PeopleSlot,
    cached,
    keys_by_player,
    memoised,
)
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.values import replace

_BOARD = keys_by_player("board")


def board_cards(game: Game, player: int) -> tuple[CardId, ...]:
    """Every card on ``player``'s side of the board, high god included."""
    key = _BOARD[player]
    found: tuple[CardId, ...] | None = memoised(game, key)
    if found is not None:
        return found
    return cached(game, key, (), lambda: tuple(_board_cards(game, player)))


def _board_cards(game: Game, player: int) -> Iterator[CardId]:
    """The high god; each people, then its location and the building on that region
    (8.region); each leader, then its items; the intrigues; then the keyword cards
    (chapter 8) on any of these."""
    realm = game.players[player].realm
    yield realm.high_god
    mine: list[CardId] = []
    for people in realm.empire:
        mine.append(people.card)
        mine += placed_on(game, people.card)
    for leader in realm.leaders:
        mine.append(leader.card)
        mine += items_of(game, leader.card)
    mine += realm.intrigues
    yield from mine
    attached = of_kind(game, AttachKind.KEYWORD)
    if attached:  # a keyword's card is on the side of the card it is attached to
        on_side = set(mine)
        for a in attached:
            if a.host in on_side:
                yield a.card


def held_cards(game: Game) -> tuple[CardId, ...]:
    """The leaders attached to cards by effects (5.15), with what is attached to them
    and the keyword cards on any of these (chapter 8): on the board, but not among the cards of
    either side (:func:`board_cards`) until they are released."""
    held = of_kind(game, AttachKind.HELD)
    if not held:
        return ()
    cards = [c for h in held for c in (h.card, *items_of(game, h.card))]
    on = set(cards)
    cards += (a.card for a in of_kind(game, AttachKind.KEYWORD) if a.host in on)
    return tuple(cards)


def held_leader(game: Game, card: CardId) -> Attachment | None:
    """The attachment of leader ``card`` to a card (5.15), if it is attached so."""
    found = attachment_of(game, card)
    return found if found is not None and found.kind is AttachKind.HELD else None


def all_board_cards(game: Game) -> tuple[CardId, ...]:
    """Every card on the board, in player order."""
    return cached(
        game,
        "all-board",
        (),
        lambda: tuple(c for i in range(len(game.players)) for c in board_cards(game, i)),
    )


def controller(game: Game, card: CardId) -> int | None:
    """The player on whose side ``card`` is, or ``None`` if it is not on the board."""
    return _sides(game).get(card)


def _sides(game: Game) -> dict[CardId, int]:
    found: dict[CardId, int] | None = memoised(game, "sides")
    if found is not None:
        return found
    return cached(
        game,
        "sides",
        (),
        lambda: {c: i for i in range(len(game.players)) for c in board_cards(game, i)},
    )


def people_slot(game: Game, card: CardId) -> tuple[int, PeopleSlot] | None:
    for i, p in enumerate(game.players):
        for slot in p.empire:
            if slot.card == card:
                return i, slot
    return None


def leader_slot(game: Game, card: CardId) -> tuple[int, LeaderSlot] | None:
    for i, p in enumerate(game.players):
        for slot in p.leaders:
            if slot.card == card:
                return i, slot
    return None


def is_high_god_leader(game: Game, player: int, card: CardId) -> bool:
    """Whether ``card`` is ``player``'s high god as a leader (same name, 2.8 and 3.4.3)."""
    return game.card(card).name_en == game.card(game.players[player].high_god).name_en


def _lift(s: S, card: CardId) -> tuple[S, tuple[CardId, ...]]:
    """Take ``card`` off the board (1.4.2): out of its place (a people's slot, a leader's
    slot, the intrigues, or the card it is attached to), with everything attached to it
    directly or indirectly, in one walk of the relation (:func:`~.hosting.carried_by`,
    whatever kind each attachment is). Returns the state and the cards that left,
    ``card`` first, then its attachments in the order they leave."""
    game = s.game
    gone = (card, *carried_by(game, card))
    if host_of(game, card) is None:
        game = _off_row(game, card)
    game = take_off(game, set(gone))
    return _cleared(s.evolve(game=game), gone), gone


def _off_row(game: Game, card: CardId) -> Game:
    """``game`` with ``card``, a card attached to none, out of its row: a people's slot
    (3.2), a leader's (3.4) or the intrigues (3.6)."""
    for i, p in enumerate(game.players):
        if any(slot.card == card for slot in p.empire):
            empire = tuple(slot for slot in p.empire if slot.card != card)
            return game.with_player(i, p.changed(empire=empire))
        if any(slot.card == card for slot in p.leaders):
            leaders = tuple(slot for slot in p.leaders if slot.card != card)
            return game.with_player(i, p.changed(leaders=leaders))
        if card in p.intrigues:
            intrigues = tuple(c for c in p.intrigues if c != card)
            return game.with_player(i, p.changed(intrigues=intrigues))
    raise ValueError(f"card #{card} is not on the board")


def _cleared(s: S, gone: tuple[CardId, ...]) -> S:
    """Cards leaving the board keep no memories (1.2.6): their markers and the lasting
    effects fixed on them go too."""
    game = s.game
    markers = tuple(m for m in game.markers if m.card not in gone)
    effects = tuple(e for e in game.effects if e.target not in gone)
    return s.evolve(game=replace(game, markers=markers, effects=effects))


def remove_to_underworld(s: S, card: CardId) -> S:
    """Send a board card, with everything attached to it, to the underworld (1.4.2).

    If it is its owner's high god as a leader (on whichever side), the owner discards
    every card in hand and loses every sphere point (3.4.3).
    """
    return remove_all_to_underworld(s, (card,))


def remove_all_to_underworld(s: S, cards: Iterable[CardId]) -> S:
    """Send board cards that leave at once (one effect or one state-based check), each
    with everything attached to it, to the underworld together (1.4.2: "Ha egyszerre
    több lap kerülne a túlvilágba, a játékosuk dönti el a sorrendet", when several cards
    would go to the underworld at once, their player decides the order): each owner's
    cards are one batch (:func:`~.zones.to_underworld`). A card an earlier one took
    along as its attachment is not sent again. An owner whose high god as a leader is
    among them (on whichever side) then discards every card in hand and loses every
    sphere point (3.4.3)."""
    gone: list[CardId] = []
    god_owners: list[int] = []
    for card in cards:
        if card in gone:
            continue  # taken along with an earlier card, as its attachment
        if controller(s.game, card) is None:
            raise ValueError(f"card #{card} is not on the board")
        if s.game.card(card).type is CardType.HIGH_GOD:
            raise ValueError("the high god cannot leave the board (3.1)")
        owner = s.game.owner(card)  # 3.4.3: whose high god it is, stolen or not (R-3.4.3-stolen)
        if leader_slot(s.game, card) is not None and is_high_god_leader(s.game, owner, card):
            god_owners.append(owner)
        s, lifted = _lift(s, card)
        gone.extend(lifted)
    s = to_underworld(s, tuple(gone))
    for owner in god_owners:
        s = lose_everything(s, owner)
    return s


def destroy(s: S, card: CardId) -> S:
    """Destroy (*elpusztít*) a board card: it goes to the underworld with its attachments
    (1.4.2). A destroyed region takes the people it is attached to with it (8.region)."""
    return destroy_all(s, (card,))


def destroy_all(s: S, cards: Iterable[CardId]) -> S:
    """Destroy board cards at once (:func:`remove_all_to_underworld`); a destroyed
    region takes the people it is attached to with it (8.region)."""
    taken = []
    for card in cards:
        found = region_slot(s.game, card)
        taken.append(card if found is None else found[1].card)
    return remove_all_to_underworld(s, dict.fromkeys(taken))


def region_slot(game: Game, card: CardId) -> tuple[int, PeopleSlot] | None:
    """The empire slot whose location is region ``card`` (8.region), with its player."""
    if not game.card(card).has_subtype(Subtype.REGION):
        return None
    found = attachment_of(game, card)
    if found is None or found.kind is not AttachKind.LOCATION:
        return None
    return people_slot(game, found.host)


def remove_to_hand(s: S, card: CardId) -> S:
    """Return a board card to its owner's hand (1.2.3); what was attached to it goes to
    the underworld (1.4.2, 1.2.6)."""
    s, gone = _lift(s, card)
    owner = s.game.owner(card)
    p = s.game.players[owner]
    s = update_player(s, owner, hand=(*p.hand, card))
    return to_underworld(s, gone[1:])


def set_turned(s: S, cards: tuple[CardId, ...], turned: bool) -> S:
    """Turn (*elforgat*) or turn back (*visszaforgat*) the leaders among ``cards``; other
    card types never turn (4.5)."""
    chosen = set(cards)
    for i, p in enumerate(s.game.players):
        if any(x.card in chosen for x in p.leaders):
            leaders = tuple(replace(x, turned=turned) if x.card in chosen else x for x in p.leaders)
            s = update_player(s, i, leaders=leaders)
    return s


def remove_to_oblivion(s: S, card: CardId) -> S:
    """Exile a board card; its attachments go to the underworld (1.4.2, 1.4.4)."""
    s, gone = _lift(s, card)
    s = to_oblivion(s, gone[:1])
    return to_underworld(s, gone[1:])


def lose_everything(s: S, player: int) -> S:
    """3.4.3: the player discards every card in hand and loses every sphere point."""
    hand = s.game.players[player].hand
    s = update_player(s, player, hand=(), spheres=(0, 0, 0, 0))
    return to_underworld(s, hand)


# --- chapter 8: cards attached by their keyword ---------------------------------------------


def keyword_cards_on(game: Game, card: CardId) -> tuple[CardId, ...]:
    """The cards attached to ``card`` by their keyword (:attr:`~.state.AttachKind.KEYWORD`,
    such as runes, 8.rune), in the order attached."""
    return attached_as(game, card, AttachKind.KEYWORD)


# --- 2.4: cursed and magical cards --------------------------------------------------------


def is_magical(game: Game, card: CardId) -> bool:
    """Whether ``card`` is magical (2.4): printed so, or bearing a magical card whose
    keyword passes it on (:func:`~.bearing.passing`)."""
    if game.card(card).magical:
        return True
    return any(d.magical for d in passing(game, card))


def is_cursed(game: Game, card: CardId) -> bool:
    """Whether ``card`` is cursed (2.4): printed so, or bearing a cursed card whose
    keyword passes it on (:func:`~.bearing.passing`)."""
    if game.card(card).cursed:
        return True
    return any(d.cursed for d in passing(game, card))
