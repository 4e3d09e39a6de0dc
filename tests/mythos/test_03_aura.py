"""Section 03 (Aura): curve, carry-over, caps, places, the draw sacrifice."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import (
    Activate,
    DrawCard,
    DrawSacrifice,
    EndTurn,
    Mobilize,
    Pass,
    Play,
)
from mitosz_core.games.mythos.engine import RULESET
from mitosz_core.games.mythos.rules.aura import curve
from mitosz_core.games.mythos.rules.stats import aura_cap
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, resettle, start


def turn_start(active: int = GUARDIANS, round_: int = 1, **fields: object) -> mc.State:  # type: ignore[type-arg]
    """The start of ``active``'s turn in round ``round_`` (the arranged state is at the end
    of round ``round_ - 1``), with both hands empty unless arranged otherwise."""
    s = start(active=active, round_=round_ - 1, phase="turn.start")
    s = arrange(s, 1 - active, hand=[], aura=0)
    return arrange(s, active, **fields)  # type: ignore[arg-type]


def finish_turn(s: mc.State) -> mc.State:  # type: ignore[type-arg]
    """End the current turn and play the opponent's as draw + end."""
    s = act(s, EndTurn())
    s = act(s, DrawCard() if DrawCard() in mc.legal_actions(s) else DrawSacrifice())
    return act(s, EndTurn())


@pytest.mark.rule("03.2", "12.2")
@pytest.mark.ruling("R-03.2")
def test_the_curve_per_round() -> None:
    assert [curve(r) for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


@pytest.mark.rule("03", "03.1", "03.2", "03.3")
@pytest.mark.ruling("R-03.2")
def test_both_players_get_the_round_number_each_round_and_keep_what_they_spare() -> None:
    """A round is one turn of each player: the second player's n-th turn also gives n."""
    s = resettle(turn_start(hand=["Vision"]))
    seen: list[tuple[int, int, int]] = []
    for _ in range(6):
        assert s.phase == "turn.draw"
        seen.append((s.game.round, s.game.active, s.game.players[s.game.active].aura))
        s = act(s, DrawCard())
        while s.phase == "turn.respond":  # the opponent plays nothing
            s = act(s, Pass())
        s = act(s, EndTurn())
    # nobody spends: the curve adds up (1, 1+2, 1+2+3)
    assert seen == [(1, 0, 1), (1, 1, 1), (2, 0, 3), (2, 1, 3), (3, 0, 6), (3, 1, 6)]


@pytest.mark.rule("03.4", "12.2")
@pytest.mark.ruling("R-03.4")
def test_soft_cap_fourteen_for_every_gain() -> None:
    s = resettle(turn_start(round_=10, aura=9, sanctuary=["Delphi", "Delphi"]))
    assert s.game.players[GUARDIANS].aura == 14  # 9 + 10 + 2 = 21, capped
    s = act(s, DrawSacrifice())
    assert s.game.players[GUARDIANS].aura == 14  # the sacrifice is capped too


@pytest.mark.rule("03.5", "12.2")
@pytest.mark.ruling("R-03.4")
def test_hard_cap_fifteen_only_with_olympus_or_hades() -> None:
    s = resettle(turn_start(round_=10, aura=9, sanctuary=["Olympus"]))
    assert s.game.players[GUARDIANS].aura == 15
    s = resettle(turn_start(active=CHAOS, round_=10, aura=9, infirmary=["Hades"]))
    assert s.game.players[CHAOS].aura == 15
    assert aura_cap(s.game, GUARDIANS) == 14
    # when Hades dies the cap falls back, and the aura with it
    s = start()
    s = arrange(s, CHAOS, hand=[], aura=15, infirmary=["Hades"])
    s = arrange(s, GUARDIANS, hand=["Zeus's Bolt"], battlefield=["Zeus"], aura=10)
    hades = card_id(s, "Hades", CHAOS)
    s = act(s, Activate(card_id(s, "Zeus", GUARDIANS), hades))
    assert s.game.players[CHAOS].aura == 15
    s = act(s, Play(card_id(s, "Zeus's Bolt", GUARDIANS), hades))
    assert hades in s.game.players[CHAOS].graveyard
    assert s.game.players[CHAOS].aura == 14


@pytest.mark.rule("03.6")
def test_each_place_gives_one_aura_per_round() -> None:
    s = resettle(turn_start(round_=2, sanctuary=["Delphi", "Sacred Grove", "Healing Spring"]))
    assert s.game.players[GUARDIANS].aura == 2 + 3


@pytest.mark.rule("03.7")
def test_the_draw_sacrifice_comes_first_and_gives_one_aura() -> None:
    s = resettle(turn_start(round_=3, hand=["Theseus"]))
    assert s.phase == "turn.draw" and s.game.players[GUARDIANS].aura == 3
    theseus = card_id(s, "Theseus", GUARDIANS)
    reason = RULESET.why_not(s, Play(theseus))
    assert reason == "play is not possible now; this step takes: draw, draw_sacrifice"
    hand = s.game.players[GUARDIANS].hand
    s = act(s, DrawSacrifice())
    assert s.game.players[GUARDIANS].aura == 4 and s.game.players[GUARDIANS].hand == hand


@pytest.mark.rule("03.ex-aura", "03.3", "03.6")
def test_the_aura_example() -> None:
    """Round 4, 2 places, 1 carried over: 4 + 2 + 1 = 7; a 5-cost card leaves 2, carried
    into round 5."""
    s = resettle(turn_start(round_=4, aura=1, sanctuary=["Delphi", "Delphi"], hand=["Athena"]))
    assert s.game.round == 4 and s.game.players[GUARDIANS].aura == 7
    s = act(s, DrawCard())
    s = act(s, Play(card_id(s, "Athena", GUARDIANS)))
    assert s.game.players[GUARDIANS].aura == 2
    s = finish_turn(s)
    assert s.game.round == 5 and s.phase == "turn.draw"
    assert s.game.players[GUARDIANS].aura == 2 + 5 + 2


@pytest.mark.rule("11.5", "03.1")
def test_aura_never_goes_negative() -> None:
    s = arrange(start(), GUARDIANS, hand=["Zeus"], infirmary=["Heracles"], aura=1)
    s = arrange(s, CHAOS, hand=[])
    assert RULESET.why_not(s, Play(card_id(s, "Zeus", GUARDIANS))) == (
        "it costs 6 aura and you have 1 (11.5)"
    )
    assert "costs 2 aura" in (RULESET.why_not(s, Mobilize(card_id(s, "Heracles", GUARDIANS))) or "")
    assert [a for a in mc.legal_actions(s) if not isinstance(a, Pass)] == [mc.legal_actions(s)[-1]]
