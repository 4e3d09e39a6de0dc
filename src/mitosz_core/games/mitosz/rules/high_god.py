"""The high god and its spheres (*főisten, szféra*, 3.1), and paying costs (6.3.3).

A sphere's value runs from 0 to its maximum; the maximum is printed on the high god
(0 to 6) and every sphere starts full. Spoils may lift a sphere above its maximum until
the end of the turn (7.4.11, 6.2.4.2).
"""

from __future__ import annotations

from collections.abc import Iterator

from mitosz_core.games.mitosz.cards import SPHERES, CardDef, CardType, Sphere, linked
from mitosz_core.games.mitosz.state import Game, Spheres


def maxima(game: Game, player: int) -> Spheres:
    """The sphere maxima printed on the player's high god (3.1)."""
    return game.card(game.players[player].high_god).spheres


def linked_to_high_god(game: Game, player: int, card: CardDef) -> bool:
    """Whether ``card`` is in mythic link with ``player``'s high god (2.8, 3.1)."""
    return linked(card, game.card(game.players[player].high_god))


def substitutions(cost: Spheres) -> Iterator[tuple[Sphere, Sphere]]:
    """Every way to pay one point of ``cost`` with another sphere (3.1): ``(paid,
    instead)`` for each sphere the cost asks for and each other sphere."""
    for paid, need in zip(SPHERES, cost, strict=True):
        if need:
            for instead in SPHERES:
                if instead is not paid:
                    yield paid, instead


def effective_cost(cost: Spheres, substitute: tuple[Sphere, Sphere] | None) -> Spheres | str:
    """The cost after a link substitution of one point (3.1), or why it cannot be made."""
    if substitute is None:
        return cost
    paid, instead = substitute
    if paid is instead:
        return f"a substitution must change the sphere, not {paid} for {instead}"
    i, j = SPHERES.index(paid), SPHERES.index(instead)
    if cost[i] < 1:
        return f"the cost has no {paid} point to substitute"
    out = list(cost)
    out[i] -= 1
    out[j] += 1
    return (out[0], out[1], out[2], out[3])


def why_not_pay(current: Spheres, cost: Spheres) -> str | None:
    """Why ``cost`` cannot be paid from ``current``, naming each short sphere (6.3.3)."""
    short = [
        f"{sphere} {have} < {need}"
        for sphere, have, need in zip(SPHERES, current, cost, strict=True)
        if have < need
    ]
    return f"not enough sphere points: {', '.join(short)}" if short else None


def affordable(current: Spheres, cost: Spheres) -> bool:
    """Whether ``cost`` can be paid from ``current`` (:func:`why_not_pay` finds nothing)."""
    return (
        current[0] >= cost[0]
        and current[1] >= cost[1]
        and current[2] >= cost[2]
        and current[3] >= cost[3]
    )


def pay(current: Spheres, cost: Spheres) -> Spheres:
    a, b, c, d = (have - need for have, need in zip(current, cost, strict=True))
    return (a, b, c, d)


def clamp(current: Spheres, top: Spheres) -> Spheres:
    """6.2.4.2: spheres above their maximum fall to it."""
    a, b, c, d = (min(v, m) for v, m in zip(current, top, strict=True))
    return (a, b, c, d)


def gain(current: Spheres, sphere: Sphere, amount: int, top: Spheres) -> Spheres:
    """Add ``amount`` points to ``sphere`` without passing its maximum (3.1)."""
    i = SPHERES.index(sphere)
    out = list(current)
    out[i] = max(out[i], min(top[i], out[i] + amount))
    return (out[0], out[1], out[2], out[3])


def withheld_permission(game: Game, player: int, card: CardDef) -> int | None:
    """3.4.3: another player may summon your high god as a leader only with your
    permission. The player (other than ``player``) whose high god ``card`` is as a leader
    and who has not permitted ``player`` to summon it, if any."""

    if card.type is not CardType.LEADER:
        return None
    for other, p in enumerate(game.players):
        if other == player or game.card(p.high_god).name_en != card.name_en:
            continue
        if (other, player) not in game.permits:
            return other
    return None
