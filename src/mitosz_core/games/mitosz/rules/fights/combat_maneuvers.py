"""The combat maneuvers (*harci manőverek*, 7.2.5): arrow volley, fear and poison.

They are effect kinds of the language (:class:`~...effects.language.ArrowVolley`,
``Fear``, ``Poison``): their level tests read the user's level, halve it (5.3) for a volley
shot from outside the fight, and name "fighting" leaders, which no card selector can
say. The interpreter hands them to the functions here.
"""

from __future__ import annotations

from mitosz_core.games.mitosz.cards import CardType, halve
from mitosz_core.games.mitosz.effects.language import ArrowVolley, Fear, Poison
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import (
    controller,
    leader_slot,
    remove_to_hand,
    remove_to_underworld,
    set_turned,
)
from mitosz_core.games.mitosz.rules.fights.core import (
    allied,
    fighting_cards,
    set_fight,
    troop_entry,
    troop_turned,
    war_leaders,
)
from mitosz_core.games.mitosz.rules.high_god import why_not_pay
from mitosz_core.games.mitosz.rules.interpret import Handles, reaches, targets
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import CardId, Choice, ChoicePurpose, Game, Todo
from mitosz_core.kernel.values import replace

BEASTS = frozenset({"host", "beast"})


def is_host_or_beast(game: Game, card: CardId) -> bool:
    """A host or beast (5.6): a troop of those subtypes, a mount helping as a beast
    (8.mount), or a monster played into the fight, a troop there (8.monster.1; ruling
    R-8.monster.1)."""
    d = game.card(card)
    if d.type is CardType.TROOP:
        return bool(BEASTS & set(d.subtypes))
    fight = game.fight
    troop = None if fight is None else troop_entry(fight, card)
    return troop is not None and (troop.mount or troop.monster)


def is_fighting_leader(game: Game, card: CardId) -> bool:
    """A leader taking part in the fight: a war leader or duelist; a monster played into
    the fight is a troop there (8.monster.1)."""
    fight = game.fight
    if fight is None or game.card(card).type is not CardType.LEADER:
        return False
    return card in war_leaders(game, fight)


def is_creature(game: Game, card: CardId) -> bool:
    """5.6: a leader, host or beast."""
    return game.card(card).type is CardType.LEADER or is_host_or_beast(game, card)


def is_turned(game: Game, card: CardId) -> bool:
    found = leader_slot(game, card)
    return found[1].turned if found is not None else troop_turned(game, card)


# --- arrow volley (7.2.5.1) ---------------------------------------------------------------


def volley_level(game: Game, user: CardId, effect: ArrowVolley) -> int:
    """The user's level, halved when it is not in the fight, plus the icon's number."""
    value = level(game, user)
    if user not in fighting_cards(game):
        value = halve(value)
    return value + effect.modifier


def why_not_volley(
    game: Game, user: CardId | None, effect: ArrowVolley, target: CardId
) -> str | None:
    if user is None:
        return "an arrow volley needs a user (7.2.5.1)"
    volley = volley_level(game, user, effect)
    name = game.card(target).name
    if is_host_or_beast(game, target):
        if level(game, target) >= volley:
            return f"{name} is not below the volley's level {volley} (7.2.5.1)"
        return None
    if is_fighting_leader(game, target):
        if level(game, target) >= halve(volley):
            return f"{name} is not below half the volley's level, {halve(volley)} (7.2.5.1)"
        return None
    return f"{name} is neither a host, a beast nor a fighting leader (7.2.5.1)"


def arrow_volley(s: S, todo: Todo, effect: ArrowVolley, targets: tuple[CardId, ...]) -> S:
    """Destroy the chosen card if the volley still reaches it."""
    for card in targets:
        if why_not_volley(s.game, todo.source, effect, card) is None:
            s = remove_to_underworld(s, card)
    return s


# --- poison (7.2.5.3) ----------------------------------------------------------------------


