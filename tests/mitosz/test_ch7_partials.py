"""The remaining clauses of the fight rules: 7.2.1 (a fighting card affects only the
fight), 7.2.5.2 (fear), 7.3.4/3.8 (lines and troops), 7.3.5 (the cards that may affect a
battle), 7.4.10.1 (retreat), 3.1, 3.2.2, 5.8, 5.14, 8.mount and 8.god."""

from __future__ import annotations

from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    AskHelp,
    AttachMount,
    Choose,
    ChooseTroopMode,
    Designate,
    Pass,
    PlayFate,
    Summon,
    SummonTroop,
    UseFreeManeuver,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import Sphere
from mitosz_core.games.mitosz.effects.language import Permission, PlayerPermission
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.fights import access
from mitosz_core.games.mitosz.rules.fights.army import side_level
from mitosz_core.games.mitosz.rules.fights.core import fighting_cards, set_fight
from mitosz_core.games.mitosz.rules.fights.outcome import sides_compared
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.maneuvers import fate_allowed
from mitosz_core.games.mitosz.state import LineName, Outcome, TroopMode
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import RULESET as FIGHT_RULESET
from tests.mitosz.fight_fixtures import E, arena, battle, designate, legal, to_rounds, until_turn_of
from tests.mitosz.fixtures import (
    CROSS,
    act,
    attach_item,
    attach_location,
    build,
    lay_underworld,
    next_turn,
    play,
    put_intrigue,
    put_leader,
    put_people,
    sea,
    set_player,
    settle_counter,
    sky,
    the,
    to_hand,
)

SUPPORT, RESERVE = LineName.SUPPORT, LineName.RESERVE


def turned(s: S, player: int, card: int) -> bool:
    return next(x for x in s.game.players[player].leaders if x.card == card).turned


# --- 7.4.10.1 ----------------------------------------------------------------------------------


@pytest.mark.rule("7.4.10.1", "7.4.13")
@pytest.mark.ruling("R-7.4.10.1-retreat")
def test_an_attacker_forced_to_retreat_leaves_no_winner_and_no_loser() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")  # level 3, two troops
    s, hoplites = to_hand(s, me, "Hoplites")
    s, archers = to_hand(s, me, "Archers")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, retreat = to_hand(s, other, "Sound Retreat")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = to_rounds(designate(battle(s, hills, E, captain), guardian))
    s = play(s, SummonTroop(hoplites, captain, free=True))
    s = until_turn_of(s, me)
    s = play(s, SummonTroop(archers, captain))
    fight = s.game.fight
    assert fight is not None
    assert side_level(s.game, fight, 0) == 3 + 3 + 2 > side_level(s.game, fight, 1) == 6
    assert sides_compared(s.game, fight) is Outcome.ATTACKER  # the attack would win
    s = until_turn_of(s, other)
    s = lay_underworld(play(s, UseFreeManeuver(retreat, guardian, 0)))
    assert s.phase == "turn.summoning_2"  # no result, no spoils
    assert hills in {x.card for x in s.game.players[other].empire}  # not destroyed
    assert captain in {x.card for x in s.game.players[me].leaders}  # not destroyed
    assert s.game.players[other].spheres[3] == 5  # no sphere point stolen
    assert {hoplites, archers} <= set(s.game.players[me].underworld)  # 7.4.13
    assert turned(s, me, captain) and turned(s, other, guardian)


@pytest.mark.rule("4.1", "4.2.6", "7.2.5.3")
def test_a_turned_troop_uses_only_its_permanent_maneuvers() -> None:
    # a troop turned (by poison, 7.2.5.3, or by a use that turns it) uses no maneuver
    # but a permanent one (4.2.6 Permanens: "Elforgatott lap is használhatja"); the
    # Archers fight in the front line, in full
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, archers = to_hand(s, me, "Archers")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = to_rounds(designate(battle(s, hills, E, captain), guardian))
    s = play(s, SummonTroop(archers, captain))
    volley = s.game.card(archers).maneuvers[0]
    assert volley.permanent
    fleeting = replace(volley, permanent=False)
    assert access.why_not_user(s, archers, fleeting) is None  # not turned yet
    turned_now = set_fight(s, turned=(archers,))
    assert access.why_not_user(turned_now, archers, volley) is None
    assert access.why_not_user(turned_now, archers, fleeting) == "Archers is turned (4.1)"


# --- 7.2.1, 5.13, 5.14 ---------------------------------------------------------------------------


