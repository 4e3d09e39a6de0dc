"""The phases of a turn (*a kör menete*, 6.2) that are not the summoning procedure.

Automatic steps take no decision; the end-phase steps that do (discard, regain, turn
back) finish by themselves when no real choice is left.
"""

from __future__ import annotations

from collections.abc import Iterable

from mitosz_core.games.mitosz.actions import Discard, Regain, TurnBack
from mitosz_core.games.mitosz.cards import SPHERES
from mitosz_core.games.mitosz.effects.language import Permission, PlayerPermission
from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S, triggers
from mitosz_core.games.mitosz.rules.attachments import release_at_turn_start
from mitosz_core.games.mitosz.rules.board import board_cards
from mitosz_core.games.mitosz.rules.continuous import covers, hand_size, lasting
from mitosz_core.games.mitosz.rules.counter_round import release_lingering
from mitosz_core.games.mitosz.rules.events import phase_window
from mitosz_core.games.mitosz.rules.flow import active_player, fire
from mitosz_core.games.mitosz.rules.high_god import clamp, gain, maxima
from mitosz_core.games.mitosz.rules.interpret import Handlers
from mitosz_core.games.mitosz.rules.stealing import end_thefts_at_turn_start
from mitosz_core.games.mitosz.rules.victory import check_turn_start
from mitosz_core.games.mitosz.rules.zones import discard, draw, update_player
from mitosz_core.games.mitosz.state import Game
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, dispatch
from mitosz_core.kernel.values import replace

DRAW_COUNT = 2
"""Cards drawn in the draw phase (6.2.2.1)."""
REGAIN_COUNT = 3
"""Sphere points regained at the end of the turn (6.2.4.3)."""
TURN_BACK_COUNT = 2
"""Leaders turned back at the end of the turn (6.2.4.4)."""


def start_phase(s: S, handlers: Handlers) -> S:
    """6.2.1: the turn begins (victory checks, 1.1.1 and 1.3.4); maneuver effects end
    (6.2.1.2), and stolen leaders and intrigues go back (5.2, ruling R-5.2); leaders
    attached to cards until this turn return (5.15); start-of-turn effects (6.2.1.3)."""

    s = check_turn_start(s)
    if s.is_over:
        return s
    s = release_at_turn_start(end_thefts_at_turn_start(end_maneuver_effects(s)))
    return phase_window(triggers.turn_start(s, handlers), Trigger.STARTED)


def end_maneuver_effects(s: S) -> S:
    """6.2.1.2: the effects of maneuvers end; neutralised maneuvers may be used again
    (4.1); a fate's rounds count down when the player whose turn began it starts a turn
    (3.7, 6.1.3); free-maneuver and fate cards whose effects ended go to the underworld."""

    game = s.game
    kept = []
    for e in game.effects:
        if e.rounds is None:
            continue
        if e.round_owner != game.active:
            kept.append(e)
        elif e.rounds > 1:
            kept.append(replace(e, rounds=e.rounds - 1))
    game = replace(game, effects=tuple(kept), peeked=None)
    game = game.with_turn(blocked=(), used=(), fates_played=())
    return release_lingering(s.evolve(game=game))


def draw_phase(s: S) -> S:
    """6.2.2.1: the active player draws 2 cards, plus any extra draws."""
    me = s.game.active
    return phase_window(draw(s, me, DRAW_COUNT + extra_draws(s.game, me)), Trigger.DRAWN)


def extra_draws(game: Game, player: int) -> int:
    """The extra cards ``player`` draws in the draw phase (6.2.2.1 "Ha plusz lapot
    húzhat, azt is ekkor teszi"): one per lasting extra-draw permission in force (G2)."""
    return sum(
        1
        for item in lasting(game)
        if isinstance(item.effect, PlayerPermission)
        and item.effect.permission is Permission.EXTRA_DRAW
        and covers(item, player)
    )


def clamp_phase(s: S) -> S:
    """6.2.4.2: spheres above their maximum (spoils, 7.4.11) fall to it."""
    active = s.game.active
    p = s.game.players[active]
    s = update_player(s, active, spheres=clamp(p.spheres, maxima(s.game, active)))
    return fire(s.evolve(game=s.game.with_turn(regain_left=REGAIN_COUNT)), Trigger.DONE)


def produce_phase(s: S) -> S:
    """6.2.4.3: cards that produce sphere points produce them, up to the maxima."""
    active = s.game.active
    top = maxima(s.game, active)
    spheres = s.game.players[active].spheres
    for card in board_cards(s.game, active):
        for sphere, amount in zip(SPHERES, s.game.card(card).produces, strict=True):
            if amount:
                spheres = gain(spheres, sphere, amount, top)
    s = update_player(s, active, spheres=spheres)
    return fire(s.evolve(game=s.game.with_turn(turn_back_left=TURN_BACK_COUNT)), Trigger.DONE)


