"""Chapter 5 (további fontos fogalmak) and the golden rules (aranyszabályok)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    PlacePeople,
    Summon,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import (
    Chosen,
    Grant,
    Immunity,
    Permission,
    SetLevel,
)
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.rules.continuous import immune, permitted
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.precedence import ORDER, rank
from mitosz_core.games.mitosz.state import ActiveEffect
from mitosz_core.mitosz import Leader
from tests.mitosz.fixtures import (
    ENEMY_LEADERS,
    POOL,
    act,
    attach_item,
    build,
    duel,
    lay_underworld,
    next_turn,
    pass_until,
    play,
    put_intrigue,
    put_leader,
    refresh,
    sea,
    set_game,
    sky,
    the,
    to_hand,
)


@pytest.mark.rule("5.2", "G1")
@pytest.mark.ruling("R-5.2")
def test_stealing_gives_control_never_ownership() -> None:
    s = build(sky(leaders=(Leader("Thief"),)), sea(leaders=(Leader("King"),)))
    me, other = 0, 1
    thief, king = the(s, "Thief"), the(s, "King", other)
    s = play(s, UseManeuver(thief, 0, king))
    assert king in {x.card for x in s.game.players[me].leaders}
    assert s.game.owner(king) == other
    s = refresh(remove_to_underworld(s, king))
    assert king in s.game.players[other].underworld  # the owner's pile (G1)
    assert king not in s.game.players[me].underworld


@pytest.mark.rule("5.10", "1.2.6")
def test_a_marker_stays_when_the_effect_would_end() -> None:
    # Mark: a -1 level marker on an enemy leader
    s = build(sky(leaders=(Leader("Hero"),), hand=("Mark",)), sea(leaders=(Leader("King"),)))
    other = 1
    mark, hero, king = the(s, "Mark"), the(s, "Hero"), the(s, "King", other)
    s = play(s, UseFreeManeuver(mark, hero, 0, king))
    assert level(s.game, king) == 2
    s = next_turn(next_turn(s))
    assert level(s.game, king) == 2  # turns passed; the marker is still there
    s = lay_underworld(refresh(remove_to_underworld(s, king)))
    assert all(m.card != king for m in s.game.markers)  # it leaves with the card


@pytest.mark.rule("5.12", "3.4.3")
def test_immunity_covers_the_card_and_what_is_attached_to_it() -> None:
    s, me, other = duel()
    s, bulwark = put_leader(s, me, "Bulwark")  # immune to intrigues (locked)
    s, sword = attach_item(s, me, "Sword", bulwark)
    s, hero = put_leader(s, me, "Hero")
    s, _ = put_intrigue(s, other, "Fog")  # enemy leaders cannot attack
    assert immune(s.game, sword, Immunity.INTRIGUE)  # attached to the immune card
    assert not permitted(s.game, bulwark, Permission.CANNOT_ATTACK)
    assert permitted(s.game, hero, Permission.CANNOT_ATTACK)
    s, god = put_leader(s, me, "Sky Leader")  # the high god as a leader
    assert immune(s.game, god, Immunity.INTRIGUE)
    assert not permitted(s.game, god, Permission.CANNOT_ATTACK)


@pytest.mark.rule("5.14")
def test_enemy_cards_are_those_of_other_players() -> None:
    s = build(sky(leaders=(Leader("Archer"), Leader("King"))), sea(leaders=(Leader("Hero"),)))
    other = 1
    mine, theirs = the(s, "King"), the(s, "Hero", other)
    targets = {a.target for a in mc.legal_actions(s) if isinstance(a, UseManeuver)}
    assert theirs in targets
    assert mine not in targets


def _effect_from(s: S, source: int, allow: bool, eid: int) -> ActiveEffect:
    return ActiveEffect(
        eid, Grant(Chosen(ENEMY_LEADERS), Permission.CANNOT_ATTACK, allow), 0, source, None
    )


@pytest.mark.rule("5.9")
@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("Sky God", "Omen"),  # high god over fate
        ("Omen", "Hero"),  # fate over leader
        ("Hero", "Banner"),  # leader over intrigue
        ("Banner", "Cross"),  # intrigue over people
        ("Cross", "Market"),  # people over location
        ("Market", "Sword"),  # location over item (no troop in the test pool)
        ("Bulwark", "Hero"),  # magical over non-magical within a type
    ],
)
def test_the_stronger_source_decides_a_conflict(stronger: str, weaker: str) -> None:
    s, me, other = duel()
    s, target = put_leader(s, other, "King")
    ids = {}
    for key in (stronger, weaker):
        ids[key] = next(
            i
            for i, inst in enumerate(s.game.instances)
            if s.game.cards[inst.card].key == key and inst.owner == me
        )
    if POOL[stronger].type is POOL[weaker].type:
        strong_def = s.game.card(ids[stronger])
        assert rank(s.game, ids[stronger]) > rank(s.game, ids[weaker]) or strong_def.magical
    for allow_strong in (True, False):
        effects = (
            ActiveEffect(
                1,
                Grant(Chosen(ENEMY_LEADERS), Permission.CANNOT_ATTACK, allow_strong),
                me,
                ids[stronger],
                target,
            ),
            ActiveEffect(
                2,
                Grant(Chosen(ENEMY_LEADERS), Permission.CANNOT_ATTACK, not allow_strong),
                me,
                ids[weaker],
                target,
            ),
        )
        t = refresh(set_game(s, effects=effects))
        assert permitted(t.game, target, Permission.CANNOT_ATTACK) is allow_strong


@pytest.mark.rule("5.9")
@pytest.mark.ruling("R-5.9-conflicts")
def test_a_tie_is_settled_by_a_reveal_and_remembered() -> None:
    # Seer: two non-magical leaders: a tie
    s = build(sky(leaders=(Leader("Hero"),)), sea(leaders=(Leader("King"), Leader("Seer"))))
    me, other = 0, 1
    target, a, b = the(s, "King", other), the(s, "Hero"), the(s, "Seer", other)
    effects = (
        ActiveEffect(1, SetLevel(Chosen(ENEMY_LEADERS), 1), me, a, target),
        ActiveEffect(2, SetLevel(Chosen(ENEMY_LEADERS), 6), other, b, target),
    )
    t = refresh(set_game(s, effects=effects))
    assert len(t.game.tiebreaks) == 1
    tie = t.game.tiebreaks[0]
    assert {tie.a, tie.b} == {"e1", "e2"}
    assert level(t.game, target) == (1 if tie.winner == "e1" else 6)
    again = refresh(set_game(s, effects=effects))
    assert again.game.tiebreaks == t.game.tiebreaks  # reproducible from the seed
    assert again.rng == t.rng


def test_the_precedence_order_is_the_rulebooks() -> None:
    assert [t.value for t in ORDER] == [
        "high_god",
        "fate",
        "leader",
        "intrigue",
        "people",
        "location",
        "troop",
        "item",
    ]
    assert CardType.MANEUVER not in ORDER  # a maneuver ranks by its user


@pytest.mark.rule("G2", "1.5.2")
def test_card_text_changes_a_rule_the_hand_size() -> None:
    s, me, _ = duel()
    s, _ = put_intrigue(s, me, "Edict")  # my hand size becomes 9
    for key in ("Cross", "Line", "Stub", "Corner", "Cheap", "Hero", "King", "Pricey", "Seer"):
        s, _ = to_hand(s, me, key)
    s = pass_until(s, "turn.summoning_2")
    s = act(s, mc.legal_actions(s)[0])
    assert s.game.active != me  # 9 cards kept: no discard step
    assert len(s.game.players[me].hand) == 9


@pytest.mark.rule("G2", "3.2.1")
def test_card_text_allows_a_second_people_this_turn() -> None:
    s = build(sky(leaders=(Leader("Hero"),), hand=("Census", "Cross", "Line")), sea())
    me = 0
    census, hero, cross = the(s, "Census"), the(s, "Hero"), the(s, "Cross")
    line = s.game.players[me].hand[2]
    s = play(s, PlacePeople(cross, 0, 0))
    assert not any(isinstance(a, PlacePeople) for a in mc.legal_actions(s))
    s = play(s, UseFreeManeuver(census, hero))
    s = play(s, PlacePeople(line, 1, 0))
    assert len(s.game.players[me].empire) == 2


@pytest.mark.rule("G2", "1.5.3")
def test_card_text_lets_a_leader_be_summoned_free() -> None:
    s = build(sky(leaders=(Leader("Hero"),), hand=("Tithe", "King")), sea())
    me = 0
    tithe, hero, king = the(s, "Tithe"), the(s, "Hero"), the(s, "King")
    s = play(s, UseFreeManeuver(tithe, hero))
    spheres = s.game.players[me].spheres
    s = play(s, Summon(king))
    assert s.game.players[me].spheres == spheres


@pytest.mark.rule("G1")
def test_a_discard_effect_puts_cards_in_their_owners_underworld() -> None:
    s = build(sky(leaders=(Leader("Stormcaller"),)), sea(hand=("Cross", "Line")))
    me, other = 0, 1
    storm, a, b = the(s, "Stormcaller"), the(s, "Cross", other), s.game.players[other].hand[1]
    s = act(s, UseManeuver(storm, 0, None, None, 2))
    while s.phase != "counter.choose":
        s = act(s, mc.legal_actions(s)[0])
    assert s.to_act == other
    s = act(s, mc.legal_actions(s)[0])
    gone = set(s.game.players[other].underworld)
    assert gone & {a, b}
    assert not gone & set(s.game.players[me].underworld)


@pytest.mark.rule("5.7", "5.17")
def test_a_lasting_effect_reaches_cards_that_enter_play_while_it_lasts() -> None:
    # Banner: own leaders +1, always on
    s = build(sky(hand=("King",), intrigues=("Banner",)), sea())
    king = the(s, "King")
    s = play(s, Summon(king))
    assert level(s.game, king) == 3 + 1  # summoned after the effect began


@pytest.mark.rule("1.2", "1.2.2")
def test_a_played_card_lies_face_up_on_its_players_side() -> None:
    s = build(sky(hand=("Hero",)), sea())
    me, other = 0, 1
    hero = the(s, "Hero")
    s = play(s, Summon(hero))
    assert hero in {x.card for x in s.game.players[me].leaders}
    seen = mc.observe(s, other)["players"][me]["leaders"]
    assert hero in {x["leader"]["id"] for x in seen}
