"""The fight in progress (chapter 7): its sides, its players and the cards taking part.

Side 0 attacks (the attacker, or the challenger in a duel), side 1 defends. A player who
provides a comrade is an allied player of that side (*szövetséges játékos*, 5.13).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.errors import MachineError
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import (
    controller,
    keyword_cards_on,
    leader_slot,
    people_slot,
)
from mitosz_core.games.mitosz.rules.hosting import items_of, location_of, placed_on
from mitosz_core.games.mitosz.state import (
    LINES,
    Army,
    CardId,
    Fight,
    FightKind,
    Game,
    LineName,
    Troop,
    TroopMode,
    cached,
)
from mitosz_core.kernel.values import frozen, replace

ATTACK, DEFEND = 0, 1
"""The two sides of a fight."""


def fight_of(s: S) -> Fight:
    """The fight in progress (there must be one)."""
    fight = s.game.fight
    if fight is None:
        raise MachineError("no fight is in progress")
    return fight


def set_fight(s: S, **changes: object) -> S:
    """``s`` with fields of the fight in progress changed."""
    return s.evolve(game=replace(s.game, fight=replace(fight_of(s), **changes)))


def is_battle(fight: Fight) -> bool:
    return fight.kind is FightKind.BATTLE


def side_player(fight: Fight, side: int) -> int:
    """The main player of a side: the attacker, or the defender (whose people or leader
    is attacked)."""
    return fight.attacker if side == ATTACK else fight.defender


def army(fight: Fight, side: int) -> Army:
    return fight.attack if side == ATTACK else fight.defend


def with_army(fight: Fight, side: int, line: LineName, card: CardId | None) -> Fight:
    """``fight`` with ``card`` leading ``line`` of ``side``."""
    lines = list(army(fight, side))
    lines[LINES.index(line)] = card
    new: Army = (lines[0], lines[1], lines[2])
    return replace(fight, attack=new) if side == ATTACK else replace(fight, defend=new)


def side_of_player(fight: Fight, player: int) -> int | None:
    """The side ``player`` fights on: a main player's or an allied helper's (5.13)."""
    if player == fight.attacker:
        return ATTACK
    if player == fight.defender:
        return DEFEND
    for helper, side in fight.helpers:
        if helper == player:
            return side
    return None


def allied(game: Game, a: int, b: int) -> bool:
    """Whether players ``a`` and ``b`` are allied (5.13): the same player, or on the same
    side of the fight in progress."""
    if a == b:
        return True
    fight = game.fight
    if fight is None:
        return False
    side = side_of_player(fight, a)
    return side is not None and side == side_of_player(fight, b)


def on_board(game: Game, card: CardId | None) -> bool:
    return card is not None and controller(game, card) is not None


def war_leaders(game: Game, fight: Fight, side: int | None = None) -> tuple[CardId, ...]:
    """The war leaders (7.3.2) or duelists (7.5.1) still in the leader row."""
    sides = (ATTACK, DEFEND) if side is None else (side,)
    return tuple(
        c
        for x in sides
        for c in army(fight, x)
        if c is not None and leader_slot(game, c) is not None
    )


def line_of(fight: Fight, card: CardId) -> tuple[int, LineName] | None:
    """The side and line that war leader ``card`` leads."""
    for side in (ATTACK, DEFEND):
        for line, leader in zip(LINES, army(fight, side), strict=True):
            if leader == card:
                return side, line
    return None


def leader_of(fight: Fight, troop: Troop) -> CardId | None:
    """The war leader leading a troop's line (7.3.4)."""
    return army(fight, troop.side)[LINES.index(troop.line)]


def troop_entry(fight: Fight, card: CardId) -> Troop | None:
    for troop in fight.troops:
        if troop.card == card:
            return troop
    return None


def own_type(game: Game, card: CardId) -> CardType:
    """A card's type before lasting effects: the printed one, except that a monster
    played into a fight counts as a troop until the fight ends (8.monster.1)."""
    fight = game.fight
    if fight is not None and fight.troops:
        for troop in fight.troops:
            if troop.card == card and troop.monster:
                return CardType.TROOP
    return game.card(card).type


def troop_maneuvers_act(game: Game, card: CardId) -> bool:
    """3.8: whether a troop's maneuvers (locked ones included) take effect: in full in the
    front line, in the support and reserve lines only when its maneuvers were chosen over
    its level (ruling R-3.8-lines)."""
    fight = game.fight
    troop = None if fight is None else troop_entry(fight, card)
    return troop is None or troop.mode in (TroopMode.FULL, TroopMode.MANEUVER)


def attachments(game: Game, leader: CardId) -> tuple[CardId, ...]:
    """The cards attached to a leader: items, a mount, troops (7.3.1)."""
    found = leader_slot(game, leader)
    return () if found is None else items_of(game, leader)


