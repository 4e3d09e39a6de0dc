"""Rules fidelity: what may touch a fight (7.2.1, 7.3.5, 7.5.2), stealing (5.2,
8.monster.4), a monster as a troop (8.monster.1), immunity beside a fighter (5.12),
spheres and their maximum (3.1, 7.4.11), extra draw-phase cards (6.2.2.1) and the full
leader row (3.4.2).

The cards are a pool of their own on top of the fight pool, so the decks of the other
fight tests stay as they are.
"""

from __future__ import annotations

from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    AttachMount,
    Attack,
    Choose,
    DeclareFight,
    Designate,
    Pass,
    PlayFate,
    SacrificeLeader,
    Summon,
    SummonTroop,
    SummonWarLeader,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import CardType, Sphere
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    ChangeLevel,
    Chosen,
    Destroy,
    Draw,
    Every,
    Immunity,
    MakeImmune,
    Maneuver,
    Permission,
    PlayerPermission,
    SetLevel,
    Side,
    Steal,
    StealSpheres,
    Timing,
    User,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller
from mitosz_core.games.mitosz.rules.continuous import card_type, power_bonus
from mitosz_core.games.mitosz.rules.fights.core import fighting_cards
from mitosz_core.games.mitosz.rules.levels import level, power
from mitosz_core.games.mitosz.rules.maneuvers import in_combat
from mitosz_core.games.mitosz.state import FightKind, LineName, RoundMark
from mitosz_core.kernel.state import DeckEntry, DeckList, GameConfig
from mitosz_core.mitosz import Leader, People, observe
from tests.mitosz import fight_fixtures as ff
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, battle, designate, to_rounds, until_turn_of
from tests.mitosz.fixtures import (
    CROSS,
    C,
    act,
    attach_item,
    attach_location,
    build,
    card,
    next_turn,
    pass_counter,
    play,
    put_intrigue,
    put_leader,
    put_people,
    sea,
    set_player,
    sky,
    the,
    to_hand,
)

ENEMY_LEADERS = Cards(types=(CardType.LEADER,), side=Side.ENEMY)
ENEMY_TROOPS = Cards(types=(CardType.TROOP,), side=Side.ENEMY)

CARDS = [
    card(
        "Tyrant",
        CardType.LEADER,
        level=2,
        cost=(0, 0, 0, 1),
        maneuvers=(Maneuver("Dominion", SetLevel(Every(ENEMY_LEADERS), 1), locked=True),),
    ),
    card(
        "Warden",
        CardType.LEADER,
        C,
        level=3,
        cost=(0, 0, 0, 1),
        links=("Shieldmaiden", "Hillfolk"),
        maneuvers=(Maneuver("Aegis", MakeImmune(User(), Immunity.INTRIGUE), locked=True),),
    ),
    card(
        "Curse",
        CardType.INTRIGUE,
        cost=(0, 1, 0, 0),
        maneuvers=(Maneuver("Curse", ChangeLevel(Every(ENEMY_LEADERS), -1), locked=True),),
    ),
    card("Sea Omen", CardType.FATE, C, links=("Sea",), maneuvers=(Maneuver("Omen", Draw(1)),)),
    card(
        "Rout",
        CardType.FATE,
        C,
        links=("Sea",),
        maneuvers=(Maneuver("Rout", Destroy(Chosen(ENEMY_TROOPS))),),
    ),
    card(
        "Smite",
        CardType.FATE,
        C,
        links=("Sea",),
        maneuvers=(Maneuver("Smite", Destroy(Chosen(ENEMY_LEADERS))),),
    ),
    card(
        "Pickpocket",
        CardType.LEADER,
        level=1,
        maneuvers=(
            Maneuver(
                "Pick",
                Steal(Chosen(Cards(types=(CardType.ITEM,), side=Side.ENEMY))),
                timing=Timing.ACTION,
            ),
        ),
    ),
    card(
        "Claimant",
        CardType.LEADER,
        level=1,
        maneuvers=(
            Maneuver(
                "Claim",
                Steal(Chosen(Cards(types=(CardType.LOCATION,), side=Side.ENEMY))),
                timing=Timing.ACTION,
            ),
        ),
    ),
    card(
        "Plunderer",
        CardType.LEADER,
        level=1,
        maneuvers=(Maneuver("Plunder", StealSpheres(Sphere.FORCE, 1), timing=Timing.ACTION),),
    ),
    card(
        "Scholar",
        CardType.LEADER,
        level=1,
        maneuvers=(Maneuver("Study", PlayerPermission(Permission.EXTRA_DRAW), locked=True),),
    ),
]
POOL = {**ff.POOL, **{c.key: c for c in CARDS}}
RULESET = MitoszRuleset(pool=POOL)


