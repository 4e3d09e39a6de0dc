"""How long a theft lasts, and to whom a stolen card returns (5.2, ruling R-5.2).

A theft lasts as the stealing effect would (6.2.1.2: a maneuver's effect ends when the
next turn starts; 3.7: a fate's lasts its rounds; 7.4.13: a maneuver used in a fight ends
with the fight). These tests pin each duration and the two less common returns: a card
stolen again from its thief, and a stolen leader held by a card meanwhile (5.15). They
were written for the survivors of the mutation run over the functions round 3 changed
(``stealing._lasting``, ``steal_cards``, ``give_back``, ``end_thefts_at_turn_start``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass
from mitosz_core.games.mitosz.effects.language import Chosen, Release, Steal
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller, leader_slot
from mitosz_core.games.mitosz.rules.stealing import _held_back, steal
from mitosz_core.games.mitosz.state import AttachKind, Attachment, Theft, Todo
from mitosz_core.games.mitosz.wiring import apply_todo
from mitosz_core.mitosz import Leader, People
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import arena, battle
from tests.mitosz.fixtures import (
    E,
    act,
    build,
    held_leaders,
    next_turn,
    put_leader,
    put_people,
    sea,
    sky,
    the,
)


def _row(s: S, player: int) -> list[int]:
    return [x.card for x in s.game.players[player].leaders]


@pytest.mark.rule("5.2", "3.7", "6.2.1.2")
@pytest.mark.ruling("R-5.2")
def test_a_theft_by_a_fate_lasts_its_rounds() -> None:
    # Doom: a fate of 2 rounds; its text does not matter, only the theft's source
    s = build(sky(hand=("Doom",)), sea(leaders=(Leader("King"),)))
    me, other = 0, 1
    king, doom = the(s, "King", other), the(s, "Doom")
    s = apply_todo(s, Todo(Steal(Chosen()), me, doom, king, free_card=doom))
    (theft,) = s.game.thefts
    assert (theft.thief, theft.victim, theft.rounds, theft.round_owner) == (me, other, 2, me)
    for turn in range(3):  # theirs; mine (its first round over); theirs
        s = next_turn(s)
        assert controller(s.game, king) == me, turn
    s = next_turn(s)  # mine: its second round is over
    assert controller(s.game, king) == other and s.game.thefts == ()


LONG_DOOM = fx.variant(fx.POOL["Doom"], "Long Doom", rounds=3)
"""Doom lasting 3 rounds: a fate whose theft counts down more than once (3.7)."""
LONG_RULESET = MitoszRuleset(pool={**fx.POOL, LONG_DOOM.key: LONG_DOOM})


@pytest.mark.rule("5.2", "3.7", "6.2.1.2")
@pytest.mark.ruling("R-5.2")
def test_a_theft_by_a_fate_of_three_rounds_counts_them_one_by_one() -> None:
    s = build(sky(hand=("Long Doom",)), sea(leaders=(Leader("King"),)), ruleset=LONG_RULESET)
    me, other = 0, 1
    king, doom = the(s, "King", other), the(s, "Long Doom")
    s = apply_todo(s, Todo(Steal(Chosen()), me, doom, king, free_card=doom))
    (theft,) = s.game.thefts
    assert (theft.rounds, theft.round_owner) == (3, me)
    # its rounds left after each turn: theirs; mine (one over); theirs; mine; theirs
    for rounds_left in (3, 2, 2, 1, 1):
        s = next_turn(s)
        assert controller(s.game, king) == me
        assert [x.rounds for x in s.game.thefts] == [rounds_left]
    s = next_turn(s)  # mine: its third round is over
    assert controller(s.game, king) == other and s.game.thefts == ()


@pytest.mark.rule("5.2", "7.4.13")
@pytest.mark.ruling("R-5.2")
def test_a_theft_by_a_maneuver_used_in_a_fight_ends_with_the_fight() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)
    s, king = put_leader(s, other, "Hero")  # stays out of the fight
    s = battle(s, plains, E, captain)
    while not s.phase.endswith(".rounds"):
        s = act(s, Pass())
    # a steal used while the fight runs by a card outside it that may affect it (7.3.5
    # 1-4: the high god, an intrigue, a location's maneuver; 7.2.1 keeps a fighting
    # card's from reaching the Hero), so the theft's source is no fighting card here
    s = apply_todo(s, Todo(Steal(Chosen()), me, None, king))
    (theft,) = s.game.thefts
    assert theft.fight and theft.rounds is None
    assert controller(s.game, king) == me
    turn = s.turn
    while s.game.fight is not None:  # pass the rounds, take whatever the spoils offer
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])
    assert s.turn == turn  # the same turn: the fight's end gave it back, not 6.2.1.2
    assert controller(s.game, king) == other and s.game.thefts == ()


@pytest.mark.rule("5.2", "6.2.1.2")
@pytest.mark.ruling("R-5.2")
def test_a_card_stolen_from_its_thief_goes_back_to_its_first_player() -> None:
    # player 1 steals player 0's King until the next turn starts; player 2 steals it from
    # player 1 for the 2 rounds of a fate: when the first theft ends, the King is player
    # 2's, and it returns to player 0 (not 1) when the second ends
    s = build(sky(leaders=(Leader("King"),)), sea(), sky(hand=("Doom",)))
    king, doom = the(s, "King", 0), the(s, "Doom", 2)
    s = steal(s, 1, king)
    s = apply_todo(s, Todo(Steal(Chosen()), 2, doom, king, free_card=doom))
    assert controller(s.game, king) == 2
    s = next_turn(s)
    assert controller(s.game, king) == 2
    ((card, thief, victim),) = [(t.card, t.thief, t.victim) for t in s.game.thefts]
    assert (card, thief, victim) == (king, 2, 0)  # the first theft ended: 0 is its victim
    while s.game.thefts:
        s = next_turn(s)
    found = leader_slot(s.game, king)
    assert found is not None and found[0] == 0
    assert _row(s, 1) == [] and _row(s, 2) == []


@pytest.mark.rule("5.2", "5.15")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_leader_held_by_a_card_returns_to_its_first_players_row_when_let_go() -> None:
    s = build(sky(leaders=(Leader("King"),)), sea(empire=(People("Cross", 10, 10),)))
    me, other = 0, 1
    king, cross = the(s, "King"), the(s, "Cross", other)
    s = steal(s, other, king)
    slot = s.game.players[other].leaders[0]
    s = fx.set_player(s, other, leaders=())  # held by the thief's Cross (5.15)
    s = fx.attached(s, *fx.held(slot, cross, other, Release.ATTACKED))
    s = next_turn(s)  # the theft ends while the King is held
    assert s.game.thefts == ()
    ((card, player),) = [(h.card, h.player) for h in held_leaders(s)]
    assert (card, player) == (king, me)  # let go, it returns to its first player's row


@pytest.mark.rule("5.2", "5.15")
@pytest.mark.ruling("R-5.2")
def test_a_returning_theft_gives_back_only_the_stolen_held_leader() -> None:
    # a stolen leader held by a card (5.15) returns to its first player's row when the
    # theft ends (5.2): its attachment alone changes player, not the thief's own held
    # leader, a third player's, nor any other kind of attached card
    game = mc.new_game(seed=1).game
    stolen = Attachment(10, 20, AttachKind.HELD, player=0, release=Release.TURN_START)
    own = Attachment(11, 20, AttachKind.HELD, player=0)
    third = Attachment(12, 21, AttachKind.HELD, player=2)
    item = Attachment(13, 22, AttachKind.ITEM)
    game = game.with_board(attachments=(stolen, own, third, item))
    back = _held_back(game, Theft(10, thief=0, victim=1))
    assert back == (replace(stolen, player=1), own, third, item)
