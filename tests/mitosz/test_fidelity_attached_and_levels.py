"""Issue 29, the smaller gaps of the third review: what is attached to what, whatever the
container (5.12, 8.region, 8.rune, 5.15), a flying army (8.flying), a base level lowered
below 1 (2.2), cursed cards attached to enemy cards (2.4), and an intrigue taking effect
once (3.6)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Attack,
    DeclareFight,
    Designate,
    Pass,
    PlayFate,
    SummonTroop,
)
from mitosz_core.games.mitosz.cards import Edge
from mitosz_core.games.mitosz.effects.language import Immunity, Release
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.continuous import immune
from mitosz_core.games.mitosz.rules.hosting import attached_to, carried_by, host_of, hosts_of
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.turn import extra_draws
from mitosz_core.games.mitosz.state import Attached, FightKind, HeldLeader, LeaderSlot, Mounted
from mitosz_core.mitosz import Leader, People
from tests.mitosz.fight_fixtures import to_combat
from tests.mitosz.fixtures import (
    act,
    lay_underworld,
    play,
    put_leader,
    put_people,
    set_player,
    the,
    to_hand,
)
from tests.mitosz.pool_fixtures import game, my_move, position, side

FULL = (6, 6, 6, 6)


# --- 5.12, 8.region, 8.rune, 5.15: one relation of attached cards ----------------------------


def _with_building(s: S, player: int, people: int, building: int) -> S:
    """``building`` from ``player``'s hand onto the region of ``people`` (8.region)."""
    p = s.game.players[player]
    empire = tuple(replace(e, building=building) if e.card == people else e for e in p.empire)
    return set_player(s, player, empire=empire, hand=tuple(c for c in p.hand if c != building))


@pytest.mark.rule("5.12", "8.region", "8.building", "8.shrine")
def test_immunity_reaches_a_building_on_a_region_of_an_immune_people() -> None:
    # Karnak: own peoples are immune to calamities
    # Ragnarök: a calamity, destroys every location below level 2
    # Mount Olympus: a region, level 2; Great Pyramid: a building, level 1
    s = position(
        side("Odin (high god)", spheres=FULL, hand=("Ragnarök",)),
        side(
            empire=(
                People("Cross", 10, 10, location="Karnak"),
                People("Athenians", 0, 0, location="Mount Olympus"),
            ),
            hand=("Great Pyramid", "Market"),
        ),
    )
    other = 1
    athenians, olympus = the(s, "Athenians", other), the(s, "Mount Olympus", other)
    pyramid = the(s, "Great Pyramid", other)
    s = _with_building(s, other, athenians, pyramid)
    assert hosts_of(s.game, pyramid) == (olympus, athenians)
    assert immune(s.game, pyramid, Immunity.CALAMITY)  # indirectly attached (5.12)
    s = lay_underworld(play(s, PlayFate(the(s, "Ragnarök"))))
    assert s.game.players[other].empire[-1].building == pyramid
    assert pyramid not in s.game.players[other].underworld


@pytest.mark.rule("5.12", "8.rune", "5.15", "8.mount", "3.5", "3.3")
def test_host_of_and_immunity_follow_every_kind_of_attachment() -> None:
    # Karnak on the Cross: own peoples immune to calamities
    s = position(
        side(),
        side(
            empire=(People("Cross", 10, 10, location="Karnak"),),
            leaders=(Leader("King", items=("Sword", "Pegasus")),),
            hand=("Runes of Warding", "Cheap", "Market"),
        ),
    )
    other = 1
    cross, karnak = the(s, "Cross", other), the(s, "Karnak", other)
    king, sword, horse = the(s, "King", other), the(s, "Sword", other), the(s, "Pegasus", other)
    runes, cheap, market = (
        the(s, "Runes of Warding", other),
        the(s, "Cheap", other),
        the(s, "Market", other),
    )
    s = set_player(s, other, hand=())
    held = HeldLeader(LeaderSlot(cheap, items=(market,)), cross, other, Release.TURN_START)
    assert s.game.mounts == (Mounted(horse, king),)  # a mount among the items rides (8.mount)
    s = s.evolve(game=s.game.with_board(runes=(Attached(runes, cross),), held=(held,)))
    game = s.game
    assert host_of(game, karnak) == cross and host_of(game, runes) == cross  # 3.3, 8.rune
    assert host_of(game, cheap) == cross and host_of(game, market) == cheap  # 5.15
    assert host_of(game, sword) == king and host_of(game, horse) == king  # 3.5, 8.mount
    assert host_of(game, cross) is None and host_of(game, king) is None
    assert attached_to(game, cross) == (karnak, cheap, runes)
    assert carried_by(game, cross) == (karnak, cheap, market, runes)
    for card in (runes, cheap, market):  # directly or indirectly on the immune Cross
        assert immune(game, card, Immunity.CALAMITY), game.card(card).name
    assert not immune(game, sword, Immunity.CALAMITY)  # the King is no people


