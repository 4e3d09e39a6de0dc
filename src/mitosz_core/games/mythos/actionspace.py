"""The MYTHOS integer action space (see the docs page "Using the engine for AI research").

A card an action names is coded by where it is, seen from the deciding player: a slot of
their hand, or a slot of a row (battlefield, infirmary, sanctuary; their own rows first,
then the opponent's), as the slot's card or as the card attached to it. The same index
means the same kind of choice in every state ("play hand slot 2 at the opponent's
battlefield slot 0"). The property suite checks that no legal action of a reachable
state falls outside the space.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mitosz_core.games.mythos.actions import (
    Activate,
    Attach,
    Attack,
    Block,
    DamageOrder,
    Done,
    DrawCard,
    DrawSacrifice,
    EndTurn,
    Mobilize,
    Pass,
    PayDiscard,
    PayLife,
    PaySacrifice,
    Play,
    Recall,
)
from mitosz_core.games.mythos.rules.zones import ROW_SLOTS
from mitosz_core.games.mythos.state import Game, Row
from mitosz_core.kernel.actionspace import (
    Either,
    Layout,
    LayoutSpace,
    LegalSource,
    OrNone,
    Positions,
)
from mitosz_core.kernel.state import State

HAND = 10
"""Hand slots (the hand holds at most 7 after a draw, 07; a few more for safety)."""
ROWS = tuple(Row)
"""The rows, in code order."""
ROW_CODES = len(ROWS) * ROW_SLOTS * 2
"""Codes of one player's rows: each slot's card and its attached card."""


def _me(state: State[Any]) -> int:
    return state.to_act if state.to_act is not None else 0


def _hand(state: State[Any]) -> Mapping[object, int]:
    return {c: i for i, c in enumerate(state.game.players[_me(state)].hand)}


_BASES = tuple(
    tuple(
        tuple(q * ROW_CODES + (r * ROW_SLOTS + k) * 2 for k in range(ROW_SLOTS))
        for r in range(len(ROWS))
    )
    for q in (0, 1)
)
"""The code of each slot's card, by player (own first), row (in :data:`ROWS` order) and
slot; the card attached to it has the code after."""


def _rows(state: State[Any]) -> Mapping[object, int]:
    game: Game = state.game
    me = _me(state)
    players = game.players
    out: dict[object, int] = {}
    # (no zip: a call with its keyword strict= costs more than the few slots it pairs)
    for q in (0, 1):
        p = players[(me + q) % len(players)]
        bases = _BASES[q]
        for row, row_bases in (
            (p.battlefield, bases[0]),
            (p.infirmary, bases[1]),
            (p.sanctuary, bases[2]),
        ):
            for k, slot in enumerate(row[:ROW_SLOTS]):
                base = row_bases[k]
                out[slot.card] = base
                attached = slot.attached
                if attached is not None:
                    out[attached] = base + 1
    return out


def _row_name(code: int) -> str:
    q, rest = divmod(code, ROW_CODES)
    place, attached = divmod(rest, 2)
    r, k = divmod(place, ROW_SLOTS)
    who = "own" if q == 0 else "opponent's"
    return f"{who} {ROWS[r].value} {k}" + (" attached" if attached else "")


def layouts() -> tuple[Layout, ...]:
    """The blocks of the space, in index order."""
    hand = Positions("hand", HAND, _hand, lambda code: f"hand {code}")
    rows = Positions("rows", 2 * ROW_CODES, _rows, _row_name)
    card = Either(hand, rows)
    return (
        Layout(DrawCard),
        Layout(DrawSacrifice),
        Layout(Play, (("card", hand), ("target", OrNone(rows)))),
        Layout(Mobilize, (("unit", rows),)),
        Layout(Recall, (("unit", rows),)),
        Layout(Attach, (("card", card), ("to", rows))),
        Layout(Activate, (("source", rows), ("target", OrNone(rows)))),
        Layout(Attack, (("unit", rows),)),
        Layout(Block, (("blocker", rows), ("attacker", rows))),
        Layout(Done),
        Layout(DamageOrder, (("attacker", rows), ("blocker", rows))),
        Layout(Pass),
        Layout(EndTurn),
        Layout(PayDiscard, (("card", hand),)),
        Layout(PaySacrifice, (("unit", rows),)),
        Layout(PayLife, (("unit", OrNone(rows, "you")),)),
    )


class MythosActionSpace(LayoutSpace):
    """The MYTHOS action space: :func:`layouts` over the deciding player's positions."""

    def __init__(self, rules: LegalSource) -> None:
        super().__init__(rules, layouts())
