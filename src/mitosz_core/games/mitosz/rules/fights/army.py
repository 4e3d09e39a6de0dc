"""Armies (*sereg*, 7.3): lines, troops (*hadtáp*, 3.8) and the level of each side.

A troop summoned into a battle is attached to the war leader of its line (ruling
R-7.3.4-attached): it is on its player's side of the board, and it goes to the
underworld with its war leader, so a line without a war leader never holds a troop
that could take effect (7.3.4). A +/- troop adds its level to its war leader (2.2), like
an item; the side's level counts it once either way.
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.carddata.vocabulary import LEADER_SUBTYPES, RACE_SUBTYPES
from mitosz_core.games.mitosz.cards import CardType, linked
from mitosz_core.games.mitosz.effects.language import Duration, Permission
from mitosz_core.games.mitosz.rules import S, hosting
from mitosz_core.games.mitosz.rules.board import (
    all_board_cards,
    controller,
    leader_slot,
    people_slot,
)
from mitosz_core.games.mitosz.rules.continuous import player_may
from mitosz_core.games.mitosz.rules.counter_round import release_lingering
from mitosz_core.games.mitosz.rules.fights.core import (
    ATTACK,
    DEFEND,
    army,
    attached_troops,
    attacked_location,
    fight_of,
    is_battle,
    leader_of,
    line_of,
    on_board,
    set_fight,
    side_player,
    war_leaders,
)
from mitosz_core.games.mitosz.rules.levels import level, road_level_now
from mitosz_core.games.mitosz.rules.printed import base_level, same_mythos_bonus
from mitosz_core.games.mitosz.rules.selectors import subtypes
from mitosz_core.games.mitosz.rules.zones import to_underworld
from mitosz_core.games.mitosz.state import (
    LINES,
    AttachKind,
    Attachment,
    CardId,
    Fight,
    Game,
    LineName,
    PlayPending,
    Troop,
    TroopMode,
)
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.values import replace

WARLORD_EXTRA = 1
"""A warlord's line takes one more troop (8.warlord)."""
RACE_EXTRA = 1
"""One more troop in the defending front line when the people's race matches (3.8)."""


# --- subtypes, with what a mount shares (8.mount) ------------------------------------------


def has(game: Game, card: CardId, subtype: Subtype) -> bool:
    return subtype in subtypes(game, card)


def races(game: Game, card: CardId) -> frozenset[Subtype]:
    """A card's race subtypes (*faj altípusok*, ruling R-3.8-race)."""
    return subtypes(game, card) & frozenset(RACE_SUBTYPES)


def shareable(game: Game, mount: CardId) -> tuple[Subtype, ...]:
    """A mount's subtypes that are neither leader nor race subtypes (8.mount), as
    :class:`Subtype` members (a card built in Python may name them as plain strings)."""
    return tuple(
        Subtype(t)
        for t in game.card(mount).subtypes
        if t not in LEADER_SUBTYPES and t not in RACE_SUBTYPES and t in _SUBTYPES
    )


_SUBTYPES = frozenset(Subtype)


# --- lines and capacity (3.8, 7.3.4, 8.warlord, 8.monster.3) ----------------------------


def troops_in(fight: Fight, side: int, line: LineName) -> tuple[Troop, ...]:
    """The troops summoned into a line (a helping mount is not summoned, so not counted)."""
    return tuple(t for t in fight.troops if t.side == side and t.line is line and not t.mount)


def capacity(game: Game, fight: Fight, side: int, line: LineName) -> int:
    """How many troops a line holds (3.8, 7.3.4): the sum of its war leader's summoning
    cost, +1 for a warlord (8.warlord), +1 in the defending front line when the attacked
    people's race is a defending war leader's (3.8)."""
    leader = army(fight, side)[LINES.index(line)]
    if leader is None:
        return 0
    total = sum(game.card(leader).cost)
    if has(game, leader, Subtype.WARLORD):
        total += WARLORD_EXTRA
    if side == DEFEND and line is LineName.FRONT and fight.people is not None:
        people = races(game, fight.people)
        if any(people & races(game, c) for c in war_leaders(game, fight, DEFEND)):
            total += RACE_EXTRA
    return total


