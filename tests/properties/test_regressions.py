"""Minimal reproductions of engine bugs found by the property suite.

Each test states what the rules (or the API contract) require. Every bug here was found
by the stateful suite, fixed, and kept as an ordinary regression test.
"""

from __future__ import annotations

import json

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.rules import S
from tests.properties.support import mount_with_items_scenario, play, two_weapons_scenario


@pytest.mark.parametrize("kind", ["sacrifice_item", "use_maneuver"])
@pytest.mark.parametrize("past_the_end", [0, 5, -1])
def test_an_unknown_card_id_is_an_illegal_action(kind: str, past_the_end: int) -> None:
    """``apply`` must refuse any action that is not legal with ``IllegalActionError``
    (its contract, and what it does for every other action kind). For ``sacrifice_item``
    and for the ``user`` of ``use_maneuver``, a card id that names no card of the game
    (``len(instances) + k``, or below ``-len(instances)``) makes ``why_not`` raise
    ``IndexError`` instead."""
    state: S = mc.new_game("mitosz", seed=1)
    n = len(state.game.instances)
    card = n + past_the_end if past_the_end >= 0 else -n - 1
    action = mc.action_from_json(
        "mitosz",
        json.dumps(
            {"type": kind, "card": card}
            if kind == "sacrifice_item"
            else {
                "type": kind,
                "user": card,
                "index": 0,
                "target": None,
                "target_pending": None,
                "steps": 1,
                "times": 1,
            }
        ),
    )
    before = state.to_json()
    with pytest.raises(mc.IllegalActionError):
        mc.apply(state, action)
    assert state.to_json() == before


@pytest.mark.parametrize("decks", [["hellenic", "hellenic"], ["celtic", "germanic", "celtic"]])
def test_two_players_with_the_same_high_god(decks: list[str]) -> None:
    """Found by the property suite and fixed since (kept so it stays fixed): two players
    may bring the same high god (1.3.1 limits copies per deck only); 3.1: a high god is
    never destroyed, so 2.3 does not remove either. The engine used to raise a bare
    ``ValueError("the high god cannot leave the board (3.1)")`` from its set-up."""
    state: S = mc.new_game("mitosz", decks=decks, seed=3, players=len(decks))
    assert not state.is_over
    gods = [state.game.card(p.high_god) for p in state.game.players]
    assert gods[0].key == gods[-1].key
    assert all(g.type is CardType.HIGH_GOD for g in gods)
    state = play(state, 60, 3, "build")
    assert [state.game.card(p.high_god) for p in state.game.players] == gods


def test_from_json_rejects_an_unknown_top_level_field() -> None:
    """``State.from_json`` validates every field and names the JSON path of a bad one
    (it does so for ``$.state`` and everything below); an unknown key beside
    ``format``, ``ruleset`` and ``state`` is silently accepted."""
    state = mc.new_game("mitosz", seed=2)
    data = json.loads(state.to_json())
    data["extra"] = 1
    with pytest.raises(mc.DecodeError, match=r"\$"):
        mc.State.from_json(json.dumps(data))


def test_a_leader_never_carries_two_weapons() -> None:
    """8.weapon: a leader carries at most one weapon. Player 0 summons Spear of Lugh (a
    weapon) onto Cú Chulainn; in the counter round that opens (6.3.5) they play Gáe Bolg,
    a weapon linked to Cú Chulainn, onto him without summoning (1.5.3, 3.5). The engine
    accepts it (the spear is not attached yet) and then attaches both. The second weapon
    must be refused, or must not be attached when it resolves (R-6.3.6)."""
    names = two_weapons_scenario()
    assert len(names) <= 1, names


@pytest.mark.ruling("R-8.mount-items")
def test_attaching_a_mount_loses_no_card() -> None:
    """G1 (every card stays its owner's and goes to its owner's piles) and 1.4.2: no card
    may leave the game. Player 0 has Sleipnir (a mount) carrying the item Mjölnir and
    Mímir in the leader row, and in the combat phase attaches Sleipnir to Mímir (8.mount).
    The engine rebuilds the mount without its items: Mjölnir is in no zone at all (the
    engine's own ``census`` counts it 0 times, so the state cannot even be loaded back
    from its JSON). It must stay attached or go to its owner's underworld."""
    assert mount_with_items_scenario() == []
