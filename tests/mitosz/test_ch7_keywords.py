"""Chapter 8 combat keywords (monster, mount, warlord, flying, fortress, shrine, potion)
and the line limits of 3.8, inside fights."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    AttachMount,
    Attack,
    ChooseTroopMode,
    DeclareFight,
    Designate,
    KeepMonster,
    Pass,
    PlayFate,
    SummonTroop,
    TakeSpoils,
    UseManeuver,
)
from mitosz_core.games.mitosz.cards import Sphere
from mitosz_core.games.mitosz.effects.language import Chosen, Draw, Steal
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.board import controller, remove_to_underworld
from mitosz_core.games.mitosz.rules.fights.army import capacity, side_level, troop_level
from mitosz_core.games.mitosz.rules.interpret import _held_to_the_fight
from mitosz_core.games.mitosz.state import FightKind, LineName, Todo, TroopMode
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.wiring import apply_todo
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import RULESET as FIGHT_RULESET
from tests.mitosz.fight_fixtures import (
    E,
    W,
    arena,
    battle,
    designate,
    legal,
    pass_rounds,
    to_combat,
)
from tests.mitosz.fixtures import (
    CROSS,
    act,
    attach_location,
    build,
    lay_underworld,
    play,
    put_leader,
    put_people,
    refresh,
    sea,
    set_player,
    sky,
    the,
    to_hand,
)

FRONT, SUPPORT = LineName.FRONT, LineName.SUPPORT


@pytest.mark.rule(
    "8.monster", "8.monster.1", "8.monster.2", "8.monster.3", "8.monster.4", "8.monster.5"
)
def test_a_monster_fights_as_a_troop_and_is_kept_after_a_win() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)
    s, cyclops = to_hand(s, me, "Cyclops")  # level 4, costs 2 force
    s, hoplites = to_hand(s, me, "Hoplites")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = pass_to_rounds(battle(s, plains, E, captain))
    assert SummonTroop(cyclops, captain) in legal(s)
    first_troop = pass_(play(s, SummonTroop(hoplites, captain, free=True)))
    with pytest.raises(mc.IllegalActionError, match="already holds a troop, so no monster"):
        act(first_troop, SummonTroop(cyclops, captain))
    s = pass_(play(s, SummonTroop(cyclops, captain)))
    fight = s.game.fight
    assert fight is not None and fight.troops[0].monster
    assert controller(s.game, cyclops) == me
    assert fx.row_items(s.game, me) == (cyclops,)  # a troop, not in the row
    assert s.to_act == me and legal(s) == (Pass(),)  # 8.monster.3: no more troops
    with pytest.raises(mc.IllegalActionError, match="a monster leads this line's troops"):
        act(s, SummonTroop(hoplites, captain, free=True))
    thief = apply_todo(s, Todo(Steal(Chosen()), other, None, cyclops))
    assert controller(thief.game, cyclops) == me  # 8.monster.4: not stolen
    # a troop's text is written for fights (R-7.2.1-every): the monster, a troop while
    # it fights (8.monster.1), keeps an effect on its player, the captain does not
    assert not _held_to_the_fight(s.game, Todo(Draw(1), me, cyclops))
    assert _held_to_the_fight(s.game, Todo(Draw(1), me, captain))
    s = pass_(s)
    assert s.phase == "turn.combat.battle.spoils"
    unpaid = act(s, TakeSpoils(Sphere.MAGIC))  # 1 force left: the Cyclops is not kept
    assert unpaid.phase != "turn.combat.battle.monsters"
    assert cyclops in unpaid.game.players[me].underworld
    s = act(s, TakeSpoils(Sphere.FORCE))
    assert s.phase == "turn.combat.battle.monsters" and s.to_act == me
    assert s.game.players[me].spheres[3] == 2  # 1 left + 1 stolen: paid from the spoils
    kept = act(s, KeepMonster(cyclops))
    assert cyclops in {x.card for x in kept.game.players[me].leaders}
    assert kept.game.players[me].spheres[3] == 0
    gone = act(s, Pass())
    assert cyclops in gone.game.players[me].underworld


def pass_(s: S) -> S:
    return act(s, Pass())


def pass_to_rounds(s: S) -> S:
    """Pass the designation steps (without automatic passes) up to the combat rounds."""
    while not s.phase.endswith(".rounds"):
        s = pass_(s)
    return s


@pytest.mark.rule("8.warlord", "3.8", "7.3.4")
def test_a_warlord_takes_one_more_troop_than_its_cost() -> None:
    s, me, other = arena(auto_pass=False)
    s, warlord = put_leader(s, me, "Warlord")  # costs 1 force
    s, captain = put_leader(s, other, "Captain")
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)
    s, hoplites = to_hand(s, me, "Hoplites")
    s, wolves = to_hand(s, me, "Wolves")
    s, archers = to_hand(s, me, "Archers")
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = battle(s, plains, E, warlord)
    s = pass_to_rounds(designate(s, captain))
    fight = s.game.fight
    assert fight is not None and capacity(s.game, fight, 0, FRONT) == 2
    assert capacity(s.game, fight, 1, FRONT) == 2  # the Captain: cost 2, no warlord
    s = pass_(play(s, SummonTroop(hoplites, warlord)))
    s = pass_(play(s, SummonTroop(wolves, warlord)))
    with pytest.raises(mc.IllegalActionError, match=r"the line is full: 2 troops"):
        act(s, SummonTroop(archers, warlord))


@pytest.mark.rule("3.8")
@pytest.mark.ruling("R-3.8-race")
def test_a_people_defended_by_its_own_race_takes_one_more_troop_in_front() -> None:
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)  # an elf people
    s, elf = put_leader(s, other, "Elf Lord")  # an elf, costs 1 force
    s, maiden = put_leader(s, other, "Shieldmaiden")  # no race, costs 1 influence
    s, _ = to_hand(s, me, "Archers")
    s = battle(s, hills, E, captain)
    by_elf = designate(s, elf)
    assert by_elf.game.fight is not None
    assert capacity(by_elf.game, by_elf.game.fight, 1, FRONT) == 2
    by_maiden = designate(s, maiden)
    assert by_maiden.game.fight is not None
    assert capacity(by_maiden.game, by_maiden.game.fight, 1, FRONT) == 1


@pytest.mark.rule("8.flying", "3.2.2", "7.4.1")
def test_a_flying_commander_attacks_across_a_closed_road_with_a_flying_army() -> None:
    s, me, other = arena()
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)  # east road 1 ...
    s, _ = put_people(s, other, "Line", 1, 0)  # ... is closed by this people
    s, griffin = put_leader(s, me, "Griffin Rider")  # flies; allied with both below
    s, captain = put_leader(s, me, "Captain")
    s, knight = put_leader(s, me, "Pegasus Knight")  # flies
    s, hoplites = to_hand(s, me, "Hoplites")
    s, eagles = to_hand(s, me, "Eagles")  # a flying beast
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = act(to_combat(s), DeclareFight(FightKind.BATTLE))
    assert Attack(plains, E) in legal(s)
    s = act(s, Attack(plains, E))
    with pytest.raises(mc.IllegalActionError, match="only a flying commander"):
        act(s, Designate(captain))
    s = act(s, Designate(griffin))
    assert s.phase == "turn.combat.battle.attacker_comrade"
    with pytest.raises(mc.IllegalActionError, match="must fly"):
        act(s, Designate(captain, SUPPORT))
    s = designate(s, knight, SUPPORT)
    assert s.phase == "turn.combat.battle.rounds"
    with pytest.raises(mc.IllegalActionError, match="its troops must fly"):
        act(s, SummonTroop(hoplites, griffin))
    s = act(s, SummonTroop(eagles, griffin))
    s = pass_rounds(s)
    assert plains in s.game.players[other].underworld


@pytest.mark.rule("8.mount", "5.15")
@pytest.mark.ruling("R-8.mount-troop")
def test_a_mount_carries_its_rider_and_helps_it_as_a_beast() -> None:
    s, me, other = arena()
    s, plains = put_people(s, other, "Plainsfolk", 0, 0)
    s, _ = put_people(s, other, "Line", 1, 0)  # closes the east road
    s, captain = put_leader(s, me, "Captain")
    s, pegasus = put_leader(s, me, "Winged Horse")  # a flying mount, level 2
    s, second = put_leader(s, me, "Winged Horse")
    assert s.phase == "turn.summoning_1"  # a mount is attached here (R-8.mount-troop)
    assert AttachMount(pegasus, captain, Subtype.FLYING) in legal(s)
    with pytest.raises(mc.IllegalActionError, match="not a mount"):
        act(s, AttachMount(pegasus, second))
    s = act(s, AttachMount(pegasus, captain, Subtype.FLYING))
    assert pegasus not in {x.card for x in s.game.players[me].leaders}  # 5.15
    assert pegasus in fx.row_items(s.game, me)
    with pytest.raises(mc.IllegalActionError, match="already has a mount"):
        act(s, AttachMount(second, captain))
    thief = apply_todo(s, Todo(Steal(Chosen()), other, None, pegasus))
    assert controller(thief.game, pegasus) == me  # not stolen
    s = act(to_combat(s), DeclareFight(FightKind.BATTLE))
    s = act(act(s, Attack(plains, E)), Designate(captain))  # flies through the mount
    fight = s.game.fight
    assert fight is not None and fight.troops[0].mount
    assert side_level(s.game, fight, 0) == 3 + 2 + 1  # the Winged Horse: 2, +1 (5.8)
    s = lay_underworld(pass_rounds(s))
    assert pegasus in fx.row_items(s.game, me)  # it stays with its rider
    while s.game.fight is not None:  # the spoils, then the fight is cleaned up (7.4.13)
        s = act(s, Pass() if Pass() in legal(s) else legal(s)[0])
    assert pegasus in fx.row_items(s.game, me)  # not a troop that is discarded
    assert pegasus not in s.game.players[me].underworld


@pytest.mark.rule("8.mount", "2.4")
def test_a_mount_is_attached_only_from_its_players_row_onto_a_leader_that_is_no_mount() -> None:
    s, me, other = arena()
    s, captain = put_leader(s, me, "Captain")
    s, horse = put_leader(s, me, "Winged Horse")
    s, second = put_leader(s, me, "Winged Horse")
    s, in_hand = to_hand(s, me, "Winged Horse")
    s, theirs = put_leader(s, other, "Winged Horse")
    assert AttachMount(horse, captain) in legal(s)

    def why(action: AttachMount) -> str | None:
        return FIGHT_RULESET.why_not(s, action)

    for card in (in_hand, theirs):  # not in my row: in my hand, in the other player's row
        assert (
            why(AttachMount(card, captain))
            == f"#{card} is not a mount in your leader row (8.mount)"
        )
    assert why(AttachMount(horse, second)) == (
        "a mount is attached only to a leader that is not a mount (8.mount)"
    )


@pytest.mark.rule("8.fortress", "5.8", "3.3")
def test_a_fortress_weakens_attacking_troops_and_strengthens_defending_ones() -> None:
    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, _ = attach_location(s, other, "Keep", hills)  # a fortress
    s, guardian = put_leader(s, other, "Guardian")
    s, hoplites = to_hand(s, me, "Hoplites")
    s, wolves = to_hand(s, other, "Wolves")
    s = pass_to_rounds(designate(battle(s, hills, E, captain), guardian))
    s = play(s, SummonTroop(hoplites, captain, free=True))
    s = play(s, SummonTroop(wolves, guardian))
    fight = s.game.fight
    assert fight is not None
    mine, theirs = fight.troops
    assert troop_level(s.game, fight, mine) == 2 + 1 - 1  # 5.8, then the fortress
    assert troop_level(s.game, fight, theirs) == 2 + 1 + 1
    # the road: 2, + the Keep's level 1 and its 5.8 bonus; the Guardian 3 + 1 (5.8)
    assert side_level(s.game, fight, 1) == 4 + 4 + 4


@pytest.mark.rule("8.shrine", "5.12")
def test_a_shrine_is_immune_to_calamities() -> None:
    s, me, other = arena()
    s, _ = put_leader(s, me, "Sky Leader")  # a god: lets its player play a fate
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, plains = put_people(s, other, "Plainsfolk", 2, 2)
    s, temple = attach_location(s, other, "Temple", hills)
    s, keep = attach_location(s, other, "Keep", plains)
    s, plague = to_hand(s, me, "Plague")  # a calamity destroying every location
    s = play(s, PlayFate(plague))
    assert keep in s.game.players[other].underworld
    assert temple not in s.game.players[other].underworld


@pytest.mark.rule("8.potion")
def test_a_potion_takes_effect_when_its_player_sacrifices_it() -> None:
    s = build(
        sky(empire=CROSS, leaders=(Leader("Captain", items=("Elixir",)),)),
        sea(empire=CROSS),
        ruleset=FIGHT_RULESET,
    )
    me = 0
    elixir = the(s, "Elixir")
    hand = len(s.game.players[me].hand)
    s = play(s, UseManeuver(elixir, 0))
    assert len(s.game.players[me].hand) == hand + 2
    assert elixir in s.game.players[me].underworld


@pytest.mark.rule("3.8", "7.3.4")
@pytest.mark.ruling("R-7.3.4-attached")
def test_troops_leave_with_their_war_leader() -> None:

    s, me, other = arena(auto_pass=False)
    s, captain = put_leader(s, me, "Captain")
    s, lieutenant = put_leader(s, me, "Lieutenant")
    s, hills = put_people(s, other, "Hillfolk", 0, 0)
    s, guardian = put_leader(s, other, "Guardian")
    s, hoplites = to_hand(s, me, "Hoplites")
    s, ram = to_hand(s, me, "Ram")  # a +1 war machine
    s = set_player(s, me, spheres=(3, 3, 3, 3))
    s = battle(s, hills, W, captain)
    s = designate(s, guardian)
    s = pass_to_rounds(designate(s, lieutenant, SUPPORT))
    s = pass_(play(s, SummonTroop(ram, captain)))
    s = play(s, SummonTroop(hoplites, lieutenant))
    assert s.phase.endswith("troop_mode") and s.to_act == me  # the support: my choice
    s = act(s, ChooseTroopMode(hoplites, TroopMode.LEVEL))
    fight = s.game.fight
    assert fight is not None
    # Captain 3 (its +1 Ram counted as a troop), Lieutenant 2, Ram 1, Hoplites 2 + 1 (5.8)
    assert side_level(s.game, fight, 0) == 3 + 2 + 1 + 3
    s = refresh(remove_to_underworld(s, lieutenant))
    s = lay_underworld(s)
    assert hoplites in s.game.players[me].underworld
    fight = s.game.fight
    assert fight is not None and side_level(s.game, fight, 0) == 3 + 1
    assert [t.card for t in fight.troops] == [ram]  # the Hoplites are forgotten (7.4.8)