@pytest.mark.rule("7.2.1", "5.13", "5.14", "5.17")
@pytest.mark.ruling("R-7.2.1-every", "R-5.14-allies")
def test_a_fighting_card_reaches_only_the_fight_and_spares_allies() -> None:
    s, me, other = arena(players=3, auto_pass=False)
    third = next(p for p in s.game.order if p not in (me, other))
    s, storm = put_leader(s, me, "Stormlord")  # turns every enemy leader
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, idle = put_leader(s, other, "Craven")  # an enemy leader outside the fight
    s, lieutenant = put_leader(s, third, "Lieutenant")  # an ally of the Stormlord
    s = designate(battle(s, hills, E, storm), guardian)
    s = act(s, AskHelp(third))
    s = designate(s, lieutenant, SUPPORT)
    s = until_turn_of(to_rounds(s), me)
    s = play(s, UseManeuver(storm, 0))
    assert turned(s, other, guardian)  # an enemy in the fight
    assert not turned(s, other, idle)  # 7.2.1: not in the fight
    assert not turned(s, third, lieutenant)  # 5.14: an allied player's card is no enemy's


@pytest.mark.rule("7.2.1", "5.7")
@pytest.mark.ruling("R-7.2.1-every")
def test_a_war_leaders_lasting_effect_reaches_only_the_fight_while_it_lasts() -> None:
    s, me, other = arena(auto_pass=False)
    s, drummer = put_leader(s, me, "Drummer")  # locked: own leaders +1
    s, lieutenant = put_leader(s, me, "Lieutenant")  # its ally
    s, scout = put_leader(s, me, "Scout")  # stays out of the fight
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    assert (level(s.game, lieutenant), level(s.game, scout)) == (3, 2)  # no fight yet
    s = designate(battle(s, hills, E, drummer), guardian)
    s = designate(s, lieutenant, SUPPORT)
    s = to_rounds(s)
    assert level(s.game, drummer) == 4 and level(s.game, lieutenant) == 3
    assert level(s.game, scout) == 1  # 7.2.1: the Drummer fights, the Scout does not
    s, _ = put_intrigue(s, me, "Banner")  # an intrigue takes no part: it reaches all
    assert level(s.game, scout) == 2 and level(s.game, lieutenant) == 4


# --- 7.3.5, 3.2.2, 3.3 ---------------------------------------------------------------------------


@pytest.mark.rule("7.3.5", "7.2.1", "3.2.2", "3.3", "3.9")
def test_only_the_cards_of_the_battle_list_act_in_a_battle() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, stone = put_people(s, other, "Stonefolk", 0, 0)  # the attacked people
    s, far = put_people(s, other, "Stonefolk", 5, 5)  # another people of the empire
    s, tower = attach_location(s, other, "Watchtower", stone)
    s, far_tower = attach_location(s, other, "Watchtower", far)
    s, guardian = put_leader(s, other, "Guardian")
    s, idle = put_leader(s, other, "Shieldmaiden")  # not named as a comrade
    s, horn = attach_item(s, other, "Warhorn", guardian)
    s, idle_horn = attach_item(s, other, "Warhorn", idle)
    s, muster = to_hand(s, other, "Muster")  # a free maneuver for peoples
    s, plague = to_hand(s, other, "Plague")  # a fate linked to the Sea god
    assert not any(isinstance(a, UseFreeManeuver) for a in legal(s))  # 3.2.2: no fight
    s = to_rounds(designate(battle(s, stone, E, captain), guardian))
    s = until_turn_of(s, other)
    options = set(legal(s))
    assert UseManeuver(stone, 0) in options  # 7.3.5 5: the attacked people (3.2.2)
    assert UseManeuver(tower, 0) in options  # 7.3.5 6: its location's combat maneuver
    assert UseManeuver(far_tower, 1) in options  # 7.3.5 4: a location's non-combat one
    assert UseManeuver(horn, 0) in options  # 7.3.5 8: an item of a war leader
    assert UseFreeManeuver(muster, stone, 0) in options  # 3.2.2: the people fights
    assert PlayFate(plague) in options  # 7.3.5 2: fate
    assert UseManeuver(far, 0) not in options
    with pytest.raises(mc.IllegalActionError, match=r"serves only its people's defence \(3\.2\.2"):
        act(s, UseManeuver(far, 0))
    with pytest.raises(mc.IllegalActionError, match=r"serves only its people's defence \(3\.3"):
        act(s, UseManeuver(far_tower, 0))
    with pytest.raises(mc.IllegalActionError, match=r"fight: only the cards of 7\.3\.5 act"):
        act(s, UseManeuver(idle_horn, 0))
    with pytest.raises(mc.IllegalActionError, match=r"free maneuver only while it fights"):
        act(s, UseFreeManeuver(muster, far, 0))
    runes = (fx.rune(plague, horn), fx.rune(muster, idle))  # 7.3.5 8: attached to them
    fighting = fighting_cards(fx.attached(s, *runes).game)
    assert {stone, tower, guardian, horn, plague} <= fighting
    assert not {far, far_tower, idle, idle_horn, muster} & fighting
    hand = len(s.game.players[other].hand)
    s = play(s, UseManeuver(tower, 0))
    assert len(s.game.players[other].hand) == hand + 1


