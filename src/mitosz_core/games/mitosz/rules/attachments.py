"""The attachment keywords of chapter 8: regions and buildings (8.region, 8.building),
runes that scribes attach (8.rune) and potions (8.potion).

- A building (*építmény*) goes onto a people like any location (3.3), or onto a region
  (*régió*) that has none yet: it is then attached to the region as if to the people
  (:attr:`PeopleSlot.building`), and leaves the board with the region. A region linked to
  the people it goes onto, and a building linked to the region it goes onto, are
  summoned free. A destroyed region takes its people with it
  (:func:`~.board.destroy`). One's own building may be sacrificed as a maneuver unless
  it is cursed (ruling R-8.building-sacrifice).
- A scribe (*írnok*) may attach a rune (*rúna*, a free maneuver of the rune subtype) to a
  card (:class:`~..actions.AttachRune`): the use takes hold on that card only, and the
  rune stays on it as its bound maneuver (3.9, :class:`~..state.AttachKind` ``KEYWORD``),
  acting on that card only; a magical or cursed rune makes the card magical or cursed
  (:func:`~.board.is_magical`, :func:`~.board.is_cursed`). Ruling R-8.rune.
- A potion (*főzet*) takes effect when its player sacrifices it: its maneuvers sacrifice
  it (the card data must say so), and sacrificing it uses one (ruling R-8.potion).
- A leader attached to a card by an effect (5.15, :class:`~..effects.language.AttachLeader`)
  leaves its leader row and no longer counts as a leader on the board
  (:class:`~..state.AttachKind` ``HELD``) until the condition set at attachment is met:
  the people the card belongs to is attacked (7.4.1), or its player's next turn starts.
  Then it returns to the leader row; until then it goes to the underworld with the card
  (:func:`~.board.destroy` and the other moves off the board). Ruling R-5.15-leader.
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.actions import SacrificeBuilding
from mitosz_core.games.mitosz.cards import CardType, linked
from mitosz_core.games.mitosz.effects.language import (
    Release,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import (
    controller,
    is_cursed,
    leader_slot,
    people_slot,
    region_slot,
    remove_to_underworld,
)
from mitosz_core.games.mitosz.rules.continuous import card_type
from mitosz_core.games.mitosz.rules.fights.core import line_of
from mitosz_core.games.mitosz.rules.hosting import (
    attach,
    attached_as,
    detach,
    held_facts,
    items_of,
    of_kind,
    placed_on,
)
from mitosz_core.games.mitosz.rules.zones import update_player
from mitosz_core.games.mitosz.state import (
    AttachKind,
    Attachment,
    CardId,
    Game,
    LeaderSlot,
)
from mitosz_core.games.mitosz.subtypes import Subtype

# --- 8.region, 8.building -------------------------------------------------------------------


def building_hosts(game: Game, player: int) -> tuple[CardId, ...]:
    """The regions of ``player``'s empire that can still take a building (8.region)."""
    return tuple(
        placed[0]
        for placed in (placed_on(game, slot.card) for slot in game.players[player].empire)
        if len(placed) == 1 and game.card(placed[0]).has_subtype(Subtype.REGION)
    )


def why_not_onto_region(game: Game, player: int, card: CardId, region: CardId) -> str | None:
    """8.building, 8.region: only a building goes onto a region, one per region, and only
    onto a region of one's own empire, or of an enemy's if the building is cursed (2.4)."""
    found = region_slot(game, region)
    assert found is not None
    if found[0] != player and not game.card(card).cursed:
        return f"#{region} is not a region of your empire (8.region)"
    if not game.card(card).has_subtype(Subtype.BUILDING):
        return "only a building is attached to a region (8.region, 8.building)"
    if attached_as(game, region, AttachKind.BUILDING):
        return f"{game.card(region).name} already has a building (8.building)"
    return None


def free_by_link(game: Game, card: CardId, target: CardId | None) -> bool:
    """A region linked to the people it goes onto (8.region), or a building linked to the
    region it goes onto (8.building), is summoned free (1.5.3 *ingyen*)."""
    d = game.card(card)
    if d.type is not CardType.LOCATION or target is None:
        return False
    if d.has_subtype(Subtype.REGION) and people_slot(game, target) is not None:
        return linked(d, game.card(target))
    if d.has_subtype(Subtype.BUILDING) and region_slot(game, target) is not None:
        return linked(d, game.card(target))
    return False


