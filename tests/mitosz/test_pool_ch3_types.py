"""Issue #4, chapter 3: every card type (and the free-maneuver, fate and intrigue forms of
3.6, 3.7 and 3.9) shown working through a card of the built-in sample pool."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    DeclareFight,
    Designate,
    PlacePeople,
    PlayFate,
    PlayWithoutSummoning,
    Summon,
    SummonTroop,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import Edge
from mitosz_core.games.mitosz.effects.language import Permission
from mitosz_core.games.mitosz.rules.continuous import permitted
from mitosz_core.games.mitosz.rules.fights.army import side_level
from mitosz_core.games.mitosz.rules.levels import level, power, road_level
from mitosz_core.games.mitosz.state import FightKind
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import to_combat
from tests.mitosz.fixtures import (
    act,
    attach_location,
    next_turn,
    play,
    put_intrigue,
    put_leader,
    put_people,
    set_player,
    the,
    to_hand,
)
from tests.mitosz.pool_fixtures import game, position, sample, side

FULL = (6, 6, 6, 6)


@pytest.mark.rule("3.1", "4.6")
def test_type_high_god_zeus_uses_its_thunderbolt() -> None:
    s, me, other = game("Zeus (high god)")
    god = s.game.players[me].high_god
    s, king = put_leader(s, other, "King")
    force = s.game.players[me].spheres[3]
    assert UseManeuver(god, 0, king) in mc.legal_actions(s)
    s = play(s, UseManeuver(god, 0, king))  # action, 2 force: turn an enemy leader
    assert s.game.players[me].spheres[3] == force - 2
    assert s.game.players[other].leaders[-1].turned


@pytest.mark.rule("3.2", "3.2.1")
def test_type_people_athenians_join_the_empire_and_give_power() -> None:
    s = position(side(hand=("Athenians",), empire=()), side("Zeus (high god)", empire=()))
    me = 0
    athenians = the(s, "Athenians")
    before = power(s.game, me)
    assert PlacePeople(athenians, 1, 0) not in mc.legal_actions(s)  # the first goes to 0,0
    s = act(s, PlacePeople(athenians, 0, 0))
    assert [slot.card for slot in s.game.players[me].empire] == [athenians]
    assert power(s.game, me) == before + sample("Athenians").power


@pytest.mark.rule("3.3", "5.8")
def test_type_location_delphi_raises_its_peoples_roads() -> None:
    s, me, _ = game("Zeus (high god)", people=False)
    s, athenians = put_people(s, me, "Athenians", 0, 0)
    s, delphi = to_hand(s, me, "Delphi")
    slot = s.game.players[me].empire[0]
    road = sample("Athenians").road_on(Edge.NORTH)
    assert road is not None
    before = road_level(s.game, me, slot, road)
    s = play(s, Summon(delphi, athenians))
    slot = s.game.players[me].empire[0]
    assert fx.location(s.game, slot.card) == delphi
    # the location's level, +1 as both share the high god's (hellenic) mythos (5.8)
    assert road_level(s.game, me, slot, road) == before + sample("Delphi").level + 1


@pytest.mark.rule("3.4", "6.3")
def test_type_leader_heracles_is_summoned_into_the_leader_row() -> None:
    s = position(side("Zeus (high god)", hand=("Heracles",)), side())
    me = 0
    heracles = the(s, "Heracles")
    spheres = s.game.players[me].spheres
    s = play(s, Summon(heracles))
    assert heracles in {x.card for x in s.game.players[me].leaders}
    paid = tuple(a - b for a, b in zip(spheres, s.game.players[me].spheres, strict=True))
    assert paid == sample("Heracles").cost


@pytest.mark.rule("3.5")
def test_type_item_the_bow_of_heracles_is_played_free_on_its_linked_leader() -> None:
    # Bow of Heracles: linked to Heracles
    s = position(
        side(
            "Zeus (high god)",
            leaders=(Leader("Heracles"), Leader("Cheap")),
            hand=("Bow of Heracles",),
        ),
        side(),
    )
    me = 0
    heracles, cheap, bow = the(s, "Heracles"), the(s, "Cheap"), the(s, "Bow of Heracles")
    assert PlayWithoutSummoning(bow, heracles) in mc.legal_actions(s)
    assert PlayWithoutSummoning(bow, cheap) not in mc.legal_actions(s)
    before = level(s.game, heracles)
    spheres = s.game.players[me].spheres
    s = play(s, PlayWithoutSummoning(bow, heracles))
    assert s.game.players[me].spheres == spheres
    assert fx.row_items(s.game, me) == (bow,)
    assert level(s.game, heracles) == before + sample("Bow of Heracles").level + 1  # 5.8


@pytest.mark.rule("3.6", "7.2.3")
def test_type_intrigue_olympic_truce_stops_every_attack() -> None:
    # Olympic Truce: locked: every leader cannot attack
    s = position(side(leaders=(Leader("King"),), hand=("Olympic Truce",)), side("Zeus (high god)"))
    me, other = 0, 1
    king, truce = the(s, "King"), the(s, "Olympic Truce")
    s, _ = put_people(s, other, "Line", 0, 0)
    s = play(s, Summon(truce))
    assert truce in s.game.players[me].intrigues
    assert permitted(s.game, king, Permission.CANNOT_ATTACK)
    s = to_combat(s)
    assert DeclareFight(FightKind.BATTLE) not in mc.legal_actions(s)
    assert DeclareFight(FightKind.DUEL) not in mc.legal_actions(s)


@pytest.mark.rule("3.7", "8.shrine")
def test_type_fate_wrath_of_poseidon_is_linked_to_zeus_and_used_at_once() -> None:
    s, me, other = game("Zeus (high god)")
    s, line = put_people(s, other, "Line", 0, 0)
    s, walls = attach_location(s, other, "Walls of Troy", line)
    s, wrath = to_hand(s, me, "Wrath of Poseidon")  # linked to Zeus: a calamity
    unlinked, _, _ = game("Athena (high god)")
    unlinked, lone = to_hand(unlinked, unlinked.game.active, "Wrath of Poseidon")
    assert not any(isinstance(a, PlayFate) for a in mc.legal_actions(unlinked))
    with pytest.raises(mc.IllegalActionError, match="needs a god leader or a mythic link"):
        act(unlinked, PlayFate(lone))
    s = play(s, PlayFate(wrath, 0, walls))
    assert walls in s.game.players[other].underworld  # the enemy location is destroyed
    assert wrath in s.game.players[me].underworld  # an immediate fate: used up
    assert wrath not in s.game.lingering


@pytest.mark.rule("3.7")
@pytest.mark.ruling("R-3.7-rounds")
def test_fate_rounds_the_owl_of_athena_lasts_two_rounds() -> None:
    s, me, other = game("Athena (high god)")
    s, king = put_leader(s, me, "King")  # level 3
    s, curse = put_intrigue(s, other, "Curse of the Tomb")  # their enemies' leaders -1
    assert level(s.game, king) == 2
    s, owl = to_hand(s, me, "Owl of Athena")  # own leaders immune to intrigues, 2 rounds
    s = play(s, PlayFate(owl))
    assert owl in s.game.lingering
    assert level(s.game, king) == 3
    for expected in (3, 3, 3, 2):  # theirs; mine (round 1 over); theirs; mine (over)
        s = next_turn(s)
        assert level(s.game, king) == expected, s.turn
    assert owl in s.game.players[me].underworld
    assert curse in s.game.players[other].intrigues


@pytest.mark.rule("3.8", "7.3.4")
def test_type_troop_the_hoplite_phalanx_fights_beside_leonidas() -> None:
    s, me, other = game("Zeus (high god)", auto_pass=False)
    s, leonidas = put_leader(s, me, "Leonidas")
    s, _ = put_people(s, other, "Line", 0, 0)
    s, phalanx = to_hand(s, me, "Hoplite Phalanx")  # linked to Leonidas: free
    s = act(to_combat(s), DeclareFight(FightKind.BATTLE))
    s = act(act(s, mc.legal_actions(s)[0]), Designate(leonidas))
    while not s.phase.endswith(".rounds"):
        s = act(s, mc.legal_actions(s)[-1])
    assert SummonTroop(phalanx, leonidas, free=True) in mc.legal_actions(s)
    fight = s.game.fight
    assert fight is not None
    before = side_level(s.game, fight, 0)
    s = play(s, SummonTroop(phalanx, leonidas, free=True))
    fight = s.game.fight
    assert fight is not None and [t.card for t in fight.troops] == [phalanx]
    # the troop's level, +1 for sharing its war leader's and the high god's mythos (5.8)
    assert side_level(s.game, fight, 0) == before + sample("Hoplite Phalanx").level + 1


@pytest.mark.rule("3.9", "4.6.2.1")
def test_type_maneuver_the_trojan_horse_is_used_by_a_ruler_or_a_hero() -> None:
    s, me, other = game("Zeus (high god)")
    s, horse = to_hand(s, me, "Trojan Horse")  # a ruler or a hero; linked to Odysseus
    s, cheap = put_leader(s, other, "Cheap")  # level 2: below 3
    s, king = put_leader(s, other, "King")  # level 3: not below 3
    s, plain = put_leader(s, me, "Pricey")  # neither ruler nor hero
    assert not any(isinstance(a, UseFreeManeuver) for a in mc.legal_actions(s))
    with pytest.raises(mc.IllegalActionError):
        act(s, UseFreeManeuver(horse, plain))
    s, heracles = put_leader(s, me, "Heracles")  # a hero, not linked: pays
    s = set_player(s, me, spheres=FULL)
    paid = play(s, UseFreeManeuver(horse, heracles))
    assert paid.game.players[me].spheres == (6, 5, 5, 6)
    turned = {x.card: x.turned for x in paid.game.players[other].leaders}
    assert turned == {cheap: True, king: False}  # every enemy leader below 3 turns
    assert horse in paid.game.players[me].underworld
    s, odysseus = put_leader(s, me, "Odysseus")  # a ruler linked to the horse: free
    free = play(s, UseFreeManeuver(horse, odysseus))
    assert free.game.players[me].spheres == FULL
    assert {x.card: x.turned for x in free.game.players[other].leaders}[cheap]


@pytest.mark.rule("3.6", "4.2.6")
def test_intrigue_locked_the_judgement_of_paris_is_always_on() -> None:
    # Heracles: a hero
    # King: no hero
    # Judgement of Paris: own heroes +1, locked
    s = position(
        side(
            "Zeus (high god)",
            leaders=(Leader("Heracles"), Leader("King")),
            hand=("Judgement of Paris",),
        ),
        side(),
    )
    other = 1
    heracles, king, paris = the(s, "Heracles"), the(s, "King"), the(s, "Judgement of Paris")
    hero_level, king_level = level(s.game, heracles), level(s.game, king)
    s = play(s, Summon(paris))
    assert level(s.game, heracles) == hero_level + 1
    assert level(s.game, king) == king_level
    assert not any(isinstance(a, UseManeuver) and a.user == paris for a in mc.legal_actions(s))
    s = next_turn(next_turn(next_turn(s)))
    assert level(s.game, heracles) == hero_level + 1  # as long as it is on the board
    del other
