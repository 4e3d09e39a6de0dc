"""Mobilisation (*Mobilisierung*, 05) and recalling a unit (R-02.ex-slots).

Mobilising moves a unit from the infirmary to the battlefield for its printed cost, at
most once per unit per round (05.2), and heals it fully (05.1, 05.3); it may attack in
the same turn (05.5). A unit that has not attacked stays on the battlefield (05.4).

Recalling (*zurückrufen*, 02.ex-slots) moves a unit from the battlefield back to the
infirmary, free, in its owner's turn; it keeps its damage and cannot block from there.
"""

from __future__ import annotations

from mitosz_core.games.mythos.actions import Mobilize, Recall
from mitosz_core.games.mythos.cards import CardType
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.aura import pay, why_not_afford
from mitosz_core.games.mythos.rules.stats import row_units
from mitosz_core.games.mythos.rules.zones import add_slot, free, remove_slot
from mitosz_core.games.mythos.state import Row
from mitosz_core.kernel.values import replace


def mobilize_candidates(s: S, player: int) -> tuple[Mobilize, ...]:
    return tuple(Mobilize(slot.card) for slot in row_units(s.game, player, Row.INFIRMARY))


def why_not_mobilize(s: S, player: int, a: Mobilize) -> str | None:
    game = s.game
    slot = next((x for x in game.players[player].infirmary if x.card == a.unit), None)
    if slot is None or game.card(a.unit).type is not CardType.UNIT:
        return f"#{a.unit} is not a unit in your infirmary (05)"
    if slot.mobilized:
        return f"{game.card(a.unit).name_en} was already mobilised this round (05.2)"
    if free(game, player, Row.BATTLEFIELD) == 0:
        return "your battlefield has no free slot (02.1); recall a unit first (R-02.ex-slots)"
    return why_not_afford(s, player, game.card(a.unit).mobilize)


def mobilize(s: S, player: int, unit: int) -> S:
    """(05.1, 05.3) pay, move to the battlefield at full life, mark it for this round."""
    s = pay(s, player, s.game.card(unit).mobilize)
    s, slot = remove_slot(s, unit)
    return add_slot(s, player, Row.BATTLEFIELD, replace(slot, damage=0, mobilized=True))


def recall_candidates(s: S, player: int) -> tuple[Recall, ...]:
    return tuple(Recall(slot.card) for slot in s.game.players[player].battlefield)


def why_not_recall(s: S, player: int, a: Recall) -> str | None:
    if not any(x.card == a.unit for x in s.game.players[player].battlefield):
        return f"#{a.unit} is not a unit on your battlefield"
    if free(s.game, player, Row.INFIRMARY) == 0:
        return "your infirmary has no free slot (02.1)"
    return None


def recall(s: S, player: int, unit: int) -> S:
    s, slot = remove_slot(s, unit)
    return add_slot(s, player, Row.INFIRMARY, slot)