def _deck(god: str, name: str) -> DeckList:
    entries = [*ff.deck(god, name).entries, *(DeckEntry(4, c.key) for c in CARDS)]
    entries += [DeckEntry(4, k) for k in ("Sentinel", "Sword")]
    return DeckList(name, tuple(entries))


def arena(**kw: Any) -> tuple[S, int, int]:
    """The Sky player's first summoning step, hands emptied, a Cross on each side:
    (state, me, other)."""
    decks = (_deck("Sky God", "sky"), _deck("Sea God", "sea"))
    for seed in range(200):
        s = fx.pass_windows(RULESET.setup(GameConfig(seed=seed, players=2, decks=decks, **kw)))
        if s.game.card(s.game.players[s.game.active].high_god).key == "Sky God":
            s = fx.clear_hands(s)
            for player in range(2):
                s, _ = put_people(s, player, "Cross", 10, 10)
            return s, s.game.active, 1 - s.game.active
    raise AssertionError("no seed lets the Sky player start")


# --- 7.2.1, 7.3.5, 7.5.2: what may touch a fight ------------------------------------------------


@pytest.mark.rule("7.2.1", "7.3.5")
@pytest.mark.ruling("R-7.2.1-every")
def test_a_leader_outside_the_fight_changes_no_level_in_it() -> None:
    s, me, other = arena(auto_pass=False)
    s, _ = put_leader(s, me, "Tyrant")  # locked: enemy leaders' level is 1
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")  # level 3
    s, idle = put_leader(s, other, "Craven")  # level 4, stays out of the fight
    assert (level(s.game, guardian), level(s.game, idle)) == (1, 1)  # no fight yet
    s = to_rounds(designate(battle(s, hills, E, captain), guardian))
    assert level(s.game, guardian) == 3  # 7.3.5: the Tyrant takes no part in the battle
    assert level(s.game, idle) == 1  # outside the fight the Tyrant still reaches
    s, _ = put_intrigue(s, me, "Curse")  # an intrigue may affect any fight (7.3.5 3)
    assert level(s.game, guardian) == 2


@pytest.mark.rule("7.2.1", "7.5.2")
@pytest.mark.ruling("R-7.2.1-every")
def test_before_a_fight_is_declared_only_the_cards_of_any_fight_are_used() -> None:
    s, me, other = arena(auto_pass=False)
    s, _ = put_leader(s, me, "Captain")  # a fight can be declared: the phase is played
    s, sentinel = put_leader(s, other, "Sentinel")  # a reaction: destroy an enemy leader
    s, omen = to_hand(s, other, "Sea Omen")
    s = act(s, Pass())  # my first summoning step ends
    assert s.phase == "response.respond" and s.to_act == other
    assert any(isinstance(a, UseManeuver) and a.user == sentinel for a in mc.legal_actions(s))
    s = act(s, Pass())
    # the combat phase has begun, no fight is declared yet: the fate may answer, the
    # leader's reaction may not (7.2.1: only cards that may affect the fight)
    assert s.phase == "response.respond" and s.to_act == other
    assert s.game.fight is None
    options = mc.legal_actions(s)
    assert PlayFate(omen) in options
    assert not any(isinstance(a, UseManeuver) and a.user == sentinel for a in options)
    target = s.game.players[me].leaders[0].card
    with pytest.raises(mc.IllegalActionError, match=r"before a fight is declared.*7\.2\.1"):
        act(s, UseManeuver(sentinel, 0, target=target))


