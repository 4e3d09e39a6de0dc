"""Section 04 (Rundenablauf): the automatic start and end, the actions, the windows."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import (
    Attack,
    DrawCard,
    DrawSacrifice,
    EndTurn,
    Mobilize,
    Pass,
    Play,
)
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, resettle, slot_of, start


@pytest.mark.rule("04", "04.1", "09.7")
def test_turn_start_effects_then_aura_then_the_draw_decision() -> None:
    s = start(active=CHAOS, round_=2, phase="turn.start")
    s = arrange(s, CHAOS, hand=[], battlefield=["Sisyphus"], sanctuary=["Volcano"], aura=0)
    s = arrange(s, GUARDIANS, hand=[])
    s = resettle(s)
    # Sisyphus drew a card and took... his owner 1 damage; the Volcano hit the opponent
    me = s.game.players[CHAOS]
    assert len(me.hand) == 1 and me.life == 19 and s.game.players[GUARDIANS].life == 19
    assert me.aura == 3 + 1  # curve 3, one place
    assert s.phase == "turn.draw" and s.to_act == CHAOS
    s = act(s, DrawCard())
    assert len(s.game.players[CHAOS].hand) == 2 and s.phase == "turn.main"


@pytest.mark.rule("04.2", "09.7")
def test_turn_end_effects_then_the_opponents_turn() -> None:
    s = arrange(start(), GUARDIANS, hand=[], sanctuary=["Sacred Grove"], life=15)
    s = arrange(s, CHAOS, hand=[])
    s = act(s, EndTurn())
    assert s.game.players[GUARDIANS].life == 17
    assert s.game.active == CHAOS and s.phase == "turn.draw" and s.to_act == CHAOS
    assert s.turn == 2


@pytest.mark.rule("04.3", "11.6", "11.3")
def test_actions_in_any_order_as_often_as_affordable() -> None:
    s = arrange(
        start(),
        GUARDIANS,
        aura=14,
        hand=["Theseus", "Temple Guard", "Healer", "Delphi"],
        infirmary=["Pegasus"],
    )
    s = arrange(s, CHAOS, hand=[])
    pegasus = card_id(s, "Pegasus", GUARDIANS)
    s = act(s, Mobilize(pegasus))
    s = act(s, Attack(pegasus))
    for key in ("Theseus", "Temple Guard", "Healer", "Delphi"):
        s = act(s, Play(card_id(s, key, GUARDIANS)))
    assert s.game.players[GUARDIANS].aura == 14 - 1 - 3 - 2 - 2 - 2
    assert EndTurn() in mc.legal_actions(s)


@pytest.mark.rule("04.4", "11.9", "11.1")
@pytest.mark.ruling("R-04.4-windows")
def test_the_opponent_may_answer_each_action_and_the_engine_passes_when_they_cannot() -> None:
    s = arrange(start(), GUARDIANS, aura=10, hand=["Theseus", "Hestia"])
    s = arrange(s, CHAOS, hand=["Fireball"], aura=0)
    s = act(s, Play(card_id(s, "Theseus", GUARDIANS)))
    assert s.phase == "turn.main"  # Chaos cannot pay the Fireball: passed for it
    last = s.history[-1]
    assert last.player == CHAOS and last.action == Pass() and last.auto
    s = arrange(s, CHAOS, aura=2)
    s = act(s, Play(card_id(s, "Hestia", GUARDIANS)))
    assert s.phase == "turn.respond" and s.to_act == CHAOS
    theseus, fireball = card_id(s, "Theseus", GUARDIANS), card_id(s, "Fireball", CHAOS)
    s = act(s, Play(fireball, theseus))
    assert theseus in s.game.players[GUARDIANS].graveyard
    # no stack: the Guardians do not answer the answer; their turn goes on
    assert s.phase == "turn.main" and s.to_act == GUARDIANS


@pytest.mark.rule("04.4")
@pytest.mark.ruling("R-04.4-windows")
def test_without_auto_pass_every_window_waits_for_a_pass() -> None:
    s = start(auto_pass=False)
    s = arrange(s, GUARDIANS, aura=3, hand=["Theseus"])
    s = arrange(s, CHAOS, hand=[])
    s = act(s, Play(card_id(s, "Theseus", GUARDIANS)))
    assert s.phase == "turn.respond" and mc.legal_actions(s) == (Pass(),)
    s = act(s, Pass())
    assert s.phase == "turn.main" and not s.history[-1].auto


@pytest.mark.rule("04.ex-round", "04.4", "03.3")
def test_the_full_round_example() -> None:
    """6 aura: draw, play a place (2), mobilise a unit (2), 2 left, attack, end; the 2
    carry over."""
    s = start(round_=5, phase="turn.start")
    s = arrange(s, GUARDIANS, aura=0, hand=["Sacred Grove"], infirmary=["Griffin"])
    s = arrange(s, CHAOS, hand=[])
    s = resettle(s)
    assert s.game.players[GUARDIANS].aura == 6
    s = act(s, DrawCard())
    s = act(s, Play(card_id(s, "Sacred Grove", GUARDIANS)))
    griffin = card_id(s, "Griffin", GUARDIANS)
    s = act(s, Mobilize(griffin))
    assert s.game.players[GUARDIANS].aura == 2
    s = act(s, Attack(griffin))
    assert s.game.players[CHAOS].life == 18
    s = act(s, EndTurn())
    assert s.game.players[GUARDIANS].aura == 2
    s = act(s, DrawSacrifice())
    s = act(s, EndTurn())
    assert s.game.players[GUARDIANS].aura == 2 + 7 + 1
    assert slot_of(s, griffin).card == griffin