# --- 7.2.5.2 -----------------------------------------------------------------------------------


def _defended(commander: str, spheres: tuple[int, int, int, int]) -> tuple[S, dict[str, int]]:
    """My ``commander`` against the Hillfolk, defended by the Guardian, the Shieldmaiden
    as comrade and the Wolves; the defender has ``spheres``; my turn in the rounds."""
    s, me, other = arena(auto_pass=False)
    s, mine = put_leader(s, me, commander)
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")  # level 3
    s, maiden = put_leader(s, other, "Shieldmaiden")  # level 2
    s, wolves = to_hand(s, other, "Wolves")  # level 2
    s = designate(battle(s, hills, E, mine), guardian)
    s = act(s, Pass())
    s = to_rounds(designate(s, maiden, SUPPORT))
    s = play(act(s, Pass()), SummonTroop(wolves, guardian))
    s = until_turn_of(set_player(s, other, spheres=spheres), me)
    ids = {"me": me, "other": other, "mine": mine, "guardian": guardian, "maiden": maiden}
    return s, ids | {"wolves": wolves}


@pytest.mark.rule("7.2.5.2")
def test_the_number_after_the_fear_icon_changes_the_users_level() -> None:
    s, k = _defended("Nightmare", (0, 0, 0, 0))  # level 3 +2, card number 2
    s = lay_underworld(settle_counter(act(s, UseManeuver(k["mine"], 0))))
    other = s.game.players[k["other"]]
    assert k["guardian"] in other.hand  # 2 < 3 < 3 + 2: flees (without the +2 it stays)
    assert k["maiden"] in {x.card for x in other.leaders}  # level 2: not above the number
    fight = s.game.fight
    assert fight is None or fight.outcome is Outcome.ATTACKER  # 7.4.8: commander gone


@pytest.mark.rule("7.2.5.2")
@pytest.mark.ruling("R-7.2.5.2-cost")
def test_fear_is_stopped_one_creature_at_a_time() -> None:
    s, k = _defended("Terror", (0, 2, 0, 0))  # levels 2 to 4 flee; two stops to pay
    other = k["other"]
    s = settle_counter(act(s, UseManeuver(k["mine"], 0)))
    choice = s.game.choice
    assert choice is not None and s.to_act == other
    assert set(choice.options) == {k["guardian"], k["maiden"], k["wolves"]}
    while s.game.choice is not None:  # one decision per creature, in order
        card = s.game.choice.options[0]
        assert s.to_act == other and set(legal(s)) == {Pass(), Choose(card)}
        s = act(s, Pass() if card == k["maiden"] else Choose(card))
    s = lay_underworld(s)
    hand = s.game.players[other].hand
    assert k["maiden"] in hand  # let flee, though one influence was left to pay
    assert k["guardian"] not in hand and k["wolves"] not in hand
    assert s.game.players[other].spheres == (0, 0, 0, 0)  # one point per creature kept


# --- 3.8, 7.3.4, 3.1 ---------------------------------------------------------------------------