# --- 7.2.1 with 1.1.1: power decides no fight -----------------------------------------------------

POWER_RULESET = MitoszRuleset(pool=fx.card_pool("base", "maneuvers", "fights", "power"))
PATRONS_EMPIRE = (
    People("Cross", 0, 0),
    People("Cross", 1, 0),
    People("Line", 2, 0),  # its east road is open
    People("Lone Queen", 0, 1),
)
"""Four peoples of power 2 + 2 + 1 + 3 = 8: 12 with the Patron's +1 to each."""


def _people(s: S, player: int, key: str) -> int:
    return next(x.card for x in s.game.players[player].empire if s.game.card(x.card).key == key)


def _seen_power(s: S, player: int) -> int:
    """The power ``player`` has as the public observation shows it (1.1.1)."""
    return observe(s, 0)["players"][player]["power"]


def _attack(s: S, people: int, commander: int) -> S:
    """From the active player's declare step: attack ``people`` by its east road led by
    ``commander``, the defender designating nobody, up to the combat rounds."""
    assert s.phase == "turn.combat.declare", s.phase
    s = act(act(s, DeclareFight(FightKind.BATTLE)), Attack(people, E))
    return to_rounds(act(s, Designate(commander)))


def _next_decision(s: S) -> S:
    options = mc.legal_actions(s)
    return act(s, Pass() if Pass() in options else options[0])


@pytest.mark.rule("7.2.1", "7.3.5", "1.1.1")
@pytest.mark.ruling("R-7.2.1-power", "R-7.2.1-every")
def test_an_outside_leaders_power_keeps_counting_for_the_attacked_people() -> None:
    mine = sky(empire=CROSS, leaders=(Leader("Captain"),))
    theirs = sea(empire=PATRONS_EMPIRE, leaders=(Leader("Patron"),))
    s = build(mine, theirs, ruleset=POWER_RULESET, phase="combat", auto_pass=False)
    other = 1
    patron, line = the(s, "Patron", other), _people(s, other, "Line")
    assert power_bonus(s.game, line) == 1
    assert power(s.game, other) == _seen_power(s, other) == 8 + 4
    s = _attack(s, line, the(s, "Captain"))
    fighting = fighting_cards(s.game)
    assert line in fighting and patron not in fighting  # the Patron sits in its row
    # the Patron's locked +1 power still reaches the attacked people: power decides no
    # fight (7.4), so 7.3.5's list does not stop it
    assert power_bonus(s.game, line) == 1
    assert power(s.game, other) == _seen_power(s, other) == 8 + 4


@pytest.mark.rule("1.1.1", "7.2.1", "7.3.5")
@pytest.mark.ruling("R-7.2.1-power", "R-1.1.1")
def test_a_power_hold_does_not_break_while_its_people_is_attacked() -> None:
    # the Sea player reaches 12 in its own turn 2: the hold ends with its turn 4
    mine = sky(empire=CROSS, leaders=(Leader("Squire"),))  # level 1: the Line holds out
    theirs = sea(empire=PATRONS_EMPIRE, leaders=(Leader("Patron"),))
    s = build(mine, theirs, ruleset=POWER_RULESET, turn=2, active=1, auto_pass=False)
    me, other = 0, 1
    hold = s.game.players[other].hold
    assert hold == RoundMark(turn=2, round_owner=other)
    while not (s.game.active == me and s.phase == "turn.combat.declare"):
        s = _next_decision(s)
    s = _attack(s, _people(s, other, "Line"), the(s, "Squire"))
    fought = 0
    while s.game.fight is not None:  # the state-based checks run before every decision
        fought += 1
        assert power(s.game, other) == 12
        assert s.game.players[other].hold == hold, s.phase
        s = _next_decision(s)
    assert fought and _people(s, other, "Line")  # the battle is over, the Line stands
    while s.turn < 4 and not s.is_over:
        s = _next_decision(s)
    assert s.is_over and s.winner == other and s.game.ending == "power"  # at turn 4's start


