"""Chapter 6 (a játék menete): set-up, the turn's phases, summoning, the counter round."""

from __future__ import annotations

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass, PlacePeople, Summon
from mitosz_core.games.mitosz.rules.board import remove_to_underworld
from mitosz_core.games.mitosz.rules.setup import _turn_order
from mitosz_core.kernel.rng import Rng
from tests.helpers import play_random
from tests.mitosz.fixtures import act, pass_until, put_leader, start, start_sky, to_hand


@pytest.mark.rule("6.1", "6.1.1")
def test_lowest_revealed_number_starts_and_ties_reveal_again() -> None:
    number = [5, 2, 2, 9, 1, 7, 0, 3]
    # player p's deck is (p*2, p*2+1): first reveal numbers 5, 2, 1, 0 -> order 3, 2, 1, 0
    decks = [(0, 1), (2, 3), (4, 5), (6, 7)]
    order, reveals, _ = _turn_order([0, 1, 2, 3], decks, number, Rng.from_seed(1))
    assert order == [3, 2, 1, 0]
    assert reveals == [[0], [2], [4], [6]]
    # players 0 and 1 tie on 2, then reveal again: 9 vs 3
    tie = [2, 9, 2, 3]
    order, reveals, _ = _turn_order([0, 1], [(0, 1), (2, 3)], tie, Rng.from_seed(1))
    assert order == [1, 0]
    assert reveals == [[0, 1], [2, 3]]


@pytest.mark.rule("6.1.1", "6.1.2")
def test_setup_orders_players_and_deals_hands() -> None:
    for players in (2, 3, 4):
        s = start(seed=players, players=players)
        reveals = s.game.opening_reveals
        firsts = [s.game.card(r[0]).card_number for r in reveals]
        starter = s.game.order[0]
        assert firsts[starter] == min(firsts)
        assert s.game.active == starter and s.to_act == starter
        for i, p in enumerate(s.game.players):
            assert len(p.hand) == (9 if i == starter else 7)  # 7, plus the first draw
        assert s.phase == "turn.summoning_1"


@pytest.mark.rule("6.2", "6.2.1", "6.2.1.1", "6.2.2", "6.2.3", "6.2.3.1", "6.2.3.3", "6.2.4")
def test_a_turn_runs_its_phases_in_order() -> None:
    s = start(auto_pass=False)
    me = s.game.active
    seen = [s.phase]
    while s.game.active == me:
        s = act(s, Pass() if Pass() in mc.legal_actions(s) else mc.legal_actions(s)[0])
        if s.phase != seen[-1]:
            seen.append(s.phase)
    assert seen[0] == "turn.summoning_1"
    assert seen.index("turn.summoning_2") < seen.index("turn.end.discard")
    assert seen[-1] == "turn.summoning_1"  # the next player's turn, after its draw
    assert s.turn == 2


@pytest.mark.rule("6.2.4.6")
def test_nobody_acts_between_two_turns() -> None:
    s = start()
    me = s.game.active
    s = pass_until(s, "turn.end.discard")
    while s.game.active == me:
        s = act(s, mc.legal_actions(s)[0])
    assert s.to_act == s.game.active != me
    last = s.history[-1]
    assert last.player == me  # the previous decision was the old active player's


@pytest.mark.rule("6.2.3.2")
def test_the_combat_phase_sits_between_the_summoning_steps() -> None:
    s = start()
    s = act(s, Pass())
    assert s.phase == "turn.summoning_2"  # no fight is declarable yet (chapter 7)


@pytest.mark.rule("6.3", "6.3.1", "6.3.2", "6.3.3", "6.3.5", "6.3.6", "6.3.8", "6.4", "6.4.1")
def test_the_summoning_procedure_with_its_counter_round() -> None:
    s = start_sky(auto_pass=False)
    me = s.game.active
    other = 1 - me
    s, hero = to_hand(s, me, "Hero")
    before = s.game.players[me].spheres
    s = act(s, Summon(hero))
    # 6.3.3: shown and paid; 6.3.5: a counter round opens before it reaches the board
    assert s.phase == "counter.respond"
    assert hero not in s.game.players[me].hand
    assert all(x.card != hero for x in s.game.players[me].leaders)
    assert s.game.players[me].spheres == (before[0], before[1] - 1, before[2], before[3])
    assert mc.observe(s, other)["stack"][0]["card"]["id"] == hero
    # 6.4.1: the affected player (the summoner) decides first, then turn order
    assert s.to_act == me
    s = act(s, Pass())
    assert s.to_act == other
    s = act(s, Pass())
    # 6.3.6: on the board, an event (6.5.1): the other player, who holds a reaction, may
    # answer it in an event window; then the summoning is over (6.3.8)
    assert s.phase == "response.respond" and s.to_act == other
    s = act(s, Pass())
    assert s.phase == "turn.summoning_1"
    assert s.game.players[me].leaders[-1].card == hero
    assert s.game.stack == ()


@pytest.mark.rule("6.4.1")
def test_counter_round_order_with_three_players() -> None:
    s = start_sky(players=3, auto_pass=False)
    me = s.game.active
    s, hero = to_hand(s, me, "Hero")
    s = act(s, Summon(hero))
    order = list(s.game.order)
    deciders = []
    while s.phase == "counter.respond":
        assert s.to_act is not None
        deciders.append(s.to_act)
        s = act(s, Pass())
    start_at = order.index(me)
    assert deciders == [order[(start_at + k) % 3] for k in range(3)]


@pytest.mark.rule("6.3.6")
@pytest.mark.ruling("R-6.3.6")
def test_an_item_whose_leader_left_during_the_counter_round_goes_to_the_underworld() -> None:
    """Ruling R-6.3.6."""
    s = start_sky(auto_pass=False)
    me = s.game.active
    s, hero = put_leader(s, me, "Hero")
    s, sword = to_hand(s, me, "Sword")
    s = act(s, Summon(sword, hero))
    s = remove_to_underworld(s, hero)  # as a response would, during the counter round
    s = act(act(s, Pass()), Pass())
    assert sword in s.game.players[me].underworld


@pytest.mark.rule("6.3.8", "3.2.1")
def test_peoples_and_high_gods_are_not_summoned() -> None:
    s = start()
    me = s.game.active
    s, cross = to_hand(s, me, "Cross")
    assert Summon(cross) not in mc.legal_actions(s)
    with pytest.raises(mc.IllegalActionError, match=r"a people is not summoned \(6.2.3.1, 6.3.8\)"):
        act(s, Summon(cross))
    assert PlacePeople(cross, 0, 0) in mc.legal_actions(s)


@pytest.mark.rule("6.1.4")
def test_passing_ends_the_phase() -> None:
    s = start()
    s = act(s, Pass())
    assert s.phase == "turn.summoning_2"
    s = act(s, Pass())
    assert s.phase.startswith("turn.end") or s.game.active != start().game.active


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.rule("1.1.1", "1.3.4")
def test_random_games_end_by_the_rules(players: int) -> None:
    endings = set()
    for seed in range(12):
        s = play_random(mc.new_game(seed=seed, players=players), seed=seed)
        assert s.is_over and s.phase == "over" and s.to_act is None
        assert s.game.ending in {"power", "deck-out"}
        endings.add(s.game.ending)
        if s.game.ending == "power" and s.winner is not None:
            assert mc.observe(s, 0)["players"][s.winner]["power"] >= 12
    assert "power" in endings
