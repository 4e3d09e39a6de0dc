"""What a player may see: the board, both players' life and aura, their own hand.

No card in an opponent's hand or in any deck is shown, only how many there are.
"""

from __future__ import annotations

from collections.abc import Sequence

from mitosz_core.games.mythos.cards import CardType
from mitosz_core.games.mythos.observation import (
    CardView,
    Observation,
    PlayerObservation,
    SlotView,
)
from mitosz_core.games.mythos.rules import S
from mitosz_core.games.mythos.rules.stats import Bonuses, attack, aura_cap, bonuses, life, max_life
from mitosz_core.games.mythos.state import CardId, Game, Slot


def card_view(game: Game, card: CardId) -> CardView:
    d = game.card(card)
    return {"id": card, "key": d.key, "name": d.name_en, "type": d.type.value}


def slot_view(game: Game, slot: Slot, tables: Sequence[Bonuses] | None = None) -> SlotView:
    """A slot of a row; ``tables`` are the players' passive bonuses (worked out here if
    not given)."""
    view: SlotView = {
        "card": card_view(game, slot.card),
        "attached": None if slot.attached is None else card_view(game, slot.attached),
    }
    if game.card(slot.card).type is CardType.UNIT:
        owner = game.owner(slot.card)
        table = bonuses(game, owner) if tables is None else tables[owner]
        view["attack"] = attack(game, slot, table)
        view["life"] = life(game, slot, table)
        view["max_life"] = max_life(game, slot, table)
        view["damage"] = slot.damage
        view["mobilized"] = slot.mobilized
        view["attacked"] = slot.attacked
    return view


def observe(s: S, me: int) -> Observation:
    game = s.game
    players: list[PlayerObservation] = []
    tables = [bonuses(game, i) for i in range(len(game.players))]  # once, for every unit
    for i, p in enumerate(game.players):
        view: PlayerObservation = {
            "life": p.life,
            "aura": p.aura,
            "aura_cap": aura_cap(game, i),
            "deck_size": len(p.deck),
            "hand_size": len(p.hand),
            "graveyard": [card_view(game, c) for c in p.graveyard],
            "battlefield": [slot_view(game, x, tables) for x in p.battlefield],
            "infirmary": [slot_view(game, x, tables) for x in p.infirmary],
            "sanctuary": [slot_view(game, x, tables) for x in p.sanctuary],
        }
        if i == me:
            view["hand"] = [card_view(game, c) for c in p.hand]
        players.append(view)
    combat = game.combat
    payment = game.payment
    return {
        "ruleset": s.ruleset,
        "you": me,
        "phase": s.phase,
        "turn": s.turn,
        "round": game.round,
        "first": game.first,
        "active": game.active,
        "to_act": s.to_act,
        "over": s.is_over,
        "winner": s.winner,
        "ending": game.ending,
        "combat": None
        if combat is None
        else {
            "attackers": list(combat.attackers),
            "blocks": [list(b) for b in combat.blocks],
            "order": [list(o) for o in combat.order],
        },
        "payment": None
        if payment is None
        else {"upgrade": payment.upgrade, "place": payment.place, "left": payment.left},
        "players": players,
    }