# --- 3.6: the same intrigue takes effect once, on each card it reaches ---------------------


@pytest.mark.rule("3.6", "5.17")
@pytest.mark.ruling("R-3.6-once")
def test_two_players_curses_of_the_tomb_each_lower_the_others_leaders() -> None:
    # Curse of the Tomb: locked, enemy leaders -1; Pricey: level 5
    curse = ("Curse of the Tomb",)
    s = position(
        side(leaders=(Leader("Pricey"),), intrigues=curse),
        side(leaders=(Leader("Pricey"),), intrigues=curse),
        side(leaders=(Leader("Pricey"),)),
    )
    leaders = [the(s, "Pricey", p) for p in range(3)]
    assert [level(s.game, c) for c in leaders] == [4, 4, 4]  # the third: once, not twice


@pytest.mark.rule("3.6")
@pytest.mark.ruling("R-3.6-once")
def test_a_second_copy_of_ones_own_intrigue_adds_nothing() -> None:
    curse = ("Curse of the Tomb",)
    s = position(side(intrigues=curse * 2), side(leaders=(Leader("King"), Leader("Pricey"))))
    king, pricey = the(s, "King", 1), the(s, "Pricey", 1)
    printed = s.game.card(pricey).level
    assert level(s.game, king) == 2 and level(s.game, pricey) == printed - 1


@pytest.mark.rule("3.6", "6.2.2.1")
@pytest.mark.ruling("R-3.6-once")
def test_an_intrigues_player_effect_reaches_each_of_its_players_once() -> None:
    # House of Life: locked, you draw one more card in your draw phase
    life = ("House of Life",)
    s = position(side(intrigues=life * 2), side(intrigues=life), side())
    assert [extra_draws(s.game, p) for p in range(3)] == [1, 1, 0]


# --- 8.flying: a flying commander's army flies, whatever else lets it cross -----------------


def _to_rounds(s: S) -> S:
    """Nobody defends or helps: the first combat round."""
    while not s.phase.endswith(".rounds"):
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[-1])
    return s


@pytest.mark.rule("8.flying", "3.2.2")
@pytest.mark.ruling("R-8.flying-army")
def test_a_flying_commander_with_a_grant_to_cross_still_leads_a_flying_army() -> None:
    # Pegasus: flying; locked: Pegasus may attack over closed roads
    # Hoplite Phalanx: a troop that does not fly
    s, me, other = game("Zeus (high god)", auto_pass=False)
    s, pegasus = put_leader(s, me, "Pegasus")
    s, phalanx = to_hand(s, me, "Hoplite Phalanx")
    s = set_player(s, me, spheres=FULL)
    s, line = put_people(s, other, "Line", 0, 0)
    s, _ = put_people(s, other, "Athenians", 1, 0)  # closes the Line's east road
    s = act(act(to_combat(s), DeclareFight(FightKind.BATTLE)), Attack(line, Edge.EAST))
    s = act(s, Designate(pegasus))
    fight = s.game.fight
    assert fight is not None and fight.flying
    s = my_move(_to_rounds(s), me)
    with pytest.raises(mc.IllegalActionError, match="its troops must fly"):
        act(s, SummonTroop(phalanx, pegasus))