@pytest.mark.rule("7.2.1", "1.1.1")
@pytest.mark.ruling("R-7.2.1-power", "R-7.2.1-every")
def test_a_fighting_leaders_power_reaches_only_the_fight_while_it_lasts() -> None:
    # the other direction, 7.2.1's first sentence: the Patron leads the attack, its
    # peoples at home are outside the fight
    mine = sky(empire=PATRONS_EMPIRE, leaders=(Leader("Patron"),))
    theirs = sea(empire=(People("Line", 0, 0),))
    s = build(mine, theirs, ruleset=POWER_RULESET, phase="combat", auto_pass=False)
    me = 0
    assert power(s.game, me) == 12
    s = _attack(s, _people(s, 1, "Line"), the(s, "Patron"))
    assert power_bonus(s.game, _people(s, me, "Line")) == 0
    assert power(s.game, me) == _seen_power(s, me) == 8
    assert s.game.players[me].hold is None  # below 12 while the fight lasts
    while s.game.fight is not None:
        s = _next_decision(s)
    assert power(s.game, me) == _seen_power(s, me) == 12  # the fight is over


# --- 8.mount with 7.2.1: a mount is attached in its player's summoning steps only -----------------

MOUNT_PEOPLE = (People("Hillfolk", 0, 0),)
"""An enemy people to attack, so that the combat phase has a fight to declare."""


def _mounts(s: S) -> list[mc.Action]:
    return [a for a in mc.legal_actions(s) if isinstance(a, AttachMount)]


@pytest.mark.rule("8.mount", "7.2.1", "7.3.5")
@pytest.mark.ruling("R-8.mount-troop", "R-7.2.1-every")
def test_a_mount_is_attached_in_its_players_summoning_steps_not_in_the_combat_phase() -> None:
    mine = sky(empire=CROSS, leaders=(Leader("Captain"), Leader("Winged Horse")))
    s = build(mine, sea(empire=MOUNT_PEOPLE), ruleset=ff.RULESET, phase="summoning_2")
    captain, horse = the(s, "Captain"), the(s, "Winged Horse")
    assert AttachMount(horse, captain) in _mounts(s)  # the second summoning step too
    s = build(mine, sea(empire=MOUNT_PEOPLE), ruleset=ff.RULESET, auto_pass=False)
    assert AttachMount(horse, captain) in _mounts(s)
    s = act(s, Pass())  # the first summoning step ends: the combat phase follows
    seen = 0
    while s.phase != "turn.summoning_2":
        if in_combat(s):  # its steps, responses and counter rounds (7.2.1)
            seen += 1
            assert not _mounts(s), s.phase
        if s.phase == "turn.combat.declare":
            with pytest.raises(mc.IllegalActionError, match="attach_mount is not possible now"):
                act(s, AttachMount(horse, captain))
            s = act(s, DeclareFight(FightKind.BATTLE))
        elif s.phase == "turn.combat.battle.target":
            s = act(s, Attack(the(s, "Hillfolk", 1), E))
        elif s.phase == "turn.combat.battle.commander":
            s = act(s, Designate(captain))
        else:
            s = act(s, Pass())
    assert seen > 3  # the declare step, the battle's steps and rounds were all looked at
    assert AttachMount(horse, captain) in _mounts(s)  # back in a summoning step


