"""The combat keywords of chapter 8 that decide who may fight and how (8.hero,
8.flying, 8.mount), with 7.2.3 (may not attack, may not fight).

The keywords that change a line or a level are in :mod:`.army` (8.warlord, 8.fortress,
8.monster.3); a monster kept after a win is in :mod:`.spoils` (8.monster.5).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.actions import AttachMount
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Permission
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import is_cursed, leader_slot
from mitosz_core.games.mitosz.rules.continuous import permitted
from mitosz_core.games.mitosz.rules.fights.army import has, shareable
from mitosz_core.games.mitosz.rules.hosting import attach, detach, items_of
from mitosz_core.games.mitosz.rules.zones import to_underworld, update_player
from mitosz_core.games.mitosz.state import AttachKind, Attachment, CardId, Game
from mitosz_core.games.mitosz.subtypes import Subtype


def may_attack(game: Game, card: CardId) -> bool:
    """7.2.3: a creature that may not attack is no challenger and no war leader attacking
    a people."""
    return not permitted(game, card, Permission.CANNOT_ATTACK)


def may_fight(game: Game, card: CardId) -> bool:
    """7.2.3: a creature that may not fight takes part only when challenged to a duel."""
    return not permitted(game, card, Permission.CANNOT_FIGHT)


def unturned(game: Game, card: CardId) -> bool:
    """3.4.1: an unturned leader in the leader row."""
    found = leader_slot(game, card)
    return found is not None and not found[1].turned


def flies(game: Game, card: CardId) -> bool:
    """8.flying: the card is of the flying type (its own, or shared by a mount)."""
    return has(game, card, Subtype.FLYING)


def crosses_closed_roads(game: Game, card: CardId) -> bool:
    """8.flying, 3.2.2: a flying leader, or one an effect allows, may attack a people
    across a closed road as commander; an effect denying it wins over flying (G2: card
    text over the rules), the strongest of conflicting effects deciding (5.9)."""
    return permitted(game, card, Permission.ATTACK_CLOSED_ROADS, default=flies(game, card))


def can_challenge(game: Game, card: CardId) -> bool:
    """8.hero, 7.6.1, 7.2.3: an unturned hero that may attack and fight."""
    return (
        has(game, card, Subtype.HERO)
        and unturned(game, card)
        and may_attack(game, card)
        and may_fight(game, card)
    )


# --- 8.mount ------------------------------------------------------------------------------


def mount_options(s: S, player: int) -> Iterator[AttachMount]:
    """Every mount attachment worth testing for ``player``."""
    game = s.game
    row = [slot.card for slot in game.players[player].leaders]
    every_row = [slot.card for p in game.players for slot in p.leaders]
    for mount in row:
        if not game.card(mount).has_subtype(Subtype.MOUNT):
            continue
        for rider in every_row if is_cursed(game, mount) else row:  # 2.4
            if rider != mount:
                yield AttachMount(mount, rider)
                for shared in shareable(game, mount):
                    yield AttachMount(mount, rider, shared)


def why_not_mount(s: S, player: int, a: AttachMount) -> str | None:
    """8.mount: from the leader row onto a non-mount leader of the row (a cursed mount
    onto an enemy's leader too, 2.4), one mount per leader, sharing at most one subtype
    that is neither a leader nor a race subtype.
    Only the summoning steps take it (ruling R-8.mount-troop: not the combat phase,
    7.2.1)."""
    game = s.game
    mount = leader_slot(game, a.card)
    rider = leader_slot(game, a.rider)
    if mount is None or mount[0] != player or not game.card(a.card).has_subtype(Subtype.MOUNT):
        return f"#{a.card} is not a mount in your leader row (8.mount)"
    if rider is None or a.rider == a.card or (rider[0] != player and not is_cursed(game, a.card)):
        return f"#{a.rider} is not another leader in your leader row (8.mount, 2.4)"
    if game.card(a.rider).has_subtype(Subtype.MOUNT):
        return "a mount is attached only to a leader that is not a mount (8.mount)"
    if any(game.card(c).has_subtype(Subtype.MOUNT) for c in items_of(game, a.rider)):
        return f"{game.card(a.rider).name} already has a mount (8.mount)"
    if a.shared is not None and a.shared not in shareable(game, a.card):
        return f"{a.shared} is not a subtype the mount can share (8.mount)"
    return None


def attach_mount(s: S, a: AttachMount) -> S:
    """The mount leaves the leader row and is attached to its rider (5.15: it no longer
    counts as a leader on the board). Items cannot change leaders (3.5), so what the mount
    carried goes to the underworld (ruling R-8.mount-items)."""
    game = s.game
    found = leader_slot(game, a.card)
    assert found is not None
    player, slot = found
    p = game.players[player]
    s = update_player(s, player, leaders=tuple(x for x in p.leaders if x.card != a.card))
    carried = items_of(game, slot.card)
    s = to_underworld(s.evolve(game=detach(s.game, set(carried))), carried)
    mounted = Attachment(a.card, a.rider, AttachKind.MOUNT, shared=a.shared)
    return s.evolve(game=attach(detach(s.game, {a.card}), mounted))


def mount_of(game: Game, rider: CardId) -> CardId | None:
    """The mount attached to ``rider``, if any."""
    found = leader_slot(game, rider)
    if found is None:
        return None
    for card in items_of(game, rider):
        if game.card(card).type is CardType.LEADER and game.card(card).has_subtype(Subtype.MOUNT):
            return card
    return None
