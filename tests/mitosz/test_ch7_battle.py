"""Chapter 7 (a harc): battles, step by step (7.3, 7.4), with the lines of 3.8."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    AskHelp,
    Attack,
    ChooseTroopMode,
    DeclareFight,
    Designate,
    Pass,
    PlayFate,
    SacrificeCommander,
    Summon,
    SummonTroop,
    SummonWarLeader,
    TakeSpoils,
)
from mitosz_core.games.mitosz.cards import CardType, Sphere
from mitosz_core.games.mitosz.effects.language import CounterPlay, Maneuver
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.rules.fights.army import side_level
from mitosz_core.games.mitosz.rules.fights.core import allied
from mitosz_core.games.mitosz.state import FightKind, LineName, Outcome, TroopMode
from mitosz_core.mitosz import Leader, People
from tests.mitosz import fight_fixtures as ff
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import (
    LATE_RULESET,
    E,
    W,
    arena,
    battle,
    designate,
    legal,
    pass_,
    pass_rounds,
    to_combat,
)
from tests.mitosz.fixtures import (
    CROSS,
    act,
    build,
    lay_underworld,
    put_leader,
    put_people,
    refresh,
    sea,
    set_player,
    settle_counter,
    sky,
    the,
    to_hand,
)

SUPPORT, RESERVE = LineName.SUPPORT, LineName.RESERVE


@pytest.mark.rule(
    "7.1.1.1",
    "7.3",
    "7.3.1",
    "7.3.2",
    "7.3.3",
    "7.3.4",
    "7.4",
    "7.4.2",
    "7.4.3.1",
    "7.4.4",
    "7.4.5",
    "7.4.6",
    "7.4.7",
    "7.4.8",
    "7.4.9",
    "7.4.10.3",
    "3.8",
    "3.4.1",
    "5.8",
    "7.2.2",
)
@pytest.mark.ruling("R-3.8-lines")
def test_three_line_battle_with_comrades_and_the_reserve_chosen_by_the_opponent() -> None:
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")  # 3, cost 2 force: two troops in front
    s, lieutenant = put_leader(s, me, "Lieutenant")  # ally of the Captain
    s, scout = put_leader(s, me, "Scout")  # ally of the Lieutenant only
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")  # linked to the Hillfolk
    s, maiden = put_leader(s, other, "Shieldmaiden")  # ally of the Guardian
    s, squire = put_leader(s, other, "Squire")  # ally of the Shieldmaiden only
    s, hoplites = to_hand(s, me, "Hoplites")  # linked to the Captain
    s, archers = to_hand(s, me, "Archers")
    s, wolves = to_hand(s, other, "Wolves")
    s = battle(s, hills, E, captain)
    assert s.phase == "turn.combat.battle.defender" and s.to_act == other
    s = designate(s, guardian)
    assert s.phase == "turn.combat.battle.attacker_comrade" and s.to_act == me
    assert Designate(scout, SUPPORT) not in legal(s)
    with pytest.raises(mc.IllegalActionError, match="no ally of the commander"):
        act(s, Designate(scout, SUPPORT))
    s = designate(s, lieutenant, SUPPORT)
    assert s.phase == "turn.combat.battle.defender_comrade" and s.to_act == other
    s = designate(s, maiden, SUPPORT)
    assert s.phase == "turn.combat.battle.attacker_second"
    assert legal(s) == (Pass(), Designate(scout, RESERVE))  # 7.4.6: ally of the comrade
    s = designate(s, scout, RESERVE)
    s = designate(s, squire, RESERVE)
    assert s.phase == "turn.combat.battle.rounds" and s.to_act == me  # 7.4.8
    fight = s.game.fight
    assert fight is not None
    assert fight.attack == (captain, lieutenant, scout)
    assert fight.defend == (guardian, maiden, squire)
    s = act(s, SummonTroop(hoplites, captain, free=True))  # linked: without summoning
    assert s.phase == "turn.combat.battle.rounds" and s.to_act == other
    s = act(s, SummonTroop(wolves, guardian))
    assert s.to_act == me
    with pytest.raises(mc.IllegalActionError, match="only the player whose leader leads"):
        act(s, SummonTroop(archers, guardian))
    s = act(s, SummonTroop(archers, scout))
    assert s.phase == "turn.combat.battle.troop_mode"
    assert s.to_act == other  # 3.8: in the reserve the opponent chooses
    assert set(legal(s)) == {
        ChooseTroopMode(archers, TroopMode.LEVEL),
        ChooseTroopMode(archers, TroopMode.MANEUVER),
    }
    s = act(s, ChooseTroopMode(archers, TroopMode.MANEUVER))
    fight = s.game.fight
    assert fight is not None
    # attacker: 3 + 2 + 1 leaders, Hoplites 2 +1 (5.8, in its leader's line), Archers 0
    assert side_level(s.game, fight, 0) == 3 + 2 + 1 + 3
    # defender: 3 + 2 + 1, +1 each defending (5.8), Wolves 2 + 1 (5.8), road 2
    assert side_level(s.game, fight, 1) == 6 + 3 + 3 + 2
    s = lay_underworld(pass_rounds(s))  # the Captain goes with its Hoplites (1.4.2)
    assert s.game.fight is not None and s.game.fight.outcome is Outcome.DEFENDER
    assert s.phase == "turn.combat.battle.spoils" and s.to_act == other
    s = lay_underworld(settle_counter(act(s, TakeSpoils())))  # the defender draws (7.4.11)
    assert captain in s.game.players[me].underworld  # 7.4.10.3
    assert {hoplites, archers} <= set(s.game.players[me].underworld)  # 7.4.13
    assert wolves in s.game.players[other].underworld
    assert s.phase == "turn.summoning_2"
    row = {x.card: x.turned for x in s.game.players[other].leaders}
    assert row == {guardian: True, maiden: True, squire: True}


@pytest.mark.rule("7.4.3.2", "7.4.1", "7.4.10.2", "7.4.11", "6.2.3.2")
@pytest.mark.ruling("R-7.4.3.2")
def test_an_undefended_people_falls_when_the_attack_beats_its_road() -> None:
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")  # level 3
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)  # roads: east 1, west 3
    draw = battle(s, plains, W, captain)  # 3 against the west road's 3: a draw
    assert draw.phase == "turn.summoning_2"
    assert plains in {x.card for x in draw.game.players[other].empire}
    assert draw.game.players[me].spheres == s.game.players[me].spheres  # no spoils
    s = battle(s, plains, E, captain)  # nobody defends; the rounds pass by themselves
    assert s.phase == "turn.combat.battle.spoils" and s.to_act == me
    assert plains in s.game.players[other].underworld
    assert TakeSpoils(None) not in legal(s)
    s = set_player(s, other, spheres=(0, 2, 0, 0))
    s = act(s, TakeSpoils(Sphere.INFLUENCE))
    assert s.game.players[other].spheres == (0, 1, 0, 0)
    assert s.phase == "turn.summoning_2"


@pytest.mark.rule("7.4.10.2", "7.4.3.1")
def test_the_defender_saves_its_people_by_sacrificing_its_commander() -> None:
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")  # 3, +1 defending (5.8)
    s, hoplites = to_hand(s, me, "Hoplites")
    s = battle(s, hills, W, captain)
    s = designate(s, guardian)
    s = act(s, SummonTroop(hoplites, captain, free=True))  # 3 + 3 against 3 + 1 + 1
    s = pass_rounds(s)
    assert s.phase == "turn.combat.battle.result" and s.to_act == other
    assert set(legal(s)) == {Pass(), SacrificeCommander(guardian)}
    lost = act(s, Pass())
    assert hills in lost.game.players[other].underworld
    s = act(s, SacrificeCommander(guardian))
    assert guardian in s.game.players[other].underworld
    assert hills in {x.card for x in s.game.players[other].empire}
    assert s.phase == "turn.combat.battle.spoils" and s.to_act == me  # still the winner


@pytest.mark.rule("7.4.11", "6.2.4.2")
def test_spoils_above_the_maximum_are_spent_this_turn_or_lost_at_its_end() -> None:
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)
    s = set_player(s, me, spheres=(3, 3, 3, 3))  # the Sky god's maxima
    s, guardian = to_hand(s, me, "Guardian")  # costs 2 force
    s = battle(s, plains, E, captain)
    s = act(s, TakeSpoils(Sphere.FORCE))
    assert s.game.players[me].spheres == (3, 3, 3, 4)  # above the maximum of 3
    spent = act(s, mc.legal_actions(s)[mc.legal_actions(s).index(_summon(guardian))])
    while spent.phase == "counter.respond":
        spent = act(spent, Pass())
    assert spent.game.players[me].spheres[3] == 2
    kept = act(s, Pass())  # the turn ends
    assert kept.game.active != me
    assert kept.game.players[me].spheres[3] == 3  # 6.2.4.2: lost at the end of the turn


def _summon(card: int) -> mc.Action:

    return Summon(card)


@pytest.mark.rule("7.4.4", "7.4.5", "5.13", "5.14")
@pytest.mark.ruling("R-7.4.4-help")
def test_three_player_battle_with_a_helper() -> None:
    s, me, other = arena(players=3)
    third = next(p for p in s.game.order if p not in (me, other))
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, lieutenant = put_leader(s, third, "Lieutenant")  # an ally of my Captain
    s, hoplites = to_hand(s, third, "Hoplites")
    s = battle(s, hills, E, captain)
    s = designate(s, guardian)
    assert s.phase == "turn.combat.battle.attacker_comrade"
    assert AskHelp(third) in legal(s) and AskHelp(other) not in legal(s)
    declined = act(act(s, AskHelp(third)), Pass())  # nobody else could help: step over
    assert declined.phase != "turn.combat.battle.attacker_comrade"
    s = act(s, AskHelp(third))
    assert s.to_act == third
    assert set(legal(s)) == {
        Pass(),
        Designate(lieutenant, SUPPORT),
        Designate(lieutenant, RESERVE),
    }
    s = designate(s, lieutenant, SUPPORT)
    fight = s.game.fight
    assert fight is not None and fight.helpers == ((third, 0),)
    assert allied(s.game, me, third) and not allied(s.game, other, third)  # 5.13
    while s.phase != "turn.combat.battle.rounds":
        s = pass_(s)
    fight = s.game.fight
    assert fight is not None and set(fight.fighters) == {me, other, third}
    while s.to_act != third:
        s = pass_(s)
    s = act(s, SummonTroop(hoplites, lieutenant))  # the helper plays into its own line
    assert s.phase == "turn.combat.battle.troop_mode"
    assert s.to_act == third  # 3.8: in the support line the troop's player chooses
    s = act(s, ChooseTroopMode(hoplites, TroopMode.LEVEL))
    fight = s.game.fight
    assert fight is not None
    assert side_level(s.game, fight, 0) == 3 + 2 + 3  # Hoplites 2, +1 (5.8)


@pytest.mark.rule("7.4.3.1", "6.2.3.2")
def test_the_defender_may_summon_its_commander_from_hand() -> None:
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = to_hand(s, other, "Guardian")
    s, _ = to_hand(s, me, "Archers")  # the attacker will have a choice in the rounds
    s = set_player(s, other, spheres=(2, 4, 1, 5))
    s = battle(s, hills, E, captain)
    assert SummonWarLeader(guardian) in legal(s)
    assert SummonWarLeader(guardian, SUPPORT) not in legal(s)
    s = act(s, SummonWarLeader(guardian))  # its counter round passes by itself
    assert s.phase == "turn.combat.battle.rounds"
    fight = s.game.fight
    assert fight is not None and fight.defend[0] == guardian
    assert s.game.players[other].spheres == (2, 4, 1, 3)


@pytest.mark.rule("7.4.5", "7.3.3")
def test_the_defender_may_summon_a_comrade_from_hand_into_the_line_it_names() -> None:
    # 7.4.5: "A védő kijelölhet vagy idézhet egy vezért, amely mint bajtárs vezeti serege
    # második vagy harmadik sorát" (the defender may name or summon a comrade to lead its
    # second or third line): the Shieldmaiden, the Guardian's ally, summoned from hand,
    # leads the support line
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, maiden = to_hand(s, other, "Shieldmaiden")
    s = set_player(s, other, spheres=(2, 4, 1, 5))
    s = designate(battle(s, hills, E, captain), guardian)  # I have no comrade to name
    assert s.phase.endswith("defender_comrade") and s.to_act == other
    assert SummonWarLeader(maiden, SUPPORT) in legal(s)
    s = act(s, SummonWarLeader(maiden, SUPPORT))
    s = fx.pass_counter(s)
    fight = s.game.fight
    assert fight is not None and fight.defend == (guardian, maiden, None)
    assert fight.pending_leader is None and fight.pending_line is None


STOP_MUSTER = fx.card(
    "Stop Muster",
    CardType.FATE,
    links=("Sky",),
    maneuvers=(Maneuver("Stop", CounterPlay((CardType.LEADER,)), counter=True),),
)
"""A fate that counters a leader being summoned (4.2.6), which may touch a battle (7.3.5 2)."""
MUSTER_RULESET = MitoszRuleset(pool={**ff.POOL, STOP_MUSTER.key: STOP_MUSTER})


@pytest.mark.rule("7.4.5", "4.2.6", "6.4.1")
def test_a_comrade_whose_summoning_is_countered_leaves_the_defender_to_decide_again() -> None:
    # the defender summons a Shieldmaiden from hand as its comrade (7.4.5); my fate
    # counters the summoning in its counter round, so she goes to the underworld and
    # leads no line, and the defender decides again: the support line is still free for
    # its second Shieldmaiden
    s = build(
        sky(empire=CROSS, leaders=(Leader("Captain"),), hand=("Stop Muster",)),
        sea(
            empire=(*CROSS, People("Hillfolk", 0, 0)),
            leaders=(Leader("Guardian"),),
            hand=("Shieldmaiden", "Shieldmaiden"),
        ),
        ruleset=MUSTER_RULESET,
        auto_pass=False,
    )
    me, other = 0, 1
    captain, guardian = the(s, "Captain"), the(s, "Guardian", other)
    (maiden, spare), stop = fx.ids(s, "Shieldmaiden", other), the(s, "Stop Muster")
    hills = the(s, "Hillfolk", other)
    s = designate(battle(s, hills, E, captain), guardian)  # I have no comrade to name
    assert s.phase.endswith("defender_comrade") and s.to_act == other
    s = act(s, SummonWarLeader(maiden, SUPPORT))
    while s.to_act != me:
        s = act(s, Pass())
    s = act(s, PlayFate(stop, 0, None, s.game.stack[-1].id))
    s = fx.pass_counter(s)
    assert maiden in s.game.players[other].underworld
    fight = s.game.fight
    assert fight is not None and fight.defend == (guardian, None, None)
    assert fight.pending_leader is None and fight.pending_line is None
    assert s.phase.endswith("defender_comrade") and s.to_act == other
    assert SummonWarLeader(spare, SUPPORT) in mc.legal_actions(s)  # the line is free


@pytest.mark.rule("7.4.8", "7.4.10.1")
def test_a_commander_leaving_the_board_decides_the_battle() -> None:

    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")
    s, archers = to_hand(s, me, "Archers")  # keeps me from passing automatically
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s = battle(s, hills, E, captain)
    s = designate(s, guardian)
    assert s.phase == "turn.combat.battle.rounds"
    gone = refresh(remove_to_underworld(s, guardian))
    assert gone.game.fight is not None and gone.game.fight.outcome is Outcome.ATTACKER
    gone = refresh(remove_to_underworld(s, captain))
    assert gone.game.fight is not None and gone.game.fight.outcome is Outcome.DEFENDER
    both = refresh(remove_to_underworld(remove_to_underworld(s, captain), guardian))
    assert both.phase == "turn.summoning_2"  # no winner, no spoils (7.4.10.1)
    assert hills in {x.card for x in both.game.players[other].empire}
    assert archers in s.game.players[me].hand


@pytest.mark.rule("7.2.1", "7.1.1", "7.1", "7.2")
def test_a_battle_is_fought_only_against_an_enemy_people() -> None:
    s, me, other = arena()
    s, _ = put_leader(s, me, "Captain")
    s, mine = put_people(s, me, "Plainsfolk", 0, 0)
    s, theirs = put_people(s, other, "Plainsfolk", 0, 0)
    s = act(to_combat(s), DeclareFight(FightKind.BATTLE))
    assert Attack(mine, E) not in legal(s) and Attack(theirs, E) in legal(s)
    with pytest.raises(mc.IllegalActionError, match="not an enemy people"):
        act(s, Attack(mine, E))


@pytest.mark.rule("7.4.3.1", "6.3.4")
def test_a_defending_war_leader_is_summoned_meeting_its_summoning_condition() -> None:

    # Usurper: summoning: sacrifice one of your leaders
    s = build(
        sky(empire=CROSS, leaders=(Leader("Captain"),)),
        sea(empire=CROSS, leaders=(Leader("Scout"),), hand=("Usurper",)),
        ruleset=LATE_RULESET,
    )
    other = 1
    captain, usurper = the(s, "Captain"), the(s, "Usurper", other)
    scout = the(s, "Scout", other)
    s = battle(s, s.game.players[other].empire[0].card, E, captain)
    s = settle_counter(s)
    assert s.phase.endswith("defender")
    assert SummonWarLeader(usurper, pay_with=scout) in legal(s)
    assert SummonWarLeader(usurper) not in legal(s)
    with pytest.raises(mc.IllegalActionError, match=r"needs a card given up.*6\.3\.4"):
        act(s, SummonWarLeader(usurper))
    s = settle_counter(act(s, SummonWarLeader(usurper, pay_with=scout)))
    assert scout in s.game.players[other].underworld
    assert s.game.fight is not None and s.game.fight.defend[0] == usurper