@pytest.mark.rule("8.mount", "6.2.3.2")
@pytest.mark.ruling("R-8.mount-troop")
def test_a_mount_to_attach_does_not_hold_up_a_combat_phase_without_a_fight() -> None:
    # no enemy people to attack and no hero to challenge: no fight (7.4.1, 7.6.1), only
    # the mount to attach
    mine = sky(empire=CROSS, leaders=(Leader("Captain"), Leader("Winged Horse")))
    s = build(mine, sea(), ruleset=ff.RULESET)
    s = fx.pass_windows(act(s, Pass()))
    assert s.phase == "turn.summoning_2"  # 6.2.3.2: the phase ends at once
    assert _mounts(s)


# --- 5.2, 8.monster.4: stealing ---------------------------------------------------------------


@pytest.mark.rule("5.2", "7.4.10.2")
@pytest.mark.ruling("R-5.2")
def test_a_war_leader_is_never_stolen() -> None:
    s, me, other = arena(auto_pass=False)
    s, thief = put_leader(s, me, "Thief")  # action: steal an enemy leader
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, idle = put_leader(s, other, "Craven")
    s = to_rounds(designate(battle(s, hills, E, thief), guardian))
    s = until_turn_of(s, me)
    s = play(s, UseManeuver(thief, 0, target=guardian))
    assert controller(s.game, guardian) == other  # 5.2: a war leader is not stolen
    assert controller(s.game, idle) == other  # and the Thief reaches only the fight (7.2.1)


@pytest.mark.rule("5.2", "8.monster.4")
@pytest.mark.ruling("R-5.2")
def test_a_monster_in_the_leader_row_can_be_stolen() -> None:
    s, me, other = arena(auto_pass=False)
    s, thief = put_leader(s, me, "Thief")
    s, cyclops = put_leader(s, other, "Cyclops")  # a monster, not played into a fight
    s = play(s, UseManeuver(thief, 0, target=cyclops))
    assert controller(s.game, cyclops) == me  # 8.monster.4 speaks only of a fight ("Ekkor")
    assert s.game.owner(cyclops) == other  # G1


@pytest.mark.rule("5.2", "3.5", "3.3")
@pytest.mark.ruling("R-5.2")
def test_a_stolen_item_or_location_is_attached_to_a_card_of_the_thief() -> None:
    s, me, other = arena(auto_pass=False)
    s, pickpocket = put_leader(s, me, "Pickpocket")
    s, captain = put_leader(s, me, "Captain")
    s, guardian = put_leader(s, other, "Guardian")
    s, sword = attach_item(s, other, "Sword", guardian)
    s = act(s, UseManeuver(pickpocket, 0, target=sword))
    s = pass_counter(s)
    assert s.phase == "counter.choose" and s.to_act == me
    assert set(mc.legal_actions(s)) == {Choose(pickpocket), Choose(captain)}
    s = fx.settle_counter(act(s, Choose(captain)))
    assert controller(s.game, sword) == me and s.game.owner(sword) == other
    assert sword in fx.items(s.game, captain)
    assert not fx.items(s.game, guardian)
    # a location goes onto a people of the thief's without one (3.3)
    s, claimant = put_leader(s, me, "Claimant")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, keep = attach_location(s, other, "Keep", hills)
    mine = s.game.players[me].empire[0].card
    s = act(s, UseManeuver(claimant, 0, target=keep))
    s = pass_counter(s)
    assert set(mc.legal_actions(s)) == {Choose(mine)}
    s = fx.settle_counter(act(s, Choose(mine)))
    assert controller(s.game, keep) == me
    assert fx.location(s.game, s.game.players[me].empire[0].card) == keep
    assert fx.location(s.game, s.game.players[other].empire[-1].card) is None


# --- 8.monster.1: a monster in a fight is a troop ----------------------------------------------


