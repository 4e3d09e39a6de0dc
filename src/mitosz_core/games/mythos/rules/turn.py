"""The course of a turn (*Rundenablauf*, 04).

The start is automatic (04.1): start-of-turn effects (09.7), then aura (03); then the
player draws or takes the draw sacrifice (03.7, 07), a decision made before any other
action. Then the player acts in any order, as often as the aura allows (04.3, 04.4, 11.6):
play, mobilise, recall, attach, attack, activate, or end the turn. The end is automatic
(04.2): end-of-turn effects, then the opponent's turn begins.

After every action of the active player the opponent has a window (``turn.respond``) to
play events (04.4, 11.9); an event resolves at once and nobody answers it (11.1). In a
fight both players have a window after each step, the attacker's first (:data:`PRESS`),
then the defender's (:data:`WINDOW`). The engine passes for a player who has no event to
play (ruling R-04.4-windows).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from mitosz_core.games.mythos.actions import (
    Activate,
    Attach,
    Attack,
    DrawCard,
    DrawSacrifice,
    EndTurn,
    Mobilize,
    Pass,
    Play,
    Recall,
)
from mitosz_core.games.mythos.cards import When
from mitosz_core.games.mythos.rules import S, combat
from mitosz_core.games.mythos.rules.aura import gain, generate
from mitosz_core.games.mythos.rules.effects import cycle
from mitosz_core.games.mythos.rules.flow import active_player, defender, fire, other
from mitosz_core.games.mythos.rules.hand import HAND_MAX, can_draw, draw, turn_draw_count
from mitosz_core.games.mythos.rules.mobilize import (
    mobilize,
    mobilize_candidates,
    recall,
    recall_candidates,
    why_not_mobilize,
    why_not_recall,
)
from mitosz_core.games.mythos.rules.play import (
    activate_candidates,
    perform_activate,
    perform_play,
    play_candidates,
    why_not_activate,
    why_not_play,
)
from mitosz_core.games.mythos.rules.upgrades import (
    attach_candidates,
    perform_attach,
    why_not_attach,
)
from mitosz_core.games.mythos.rules.victory import new_round
from mitosz_core.games.mythos.rules.zones import update_player
from mitosz_core.games.mythos.state import Game
from mitosz_core.kernel.action import Action
from mitosz_core.kernel.steps import Rule, Step, allowed, dispatch
from mitosz_core.kernel.values import replace

DRAW_SACRIFICE_AURA = 1
"""03.7: +1 aura instead of the draw (also with an empty hand, 07.ex-empty-hand)."""


def start_phase(s: S) -> S:
    """(04.1) a new round if the starting player's turn begins (R-03.2); the once-per-round
    marks of the active player's units clear (05.2, 06.1); start-of-turn effects (09.7);
    aura (03.2, 03.3, 03.6)."""
    if s.game.active == s.game.first:
        s = new_round(s)
        if s.is_over:
            return s
    me = s.game.active
    p = s.game.players[me]
    fresh = {
        row: tuple(replace(x, mobilized=False, attacked=False) for x in getattr(p, row))
        for row in ("battlefield", "infirmary")
    }
    s = update_player(s, me, **fresh)
    s = cycle(s, me, When.START)
    s = generate(s, me)
    return fire(s, "started")


def end_phase(s: S) -> S:
    """(04.2) end-of-turn effects (09.7); boosts 'until the end of the turn' end; the
    opponent's turn begins."""
    me = s.game.active
    s = cycle(s, me, When.END)
    for i, p in enumerate(s.game.players):
        rows = {
            row: tuple(replace(x, temp_attack=0, temp_life=0) for x in getattr(p, row))
            for row in ("battlefield", "infirmary")
        }
        s = update_player(s, i, **rows)
    s = s.evolve(game=replace(s.game, active=other(me)), turn=s.turn + 1)
    return fire(s, "next_turn")


# 04.1 / 07: draw or draw sacrifice ------------------------------------------------------


def _draw_candidates(s: S) -> Iterable[Action]:
    return (DrawCard(), DrawSacrifice())


