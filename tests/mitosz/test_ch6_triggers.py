"""Timed effects: start of turn (6.2.1.3), end of turn (6.2.4.5), end of a fight (7.4.12,
7.6.5); the summoning procedure's further condition (6.3.4) and on-play maneuvers
(6.3.7); permission to summon another player's high god as a leader (3.4.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import (
    Attack,
    Choose,
    DeclareFight,
    Designate,
    Pass,
    PermitHighGod,
    Summon,
    SummonTroop,
    UseFreeManeuver,
)
from mitosz_core.games.mitosz.cards import CardType, Edge
from mitosz_core.games.mitosz.effects.language import (
    Cards,
    ChangeLevel,
    Chosen,
    Delayed,
    Draw,
    Duration,
    Every,
    Maneuver,
    NeutralizeAbility,
    Search,
    Side,
    Steal,
    Trigger,
    User,
)
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.rules import S, triggers
from mitosz_core.games.mitosz.rules.board import controller, leader_slot
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import (
    ActiveEffect,
    FightKind,
    LineName,
    ResponseFrame,
    Todo,
    TroopMode,
    Waiting,
)
from mitosz_core.games.mitosz.wiring import WIRING, apply_todo
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fight_fixtures import LATE_RULESET, E, battle
from tests.mitosz.fixtures import (
    CROSS,
    TIMED_RULESET,
    act,
    build,
    next_turn,
    pass_until,
    play,
    put_leader,
    put_people,
    sea,
    set_game,
    settle_counter,
    sky,
    the,
    timed_arena,
    to_hand,
)
from tests.mitosz.pool_fixtures import my_move


def _hand(s: S, player: int) -> int:
    return len(s.game.players[player].hand)


@pytest.mark.rule("6.2.1.3")
def test_start_of_turn_effects_happen_at_their_players_turn_start() -> None:
    # Dawn Priest: start of your turn: +1 level marker
    s = build(
        sky(empire=CROSS, leaders=(Leader("Dawn Priest"),)),
        sea(empire=CROSS, leaders=(Leader("Dawn Priest"),)),
        ruleset=TIMED_RULESET,
    )
    other = 1
    priest, their_priest = the(s, "Dawn Priest"), the(s, "Dawn Priest", other)
    assert level(s.game, priest) == 2
    s = next_turn(s)  # the other player's turn starts: only their priest
    assert level(s.game, priest) == 2
    assert level(s.game, their_priest) == 3
    s = next_turn(s)  # my turn starts
    assert level(s.game, priest) == 3
    assert level(s.game, their_priest) == 3


@pytest.mark.ruling("R-5.5-locked")
@pytest.mark.rule("6.2.1.3", "5.5")
def test_a_neutralised_card_has_no_start_of_turn_effect() -> None:
    s = build(
        sky(empire=CROSS, leaders=(Leader("Dawn Priest"),)),
        sea(empire=CROSS, leaders=(Leader("Hero"),)),
        ruleset=TIMED_RULESET,
    )
    other = 1
    priest, hero = the(s, "Dawn Priest"), the(s, "Hero", other)
    # a neutralisation lasting rounds (as a fate's, 3.7), past the start of my turn
    gag = ActiveEffect(
        s.game.next_id, NeutralizeAbility(Chosen(Cards())), other, hero, priest, None, 2, other
    )
    s = set_game(s, effects=(gag,), next_id=s.game.next_id + 1)
    s = next_turn(next_turn(s))
    assert all(m.card != priest for m in s.game.markers)


@pytest.mark.rule("6.2.1.3")
@pytest.mark.ruling("R-6.2.1.3-order")
def test_delayed_effects_start_my_next_turn_and_go_first() -> None:
    # Vow: at the start of your next turn: own leaders +1 marker
    s = build(
        sky(empire=CROSS, leaders=(Leader("Dawn Priest"), Leader("Hero")), hand=("Vow",)),
        sea(empire=CROSS),
        ruleset=TIMED_RULESET,
    )
    priest, hero, vow = the(s, "Dawn Priest"), the(s, "Hero"), the(s, "Vow")
    s = play(s, UseFreeManeuver(vow, hero, 0))
    assert len(s.game.waiting) == 1
    s = next_turn(s)  # not at the other player's turn start
    assert len(s.game.waiting) == 1 and not s.game.markers
    s = next_turn(s)
    assert not s.game.waiting
    cards = [m.card for m in s.game.markers]
    assert sorted(cards) == sorted([priest, hero, priest])
    assert cards[-1] == priest and set(cards[:2]) == {priest, hero}  # the delayed one first
    assert level(s.game, priest) == 2 + 2 and level(s.game, hero) == 3 + 1


@pytest.mark.rule("6.2.4.5")
def test_end_of_turn_effects_happen_when_the_turn_ends() -> None:
    # Dusk Keeper: end of your turn: draw a card
    # Vigil: at the end of this turn: draw 2
    s = build(
        sky(empire=CROSS, leaders=(Leader("Dusk Keeper"), Leader("Hero")), hand=("Vigil",)),
        sea(empire=CROSS),
        ruleset=TIMED_RULESET,
    )
    me, other = 0, 1
    hero, vigil = the(s, "Hero"), the(s, "Vigil")
    s = play(s, UseFreeManeuver(vigil, hero, 0))
    assert _hand(s, me) == 0
    s = pass_until(s, "turn.summoning_2")
    assert _hand(s, me) == 0  # not yet
    theirs = _hand(s, other)
    s = next_turn(s)
    assert _hand(s, me) == 1 + 2  # the keeper's card, then the vigil's two
    assert not s.game.waiting
    assert _hand(s, other) == theirs + 2  # only their draw phase (6.2.2.1)
    s = next_turn(s)  # the other player's turn ends: my keeper does nothing
    assert _hand(s, me) == 3 + 2  # my own draw phase only


@pytest.mark.rule("7.6.5")
def test_end_of_fight_effects_after_a_duel() -> None:
    # Skald: a hero; end of a fight it fought: +1 marker
    # Cheap: level 2
    s = build(
        sky(empire=CROSS, leaders=(Leader("Skald"),)),
        sea(empire=CROSS, leaders=(Leader("Cheap"),)),
        ruleset=TIMED_RULESET,
    )
    other = 1
    skald, cheap = the(s, "Skald"), the(s, "Cheap", other)
    s = act(act(s, Pass()), DeclareFight(FightKind.DUEL))
    s = act(act(s, Designate(skald)), Designate(cheap))
    s = pass_until(s, "turn.summoning_2")
    assert cheap in s.game.players[other].underworld
    assert level(s.game, skald) == 3 + 1
    assert leader_slot(s.game, skald)[1].turned  # type: ignore[index]  # 7.6.6 after


@pytest.mark.ruling("R-7.4.12-delayed")
@pytest.mark.rule("7.4.12")
def test_end_of_fight_effects_after_a_battle() -> None:
    s = build(
        sky(empire=CROSS, leaders=(Leader("Skald"), Leader("Dawn Priest"))),
        sea(empire=CROSS),
        ruleset=TIMED_RULESET,
    )
    other = 1
    skald, bystander = the(s, "Skald"), the(s, "Dawn Priest")
    s, stub = put_people(s, other, "Line", 11, 10)  # roads east and west, level 2
    s = act(act(s, Pass()), DeclareFight(FightKind.BATTLE))
    s = act(act(s, Attack(stub, Edge.EAST)), Designate(skald))
    s = pass_until(s, "turn.summoning_2")
    assert stub in s.game.players[other].underworld  # 3 beats the road's 2 (7.4.3.2)
    assert level(s.game, skald) == 3 + 1
    assert all(m.card != bystander for m in s.game.markers)  # only the cards that fought


@pytest.mark.rule("7.4.12", "7.6.5")
@pytest.mark.ruling("R-7.4.12-delayed")
def test_a_delayed_end_of_fight_effect_waits_for_a_fight() -> None:
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),)), sea(empire=CROSS), ruleset=TIMED_RULESET
    )
    me, _other = 0, 1
    hero = the(s, "Hero")
    todo = Todo(Delayed(Trigger.FIGHT_END, Draw(1)), me, hero)
    assert apply_todo(s, todo).game.waiting == ()  # made outside a fight: never
    waiting = Waiting(1, Trigger.FIGHT_END, ChangeLevel(User(), 1, Duration.MARKER), me, hero)
    s = set_game(s, waiting=(waiting,))
    s = triggers.fight_end(s, (), WIRING.handlers)
    assert s.game.waiting == () and level(s.game, hero) == 3 + 1


@pytest.mark.rule("6.2.4.5", "6.2.1.3")
def test_a_timed_effect_that_would_ask_a_choice_is_dropped_and_the_next_takes_hold() -> None:
    # a timed effect takes hold by itself and asks nobody (6.2.1.3, 6.2.4.5); the card
    # checks refuse one that would ask a choice (a search of the deck), and were one to
    # come, its choice is dropped and the effects after it still take hold
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),)), sea(empire=CROSS), ruleset=TIMED_RULESET
    )
    me, hero = 0, the(s, "Hero")
    hand = len(s.game.players[me].hand)
    asks = Todo(Search(Cards()), me, hero)
    assert apply_todo(s, asks).game.choice is not None  # it would ask
    s = triggers.take_hold(s, (asks, Todo(Draw(1), me, hero)), WIRING.handlers)
    assert s.game.choice is None and s.game.todo == ()
    assert len(s.game.players[me].hand) == hand + 1


@pytest.mark.rule("6.2.4.5", "6.2.1.3")
def test_each_delayed_effect_waits_under_an_id_of_its_own_with_its_player_and_source() -> None:
    # two delayed effects of one maneuver's user wait apart, each under the next id of
    # the game, with whose effect it is and the card it came from
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),)), sea(empire=CROSS), ruleset=TIMED_RULESET
    )
    me, hero, first = 0, the(s, "Hero"), s.game.next_id
    s = apply_todo(s, Todo(Delayed(Trigger.TURN_END, Draw(1)), me, hero))
    s = apply_todo(s, Todo(Delayed(Trigger.TURN_START, Draw(2)), me, hero))
    assert s.game.waiting == (
        Waiting(first, Trigger.TURN_END, Draw(1), me, hero),
        Waiting(first + 1, Trigger.TURN_START, Draw(2), me, hero),
    )
    assert s.game.next_id == first + 2


@pytest.mark.ruling("R-6.3.7")
@pytest.mark.rule("6.3.7")
def test_a_maneuver_that_must_be_used_when_played_is_used() -> None:
    s, me, other = timed_arena()
    s, herald = to_hand(s, me, "Herald")  # when played: draw a card
    s = play(s, Summon(herald))
    assert herald in {x.card for x in s.game.players[me].leaders}
    assert _hand(s, me) == 1
    # one that names a card asks which, and cannot be declined
    s, avenger = to_hand(s, me, "Avenger")  # when played: turn an enemy leader
    s, king = put_leader(s, other, "King")
    s, cheap = put_leader(s, other, "Cheap")
    s = play(s, Summon(avenger))
    assert s.phase == "counter.choose"
    assert set(mc.legal_actions(s)) == {Choose(king), Choose(cheap)}
    with pytest.raises(mc.IllegalActionError, match="choose one of the cards"):
        act(s, Pass())
    s = settle_counter(act(s, Choose(king)))
    assert leader_slot(s.game, king)[1].turned  # type: ignore[index]
    assert not leader_slot(s.game, cheap)[1].turned  # type: ignore[index]


@pytest.mark.ruling("R-6.3.7")
@pytest.mark.rule("6.3.7")
def test_a_maneuver_that_may_be_used_when_played_is_the_players_choice() -> None:
    # Envoy: when played, you may: 1 wealth, draw 2
    s = build(sky(empire=CROSS, hand=("Envoy",)), sea(empire=CROSS), ruleset=TIMED_RULESET)
    me, _other = 0, 1
    envoy = the(s, "Envoy")
    s = play(s, Summon(envoy))
    assert s.phase == "counter.choose" and s.to_act == me
    assert set(mc.legal_actions(s)) == {Pass(), Choose(envoy)}
    spheres = s.game.players[me].spheres
    declined = settle_counter(act(s, Pass()))
    assert _hand(declined, me) == 0 and declined.game.players[me].spheres == spheres
    used = settle_counter(act(s, Choose(envoy)))
    assert _hand(used, me) == 2
    assert used.game.players[me].spheres[2] == spheres[2] - 1  # its use cost is paid
    assert used.phase == "turn.summoning_1"


ENVOY = TIMED_RULESET.pool["Envoy"]
_DRAW_TWO = replace(ENVOY.maneuvers[0], trigger=Trigger.ON_PLAY, cost=(0, 0, 0, 0))
HERALD_ENVOY = fx.variant(ENVOY, "Herald Envoy", maneuvers=(*ENVOY.maneuvers, _DRAW_TWO))
"""The Envoy with a second on-play maneuver, a mandatory free draw of 2 (6.3.7)."""
HERALD_RULESET = MitoszRuleset(pool={**TIMED_RULESET.pool, HERALD_ENVOY.key: HERALD_ENVOY})


@pytest.mark.ruling("R-6.3.7")
@pytest.mark.rule("6.3.7")
@pytest.mark.parametrize("answer", ["use", "decline"])
def test_a_cards_on_play_maneuvers_follow_one_another_after_a_choice(answer: str) -> None:
    # the card's first on-play maneuver is optional (1 wealth: draw 2), its second must
    # be used (draw 2): whatever its player answers to the first, the second follows,
    # once, and the card's player draws
    sides = (sky(empire=CROSS, hand=("Herald Envoy",)), sea(empire=CROSS))
    s = build(*sides, ruleset=HERALD_RULESET)
    me, envoy = 0, the(s, "Herald Envoy")
    s = play(s, Summon(envoy))
    assert s.phase == "counter.choose" and s.to_act == me
    s = settle_counter(act(s, Choose(envoy) if answer == "use" else Pass()))
    assert _hand(s, me) == (4 if answer == "use" else 2)
    assert s.phase == "turn.summoning_1"


PROUD_ENVOY = fx.variant(
    ENVOY,
    "Proud Envoy",
    maneuvers=(replace(ENVOY.maneuvers[0], effect=ChangeLevel(User(), 1, Duration.MARKER)),),
)
"""The Envoy whose optional on-play maneuver raises the card itself (6.3.7)."""


@pytest.mark.ruling("R-6.3.7")
@pytest.mark.rule("6.3.7")
def test_an_on_play_maneuver_chosen_by_its_player_acts_from_its_card() -> None:
    ruleset = MitoszRuleset(pool={**TIMED_RULESET.pool, PROUD_ENVOY.key: PROUD_ENVOY})
    s = build(sky(empire=CROSS, hand=("Proud Envoy",)), sea(empire=CROSS), ruleset=ruleset)
    envoy = the(s, "Proud Envoy")
    s = settle_counter(act(play(s, Summon(envoy)), Choose(envoy)))
    assert level(s.game, envoy) == PROUD_ENVOY.level + 1


@pytest.mark.ruling("R-6.3.4")
@pytest.mark.rule("6.3.4")
def test_a_further_condition_is_carried_out_before_the_counter_round() -> None:
    s, me, other = timed_arena()
    s, tyrant = to_hand(s, me, "Tyrant")  # summoning: sacrifice one of your leaders
    with pytest.raises(mc.IllegalActionError, match=r"needs a card given up .*6\.3\.4"):
        act(s, Summon(tyrant))  # no leader to sacrifice yet
    assert not any(isinstance(a, Summon) and a.card == tyrant for a in mc.legal_actions(s))
    s, cheap = put_leader(s, me, "Cheap")
    s, hero = to_hand(s, me, "Hero")
    with pytest.raises(mc.IllegalActionError, match="no further condition"):
        act(s, Summon(hero, pay_with=cheap))
    s, _ = put_leader(s, other, "Gatekeeper")  # may counter a leader being played
    s = act(s, Summon(tyrant, pay_with=cheap))
    assert s.phase == "counter.respond" and s.to_act == other
    assert s.game.stack[-1].card == tyrant
    assert cheap in s.game.players[me].underworld  # given up before the counter round
    s = settle_counter(s)
    assert tyrant in {x.card for x in s.game.players[me].leaders}


@pytest.mark.ruling("R-3.4.3-permission")
@pytest.mark.rule("3.4.3")
def test_another_player_summons_your_high_god_as_a_leader_only_with_permission() -> None:
    s, sky, sea = timed_arena()  # the Sky player starts
    assert PermitHighGod(sea, True) in mc.legal_actions(s)
    granted = act(s, PermitHighGod(sea))
    assert granted.game.permits == ((sky, sea),)
    assert PermitHighGod(sea, False) in mc.legal_actions(granted)

    def sea_summons(s: S) -> tuple[S, Summon]:
        s = next_turn(s)
        assert s.game.active == sea
        s, god = to_hand(s, sea, "Sky Leader")  # the Sky god as a leader
        return s, Summon(god)

    refused, summon = sea_summons(s)
    with pytest.raises(mc.IllegalActionError, match=r"permission \(3\.4\.3\)"):
        act(refused, summon)
    allowed, summon = sea_summons(granted)
    assert summon in mc.legal_actions(allowed)
    allowed = play(allowed, summon)
    assert summon.card in {x.card for x in allowed.game.players[sea].leaders}
    withdrawn = act(granted, PermitHighGod(sea, False))
    assert withdrawn.game.permits == ()
    withdrawn, summon = sea_summons(withdrawn)
    assert summon not in mc.legal_actions(withdrawn)
    # its own player needs nobody's permission
    own, mine = to_hand(s, sky, "Sky Leader")
    assert Summon(mine) in mc.legal_actions(own) and mc.is_legal(own, Summon(mine))


@pytest.mark.rule("6.3.7", "3.8")
@pytest.mark.ruling("R-6.3.7-troop")
def test_a_troop_uses_its_on_play_maneuver_when_it_joins_a_line_where_its_maneuvers_act() -> None:

    # Lieutenant: an ally of the Captain
    # Skirmishers: when played: draw a card
    s = build(
        sky(
            empire=CROSS,
            leaders=(Leader("Captain"), Leader("Lieutenant")),
            hand=("Skirmishers", "Skirmishers"),
        ),
        sea(empire=CROSS),
        ruleset=LATE_RULESET,
    )
    me, other = 0, 1
    captain, lieutenant = the(s, "Captain"), the(s, "Lieutenant")
    front, support = s.game.players[me].hand[0], s.game.players[me].hand[1]
    s = battle(s, s.game.players[other].empire[0].card, E, captain)
    s = settle_counter(s)
    s = act(s, Pass())  # nobody defends
    s = act(s, Designate(lieutenant, LineName.SUPPORT))
    s = my_move(s, me)
    hand = len(s.game.players[me].hand)
    s = settle_counter(act(s, SummonTroop(front, captain)))
    assert len(s.game.players[me].hand) == hand - 1 + 1  # it left the hand, a card came
    s = my_move(s, me)
    s = settle_counter(act(s, SummonTroop(support, lieutenant)))
    assert len(s.game.players[me].hand) == hand - 1  # its mode is not chosen yet: no draw
    fight = s.game.fight
    assert fight is not None
    assert [t.mode for t in fight.troops] == [TroopMode.FULL, TroopMode.UNDECIDED]


NIGHT_THIEF = fx.card(
    "Night Thief",
    CardType.LEADER,
    level=2,
    maneuvers=(
        Maneuver(
            "Take by night",
            Steal(Every(Cards(types=(CardType.INTRIGUE,), side=Side.ENEMY))),
            trigger=Trigger.TURN_END,
        ),
    ),
)
"""A leader whose end-of-turn ability steals every enemy intrigue: a timed effect that
takes hold through the module of its rule (stealing, a delegated effect)."""
THIEF_RULESET = MitoszRuleset(pool={**fx.POOL, NIGHT_THIEF.key: NIGHT_THIEF})


@pytest.mark.rule("6.2.4.5", "5.2")
def test_an_end_of_turn_effect_that_steals_takes_hold_in_the_end_phase() -> None:
    s = build(
        # the Edict in hand may be summoned at any time, so the end phase's window is a
        # decision of its own: the theft is seen there
        sky(empire=CROSS, leaders=(Leader("Night Thief"),), hand=("Edict",)),
        sea(empire=CROSS, intrigues=("Banner",)),
        ruleset=THIEF_RULESET,
    )
    banner = the(s, "Banner", 1)
    while not (
        s.game.frames
        and isinstance(s.game.frames[-1], ResponseFrame)
        and s.game.frames[-1].then
        and s.game.frames[-1].host == "turn.end.effects"
    ):
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])  # a discard down to 7 too
    assert s.game.active == 0 and controller(s.game, banner) == 0  # stolen at the turn's end
    s = next_turn(s)
    assert controller(s.game, banner) == 1  # back when the next turn starts (6.2.1.2)


DAWN_THIEF = fx.variant(
    NIGHT_THIEF,
    "Dawn Thief",
    maneuvers=(replace(NIGHT_THIEF.maneuvers[0], name="Take at dawn", trigger=Trigger.TURN_START),),
)
"""The Night Thief's theft at the start of its player's turn instead (a delegated
effect too)."""
DAWN_RULESET = MitoszRuleset(pool={**fx.POOL, DAWN_THIEF.key: DAWN_THIEF})


@pytest.mark.rule("6.2.1.3", "5.2")
def test_a_start_of_turn_effect_that_steals_takes_hold_in_the_start_phase() -> None:
    # 6.2.1.3 "Létrejönnek a kör eleji hatások" (the start-of-turn effects come about)
    s = build(
        sky(empire=CROSS, leaders=(Leader("Dawn Thief"),)),
        sea(empire=CROSS, intrigues=("Banner",)),
        ruleset=DAWN_RULESET,
    )
    banner = the(s, "Banner", 1)
    s = next_turn(s)  # the other player's turn: my thief's ability waits for mine
    assert s.game.active == 1 and controller(s.game, banner) == 1
    s = next_turn(s)
    assert s.game.active == 0 and controller(s.game, banner) == 0