def fighting_cards(game: Game) -> frozenset[CardId]:
    """The cards taking part in the fight (7.3.1, 7.3.5 5-9, 7.5.2 4-5): the war leaders
    and what is attached to them (items, troops, mounts), and in a battle the attacked
    people, its location and that location's building (8.region); with the cards
    keywords attach to any of these (such as runes, 8.rune)."""
    fight = game.fight
    if fight is None:
        return frozenset()
    return cached(game, "fighting", (fight,), lambda: frozen(_fighting(game, fight)))


def _fighting(game: Game, fight: Fight) -> Iterator[CardId]:
    cards: list[CardId] = []
    for leader in war_leaders(game, fight):
        cards += (leader, *attachments(game, leader))  # 7.3.5 7-9
    if fight.people is not None:
        found = people_slot(game, fight.people)
        if found is not None:
            slot = found[1]
            cards.append(fight.people)  # 7.3.5 5
            cards += placed_on(game, slot.card)  # 7.3.5 6
    for card in cards:
        yield card
        yield from keyword_cards_on(game, card)  # 7.3.5 6, 8, 9: other cards attached to them


def fight_side(game: Game, card: CardId) -> int | None:
    """The side ``card`` fights on, if it takes part in the fight in progress (its
    player's side, 5.13: an allied helper's cards fight on the side it helps)."""
    fight = game.fight
    if fight is None or card not in fighting_cards(game):
        return None
    player = controller(game, card)
    return None if player is None else side_of_player(fight, player)


def fighting_on_side(game: Game, side: int) -> tuple[CardId, ...]:
    """The cards taking part in the fight on ``side`` (5.12 "az oldalán harcoló lapok")."""
    return tuple(c for c in sorted(fighting_cards(game)) if fight_side(game, c) == side)


def reach_of(game: Game, source: CardId | None) -> frozenset[CardId] | None:
    """7.2.1: the cards an effect of ``source`` may reach while a fight lasts: a card
    taking part in the fight affects only the fight and the cards in it, whatever its
    selector matches (``Every`` included). ``None``: not confined."""
    if game.fight is None or source is None:
        return None
    fighting = fighting_cards(game)
    return fighting if source in fighting else None


OPEN_TO_ALL = (CardType.HIGH_GOD, CardType.FATE, CardType.INTRIGUE)
"""7.3.5 1-3, 7.5.2 1-3: these may affect any fight."""


def may_affect_fight(game: Game, source: CardId | None) -> bool:
    """7.3.5, 7.5.2: whether an always-on effect of ``source`` may affect the fight in
    progress: the high god, fate, intrigues, in a battle any location (7.3.5 4: a locked
    maneuver is no combat maneuver), and the cards taking part in the fight. The
    source's printed type decides (the lasting effects that could change it are being
    read; ruling R-7.2.1-every)."""
    fight = game.fight
    if fight is None or source is None:
        return True
    kind = game.card(source).type
    if kind in OPEN_TO_ALL or (kind is CardType.LOCATION and is_battle(fight)):
        return True
    return source in fighting_cards(game)


def kept_out_of_fight(game: Game, source: CardId | None, card: CardId) -> bool:
    """7.2.1 with 7.3.5 and 7.5.2: an always-on effect of a card that may not affect the
    fight in progress does not reach the cards taking part in it (a leader sitting in
    its row changes no level in the battle). Power decides no fight, so a power change
    is not held back (the caller's part, ruling R-7.2.1-power)."""
    return (
        game.fight is not None
        and card in fighting_cards(game)
        and not may_affect_fight(game, source)
    )


def attacked_location(game: Game, fight: Fight) -> CardId | None:
    """The location attached to the attacked people (7.3.5 6)."""
    if fight.people is None:
        return None
    return location_of(game, fight.people)


def combat_order(game: Game, first: int, players: set[int]) -> tuple[int, ...]:
    """``players`` in turn order starting with ``first`` (7.2.2)."""
    order = game.order
    start = order.index(first)
    rotated = [order[(start + k) % len(order)] for k in range(len(order))]
    return tuple(p for p in rotated if p in players)


def attached_troops(game: Game, fight: Fight, leader: CardId) -> tuple[Troop, ...]:
    """The troops attached to war leader ``leader`` (its line's troops and its mount)."""
    cards = set(attachments(game, leader))
    return tuple(t for t in fight.troops if t.card in cards)


def troop_turned(game: Game, card: CardId) -> bool:
    """A troop is turned when poison turned it (7.2.5.3) or it used a maneuver that
    turns its user this turn (4.6.3)."""
    fight = game.fight
    if fight is not None and card in fight.turned:
        return True
    for user, index in game.used:
        if user != card:
            continue
        if index < 0 or not game.card(card).maneuvers[index].permanent:
            return True
    return False
