"""The ``TensorMemo``'s entries are used while what they were read from is unchanged, and
the debug mode of the cached views (``MITOSZ_CHECK_VIEWS=1``) works each used entry out
again and catches a stale one: a player's hand fields and a MYTHOS seat's row fields,
kept whole while the hand tuple and the rows are the very objects they were."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import mitosz_core as mc  # noqa: E402
from mitosz_core.adapters import tensors  # noqa: E402
from mitosz_core.adapters.tensors import memo as memo_module  # noqa: E402
from mitosz_core.adapters.tensors import mythos_memo  # noqa: E402
from mitosz_core.games.mythos.rules import stats  # noqa: E402

_WRONG = 0x7F
"""A byte that no field of a kept entry holds throughout (float32 0x7f7f7f7f)."""


def _mythos_state_with_units() -> mc.State[Any]:
    """A MYTHOS state where the player to act has cards in hand and a unit on a row."""
    state = mc.new_game("mythos", seed=4)
    rng = random.Random(4)
    while True:
        me = state.to_act
        assert me is not None and not state.is_over
        p = state.game.players[me]
        if p.hand and p.battlefield:
            return state
        legal = mc.legal_actions(state)
        state = mc.apply(state, legal[rng.randrange(len(legal))])


def _stale(fields: bytes) -> bytes:
    return bytes([_WRONG]) * len(fields)


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_a_kept_hand_is_used_and_the_debug_mode_catches_it_stale(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _mythos_state_with_units() if ruleset == "mythos" else mc.new_game("mitosz", seed=4)
    me = state.to_act
    assert me is not None
    memo = tensors.TensorMemo()
    right = tensors.observation_bytes(state, me, memo)
    hand, fields = memo._hands[me]
    assert hand == state.game.players[me].hand[: len(hand)] and fields in right
    memo._hands[me] = (hand, _stale(fields))
    monkeypatch.setattr(memo_module, "CHECK_VIEWS", False)
    assert tensors.observation_bytes(state, me, memo) != right  # the kept entry is used
    monkeypatch.setattr(memo_module, "CHECK_VIEWS", True)
    with pytest.raises(AssertionError, match=f"stale tensor memo of player {me}'s hand"):
        tensors.observation_bytes(state, me, memo)


def test_kept_mythos_rows_are_used_and_the_debug_mode_catches_them_stale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _mythos_state_with_units()
    me = state.to_act
    assert me is not None
    memo = tensors.TensorMemo()
    right = tensors.observation_bytes(state, me, memo)
    seat = memo.mythos._seats[me]
    assert seat.fields in right
    seat.fields = _stale(seat.fields)
    monkeypatch.setattr(mythos_memo, "CHECK_VIEWS", False)
    assert tensors.observation_bytes(state, me, memo) != right
    monkeypatch.setattr(mythos_memo, "CHECK_VIEWS", True)
    with pytest.raises(AssertionError, match=f"stale tensor memo of seat {me}"):
        tensors.observation_bytes(state, me, memo)


def test_the_memos_one_pass_bonuses_and_cap_are_the_rules_two() -> None:
    """``bonuses_and_cap`` (what the MYTHOS memo reads when a seat's sources change)
    gives what ``bonuses`` and ``aura_cap`` give, in every state of a few games, for both
    players; the games reach passive bonuses and a raised aura cap."""
    seen_bonus = seen_cap = False
    for seed in range(1, 9):
        state = mc.new_game("mythos", seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            game = state.game
            for player in range(len(game.players)):
                table, cap = stats.bonuses_and_cap(game, player)
                assert table == stats.bonuses(game, player)
                assert cap == stats.aura_cap(game, player)
                seen_bonus = seen_bonus or bool(table.attack or table.life or table.own)
                seen_cap = seen_cap or cap != stats.SOFT_CAP
            legal = mc.legal_actions(state)
            state = mc.apply(state, legal[rng.randrange(len(legal))])
    assert seen_bonus and seen_cap
