"""Which cards may act while a fight lasts (7.2.1, 7.3.5, 7.5.2), and on what.

In the combat phase only the cards that may affect the fight can be used: the high god,
fate, intrigues, a location's non-combat maneuver, the attacked people and its location,
the war leaders and what is attached to them, the troops; in a duel only the high god,
fate, intrigues, the duelists and what is attached to them. An arrow volley may be shot
from outside the fight (7.2.5.1). Before a fight is declared in the combat phase only the
cards that may affect any fight are used: the high god, fate, intrigues and a location's
non-combat maneuver (ruling R-7.2.1-every). Cards taking part in the fight affect only
the fight and the cards in it (7.2.1). A troop acts as its line allows (3.8). A card on
the board that gained a new card type follows the rules of that type (5.16).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.actions import (
    PlayFate,
    PlayWithoutSummoning,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    ArrowVolley,
    Maneuver,
    Poison,
    Sequence,
    Timing,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.continuous import card_type
from mitosz_core.games.mitosz.rules.fights.combat_maneuvers import why_not_poison, why_not_volley
from mitosz_core.games.mitosz.rules.fights.core import (
    OPEN_TO_ALL,
    attacked_location,
    fighting_cards,
    is_battle,
    troop_entry,
    troop_turned,
    war_leaders,
)
from mitosz_core.games.mitosz.rules.maneuvers import in_combat
from mitosz_core.games.mitosz.state import CardId, Game, TroopMode
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.kernel.action import Action


def walk(effect: AnyEffect) -> Iterator[AnyEffect]:
    yield effect
    if isinstance(effect, Sequence):
        for sub in effect.effects:
            yield from walk(sub)


def is_volley(m: Maneuver) -> bool:
    """Whether a maneuver is an arrow volley (7.2.5.1)."""
    steps = (m.effect, *(step.effect for step in m.steps))
    return Subtype.ARROW_VOLLEY in m.subtypes or any(
        isinstance(e, ArrowVolley) for top in steps for e in walk(top)
    )


def why_not_user(s: S, user: CardId | None, m: Maneuver) -> str | None:
    """7.2.1: whether ``user`` may use maneuver ``m`` while the fight lasts."""
    game = s.game
    fight = game.fight
    if fight is None or user is None:
        return None
    d = game.card(user)
    kind = card_type(game, user)  # 5.16: the rules of the card's current type apply
    if m.timing is Timing.COMBAT and kind in (CardType.PEOPLE, CardType.LOCATION):
        # 3.2.2, 3.3: a people's (a location's) combat maneuver only defends that people,
        # even an arrow volley
        defended = fight.people if is_battle(fight) else None
        own = defended if kind is CardType.PEOPLE else attacked_location(game, fight)
        if own is None or user != own:
            rule = "3.2.2" if kind is CardType.PEOPLE else "3.3"
            return f"{d.name}'s combat maneuver serves only its people's defence ({rule})"
    if is_volley(m) or kind in OPEN_TO_ALL:
        return None
    list_ = "7.3.5" if is_battle(fight) else "7.5.2"
    if user not in fighting_cards(game):
        if is_battle(fight) and kind is CardType.LOCATION and m.timing is not Timing.COMBAT:
            return None  # 7.3.5 4: a location's non-combat maneuver
        return f"{d.name} does not take part in the fight: only the cards of {list_} act (7.2.1)"
    troop = troop_entry(fight, user)
    if troop is not None:
        if troop.mode in (TroopMode.LEVEL, TroopMode.UNDECIDED):
            return f"only {d.name}'s level takes effect in the {troop.line} line (3.8)"
        if troop_turned(game, user) and not m.permanent:
            return f"{d.name} is turned (4.1)"
    return None


def why_not_target(s: S, user: CardId | None, target: CardId | None) -> str | None:
    """7.2.1: a card taking part in the fight affects only the fight and its cards."""
    game = s.game
    if game.fight is None or user is None or target is None:
        return None
    fighting = fighting_cards(game)
    if user in fighting and target not in fighting:
        return (
            f"{game.card(target).name} is not in the fight, and cards in a fight affect "
            "only the fight (7.2.1)"
        )
    return None


def why_not_action(s: S, player: int, a: Action) -> str | None:
    """The fight's own limits on a maneuver or card play that is otherwise legal."""
    game = s.game
    if game.fight is None:
        return _why_not_before_fight(s, a) if in_combat(s) else None
    if isinstance(a, UseManeuver):
        m = game.card(a.user).maneuvers[a.index]
        return (
            why_not_user(s, a.user, m)
            or why_not_target(s, a.user, a.target)
            or _why_not_combat_target(s, a.user, None, m, a.target)
        )
    if isinstance(a, UseFreeManeuver):
        m = game.card(a.card).maneuvers[a.index]
        return (
            _why_not_free_user(game, a.user)
            or why_not_user(s, a.user, m)
            or why_not_target(s, a.user, a.target)
            or _why_not_combat_target(s, a.user, a.card, m, a.target)
        )
    if isinstance(a, PlayFate):
        m = game.card(a.card).maneuvers[a.index]
        return _why_not_combat_target(s, None, a.card, m, a.target)
    if isinstance(a, Summon):  # a card in hand: its printed type (ruling R-5.16-place)
        if game.card(a.card).type is not CardType.INTRIGUE:
            return "while a fight lasts only cards that affect it are played (7.2.1)"
        return None
    if isinstance(a, PlayWithoutSummoning):
        if (
            game.card(a.card).type is not CardType.ITEM
            or a.target not in war_leaders(game, game.fight)
            or controller(game, a.target) != player
        ):
            return "while a fight lasts only cards that affect it are played (7.2.1)"
        return None
    return None


