"""The bots (``mitosz_core.bots``): legal, seeded and reproducible choices; the heuristic
bot is stronger than the random one; the search bot keeps to its budget."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.bots import HeuristicBot, MCTSBot, RandomBot, check_bots, make_bot, play
from mitosz_core.bots.evaluate import WIN, evaluate
from mitosz_core.errors import MitoszError
from mitosz_core.kernel.view import view
from mitosz_core.simulate import plan, run, summarize
from tests.helpers import play_random
from tests.play.sampling import SAMPLING, needs_sampling


def _mid(ruleset: str, seed: int) -> mc.State[Any]:
    """A position some way into a game, with more than one legal action."""
    s = play_random(mc.new_game(ruleset, seed=seed), seed, lambda s: s.turn >= 4)
    return play_random(s, seed, lambda s: len(mc.legal_actions(s)) > 1)


CASES = [
    pytest.param(r, n, marks=[] if n == "random" else [needs_sampling(r)])
    for r in ("mitosz", "mythos")
    for n in ("random", "heuristic", "mcts:8")
]


@pytest.mark.parametrize(("ruleset", "name"), CASES)
def test_a_bot_chooses_a_legal_action_and_the_same_one_again(ruleset: str, name: str) -> None:
    state = _mid(ruleset, 3)
    first = make_bot(name, 11).choose(view(state))
    assert first in mc.legal_actions(state)
    assert make_bot(name, 11).choose(view(state)) == first


SEARCHING = [
    pytest.param(r, n, marks=[needs_sampling(r)])
    for r in ("mitosz", "mythos")
    for n in ("heuristic", "mcts:8")
]


@pytest.mark.parametrize(("ruleset", "name"), SEARCHING)
def test_a_bot_decides_the_same_whatever_the_hidden_cards_are(ruleset: str, name: str) -> None:
    # Two states that the deciding player cannot tell apart (the same information set,
    # other hidden cards and another future of the generator): a bot that never reads a
    # hidden card decides the same in both.
    for seed in (3, 8, 13):
        state = _mid(ruleset, seed)
        me = state.to_act
        assert me is not None
        other = mc.sample_state(state, me, random.Random(seed))
        assert mc.observe(other, me) == mc.observe(state, me)
        hidden = [
            [state.game.card(c).key for c in p.hand]
            for i, p in enumerate(state.game.players)
            if i != me
        ]
        redrawn = [
            [other.game.card(c).key for c in p.hand]
            for i, p in enumerate(other.game.players)
            if i != me
        ]
        if hidden != redrawn:
            break
    else:
        pytest.fail("no sample redrew the opponent's hand")
    assert make_bot(name, 5).choose(view(other)) == make_bot(name, 5).choose(view(state))


def test_the_random_bot_still_takes_a_state() -> None:
    state = _mid("mythos", 2)
    assert RandomBot(5).choose(state) == RandomBot(5).choose(view(state))


@needs_sampling("mythos")
def test_play_runs_a_game_of_bots_to_its_end() -> None:
    end = play(mc.new_game("mythos", seed=4), [HeuristicBot(1), RandomBot(2)])
    assert end.is_over
    again = play(mc.new_game("mythos", seed=4), [HeuristicBot(1), RandomBot(2)])
    assert again == end


def test_the_evaluation_scores_the_end_of_a_game() -> None:
    end = play_random(mc.new_game("mythos", seed=4), 4)
    assert end.winner is not None
    assert evaluate(mc.observe(end, end.winner), end.winner) == WIN
    assert evaluate(mc.observe(end, 1 - end.winner), 1 - end.winner) == -WIN


@needs_sampling("mythos")
def test_the_heuristic_bot_beats_the_random_bot() -> None:
    records = run(plan("mythos", ("guardians", "chaos"), ("heuristic", "random"), 12))
    assert summarize(records).wins["A"].count >= 9


@needs_sampling("mythos")
def test_the_search_bot_keeps_to_a_time_budget() -> None:
    state = _mid("mythos", 5)
    bot = MCTSBot(1, seconds=0.2)
    start = time.perf_counter()
    assert bot.choose(view(state)) in mc.legal_actions(state)
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_a_searching_bot_is_refused_where_the_ruleset_cannot_sample(ruleset: str) -> None:
    state = mc.new_game(ruleset, seed=1)
    check_bots(["random"], state)
    if SAMPLING[ruleset]:
        check_bots(["heuristic", "mcts:4"], state)
    else:
        with pytest.raises(MitoszError, match="cannot sample yet"):
            check_bots(["random", "mcts:4"], state)


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(MitoszError, match="unknown bot 'greedy'"):
        make_bot("greedy", 1)
    with pytest.raises(MitoszError, match="unknown bot 'mcts:0'"):
        make_bot("mcts:0", 1)


@needs_sampling("mythos")
def test_the_search_first_tries_every_action_then_spends_the_budget() -> None:
    state = play_random(_mid("mythos", 3), 3, lambda s: len(mc.legal_actions(s)) > 3)
    actions = mc.legal_actions(state)
    first = MCTSBot(4, playouts=len(actions)).search(view(state))
    assert set(first) == set(actions)
    assert all(visits == 1 for visits, _ in first.values())
    full = MCTSBot(4, playouts=60).search(view(state))
    assert sum(visits for visits, _ in full.values()) == 60
    assert max(visits for visits, _ in full.values()) > 60 // len(actions)


@needs_sampling("mythos")
def test_the_search_bot_plays_an_action_it_found_best() -> None:
    state = _mid("mythos", 8)
    bot = MCTSBot(6, playouts=40)
    stats = MCTSBot(6, playouts=40).search(view(state))
    chosen = bot.choose(view(state))
    most = max(visits for visits, _ in stats.values())
    contenders = {a: mean for a, (visits, mean) in stats.items() if visits >= bot.margin * most}
    assert chosen in contenders
    assert contenders[chosen] == max(contenders.values())
