"""Section 01 (Spielziel & Startbedingungen) and the endings of ruling R-01.5."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mythos.actions import Attack, EndTurn, Play
from mitosz_core.games.mythos.rules.victory import ROUND_LIMIT, STALEMATE_ROUNDS
from mitosz_core.games.mythos.rules.zones import ROW_SLOTS
from tests.mythos.scenario import CHAOS, GUARDIANS, act, arrange, card_id, new, resettle, start


@pytest.mark.rule("01", "01.1", "01.2", "01.3", "12.1")
def test_starting_conditions() -> None:
    s = new(seed=3)
    assert s.phase == "turn.draw"  # the first decision: the starting player's draw
    for p in s.game.players:
        assert p.life == 20
        assert len(p.hand) == 6
        assert len(p.hand) + len(p.deck) == 64
        assert not p.battlefield and not p.infirmary and not p.sanctuary and not p.graveyard
    assert ROW_SLOTS == 5


@pytest.mark.rule("01")
@pytest.mark.ruling("R-01-start")
def test_the_seed_draws_lots_for_the_starting_player() -> None:
    starters = set()
    for seed in range(12):
        s = new(seed=seed)
        assert s.game.active == s.game.first == s.to_act
        assert s.game.round == 1
        starters.add(s.game.first)
        assert new(seed=seed).game.first == s.game.first  # deterministic
    assert starters == {0, 1}


@pytest.mark.rule("01.4")
def test_a_player_at_zero_life_loses() -> None:
    s = start(active=CHAOS)
    s = arrange(s, CHAOS, hand=["False Light"], aura=5)
    s = arrange(s, GUARDIANS, hand=[], life=2)
    s = act(s, Play(card_id(s, "False Light", CHAOS)))
    assert s.is_over and s.winner == CHAOS and s.game.ending == "life"
    assert s.game.players[GUARDIANS].life == 0 and s.to_act is None
    assert s.phase == "over" and mc.legal_actions(s) == ()


@pytest.mark.rule("01.4")
def test_losing_below_zero_in_a_fight() -> None:
    s = start()
    s = arrange(s, GUARDIANS, hand=[], battlefield=["Heracles"])
    s = arrange(s, CHAOS, hand=[], life=3)
    s = act(s, Attack(card_id(s, "Heracles", GUARDIANS)))
    assert s.is_over and s.winner == GUARDIANS and s.game.players[CHAOS].life == -3


@pytest.mark.rule("01.4")
@pytest.mark.ruling("R-01.4-both")
def test_both_players_at_zero_at_once_is_a_draw() -> None:
    s = start()
    s = arrange(s, GUARDIANS, life=0)
    s = arrange(s, CHAOS, life=-1)
    s = resettle(s)
    assert s.is_over and s.winner is None and s.game.ending == "life"


def _empty_decks(s: mc.State) -> mc.State:  # type: ignore[type-arg]
    players = tuple(
        replace(p, deck=(), hand=(), graveyard=(*p.graveyard, *p.deck, *p.hand))
        for p in s.game.players
    )
    return s.evolve(game=replace(s.game, players=players))


@pytest.mark.rule("01.5")
def test_an_empty_deck_is_no_loss() -> None:
    s = _empty_decks(start(phase="turn.start", round_=0))
    s = resettle(s)
    assert not s.is_over and s.phase == "turn.main"  # the draw sacrifice was taken
    assert s.game.players[GUARDIANS].aura == 2
    s = act(s, EndTurn())
    assert not s.is_over and s.game.active == CHAOS


@pytest.mark.rule("01.5")
@pytest.mark.ruling("R-01.5")
def test_a_stalemate_with_both_decks_empty_ends_in_a_draw() -> None:
    s = resettle(_empty_decks(start(phase="turn.start", round_=0)))
    rounds = 0
    while not s.is_over:
        s = act(s, EndTurn())
        rounds = s.game.round
    assert s.winner is None and s.game.ending == "stalemate"
    # rounds 1..3 pass without a change of life; round 4's start ends the game
    assert rounds == 1 + STALEMATE_ROUNDS


@pytest.mark.ruling("R-01.5")
def test_a_change_of_life_restarts_the_stalemate_count() -> None:
    s = resettle(_empty_decks(start(phase="turn.start", round_=0)))
    s = act(s, EndTurn())
    s = act(s, EndTurn())  # round 2 starts: 1 quiet round
    assert s.game.quiet_rounds == 1
    s = arrange(s, CHAOS, life=19)
    s = act(s, EndTurn())
    s = act(s, EndTurn())  # round 3 starts: life changed
    assert s.game.quiet_rounds == 0 and not s.is_over


@pytest.mark.ruling("R-01.5")
def test_the_round_limit_ends_the_game_in_a_draw() -> None:
    s = resettle(start(phase="turn.start", round_=ROUND_LIMIT - 1))
    assert s.game.round == ROUND_LIMIT and not s.is_over
    s = act(arrange(s, GUARDIANS, hand=[]), mc.legal_actions(s)[0])
    while not s.is_over:
        s = act(s, EndTurn() if EndTurn() in mc.legal_actions(s) else mc.legal_actions(s)[0])
    assert s.game.ending == "round-limit" and s.winner is None
    assert s.game.round == ROUND_LIMIT + 1


@pytest.mark.rule("01.5", "01.4")
@pytest.mark.ruling("R-01.5")
def test_random_games_always_end() -> None:
    for seed in range(12):
        s = new(seed=seed, decks=("chaos", "guardians") if seed % 2 else ("guardians", "chaos"))
        rng = random.Random(seed)
        steps = 0
        while not s.is_over:
            s = mc.apply(s, rng.choice(mc.legal_actions(s)))
            steps += 1
            assert steps < 20_000
        assert s.game.ending in ("life", "stalemate", "round-limit")
        assert s.game.round <= ROUND_LIMIT + 1


@pytest.mark.rule("01.1")
@pytest.mark.ruling("R-01.1-cap")
def test_healing_never_lifts_a_player_above_twenty() -> None:
    s = start()
    s = arrange(s, GUARDIANS, hand=["Prayer"], life=18)
    s = arrange(s, CHAOS, hand=[])
    s = act(s, Play(card_id(s, "Prayer", GUARDIANS)))
    assert s.game.players[GUARDIANS].life == 20