BEFORE_FIGHT = (
    "before a fight is declared only the high god, fate, intrigues and a location's "
    "non-combat maneuver may be used in the combat phase (7.2.1, 7.3.5, 7.5.2)"
)


def _why_not_before_fight(s: S, a: Action) -> str | None:
    """7.2.1: the combat phase lasts but no fight is declared yet: only the cards that may
    affect whatever fight is declared are used (7.3.5 1-4, 7.5.2 1-3), by their current
    type (5.16); no card takes part in a fight yet (ruling R-7.2.1-every)."""
    game = s.game
    if isinstance(a, UseManeuver | UseFreeManeuver):
        card = a.user if isinstance(a, UseManeuver) else a.card
        m = game.card(card).maneuvers[a.index]
        kind = card_type(game, a.user)
        if kind in OPEN_TO_ALL or (kind is CardType.LOCATION and m.timing is not Timing.COMBAT):
            return None
        return f"{game.card(a.user).name}: {BEFORE_FIGHT}"
    if isinstance(a, Summon) and game.card(a.card).type is not CardType.INTRIGUE:
        return BEFORE_FIGHT
    if isinstance(a, PlayWithoutSummoning):
        return BEFORE_FIGHT
    return None


def _why_not_free_user(game: Game, user: CardId) -> str | None:
    """3.2.2, 3.3: a people or a location uses a free maneuver only while it fights (the
    attacked people and its location); 7.3.5 4 lets other locations use only their own
    non-combat maneuvers."""
    d = game.card(user)
    kind = card_type(game, user)  # 5.16
    if kind in (CardType.PEOPLE, CardType.LOCATION) and user not in fighting_cards(game):
        rule = "3.2.2" if kind is CardType.PEOPLE else "3.3"
        return f"{d.name} uses a free maneuver only while it fights ({rule})"
    return None


def _why_not_combat_target(
    s: S, user: CardId | None, card: CardId | None, m: Maneuver, target: CardId | None
) -> str | None:
    if target is None:
        return None
    for e in walk(m.effect):
        if isinstance(e, ArrowVolley):
            return why_not_volley(s.game, user, e, target)
        if isinstance(e, Poison):
            return why_not_poison(s.game, user, card, e, target)
    return None