def buildings(game: Game, player: int) -> Iterator[CardId]:
    """``player``'s buildings on the board: on a people or on a region."""
    for slot in game.players[player].empire:
        for card in placed_on(game, slot.card):
            if game.card(card).has_subtype(Subtype.BUILDING):
                yield card


def why_not_sacrifice_building(s: S, player: int, a: SacrificeBuilding) -> str | None:
    """8.building: one's own building, unless cursed (2.4); like an item's sacrifice
    (3.5), in its player's own summoning steps (ruling R-8.building-sacrifice)."""
    game = s.game
    if a.card not in set(buildings(game, player)):
        return f"#{a.card} is not a building in your empire (8.building)"
    if is_cursed(game, a.card):
        return f"{game.card(a.card).name} is cursed and cannot be sacrificed (2.4, 8.building)"
    return None


def sacrifice_building(s: S, a: SacrificeBuilding) -> S:
    return remove_to_underworld(s, a.card)


# --- 5.15: leaders attached to cards --------------------------------------------------------


def attach_leaders(
    s: S, leaders: tuple[CardId, ...], hosts: tuple[CardId, ...], release: Release
) -> S:
    """5.15: each of ``leaders`` in a leader row leaves it, with what is attached to it,
    and is attached to the first of ``hosts``: it no longer counts as a leader on the
    board (:class:`~..state.AttachKind` ``HELD``, :func:`~.board.held_cards`) until
    ``release`` is met.

    The host is a permanent or troop on the board (not the high god, 3.1). A card that is
    a leader no more (5.16), the host itself or a card attached to it, and a war leader of
    the fight in progress (ruling R-5.15-leader) are not attached."""

    game = s.game
    host = hosts[0] if hosts else None
    if host is None or controller(game, host) is None:
        return s
    if card_type(game, host) in (CardType.HIGH_GOD, CardType.MANEUVER):
        return s
    for leader in leaders:
        game = s.game
        found = leader_slot(game, leader)
        if found is None or leader == host or host in items_of(game, leader):
            continue
        if card_type(game, leader) is not CardType.LEADER or _fighting(game, leader):
            continue
        player, slot = found
        row = tuple(x for x in game.players[player].leaders if x.card != leader)
        s = update_player(s, player, leaders=row)
        held = Attachment(
            leader, host, AttachKind.HELD, player=player, release=release, turned=slot.turned
        )
        s = s.evolve(game=attach(s.game, held))  # its items and mount stay attached to it
    return s


def _fighting(game: Game, leader: CardId) -> bool:

    return game.fight is not None and line_of(game.fight, leader) is not None


def release_leaders(s: S, released: tuple[Attachment, ...]) -> S:
    """5.15: the conditions set at attachment are met: each held leader (``HELD``)
    returns to its player's leader row, as it was (turned or not, with what is attached
    to it). A row that is now over its limit is a matter for 3.4.2."""
    if not released:
        return s
    game = s.game
    slots = tuple(LeaderSlot(h.card, h.turned) for h in released)
    s = s.evolve(game=detach(game, {x.card for x in slots}))  # what it carries stays on it
    for h, slot in zip(released, slots, strict=True):
        player = held_facts(h)[0]
        p = s.game.players[player]
        s = update_player(s, player, leaders=(*p.leaders, slot))
    return s


def release_attacked(s: S, people: CardId) -> S:
    """5.15 with 7.4.1: ``people`` is attacked, and with it its location and that
    location's building: the leaders attached to any of them until then return."""
    found = people_slot(s.game, people)
    held = of_kind(s.game, AttachKind.HELD)
    if found is None or not held:
        return s
    slot = found[1]
    hosts = {slot.card, *placed_on(s.game, slot.card)}
    return release_leaders(
        s, tuple(h for h in held if h.release is Release.ATTACKED and h.host in hosts)
    )


def release_at_turn_start(s: S) -> S:
    """5.15 with 6.2.1: the active player's leaders attached until the start of their
    turn return."""
    active = s.game.active
    return release_leaders(
        s,
        tuple(
            h
            for h in of_kind(s.game, AttachKind.HELD)
            if h.release is Release.TURN_START and h.player == active
        ),
    )