def _monster_fight() -> tuple[S, dict[str, int]]:
    """My Captain attacks the Hillfolk defended by the Bowman; the Cyclops (level 4)
    joins my front line as a troop; the other player to act, holding Rout and Smite."""
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, cyclops = to_hand(s, me, "Cyclops")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, bowman = put_leader(s, other, "Bowman")  # volley, level 6
    s, rout = to_hand(s, other, "Rout")
    s, smite = to_hand(s, other, "Smite")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = to_rounds(designate(battle(s, hills, E, captain), bowman))
    s = until_turn_of(s, me)
    s = play(s, SummonTroop(cyclops, captain))
    s = until_turn_of(s, other)
    cards = {"cyclops": cyclops, "bowman": bowman, "rout": rout, "smite": smite}
    return s, cards


@pytest.mark.rule("8.monster.1", "8.monster")
@pytest.mark.ruling("R-8.monster.1")
def test_a_monster_played_into_a_fight_is_a_troop_for_targeting() -> None:
    s, c = _monster_fight()
    assert card_type(s.game, c["cyclops"]) is CardType.TROOP
    options = mc.legal_actions(s)
    assert PlayFate(c["rout"], target=c["cyclops"]) in options  # an enemy troop
    assert PlayFate(c["smite"], target=c["cyclops"]) not in options  # no enemy leader
    s = play(s, PlayFate(c["rout"], target=c["cyclops"]))
    assert c["cyclops"] in s.game.players[s.game.active].underworld


@pytest.mark.rule("8.monster.1", "7.2.5.1")
@pytest.mark.ruling("R-8.monster.1")
def test_an_arrow_volley_treats_a_monster_in_the_fight_as_a_troop() -> None:
    s, c = _monster_fight()
    # as a fighting leader it would need a level below 6 / 2 = 3; as a troop below 6
    volley = UseManeuver(c["bowman"], 0, target=c["cyclops"])
    assert volley in mc.legal_actions(s)
    s = play(s, volley)
    assert c["cyclops"] in s.game.players[s.game.active].underworld


# --- 5.12: immunity covers the cards fighting on its side --------------------------------------


@pytest.mark.rule("5.12", "5.13")
@pytest.mark.ruling("R-5.12-side")
def test_immunity_covers_the_cards_fighting_on_its_side() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, _ = put_intrigue(s, me, "Curse")  # enemy leaders -1
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, warden = put_leader(s, other, "Warden")  # immune to intrigues
    s, maiden = put_leader(s, other, "Shieldmaiden")  # level 2, the Warden's ally
    assert (level(s.game, warden), level(s.game, maiden)) == (3, 1)  # no fight: alone
    s = designate(battle(s, hills, E, captain), warden)
    s = designate(s, maiden, LineName.SUPPORT)
    s = to_rounds(s)
    assert level(s.game, warden) == 3
    assert level(s.game, maiden) == 2  # fights on the immune Warden's side (5.12)
    assert level(s.game, captain) == 3  # my own side is not covered


# --- 3.1, 7.4.11: a sphere never rises above its maximum but by spoils -------------------------


@pytest.mark.rule("3.1", "7.4.11", "5.2")
@pytest.mark.ruling("R-3.1-steal")
def test_a_stolen_sphere_point_does_not_lift_a_sphere_above_its_maximum() -> None:
    s, me, other = arena(auto_pass=False)
    s, plunderer = put_leader(s, me, "Plunderer")  # steals a force point
    top, theirs = s.game.players[me].spheres[3], s.game.players[other].spheres[3]
    assert top == 3  # the Sky god's force maximum, and my force now
    s = play(s, UseManeuver(plunderer, 0))
    assert s.game.players[other].spheres[3] == theirs - 1  # the point is taken
    assert s.game.players[me].spheres[3] == top  # 3.1: not above the maximum
    s, second = put_leader(s, me, "Plunderer")
    s = set_player(s, me, spheres=(3, 3, 3, 1))
    s = play(s, UseManeuver(second, 0))
    assert s.game.players[other].spheres[3] == theirs - 2
    assert s.game.players[me].spheres[3] == 2  # below the maximum it rises


# --- 6.2.2.1: extra draw-phase cards -------------------------------------------------------------


