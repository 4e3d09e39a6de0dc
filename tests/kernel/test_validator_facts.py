"""The validator's facts (Core v2, design change 4): no process-global cache keyed by
object ids. What it keeps between states is owned by a value (the configuration, or
the log node itself), so a fact of one value is never served for another that happens
to take its place in memory, and the debug mode recomputes each fact it finds."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.actions import Pass
from mitosz_core.kernel import validation
from mitosz_core.kernel.action import Decision, Log
from mitosz_core.kernel.validation import decisions_taken, log_facts, once


def test_a_fact_is_never_served_for_a_value_that_reuses_an_id(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Values made and dropped in a loop reuse the ids of the dropped ones; each asks
    for its fact under the same key and gets its own."""
    monkeypatch.setattr(validation, "CHECK_FACTS", False)
    base = mc.new_game("mitosz", seed=1).config
    ids: set[tuple[int, int]] = set()
    rounds = 300
    for i in range(rounds):
        config = replace(base, seed=i)
        part = tuple(range(i % 3))  # a new object each round, dropped at its end
        ids.add((id(config), id(part)))
        assert once(config, "probe", (part,), functools.partial(int, i)) == i
        del config, part
    assert len(ids) < rounds  # the loop did reuse ids: the test exercises it


def test_a_fact_is_kept_while_its_parts_are_the_same_objects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(validation, "CHECK_FACTS", False)
    config = mc.new_game("mitosz", seed=1).config
    part = tuple(range(4))
    calls: list[int] = []

    def counted(value: int) -> Callable[[], int]:
        def compute() -> int:
            calls.append(value)
            return value

        return compute

    assert once(config, "probe", (part,), counted(7)) == 7
    assert once(config, "probe", (part,), counted(8)) == 7
    assert calls == [7]
    equal = tuple(range(4))  # equal, but another object: worked out again
    assert once(config, "probe", (equal,), counted(9)) == 9
    other = replace(config, seed=2)  # another configuration owns no facts yet
    assert once(other, "probe", (equal,), counted(10)) == 10
    assert calls == [7, 9, 10]


def test_the_facts_are_no_part_of_the_configuration_value() -> None:
    s = mc.new_game("mitosz", seed=4)
    text = s.to_json()
    mc.State.from_json(text)  # validated: the decoded state's config now holds facts
    again = mc.State.from_json(text)
    assert again.config == s.config and hash(again.config) == hash(s.config)
    assert again.to_json() == text
    assert replace(again.config, seed=4)._facts is None  # a copy starts without them


def test_the_debug_mode_recomputes_a_fact_and_catches_a_stale_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(validation, "CHECK_FACTS", True)
    config = mc.new_game("mitosz", seed=1).config
    part = (1, 2)
    answers = iter([1, 1, 2])
    once(config, "probe", (part,), lambda: next(answers))
    once(config, "probe", (part,), lambda: next(answers))  # recomputed: 1 again
    with pytest.raises(AssertionError, match="stale validator fact"):
        once(config, "probe", (part,), lambda: next(answers))


def _brute_facts(log: Log, players: int) -> tuple[int | None, int]:
    decisions = log.as_tuple()
    bad = next((i for i, d in enumerate(decisions) if not 0 <= d.player < players), None)
    return bad, sum(not d.auto for d in decisions)


def test_each_log_node_holds_its_facts() -> None:
    """The facts of a log are those of its decisions, for logs built and dropped in a
    loop (each extending a shared one, or not), whatever player count is asked."""
    shared = Log.EMPTY
    for i in range(200):
        shared = shared.append(Decision(i % 3, Pass(), auto=i % 4 == 0))
    for i in range(300):
        log = shared if i % 2 else Log.EMPTY
        for j in range(i % 7):
            player = -1 if (i + j) % 11 == 0 else (i * j) % 5
            log = log.append(Decision(player, Pass(), auto=j % 3 == 0))
        for players in (2, 3, 4, 5):
            assert log_facts(log, players) == _brute_facts(log, players)
        del log
    assert log_facts(Log.EMPTY, 2) == (None, 0)


def test_decisions_taken_counts_the_decisions_of_a_game() -> None:
    s = mc.new_game("mitosz", seed=2)
    for _ in range(30):
        s = mc.apply(s, mc.legal_actions(s)[0])
    assert decisions_taken(s) == sum(not d.auto for d in s.history)
    assert decisions_taken(s) == 30
