"""6.5.1 and 6.1.4: every event opens a counter round; the event window."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass, Summon, UseManeuver
from mitosz_core.games.mitosz.engine import settle
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.events import seen_now
from mitosz_core.games.mitosz.state import PendingKind, WindowFrame
from mitosz_core.kernel.values import replace
from tests.mitosz.fixtures import (
    act,
    arranged,
    clear_hands,
    duel,
    put_leader,
    set_player,
    start_sky,
    to_hand,
)


def summon_hero(s: S, me: int) -> tuple[S, int]:
    """``me`` summons the Hero; everybody passes its counter round (6.3.5)."""
    s, hero = to_hand(s, me, "Hero")
    s = act(s, Summon(hero))
    while s.phase == "counter.respond":
        s = act(s, Pass())
    return s, hero


@pytest.mark.rule("6.5.1", "6.4.1")
@pytest.mark.ruling("R-6.5.1-window")
def test_a_card_reaching_the_board_opens_a_window_for_a_player_who_can_respond() -> None:
    s, me, other = duel(auto_pass=False)
    s, sentinel = put_leader(s, other, "Sentinel")  # a reaction: destroy an enemy leader
    s, hero = summon_hero(s, me)
    # 6.3.6 the Hero is on the board: a card moved from hand to board (6.5.1 item 4)
    assert any(slot.card == hero for slot in s.game.players[me].leaders)
    assert s.phase == "window.respond" and s.to_act == other
    assert s.game.frames == (WindowFrame("turn.summoning_1"),)
    assert [item.kind for item in s.game.stack] == [PendingKind.EVENT]
    assert UseManeuver(sentinel, 0, hero) in mc.legal_actions(s)
    s = act(s, Pass())  # everybody asked passed: play goes on where the event happened
    assert s.phase == "turn.summoning_1" and s.to_act == me
    assert s.game.stack == () and s.game.frames == ()


@pytest.mark.rule("6.5.1")
@pytest.mark.ruling("R-6.5.1-window")
def test_no_window_opens_when_nobody_can_respond() -> None:
    s, me, other = duel(auto_pass=False)
    s, _ = put_leader(s, other, "Sentinel", turned=True)  # turned: cannot react
    s, _ = summon_hero(s, me)
    assert s.phase == "turn.summoning_1" and s.to_act == me
    assert s.history[-1].player == other  # the last decision was in the counter round


@pytest.mark.rule("6.5.1", "6.4.1", "6.1.4")
@pytest.mark.ruling("R-6.5.1-window")
def test_a_window_asks_the_others_in_turn_order_never_the_player_whose_turn_it_is() -> None:
    s = clear_hands(start_sky(players=3, auto_pass=False))
    me = s.game.active
    order = s.game.order
    second, third = order[(order.index(me) + 1) % 3], order[(order.index(me) + 2) % 3]
    s, _ = put_leader(s, second, "Sentinel")
    s, _ = put_leader(s, third, "Sentinel")
    s, _ = summon_hero(s, me)
    asked = []
    while s.phase == "window.respond":
        asked.append(s.to_act)
        s = act(s, Pass())
    assert asked == [second, third]
    assert s.phase == "turn.summoning_1"


@pytest.mark.rule("6.5.1", "6.4.1")
@pytest.mark.ruling("R-6.5.1-window")
def test_a_response_in_a_window_opens_a_counter_round_where_everybody_answers() -> None:
    s, me, other = duel(auto_pass=False)
    s, sentinel = put_leader(s, other, "Sentinel")
    s, warden = put_leader(s, me, "Warden")  # a counter: neutralise a maneuver
    s, hero = summon_hero(s, me)
    assert s.phase == "window.respond"
    s = act(s, UseManeuver(sentinel, 0, hero))
    watch = s.game.stack[-1].id
    # a response is an event: a counter round over it; the affected player (the Hero's)
    # decides first, although it is that player's turn
    assert s.phase == "window.respond" and s.to_act == me
    assert [item.kind for item in s.game.stack] == [PendingKind.EVENT, PendingKind.MANEUVER]
    s = act(s, UseManeuver(warden, 0, None, watch))
    while s.phase == "window.respond":
        s = act(s, Pass())
    assert any(slot.card == hero for slot in s.game.players[me].leaders)  # neutralised
    assert s.phase == "turn.summoning_1" and s.to_act == me


@pytest.mark.rule("6.5.1", "6.1.4")
@pytest.mark.ruling("R-6.5.1-window", "R-6.1.4-pass")
def test_the_end_of_a_phase_is_an_event_the_others_may_answer() -> None:
    s, me, other = duel(auto_pass=False)
    s, _ = put_leader(s, me, "Hero")
    s, _ = put_leader(s, other, "Sentinel")
    s = act(s, Pass())  # the active player passes: the summoning phase ends (6.1.4)
    assert s.phase == "window.respond" and s.to_act == other
    assert s.game.frames == (
        WindowFrame("turn.combat.declare"),
    )  # the combat phase starts after it
    s = act(s, Pass())
    assert s.phase == "turn.combat.declare" and s.to_act == me


def quiet() -> S:
    """A state at the active player's summoning step whose last window saw everything,
    with an enemy who holds a reaction."""
    s, me, other = duel(auto_pass=False)
    s, _ = put_leader(s, me, "Hero")
    s, _ = put_leader(s, other, "Sentinel")
    s, _ = to_hand(s, me, "Cheap")
    s = settle(arranged(s))
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
    assert changed(spheres=(0, *p.spheres[1:])).phase == "window.respond"
    assert changed(hand=p.hand[1:], underworld=(*p.underworld, p.hand[0])).phase == (
        "window.respond"
    )
    assert changed(deck=p.deck[1:], oblivion=(p.deck[0],)).phase == "window.respond"
    turned = tuple(replace(slot, turned=True) for slot in p.leaders)
    assert changed(leaders=turned).phase == "window.respond"
    # 1: a phase start or end
    seen = s.game.seen
    assert seen is not None
    earlier = s.evolve(game=replace(s.game, seen=replace(seen, phase="turn.draw")))
    assert settle(earlier).phase == "window.respond"
    # not events: the deck's order (a reveal puts the top card at the bottom), and what
    # is hidden in a hand or deck as long as no card changes zone
    assert changed(deck=(*p.deck[1:], p.deck[0])).phase == "turn.summoning_1"
    swapped = (p.deck[0], *p.hand[1:])
    assert changed(hand=swapped, deck=(p.hand[0], *p.deck[1:])).phase == ("turn.summoning_1")
    assert settle(s) is not s and settle(s).phase == "turn.summoning_1"


@pytest.mark.rule("6.5.1")
def test_a_window_state_round_trips_through_json() -> None:
    s, me, other = duel(auto_pass=False)
    s, _ = put_leader(s, other, "Sentinel")
    s, _ = summon_hero(s, me)
    assert s.phase == "window.respond"
    back = mc.State.from_json(s.to_json())
    assert back == s
    assert mc.legal_actions(back) == mc.legal_actions(s)
