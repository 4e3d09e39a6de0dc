"""``mitosz-core play`` driven through a pseudo-terminal (pexpect), as a person plays it:
a few full turns, card help, undo, save and resume; and the parts it is built from."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.console.play import action_texts, find_card, undo
from tests.helpers import play_random
from tests.play.positions import positions

pexpect = pytest.importorskip("pexpect")

PROMPT = r"choose 1-\d+ or a command> "


def _spawn(*args: str) -> Any:
    """The real program in a pseudo-terminal of 50 rows and 120 columns."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "mitosz_core", "play", *args],
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
        env={"PATH": "/usr/bin:/bin", "TERM": "xterm", "PYTHONPATH": str(Path.cwd() / "src")},
    )
    return child


def test_a_person_plays_on_from_a_position_and_undoes_back_to_it(tmp_path: Path) -> None:
    judge = Path(__file__).parents[2] / "docs" / "examples" / "judge.toml"
    child = _spawn("--position", str(judge), "--bot", "random", "--save-to", str(tmp_path / "g"))
    child.expect(r"Your decision[^(]*\(turn\.summoning_1\)")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("nothing to undo")
    child.expect(PROMPT)
    child.sendline("2")
    child.expect("you: places the people")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("undone: your last decision")
    child.expect("Turn 5: P0's turn")  # back at the position, not at a set-up
    child.expect(r"Your decision[^(]*\(turn\.summoning_1\)")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_a_person_plays_three_turns_asks_for_help_undoes_saves_and_resumes(
    ruleset: str, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    child = _spawn("--ruleset", ruleset, "--seed", "2", "--bot", "random", "--save-to", str(saved))
    child.expect(PROMPT)
    child.sendline("help zeus")
    child.expect(r"Zeus[^\n]*: [^\n]*(god|high god)")
    child.expect(PROMPT)
    child.sendline("frobnicate")
    child.expect("not understood")
    turns_seen = 0
    while turns_seen < 3:
        index = child.expect([PROMPT, r"turn \d+ begins", "Game over"])
        if index == 0:
            child.sendline("1")
        elif index == 1:
            turns_seen += 1
        else:
            break
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("undone: your last decision")
    child.expect(PROMPT)
    child.sendline("save")
    child.expect("saved to")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    state = mc.State.from_json(saved.read_text(encoding="utf-8"))
    assert state.turn >= 3 and state.to_act == 0

    again = _spawn("--resume", str(saved), "--bot", "random")
    again.expect(rf"Turn {state.turn}: ")
    again.expect(PROMPT)
    again.sendline("1")
    again.expect("you: ")
    again.sendeof()
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_undo_goes_back_to_before_ones_last_decision() -> None:
    states = [mc.new_game("mitosz", seed=3)]
    state = states[0]
    rng = random.Random(3)
    while state.turn < 4:
        state = mc.apply(state, rng.choice(mc.legal_actions(state)))
        states.append(state)
    mine = [k for k in range(len(states) - 1) if states[k].to_act == 0]
    assert undo(state, 0, ()) == states[mine[-1]]
    assert undo(mc.new_game("mythos", seed=1), 1, ()) is None


def test_every_legal_action_has_its_own_text() -> None:
    for _name, state in positions():
        if state.is_over:
            continue
        texts = action_texts(state)
        assert len(texts) == len(mc.legal_actions(state)) == len(set(texts))


def test_card_help_finds_a_card_by_key_or_name() -> None:
    state = play_random(mc.new_game("mitosz", seed=1), 1, lambda s: True)
    assert [d.key for d in find_card(state, "zeus (HIGH GOD)")] == ["Zeus (high god)"]
    assert {d.key for d in find_card(state, "Zeus")} >= {"Zeus (high god)"}
    assert find_card(state, "no such card") == []
