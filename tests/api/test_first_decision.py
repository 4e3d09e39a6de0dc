"""The first state of a game is a real decision (the ``auto_pass`` option of
:func:`mitosz_core.new_game`): the automatic passes due at the start are taken at
creation and recorded in the history as automatic, as after every decision."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_state_of_a_game_is_a_real_decision(players: int) -> None:
    automatic = 0
    for seed in range(40):
        s = mc.new_game(seed=seed, players=players)
        assert mc.legal_actions(s) != (Pass(),), (players, seed, s.phase)
        history = s.history
        assert all(d.auto and d.action == Pass() for d in history)
        automatic += len(history)
        # the same game replayed from its (automatic) history, and without auto_pass the
        # first state is the pass-only window the automatic passes answered
        assert mc.replay(seed=seed, players=players, actions=history) == s
        if history:
            plain = mc.new_game(seed=seed, players=players, auto_pass=False)
            assert mc.legal_actions(plain) == (Pass(),)
            assert plain.history == ()
    if players > 2:
        assert automatic > 0  # some starts do open a window nobody can answer
