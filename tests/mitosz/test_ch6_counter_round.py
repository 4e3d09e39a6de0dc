"""6.4 and 6.5.1: the counter round, nested, resolving last in first out."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Choose, Pass, Summon, UseManeuver
from mitosz_core.games.mitosz.cards import CardType
from mitosz_core.games.mitosz.effects.language import Discard, Maneuver, Timing
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import (
    CROSS,
    RULESET,
    act,
    build,
    pass_counter,
    sea,
    settle_counter,
    sky,
    the,
)


def rows(*keys: str) -> tuple[Leader, ...]:
    return tuple(Leader(k) for k in keys)


@pytest.mark.rule("6.4", "6.4.1", "6.5.1", "4.2.6")
@pytest.mark.ruling("R-6.4.1-lifo")
def test_counter_rounds_nest_three_deep_and_resolve_last_in_first_out() -> None:
    mine, theirs = sky(leaders=rows("Archer", "Warden")), sea(leaders=rows("King", "Warden"))
    s = build(mine, theirs, auto_pass=False)
    me, other = 0, 1
    archer, my_warden = the(s, "Archer"), the(s, "Warden")
    king, their_warden = the(s, "King", other), the(s, "Warden", other)
    s = act(s, UseManeuver(archer, 0, king))  # depth 1: destroy the King
    volley = s.game.stack[-1].id
    assert s.to_act == other
    s = act(s, UseManeuver(their_warden, 0, None, volley))  # depth 2: neutralise the volley
    ward = s.game.stack[-1].id
    assert s.to_act == me  # the affected player (the volley's) decides first
    s = act(s, UseManeuver(my_warden, 0, None, ward))  # depth 3: neutralise the ward
    assert [p.id for p in s.game.stack] == [volley, ward, ward + 1]
    assert s.phase == "counter.respond"
    # 6.4.1: "az érintett játékossal kezdve (akire hat az esemény ...)" (starting with the
    # affected player, whom the event affects): my ward acts on theirs, so they decide
    # first, although it is my turn
    assert s.to_act == other
    s = act(s, Pass())
    s = act(s, Pass())  # everyone passed: the stack resolves, top first
    assert s.game.stack == ()
    assert king in s.game.players[other].underworld  # my ward stopped theirs
    assert (their_warden, 0) in s.game.blocked
    assert (archer, 0) not in s.game.blocked


@pytest.mark.rule("6.4.1", "6.5.1")
def test_a_played_card_opens_a_counter_round_that_a_counter_effect_answers() -> None:
    # the Gatekeeper counters a leader being played
    s = build(sky(hand=("Hero",)), sea(leaders=rows("Gatekeeper")), auto_pass=False)
    me, hero = 0, the(s, "Hero")
    s = act(s, Summon(hero))
    played = s.game.stack[-1].id
    assert s.to_act == me  # no target: the player whose turn it is decides first
    s = act(s, Pass())
    gate = next(a for a in mc.legal_actions(s) if isinstance(a, UseManeuver))
    assert gate.target_pending == played
    s = settle_counter(act(s, gate))
    assert hero in s.game.players[me].underworld
    assert all(x.card != hero for x in s.game.players[me].leaders)


@pytest.mark.rule("6.4.1")
def test_auto_pass_skips_only_players_without_a_response() -> None:
    s = build(sky(leaders=rows("Archer")), sea(leaders=rows("King", "Warden")))
    other, archer = 1, the(s, "Archer")
    king, warden = the(s, "King", other), the(s, "Warden", other)
    s = act(s, UseManeuver(archer, 0, king))
    assert s.to_act == other  # the Warden can answer: a real decision
    assert UseManeuver(warden, 0, None, s.game.stack[-1].id) in mc.legal_actions(s)
    s = act(s, Pass())
    assert s.game.stack == ()  # I could not answer: passed for me, recorded
    assert s.history[-1].auto
    assert king in s.game.players[other].underworld


@pytest.mark.rule("6.4.1", "4.2.1", "4.2.6")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_maneuver_without_a_counter_or_locked_effect_is_refused_in_a_counter_round() -> None:
    # Sentinel's Watch: a reaction (destroy an enemy leader), neither counter nor locked.
    # 6.4.1: in a counter round "bárki használhat vagy kijátszhat egy kontra vagy zárt
    # hatást" (anyone may use or play a counter or locked effect), and nothing else
    s = build(sky(leaders=rows("Archer")), sea(leaders=rows("King", "Sentinel")), auto_pass=False)
    other, archer = 1, the(s, "Archer")
    king, sentinel = the(s, "King", other), the(s, "Sentinel", other)
    s = act(s, UseManeuver(archer, 0, king))
    assert s.phase == "counter.respond" and s.to_act == other
    watch = UseManeuver(sentinel, 0, archer)
    assert watch not in mc.legal_actions(s)
    assert RULESET.why_not(s, watch) == (
        "only a counter or locked effect answers in a counter round (6.4.1)"
    )
    s = pass_counter(s)  # the response to the deed that follows takes it (6.1.4)
    assert s.phase == "response.respond" and s.to_act == other
    assert RULESET.why_not(s, watch) is None


PURGER = fx.card(
    "Purger",
    CardType.LEADER,
    level=2,
    maneuvers=(Maneuver("Purge", Discard(2), timing=Timing.ACTION),),
)
"""A leader whose maneuver makes each opponent discard two cards of their choice."""
PURGE_RULESET = MitoszRuleset(pool={**fx.POOL, PURGER.key: PURGER})


@pytest.mark.rule("6.4.1", "1.5.1")
def test_a_choice_of_several_cards_asks_for_each_before_play_goes_on() -> None:
    # 1.5.1: the other player discards two cards of its choice, one decision each; the
    # counter round waits in its choose step until both are chosen
    s = build(
        sky(empire=CROSS, leaders=(Leader("Purger"),)),
        sea(empire=CROSS, hand=("Cheap", "King", "Hero")),
        ruleset=PURGE_RULESET,
        auto_pass=False,
    )
    me, other = 0, 1
    cheap, king = the(s, "Cheap", other), the(s, "King", other)
    s = pass_counter(act(s, UseManeuver(the(s, "Purger"), 0)))
    assert s.phase == "counter.choose" and s.to_act == other
    s = act(s, Choose(cheap))
    assert s.phase == "counter.choose" and s.to_act == other
    assert Choose(cheap) not in mc.legal_actions(s) and Choose(king) in mc.legal_actions(s)
    s = act(s, Choose(king))
    assert s.game.players[other].hand == (the(s, "Hero", other),)
    assert s.game.players[other].underworld[-2:] == (cheap, king)
    assert s.game.choice is None and s.phase != "counter.choose"
    assert s.game.players[me].hand == ()  # nothing asked of the user
