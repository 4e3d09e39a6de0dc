"""The Mítosz observation tensor (:data:`~.layout.MITOSZ_OBSERVATION`): :func:`packed`
reads it from the game value, :func:`reference` builds it from
:func:`~mitosz_core.observe` field by field as the layout documents it."""

from __future__ import annotations

from typing import Any, cast

from mitosz_core.adapters.tensors import mitosz_fields as fields
from mitosz_core.adapters.tensors.layout import (
    M_CARD_SIZE,
    M_EDGE_NAMES,
    M_HAND,
    M_INTRIGUES,
    M_LEADERS,
    M_PEOPLES,
    M_SEAT_SIZE,
    M_SEATS,
    M_TYPE_INDEX,
    M_TYPES,
)
from mitosz_core.adapters.tensors.memo import TensorMemo
from mitosz_core.games.mitosz.effects.language import ChangeLevel, NeutralizeAbility, SetLevel
from mitosz_core.games.mitosz.observation import Observation as MitoszObservation
from mitosz_core.games.mitosz.observation import SphereValues
from mitosz_core.games.mitosz.rules.continuous import lasting, lasting_of
from mitosz_core.games.mitosz.rules.high_god import maxima
from mitosz_core.games.mitosz.rules.levels import power
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.kernel.api import observe
from mitosz_core.kernel.state import State


def packed(state: State[Any], player: int, memo: TensorMemo | None) -> bytes:
    """The player's observation tensor as float32 bytes."""
    # The fields of reference(), read from the game value with the rule functions that
    # observe() calls for them (levels, road levels, open roads, maxima, power), and
    # nothing else: no card views, no levels of cards the tensor does not show. Each
    # part is packed as float32 bytes and the parts are joined once; the board fields of
    # a seat and the rows of the printed cards are cached views, copied in whole.
    game = cast(MitoszGame, state.game)
    if memo is not None:
        memo.sync(game)
    n = state.config.players
    choice = game.choice
    fight = game.fight
    parts = [
        fields.HEAD.pack(
            state.turn / 50,
            float(state.is_over),
            float(state.winner == player),
            len(game.stack) / 8,
            float(choice is not None and choice.player == player),
            0.0 if fight is None else 1.0,
            float(fight is not None and fight.attacker == player),
            float(fight is not None and fight.defender == player),
        )
    ]
    active = game.active
    to_act = state.to_act
    seats = min(n, M_SEATS)
    printed = not lasting(game) or (  # no lasting effect changes, sets or neutralises a level
        not lasting_of(game, ChangeLevel)
        and not lasting_of(game, SetLevel)
        and not lasting_of(game, NeutralizeAbility)
    )
    for q in range(seats):
        i = (player + q) % n
        p = game.players[i]
        magic, influence, wealth, force = p.spheres
        top = maxima(game, i)
        parts.append(
            fields.SEAT_HEAD.pack(
                1.0,
                float(active == i),
                float(to_act == i),
                magic / 10,
                influence / 10,
                wealth / 10,
                force / 10,
                top[0] / 10,
                top[1] / 10,
                top[2] / 10,
                top[3] / 10,
                power(game, i) / 12,
                len(p.deck) / 60,
                len(p.hand) / M_HAND,
                len(p.underworld) / 60,
                len(p.oblivion) / 60,
                float(p.hold is not None),
            )
        )
        if memo is None:
            parts += fields.board(game, i, printed)
        else:
            parts += memo.mitosz.board(game, i, printed)
        parts.append(fields.INTRIGUE_ROWS[min(len(p.intrigues), M_INTRIGUES)])
    parts += (fields.NO_SEAT,) * (M_SEATS - seats)
    hand = game.players[player].hand[:M_HAND]
    if memo is not None:
        parts.append(memo.hand_fields(game, player, hand, fields.card, fields.NO_CARDS))
    else:
        if hand:
            rows = fields.cards(game)
            instances = game.instances
            parts += [rows[instances[card].card] for card in hand]
        parts.append(fields.NO_CARDS[len(hand)])
    return b"".join(parts)


def _tenths(values: SphereValues) -> list[float]:
    """The four sphere numbers / 10, in the order of ``SPHERES``."""
    return [
        values["magic"] / 10,
        values["influence"] / 10,
        values["wealth"] / 10,
        values["force"] / 10,
    ]


def reference(state: State[Any], player: int, out: list[float]) -> None:
    """Write the player's observation tensor into ``out`` (zeros of the tensor's size),
    from :func:`~mitosz_core.observe`."""
    # The values go into a Python list, one index at a time (cheaper than writing into
    # a NumPy array); the caller makes the array at the end.
    obs = cast(MitoszObservation, observe(state, player))
    game = state.game
    n = state.config.players
    out[0] = obs["turn"] / 50
    out[1] = float(obs["over"])
    out[2] = float(obs["winner"] == player)
    out[3] = len(obs["stack"]) / 8
    out[4] = float(obs["choice"] is not None and obs["choice"]["player"] == player)
    fight = obs["fight"]
    if fight is not None:
        out[5:8] = (1.0, float(fight["attacker"] == player), float(fight["defender"] == player))
    at = 8
    for q in range(min(n, M_SEATS)):
        v = at + q * M_SEAT_SIZE
        i = (player + q) % n
        p = obs["players"][i]
        out[v] = 1.0
        out[v + 1] = float(obs["active"] == i)
        out[v + 2] = float(obs["to_act"] == i)
        out[v + 3 : v + 7] = _tenths(p["spheres"])
        out[v + 7 : v + 11] = _tenths(p["sphere_maxima"])
        out[v + 11] = p["power"] / 12
        out[v + 12 : v + 16] = (
            p["deck_size"] / 60,
            p["hand_size"] / M_HAND,
            len(p["underworld"]) / 60,
            len(p["oblivion"]) / 60,
        )
        out[v + 16] = float(p["holding_since_turn"] is not None)
        k = v + 17
        for j, leader in enumerate(p["leaders"][:M_LEADERS]):
            out[k + 4 * j : k + 4 * j + 4] = (
                1.0,
                leader["level"] / 10,
                float(leader["turned"]),
                len(leader["items"]) / 3,
            )
        k += 4 * M_LEADERS
        for j, slot in enumerate(p["empire"][:M_PEOPLES]):
            c = k + 13 * j
            out[c : c + 5] = (
                1.0,
                slot["x"] / 6,
                slot["y"] / 6,
                float(slot["location"] is not None),
                float(slot["building"] is not None),
            )
            for road in slot["roads"]:
                e = M_EDGE_NAMES.index(road["edge"])
                out[c + 5 + e] = road["level"] / 10
                out[c + 9 + e] = float(road["open"])
        k += 13 * M_PEOPLES
        for j in range(min(len(p["intrigues"]), M_INTRIGUES)):
            out[k + j] = 1.0
    at += M_SEATS * M_SEAT_SIZE
    for j, card in enumerate(obs["players"][player].get("hand", [])[:M_HAND]):
        d = game.card(card["id"])
        v = at + j * M_CARD_SIZE
        out[v] = 1.0
        out[v + 1 + M_TYPE_INDEX[d.type]] = 1.0
        k = v + 1 + len(M_TYPES)
        out[k] = d.level / 10
        out[k + 1 : k + 5] = [c / 10 for c in d.cost]
        out[k + 5] = d.power / 12