def _draw_why_not(s: S, a: DrawCard) -> str | None:
    if not can_draw(s, s.game.active):
        p = s.game.players[s.game.active]
        if len(p.hand) >= HAND_MAX:
            return f"your hand is full ({HAND_MAX} cards): no draw, only the sacrifice (07.2)"
        return "your deck is empty (01.5)"
    return None


def _draw(s: S, a: DrawCard) -> S:
    me = s.game.active
    return fire(draw(s, me, turn_draw_count(s, me)), "drawn")


def _draw_sacrifice(s: S, a: DrawSacrifice) -> S:
    return fire(gain(s, s.game.active, DRAW_SACRIFICE_AURA), "drawn")


def _draw_settle(s: S) -> S | None:
    """With nothing to draw (full hand, empty deck) the sacrifice is the only choice and
    is taken (R-07.2)."""
    if can_draw(s, s.game.active):
        return None
    return fire(gain(s, s.game.active, DRAW_SACRIFICE_AURA), "drawn")


DRAW = dispatch(
    (Rule(DrawCard, _draw_why_not, _draw), Rule(DrawSacrifice, allowed, _draw_sacrifice)),
    candidates=_draw_candidates,
    decider=active_player,
    settle=_draw_settle,
)

# 04.3: the turn's actions ---------------------------------------------------------------


def _main_candidates(s: S) -> Iterator[Action]:
    me = s.game.active
    yield from play_candidates(s, me)
    yield from mobilize_candidates(s, me)
    yield from recall_candidates(s, me)
    yield from attach_candidates(s, me)
    yield from combat.attack_candidates(s)
    yield from activate_candidates(s, me)
    yield EndTurn()


def _me(s: S) -> int:
    return s.game.active


MAIN = dispatch(
    (
        Rule(
            Play,
            lambda s, a: why_not_play(s, _me(s), a),
            lambda s, a: _acted(perform_play(s, _me(s), a)),
        ),
        Rule(
            Mobilize,
            lambda s, a: why_not_mobilize(s, _me(s), a),
            lambda s, a: _acted(mobilize(s, _me(s), a.unit)),
        ),
        Rule(
            Recall,
            lambda s, a: why_not_recall(s, _me(s), a),
            lambda s, a: _acted(recall(s, _me(s), a.unit)),
        ),
        Rule(
            Attach,
            lambda s, a: why_not_attach(s, _me(s), a),
            lambda s, a: perform_attach(s, _me(s), a),
        ),
        Rule(Attack, combat.why_not_attack, combat.begin),
        Rule(
            Activate,
            lambda s, a: why_not_activate(s, _me(s), a),
            lambda s, a: _acted(perform_activate(s, _me(s), a)),
        ),
        Rule(EndTurn, allowed, lambda s, a: fire(s, "end_turn")),
    ),
    candidates=_main_candidates,
    decider=active_player,
)
"""The turn's actions (04.3), in the order of :func:`_main_candidates`."""


def _acted(s: S) -> S:
    return fire(s, "acted")


# 04.4 / 11.9: the opponent's windows ------------------------------------------------------


def _event_window(player: Callable[[S], int]) -> Step[Game]:
    """A window of ``player``'s events (04.4, 11.9): events one at a time, or a pass."""
    return dispatch(
        (
            Rule(Pass, allowed, lambda s, a: fire(s, "close")),
            Rule(
                Play,
                lambda s, a: why_not_play(s, player(s), a, events_only=True),
                lambda s, a: perform_play(s, player(s), a),
            ),
        ),
        candidates=lambda s: (Pass(), *play_candidates(s, player(s), events_only=True)),
        decider=player,
    )


WINDOW = _event_window(defender)
"""The defender's window after each step of a fight, and after the active player's
deeds."""
PRESS = _event_window(active_player)
"""The attacker's window after each step of a fight (11.9, R-04.4-windows): events one at
a time or a pass, then the defender's window (:data:`WINDOW`) answers them."""
