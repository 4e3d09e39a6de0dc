"""The MYTHOS observation tensor (:data:`~.layout.MYTHOS_OBSERVATION`): :func:`packed`
reads it from the game value, :func:`reference` builds it from
:func:`~mitosz_core.observe` field by field as the layout documents it."""

from __future__ import annotations

from typing import Any, cast

from mitosz_core.adapters.tensors import mythos_fields as fields
from mitosz_core.adapters.tensors.layout import (
    Y_CARD_SIZE,
    Y_HAND,
    Y_SEAT_SIZE,
    Y_SLOT_SIZE,
    Y_SLOTS,
    Y_TYPE_INDEX,
    Y_TYPE_NAMES,
    Y_TYPES,
)
from mitosz_core.adapters.tensors.memo import TensorMemo
from mitosz_core.games.mythos.observation import Observation as MythosObservation
from mitosz_core.games.mythos.rules.stats import aura_cap
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.kernel.api import observe
from mitosz_core.kernel.state import State


def packed(state: State[Any], player: int, memo: TensorMemo | None) -> bytes:
    """The player's observation tensor as float32 bytes."""
    # The fields of reference(), read from the game value with the rule functions that
    # observe() calls for them (attack, life, aura cap), without the card views, packed
    # as float32 bytes and joined once.
    game = cast(MythosGame, state.game)
    if memo is not None:
        memo.sync(game)
    combat = game.combat
    payment = game.payment
    parts = [
        fields.HEAD.pack(
            state.turn / 80,
            game.round / 40,
            float(state.is_over),
            float(state.winner == player),
            float(state.to_act == player),
            0.0 if combat is None else len(combat.attackers) / 5,
            0.0 if combat is None else len(combat.blocks) / 5,
            0.0 if combat is None else len(combat.order) / 5,
            0.0 if payment is None else payment.left / 3,
        )
    ]
    if memo is None:
        tables = fields.bonus_tables(game)
        caps = [aura_cap(game, o) for o in range(len(game.players))]
        seats = [fields.seat_fields(game, p, tables) for p in game.players]
    else:
        caps, seats = memo.mythos.board(game)
    for q in range(2):
        i = (player + q) % 2
        p = game.players[i]
        parts.append(
            fields.SEAT_HEAD.pack(
                p.life / 20,
                p.aura / 10,
                caps[i] / 10,
                len(p.deck) / 64,
                len(p.hand) / Y_HAND,
                len(p.graveyard) / 64,
                float(game.active == i),
            )
        )
        parts.append(seats[i])
    hand = game.players[player].hand[:Y_HAND]
    if memo is None:
        parts += [fields.card(game.card(card)) for card in hand]
        parts.append(fields.NO_CARDS[len(hand)])
    else:
        parts.append(memo.hand_fields(game, player, hand, fields.card, fields.NO_CARDS))
    return b"".join(parts)


def reference(state: State[Any], player: int, out: list[float]) -> None:
    """Write the player's observation tensor into ``out`` (zeros of the tensor's size),
    from :func:`~mitosz_core.observe`."""
    obs = cast(MythosObservation, observe(state, player))
    game = state.game
    out[0] = obs["turn"] / 80
    out[1] = obs["round"] / 40
    out[2] = float(obs["over"])
    out[3] = float(obs["winner"] == player)
    out[4] = float(obs["to_act"] == player)
    combat = obs["combat"]
    if combat is not None:
        out[5:8] = (
            len(combat["attackers"]) / 5,
            len(combat["blocks"]) / 5,
            len(combat["order"]) / 5,
        )
    payment = obs["payment"]
    if payment is not None:
        out[8] = payment["left"] / 3
    at = 9
    u = 1 + len(Y_TYPES)
    for q in range(2):
        i = (player + q) % 2
        p = obs["players"][i]
        v = at + q * Y_SEAT_SIZE
        out[v] = p["life"] / 20
        out[v + 1 : v + 3] = (p["aura"] / 10, p["aura_cap"] / 10)
        out[v + 3 : v + 6] = (
            p["deck_size"] / 64,
            p["hand_size"] / Y_HAND,
            len(p["graveyard"]) / 64,
        )
        out[v + 6] = float(obs["active"] == i)
        k = v + 7
        for r, row in enumerate((p["battlefield"], p["infirmary"], p["sanctuary"])):
            for j, slot in enumerate(row[:Y_SLOTS]):
                w = k + (r * Y_SLOTS + j) * Y_SLOT_SIZE
                out[w] = 1.0
                out[w + 1 + Y_TYPE_NAMES[slot["card"]["type"]]] = 1.0
                out[w + u] = float(slot["attached"] is not None)
                if "attack" in slot:
                    out[w + u + 1 : w + u + 6] = (
                        slot["attack"] / 10,
                        slot["life"] / 10,
                        slot["max_life"] / 10,
                        float(slot["mobilized"]),
                        float(slot["attacked"]),
                    )
    at += 2 * Y_SEAT_SIZE
    for j, card in enumerate(obs["players"][player].get("hand", [])[:Y_HAND]):
        d = game.card(card["id"])
        v = at + j * Y_CARD_SIZE
        out[v] = 1.0
        out[v + 1 + Y_TYPE_INDEX[d.type]] = 1.0
        out[v + u] = d.cost / 10
