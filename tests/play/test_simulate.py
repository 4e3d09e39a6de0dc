"""Simulation (``mitosz_core.simulate``): the plan swaps seats, the records are the same
on any backend, the summary counts right, and the Wilson interval is the textbook one."""

from __future__ import annotations

from pathlib import Path

import pytest

import mitosz_core as mc
from benchmarks import strength
from mitosz_core import simulate as sim


def test_the_plan_swaps_seats_on_each_seed() -> None:
    specs = sim.plan("mythos", ("guardians", "chaos"), ("heuristic", "random"), 4, first_seed=7)
    assert [s.seed for s in specs] == [7, 7, 8, 8]
    assert [s.sides for s in specs] == [("A", "B"), ("B", "A")] * 2
    assert specs[1].decks == ("chaos", "guardians")
    assert specs[1].bots == ("random", "heuristic")


def test_wilson_interval() -> None:
    # the values of the Wilson score interval for 8 of 10 and 0 of 20
    low, high = sim.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    low, high = sim.wilson(0, 20)
    assert low == 0.0
    assert high == pytest.approx(0.1611, abs=1e-4)
    assert sim.wilson(0, 0) == (0.0, 1.0)


def test_a_record_is_the_game_its_seed_replays() -> None:
    spec = sim.plan("mythos", ("guardians", "chaos"), ("random", "random"), 2, first_seed=3)[1]
    record = sim.play_game(spec)
    assert record.sides == ("B", "A")
    assert sim.play_game(spec).same_game(record)
    end = mc.bots.play(
        mc.new_game("mythos", decks=list(spec.decks), seed=3),
        [
            mc.bots.make_bot("random", spec.bot_seed(0)),
            mc.bots.make_bot("random", spec.bot_seed(1)),
        ],
    )
    assert record.winner == (None if end.winner is None else spec.sides[end.winner])
    assert record.turns == end.turn


def test_local_processes_give_the_same_records() -> None:
    specs = sim.plan("mythos", ("guardians", "chaos"), ("random", "random"), 6)
    alone = sim.run(specs)
    seen: list[int] = []
    pooled = sim.run(specs, jobs=2, on_record=lambda r: seen.append(r.index))
    assert sorted(seen) == list(range(6))
    assert all(a.same_game(b) for a, b in zip(alone, pooled, strict=True))


def test_the_summary_counts_the_records() -> None:
    records = sim.run(sim.plan("mythos", ("guardians", "chaos"), ("random", "random"), 8))
    s = sim.summarize(records)
    wins_a = sum(r.winner == "A" for r in records)
    wins_b = sum(r.winner == "B" for r in records)
    assert (s.wins["A"].count, s.wins["B"].count) == (wins_a, wins_b)
    assert s.draws.count == 8 - wins_a - wins_b
    assert sum(s.endings.values()) == 8
    assert s.mean_turns == sum(r.turns for r in records) / 8
    winners_cards = [c for r in records if r.winner == "A" for c in r.played[0]]
    if s.top_cards["A"]:
        top, count = s.top_cards["A"][0]
        assert count == winners_cards.count(top) == max(map(winners_cards.count, winners_cards))


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(mc.MitoszError, match="unknown backend 'spark'"):
        sim.run([], backend="spark")


def test_the_strength_matches_come_in_balanced_groups_of_four() -> None:
    match = strength.matches(8)[1]
    specs = strength.specs("mythos", match, 10)
    assert [s.index for s in specs] == list(range(10))
    for k in range(0, 8, 4):
        group = specs[k : k + 4]
        seats = sorted(s.bots.index(match.bot) for s in group)
        decks = sorted(s.decks[s.bots.index(match.bot)] for s in group)
        assert seats == [0, 0, 1, 1]
        assert decks == ["chaos", "chaos", "guardians", "guardians"]
        assert all(s.sides[s.bots.index(match.bot)] == "A" for s in group)
    assert len({s.seed for s in specs}) == 5  # a seed for each deck order of a group


def test_a_strength_log_gives_the_table_of_its_whole_groups(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    match = strength.matches(8)[0]
    played = strength.play("mythos", match, 6, 1, log=log)
    assert played.summary.games == 6
    assert len(log.read_text(encoding="utf-8").splitlines()) == 6
    (outcome,) = strength.from_log([log, log])  # a game logged twice counts once
    assert outcome.summary.games == 4  # the group of the last two is not whole
    assert outcome.match == match
    first_four = sim.summarize(sim.run(strength.specs("mythos", match, 4)))
    assert outcome.summary.wins == first_four.wins
