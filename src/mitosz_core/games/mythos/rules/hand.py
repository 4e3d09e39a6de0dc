"""Hand size and drawing (*Handgröße & Ziehen*, 07).

A hand holds at most 7 cards (07.2): nothing is drawn into a full hand, and nothing is
ever discarded for hand size. An empty hand draws 2 instead of 1 (07.3). An empty deck
draws nothing and loses nothing (01.5).
"""

from __future__ import annotations

from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.zones import update_player

HAND_MAX = 7
"""07.2."""
OPENING_HAND = 6
"""01.3."""


def draw(s: S, player: int, count: int) -> S:
    """``player`` draws up to ``count`` cards, stopping at 7 in hand or an empty deck."""
    p = s.game.players[player]
    n = max(0, min(count, HAND_MAX - len(p.hand), len(p.deck)))
    if n == 0:
        return s
    return update_player(s, player, hand=(*p.hand, *p.deck[:n]), deck=p.deck[n:])


def turn_draw_count(s: S, player: int) -> int:
    """(07.1, 07.3) 1 card, or 2 with an empty hand."""
    return 2 if not s.game.players[player].hand else 1


def can_draw(s: S, player: int) -> bool:
    """(07.2) drawing needs room in the hand and a card in the deck."""
    p = s.game.players[player]
    return len(p.hand) < HAND_MAX and bool(p.deck)
