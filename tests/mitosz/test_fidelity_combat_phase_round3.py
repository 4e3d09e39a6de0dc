"""Rules fidelity, round 3: what a fighting card may reach and how long the combat
phase lasts (7.2.1, ruling R-7.2.1-every), combat-duration effects in a combat phase
without a fight (4.2.1, 4.2.5), who starts a counter round over an untargeted event
(6.4.1), and a mount's shared subtype in selectors (8.mount)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import AttachMount, Pass, TakeSpoils, UseManeuver
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Cards, ChangeLevel, Duration, Every, User
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.rules.maneuvers import maneuver_types
from mitosz_core.games.mitosz.rules.selection import matching
from mitosz_core.games.mitosz.state import ActiveEffect, ManeuverPending, Todo
from mitosz_core.games.mitosz.subtypes import Subtype
from mitosz_core.games.mitosz.wiring import apply_todo
from mitosz_core.kernel.values import replace
from mitosz_core.mitosz import Leader, People
from tests.mitosz import fight_fixtures as ff
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import E, battle, designate
from tests.mitosz.fixtures import pass_counter, settle_counter, the
from tests.mitosz.pool_fixtures import my_move, position, side, to_rounds

FULL = (6, 6, 6, 6)


@pytest.mark.rule("7.2.1")
@pytest.mark.ruling("R-7.2.1-every")
def test_a_fighting_leaders_draw_does_not_reach_its_players_hand() -> None:
    # Lugh: action, 1 influence: draw; step, 1 magic: +1 level; step, 1 force: draw
    s = position(side("Dagda (high god)", leaders=(Leader("Lugh"),), spheres=FULL), side())
    me, other = 0, 1
    lugh, cross = the(s, "Lugh"), s.game.players[other].empire[0].card
    s = my_move(to_rounds(s, lugh, cross), me)
    before = level(s.game, lugh)
    hand = s.game.players[me].hand
    s = settle_counter(pass_counter(mc.apply(s, UseManeuver(lugh, 0, steps=3))))
    # "csak a harcot és az abban résztvevő lapokat befolyásolhatják": the level counts,
    # the draws reach no hand while the fight lasts; the cost is paid all the same
    assert level(s.game, lugh) == before + 1
    assert s.game.players[me].hand == hand
    assert s.game.players[me].spheres == (5, 5, 6, 5)


@pytest.mark.rule("7.2.1")
@pytest.mark.ruling("R-7.2.1-every")
def test_a_fighting_leaders_sphere_effect_does_not_reach_a_players_pool() -> None:
    # Morrígan: action, 1 magic: each opponent loses 1 force
    mine = side("Dagda (high god)", leaders=(Leader("Morrígan (leader)"),), spheres=FULL)
    s = position(mine, side(spheres=(3, 3, 3, 3)))
    me, other = 0, 1
    morrigan, cross = the(s, "Morrígan (leader)"), s.game.players[other].empire[0].card
    s = my_move(to_rounds(s, morrigan, cross), me)
    s = settle_counter(pass_counter(mc.apply(s, UseManeuver(morrigan, 0))))
    assert s.game.players[me].spheres[0] == 5  # paid
    assert s.game.players[other].spheres == (3, 3, 3, 3)  # not reached while it fights


@pytest.mark.rule("7.2.1", "6.1.4", "7.4.11")
@pytest.mark.ruling("R-7.2.1-every")
def test_the_answers_to_the_spoils_are_still_in_the_combat_phase() -> None:
    attacker = fx.sky(leaders=(Leader("Scout"),), empire=fx.CROSS)  # level 1
    defender = fx.sea(leaders=(Leader("Guardian"),), empire=(People("Hillfolk", 0, 0),))
    watcher = fx.sky(leaders=(Leader("Sentinel"),), empire=fx.CROSS)
    s = fx.build(attacker, defender, watcher, ruleset=ff.RULESET, auto_pass=False)
    other, third = 1, 2  # the Sentinel: reaction, destroy an enemy leader
    scout, guardian = the(s, "Scout"), the(s, "Guardian", other)
    hills, sentinel = the(s, "Hillfolk", other), the(s, "Sentinel", third)
    s = ff.to_rounds(designate(battle(s, hills, E, scout), guardian))
    while not s.phase.endswith("battle.spoils"):
        s = fx.lay_underworld(fx.act(s, Pass()))
    s = fx.act(s, TakeSpoils())  # the defender draws: a deed (6.1.4 "hadizsákmány")
    assert s.game.fight is None
    while s.game.frames or s.phase != "turn.summoning_2":
        # 7.2.1 "Míg a harci fázis tart": the Sentinel affects no fight, so it does not
        # answer the spoils, the combat phase's last deed
        uses = [a for a in mc.legal_actions(s) if isinstance(a, UseManeuver)]
        assert s.to_act != third or not uses
        s = fx.act(s, Pass())
    assert s.phase == "turn.summoning_2" and not s.game.this_turn.combat_closing
    assert sentinel in {x.card for x in s.game.players[third].leaders}


@pytest.mark.rule("4.2.1", "4.2.5")
@pytest.mark.ruling("R-7.2.1-every")
def test_effects_until_the_end_of_the_combat_phase_end_without_a_fight() -> None:
    s, me, _ = ff.arena(auto_pass=False)
    s, scout = fx.put_leader(s, me, "Scout")
    s = ff.to_combat(s)
    assert s.phase == "turn.combat.declare"
    before = level(s.game, scout)
    boost = ActiveEffect(
        s.game.next_id, ChangeLevel(User(), 2, Duration.COMBAT), me, scout, scout
    )  # as a combat maneuver of the high god would leave it (4.2.1 "Harci")
    s = s.evolve(game=replace(s.game, effects=(boost,), next_id=s.game.next_id + 1))
    assert level(s.game, scout) == before + 2
    s = fx.pass_windows(fx.act(s, Pass()))  # no fight: the combat phase ends
    assert s.phase == "turn.summoning_2"
    # 4.2.1 "Hatása az adott harci fázis végén megszűnik", a fight or none
    assert level(s.game, scout) == before and s.game.effects == ()


@pytest.mark.rule("6.4.1")
@pytest.mark.ruling("R-6.4.1-affected")
def test_a_counter_round_starts_with_the_one_player_an_untargeted_event_affects() -> None:
    # Morrígan: action, 1 magic: each opponent loses 1 force; no card is chosen
    mine = side("Dagda (high god)", leaders=(Leader("Morrígan (leader)"),), spheres=FULL)
    for players in (2, 3):
        s = position(mine, *(side() for _ in range(players - 1)), auto_pass=False)
        s = fx.act(s, UseManeuver(the(s, "Morrígan (leader)"), 0))
        assert s.phase == "counter.respond"
        # "az érintett játékossal kezdve (... több játékos esetén, akinek a köre van)"
        assert s.to_act == (1 if players == 2 else 0)


@pytest.mark.rule("8.mount", "5.17", "4.4")
@pytest.mark.ruling("R-8.mount-shared")
def test_a_mounts_shared_subtype_counts_for_effect_selectors() -> None:
    s, me, _ = ff.arena()
    s, rider = fx.put_leader(s, me, "Thief")  # action: steal a leader
    s, horse = fx.put_leader(s, me, "Winged Horse")  # a flying mount
    s, walker = fx.put_leader(s, me, "Captain")  # a leader that does not fly
    fliers = Cards(types=(CardType.LEADER,), subtypes=(Subtype.FLYING,))
    assert horse in matching(s.game, me, fliers, None)
    assert rider not in matching(s.game, me, fliers, None)
    s = fx.act(s, AttachMount(horse, rider, Subtype.FLYING))
    # "egy nem-vezér, nem-faj altípusát megoszthatja a vezérrel": the Thief flies now
    assert rider in matching(s.game, me, fliers, None)
    assert walker not in matching(s.game, me, fliers, None)  # only its rider shares it
    before = level(s.game, rider)
    lift = ActiveEffect(s.game.next_id, ChangeLevel(Every(fliers), 1), me, None, None)
    s = s.evolve(game=replace(s.game, effects=(lift,), next_id=s.game.next_id + 1))
    assert level(s.game, rider) == before + 1  # a lasting effect's selector too
    used = ManeuverPending(0, me, user=rider)
    assert Subtype.FLYING in maneuver_types(s.game, used)  # 4.4: its maneuvers fly too


@pytest.mark.rule("4.2.1")
@pytest.mark.ruling("R-7.2.1-every")
def test_a_combat_maneuvers_effect_ends_with_the_combat_phase_whatever_its_duration() -> None:
    s, me, _ = ff.arena(auto_pass=False)
    s, scout = fx.put_leader(s, me, "Scout")
    s, oath = fx.to_hand(s, me, "Oath of Arms")  # combat: a leader of yours has +2 level
    s = ff.to_combat(s)
    before = level(s.game, scout)
    printed = s.game.card(oath).maneuvers[0].effect
    s = apply_todo(s, Todo(printed, me, scout, target=scout, free_card=oath))
    assert level(s.game, scout) == before + 2
    s = fx.pass_windows(fx.act(s, Pass()))  # no fight: the combat phase ends
    assert s.phase == "turn.summoning_2"
    # 4.2.1 "Harci: ... Hatása az adott harci fázis végén megszűnik"
    assert level(s.game, scout) == before