def is_monster_play(game: Game, card: CardId) -> bool:
    """A monster leader played into a fight as a troop (8.monster). The card is in hand
    or being played, so its printed type decides (ruling R-5.16-place)."""
    d = game.card(card)
    return d.type is CardType.LEADER and d.has_subtype(Subtype.MONSTER)


def why_not_troop(s: S, player: int, card: CardId, leader: CardId, free: bool) -> str | None:
    """Why ``player`` may not play ``card`` as a troop beside ``leader`` now, or ``None``:
    3.8, 7.3.4, 7.5.3, 8.flying, 8.monster.3."""
    game = s.game
    fight = fight_of(s)
    d = game.card(card)
    if card not in game.players[player].hand:
        return f"#{card} is not in your hand"
    if d.type is not CardType.TROOP and not is_monster_play(game, card):
        return f"{d.name} is not a troop (3.8) nor a monster (8.monster)"
    if not is_battle(fight):
        return "no troop is summoned into a duel (7.5.3)"
    found = line_of(fight, leader)
    if found is None or not on_board(game, leader):
        return f"#{leader} leads no line in this battle (7.3.4)"
    side, line = found
    if controller(game, leader) != player:
        return "only the player whose leader leads a line plays cards into it (7.3.4)"
    if fight.flying and side == ATTACK and not has(game, card, Subtype.FLYING):
        return "this army attacks across a closed road: its troops must fly (8.flying)"
    summoned = troops_in(fight, side, line)
    if any(t.monster for t in summoned):
        return "a monster leads this line's troops: no more troops (8.monster.3)"
    if is_monster_play(game, card):
        if summoned:
            return "this line already holds a troop, so no monster (8.monster.3)"
    elif len(summoned) >= capacity(game, fight, side, line):
        return f"the line is full: {capacity(game, fight, side, line)} troops (3.8, 7.3.4)"
    if d.unique and any(game.card(c).serial == d.serial for c in _board(game)):
        return f"the unique {d.name} is on the board (2.3)"
    if free and not (
        linked(d, game.card(leader)) or player_may(game, player, Permission.WITHOUT_SUMMONING, card)
    ):
        return f"{d.name} is not linked to its war leader, so it is summoned (3.8)"
    return None


def _board(game: Game) -> Iterator[CardId]:

    return iter(all_board_cards(game))


def first_mode(fight: Fight, side: int, line: LineName, monster: bool) -> TroopMode:
    """A troop takes effect in full in the front line, a monster in every line
    (8.monster.2); elsewhere its level or its maneuvers are chosen (3.8)."""
    return TroopMode.FULL if line is LineName.FRONT or monster else TroopMode.UNDECIDED


def resolve_troop(s: S, item: PlayPending) -> S:
    """6.3.6 for a troop: it joins its war leader's line, if that leader still leads it
    and the line still has room; else it goes to the underworld (ruling R-6.3.6)."""
    if item.target is None:
        raise MachineError("a troop is played onto the war leader whose line it joins")
    game = s.game
    fight = fight_of(s)
    leader = item.target
    found = line_of(fight, leader)
    slot = leader_slot(game, leader)
    monster = is_monster_play(game, item.card)
    if found is None or slot is None or slot[0] != item.player:
        return to_underworld(s, (item.card,))
    side, line = found
    summoned = troops_in(fight, side, line)
    full = (
        bool(summoned) if monster else len(summoned) >= capacity(game, fight, side, line)
    ) or any(t.monster for t in summoned)
    if full:
        return to_underworld(s, (item.card,))
    s = attach(s, leader, item.card)
    troop = Troop(item.card, side, line, first_mode(fight, side, line, monster), monster)
    return set_fight(s, troops=(*fight.troops, troop))


def attach(s: S, leader: CardId, card: CardId) -> S:
    """Attach ``card`` to a leader in the row as a troop (7.3.4: an ``ITEM`` record, the
    fight keeping its own facts about it in ``Fight.troops``)."""
    assert leader_slot(s.game, leader) is not None
    return s.evolve(game=hosting.attach(s.game, Attachment(card, leader, AttachKind.ITEM)))


