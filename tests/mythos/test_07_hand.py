"""Section 07 (Handgröße & Ziehen)."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import DrawCard, DrawSacrifice, EndTurn, Play
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.games.mythos.rules.hand import HAND_MAX
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, resettle, start

SEVEN = ["Zeus", "Zeus", "Athena", "Athena", "Apollo", "Apollo", "Apollo"]


def at_draw(hand: list[str], **fields: object) -> mc.State:  # type: ignore[type-arg]
    s = start(round_=0, phase="turn.start")
    s = arrange(s, CHAOS, hand=[])
    return resettle(arrange(s, GUARDIANS, hand=hand, **fields))  # type: ignore[arg-type]


@pytest.mark.rule("07", "07.1", "12.3")
def test_one_card_or_the_sacrifice() -> None:
    s = at_draw(["Zeus"])
    assert set(mc.legal_actions(s)) == {DrawCard(), DrawSacrifice()}
    deck = s.game.players[GUARDIANS].deck
    s = act(s, DrawCard())
    assert (
        s.game.players[GUARDIANS].hand[-1] == deck[0] and len(s.game.players[GUARDIANS].hand) == 2
    )


@pytest.mark.rule("07.2", "12.3")
@pytest.mark.ruling("R-07.2")
def test_a_full_hand_draws_nothing_and_keeps_everything() -> None:
    s = at_draw(SEVEN)
    # no draw possible: the sacrifice was the only choice, and was taken
    assert s.phase == "turn.main" and s.game.players[GUARDIANS].aura == 2
    assert len(s.game.players[GUARDIANS].hand) == HAND_MAX
    assert RULESET.why_not(s.evolve(phase="turn.draw"), DrawCard()) == (
        "your hand is full (7 cards): no draw, only the sacrifice (07.2)"
    )
    s = act(s, EndTurn())
    assert len(s.game.players[GUARDIANS].hand) == HAND_MAX  # no discard at the end


@pytest.mark.rule("07.2")
def test_draw_effects_stop_at_seven() -> None:
    s = at_draw(["Vision", *SEVEN[:5]])
    s = act(s, DrawCard())
    assert len(s.game.players[GUARDIANS].hand) == 7
    s = arrange(s, GUARDIANS, aura=1)
    s = act(s, Play(card_id(s, "Vision", GUARDIANS)))
    assert len(s.game.players[GUARDIANS].hand) == 7  # 6 left, drew 1 of 2


@pytest.mark.rule("07.3", "07.ex-empty-hand", "12.3")
def test_the_empty_hand_example() -> None:
    s = at_draw([])
    assert s.phase == "turn.draw"
    deck = s.game.players[GUARDIANS].deck
    drew = act(s, DrawCard())
    assert drew.game.players[GUARDIANS].hand == deck[:2]
    sacrificed = act(s, DrawSacrifice())
    assert sacrificed.game.players[GUARDIANS].aura == s.game.players[GUARDIANS].aura + 1
    assert sacrificed.game.players[GUARDIANS].hand == ()
