"""Section 05 (Mobilisierung)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import Attack, Block, DrawCard, EndTurn, Mobilize, Recall
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.games.mythos.rules.stats import life
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, slot_of, start


def quiet(s: mc.State) -> mc.State:  # type: ignore[type-arg]
    return arrange(s, CHAOS, hand=[], aura=0)


@pytest.mark.rule("05", "05.1", "05.3", "05.ex-heal", "05.5", "11.3", "11.4")
def test_healing_by_mobilisation() -> None:
    """Herakles (mobilise 2, 4 life) in the infirmary with 1 life: 2 aura put him on the
    battlefield at 4 life; he attacks the same turn and returns to the infirmary."""
    s = quiet(arrange(start(), GUARDIANS, hand=[], aura=2, infirmary=[("Heracles", {"damage": 3})]))
    h = card_id(s, "Heracles", GUARDIANS)
    assert life(s.game, slot_of(s, h)) == 1
    s = act(s, Mobilize(h))
    assert s.game.players[GUARDIANS].aura == 0
    assert life(s.game, slot_of(s, h)) == 4 and s.game.players[GUARDIANS].battlefield[0].card == h
    s = act(s, Attack(h))
    assert s.game.players[CHAOS].life == 14
    assert h in {x.card for x in s.game.players[GUARDIANS].infirmary}


@pytest.mark.rule("05.2")
def test_once_per_unit_per_round() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=[], aura=10, infirmary=["Theseus"]))
    t = card_id(s, "Theseus", GUARDIANS)
    s = act(s, Mobilize(t))
    s = act(s, Recall(t))
    assert RULESET.why_not(s, Mobilize(t)) == "Theseus was already mobilised this round (05.2)"
    s = act(s, EndTurn())
    s = act(s, EndTurn() if EndTurn() in mc.legal_actions(s) else DrawCard())
    s = act(s, EndTurn())
    s = act(s, DrawCard())
    assert Mobilize(t) in mc.legal_actions(s)


@pytest.mark.rule("05.4", "02.2")
def test_a_unit_that_did_not_attack_stays_and_blocks() -> None:
    s = quiet(arrange(start(), GUARDIANS, hand=[], aura=10, infirmary=["Griffin"]))
    g = card_id(s, "Griffin", GUARDIANS)
    s = act(s, Mobilize(g))
    s = act(s, EndTurn())
    assert g in {x.card for x in s.game.players[GUARDIANS].battlefield}
    s = arrange(s, CHAOS, battlefield=["Harpy"])
    s = s.evolve(phase="turn.main", to_act=CHAOS)
    harpy = card_id(s, "Harpy", CHAOS)
    s = act(s, Attack(harpy))
    assert Block(g, harpy) in mc.legal_actions(s)
    s = act(s, Block(g, harpy))
    assert harpy in s.game.players[CHAOS].graveyard
    assert g in {x.card for x in s.game.players[GUARDIANS].battlefield}  # blockers stay
    assert slot_of(s, g).damage == 2  # damage stays until healed or mobilised (11.4)
