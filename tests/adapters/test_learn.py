"""The learn extra's smoke run (``mitosz_core.adapters.learn``): MaskablePPO trains a
few hundred steps through the Gymnasium wrapper against each fixed opponent and plays
evaluation games; the schedule keeps the training and evaluation seeds apart, alternates
the learner's seat and rotates the built-in deck pairs. Skipped without the extra
(``pip install mitosz-core[learn]``); CI does not install it, ``nox -s learn`` runs it."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

REASON = "the learner needs the extra mitosz-core[learn] (sb3-contrib, torch)"
torch = pytest.importorskip("torch", reason=REASON)
pytest.importorskip("sb3_contrib", reason=REASON)

from mitosz_core.adapters import learn  # noqa: E402

pytestmark = pytest.mark.single_interpreter


def test_the_schedule_alternates_seats_rotates_decks_and_keeps_seeds_apart() -> None:
    train = learn.LearningEnv("mitosz", learn.TRAIN)
    evaluate = learn.LearningEnv("mitosz", learn.EVALUATE)
    pairs = learn.deck_pairs("mitosz")
    assert len(pairs) == 12 and all(a != b for a, b in pairs)
    seen: dict[int, set[int]] = {learn.TRAIN: set(), learn.EVALUATE: set()}
    learner_decks = []
    for k in range(2 * len(pairs)):
        for env in (train, evaluate):
            env.reset()
            assert env.state is not None and env.seat == k % 2
            seen[env.parity].add(env.state.config.seed)
            decks = tuple(d.name for d in env.state.config.decks)
            assert decks[env.seat] == pairs[k // 2][0]
            assert decks[1 - env.seat] == pairs[k // 2][1]
        learner_decks.append(pairs[k // 2][0])
    assert not seen[learn.TRAIN] & seen[learn.EVALUATE]
    assert len(seen[learn.TRAIN]) == 2 * len(pairs)
    assert sorted(set(learner_decks)) == sorted({a for a, _ in pairs})


def test_a_short_training_runs_and_is_evaluated_and_timed() -> None:
    training = learn.train("mythos", 128, 64, seed=1, n_steps=64)
    assert training.timers.steps >= 192
    assert 0 < training.adapter_share < training.environment_share < 1
    evaluation = learn.evaluate(training.model, "mythos", games=2)
    assert evaluation.wins.of == 2
    outcome = learn.Outcome("mythos", training, evaluation)
    text = learn.table([outcome])
    assert "     - 2\n" in text and f"{training.timers.steps:,} (128 + 64)" in text
    assert "not so far (2 of 200 games)" in text or "so far (2 of 200 games)" in text


def test_mitosz_trains_and_plays_through_the_candidates() -> None:
    training = learn.train("mitosz", 64, 0, seed=2, n_steps=64)
    evaluation = learn.evaluate(training.model, "mitosz", games=1)
    assert evaluation.wins.of == 1 and evaluation.unfinished + evaluation.draws <= 1


def test_a_game_stopped_at_the_length_limit_is_no_win() -> None:
    env = learn.LearningEnv("mythos", learn.EVALUATE)
    env._limit = 3  # stop the game after three decisions
    env.reset()
    assert not env.won  # the game goes on
    truncated = over = False
    while not (truncated or over):
        legal = env.action_masks().nonzero()[0]
        _, _, over, truncated, _ = env.step(int(legal[0]))
    assert truncated and not env.won


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_the_train_an_agent_script_runs_with_a_tiny_budget(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TRAIN_STEPS", "64")
    monkeypatch.setenv("EVALUATE_GAMES", "2")
    runpy.run_path(str(EXAMPLES / "train_agent.py"), run_name="__main__")
    assert re.fullmatch(
        r"mythos: [012] wins in 2 games against random, 95% \[\d+%, \d+%\]\n",
        capsys.readouterr().out,
    )


def test_the_train_an_agent_page_shows_the_tested_script_and_is_linked() -> None:
    docs = EXAMPLES.parent
    page = (docs / "howto-train.rst").read_text(encoding="utf-8")
    assert ".. literalinclude:: examples/train_agent.py" in page
    assert "   howto-train\n" in (docs / "index.rst").read_text(encoding="utf-8")
    assert ":doc:`howto-train`" in (docs / "ai.rst").read_text(encoding="utf-8")


def test_the_policy_scores_candidates_not_slots() -> None:
    """Two candidates' rows swapped, their logits swap: a candidate's score depends on
    its features and the observation, not on its place in the list."""
    env = learn.LearningEnv("mythos", learn.TRAIN)
    policy = learn.new_model(env, seed=0, n_steps=64).policy
    observation, _ = env.reset()
    features = {k: torch.as_tensor(v, dtype=torch.float32)[None] for k, v in observation.items()}
    with torch.no_grad():
        logits = policy.action_net(policy.extract_features(features))
        swapped = dict(features)
        rows = features["candidates"].clone()
        rows[0, [0, 1]] = rows[0, [1, 0]]
        swapped["candidates"] = rows
        after = policy.action_net(policy.extract_features(swapped))
    assert logits.shape == (1, env.action_space.n)
    assert torch.allclose(after[0, [1, 0]], logits[0, [0, 1]])
    assert not torch.allclose(logits[0, 0], logits[0, 1])
