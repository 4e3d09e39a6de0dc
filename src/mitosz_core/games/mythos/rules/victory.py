"""Winning and ending the game (01).

A player at 0 life or less loses (01.4); if both are there at once, the game is a draw
(R-01.4-both). An empty deck loses nothing (01.5), so something else must end a game in
which nobody can or will win: ruling R-01.5 adds two endings, both draws:

- *stalemate*: at the start of a round, both decks are empty and neither player's life
  has changed for 3 full rounds with both decks empty;
- *round limit*: round 40 has been played (the bound that makes every game end).
"""

from __future__ import annotations

from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.flow import fire, other
from mitosz_core.kernel.values import replace

ROUND_LIMIT = 40
"""The last round (R-01.5)."""
STALEMATE_ROUNDS = 3
"""Full rounds with both decks empty and no change of life that end the game (R-01.5)."""


def end_game(s: S, winner: int | None, ending: str) -> S:
    """The game ends with ``winner`` (``None`` for a draw), for the reason ``ending``."""
    s = s.evolve(game=replace(s.game, ending=ending))
    return fire(s, "game_over").evolve(is_over=True, winner=winner, to_act=None)


def check_life(s: S) -> S:
    """(01.4) a player at 0 life or less loses; both at once is a draw (R-01.4-both)."""
    dead = [i for i, p in enumerate(s.game.players) if p.life <= 0]
    if not dead:
        return s
    return end_game(s, other(dead[0]) if len(dead) == 1 else None, "life")


def new_round(s: S) -> S:
    """The starting player's turn begins a new round (R-03.2); check R-01.5 first."""
    game = replace(s.game, round=s.game.round + 1)
    if game.round > ROUND_LIMIT:
        return end_game(s.evolve(game=game), None, "round-limit")
    lives = tuple(p.life for p in game.players)
    if all(not p.deck for p in game.players):
        quiet = game.quiet_rounds + 1 if game.round_lives == lives else 0
        game = replace(game, quiet_rounds=quiet, round_lives=lives)
        if quiet >= STALEMATE_ROUNDS:
            return end_game(s.evolve(game=game), None, "stalemate")
    else:
        game = replace(game, quiet_rounds=0, round_lives=())
    return s.evolve(game=game)
