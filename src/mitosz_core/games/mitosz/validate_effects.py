"""The Mítosz validator's check of the effects a state holds, and of its 5.9 tie-breaks.

Part of :func:`~mitosz_core.games.mitosz.validate.validate_state`, run after the index
checks (every card id is in range here). Each check refuses a state that no game
reaches, naming its rule:

- ``card-effect``: every lasting effect (``effects``), delayed effect (``waiting``) and
  effect yet to take hold (``todo``) is one that a card of the game gives
  (:func:`card_effects`);
- ``tiebreak``: a 5.9 tie is settled between two effects of the game, won by one: each
  side is the key of a created lasting effect (``e<id>``, an id already given) or of a
  locked lasting maneuver printed on a card of the game (``s<card>.<index>``), the keys
  of :func:`~mitosz_core.games.mitosz.rules.continuous.lasting`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from mitosz_core.games.mitosz.cards import CardDef, CardType
from mitosz_core.games.mitosz.effects.language import (
    AnyEffect,
    ChangeLevel,
    Chosen,
    Delayed,
    Discard,
    Duration,
    Every,
    Maneuver,
    Sacrifice,
    Steal,
    User,
    Who,
)
from mitosz_core.games.mitosz.effects.language import Sequence as Together
from mitosz_core.games.mitosz.rules.keywords import KEYWORDS
from mitosz_core.games.mitosz.rules.maneuvers import effects_of
from mitosz_core.games.mitosz.state import Game
from mitosz_core.kernel.state import State
from mitosz_core.kernel.validation import GAME, fail, once

CREATED = re.compile(r"e([1-9][0-9]{0,17})")
"""The 5.9 key of a created lasting effect: ``e`` and its id."""
LOCKED = re.compile(r"s(0|[1-9][0-9]{0,17})\.(0|[1-9][0-9]{0,3})")
"""The 5.9 key of a locked maneuver in force: ``s``, its card's id, ``.``, its index."""
GIVEN_LEVEL = (Duration.TURN, Duration.COMBAT)
"""How long the level a maneuver gives its user lasts (4.2.5)."""


def check_effects(state: State[Game]) -> None:
    """Every effect the state holds is one that a card of the game gives."""
    game = state.game
    if not (game.effects or game.waiting or game.todo):
        return
    given = once(state.config, "card-effects", (game.cards,), lambda: card_effects(game.cards))
    held = (
        *(("effects", j, e.effect) for j, e in enumerate(game.effects)),
        *(("waiting", j, w.effect) for j, w in enumerate(game.waiting)),
        *(("todo", j, t.effect) for j, t in enumerate(game.todo)),
    )
    for name, j, effect in held:
        if effect not in given:
            fail(
                f"{GAME}.{name}[{j}].effect",
                "card-effect",
                f"no card of the game gives this {effect.kind} effect (4.2)",
            )


def card_effects(cards: Sequence[CardDef]) -> frozenset[AnyEffect]:
    """Every effect that ``cards`` give: the effects printed on their maneuvers (4.2, a
    further step's too, 4.2.6), and what the engine makes of them as they resolve: the
    parts of a sequence, each queued alone; the effect a delayed effect waits with
    (6.2.1.3, 6.2.4.5, 7.4.12); a discard by other players, queued as each one's own
    (1.5.1); a steal of every matching card, queued as the steal of each (5.2); a keyword's
    card's maneuver acting as its keyword declares (``Keyword.acting``: a rune's on its card
    only, 8.rune); the level a maneuver gives its user, for
    the turn or the combat phase, printed or one more (4.2.5, 5.8); and the sacrifice of
    the user (4.2.3)."""
    found: set[AnyEffect] = set()
    for card in cards:
        acting = [
            k.acting
            for k in KEYWORDS
            if k.acting is not None
            and card.type is CardType.MANEUVER
            and card.has_subtype(k.subtype)
        ]
        for m in card.maneuvers:
            for printed in (m, *(act(m) for act in acting)):
                found.update(_given(printed))
    return frozenset(found)


def _given(m: Maneuver) -> Iterator[AnyEffect]:
    for effect in effects_of(m, 1 + len(m.steps)):
        yield from _resolved(effect)
    if m.level:
        for level in (m.level, m.level + 1):
            yield from (ChangeLevel(User(), level, d) for d in GIVEN_LEVEL)
    if m.sacrifices_user:
        yield Sacrifice(User())


def _resolved(effect: AnyEffect) -> Iterator[AnyEffect]:
    yield effect
    match effect:
        case Together(effects):
            for part in effects:
                yield from _resolved(part)
        case Delayed(_, waits):
            yield from _resolved(waits)
        case Discard(count, who) if who is not Who.ME:
            yield Discard(count, Who.ME)
        case Steal(Every(cards)):
            yield Steal(Chosen(cards))
        case _:
            pass


def check_tiebreaks(state: State[Game]) -> None:
    """Each 5.9 tie is between two effects of the game, won by one of them."""
    game = state.game
    for j, tie in enumerate(game.tiebreaks):
        at = f"{GAME}.tiebreaks[{j}]"
        if tie.a == tie.b or tie.winner not in (tie.a, tie.b):
            fail(at, "tiebreak", "a tie between two effects, won by one")
        for name in ("a", "b"):
            problem = _key_problem(game, getattr(tie, name))
            if problem is not None:
                fail(f"{at}.{name}", "tiebreak", f"{problem} (5.9)")


def _key_problem(game: Game, key: str) -> str | None:
    """Why ``key`` names no lasting effect of ``game``, or ``None``."""
    shown = repr(key[:40])
    created = CREATED.fullmatch(key)
    if created is not None:
        if int(created.group(1)) >= game.next_id:
            return f"{shown} names an effect not yet created (the next id is {game.next_id})"
        return None
    locked = LOCKED.fullmatch(key)
    if locked is None:
        return f"{shown} is not the key of an effect (e<id> or s<card>.<index>)"
    card, index = int(locked.group(1)), int(locked.group(2))
    if card >= len(game.instances):
        return f"{shown} names card #{card}, not in this game"
    d = game.card(card)
    if (
        d.type is CardType.MANEUVER
        or index >= len(d.maneuvers)
        or not (d.maneuvers[index].locked and d.maneuvers[index].effect.lasting)
    ):
        return f"{shown} names no locked lasting maneuver of {d.key!r}"
    return None
