"""Cards played in a counter round (6.4.1, ruling R-6.4.1-responses): "bárki használhat
vagy kijátszhat egy kontra vagy zárt hatást" (anyone may use or play a counter or locked
effect). A card that may be played at that moment anyway, an intrigue summoned (3.6) or
a card played without summoning (1.5.3), answers in a counter round when it carries a
counter or locked effect (4.2.6); any other card waits for the response of 6.1.4.

This module exports the plays (:data:`SOURCE`) for the wiring to hand to
:mod:`.counter_round`, which knows no card play.
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.rules import S, summoning
from mitosz_core.games.mitosz.rules.hooks import ResponseSource
from mitosz_core.games.mitosz.rules.summoning import ANYTIME_PLAYS, AnytimePlay
from mitosz_core.games.mitosz.state import CardId, Game


def counter_or_locked(game: Game, card: CardId) -> bool:
    """Whether ``card`` carries a counter or locked effect (4.2.6): one of its printed
    maneuvers is marked so."""
    return any(m.counter or m.locked for m in game.card(card).maneuvers)


def holds_counter_play(game: Game, player: int) -> bool:
    """Whether ``player`` holds a card with a counter or locked effect (4.2.6), without
    which it plays no card in a counter round."""
    return any(counter_or_locked(game, card) for card in game.players[player].hand)


def candidates(s: S, player: int) -> Iterator[AnytimePlay]:
    """The plays ``player`` may make in a counter round: exactly those :func:`why_not`
    passes, in the order of :func:`.summoning.plays`."""
    game = s.game
    if not holds_counter_play(game, player):
        return
    for a in summoning.plays(s, player, anytime_only=True):
        if isinstance(a, ANYTIME_PLAYS) and counter_or_locked(game, a.card):
            yield a


def why_not(s: S, player: int, a: AnytimePlay) -> str | None:
    """Why ``player`` may not make card play ``a`` in a counter round, or ``None``."""
    reason = summoning.why_not_play(s, player, a, anytime_only=True)
    if reason is not None:
        return reason
    if not counter_or_locked(s.game, a.card):
        return (
            f"{s.game.card(a.card).name} has no counter or locked effect: only such a card "
            "is played in a counter round (6.4.1)"
        )
    return None


SOURCE: ResponseSource[AnytimePlay] = ResponseSource(
    2, ANYTIME_PLAYS, candidates, why_not, summoning.perform_play, holds_counter_play
)
"""A card with a counter or locked effect played in a counter round (6.4.1)."""
