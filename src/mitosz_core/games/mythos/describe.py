"""Readable sentences for MYTHOS actions, for logs and the demo."""

from __future__ import annotations

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
from mitosz_core.games.mythos.rules import S
from mitosz_core.kernel.action import Action


def describe(s: S, a: Action) -> str:
    game = s.game

    def name(card: int | None) -> str:
        return "?" if card is None else game.card(card).name_en

    def at(target: int | None) -> str:
        return "" if target is None else f" on {name(target)}"

    if isinstance(a, DrawCard):
        return "draws"
    if isinstance(a, DrawSacrifice):
        return "takes the draw sacrifice (+1 aura)"
    if isinstance(a, Play):
        d = game.card(a.card)
        return f"plays {d.name_en} ({d.type.value}, {d.cost} aura){at(a.target)}"
    if isinstance(a, Mobilize):
        return f"mobilises {name(a.unit)} ({game.card(a.unit).mobilize} aura)"
    if isinstance(a, Recall):
        return f"recalls {name(a.unit)} to the infirmary"
    if isinstance(a, Attach):
        return f"attaches {name(a.card)} to {name(a.to)}"
    if isinstance(a, Activate):
        return f"activates {name(a.source)}{at(a.target)}"
    if isinstance(a, Attack):
        return f"attacks with {name(a.unit)}"
    if isinstance(a, Block):
        return f"blocks {name(a.attacker)} with {name(a.blocker)}"
    if isinstance(a, Done):
        return "is done"
    if isinstance(a, DamageOrder):
        return f"orders {name(a.attacker)}'s damage onto {name(a.blocker)} next"
    if isinstance(a, Pass):
        return "passes"
    if isinstance(a, EndTurn):
        return "ends the turn"
    if isinstance(a, PayDiscard):
        return f"discards {name(a.card)} for the attach cost"
    if isinstance(a, PaySacrifice):
        return f"sacrifices {name(a.unit)} for the attach cost"
    if isinstance(a, PayLife):
        return "pays 2 life" if a.unit is None else f"pays 2 life from {name(a.unit)}"
    return str(a)
