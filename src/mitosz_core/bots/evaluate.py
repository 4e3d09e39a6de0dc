"""How good a position looks to one player, from their observation only: the evaluation
the heuristic bot maximises and the search bot uses at the end of its playouts.

A value is a float, higher is better for ``me``; a won game is :data:`WIN`, a lost one
``-WIN``, a draw 0. Between them the value is the sum of weighted features, each a
difference "mine minus the best opponent's" where that makes sense.

Mítosz (victory by power, 1.1.1):

- **power**: power (weight 1), and a bonus of 4 for a player at the 12 needed to win
  (a hold under way), the opponent's counted against;
- **tempo**: the sphere points on hand to summon with (0.25 each) and the sphere maxima
  (0.1 each): what the next summons can cost;
- **card advantage**: cards in hand (0.35 each) and leaders on the board (0.5 each, plus
  0.2 a level: they fight);
- **fight odds**: while a fight is on, the attacker's level minus the defender's (0.5 a
  level), for the side ``me`` fights on.

:func:`mitosz_threat` is a further Mítosz feature, not part of :func:`evaluate`, that the
search bot subtracts at the end of a playout stopping where the opponent's turn begins
(``turns=1``, its Mítosz default; a playout to the bot's next turn sees that battle
played instead): what the opponent's next battle may take from ``me``. A battle
(7.4) is declared by an unturned leader against a people across one of its open roads;
the road's level and the defending commander's (an unturned leader of the defender's)
are the defence, and a side level above the defence destroys the people (7.4.10.2). So
for each of ``me``'s peoples with an open road, the margin is the opponents' best
unturned leader's level minus the lowest open road's level and ``me``'s best unturned
leader's; the odds of losing the people grow from 0 at a margin of -1 to 1 at 2 (troops
and maneuvers move a fight by a level or two); the stake is the power of the people,
its location and building, the 4 of a hold at 12 the loss would break, and the sphere
point the attacker steals (7.4.11). One fight is declared in a combat phase (6.2.3.2),
so the threat is the largest odds times stake among the peoples.

MYTHOS (victory by life, 01.4):

- **life**: life (weight 1), the opponent's counted against;
- **board power**: the attack and life of each unit on the battlefield (0.35 and 0.25)
  and in the infirmary (half that), 1 for each card in the sanctuary;
- **card advantage**: cards in hand (0.5 each);
- **tempo**: aura (0.1) and the aura cap (0.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

JsonDict = dict[str, Any]

WIN = 1000.0
"""The value of a won game (``-WIN`` a lost one)."""

MITOSZ_VICTORY_POWER = 12
"""The power a Mítosz player needs to win (1.1.1)."""

HOLD_BONUS = 4.0
"""What :func:`evaluate` adds for a Mítosz player at :data:`MITOSZ_VICTORY_POWER`."""

SPOILS = 0.25
"""The sphere point a won battle steals (7.4.11), at its weight in :func:`evaluate`."""


def evaluate(obs: JsonDict, me: int) -> float:
    """The value of the observed position for player ``me``."""
    if obs["over"]:
        if obs["winner"] is None:
            return 0.0
        return WIN if obs["winner"] == me else -WIN
    return _EVALUATE[obs["ruleset"]](obs, me)


def _versus(obs: JsonDict, me: int, score: Callable[[JsonDict], float]) -> float:
    """``score`` of ``me``'s side minus the best of the others'."""
    players = obs["players"]
    mine = score(players[me])
    others = [score(p) for i, p in enumerate(players) if i != me]
    return float(mine - max(others))


def _mitosz_side(p: JsonDict) -> float:
    power = float(p["power"])
    if power >= MITOSZ_VICTORY_POWER:
        power += HOLD_BONUS
    tempo = 0.25 * sum(p["spheres"].values()) + 0.1 * sum(p["sphere_maxima"].values())
    cards = 0.35 * p["hand_size"] + sum(0.5 + 0.2 * slot["level"] for slot in p["leaders"])
    return float(power + tempo + cards)


def _mitosz(obs: JsonDict, me: int) -> float:
    value = _versus(obs, me, _mitosz_side)
    fight = obs["fight"]
    if (
        fight is not None
        and fight["levels"] is not None
        and me
        in (
            fight["attacker"],
            fight["defender"],
        )
    ):
        attack, defend = fight["levels"]
        edge = attack - defend if fight["attacker"] == me else defend - attack
        value += 0.5 * edge
    return value


def mitosz_threat(obs: JsonDict, me: int, card_power: Callable[[int], int]) -> float:
    """The power ``me`` may expect to lose to the opponents' next battle in the Mítosz
    position ``obs`` (see the module): the largest odds times stake among ``me``'s
    peoples with an open road. ``card_power`` gives the printed power of a card on the
    board by its id (board cards are face up). 0 when no opponent has an unturned leader."""
    players = obs["players"]
    attack = max(
        (
            slot["level"]
            for i, p in enumerate(players)
            if i != me
            for slot in p["leaders"]
            if not slot["turned"]
        ),
        default=None,
    )
    if attack is None:
        return 0.0
    mine = players[me]
    defence = max((s["level"] for s in mine["leaders"] if not s["turned"]), default=0)
    power = mine["power"]
    worst = 0.0
    for people in mine["empire"]:
        roads = [road["level"] for road in people["roads"] if road["open"]]
        if not roads:
            continue
        odds = min(1.0, max(0.0, (attack - min(roads) - defence + 1) / 3))
        if odds == 0.0:
            continue
        cards = [people["people"], people["location"], people["building"]]
        lost = sum(card_power(card["id"]) for card in cards if card is not None)
        stake = lost + SPOILS
        if power >= MITOSZ_VICTORY_POWER > power - lost:
            stake += HOLD_BONUS
        worst = max(worst, odds * stake)
    return worst


def _mythos_side(p: JsonDict) -> float:
    board = 0.0
    for slot in p["battlefield"]:
        if "attack" in slot:
            board += 0.35 * slot["attack"] + 0.25 * slot["life"]
    for slot in p["infirmary"]:
        if "attack" in slot:
            board += 0.175 * slot["attack"] + 0.125 * slot["life"]
    board += 1.0 * len(p["sanctuary"])
    return float(p["life"] + board + 0.5 * p["hand_size"] + 0.1 * p["aura"] + 0.3 * p["aura_cap"])


def _mythos(obs: JsonDict, me: int) -> float:
    return _versus(obs, me, _mythos_side)


_EVALUATE: dict[str, Callable[[JsonDict, int], float]] = {"mitosz": _mitosz, "mythos": _mythos}
