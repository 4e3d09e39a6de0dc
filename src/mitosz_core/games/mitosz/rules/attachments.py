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
  rune stays on it as its bound maneuver (3.9, :class:`~..state.AttachKind` ``RUNE``),
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

from mitosz_core.games.mitosz.actions import AttachRune, SacrificeBuilding
from mitosz_core.games.mitosz.cards import CardType, linked
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    Cards,
    Chosen,
    Every,
    Maneuver,
    Release,
    Sequence,
    User,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import (
    board_cards,
    controller,
    is_cursed,
    leader_slot,
    people_slot,
    region_slot,
    remove_to_underworld,
    rune_host,
)
from mitosz_core.games.mitosz.rules.continuous import card_type
from mitosz_core.games.mitosz.rules.fights.core import line_of
from mitosz_core.games.mitosz.rules.high_god import why_not_pay
from mitosz_core.games.mitosz.rules.hosting import (
    attach,
    attached_as,
    detach,
    held_facts,
    of_kind,
)
from mitosz_core.games.mitosz.rules.maneuvers import (
    FREE,
    effects_of,
    free_users,
    pending_target,
    qualifying_users,
    take_free_maneuver,
    total_cost,
    why_not_ready,
    why_not_timing,
)
from mitosz_core.games.mitosz.rules.selection import matches
from mitosz_core.games.mitosz.rules.zones import to_underworld, update_player
from mitosz_core.games.mitosz.state import (
    AttachKind,
    Attachment,
    CardId,
    Game,
    LeaderSlot,
    ManeuverPending,
)
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.values import replace

# --- 8.region, 8.building -------------------------------------------------------------------


