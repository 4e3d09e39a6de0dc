"""Winning and ending the game: the power victory (1.1.1) and the deck-out (1.3.4).

Ruling R-1.1.1: a player whose power reaches 12 wins when the round (*forduló*) begun in
that turn has passed, i.e. when the player whose turn it was starts their next turn, if the
power never fell below 12 in between. Ruling R-1.3.4: the game ends when every deck has
been empty for a whole round; the player with the most power wins, a tie is a draw.
"""

from __future__ import annotations

from collections.abc import Iterable

from mitosz_core.games.mitosz.machine import Trigger
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.flow import fire
from mitosz_core.games.mitosz.rules.levels import has_power, power
from mitosz_core.games.mitosz.state import RoundMark
from mitosz_core.kernel.values import replace


def update_holds(s: S) -> S:
    """Start or break each player's power hold (1.1.1)."""
    game = s.game
    players = list(game.players)
    changed = False
    for i, p in enumerate(players):
        holding = has_power(game, i)
        if holding and p.hold is None:
            players[i] = replace(p, hold=RoundMark(turn=s.turn, round_owner=game.active))
            changed = True
        elif not holding and p.hold is not None:
            players[i] = replace(p, hold=None)
            changed = True
    return s.evolve(game=replace(game, players=tuple(players))) if changed else s


def end_game(s: S, winner: int | None, ending: str) -> S:
    """The game ends with ``winner`` (``None`` for a draw), for the reason ``ending``."""
    s = s.evolve(game=replace(s.game, ending=ending))
    return fire(s, Trigger.GAME_OVER).evolve(is_over=True, winner=winner, to_act=None)


def check_turn_start(s: S) -> S:
    """At the start of a turn (6.2.1.1): a completed power hold wins (1.1.1); a whole
    round with every deck empty ends the game (1.3.4)."""
    game = s.game
    done = [
        i
        for i, p in enumerate(game.players)
        if p.hold is not None and p.hold.round_owner == game.active and p.hold.turn < s.turn
    ]
    if done:
        return end_game(s, _most_power(s, done), "power")
    if all(not p.deck for p in game.players):
        mark = game.deckout
        if mark is None:
            return s.evolve(game=replace(game, deckout=RoundMark(s.turn, game.active)))
        if mark.round_owner == game.active and mark.turn < s.turn:
            return end_game(s, _most_power(s, range(len(game.players))), "deck-out")
    elif game.deckout is not None:
        return s.evolve(game=replace(game, deckout=None))
    return s


def _most_power(s: S, players: Iterable[int]) -> int | None:
    """The one player with the most power among ``players``; ``None`` on a tie."""
    candidates = list(players)
    best = max(power(s.game, i) for i in candidates)
    top = [i for i in candidates if power(s.game, i) == best]
    return top[0] if len(top) == 1 else None
