"""How a fight ends: comparing the sides (7.4.9, 7.6.4), the result (7.4.10, 7.6.4),
end-of-fight effects (7.4.12, 7.6.5) and the close (7.4.13, 7.6.6).
"""

from __future__ import annotations

from collections.abc import Iterable

from mitosz_core.games.mitosz.actions import Pass, SacrificeCommander
from mitosz_core.games.mitosz.effects.language import Retreat
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S, triggers
from mitosz_core.games.mitosz.rules.board import (
    controller,
    is_cursed,
    remove_to_underworld,
    set_turned,
)
from mitosz_core.games.mitosz.rules.fights.army import (
    combat_effects_end,
    detach,
    side_level,
)
from mitosz_core.games.mitosz.rules.fights.core import (
    ATTACK,
    DEFEND,
    army,
    fight_of,
    is_battle,
    on_board,
    set_fight,
    war_leaders,
)
from mitosz_core.games.mitosz.rules.flow import fire
from mitosz_core.games.mitosz.rules.interpret import Handlers, Handles
from mitosz_core.games.mitosz.rules.stealing import end_thefts_of_fight
from mitosz_core.games.mitosz.rules.zones import to_underworld
from mitosz_core.games.mitosz.state import Fight, Game, Outcome, Todo
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, allowed, dispatch
from mitosz_core.kernel.values import replace


def sides_compared(game: Game, fight: Fight) -> Outcome:
    """7.4.9, 7.6.4: the higher side wins; equal levels are a draw (ruling R-7.6.4-tie).
    Without a defending commander the attacker must beat the road's level (7.4.3.2)."""
    attack = side_level(game, fight, ATTACK)
    defend = side_level(game, fight, DEFEND)
    if attack > defend:
        return Outcome.ATTACKER
    if defend > attack:
        return Outcome.DEFENDER
    return Outcome.NONE


def leave_outcome(game: Game, fight: Fight) -> Outcome | None:
    """7.4.8, 7.4.10.1: the attacked people or the defending commander gone, the
    attacker wins; the attacking commander gone, the defender wins; both commanders gone,
    or the attacker forced to retreat, nobody wins. In a duel, a duelist gone loses
    (ruling R-7.6.4-gone)."""
    if fight.retreated:
        return Outcome.NONE
    attacker = army(fight, ATTACK)[0]
    defender = army(fight, DEFEND)[0]
    attacker_gone = attacker is not None and not on_board(game, attacker)
    defender_gone = defender is not None and not on_board(game, defender)
    if attacker_gone and defender_gone:
        return Outcome.NONE
    if is_battle(fight) and fight.people is not None and not on_board(game, fight.people):
        return Outcome.NONE if attacker_gone else Outcome.ATTACKER
    if defender_gone:
        return Outcome.ATTACKER
    if attacker_gone:
        return Outcome.DEFENDER
    return None


def force_retreat(s: S) -> S:
    """7.4.10.1: an effect forces the attacker (the challenger) to retreat; the fight is
    decided at once with no winner and no loser (ruling R-7.4.10.1-retreat). Once the
    fight is decided, or with no fight, it does nothing."""
    fight = s.game.fight
    if fight is None or fight.outcome is not None:
        return s
    return set_fight(s, retreated=True)


# --- 7.4.10: the battle's result -----------------------------------------------------------------


def _retreat_takes_hold(s: S, todo: Todo, effect: Retreat) -> S:
    return force_retreat(s)


RETREAT = Handles(Retreat, _retreat_takes_hold)
"""A forced retreat takes hold through the fight's rule (7.4.10)."""


def _can_save(s: S) -> bool:
    """7.4.10.2: the defender may sacrifice its commander (not a cursed one, 2.4) to keep
    the people; one sacrifices only one's own cards (1.2.4), so a commander the defender
    no longer controls cannot be (a war leader is never stolen, 5.2)."""
    fight = fight_of(s)
    commander = army(fight, DEFEND)[0]
    return (
        fight.outcome is Outcome.ATTACKER
        and commander is not None
        and controller(s.game, commander) == fight.defender
        and on_board(s.game, fight.people)
        and not is_cursed(s.game, commander)  # 2.4, 8.rune
    )


