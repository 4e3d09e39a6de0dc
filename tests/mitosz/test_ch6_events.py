"""6.1.4, 6.4.1 and 6.5.1: the response to a deed, the counter round, and the events."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass, Summon, UseManeuver
from mitosz_core.games.mitosz.engine import settle
from mitosz_core.games.mitosz.machine import Phase
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.events import seen_now
from mitosz_core.games.mitosz.rules.flow import turn_phase, turn_state
from mitosz_core.games.mitosz.state import ResponseFrame
from mitosz_core.kernel.values import replace
from mitosz_core.mitosz import Leader, People
from tests.mitosz.fixtures import (
    TIMED_RULESET,
    act,
    build,
    pass_counter,
    sea,
    set_player,
    sky,
    the,
)


def summon_hero(s: S, me: int) -> tuple[S, int]:
    """``me`` summons the Hero from their hand; everybody passes its counter round (6.3.5)."""
    hero = the(s, "Hero", me)
    s = act(s, Summon(hero))
    return pass_counter(s), hero


def others(s: S) -> list[int]:
    """The players other than the active one, in turn order from the next."""
    order = s.game.order
    me = order.index(s.game.active)
    return [order[(me + k) % len(order)] for k in range(1, len(order))]


@pytest.mark.rule("6.1.4", "4.2.1", "4.1")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_rite_is_used_in_the_opponents_summoning_step() -> None:
    s = build(sky(hand=("Hero",)), sea(leaders=(Leader("Seer"),)), auto_pass=False)
    me, other = 0, 1
    seer, hero = the(s, "Seer", other), the(s, "Hero")  # the Seer's rite: draw 2
    s = act(s, Summon(hero))
    # the counter round over the summoning takes counter and locked effects only (6.4.1)
    assert s.phase == "counter.respond"
    while s.to_act != other:
        s = act(s, Pass())
    assert UseManeuver(seer, 0) not in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match=r"only a counter or locked effect.*6\.4\.1"):
        act(s, UseManeuver(seer, 0))
    s = pass_counter(s)
    # the Hero is on the board: the other player answers the deed with a deed (6.1.4)
    assert s.phase == "response.respond" and s.to_act == other
    assert s.game.frames == (ResponseFrame("turn.summoning_1", other),)
    assert UseManeuver(seer, 0) in mc.legal_actions(s)
    s = act(s, UseManeuver(seer, 0))
    assert s.phase == "counter.respond"  # the rite is an event: its own counter round
    s = pass_counter(s)
    assert s.game.players[other].leaders[-1].turned  # the Seer was used (4.6.3)
    assert s.phase == "turn.summoning_1" and s.to_act == me and s.game.frames == ()


@pytest.mark.rule("6.1.4", "4.2.1")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_reaction_is_used_in_the_opponents_turn() -> None:
    s = build(sky(hand=("Hero",)), sea(leaders=(Leader("Sentinel"),)), auto_pass=False)
    me, other = 0, 1
    sentinel = the(s, "Sentinel", other)  # a reaction: destroy an enemy leader
    s, hero = summon_hero(s, me)
    assert s.phase == "response.respond" and s.to_act == other
    s = pass_counter(act(s, UseManeuver(sentinel, 0, hero)))
    assert hero in s.game.players[me].underworld
    assert s.phase == "turn.summoning_1" and s.to_act == me


@pytest.mark.rule("6.1.4", "4.2.1")
@pytest.mark.ruling("R-6.4.1-responses")
def test_in_another_players_turn_a_player_acts_only_when_asked_to_respond() -> None:
    # 6.1.4: "Ha a játékos cselekedett, a körsorrendnek megfelelően bármely játékos
    # reagálhat rá egy cselekedettel" (when a player has made a deed, any player may
    # answer it with a deed, in turn order): the Sentinel's reaction answers the Hero's
    # summoning, and is refused once the answer is over and the turn goes on
    s = build(sky(hand=("Hero",)), sea(leaders=(Leader("Sentinel"),)), auto_pass=False)
    me, other = 0, 1
    sentinel = the(s, "Sentinel", other)
    watch = s.game.card(sentinel).maneuvers[0]
    s, hero = summon_hero(s, me)
    assert s.phase == "response.respond" and s.to_act == other
    assert maneuvers.why_not(s, other, UseManeuver(sentinel, 0, hero)) is None
    s = act(s, Pass())
    assert s.phase == "turn.summoning_1" and s.to_act == me
    refusal = "a player acts in another's turn only when asked to respond (6.1.4)"
    assert maneuvers.why_not_timing(s, other, watch) == refusal
    assert maneuvers.why_not(s, other, UseManeuver(sentinel, 0, hero)) == refusal


@pytest.mark.rule("4.2.1", "6.1.4")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_rite_is_refused_in_any_combat_phase() -> None:
    cross = (People("Cross"),)
    me_side = sky(empire=cross, leaders=(Leader("Seer"), Leader("Hero")))  # the Hero can fight:
    s = build(me_side, sea(empire=cross, leaders=(Leader("Seer"),)), auto_pass=False)  # combat
    me, other = 0, 1
    seer, mine = the(s, "Seer", other), the(s, "Seer")
    s = act(s, Pass())  # my summoning step ends; the other may still use its rite
    assert s.phase == "response.respond" and s.to_act == other
    assert UseManeuver(seer, 0) in mc.legal_actions(s)
    s = act(s, Pass())
    # the combat phase starts: an event, but a rite is all the other player holds, and
    # a rite is never used in the combat phase: nobody is asked
    assert s.phase == "turn.combat.declare" and s.to_act == me
    rite = s.game.card(seer).maneuvers[0]
    for player in (me, other):  # in one's own combat phase and in another's
        assert maneuvers.why_not_timing(s, player, rite) == (
            "a rite is not used in the combat phase (4.2.1)"
        )
    assert not any(isinstance(a, UseManeuver) and a.user == mine for a in mc.legal_actions(s))


@pytest.mark.rule("6.1.4")
@pytest.mark.ruling("R-6.1.4-pass")
def test_a_phase_does_not_end_while_a_player_who_has_not_passed_wants_to_act() -> None:
    s = build(sky(), sea(leaders=(Leader("Seer"),)), auto_pass=False)
    me, other, seer = 0, 1, the(s, "Seer", 1)
    s = act(s, Pass())  # I pass first (6.1.4: starting with the active player)
    assert s.phase == "response.respond" and s.to_act == other
    assert s.game.frames == (ResponseFrame("turn.summoning_1", other, ending=True),)
    assert turn_phase(s) is Phase.SUMMONING_1  # not over: the other has not passed
    s = pass_counter(act(s, UseManeuver(seer, 0)))
    # an answer gives me the phase back
    assert s.phase == "turn.summoning_1" and s.to_act == me and s.game.frames == ()
    s = act(s, Pass())  # nobody else can act now: the phase ends at my pass
    assert turn_phase(s) is not Phase.SUMMONING_1


@pytest.mark.rule("6.1.4", "6.1.5")
@pytest.mark.ruling("R-6.1.4-pass", "R-6.4.1-responses")
@pytest.mark.parametrize("players", [3, 4])
def test_answers_follow_the_turn_order_in_three_and_four_players(players: int) -> None:
    seer = (Leader("Seer"),)
    sides = [sky(hand=("Hero",)), sea(leaders=seer), sky(leaders=seer), sea(leaders=seer)]
    s = build(*sides[:players], auto_pass=False)
    me = s.game.active
    rest = others(s)
    seers = {player: the(s, "Seer", player) for player in rest}
    s, _ = summon_hero(s, me)
    asked = []
    while s.phase == "response.respond":
        asked.append(s.to_act)
        if s.to_act == rest[0]:  # the first one answers: the ones after it are asked
            s = pass_counter(act(s, UseManeuver(seers[rest[0]], 0)))
        else:
            s = act(s, Pass())
    assert asked == rest
    assert s.phase == "turn.summoning_1" and s.to_act == me  # then I have the phase back
    s = act(s, Pass())  # my pass: each of the others in turn order, and the phase ends
    asked = []
    while s.phase == "response.respond":
        assert s.to_act is not None
        asked.append(s.to_act)
        assert s.game.frames[-1] == ResponseFrame("turn.summoning_1", s.to_act, ending=True)
        s = act(s, Pass())
    assert asked == rest
    assert turn_phase(s) is not Phase.SUMMONING_1


@pytest.mark.rule("6.1.4", "6.1.5")
@pytest.mark.ruling("R-6.1.4-pass", "R-6.4.1-responses")
def test_a_player_who_holds_nothing_to_answer_with_is_not_asked_between_two_who_do() -> None:
    # 6.1.4: "a körsorrendnek megfelelően bármely játékos reagálhat rá egy cselekedettel"
    # (any player may answer it with a deed, in turn order): after the second player's
    # pass the third, who holds nothing that could answer, is passed over, and the
    # fourth is asked
    seer = (Leader("Seer"),)  # a rite: draw 2
    s = build(sky(hand=("Hero",)), sea(leaders=seer), sky(), sea(leaders=seer), auto_pass=False)
    me, second, fourth = 0, 1, 3
    s, _ = summon_hero(s, me)
    assert s.phase == "response.respond" and s.to_act == second
    s = act(s, Pass())
    assert s.phase == "response.respond" and s.to_act == fourth
    assert s.game.frames == (ResponseFrame("turn.summoning_1", fourth),)
    s = act(s, Pass())
    assert s.phase == "turn.summoning_1" and s.to_act == me and s.game.frames == ()


@pytest.mark.rule("6.5.1", "6.2.4.5", "6.2.4.6")
@pytest.mark.ruling("R-6.5.1-window")
def test_end_of_turn_events_are_answered_in_that_turn_by_the_other_players() -> None:
    cross = (People("Cross"),)
    mine = sky(empire=cross, leaders=(Leader("Dusk Keeper"),))  # end of my turn: I draw a card
    theirs = sea(empire=cross, leaders=(Leader("Sentinel"),))  # a reaction
    s = build(mine, theirs, ruleset=TIMED_RULESET, auto_pass=False)
    me, other = 0, 1
    hand = len(s.game.players[me].hand)
    for _ in range(200):
        frame = s.game.frames[-1] if s.game.frames else None
        # the end phase's window (R-6.1.4-phases), after my own pass if I was asked
        if (
            isinstance(frame, ResponseFrame)
            and frame.host == "turn.end.effects"
            and s.to_act == other
        ):
            break
        legal = mc.legal_actions(s)
        s = act(s, Pass() if Pass() in legal else legal[0])
    else:
        raise AssertionError("no response to the end-of-turn events")
    # the end-of-turn draw has happened, in my turn, and the other player answers it
    assert len(s.game.players[me].hand) > hand
    assert s.game.active == me and s.to_act == other
    s = act(s, Pass())
    assert s.game.active == other and turn_state(s) != "turn.end.effects"


@pytest.mark.rule("6.5.1")
@pytest.mark.ruling("R-6.5.1-window")
def test_no_response_opens_when_nobody_can_answer() -> None:
    theirs = sea(leaders=(Leader("Sentinel", turned=True),))  # turned: cannot react
    s = build(sky(hand=("Hero",)), theirs, auto_pass=False)
    me, other = 0, 1
    s, _ = summon_hero(s, me)
    assert s.phase == "turn.summoning_1" and s.to_act == me
    assert s.history[-1].player == other  # the last decision was in the counter round


def quiet() -> S:
    """A state at the active player's summoning step whose last response saw everything,
    with an enemy who holds a reaction."""
    mine = sky(leaders=(Leader("Hero"),), hand=("Cheap",))
    s = build(mine, sea(leaders=(Leader("Sentinel"),)), auto_pass=False)
    s = settle(s)
    assert s.phase == "turn.summoning_1" and s.game.seen == seen_now(s)
    return s


@pytest.mark.rule("6.5.1")
@pytest.mark.ruling("R-6.5.1-window")
def test_each_kind_of_event_is_noticed_and_nothing_else_is() -> None:
    s = quiet()
    me = s.game.active
    p = s.game.players[me]

    def changed(**kw: object) -> S:
        return settle(set_player(s, me, **kw))

    # 3: a sphere change; 4: a card moving between zones; 7: a card turned
    assert changed(spheres=(0, *p.spheres[1:])).phase == "response.respond"
    assert changed(hand=p.hand[1:], underworld=(*p.underworld, p.hand[0])).phase == (
        "response.respond"
    )
    assert changed(deck=p.deck[1:], oblivion=(p.deck[0],)).phase == "response.respond"
    turned = tuple(replace(slot, turned=True) for slot in p.leaders)
    assert changed(leaders=turned).phase == "response.respond"
    # 4: a card moving between hand and deck, even when no size changes (draw one, put
    # one back)
    swapped = (p.deck[0], *p.hand[1:])
    assert changed(hand=swapped, deck=(p.hand[0], *p.deck[1:])).phase == "response.respond"
    # 1: a phase start or end
    seen = s.game.seen
    assert seen is not None
    earlier = s.evolve(game=replace(s.game, seen=replace(seen, phase="turn.draw")))
    assert settle(earlier).phase == "response.respond"
    # not an event: the deck's order (a reveal puts the top card at the bottom)
    assert changed(deck=(*p.deck[1:], p.deck[0])).phase == "turn.summoning_1"
    assert settle(s) is not s and settle(s).phase == "turn.summoning_1"


@pytest.mark.rule("6.5.1")
def test_a_response_state_round_trips_through_json() -> None:
    s = build(sky(hand=("Hero",)), sea(leaders=(Leader("Sentinel"),)), auto_pass=False)
    s, _ = summon_hero(s, 0)
    assert s.phase == "response.respond"
    back = mc.State.from_json(s.to_json())
    assert back == s
    assert mc.legal_actions(back) == mc.legal_actions(s)
