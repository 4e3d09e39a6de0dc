"""The maximum game length: a decision limit that apply enforces (rulings R-1.3.4-length,
R-01.5-length)."""

from __future__ import annotations

import random

import pytest

import mitosz_core as mc
from mitosz_core.kernel.registry import get


def _check_limit(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rs = get(ruleset)
    assert mc.max_game_length(ruleset) == rs.decision_limit == 10_000
    monkeypatch.setattr(rs, "decision_limit", 40)
    state = mc.new_game(ruleset, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        assert len(state.history) < 40
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    assert len(state.history) == 40
    assert state.winner is None and state.game.ending == "decision-limit"
    assert mc.returns(state) == (0.0, 0.0)
    assert mc.legal_actions(state) == ()
    with pytest.raises(mc.IllegalActionError, match="over"):
        mc.apply(state, mc.legal_actions(mc.new_game(ruleset, seed=11))[0])


@pytest.mark.ruling("R-1.3.4-length")
def test_a_mitosz_game_that_reaches_the_decision_limit_ends_in_a_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _check_limit("mitosz", monkeypatch)


@pytest.mark.ruling("R-01.5-length")
def test_a_mythos_game_that_reaches_the_decision_limit_ends_in_a_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _check_limit("mythos", monkeypatch)


@pytest.mark.ruling("R-1.3.4-length")
def test_the_limit_stops_the_automatic_passes_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose history reaches the limit in an automatic pass ends there; the log
    never grows past the limit."""
    rs = get("mitosz")
    lengths: set[int] = set()
    for limit in range(30, 60):
        monkeypatch.setattr(rs, "decision_limit", limit)
        state = mc.new_game("mitosz", seed=2, players=3)
        rng = random.Random(2)
        while not state.is_over:
            state = mc.apply(state, rng.choice(mc.legal_actions(state)))
        lengths.add(len(state.history) - limit)
        assert state.game.ending == "decision-limit"
    assert lengths == {0}


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_random_games_end_well_before_the_limit(ruleset: str) -> None:
    """The limit is a safety bound: no game of the golden set comes near it."""
    for seed in range(5):
        state = mc.new_game(ruleset, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = mc.apply(state, rng.choice(mc.legal_actions(state)))
        assert len(state.history) < mc.max_game_length(ruleset) // 5
        assert state.game.ending != "decision-limit"
