"""The bots (``mitosz_core.bots``): legal, seeded and reproducible choices; the heuristic
bot is stronger than the random one; the search bot keeps to its budget."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.bots import HeuristicBot, MCTSBot, RandomBot, check_bots, make_bot, mcts, play
from mitosz_core.bots.evaluate import SPOILS, WIN, evaluate, mitosz_threat
from mitosz_core.bots.heuristic import scores, settle
from mitosz_core.bots.mcts import SEARCHED, THREAT, TURNS, WIN_VALUE
from mitosz_core.errors import MitoszError
from mitosz_core.kernel.view import view
from mitosz_core.mitosz import Leader, People, Phase, Position, Side
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


def _searched(ruleset: str, seed: int) -> tuple[mc.State[Any], MCTSBot]:
    """A position whose decision the search bot searches (its prior keeps two or more
    actions), and such a bot."""
    for s in range(seed, seed + 40):
        state = play_random(_mid(ruleset, s), s, lambda s: len(mc.legal_actions(s)) > 3)
        bot = MCTSBot(4, playouts=12, spread=1000.0)
        if mc.is_settled(state):
            return state, bot
    pytest.fail("no position outside an interruption")


@needs_sampling("mythos")
def test_the_search_keeps_the_priors_best_tries_each_then_spends_the_budget() -> None:
    state, bot = _searched("mythos", 3)
    me = state.to_act
    assert me is not None
    stats = bot.search(view(state))
    assert len(stats) == min(bot.candidates, len(mc.legal_actions(state)))
    assert all(visits >= 1 for visits, _ in stats.values())
    assert sum(visits for visits, _ in stats.values()) == bot.budget("mythos")
    # The children are the actions the heuristic scores best on the bot's first
    # determinization (the same generator, so the same sample).
    rng = random.Random(4)
    first = view(state).sample(rng)
    actions = mc.legal_actions(state)
    prior = scores(first, me, actions, rng, bot.reply_steps)
    best = sorted(range(len(actions)), key=lambda i: -prior[i])[: bot.candidates]
    assert set(stats) == {actions[i] for i in best}


@needs_sampling("mythos")
def test_a_decision_the_prior_settles_is_not_searched() -> None:
    state, _ = _searched("mythos", 3)
    # With no spread allowed only the prior's best is kept: no playout is spent.
    bot = MCTSBot(4, playouts=12, spread=-1.0)
    stats = bot.search(view(state))
    assert len(stats) == 1
    assert [visits for visits, _ in stats.values()] == [0]
    assert MCTSBot(4, playouts=12, spread=-1.0).choose(view(state)) in stats


@pytest.mark.parametrize(
    "ruleset", [pytest.param(r, marks=[needs_sampling(r)]) for r in ("mitosz", "mythos")]
)
def test_a_playout_ends_at_its_horizon(ruleset: str) -> None:
    state, _ = _searched(ruleset, 5)
    me = state.to_act
    assert me is not None
    sample = view(state).sample(random.Random(2))
    for action in mc.legal_actions(state)[:2]:
        # turns=2: until the bot decides again in its next turn.
        end, value = MCTSBot(1, turns=2).playout(sample, action, me)
        assert -WIN_VALUE <= value <= WIN_VALUE
        if not end.is_over:
            assert end.turn > state.turn
            assert end.to_act == me
            assert mc.observe(end, me)["active"] == me
            assert mc.is_settled(end)
        # turns=1: until the bot's turn ends.
        end, _ = MCTSBot(1, turns=1).playout(sample, action, me)
        assert end.is_over or end.turn == state.turn + 1
        # turns=0: the heuristic bot's horizon, the quiet replies after the action.
        end, value = MCTSBot(1, turns=0).playout(sample, action, me)
        quiet = settle(mc.apply(sample, action), me, random.Random(1), 16)
        assert (end.turn, end.phase, end.to_act) == (quiet.turn, quiet.phase, quiet.to_act)


@needs_sampling("mythos")
def test_the_search_is_the_same_for_states_the_bot_cannot_tell_apart() -> None:
    state, bot = _searched("mythos", 8)
    me = state.to_act
    assert me is not None
    other = mc.sample_state(state, me, random.Random(99))
    assert mc.observe(other, me) == mc.observe(state, me)
    assert other != state
    again = MCTSBot(4, playouts=12, spread=1000.0)
    assert bot.search(view(state)) == again.search(view(other))


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


def _mitosz_at(prefix: str, seed: int) -> mc.State[Any]:
    """A Mítosz position some way into a game, in a machine state starting with
    ``prefix``, with more than two legal actions."""
    for s in range(seed, seed + 40):
        state = play_random(
            _mid("mitosz", s),
            s,
            lambda st: st.phase.startswith(prefix) and len(mc.legal_actions(st)) > 2,
        )
        if not state.is_over:
            return state
    pytest.fail(f"no Mítosz position in {prefix}")


@needs_sampling("mitosz")
def test_the_mitosz_search_spends_its_budget_only_on_the_decisions_it_searches() -> None:
    assert SEARCHED["mitosz"] == {Phase.SUMMONING_1, Phase.COMBAT, Phase.SUMMONING_2}
    summoning = _mitosz_at("turn.summoning", 3)
    stats = MCTSBot(4, playouts=6, spread=1000.0).search(view(summoning))
    assert len(stats) >= 2
    assert sum(visits for visits, _ in stats.values()) == 6
    # The end of the turn (regaining sphere points, discarding) is not searched by
    # default: the prior's best is played, with no playout; searched=None on a ruleset
    # SEARCHED does not name, or a phase given, searches it.
    end = _mitosz_at("turn.end", 3)
    assert mc.turn_phase(end) == Phase.END
    assert mc.turn_phase(end) not in SEARCHED["mitosz"]
    stats = MCTSBot(4, playouts=6, spread=1000.0).search(view(end))
    assert [visits for visits, _ in stats.values()] == [0]
    stats = MCTSBot(4, playouts=6, spread=1000.0, searched={Phase.END}).search(view(end))
    assert sum(visits for visits, _ in stats.values()) == 6


@needs_sampling("mitosz")
def test_a_search_bot_that_searches_nothing_plays_as_the_heuristic_bot() -> None:
    # searched=() leaves every decision to the prior: the heuristic bot's scores on the
    # same first determinization, drawn from the same seeded generator.
    for seed, prefix in ((3, "turn.summoning"), (5, "turn.combat.declare"), (7, "turn.end")):
        state = _mitosz_at(prefix, seed)
        for bot_seed in (1, 2):
            expected = HeuristicBot(bot_seed).choose(view(state))
            assert MCTSBot(bot_seed, searched=()).choose(view(state)) == expected


@needs_sampling("mitosz")
def test_the_mitosz_search_is_seeded_and_the_same_whatever_the_hidden_cards_are() -> None:
    state = _mitosz_at("turn.summoning", 8)
    me = state.to_act
    assert me is not None
    other = mc.sample_state(state, me, random.Random(99))
    assert mc.observe(other, me) == mc.observe(state, me)
    assert other != state
    first = MCTSBot(4, playouts=6, spread=1000.0).search(view(state))
    assert sum(visits for visits, _ in first.values()) == 6
    assert MCTSBot(4, playouts=6, spread=1000.0).search(view(state)) == first
    assert MCTSBot(4, playouts=6, spread=1000.0).search(view(other)) == first


def _threatened(*, tyrant_turned: bool, pharaoh_turned: bool) -> mc.State[Any]:
    """Zeus's player (0) with the Spartans (open roads of level 3) and the Pharaoh
    (level 2); Athena's player with the Fomorian Tyrant (level 5), at the start of
    Athena's player's turn."""
    deck = ("Athenians", "Spartans", "Arcadian Shepherds") * 2
    zeus = Side(
        "Zeus (high god)",
        empire=(People("Spartans"),),
        leaders=(Leader("Pharaoh", turned=pharaoh_turned),),
        deck=deck,
    )
    athena = Side(
        "Athena (high god)",
        empire=(People("Athenians"),),
        leaders=(Leader("Fomorian Tyrant", turned=tyrant_turned),),
        deck=deck,
    )
    return Position(players=(zeus, athena), turn=6, active=1).state()


def test_the_threat_counts_an_open_road_to_a_stronger_unturned_leader() -> None:
    def threat(state: mc.State[Any]) -> float:
        game = state.game
        return mitosz_threat(mc.observe(state, 0), 0, lambda card: game.card(card).power)

    # The Tyrant (5) against the Spartans' road (3) and the Pharaoh (2): a margin of 0,
    # odds of 1/3; with the Pharaoh turned, a margin of 2, the Spartans (2 power) and a
    # sphere point at stake for sure; with the Tyrant turned, no attacker.
    defended = threat(_threatened(tyrant_turned=False, pharaoh_turned=False))
    exposed = threat(_threatened(tyrant_turned=False, pharaoh_turned=True))
    assert exposed == pytest.approx(2 + SPOILS)
    assert defended == pytest.approx(exposed / 3)
    assert threat(_threatened(tyrant_turned=True, pharaoh_turned=True)) == 0.0


def test_the_mitosz_leaf_value_is_lower_with_a_people_exposed_to_the_next_attack() -> None:
    assert THREAT["mitosz"] > 0 and "mythos" not in THREAT
    exposed = _threatened(tyrant_turned=False, pharaoh_turned=True)
    safe = _threatened(tyrant_turned=True, pharaoh_turned=True)
    # The evaluation does not tell the two apart; the leaf value of a playout that stops
    # before the opponent's turn (turns=1) does.
    assert evaluate(mc.observe(exposed, 0), 0) == evaluate(mc.observe(safe, 0), 0)
    bot = MCTSBot(1, turns=1)
    assert bot.value(exposed, 0) < bot.value(safe, 0)
    assert bot.value(safe, 0) == evaluate(mc.observe(safe, 0), 0)
    unweighted = MCTSBot(1, turns=1, threat=0.0)
    assert unweighted.value(exposed, 0) == unweighted.value(safe, 0)
    # By default a Mítosz playout stops at the end of the bot's turn and counts the
    # threat; one that goes on to the bot's next turn sees the battle played instead.
    assert TURNS["mitosz"] == 1
    assert MCTSBot(1).value(exposed, 0) < MCTSBot(1).value(safe, 0)
    assert MCTSBot(1, turns=2).value(exposed, 0) == MCTSBot(1, turns=2).value(safe, 0)


def test_the_search_bots_default_budget_is_its_rulesets() -> None:
    """Without ``playouts``, a searched decision gets the ruleset's default budget
    (``mcts.PLAYOUTS``, raised with the engine's speed); a given budget is kept."""
    bot = MCTSBot(1)
    for ruleset, budget in mcts.PLAYOUTS.items():
        assert bot.budget(ruleset) == budget
    assert bot.budget("another") == mcts.DEFAULT_PLAYOUTS
    assert MCTSBot(1, playouts=3).budget("mitosz") == 3
    given, default = make_bot("mcts:5", 1), make_bot("mcts", 1)
    assert isinstance(given, MCTSBot) and isinstance(default, MCTSBot)
    assert given.budget("mythos") == 5
    assert default.budget("mythos") == mcts.PLAYOUTS["mythos"]
