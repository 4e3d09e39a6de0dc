"""The index of the attachment relation, carried from board to board by ``attach``,
``detach`` and ``take_off`` (a leader's items and a battle's troops change often, so the
index is updated, not rebuilt): it stays the one a fresh board builds."""

from __future__ import annotations

import random

import mitosz_core as mc
from mitosz_core.games.mitosz.rules.hosting import BoardIndex, board_index
from mitosz_core.games.mitosz.state import AttachKind, Board, Game


def _fresh(board: Board) -> BoardIndex:
    return board_index(Board(board.attachments, board.thefts))


def _kinds(game: Game) -> set[AttachKind]:
    return {a.kind for a in game.board.attachments}


def test_a_carried_over_index_is_the_one_a_fresh_board_builds() -> None:
    # random games of four players (these seeds reach battles, where troops join and
    # leave their leaders, items, mounts, runes, held leaders and the leaving of the board)
    carried = troops = 0
    seen: set[AttachKind] = set()
    for seed in (2, 4, 5, 8):
        state = mc.new_game("mitosz", players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(800):
            if state.is_over:
                break
            board = state.game.board
            if board._index is not None:  # carried over from the board before
                carried += 1
                assert board._index == _fresh(board), f"seed {seed}, turn {state.game.turn}"
            seen |= _kinds(state.game)
            fight = state.game.fight
            troops += fight is not None and bool(fight.troops)
            state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    assert carried > 500 and troops > 5
    assert {AttachKind.ITEM, AttachKind.MOUNT, AttachKind.HELD, AttachKind.KEYWORD} <= seen
