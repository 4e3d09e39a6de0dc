"""Levels (*szint*, 2.2), the same-mythos bonus (5.8) and power (*hatalompont*, 1.1).

Levels are derived from the board whenever they are read; nothing caches them, so a
change to a card's attachments or markers can never leave a stale level behind.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.cards import CardType, Road
from mitosz_core.games.mitosz.effects.language import ChangeLevel, ChangePower, SetLevel
from mitosz_core.games.mitosz.rules.board import board_cards, is_high_god_leader, leader_slot
from mitosz_core.games.mitosz.rules.continuous import (
    applies_to,
    lasting_of,
    level_bonus,
    neutralized,
)
from mitosz_core.games.mitosz.rules.hosting import items_of, placed_on
from mitosz_core.games.mitosz.rules.precedence import strongest
from mitosz_core.games.mitosz.rules.printed import base_level, same_mythos_bonus
from mitosz_core.games.mitosz.state import (
    CardId,
    Game,
    LeaderSlot,
    PeopleSlot,
    cached,
    derived,
    keys_by_player,
)

VICTORY_POWER = 12
"""Power needed to win (1.1.1)."""


def maneuver_level(
    game: Game, player: int, level: int, card: CardId | None, user: CardId | None
) -> int:
    """The level a maneuver gives its user (4.2.5): printed, +1 for a free maneuver card
    sharing the high god's mythos with its user (5.8 "depending on its user", ruling
    R-5.8-maneuver). A bound maneuver is printed on its user: one card, no pair."""
    if not level or card is None or user is None:
        return level
    d = game.card(card)
    if d.type is not CardType.MANEUVER:
        return level
    return level + same_mythos_bonus(game, player, d, game.card(user))


def location_bonus(game: Game, player: int, slot: PeopleSlot) -> int:
    """What a people's location adds to each of its roads (3.3, 5.8), with a building
    attached to its region as if to the people (8.region)."""
    total = 0
    for card in placed_on(game, slot.card):
        if neutralized(game, card):
            continue  # 5.5: a neutralised location gives no level
        total += base_level(game, card) + same_mythos_bonus(
            game, player, game.card(card), game.card(slot.card)
        )
    return total


def people_bonus(game: Game, slot: PeopleSlot) -> int:
    """Level given to a people goes to every road (3.2.1): its markers."""
    return sum(m.level for m in game.markers if m.card == slot.card)


def road_level(game: Game, player: int, slot: PeopleSlot, road: Road) -> int:
    """A road's level: printed, plus the people's gains, plus its location (3.2, 3.3)."""
    return road.level + people_bonus(game, slot) + location_bonus(game, player, slot)


def road_level_now(game: Game, player: int, slot: PeopleSlot, road: Road) -> int:
    """A road's level as the rules use it (3.2.1, 3.2.2): :func:`road_level` and the
    lasting changes of its people's level, which go to every road."""
    return road_level(game, player, slot, road) + level_bonus(game, slot.card)


def leader_level(game: Game, player: int, slot: LeaderSlot) -> int:
    """A leader's level: base, its items' modifiers with 5.8, and +1 as high god (3.4.3).
    An item whose ability is neutralised gives no level (5.5)."""
    leader = game.card(slot.card)
    level = base_level(game, slot.card)
    for item in items_of(game, slot.card):
        item_def = game.card(item)
        if item_def.level_modifier and not neutralized(game, item):
            level += base_level(game, item) + same_mythos_bonus(game, player, item_def, leader)
    if is_high_god_leader(game, game.owner(slot.card), slot.card):  # stolen too (R-3.4.3-stolen)
        level += 1
    return level


_POWER_CHANGES = keys_by_player("power-changes")


def power(game: Game, player: int) -> int:
    """A player's power: every card on their side of the board with its markers and
    lasting changes, and +1 for the high god as a leader (1.1.1, 3.4.3). Power is a
    type-line icon and survives neutralising (2.7).

    The printed part (:func:`printed_power`) is a view of the player's realm and the
    markers alone: a change to another player's side of the board does not recount it.
    The lasting power changes, while one is in force, are counted again whenever the
    board changes (what a change reaches may depend on any card)."""
    printed = printed_power(game, player)
    if not lasting_of(game, ChangePower):
        return printed
    return printed + cached(
        game,
        _POWER_CHANGES[player],
        (game.markers, game.effects, game.fight),  # 5.14, 7.2.1
        lambda: _power_changes(game, player),
    )