def _apply_result(s: S) -> S:
    """7.4.10.2-3: the people of a beaten defender is destroyed; a beaten attacker's
    commander is destroyed. A draw or no winner changes nothing (7.4.10.1)."""
    fight = fight_of(s)
    if fight.outcome is Outcome.ATTACKER and not fight.saved and on_board(s.game, fight.people):
        assert fight.people is not None
        s = remove_to_underworld(s, fight.people)
    elif fight.outcome is Outcome.DEFENDER:
        commander = army(fight, ATTACK)[0]
        if commander is not None and on_board(s.game, commander):
            s = remove_to_underworld(s, commander)
    return fire(s, Trigger.NEXT)


def _result_candidates(s: S) -> Iterable[Action]:
    commander = army(fight_of(s), DEFEND)[0]
    assert commander is not None
    if is_cursed(s.game, commander):  # cursed meanwhile (2.4, 8.rune)
        return (Pass(),)
    return (Pass(), SacrificeCommander(commander))


def _result_why_not(s: S, a: SacrificeCommander) -> str | None:
    if a.card != army(fight_of(s), DEFEND)[0]:
        return f"#{a.card} is not your commander (7.4.10.2)"
    if is_cursed(s.game, a.card):
        return f"{s.game.card(a.card).name} is cursed and cannot be sacrificed (2.4)"
    return None


def _result(s: S, a: SacrificeCommander) -> S:
    s = remove_to_underworld(s, a.card)
    return _apply_result(set_fight(s, saved=True))


RESULT = dispatch(
    (
        Rule(Pass, allowed, lambda s, a: _apply_result(s)),
        Rule(SacrificeCommander, _result_why_not, _result),
    ),
    candidates=_result_candidates,
    decider=lambda s: fight_of(s).defender,
    settle=lambda s: None if _can_save(s) else _apply_result(s),
)


# --- 7.6.4: the duel's result ---------------------------------------------------------------------


def duel_result(s: S) -> S:
    """7.6.4: the losing duelist is destroyed; a tie destroys nobody (R-7.6.4-tie)."""
    fight = fight_of(s)
    loser = {Outcome.ATTACKER: DEFEND, Outcome.DEFENDER: ATTACK}.get(fight.outcome or Outcome.NONE)
    if loser is not None:
        card = army(fight, loser)[0]
        if card is not None and on_board(s.game, card):
            s = remove_to_underworld(s, card)
    return fire(s, Trigger.NEXT)


# --- 7.4.12, 7.6.5 and 7.4.13, 7.6.6 -------------------------------------------------------


def end_effects(s: S, handlers: Handlers) -> S:
    """7.4.12, 7.6.5: end-of-fight effects take hold (:mod:`..triggers`): delayed effects
    made in the fight, and the end-of-fight abilities of the cards that fought."""

    fight = fight_of(s)
    fought = (*war_leaders(s.game, fight), *(t.card for t in fight.troops))
    return fire(
        triggers.fight_end(s, tuple(c for c in fought if on_board(s.game, c)), handlers),
        Trigger.NEXT,
    )


def cleanup(s: S) -> S:
    """7.4.13, 7.6.6: the war leaders (duelists) turn; the troops played into the battle
    go to the underworld (a helping mount stays with its rider); the effects of
    maneuvers used in the fight end, thefts among them (5.2). The fight is over; the
    combat phase lasts while the players answer its last deeds (6.1.4, ruling
    R-7.2.1-every)."""
    fight = fight_of(s)
    s = set_turned(s, war_leaders(s.game, fight), True)
    gone = tuple(t.card for t in fight.troops if not t.mount and on_board(s.game, t.card))
    if gone:
        s = to_underworld(detach(s, gone), gone)
    s = end_thefts_of_fight(combat_effects_end(s))
    game = replace(s.game, fight=None).with_turn(combat_closing=True)  # 6.1.4, 7.2.1
    return fire(s.evolve(game=game), Trigger.NEXT)
