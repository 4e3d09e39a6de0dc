"""Chapter 2 (a lapok felépítése): mythos, level, unique, magical and cursed, cost,
mythic links, card number; and the same-mythos bonus of 5.8."""

from __future__ import annotations

from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.errors import InvalidStateError
from mitosz_core.games.mitosz.actions import PlacePeople, SacrificeItem, Summon
from mitosz_core.games.mitosz.cards import PERMANENT_TYPES, CardType, halve, is_creature, linked
from mitosz_core.games.mitosz.rules.empire import slot_at
from mitosz_core.games.mitosz.rules.levels import leader_level, road_level
from mitosz_core.games.mitosz.state import Marker
from mitosz_core.mitosz import Leader, MarkerAt, People
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import (
    POOL,
    act,
    attach_location,
    build,
    card,
    lay_underworld,
    play,
    put_leader,
    put_people,
    refresh,
    sea,
    set_game,
    sky,
    start,
    the,
)


@pytest.mark.rule("2.1", "5.8")
def test_same_mythos_bonus_for_items_and_locations() -> None:
    me = 0  # the Sky god is hellenic
    s = build(sky(leaders=(Leader("Hero", items=("Sword",)),)), sea())
    slot = s.game.players[me].leaders[0]  # a hellenic Hero: the hellenic Sword's +2, +1 (5.8)
    assert leader_level(s.game, me, slot) == 3 + 2 + 1
    leaders = (Leader("Hero", items=("Sword", "Plate")), Leader("King", items=("Plate",)))
    empire = (People("Cross", 0, 0, "Market"), People("Corner", 1, 0, "Market"))
    s = build(sky(leaders=leaders, empire=empire), sea())
    hero, king = s.game.players[me].leaders  # the hellenic Plate: armour +1, +1 more
    assert leader_level(s.game, me, hero) == 3 + 3 + 2
    assert leader_level(s.game, me, king) == 3 + 1  # celtic: no bonus for a hellenic item
    cross, corner = s.game.players[me].empire  # a hellenic Market on a hellenic people
    north = s.game.card(cross.card).roads[0]
    assert road_level(s.game, me, cross, north) == north.level + 1 + 1
    road = s.game.card(corner.card).roads[0]  # on a celtic people the Market gets no +1
    assert road_level(s.game, me, corner, road) == road.level + 1


@pytest.mark.rule("2.2", "5.10", "1.2.6")
@pytest.mark.ruling("R-2.2")
def test_modifier_cards_and_base_level_below_one() -> None:
    # the Cheap: level 2; the Sword: +2, +1 more by 5.8 (both hellenic, as the Sky god)
    cheap_row = (Leader("Cheap", items=("Sword",)),)
    s = build(sky(leaders=cheap_row), sea(), markers=(MarkerAt(0, "Cheap", level=-2),))
    me, cheap, sword = 0, the(s, "Cheap"), the(s, "Sword")
    assert [x.card for x in s.game.players[me].leaders] == [cheap]  # base 2 - 2 + 3: stays
    s = lay_underworld(refresh(set_game(s, markers=(Marker(cheap, level=-5),))), [cheap])
    assert s.game.players[me].leaders == ()
    assert s.game.players[me].underworld[-2:] == (cheap, sword)
    assert s.game.markers == ()  # markers leave with the card (1.2.6)


@pytest.mark.rule("2.2")
def test_a_people_lowered_below_one_goes_with_its_location() -> None:
    s = start()
    me = s.game.active
    s, line = put_people(s, me, "Line", 0, 0)
    s, market = attach_location(s, me, "Market", line)
    s = lay_underworld(refresh(set_game(s, markers=(Marker(line, level=-1),))), [line])
    assert s.game.players[me].empire == ()
    assert s.game.players[me].underworld[-2:] == (line, market)


@pytest.mark.rule("2.3")
@pytest.mark.ruling("R-2.3-board")
def test_unique_card_only_once_on_the_board() -> None:
    theirs = sea(leaders=(Leader("King"),), empire=(People("Lone Queen"),))  # uniques
    s = build(sky(hand=("King", "Lone Queen")), theirs)
    king, queen = s.game.players[0].hand
    with pytest.raises(mc.IllegalActionError, match=r"unique King is on the board.*\(2\.3\)"):
        act(s, Summon(king))
    with pytest.raises(mc.IllegalActionError, match=r"unique Lone Queen is already"):
        act(s, PlacePeople(queen, 0, 0))


