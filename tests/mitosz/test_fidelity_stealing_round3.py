"""Rules fidelity, round 3: a stolen leader or intrigue is the thief's only while the
stealing effect lasts (5.2, 6.2.1.2, ruling R-5.2), and a stolen high god's leader keeps
its 3.4.3 bonuses, whose penalty falls on its owner (ruling R-3.4.3-stolen)."""

from __future__ import annotations

import pytest

from mitosz_core.games.mitosz.actions import UseManeuver
from mitosz_core.games.mitosz.effects.language import Immunity
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller, leader_slot, remove_to_underworld
from mitosz_core.games.mitosz.rules.continuous import immune
from mitosz_core.games.mitosz.rules.levels import level, power
from mitosz_core.games.mitosz.rules.stealing import steal
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import (
    FILLER,
    attach_item,
    build,
    lay_underworld,
    next_turn,
    play,
    refresh,
    sea,
    sky,
    the,
)
from tests.mitosz.pool_fixtures import NUMBERED, position, side, with_top

FULL = (6, 6, 6, 6)


def _set_steals_the_king() -> tuple[S, int, int, int]:
    """Set (reveal 3-: steal a lower enemy leader) steals the turned King in my first
    turn: (state, me, other, king)."""
    mine = side("Ra (high god)", leaders=(Leader("Set"),), spheres=FULL, deck=("Sword", *FILLER))
    theirs = side(leaders=(Leader("King"),), deck=NUMBERED)
    s = position(mine, theirs)
    me, other = 0, 1
    king = s.game.players[other].leaders[0].card
    s = play(with_top(s, other, lambda n: n <= 3), UseManeuver(the(s, "Set"), 0, king))
    assert controller(s.game, king) == me
    return s, me, other, king


@pytest.mark.rule("5.2", "6.2.1.2")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_leader_returns_at_the_next_turn_start_with_what_is_attached_to_it() -> None:
    s, me, other, king = _set_steals_the_king()
    s, mine = attach_item(s, me, "Sword", king)  # the thief arms its stolen leader
    assert s.game.owner(mine) == me
    s = next_turn(s)
    assert s.game.active == other
    # 6.2.1.2: the maneuver's effect ends; the King goes back with everything on it,
    # the thief's Sword too (it keeps its owner, G1)
    found = leader_slot(s.game, king)
    assert found is not None and found[0] == other
    assert fx.items(s.game, king) == (mine,)
    assert [x.card for x in s.game.players[me].leaders] == [the(s, "Set")]
    assert controller(s.game, mine) == other and s.game.owner(mine) == me
    assert s.game.thefts == ()


@pytest.mark.rule("5.2")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_leader_that_leaves_the_board_returns_nowhere() -> None:
    s, _, other, king = _set_steals_the_king()
    s = remove_to_underworld(s, king)  # "Ha a lap a túlvilágba kerül, a hatás megszűnik"
    assert king in s.game.players[other].underworld
    s = next_turn(s)
    assert controller(s.game, king) is None and king in s.game.players[other].underworld
    assert [x.card for x in s.game.players[other].leaders] == []


@pytest.mark.rule("5.2", "6.2.1.2")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_intrigue_works_for_the_thief_until_the_next_turn_starts() -> None:
    mine = side("Ra (high god)", leaders=(Leader("Loki"), Leader("Cheap")), spheres=FULL)
    theirs = side(leaders=(Leader("King"),), intrigues=("Curse of the Tomb",))
    s = position(mine, theirs)
    me, other = 0, 1
    curse, cheap, king = the(s, "Curse of the Tomb", other), the(s, "Cheap"), the(s, "King", other)
    before = (level(s.game, cheap), level(s.game, king))
    s = play(s, UseManeuver(the(s, "Loki"), 0, curse))  # Trickery: steal an enemy intrigue
    assert controller(s.game, curse) == me
    assert (level(s.game, cheap), level(s.game, king)) == (before[0] + 1, before[1] - 1)
    s = next_turn(s)
    assert s.game.players[other].intrigues == (curse,)  # back with its player (5.2, 6.2.1.2)
    assert (level(s.game, cheap), level(s.game, king)) == before


@pytest.mark.rule("5.2")
@pytest.mark.ruling("R-5.2")
def test_a_card_stolen_twice_goes_back_along_the_chain() -> None:
    s, me, other, king = _set_steals_the_king()
    s = steal(s, other, king)  # taken back by a later theft in the same turn
    assert controller(s.game, king) == other
    s = steal(s, me, king)
    s = next_turn(s)
    assert controller(s.game, king) == other  # each theft undone, the latest first


@pytest.mark.rule("3.4.3", "5.2")
@pytest.mark.ruling("R-3.4.3-stolen")
def test_a_stolen_high_god_leader_keeps_its_bonuses_and_its_loss_falls_on_its_owner() -> None:
    s = build(sky(leaders=(Leader("Sky Leader"),), hand=("Line",)), sea(hand=("Line",)))
    owner, thief = 0, 1
    god = the(s, "Sky Leader")
    powers = (power(s.game, owner), power(s.game, thief))
    s = steal(s, thief, god)
    # "főistenünk vezérként is a páston van": still its owner's high god on the board
    assert level(s.game, god) == 4 + 1
    assert immune(s.game, god, Immunity.INTRIGUE)
    # "plusz egy hatalompontot ad": the leader's power, +1, counts where it is
    assert (power(s.game, owner), power(s.game, thief)) == (powers[0] - 2, powers[1] + 2)
    s = lay_underworld(refresh(remove_to_underworld(s, god)))
    # "Ha főistenünk a túlvilágba kerül": the owner loses everything, not the thief
    assert s.game.players[owner].hand == () and s.game.players[owner].spheres == (0, 0, 0, 0)
    assert s.game.players[thief].hand != () and s.game.players[thief].spheres != (0, 0, 0, 0)