@pytest.mark.rule("6.2.2.1", "G2")
def test_an_extra_draw_phase_card_is_drawn_in_the_draw_phase() -> None:
    s, me, other = arena()
    s, _ = put_leader(s, other, "Scholar")  # locked: its player draws one more card
    decks = [len(p.deck) for p in s.game.players]
    s = fx.pass_until(next_turn(s), "turn.summoning_1")
    assert s.game.active == other
    assert len(s.game.players[other].deck) == decks[other] - 3  # 2 + 1 (6.2.2.1)
    assert len(s.game.players[other].hand) == 3
    s = fx.pass_until(next_turn(s), "turn.summoning_1")
    assert s.game.active == me
    assert len(s.game.players[me].deck) == decks[me] - 2  # the permission is its player's


# --- 3.4.2: summoning into a full leader row ---------------------------------------------------


@pytest.mark.rule("3.4.2")
@pytest.mark.ruling("R-3.4.2-full")
def test_a_leader_summoned_into_a_full_row_makes_its_player_sacrifice() -> None:
    s, me, _ = arena(auto_pass=False)
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    row = []
    for key in ("Scout", "Lieutenant", "Craven"):  # 1 people + 2: the row is full
        s, cid = put_leader(s, me, key)
        row.append(cid)
    s, captain = to_hand(s, me, "Captain")
    assert Summon(captain) in mc.legal_actions(s)
    s = fx.settle_counter(act(s, Summon(captain)))
    assert s.phase == "forced.sacrifice_leader" and s.to_act == me
    assert set(mc.legal_actions(s)) == {SacrificeLeader(c) for c in (*row, captain)}
    s = act(s, SacrificeLeader(row[0]))
    assert {x.card for x in s.game.players[me].leaders} == {*row[1:], captain}
    assert row[0] in s.game.players[me].underworld


@pytest.mark.rule("3.4.2", "7.4.3.1", "7.4.10.2")
@pytest.mark.ruling("R-3.4.2-full")
def test_a_defending_commander_may_be_summoned_into_a_full_row() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)  # 2 peoples: 4 leaders
    row = []
    for key in ("Scout", "Lieutenant", "Craven", "Squire"):
        s, cid = put_leader(s, other, key, turned=True)  # none can defend
        row.append(cid)
    s, guardian = to_hand(s, other, "Guardian")
    s = battle(s, hills, E, captain)
    assert s.phase.endswith(".defender") and s.to_act == other
    assert SummonWarLeader(guardian) in mc.legal_actions(s)
    s = fx.settle_counter(act(s, SummonWarLeader(guardian)))
    assert s.phase == "forced.sacrifice_leader" and s.to_act == other
    s = act(s, SacrificeLeader(row[0]))
    assert guardian in {x.card for x in s.game.players[other].leaders}


# --- observe: the levels a player sees are the rules' -------------------------------------------


@pytest.mark.rule("2.2", "5.7", "3.2.1")
def test_observe_shows_levels_with_lasting_effects() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")  # level 3
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")  # level 3
    s, _ = put_intrigue(s, me, "Curse")  # enemy leaders -1
    s, _ = put_intrigue(s, me, "Banner")  # own leaders +1
    view = mc.observe(s, other)
    shown = {slot["leader"]["id"]: slot["level"] for p in view["players"] for slot in p["leaders"]}
    assert shown[guardian] == level(s.game, guardian) == 3 - 1
    assert shown[captain] == level(s.game, captain) == 3 + 1
    s, hoplites = to_hand(s, me, "Hoplites")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = to_rounds(designate(battle(s, hills, E, captain), guardian))
    s = until_turn_of(s, me)
    s = play(s, SummonTroop(hoplites, captain))
    fight = mc.observe(s, me)["fight"]
    assert fight["attack"][0]["level"] == level(s.game, captain) == 4
    assert fight["defend"][0]["level"] == level(s.game, guardian) == 2
    assert [t["level"] for t in fight["troops"]] == [level(s.game, hoplites)]
