"""Rules fidelity of the response to a deed (6.1.4) at the edges that the scenario tests
left untried (found by mutation testing, ``tools/mutation.py``): an answer that only
its user's level makes possible (4.1, 4.2.1) and a fate whose timing or target belong to
its player (3.7). A player who could answer is asked; one who could not is not.
"""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass, PlayFate, Summon, UseManeuver
from mitosz_core.games.mitosz.engine import MitoszRuleset
from mitosz_core.games.mitosz.machine import Phase
from mitosz_core.games.mitosz.rules import S
from mitosz_core.games.mitosz.rules.events import _may_answer
from mitosz_core.games.mitosz.rules.flow import turn_phase
from mitosz_core.games.mitosz.rules.levels import level
from mitosz_core.games.mitosz.state import ResponseFrame
from mitosz_core.mitosz import Leader
from tests.mitosz import fixtures as fx
from tests.mitosz.fixtures import CROSS, act, build, pass_counter, sea, sky, the

RESPONSE_RULESET = MitoszRuleset(pool=fx.card_pool("base", "maneuvers", "response_edges"))


def _summoned(s: S, key: str) -> tuple[S, int]:
    """I (player 0) summon ``key`` from my hand; everybody passes its counter round."""
    card = the(s, key)
    return pass_counter(act(s, Summon(card))), card


# --- 6.1.4, 4.2.1, 4.1: a bound maneuver whose target is read from its user ------------------


@pytest.mark.rule("6.1.4", "4.2.1", "4.1")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_reaction_aimed_below_its_users_level_answers_a_lower_leader_only() -> None:
    # Sniper (level 4), a reaction: destroy an enemy leader of a level below the Sniper's
    def summon(key: str) -> tuple[S, int, int]:
        s = build(
            sky(empire=CROSS, hand=(key,)),
            sea(empire=CROSS, leaders=(Leader("Sniper"),)),
            ruleset=RESPONSE_RULESET,
            auto_pass=False,
        )
        s, card = _summoned(s, key)
        return s, card, the(s, "Sniper", 1)

    me, other = 0, 1
    # the Hero (level 3) is below the Sniper: the other player is asked, and may shoot it
    s, hero, sniper = summon("Hero")
    assert s.phase == "response.respond" and s.to_act == other
    assert s.game.frames == (ResponseFrame("turn.summoning_1", other),)
    snipes = [a for a in mc.legal_actions(s) if isinstance(a, UseManeuver)]
    assert snipes == [UseManeuver(sniper, 0, hero)]
    s = pass_counter(act(s, UseManeuver(sniper, 0, hero)))
    assert hero in s.game.players[me].underworld
    assert s.phase == "turn.summoning_1" and s.to_act == me
    # the Pricey (level 5) is not: the Sniper has no target, nobody is asked
    s, pricey, _ = summon("Pricey")
    assert level(s.game, pricey) == 5
    assert s.phase == "turn.summoning_1" and s.to_act == me and s.game.frames == ()


# --- 6.1.4, 3.7: a fate that names one of its player's cards ----------------------------------


@pytest.mark.rule("6.1.4", "3.7")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_fate_aimed_at_its_players_own_leader_answers_a_deed() -> None:
    # Blessing, a fate linked to the Sea god: +1 level marker to one of your leaders
    def summoned(leaders: tuple[Leader, ...]) -> S:
        s = build(
            sky(empire=CROSS, hand=("Hero",)),
            sea(empire=CROSS, leaders=leaders, hand=("Blessing",)),
            ruleset=RESPONSE_RULESET,
            auto_pass=False,
        )
        return _summoned(s, "Hero")[0]

    me, other = 0, 1
    s = summoned((Leader("Cheap"),))
    blessing, cheap = the(s, "Blessing", other), the(s, "Cheap", other)
    assert s.phase == "response.respond" and s.to_act == other
    fates = [a for a in mc.legal_actions(s) if isinstance(a, PlayFate)]
    assert fates == [PlayFate(blessing, 0, cheap)]  # its own leader, not the Hero
    s = pass_counter(act(s, PlayFate(blessing, 0, cheap)))
    assert level(s.game, cheap) == 2 + 1
    assert s.phase == "turn.summoning_1" and s.to_act == me
    # without a leader of its own the fate has no target: nobody is asked
    s = summoned(())
    assert s.phase == "turn.summoning_1" and s.to_act == me and s.game.frames == ()


# --- 6.1.4, 4.2.1, 3.7: a combat fate in the combat phase -------------------------------------


@pytest.mark.rule("6.1.4", "4.2.1", "3.7")
@pytest.mark.ruling("R-6.4.1-responses")
def test_a_combat_fate_answers_in_the_combat_phase_not_before() -> None:
    # War Omen, a combat fate linked to the Sea god: draw 1
    s = build(
        sky(empire=CROSS, leaders=(Leader("Hero"),)),  # the Hero can fight: a combat phase
        sea(empire=CROSS, hand=("War Omen",)),
        ruleset=RESPONSE_RULESET,
        auto_pass=False,
    )
    me, other = 0, 1
    omen = the(s, "War Omen", other)
    s = act(s, Pass())  # my summoning step ends: a combat fate cannot answer there
    # the combat phase starts, an event: the other player is asked and may use it
    assert turn_phase(s) is Phase.COMBAT
    assert s.phase == "response.respond" and s.to_act == other
    assert s.game.frames == (ResponseFrame("turn.combat.declare", other),)
    assert PlayFate(omen, 0) in mc.legal_actions(s)
    top = s.game.players[other].deck[0]
    s = pass_counter(act(s, PlayFate(omen, 0)))
    assert s.game.players[other].hand == (top,)  # the fate was used, and drew a card
    assert turn_phase(s) is Phase.COMBAT and s.to_act == me


@pytest.mark.rule("6.1.4", "3.7")
def test_whether_a_player_may_answer_follows_its_hand_on_an_unchanged_board() -> None:
    # the other player holds nothing, then a fate (3.7): it may answer now, though the
    # board, whose views are kept for every game value that shares it, is the same
    s = build(sky(empire=CROSS), sea(empire=CROSS, deck=("Doom", *fx.FILLER)))
    other = 1
    assert not _may_answer(s.game, other)
    after, _ = fx.to_hand(s, other, "Doom")
    assert after.game.board is s.game.board
    assert _may_answer(after.game, other)
