"""3.4 leaders and 3.5 items, with the chapter-8 item keywords that limit attaching."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import SacrificeLeader, Summon, TurnBack
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.rules.leaders import over_limit
from mitosz_core.games.mitosz.rules.levels import leader_level, power
from mitosz_core.mitosz import Leader, People
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import (
    act,
    build,
    lay_underworld,
    pass_until,
    play,
    put_leader,
    put_people,
    refresh,
    sea,
    set_player,
    settle_counter,
    sky,
    start,
    start_sky,
    the,
    to_hand,
)


@pytest.mark.rule("3.4", "3.4.2")
@pytest.mark.ruling("R-3.4.2-full")
def test_the_leader_row_holds_peoples_plus_two() -> None:
    row = (Leader("Cheap"), Leader("Hero"))
    s = build(sky(leaders=row, hand=("Devotee",)), sea())
    me = s.game.owner(the(s, "Devotee"))
    assert over_limit(s.game, me) == 0  # no people: 0 + 2
    assert Summon(the(s, "Devotee")) in mc.legal_actions(s)  # a full row is no bar
    s = settle_counter(act(s, Summon(the(s, "Devotee"))))
    assert over_limit(s.game, me) == 1 and s.phase == "forced.sacrifice_leader"
    s = build(sky(empire=(People("Cross"),), leaders=row, hand=("Devotee",)), sea())
    s = settle_counter(act(s, Summon(the(s, "Devotee"))))
    assert over_limit(s.game, me) == 0  # one people: 1 + 2


@pytest.mark.rule("3.4.2")
def test_a_row_over_its_limit_forces_its_owner_to_sacrifice() -> None:
    s = start()
    me = s.game.active
    other = 1 - me
    s, people = put_people(s, other, "Cross", 0, 0)
    leaders = []
    for key in ("Cheap", "Hero", "Devotee"):
        s, cid = put_leader(s, other, key)
        leaders.append(cid)
    s = refresh(s)
    assert s.phase == "turn.summoning_1"  # 3 leaders, 1 people: within the limit
    s = refresh(remove_to_underworld(s, people))
    assert s.phase == "forced.sacrifice_leader"
    assert s.to_act == other  # the owner decides, even in another player's turn
    assert set(mc.legal_actions(s)) == {SacrificeLeader(c) for c in leaders}
    with pytest.raises(mc.IllegalActionError, match="is not a leader in the row of player"):
        act(s, SacrificeLeader(s.game.players[other].hand[0]))  # only a leader of the row
    s = act(s, SacrificeLeader(leaders[1]))
    assert s.phase == "turn.summoning_1" and s.to_act == me
    assert leaders[1] in s.game.players[other].underworld


@pytest.mark.rule("3.4", "6.2.4.4")
@pytest.mark.ruling("R-6.2.4.4")
def test_two_turned_leaders_turn_back_at_the_end_of_the_turn() -> None:
    row = tuple(Leader(key, turned=True) for key in ("Cheap", "Hero", "Devotee"))
    s = build(sky(empire=(People("Cross"),), leaders=row), sea())
    turned = [slot.card for slot in s.game.players[0].leaders]
    s = pass_until(s, "turn.end.turn_back")
    assert s.to_act == 0
    assert set(mc.legal_actions(s)) == {TurnBack(c) for c in turned}
    s = act(s, TurnBack(turned[2]))
    s = act(s, TurnBack(turned[0]))
    assert s.game.active != 0
    state = {x.card: x.turned for x in s.game.players[0].leaders}
    assert state == {turned[0]: False, turned[1]: True, turned[2]: False}


@pytest.mark.rule("6.2.4.4")
@pytest.mark.ruling("R-6.2.4.4")
def test_two_or_fewer_turned_leaders_turn_back_without_a_choice() -> None:
    s = build(sky(leaders=(Leader("Cheap", turned=True), Leader("Hero", turned=True))), sea())
    s = pass_until(s, "turn.end.discard")
    while s.game.active == 0:
        assert s.phase != "turn.end.turn_back"
        s = act(s, mc.legal_actions(s)[0])
    assert not any(x.turned for x in s.game.players[0].leaders)


@pytest.mark.rule("3.4.3")
@pytest.mark.ruling("R-3.4.3-discard")
def test_the_high_god_as_a_leader() -> None:
    s = start_sky()
    me = s.game.active
    s, god = to_hand(s, me, "Sky Leader")
    s = settle_counter(act(s, Summon(god)))
    slot = s.game.players[me].leaders[-1]
    assert leader_level(s.game, me, slot) == 4 + 1
    assert power(s.game, me) == 1 + 1
    hand = s.game.players[me].hand
    assert hand
    s = refresh(remove_to_underworld(s, god))
    assert s.phase == "forced.underworld_order"  # the whole hand goes at once (1.4.2)
    s = lay_underworld(s)
    p = s.game.players[me]
    assert p.hand == () and p.spheres == (0, 0, 0, 0)
    assert set(hand) <= set(p.underworld)


@pytest.mark.rule("3.5", "8.weapon", "8.armour")
def test_items_go_onto_own_leaders_one_weapon_and_one_armour_each() -> None:
    s = build(
        sky(leaders=(Leader("Hero"),), hand=("Sword", "Plate")), sea(leaders=(Leader("Cheap"),))
    )
    hero, theirs, sword = the(s, "Hero"), the(s, "Cheap", 1), the(s, "Sword")
    with pytest.raises(mc.IllegalActionError, match=r"not a leader in your leader row \(3\.5\)"):
        act(s, Summon(sword, theirs))
    s = settle_counter(act(s, Summon(sword, hero)))
    s = settle_counter(act(s, Summon(the(s, "Plate"), hero)))
    assert len(fx.row_items(s.game, 0)) == 2
    s = build(
        sky(leaders=(Leader("Hero", items=("Sword", "Plate")),), hand=("Axe", "Plate")), sea()
    )
    hero, axe = the(s, "Hero"), the(s, "Axe")
    with pytest.raises(
        mc.IllegalActionError, match=r"Hero already carries one weapon \(8\.weapon\)"
    ):
        act(s, Summon(axe, hero))
    plate = s.game.players[0].hand[1]
    with pytest.raises(
        mc.IllegalActionError, match=r"Hero already carries one armour \(8\.armour\)"
    ):
        act(s, Summon(plate, hero))


@pytest.mark.rule("8.relic")
def test_a_relic_only_onto_a_leader_of_its_mythos() -> None:
    s = build(
        sky(leaders=(Leader("Hero"), Leader("King")), hand=("Torc",)), sea()
    )  # Hellenic, Celtic
    hero, king, torc = the(s, "Hero"), the(s, "King"), the(s, "Torc")  # a Celtic relic
    refusal = "a relic goes only onto a leader of its own mythos (8.relic)"
    assert fx.RULESET.why_not(s, Summon(torc, hero)) == refusal  # compared whole
    with pytest.raises(mc.IllegalActionError, match=r"relic goes only onto a leader of its own"):
        act(s, Summon(torc, hero))
    assert Summon(torc, king) in mc.legal_actions(s)


@pytest.mark.rule("3.5", "5.15")
def test_items_stay_attached_and_are_never_moved_between_leaders() -> None:
    s = build(sky(leaders=(Leader("Hero", items=("Sword",)), Leader("Cheap"))), sea())
    cheap, sword = the(s, "Cheap"), the(s, "Sword")
    for action in mc.legal_actions(s):
        after = act(s, action)
        for slot in after.game.players[0].leaders:
            if slot.card == cheap:
                assert sword not in fx.items(after.game, slot.card)


@pytest.mark.rule("3.4.1")
def test_leaders_are_summoned_unturned_ready_to_act() -> None:
    s = start()
    me = s.game.active
    s, hero = to_hand(s, me, "Hero")
    s = play(s, Summon(hero))
    assert s.game.players[me].leaders[-1].turned is False


def test_set_player_fixture_keeps_other_players_shared() -> None:
    s = start()
    t = set_player(s, 0, spheres=(0, 0, 0, 0))
    assert t.game.players[1] is s.game.players[1]