def poison_level(game: Game, user: CardId | None, card: CardId | None, effect: Poison) -> int:
    """The poison's level: stated, else the level of the card bearing it; plus the icon's
    number."""
    if effect.level is not None:
        base = effect.level
    elif card is not None and game.card(card).type in (CardType.MANEUVER, CardType.FATE):
        base = game.card(card).level
    elif user is not None:
        base = level(game, user) if controller(game, user) is not None else 0
    else:
        base = 0
    return base + effect.modifier


def why_not_poison(
    game: Game, user: CardId | None, card: CardId | None, effect: Poison, target: CardId
) -> str | None:
    name = game.card(target).name
    if not is_creature(game, target):
        return f"{name} is not a creature (5.6, 7.2.5.3)"
    poison = poison_level(game, user, card, effect)
    if level(game, target) >= poison:
        return f"{name} is not below the poison's level {poison} (7.2.5.3)"
    return None


def poison(s: S, todo: Todo, effect: Poison, targets: tuple[CardId, ...]) -> S:
    """Turn the creature, or destroy it if it is already turned."""
    for card in targets:
        if why_not_poison(s.game, todo.source, todo.free_card, effect, card) is not None:
            continue
        if is_turned(s.game, card):
            s = remove_to_underworld(s, card)
        elif leader_slot(s.game, card) is not None:
            s = set_turned(s, (card,), True)
        elif s.game.fight is not None:
            s = set_fight(s, turned=(*s.game.fight.turned, card))
    return s


# --- fear (7.2.5.2) --------------------------------------------------------------------------


def frightened(game: Game, todo: Todo, effect: Fear) -> tuple[CardId, ...]:
    """Enemy creatures above the card number and below the user's level (+ the icon's
    number); in a fight, the fighting ones (7.2.1)."""
    user = todo.source
    if user is None or controller(game, user) is None:
        return ()
    bearer = todo.free_card if todo.free_card is not None else user
    number = game.card(bearer).card_number
    top = level(game, user) + effect.modifier
    pool = (
        fighting_cards(game)
        if game.fight is not None
        else {slot.card for p in game.players for slot in p.leaders}
    )
    found = []
    for card in sorted(pool):
        side = controller(game, card)
        if side is None or allied(game, side, todo.player) or not is_creature(game, card):
            continue
        if number < level(game, card) < top:
            found.append(card)
    return tuple(found)


def fear(s: S, todo: Todo, effect: Fear, reachable: tuple[CardId, ...]) -> S:
    """The frightened creatures flee to hand; in a fight, each one's player may first pay
    to keep it (a choice, one creature at a time)."""
    fleeing = tuple(c for c in frightened(s.game, todo, effect) if c in reachable)
    if not fleeing:
        return s
    if s.game.fight is None:
        for card in fleeing:
            if controller(s.game, card) is not None:
                s = remove_to_hand(s, card)
        return s
    s = set_fight(s, fear_cost=effect.stop_cost)
    first = controller(s.game, fleeing[0])
    assert first is not None
    choice = Choice(first, ChoicePurpose.FEAR, fleeing, len(fleeing))
    return s.evolve(game=replace(s.game, choice=choice))


def can_stop(game: Game, card: CardId) -> bool:
    """Whether the fleeing creature's player can pay to keep it (7.2.5.2)."""
    fight = game.fight
    side = controller(game, card)
    if fight is None or side is None:
        return False
    return why_not_pay(game.players[side].spheres, fight.fear_cost) is None


def _volley_takes_hold(s: S, todo: Todo, effect: ArrowVolley) -> S:
    return arrow_volley(s, todo, effect, targets(s, todo, effect.target))


def _poison_takes_hold(s: S, todo: Todo, effect: Poison) -> S:
    return poison(s, todo, effect, targets(s, todo, effect.target))


def _fear_takes_hold(s: S, todo: Todo, effect: Fear) -> S:
    reach = tuple(c for c in frightened(s.game, todo, effect) if reaches(s, todo, c))
    return fear(s, todo, effect, reach)


HANDLERS = (
    Handles(ArrowVolley, _volley_takes_hold),  # 7.2.5.1
    Handles(Poison, _poison_takes_hold),  # 7.2.5.3
    Handles(Fear, _fear_takes_hold),  # 7.2.5.2
)
"""How the combat maneuvers' own effects take hold (the interpreter hands them here)."""
