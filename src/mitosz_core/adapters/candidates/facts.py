"""What a player may see of a card an action names, per ruleset: the printed facts of a
card they can identify and the current facts of its place (owner, turned, level now).

A card the player cannot identify (a card of a deck or of another player's hand that
no rule showed them: the ruleset's ``hidden_from``, which determinization redraws)
gets only its ``hidden`` flag and its owner: never its printed card. The values are
finite and, but for the one-hots, scaled by the same divisors as the observation
tensor's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from mitosz_core.adapters.tensors.layout import (
    M_CARD_SIZE,
    M_SEATS,
    M_TYPES,
    Y_TYPES,
    Field,
    size_of,
)
from mitosz_core.adapters.tensors.mitosz_fields import cards as mitosz_cards
from mitosz_core.games.mitosz.rules.hosting import items_of, placed_on
from mitosz_core.games.mitosz.rules.levels import level as mitosz_level
from mitosz_core.games.mitosz.sample import hidden_from as mitosz_hidden
from mitosz_core.games.mitosz.state import Game as MitoszGame
from mitosz_core.games.mythos.sample import hidden_from as mythos_hidden
from mitosz_core.games.mythos.state import Game as MythosGame
from mitosz_core.kernel.state import State

MITOSZ_CARD: tuple[Field, ...] = (
    Field("hidden", 1, "1 if the player cannot identify the card (its printed facts are 0)"),
    Field("owner", M_SEATS, "the owner's seat, one-hot, the player's own first"),
    Field("type", len(M_TYPES), "printed card type, one-hot"),
    Field("level", 1, "printed level / 10"),
    Field("cost", 4, "printed summoning cost per sphere / 10"),
    Field("power", 1, "printed power / 12"),
    Field("level_now", 1, "level now (lasting effects included) / 10, for a card in play"),
    Field("turned", 1, "1 if the card is a turned leader or a troop turned in the fight"),
)
MYTHOS_CARD: tuple[Field, ...] = (
    Field("hidden", 1, "1 if the player cannot identify the card (its printed facts are 0)"),
    Field("owner", 2, "the owner's seat, one-hot, the player's own first"),
    Field("type", len(Y_TYPES), "printed card type, one-hot"),
    Field("cost", 1, "printed aura cost / 10"),
    Field("unit", 3, "printed attack / 10, life / 10, mobilise cost / 10"),
    Field("damage", 1, "damage on the card's slot / 10, for a unit in play"),
)


@dataclass(frozen=True)
class CardFacts:
    """A ruleset's card facts: the fields (for the docs) and the function that writes
    them for card ``card``, as ``player`` sees it, into ``out`` (zeros, of
    ``size_of(fields)`` values); ``hidden`` is the set of card ids the player cannot
    identify."""

    fields: tuple[Field, ...]
    hidden: Callable[[State[Any], int], frozenset[int]]
    write: Callable[[State[Any], int, int, frozenset[int], np.ndarray[Any, Any]], None]

    @property
    def size(self) -> int:
        return size_of(self.fields)


def _hidden_mitosz(state: State[Any], player: int) -> frozenset[int]:
    return frozenset(c for group in mitosz_hidden(state, player) for c in group)


def _hidden_mythos(state: State[Any], player: int) -> frozenset[int]:
    return frozenset(c for group in mythos_hidden(state, player) for c in group)


def _in_play_mitosz(game: MitoszGame, card: int) -> tuple[bool, bool]:
    """Whether ``card`` is on a board or in the fight, and whether it is turned."""
    for p in game.players:
        realm = p.realm
        if card == realm.high_god or card in realm.intrigues:
            return True, False
        for slot in realm.leaders:
            if slot.card == card:
                return True, slot.turned
            if card in items_of(game, slot.card):
                return True, False
        for people in realm.empire:
            if card == people.card or card in placed_on(game, people.card):
                return True, False
    fight = game.fight
    if fight is not None and any(t.card == card for t in fight.troops):
        return True, card in fight.turned
    return False, False


_M_PRINTED = 1 + M_SEATS
_M_NOW = _M_PRINTED + M_CARD_SIZE - 1


def _write_mitosz(
    state: State[Any], player: int, card: int, hidden: frozenset[int], out: np.ndarray[Any, Any]
) -> None:
    game = cast(MitoszGame, state.game)
    n = len(game.players)
    out[1 + (game.owner(card) - player) % n] = 1.0
    if card in hidden:
        out[0] = 1.0
        return
    printed = np.frombuffer(mitosz_cards(game)[game.instances[card].card], np.float32)
    out[_M_PRINTED:_M_NOW] = printed[1:]  # without the hand slot's "present"
    in_play, turned = _in_play_mitosz(game, card)
    if in_play:
        out[_M_NOW] = mitosz_level(game, card) / 10
        out[_M_NOW + 1] = float(turned)


_Y_TYPE = {t: i for i, t in enumerate(Y_TYPES)}


def _write_mythos(
    state: State[Any], player: int, card: int, hidden: frozenset[int], out: np.ndarray[Any, Any]
) -> None:
    game = cast(MythosGame, state.game)
    out[1 + (game.owner(card) - player) % 2] = 1.0
    if card in hidden:
        out[0] = 1.0
        return
    d = game.card(card)
    k = 3
    out[k + _Y_TYPE[d.type]] = 1.0
    k += len(Y_TYPES)
    out[k] = d.cost / 10
    out[k + 1 : k + 4] = (d.attack / 10, d.life / 10, d.mobilize / 10)
    for p in game.players:
        for row in (p.battlefield, p.infirmary, p.sanctuary):
            for slot in row:
                if slot.card == card:
                    out[k + 4] = slot.damage / 10
                    return


FACTS: dict[str, CardFacts] = {
    "mitosz": CardFacts(MITOSZ_CARD, _hidden_mitosz, _write_mitosz),
    "mythos": CardFacts(MYTHOS_CARD, _hidden_mythos, _write_mythos),
}
"""The card facts of each ruleset."""