@pytest.mark.rule("2.3")
def test_duplicate_unique_cards_are_all_destroyed() -> None:
    kings = (Leader("King"),)
    with pytest.raises(InvalidStateError, match=r"on the board twice \(2\.3\)"):
        build(sky(leaders=kings), sea(leaders=kings))  # no position: only play reaches it
    s = start()
    s, a = put_leader(s, 0, "King")
    s, b = put_leader(s, 1, "King")
    s = refresh(s)
    assert a in s.game.players[0].underworld and b in s.game.players[1].underworld


@pytest.mark.rule("2.4")
def test_cursed_item_cannot_be_sacrificed() -> None:
    s = build(sky(leaders=(Leader("Hero", items=("Cursed Ring", "Plate")),)), sea())
    ring, plate = fx.row_items(s.game, 0)
    assert SacrificeItem(ring) not in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match=r"cursed and cannot be sacrificed \(2\.4\)"):
        act(s, SacrificeItem(ring))
    after = act(s, SacrificeItem(plate))
    assert plate in after.game.players[0].underworld


@pytest.mark.rule("2.6", "6.3.3")
def test_summoning_pays_the_printed_cost() -> None:
    s = build(sky(hand=("Pricey",)), sea())  # force 3; the Sky god's spheres are 3/3/3/3
    pricey = s.game.players[0].hand[0]
    assert act(s, Summon(pricey)).game.players[0].spheres == (3, 3, 3, 0)
    poor = build(sky(hand=("Pricey",), spheres=(3, 3, 3, 2)), sea())
    with pytest.raises(mc.IllegalActionError, match="not enough sphere points: force 2 < 3"):
        act(poor, Summon(pricey))


@pytest.mark.rule("2.8")
def test_mythic_links_are_two_way_and_cover_copies_and_the_high_god() -> None:
    hero, sword, devotee = POOL["Hero"], POOL["Sword"], POOL["Devotee"]
    assert linked(hero, sword) and linked(sword, hero)  # only Hero names Sword
    assert linked(hero, hero)  # every card with its copies
    assert linked(POOL["Sky God"], POOL["Sky Leader"])  # a high god and its leader
    assert linked(devotee, POOL["Sky God"])
    assert not linked(hero, POOL["King"])


@pytest.mark.rule("2.9")
def test_card_number_is_the_last_digit_of_the_serial() -> None:
    assert card("x", CardType.LEADER, serial="1047").card_number == 7
    assert card("y", CardType.LEADER, serial="20").card_number == 0


@pytest.mark.rule("5.1", "5.6", "5.16")
def test_permanents_creatures_and_one_type_per_card() -> None:
    assert {
        CardType.LEADER,
        CardType.PEOPLE,
        CardType.LOCATION,
        CardType.INTRIGUE,
        CardType.ITEM,
        CardType.HIGH_GOD,
    } == PERMANENT_TYPES
    assert is_creature(POOL["Hero"])
    assert is_creature(card("h", CardType.TROOP, subtypes=("host",)))
    assert is_creature(card("b", CardType.TROOP, subtypes=("beast",)))
    assert not is_creature(card("m", CardType.TROOP, subtypes=("war_machine",)))
    assert not is_creature(POOL["Cross"])
    assert isinstance(POOL["Hero"].type, CardType)  # exactly one card type (5.16)


@pytest.mark.rule("5.3")
def test_rounding_is_always_down() -> None:
    assert [halve(n) for n in (0, 1, 2, 3, 7)] == [0, 0, 1, 1, 3]


def test_fixture_pool_cards_are_distinct() -> None:
    assert len({c.serial for c in POOL.values()}) == len(POOL)
    assert replace(POOL["Cross"], level=1) == POOL["Cross"]
    assert slot_at((), (0, 0)) is None


@pytest.mark.rule("2.3", "3.1")
@pytest.mark.ruling("R-2.3-god")
def test_two_players_may_bring_the_same_high_god() -> None:
    """Ruling R-2.3-god: found by the 3-player random games."""
    s = start(players=3)
    gods = [s.game.card(p.high_god).key for p in s.game.players]
    assert gods.count("Sky God") == 2
    s = refresh(s)
    assert [p.high_god for p in s.game.players] == [
        p.high_god for p in start(players=3).game.players
    ]


@pytest.mark.rule("2.4")
def test_a_cursed_item_may_be_attached_to_an_enemy_leader() -> None:

    s = build(sky(hand=("Cursed Ring", "Sword")), sea(leaders=(Leader("King"),)))
    me, other = 0, 1
    king, ring, sword = the(s, "King", other), the(s, "Cursed Ring"), the(s, "Sword")
    assert Summon(sword, king) not in mc.legal_actions(s)  # a plain item: own leaders only
    s = play(s, Summon(ring, king))
    assert ring in fx.row_items(s.game, other, -1)
    assert s.game.owner(ring) == me  # still mine (G1); it goes to my underworld later