def end_effects_phase(s: S, handlers: Handlers) -> S:
    """6.2.4.5: end-of-turn effects. Then the end phase ends: every player, starting with
    the one whose turn it is, may still act, and its events are answered before the turn
    ends (6.1.4, 6.5.1; ruling R-6.1.4-phases)."""
    return phase_window(triggers.turn_end(s, handlers), Trigger.DONE)


def finish_phase(s: S) -> S:
    """6.2.4.6: the turn ends and the next player's begins. Nobody acts between the two
    turns."""
    order = s.game.order
    nxt = order[(order.index(s.game.active) + 1) % len(order)]
    game = s.game.with_turn(active=nxt, peoples_placed=0, regain_left=0, turn_back_left=0)
    return fire(s.evolve(game=game, turn=s.turn + 1), Trigger.NEXT_TURN)


# 6.2.4.1: discard to hand size ------------------------------------------------------


def _discard_candidates(s: S) -> Iterable[Action]:
    return (Discard(c) for c in s.game.players[s.game.active].hand)


def _discard_why_not(s: S, a: Discard) -> str | None:
    if a.card not in s.game.players[s.game.active].hand:
        return f"#{a.card} is not in your hand"
    return None


def _discard_settle(s: S) -> S | None:
    active = s.game.active
    if len(s.game.players[active].hand) <= hand_size(s.game, active):
        return fire(s, Trigger.DONE)
    return None


DISCARD = dispatch(
    (Rule(Discard, _discard_why_not, lambda s, a: discard(s, a.card)),),
    candidates=_discard_candidates,
    decider=active_player,
    settle=_discard_settle,
)


# 6.2.4.3: regain 3 sphere points ------------------------------------------------------


def _deficits(s: S) -> list[int]:
    active = s.game.active
    top = maxima(s.game, active)
    return [max(0, m - v) for v, m in zip(s.game.players[active].spheres, top, strict=True)]


def _regain_candidates(s: S) -> Iterable[Action]:
    return (Regain(sp) for sp, d in zip(SPHERES, _deficits(s), strict=True) if d > 0)


def _regain_why_not(s: S, a: Regain) -> str | None:
    if _deficits(s)[SPHERES.index(a.sphere)] == 0:
        return f"{a.sphere} is at its maximum (6.2.4.3)"
    return None


def _regain(s: S, a: Regain) -> S:
    active = s.game.active
    spheres = gain(s.game.players[active].spheres, a.sphere, 1, maxima(s.game, active))
    s = update_player(s, active, spheres=spheres)
    return s.evolve(game=s.game.with_turn(regain_left=s.game.regain_left - 1))


def _regain_settle(s: S) -> S | None:
    """Finish when nothing is left to regain, or when every deficit fills anyway."""
    deficits = _deficits(s)
    left = s.game.regain_left
    if left and sum(deficits) > left and sum(1 for d in deficits if d) > 1:
        return None
    active = s.game.active
    spheres = s.game.players[active].spheres
    top = maxima(s.game, active)
    for sphere, d in zip(SPHERES, deficits, strict=True):
        take = min(d, left)
        if take:
            spheres = gain(spheres, sphere, take, top)
            left -= take
    s = update_player(s, active, spheres=spheres)
    return fire(s.evolve(game=s.game.with_turn(regain_left=0)), Trigger.DONE)


REGAIN = dispatch(
    (Rule(Regain, _regain_why_not, _regain),),
    candidates=_regain_candidates,
    decider=active_player,
    settle=_regain_settle,
)


# 6.2.4.4: turn back two turned leaders ------------------------------------------------


def _turned(s: S) -> list[int]:
    return [slot.card for slot in s.game.players[s.game.active].leaders if slot.turned]


def _turn_back_candidates(s: S) -> Iterable[Action]:
    return (TurnBack(c) for c in _turned(s))


def _turn_back_why_not(s: S, a: TurnBack) -> str | None:
    if a.card not in _turned(s):
        return f"#{a.card} is not a turned leader of yours"
    return None


def turn_back(s: S, player: int, cards: Iterable[int]) -> S:
    """Turn back (*visszaforgat*) the given leaders of ``player``."""
    chosen = set(cards)
    p = s.game.players[player]
    leaders = tuple(replace(x, turned=False) if x.card in chosen else x for x in p.leaders)
    return update_player(s, player, leaders=leaders)


def _turn_back(s: S, a: TurnBack) -> S:
    s = turn_back(s, s.game.active, (a.card,))
    return s.evolve(game=s.game.with_turn(turn_back_left=s.game.turn_back_left - 1))


def _turn_back_settle(s: S) -> S | None:
    turned = _turned(s)
    left = s.game.turn_back_left
    if left and len(turned) > left:
        return None
    if left:
        s = turn_back(s, s.game.active, turned)
    return fire(s.evolve(game=s.game.with_turn(turn_back_left=0)), Trigger.DONE)


TURN_BACK = dispatch(
    (Rule(TurnBack, _turn_back_why_not, _turn_back),),
    candidates=_turn_back_candidates,
    decider=active_player,
    settle=_turn_back_settle,
)
