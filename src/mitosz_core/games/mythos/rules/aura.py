"""Aura (*Aura — Ressourcensystem*, 03): the curve, carry-over, places, the caps.

Ruling R-03.2: a round (*Runde*) is one turn of each player, from the starting player's;
in round ``n`` each player's curve gives ``min(n, 10)`` aura. Unspent aura carries over
(03.3). Every gain stops at the player's cap, 14 (03.4) or 15 with Hades or Olymp
(03.5); a state check lowers aura above the cap when such a card leaves.
"""

from __future__ import annotations

from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.stats import aura_cap, places
from mitosz_core.games.mythos.rules.zones import update_player
from mitosz_core.games.mythos.state import calm

CURVE_TOP = 10
"""The curve stops rising at round 10 (03.2)."""


def curve(round_number: int) -> int:
    """(03.2) 1 aura in round 1, ... 10 from round 10 on."""
    return min(max(round_number, 1), CURVE_TOP)


def gain(s: S, player: int, amount: int) -> S:
    """``player`` gains ``amount`` aura, up to their cap (03.4, 03.5)."""
    p = s.game.players[player]
    value = min(aura_cap(s.game, player), p.aura + amount)
    return update_player(s, player, aura=max(value, p.aura))


def pay(s: S, player: int, amount: int) -> S:
    """Spend ``amount`` aura; the caller checked it is affordable (11.5)."""
    p = s.game.players[player]
    assert 0 <= amount <= p.aura, "aura never goes below 0 (11.5)"
    return update_player(s, player, aura=p.aura - amount)


def why_not_afford(s: S, player: int, amount: int) -> str | None:
    """(11.5) an action that costs more aura than the player has is not possible."""
    have = s.game.players[player].aura
    if amount > have:
        return f"it costs {amount} aura and you have {have} (11.5)"
    return None


def generate(s: S, player: int) -> S:
    """(03.2, 03.3, 03.6) at the start of a turn: carry-over + curve + 1 per place, capped."""
    return gain(s, player, curve(s.game.round) + places(s.game, player))


def clamp(s: S) -> S:
    """A state check: aura above a player's cap falls to it (03.4, 03.5); not looked at
    for a player on which the state checks found nothing (:func:`~..state.calm`)."""
    for i, p in enumerate(s.game.players):
        if calm(s.game, i):
            continue
        cap = aura_cap(s.game, i)
        if p.aura > cap:
            s = update_player(s, i, aura=cap)
    return s