@pytest.mark.rule("3.8", "7.3.4", "3.1")
def test_troops_are_played_only_into_a_battle_free_only_when_linked() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, archers = to_hand(s, me, "Archers")  # not linked to the Captain
    s, hoplites = to_hand(s, me, "Hoplites")  # linked to the Captain, not to the Sky god
    s, guard = to_hand(s, me, "Sky Guard")  # linked to the Sky god: 1 force
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)
    s = set_player(s, me, spheres=(3, 3, 3, 0))
    assert not any(getattr(a, "card", None) in (archers, hoplites) for a in legal(s))
    with pytest.raises(mc.IllegalActionError, match=r"a troop is not summoned"):
        act(s, Summon(hoplites))  # 3.8: only into a battle
    s, idle = put_leader(s, me, "Scout")  # on the board, in no line of the battle
    s = to_rounds(battle(s, plains, E, captain))
    with pytest.raises(mc.IllegalActionError, match=r"#\d+ leads no line in this battle \(7\.3\.4"):
        act(s, SummonTroop(hoplites, idle))
    with pytest.raises(mc.IllegalActionError, match=r"not linked to its war leader"):
        act(s, SummonTroop(archers, captain, free=True))
    # 1.5.3: an effect that lets me play it without summoning makes it free all the same
    allowed = fx.lasting(s, PlayerPermission(Permission.WITHOUT_SUMMONING), me)
    assert mc.is_legal(allowed, SummonTroop(archers, captain, free=True))
    with pytest.raises(mc.IllegalActionError, match=r"no mythic link to your high god"):
        act(s, SummonTroop(hoplites, captain, substitute=(Sphere.FORCE, Sphere.MAGIC)))
    with pytest.raises(mc.IllegalActionError, match=r"force 0 < 1"):
        act(s, SummonTroop(guard, captain))
    s = act(s, SummonTroop(guard, captain, substitute=(Sphere.FORCE, Sphere.MAGIC)))
    assert s.game.players[me].spheres == (2, 3, 3, 0)  # 3.1: a magic point paid instead


@pytest.mark.rule("3.8", "7.3.4")
@pytest.mark.ruling("R-3.8-lines")
def test_a_troop_giving_its_level_has_no_ability_and_one_giving_its_maneuvers_no_level() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, lieutenant = put_leader(s, me, "Lieutenant")  # an ally of the Captain
    s, scout = put_leader(s, me, "Scout")  # an ally of the Lieutenant
    s, bearers = to_hand(s, me, "Standard Bearers")  # locked: own leaders +1
    s, archers = to_hand(s, me, "Archers")  # a permanent combat maneuver
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = designate(battle(s, plains, E, captain), lieutenant, SUPPORT)
    s = to_rounds(designate(s, scout, RESERVE))
    s = play(s, SummonTroop(bearers, lieutenant))
    assert s.phase.endswith("troop_mode") and s.to_act == me  # the support: mine
    by_level = act(s, ChooseTroopMode(bearers, TroopMode.LEVEL))
    by_maneuver = act(s, ChooseTroopMode(bearers, TroopMode.MANEUVER))
    assert level(by_level.game, captain) == 3  # its locked ability does not take effect
    assert level(by_maneuver.game, captain) == 4  # ... unless its maneuvers were chosen
    fight = by_maneuver.game.fight
    assert fight is not None
    assert side_level(by_maneuver.game, fight, 0) == 4 + 3 + 2  # no level of its own
    s = play(until_turn_of(by_level, me), SummonTroop(archers, scout))
    assert s.phase.endswith("troop_mode") and s.to_act == other  # the reserve: theirs
    level_only = act(s, ChooseTroopMode(archers, TroopMode.LEVEL))
    level_only = until_turn_of(level_only, me)
    with pytest.raises(mc.IllegalActionError, match=r"only Archers's level takes effect"):
        act(level_only, UseManeuver(archers, 0))
    maneuvers_only = until_turn_of(act(s, ChooseTroopMode(archers, TroopMode.MANEUVER)), me)
    assert UseManeuver(archers, 0) in legal(maneuvers_only)


@pytest.mark.rule("3.8")
@pytest.mark.ruling("R-3.8-lines")
def test_a_troop_giving_its_level_silences_no_locked_ability_after_it() -> None:
    # 3.8 "a segédcsapatoknak csak a szintje vagy manővere érvényesül" (of a support
    # troop only its level or its maneuvers take effect): its own, not the other cards'.
    # Drummer: locked: own leaders +1, next in the row after the Lieutenant and its troop
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, lieutenant = put_leader(s, me, "Lieutenant")  # an ally of the Captain
    s, drummer = put_leader(s, me, "Drummer")  # outside the fight
    s, bearers = to_hand(s, me, "Standard Bearers")  # locked: own leaders +1
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = to_rounds(designate(battle(s, plains, E, captain), lieutenant, SUPPORT))
    s = play(s, SummonTroop(bearers, lieutenant))
    by_level = act(s, ChooseTroopMode(bearers, TroopMode.LEVEL))
    assert level(by_level.game, drummer) == 3 + 1  # its Drumbeat takes effect


# --- 3.1 ---------------------------------------------------------------------------------------