def detach(s: S, cards: tuple[CardId, ...]) -> S:
    """Take cards attached to leaders off the board, keeping no memories (1.2.6)."""
    gone = set(cards)
    game = hosting.detach(s.game, gone)
    markers = tuple(m for m in game.markers if m.card not in gone)
    effects = tuple(e for e in game.effects if e.target not in gone)
    return s.evolve(game=replace(game, markers=markers, effects=effects))


# --- the level of a side (7.4.9, 7.6.4) -----------------------------------------------------


def troop_counts(fight: Fight, troop: Troop) -> bool:
    """Whether a troop's level counts: in full, or with its level chosen (3.8)."""
    return troop.mode in (TroopMode.FULL, TroopMode.LEVEL)


def fortress(game: Game, fight: Fight) -> bool:
    """Whether the attacked people's location is a fortress (8.fortress)."""
    location = attacked_location(game, fight)
    return location is not None and has(game, location, Subtype.FORTRESS)


def troop_level(game: Game, fight: Fight, troop: Troop) -> int:
    """A troop's part of its side's level: its level, +1 in its war leader's line when
    both share the high god's mythos (5.8), -1 attacking / +1 defending a fortress
    (8.fortress)."""
    leader = leader_of(fight, troop)
    if leader is None or not on_board(game, troop.card) or not troop_counts(fight, troop):
        return 0
    side = controller(game, troop.card)
    assert side is not None
    value = level(game, troop.card)
    value += same_mythos_bonus(game, side, game.card(troop.card), game.card(leader))
    if is_battle(fight) and fortress(game, fight):
        value += 1 if troop.side == DEFEND else -1
    return value


def leader_part(game: Game, fight: Fight, side: int, leader: CardId) -> int:
    """A war leader's part: its level without the +/- troops attached to it (counted as
    troops), +1 defending a people when both share the high god's mythos (5.8)."""
    player = controller(game, leader)
    assert player is not None
    value = level(game, leader)
    for troop in attached_troops(game, fight, leader):
        d = game.card(troop.card)
        if d.level_modifier:
            value -= base_level(game, troop.card)
            value -= same_mythos_bonus(game, player, d, game.card(leader))
    if side == DEFEND and is_battle(fight) and on_board(game, fight.people):
        assert fight.people is not None
        value += same_mythos_bonus(game, player, game.card(leader), game.card(fight.people))
    return value


def road_value(game: Game, fight: Fight) -> int:
    """The attacked road's level, which defends the people (3.2.2, 7.4.1): printed, the
    people's gains, its location (3.3, 5.8), and lasting changes of the people's level."""
    if fight.people is None or fight.road is None:
        return 0
    found = people_slot(game, fight.people)
    if found is None:
        return 0
    player, slot = found
    road = game.card(fight.people).road_on(fight.road)
    if road is None:
        return 0
    return road_level_now(game, player, slot, road)


def side_level(game: Game, fight: Fight, side: int) -> int:
    """The level of a side (7.4.9): its war leaders, its counted troops, and for the
    defender the attacked road (7.4.1); a duelist's level in a duel (7.6.4)."""
    total = sum(leader_part(game, fight, side, c) for c in war_leaders(game, fight, side))
    total += sum(troop_level(game, fight, t) for t in fight.troops if t.side == side)
    if side == DEFEND and is_battle(fight):
        total += road_value(game, fight)
    return total


def combat_effects_end(s: S) -> S:
    """7.4.13, 7.6.6, 4.2.1: the effects of maneuvers used in the fight end, and every
    effect lasting until the end of the combat phase (ruling R-7.4.13-effects)."""
    game = s.game
    kept = tuple(
        e
        for e in game.effects
        if not e.fight and getattr(e.effect, "duration", None) is not Duration.COMBAT
    )
    if len(kept) == len(game.effects):
        return s

    return release_lingering(s.evolve(game=replace(game, effects=kept)))


def mode_chooser(fight: Fight, troop: Troop, game: Game) -> int:
    """Who chooses a troop's mode (3.8): its player in the support line, the opponent
    (the other side's main player) in the reserve (ruling R-3.8-lines)."""
    if troop.line is LineName.RESERVE:
        return side_player(fight, 1 - troop.side)
    side = controller(game, troop.card)  # a troop of the fight is on the board
    if side is None:
        raise MachineError(f"troop #{troop.card} is off the board, its mode undecided")
    return side