def building_hosts(game: Game, player: int) -> tuple[CardId, ...]:
    """The regions of ``player``'s empire that can still take a building (8.region)."""
    return tuple(
        slot.location
        for slot in game.players[player].empire
        if slot.location is not None
        and slot.building is None
        and game.card(slot.location).has_subtype(Subtype.REGION)
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
    if found[1].building is not None:
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
        for card in (slot.location, slot.building):
            if card is not None and game.card(card).has_subtype(Subtype.BUILDING):
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


# --- 8.rune -----------------------------------------------------------------------------------


def is_rune(game: Game, card: CardId) -> bool:
    """A rune: a free-maneuver card of the rune subtype (8.rune)."""
    d = game.card(card)
    return d.type is CardType.MANEUVER and d.has_subtype(Subtype.RUNE)


def selector(m: Maneuver) -> Cards | None:
    """The cards the rune's maneuver acts on, when it names a card selector."""

    stack: list[AnyEffect] = list(effects_of(m, 1 + len(m.steps)))
    while stack:
        e = stack.pop(0)
        if isinstance(e, Sequence):
            stack[:0] = e.effects
            continue
        target = getattr(e, "target", None)
        if isinstance(target, Chosen | Every):
            return target.cards
    return None


def focus(effect: AnyEffect) -> AnyEffect:
    """``effect`` acting only on the chosen card, the rune's card (8.rune): every card
    target becomes that one card."""
    if isinstance(effect, Sequence):
        return Sequence(tuple(focus(e) for e in effect.effects))
    if isinstance(getattr(effect, "target", None), Chosen | Every | User):
        focused: AnyEffect = replace(effect, target=Chosen(Cards()))
        return focused
    return effect


def focused(m: Maneuver) -> Maneuver:
    """Maneuver ``m`` restricted to the card its rune is attached to (8.rune)."""
    steps = tuple(replace(step, effect=focus(step.effect)) for step in m.steps)
    return replace(m, effect=focus(m.effect), steps=steps)


def rune_candidates(s: S, player: int) -> Iterator[AttachRune]:
    """Every rune attachment worth testing for ``player``."""

    game = s.game
    for card in game.players[player].hand:
        if not is_rune(game, card):
            continue
        hosts = [
            c
            for side in range(len(game.players))
            for c in board_cards(game, side)
            if side == player or game.card(card).cursed
        ]
        for user in free_users(s, player, card):
            if game.card(user).has_subtype(Subtype.SCRIBE):
                for index, m in enumerate(game.card(card).maneuvers):
                    if why_not_ready(s, user, FREE, m) is not None:
                        continue  # 3.4.1, 4.2.6, 4.5
                    for host in hosts:
                        yield AttachRune(card, user, host, index)


def why_not_attach_rune(s: S, player: int, a: AttachRune) -> str | None:
    """8.rune: a scribe of one's own uses a rune from hand to attach it to a permanent or
    troop on one's own side (a cursed rune onto an enemy's card too, 2.4) that its
    maneuver can act on; timing and use cost as for any use (4.2.1, 4.2.2)."""

    game = s.game
    if a.card not in game.players[player].hand:
        return f"#{a.card} is not in your hand"
    d = game.card(a.card)
    if not is_rune(game, a.card):
        return f"{d.name} is not a rune (8.rune)"
    if not 0 <= a.index < len(d.maneuvers):
        return f"{d.name} has no maneuver {a.index}"
    m = d.maneuvers[a.index]
    if pending_target(m) is not None:
        return "a rune that acts on a pending event has no card to act on (ruling R-8.rune)"
    if not game.card(a.user).has_subtype(Subtype.SCRIBE):
        return f"{game.card(a.user).name} is not a scribe: only a scribe attaches a rune (8.rune)"
    if a.user not in set(qualifying_users(s, player, a.card)):
        return f"#{a.user} may not use {d.name} (3.9)"
    side = controller(game, a.target)
    host = game.card(a.target)
    if side is None or host.type in (CardType.HIGH_GOD, CardType.MANEUVER):
        return f"#{a.target} is not a permanent or troop on the board (8.rune, 3.1)"
    if side != player and not d.cursed:
        return f"only a cursed rune is attached to an enemy card (2.4): #{a.target} is not yours"
    cards = selector(m)
    if cards is not None and not matches(game, player, side, a.target, cards, a.user):
        return f"{d.name} cannot act on {host.name}, so it cannot be attached to it (8.rune)"
    return (
        why_not_ready(s, a.user, FREE, m)  # 3.4.1, 4.2.6, 4.5
        or why_not_timing(s, player, m)
        or why_not_pay(
            game.players[player].spheres, total_cost(m, 1, 1, linked(d, game.card(a.user)))
        )
    )


def attach_rune(s: S, player: int, a: AttachRune) -> tuple[S, ManeuverPending]:
    """4.6.1-4.6.3 for a rune being attached: shown, paid, the scribe turns; it waits on
    the stack with the card it goes onto."""

    s = take_free_maneuver(s, player, a.card, a.index, a.user, 1)
    item = ManeuverPending(
        0,
        player,
        card=a.card,
        user=a.user,
        maneuver=a.index,
        target=a.target,
        rune=a.card,
    )
    return s, item


def rune_resolution(
    s: S, item: ManeuverPending, m: Maneuver
) -> tuple[S, ManeuverPending | None, Maneuver]:
    """A resolving use that concerns a rune (8.rune): the state, the use as it goes on to
    take hold (``None`` if it ends here) and its maneuver, focused on the rune's card.

    Being attached, a rune that is neutralised, or whose card has left the board, goes
    to the underworld. Once attached, it stays until its card leaves the board or a use
    of it is neutralised (5.15)."""
    game = s.game
    rune = item.rune
    assert rune is not None
    if item.card == rune:  # a scribe attaching it
        host = item.target
        if item.neutralized or host is None or controller(game, host) is None:
            return to_underworld(s, (rune,)), None, m
        s = s.evolve(game=attach(game, Attachment(rune, host, AttachKind.RUNE)))
        return s, replace(item, card=None), focused(m)
    host = rune_host(game, rune)
    if item.neutralized:
        return (s if host is None else remove_to_underworld(s, rune)), None, m
    return s, item, focused(m)


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
        if found is None or leader == host or host in found[1].items:
            continue
        if card_type(game, leader) is not CardType.LEADER or _fighting(game, leader):
            continue
        player, slot = found
        row = tuple(x for x in game.players[player].leaders if x.card != leader)
        s = update_player(s, player, leaders=row)
        held = Attachment(
            leader, host, AttachKind.HELD, player=player, release=release, turned=slot.turned
        )
        items = (Attachment(item, leader, AttachKind.ITEM) for item in slot.items)
        s = s.evolve(game=attach(s.game, held, *items))
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
    slots = tuple(
        LeaderSlot(h.card, h.turned, attached_as(game, h.card, AttachKind.ITEM)) for h in released
    )
    s = s.evolve(game=detach(game, {c for x in slots for c in (x.card, *x.items)}))
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
    hosts = {c for c in (slot.card, slot.location, slot.building) if c is not None}
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
