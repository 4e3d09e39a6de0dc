"""Chapter 4 (manőverek): using maneuvers, timing, cost, conditions, subtypes, flags."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Choose, Pass, UseManeuver
from mitosz_core.games.mitosz.effects.language import Immunity
from mitosz_core.games.mitosz.rules import S, maneuvers
from mitosz_core.games.mitosz.rules.board import set_turned
from mitosz_core.games.mitosz.rules.continuous import immune
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import ManeuverPending
from mitosz_core.mitosz import Leader, People
from tests.mitosz.fixtures import (
    act,
    build,
    lay_underworld,
    next_turn,
    pass_counter,
    pass_until,
    play,
    sea,
    settle_counter,
    sky,
    the,
)


@pytest.mark.rule(
    "4.1", "4.2", "4.2.2", "4.6", "4.6.1", "4.6.2.2", "4.6.3", "4.6.4", "4.6.5", "4.6.6"
)
def test_a_bound_maneuver_is_paid_turns_its_user_and_takes_hold_after_its_counter_round() -> None:
    # Archer: level 4; King: level 3; Pricey: level 5, not below the user's level
    theirs = sea(leaders=(Leader("King"), Leader("Pricey")))
    s = build(sky(leaders=(Leader("Archer"),)), theirs, auto_pass=False)
    me, other = 0, 1
    archer, king, pricey = the(s, "Archer"), the(s, "King", 1), the(s, "Pricey", 1)
    legal = {a for a in mc.legal_actions(s) if isinstance(a, UseManeuver)}
    assert UseManeuver(archer, 0, king) in legal
    assert UseManeuver(archer, 0, pricey) not in legal
    with pytest.raises(mc.IllegalActionError, match=f"#{pricey} is not a card this maneuver"):
        act(s, UseManeuver(archer, 0, pricey))
    before = s.game.players[me].spheres
    s = act(s, UseManeuver(archer, 0, king))
    assert s.game.players[me].spheres[0] == before[0] - 1
    assert s.game.players[me].leaders[-1].turned
    assert s.phase == "counter.respond"
    assert s.to_act == other  # the affected player, whose leader is targeted, first
    assert king in {x.card for x in s.game.players[other].leaders}  # not yet
    s = settle_counter(s)
    assert king in s.game.players[other].underworld
    assert s.phase == "turn.summoning_1"


@pytest.mark.rule("4.2.1", "6.1.4")
def test_timing_action_reaction_and_rite() -> None:
    mine = (Leader("Sentinel"), Leader("Archer"), Leader("Seer"))  # a reaction, an action, a rite
    theirs = (Leader("King"), Leader("Sentinel"), Leader("Archer"))
    cross = (People("Cross"),)  # room for a third leader (3.4.2)
    s = build(sky(empire=cross, leaders=mine), sea(empire=cross, leaders=theirs), auto_pass=False)
    me, other = 0, 1
    sentinel, archer, seer = the(s, "Sentinel"), the(s, "Archer"), the(s, "Seer")
    king, their_sentinel, their_archer = (the(s, k, other) for k in ("King", "Sentinel", "Archer"))
    with pytest.raises(mc.IllegalActionError, match=r"never used in its player's own turn"):
        act(s, UseManeuver(sentinel, 0, king))
    s = act(s, UseManeuver(archer, 0, king))
    assert s.phase == "counter.respond"  # a counter round takes counter and locked effects only
    assert UseManeuver(their_sentinel, 0, archer) not in mc.legal_actions(act(s, Pass()))
    s = pass_counter(s)
    assert s.phase == "response.respond"  # the response to my deed (6.1.4)
    assert s.to_act == other  # in my turn the opponent may react
    assert UseManeuver(their_sentinel, 0, archer) in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match=r"used only in its player's own turn"):
        act(s, UseManeuver(their_archer, 0, sentinel))
    combat = s.evolve(phase="turn.combat.declare")
    rite = s.game.card(seer).maneuvers[0]
    assert maneuvers.why_not_timing(combat, me, rite) == (
        "a rite is not used in the combat phase (4.2.1)"
    )


@pytest.mark.rule("4.2.3", "4.6.7", "5.17", "1.4.2")
def test_a_sacrifice_maneuver_sends_its_user_to_the_underworld_after_its_effect() -> None:
    hero = Leader("Hero", items=("Sword", "Plate"))
    s = build(sky(leaders=(Leader("Zealot"),)), sea(leaders=(hero,)))
    me, other = 0, 1
    zealot, sword, plate = the(s, "Zealot"), the(s, "Sword", 1), the(s, "Plate", 1)
    s = settle_counter(act(s, UseManeuver(zealot, 0)))
    # every matching card, at once: their player lays them in order (1.4.2)
    assert s.phase == "forced.underworld_order" and s.to_act == other
    s = lay_underworld(s)
    assert {sword, plate} <= set(s.game.players[other].underworld)
    assert zealot in s.game.players[me].underworld


@pytest.mark.rule("4.2.3", "4.6.5")
def test_a_reveal_takes_the_top_enemy_card_to_the_bottom_and_tests_its_number() -> None:
    def seer_against(deck: tuple[str, ...]) -> S:  # Seer: draw 2 if the number is 5+
        s = build(sky(leaders=(Leader("Seer"),)), sea(deck=deck))
        return settle_counter(act(s, UseManeuver(the(s, "Seer"), 0)))

    me, other = 0, 1
    win = seer_against(("Stub", "Cross", "Line"))  # card numbers 5, 3, 4
    assert len(win.game.players[me].hand) == 2
    assert win.game.players[other].deck[-1] == the(win, "Stub", other)  # then under the deck
    lose = seer_against(("Line", "Cross", "Stub"))
    assert len(lose.game.players[me].hand) == 0
    empty = seer_against(())
    assert len(empty.game.players[me].hand) == 0  # nothing to reveal: no effect


@pytest.mark.rule("4.2.3", "1.5.1")
def test_a_peek_needs_a_card_in_the_enemy_hand() -> None:
    spy = (Leader("Spy"),)  # the opponent discards one if the peek holds
    me, other = 0, 1
    s = build(sky(leaders=spy), sea())
    empty = settle_counter(act(s, UseManeuver(the(s, "Spy"), 0)))
    assert empty.game.players[other].underworld == ()
    s = build(sky(leaders=spy), sea(hand=("Cross", "Line")))
    a, b = s.game.players[other].hand
    s = settle_counter(act(s, UseManeuver(the(s, "Spy"), 0)))
    assert s.game.peeked is not None and s.game.peeked[0] == me
    assert mc.observe(s, me)["peeked"] is not None
    assert mc.observe(s, other)["peeked"] is None  # only the peeker saw it
    assert s.phase == "counter.choose"
    assert s.to_act == other  # the discarding player chooses
    s = act(s, Choose(b))
    assert s.game.players[other].underworld == (b,)
    assert s.game.players[other].hand == (a,)


@pytest.mark.rule("4.2.3")
@pytest.mark.ruling("R-4.2.3-sacrifice", "R-4.2.3-enemy")
def test_the_sacrifice_is_paid_even_when_a_reveal_fails() -> None:
    s = build(sky(leaders=(Leader("Oracle"),)), sea())  # reveal exactly 9: draw 3; sacrifice
    me, other = 0, 1
    oracle, low = the(s, "Oracle"), s.game.players[other].deck[0]
    assert s.game.card(low).card_number != 9
    hand = len(s.game.players[me].hand)
    s = play(s, UseManeuver(oracle, 0))
    assert s.game.revealed == (low,)  # the next opponent's deck was revealed
    assert s.game.players[other].deck[-1] == low
    assert len(s.game.players[me].hand) == hand  # the reveal failed: no draw
    assert oracle in s.game.players[me].underworld  # the sacrifice still happened


@pytest.mark.rule("4.2.4", "4.4")
def test_a_maneuver_bears_its_subtypes_and_every_type_of_its_user() -> None:
    s = build(sky(leaders=(Leader("Archer"),)), sea())
    item = ManeuverPending(1, 0, user=the(s, "Archer"))
    kinds = maneuvers.maneuver_types(s.game, item)
    assert {"maneuver", "arrow_volley", "leader"} <= set(kinds)


@pytest.mark.rule("4.2.5", "6.2.1.2")
def test_a_maneuver_gives_its_level_until_the_next_turn() -> None:
    s = build(sky(leaders=(Leader("Champion"),)), sea(leaders=(Leader("King"),)))
    me, other = 0, 1
    champion, king = the(s, "Champion"), the(s, "King", other)  # level 3, its maneuver: +2
    s = settle_counter(act(s, UseManeuver(champion, 0, king)))
    assert level(s.game, champion) == 5
    assert s.game.players[other].leaders[-1].turned  # its effect: the target turns
    s = pass_until(s, "turn.end.discard")
    while s.game.active == me:
        s = act(s, mc.legal_actions(s)[0])
    assert level(s.game, champion) == 3


@pytest.mark.rule("4.2.6")
def test_permanent_maneuvers_do_not_turn_their_user_and_count_uses() -> None:
    s = build(sky(leaders=(Leader("Smith", turned=True),)), sea())  # usable although turned
    me, smith = 0, the(s, "Smith")
    s = settle_counter(act(s, UseManeuver(smith, 0)))
    s = settle_counter(act(s, UseManeuver(smith, 0)))
    assert s.game.players[me].leaders[-1].turned  # no change: permanent
    assert level(s.game, smith) == 2 + 2
    with pytest.raises(mc.IllegalActionError, match=r"used it 2 times this turn \(4\.2\.6\)"):
        act(s, UseManeuver(smith, 0))


@pytest.mark.rule("4.2.6", "5.12")
def test_a_locked_maneuver_is_always_on_and_never_used() -> None:
    s = build(sky(leaders=(Leader("Bulwark"),)), sea())  # locked: immune to intrigues
    bulwark = the(s, "Bulwark")
    assert not any(isinstance(a, UseManeuver) and a.user == bulwark for a in mc.legal_actions(s))
    with pytest.raises(mc.IllegalActionError, match=r"locked: always on, never used"):
        act(s, UseManeuver(bulwark, 0))

    assert immune(s.game, bulwark, Immunity.INTRIGUE)


@pytest.mark.rule("4.2.6", "4.1")
def test_a_counter_maneuver_neutralises_before_it_takes_hold_and_blocks_until_next_turn() -> None:
    theirs = sea(leaders=(Leader("King"), Leader("Warden")))
    s = build(sky(leaders=(Leader("Archer"),)), theirs, auto_pass=False)
    me, other = 0, 1
    archer, king, warden = the(s, "Archer"), the(s, "King", other), the(s, "Warden", other)
    s = act(s, UseManeuver(archer, 0, king))
    first = s.game.stack[-1].id
    s = act(s, UseManeuver(warden, 0, None, first))  # a response opens a new round
    assert len(s.game.stack) == 2
    assert s.phase == "counter.respond"
    s = settle_counter(s)
    assert king in {x.card for x in s.game.players[other].leaders}  # never took hold
    assert (archer, 0) in s.game.blocked
    with pytest.raises(mc.IllegalActionError, match=r"neutralised; usable again next turn"):
        act(set_player_unturned(s, me, archer), UseManeuver(archer, 0, king))
    s = pass_until(s, "turn.end.discard")
    while s.game.active == me:
        s = act(s, mc.legal_actions(s)[0])
    assert s.game.blocked == ()


def set_player_unturned(s: S, player: int, card: int) -> S:

    return set_turned(s, (card,), False)


@pytest.mark.rule("4.2.6")
def test_multi_step_maneuvers_pay_together_and_take_hold_together() -> None:
    # Stormcaller: step 1: draw 1; step 2: opponents discard 1
    s = build(sky(leaders=(Leader("Stormcaller"),)), sea(hand=("Cross",)))
    me, other = 0, 1
    storm, a = the(s, "Stormcaller"), the(s, "Cross", other)
    assert UseManeuver(storm, 0, None, None, 2) in mc.legal_actions(s)
    magic = s.game.players[me].spheres[0]
    s = settle_counter(act(s, UseManeuver(storm, 0, None, None, 2)))
    assert s.game.players[me].spheres[0] == magic - 2
    assert a in s.game.players[other].underworld  # one card in hand: no choice needed
    assert len(s.game.players[me].hand) == 1
    with pytest.raises(mc.IllegalActionError, match=r"has 2 steps, not 3"):
        act(s, UseManeuver(storm, 0, None, None, 3))


@pytest.mark.rule("4.2.6")
def test_the_slash_repeats_the_effect_per_payment() -> None:
    s = build(sky(leaders=(Leader("Raider"), Leader("Seer"))), sea())
    me, other = 0, 1
    raider, seer = the(s, "Raider"), the(s, "Seer")  # Raider: steal 1 wealth / force
    force = s.game.players[me].spheres[3]
    theirs = s.game.players[other].spheres[2]
    s = settle_counter(act(s, UseManeuver(raider, 0, None, None, 1, 2)))
    assert s.game.players[me].spheres[3] == force - 2
    assert s.game.players[other].spheres[2] == max(0, theirs - 2)
    with pytest.raises(mc.IllegalActionError, match="only a maneuver with a slash repeats"):
        act(s, UseManeuver(seer, 0, None, None, 1, 2))


@pytest.mark.rule("4.5")
def test_cards_that_never_turn_use_one_maneuver_a_turn() -> None:
    s = build(sky(leaders=(Leader("Hero", items=("Horn",)),)), sea())  # an item never turns
    me, horn = 0, the(s, "Horn")
    s = play(s, UseManeuver(horn, 0))
    assert not s.game.players[me].leaders[-1].turned
    with pytest.raises(mc.IllegalActionError, match=r"has used a maneuver this turn \(4\.5\)"):
        act(s, UseManeuver(horn, 0))
    s = next_turn(next_turn(s))
    assert UseManeuver(horn, 0) in mc.legal_actions(s)


@pytest.mark.rule("4.3")
def test_card_moves_are_final_once_resolved() -> None:
    s = build(sky(leaders=(Leader("Archer"),)), sea(leaders=(Leader("King"),)), auto_pass=False)
    archer, king, other = the(s, "Archer"), the(s, "King", 1), 1
    s = settle_counter(act(s, UseManeuver(archer, 0, king)))
    assert s.game.stack == ()  # nothing left that could undo the move
    assert king in s.game.players[other].underworld


def test_pass_is_always_possible_in_a_counter_round() -> None:
    s = build(sky(leaders=(Leader("Archer"),)), sea(leaders=(Leader("King"),)), auto_pass=False)
    s = act(s, UseManeuver(the(s, "Archer"), 0, the(s, "King", 1)))
    assert Pass() in mc.legal_actions(s)
