"""Chapter 7 (a párbaj, 7.5-7.6) and the hero (8.hero)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    DeclareFight,
    Designate,
    SummonTroop,
    UseFreeManeuver,
)
from mitosz_core.games.mitosz.effects.language import Grant, Permission, User
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.state import ActiveEffect, FightKind
from mitosz_core.mitosz import Leader
from tests.mitosz.fight_fixtures import RULESET as FIGHT_RULESET
from tests.mitosz.fight_fixtures import arena, legal, to_combat
from tests.mitosz.fixtures import (
    CROSS,
    act,
    build,
    put_leader,
    put_people,
    refresh,
    sea,
    set_game,
    sky,
    the,
)


@pytest.mark.rule(
    "7.1.1.2",
    "7.5",
    "7.5.1",
    "7.6",
    "7.6.1",
    "7.6.2",
    "7.6.3",
    "7.6.4",
    "7.6.5",
    "7.6.6",
    "8.hero",
)
def test_a_hero_challenges_an_enemy_leader_and_the_lower_duelist_is_destroyed() -> None:
    # Hero: level 3, a hero
    # Captain: no hero: cannot challenge
    # Scout: level 1
    # Cyclops: level 4
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"), Leader("Captain"))),
        sea(empire=CROSS, leaders=(Leader("Scout"), Leader("Cyclops"))),
        ruleset=FIGHT_RULESET,
    )
    me, other = 0, 1
    hero, captain, scout = the(s, "Hero"), the(s, "Captain"), the(s, "Scout", other)
    cyclops = the(s, "Cyclops", other)
    s = act(to_combat(s), DeclareFight(FightKind.DUEL))
    assert s.phase == "turn.combat.duel.challenger"
    assert legal(s) == (Designate(hero),)
    with pytest.raises(mc.IllegalActionError, match="not an unturned hero"):
        act(s, Designate(captain))
    s = act(s, Designate(hero))
    assert s.phase == "turn.combat.duel.challenged"
    assert set(legal(s)) == {Designate(scout), Designate(cyclops)}
    won = act(s, Designate(scout))  # nobody can act: the rounds pass by themselves
    assert scout in won.game.players[other].underworld
    assert won.game.players[me].leaders[0].turned  # 7.6.6
    assert won.phase == "turn.summoning_2" and won.game.fight is None
    lost = act(s, Designate(cyclops))
    assert hero in lost.game.players[me].underworld
    assert cyclops in {x.card for x in lost.game.players[other].leaders}


@pytest.mark.rule("7.6.4")
@pytest.mark.ruling("R-7.6.4-tie")
def test_a_tied_duel_destroys_nobody() -> None:
    # Guardian: level 3 as well
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),)),
        sea(empire=CROSS, leaders=(Leader("Guardian"),)),
        ruleset=FIGHT_RULESET,
    )
    me, other = 0, 1
    hero, guardian = the(s, "Hero"), the(s, "Guardian", other)
    s = act(act(to_combat(s), DeclareFight(FightKind.DUEL)), Designate(hero))
    s = act(s, Designate(guardian))
    assert {x.card for x in s.game.players[me].leaders} == {hero}
    assert {x.card for x in s.game.players[other].leaders} == {guardian}
    assert s.game.players[other].leaders[0].turned  # both duelists turn (7.6.6)


@pytest.mark.rule("7.6.3", "7.5.2", "7.5.3", "7.2.1")
def test_in_a_duel_only_the_duelists_act_and_no_troop_is_summoned() -> None:
    # Captain: not a duelist
    # Battle Cry: combat: +2 to an own leader
    s = build(
        sky(
            empire=CROSS,
            leaders=(Leader("Hero"), Leader("Captain")),
            hand=("Hoplites", "Battle Cry"),
        ),
        sea(empire=CROSS, leaders=(Leader("Guardian"),), hand=("Battle Cry",)),
        ruleset=FIGHT_RULESET,
    )
    me, other = 0, 1
    hero, captain, guardian = the(s, "Hero"), the(s, "Captain"), the(s, "Guardian", other)
    hoplites, cry, cry2 = the(s, "Hoplites"), the(s, "Battle Cry"), the(s, "Battle Cry", other)
    s = act(act(to_combat(s), DeclareFight(FightKind.DUEL)), Designate(hero))
    s = act(s, Designate(guardian))
    assert s.phase == "turn.combat.duel.rounds"
    assert s.to_act == other  # 7.6.3: the challenged player begins
    assert UseFreeManeuver(cry2, guardian, 0, guardian) in legal(s)
    s = act(s, UseFreeManeuver(cry2, guardian, 0, guardian))
    assert s.to_act == me
    with pytest.raises(mc.IllegalActionError, match="no troop is summoned into a duel"):
        act(s, SummonTroop(hoplites, hero))
    with pytest.raises(mc.IllegalActionError, match=r"only the cards of 7\.5\.2"):
        act(s, UseFreeManeuver(cry, captain, 0, captain))
    with pytest.raises(mc.IllegalActionError, match="affect only the fight"):
        act(s, UseFreeManeuver(cry, hero, 0, captain))
    s = act(s, UseFreeManeuver(cry, hero, 0, hero))  # 5 against 5
    assert s.phase == "turn.summoning_2"
    assert s.game.effects == ()  # combat effects ended with the fight (7.6.6)


@pytest.mark.rule("7.2.3", "6.2.3.2", "8.hero")
def test_a_leader_that_may_not_attack_or_fight_starts_no_fight() -> None:

    s, me, other = arena()
    s, hero = put_leader(s, me, "Hero")
    s, king = put_leader(s, other, "Craven")
    s, _ = put_people(s, other, "Plainsfolk", 0, 0)
    s = to_combat(s)
    assert s.phase == "turn.combat.declare"
    assert {DeclareFight(FightKind.BATTLE), DeclareFight(FightKind.DUEL)} <= set(legal(s))
    for permission in (Permission.CANNOT_ATTACK, Permission.CANNOT_FIGHT):
        ban = ActiveEffect(90, Grant(User(), permission), other, king, hero)
        barred = set_game(s, effects=(ban,))

        barred = refresh(barred.evolve(phase="turn.summoning_1"))
        barred = to_combat(barred)
        assert barred.phase == "turn.summoning_2"  # 6.2.3.2: no fight possible
    # a leader that may not fight can still be challenged (7.2.3)
    ban = ActiveEffect(90, Grant(User(), Permission.CANNOT_FIGHT), me, hero, king)
    s = set_game(s, effects=(ban,))
    s = act(act(s, DeclareFight(FightKind.DUEL)), Designate(hero))
    assert Designate(king) in legal(s)


@pytest.mark.rule("7.6.4")
@pytest.mark.ruling("R-7.6.4-gone")
def test_a_duelist_leaving_the_board_loses() -> None:

    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),)),
        sea(empire=CROSS, leaders=(Leader("Guardian"),)),
        ruleset=FIGHT_RULESET,
        auto_pass=False,
    )
    me, other = 0, 1
    hero, guardian = the(s, "Hero"), the(s, "Guardian", other)
    s = act(act(to_combat(s), DeclareFight(FightKind.DUEL)), Designate(hero))
    s = act(s, Designate(guardian))
    assert s.phase == "turn.combat.duel.rounds"
    s = refresh(remove_to_underworld(s, guardian))
    assert s.phase == "turn.summoning_2"
    assert hero in {x.card for x in s.game.players[me].leaders}