def has_power(game: Game, player: int, amount: int = VICTORY_POWER) -> bool:
    """Whether ``player``'s :func:`power` is at least ``amount`` (a power hold, 1.1.1).
    While power changes are in force, the changes are counted only when the bounds of
    what they could add to the player's cards leave the answer open: each card gains at
    most the sum of the raising changes and loses at most that of the lowering ones."""
    printed = printed_power(game, player)
    changes = lasting_of(game, ChangePower)
    if not changes:
        return printed >= amount
    cards = len(board_cards(game, player))
    if printed + cards * sum(i.effect.amount for i in changes if i.effect.amount > 0) < amount:
        return False
    if printed + cards * sum(i.effect.amount for i in changes if i.effect.amount < 0) >= amount:
        return True
    return power(game, player) >= amount


_PRINTED_POWER = keys_by_player("printed-power")


def printed_power(game: Game, player: int) -> int:
    """A player's power without the lasting power changes: the cards on their side of
    the board with their markers, and +1 for the high god as a leader (1.1.1, 3.4.3). A
    view of the player's realm and the markers alone (:func:`.state.derived`)."""
    return derived(
        game,
        _PRINTED_POWER[player],
        (game.players[player].realm, game.markers),
        lambda: _printed_power(game, player),
    )


def _printed_power(game: Game, player: int) -> int:
    cards = board_cards(game, player)
    total = sum(game.card(c).power for c in cards)
    if game.markers:
        total += sum(m.power for m in game.markers if m.card in cards)
    p = game.players[player]
    # 3.4.3: each high god as a leader on this side gives one more, a stolen one too
    total += sum(is_high_god_leader(game, game.owner(x.card), x.card) for x in p.leaders)
    return total


def _power_changes(game: Game, player: int) -> int:
    """What the lasting power changes in force (created effects and locked maneuvers,
    an intrigue's among them) add to ``player``'s cards: each card's
    :func:`~.continuous.power_bonus`, the effects looked up once."""
    changes = lasting_of(game, ChangePower)
    cards = board_cards(game, player)
    return sum(i.effect.amount for c in cards for i in changes if applies_to(game, i, c))


def level(game: Game, card: CardId) -> int:
    """A card's level now: printed, markers and attachments, then lasting effects; a
    level set by an effect replaces it, the strongest setter winning (5.9). A card whose
    ability is neutralised gives no level of its own (5.5, ruling R-5.5-level): only
    other effects' changes count."""
    return _level(game, card, own=not neutralized(game, card))


def base_level_now(game: Game, card: CardId) -> int:
    """The base level 2.2 sends a card to the underworld by (*alapszint*, ruling R-2.2):
    its level outside any fight's sums, whatever lowered it. That is the printed level
    with its markers (5.10), the +/- cards attached to it (2.2: a modifier "az
    alapszintet módosítja") with their 5.8 bonus, the high god's +1 (3.4.3), and every
    lasting level change or set level in force on it (4.2.5, 4.2.6 locked effects of
    any card, an intrigue's among them), as :func:`level` counts them. Not in it: what a
    fight adds up beside the card (an army's level, a road's level, a fortress's -1 to
    attacking troops, a maneuver's level, 7.x, 8.fortress), and the card's own
    neutralisation, which makes it give no level (5.5) but lowers nothing."""
    return _level(game, card, own=True)


def _level(game: Game, card: CardId, own: bool) -> int:
    value = 0
    if own:
        found = leader_slot(game, card)
        value = leader_level(game, found[0], found[1]) if found else base_level(game, card)
    for item in lasting_of(game, ChangeLevel):
        if applies_to(game, item, card):
            value += item.effect.amount
    setters = [item for item in lasting_of(game, SetLevel) if applies_to(game, item, card)]
    if setters:
        return strongest(game, setters).effect.level
    return value