@pytest.mark.rule("3.1", "7.4.5")
def test_any_leader_defends_a_people_linked_to_the_high_god() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, tide = put_people(s, other, "Tidefolk", 0, 0)  # linked to the Sea god
    s, plains = put_people(s, other, "Plainsfolk", 5, 5)  # not linked
    s, guardian = put_leader(s, other, "Guardian")
    s, squire = put_leader(s, other, "Squire")  # no ally of the Guardian
    s, _ = put_leader(s, other, "Shieldmaiden")  # an ally: the comrade step stays open
    for people, allowed in ((tide, True), (plains, False)):
        t = designate(battle(s, people, E, captain), guardian)  # I have no comrade
        assert t.phase == "turn.combat.battle.defender_comrade"
        assert (Designate(squire, SUPPORT) in legal(t)) is allowed
    with pytest.raises(mc.IllegalActionError, match=r"no ally of the commander nor linked"):
        designate(designate(battle(s, plains, E, captain), guardian), squire, SUPPORT)


# --- 5.8 ---------------------------------------------------------------------------------------


@pytest.mark.rule("5.8", "4.2.5")
@pytest.mark.ruling("R-5.8-maneuver")
def test_a_free_maneuver_of_the_high_gods_mythos_gives_one_more_level_to_such_a_user() -> None:
    # Captain: hellenic, like the Sky god
    # Guardian: celtic
    # War Song: hellenic, level 1
    s = build(
        sky(
            empire=CROSS,
            leaders=(Leader("Captain"), Leader("Guardian")),
            hand=("War Song", "War Song"),
        ),
        sea(empire=CROSS),
        ruleset=FIGHT_RULESET,
    )
    me = 0
    captain, guardian, song = the(s, "Captain"), the(s, "Guardian"), s.game.players[me].hand[0]
    song2 = s.game.players[me].hand[1]
    s = play(s, UseFreeManeuver(song, captain, 0))
    assert level(s.game, captain) == 3 + 1 + 1
    s = play(s, UseFreeManeuver(song2, guardian, 0))
    assert level(s.game, guardian) == 3 + 1


# --- 8.mount -----------------------------------------------------------------------------------


@pytest.mark.rule("8.mount")
@pytest.mark.ruling("R-8.mount-troop")
def test_a_mount_is_attached_in_a_summoning_step_sharing_no_race() -> None:
    # Elf Steed: mount, elf (a race), flying
    s = build(
        sky(empire=CROSS, leaders=(Leader("Captain"), Leader("Elf Steed"))),
        sea(empire=CROSS),
        ruleset=FIGHT_RULESET,
    )
    me = 0
    captain, steed = the(s, "Captain"), the(s, "Elf Steed")
    assert s.phase == "turn.summoning_1"
    options = set(legal(s))
    assert AttachMount(steed, captain, Subtype.FLYING) in options
    assert AttachMount(steed, captain, Subtype.ELF) not in options
    with pytest.raises(mc.IllegalActionError, match=r"elf is not a subtype the mount can share"):
        act(s, AttachMount(steed, captain, Subtype.ELF))
    s = act(s, AttachMount(steed, captain, Subtype.FLYING))
    assert s.phase == "turn.summoning_1"
    assert steed in fx.items(s.game, captain)
    assert steed not in {x.card for x in s.game.players[me].leaders}


# --- 8.god -------------------------------------------------------------------------------------


@pytest.mark.rule("8.god", "3.7")
def test_a_god_leader_allows_one_fate_in_every_turn() -> None:
    s, me, other = fx.duel()
    s, _ = put_leader(s, me, "Sky Leader")  # a god
    s, omen = to_hand(s, me, "Omen")  # linked to the Sky high god: needs no god
    s, doom = to_hand(s, me, "Doom")
    s, doom2 = to_hand(s, me, "Doom")
    s, gale = to_hand(s, me, "Gale")  # a counter fate: neutralises a maneuver
    s, smith = put_leader(s, other, "Smith")  # a maneuver to neutralise in their turn
    s = play(s, PlayFate(omen))
    assert PlayFate(doom) in legal(s)  # a linked fate used nothing up
    s = play(s, PlayFate(doom))
    assert PlayFate(doom2) not in legal(s)
    s = next_turn(s)
    assert s.game.active == other
    while s.phase != "turn.summoning_1":
        s = act(s, Pass() if Pass() in legal(s) else legal(s)[0])
    s = act(s, UseManeuver(smith, 0))
    while s.to_act != me:
        s = act(s, Pass())
    fates = [a for a in legal(s) if isinstance(a, PlayFate) and a.card == gale]
    assert fates  # 8.god: one fate in the opponent's turn too
    s = act(s, fates[0])
    assert s.game.active == other and not fate_allowed(s.game, me, doom2)  # one this turn
