"""Determinization (sample_state): a sample is a playable state that looks the same to
the player, depends only on their information state and the generator given, and
does not leak the real hidden cards beyond chance (issue: the AI and RL interface)."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz.sample import TRIES, sample_state
from mitosz_core.kernel.registry import get
from tests.helpers import play_random

GAMES = [("mitosz", 2), ("mitosz", 3), ("mythos", 2)]


def _reached(ruleset: str, players: int, seed: int, steps: int) -> mc.State[Any]:
    state = mc.new_game(ruleset, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    return state


@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 150))
def test_a_sample_looks_the_same_to_the_player_and_plays_on(
    game: tuple[str, int], seed: int, steps: int
) -> None:
    ruleset, players = game
    state = _reached(ruleset, players, seed, steps)
    for player in range(players):
        sample = mc.sample_state(state, player, random.Random(seed ^ player))
        assert mc.observe(sample, player) == mc.observe(state, player)
        assert sample.history == state.history and sample.phase == state.phase
        if state.to_act == player:
            assert mc.legal_actions(sample) == mc.legal_actions(state)
        # the validator agrees; from_json would also replay the history, which dealt the
        # hidden cards as they are, not as the sample redrew them
        get(ruleset).validate(sample)
        play_random(sample, seed=seed)  # a sample is a full game that plays to its end


@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 150))
def test_a_sample_depends_only_on_the_information_state_and_the_generator(
    game: tuple[str, int], seed: int, steps: int
) -> None:
    """Two states that differ only in what ``player`` cannot see (another sample of the
    same state, for that player) give the same sample for the same generator."""
    ruleset, players = game
    state = _reached(ruleset, players, seed, steps)
    player = seed % players
    other = mc.sample_state(state, player, random.Random(seed + 1))
    assert mc.observe(other, player) == mc.observe(state, player)
    a = mc.sample_state(state, player, random.Random(7))
    b = mc.sample_state(other, player, random.Random(7))
    assert a == b


def _hidden_hand(state: mc.State[Any], player: int) -> list[str]:
    """The printed cards (keys) of ``player``'s hand, by slot."""
    game = state.game
    return [game.card(c).key for c in game.players[player].hand]


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_the_real_hidden_cards_do_not_leak_into_samples_beyond_chance(ruleset: str) -> None:
    """Over 300 samples, an opponent's hand slot holds its real card as often as chance
    says (the real card's share of the opponent's hidden cards), within 4 standard
    deviations; and the player's own hand never changes. Fixed seeds."""
    state = _reached(ruleset, 2, seed=5, steps=60)
    me = state.to_act or 0
    them = 1 - me
    real = _hidden_hand(state, them)
    game = state.game
    pool = Counter(game.card(c).key for c in (*game.players[them].hand, *game.players[them].deck))
    size = sum(pool.values())
    chance = [pool[key] / size for key in real]
    runs = 300
    hits = 0
    for i in range(runs):
        sample = mc.sample_state(state, me, random.Random(1000 + i))
        assert _hidden_hand(sample, me) == _hidden_hand(state, me)
        hits += sum(a == b for a, b in zip(_hidden_hand(sample, them), real, strict=True))
    mean = runs * sum(chance)
    sd = math.sqrt(runs * sum(p * (1 - p) for p in chance))
    assert abs(hits - mean) <= 4 * sd + 1, (hits, mean, sd)
    assert len(real) > 0 and size > len(real)


def test_a_sample_redraws_the_next_draws() -> None:
    """The deck order and the generator are redrawn: samples differ in the next card
    the player will draw, while the real deck holds one order."""
    state = _reached("mitosz", 2, seed=9, steps=20)
    me = state.to_act or 0
    tops = {
        mc.sample_state(state, me, random.Random(i))
        .game.card(mc.sample_state(state, me, random.Random(i)).game.players[me].deck[0])
        .key
        for i in range(30)
    }
    assert len(tops) > 3


def test_a_sample_keeps_the_player_asked_to_answer_able_to_answer() -> None:
    # 6.1.4, 6.5.1: a player is asked to answer a deed only if they hold something that
    # could answer it, so a sample in which they hold nothing that could is a state the
    # engine would not rest in. The deep profile found one (3 players, seed 61634, the
    # opening response window): player 2's sample gave player 0 no such card.
    state = mc.new_game(seed=61634, players=3)
    assert state.phase == "response.respond"
    for player in range(3):
        for k in range(8):
            sample = mc.sample_state(state, player, random.Random(61634 ^ player ^ k))
            assert mc.observe(sample, player) == mc.observe(state, player)
            get("mitosz").validate(sample)  # the validator agrees


def test_the_exchange_fallback_finds_a_resting_sample_when_redraws_do_not() -> None:
    # every redraw is refused (the predicate says no to the first TRIES states it is
    # asked about), then a state rests only if player 0 holds the printed card of their
    # real first card: exchanging two hidden cards of one owner must find one
    state = mc.new_game(seed=61634, players=3)
    instances = state.game.instances
    wanted = instances[state.game.players[0].hand[0]].card
    asked = 0

    def resting(s: mc.State[Any]) -> bool:
        nonlocal asked
        asked += 1
        held = {s.game.instances[i].card for i in s.game.players[0].hand}
        return asked > TRIES and wanted in held

    sample = sample_state(state, 2, random.Random(5), resting)
    assert asked > TRIES + 1  # the redraws were refused, then exchanges were tried
    assert resting(sample)
    assert mc.observe(sample, 2) == mc.observe(state, 2)
    assert sorted(sample.game.instances, key=repr) == sorted(instances, key=repr)


def test_a_sample_that_cannot_rest_is_refused_with_a_clear_error() -> None:
    state = mc.new_game(seed=61634, players=3)
    with pytest.raises(mc.MitoszError, match="player 2 has seen"):
        sample_state(state, 2, random.Random(5), lambda s: False)
