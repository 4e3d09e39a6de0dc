"""The random generator: in range, permutations, and the same in every process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.kernel.rng import Rng

SRC = Path(mc.__file__).resolve().parents[1]
"""The directory this process imports ``mitosz_core`` from; the subprocesses use it too."""
seeds = st.integers(-(2**80), 2**80)


@given(seed=seeds, n=st.integers(1, 2**70) | st.integers(1, 12), draws=st.integers(1, 20))
@example(seed=0, n=2**64 + 1, draws=3)  # above one draw's span: once a loop without end
@example(seed=7, n=2**70, draws=5)
@example(seed=1, n=2**64, draws=5)
def test_below_is_in_range(seed: int, n: int, draws: int) -> None:
    rng = Rng.from_seed(seed)
    for _ in range(draws):
        value, nxt = rng.below(n)
        assert 0 <= value < n
        assert rng.below(n) == (value, nxt)  # a value: the same generator, the same draw
        rng = nxt


@given(seed=seeds, n=st.integers(1, 2**64))
def test_below_a_bound_of_one_draw_is_the_rejection_of_one_draw(seed: int, n: int) -> None:
    # the draws of every game: one 64-bit word a try, rejected at or above the largest
    # multiple of n (a wider bound must not change them)
    rng = Rng.from_seed(seed)
    limit = (2**64 // n) * n
    while True:
        word, rng = rng.next64()
        if word < limit:
            break
    assert Rng.from_seed(seed).below(n) == (word % n, rng)


@given(seed=seeds, n=st.integers(-5, 0))
def test_below_needs_a_positive_bound(seed: int, n: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng.from_seed(seed).below(n)


@given(seed=seeds, items=st.lists(st.integers(0, 5) | st.text(max_size=2), max_size=60))
def test_shuffled_is_a_permutation(seed: int, items: list[int | str]) -> None:
    rng = Rng.from_seed(seed)
    out, nxt = rng.shuffled(items)
    assert isinstance(out, tuple)
    assert Counter(map(repr, out)) == Counter(map(repr, items))
    assert rng.shuffled(items) == (out, nxt)
    assert rng.shuffled(tuple(items)) == (out, nxt)


@given(seed=seeds)
def test_from_seed_folds_to_64_bits(seed: int) -> None:
    assert Rng.from_seed(seed) == Rng.from_seed(seed % 2**64)
    assert 0 <= Rng.from_seed(seed).state < 2**64


FINGERPRINT = """
import hashlib, json, random, sys
import mitosz_core as mc
from mitosz_core.kernel.rng import Rng

def play(state, steps, seed, style):
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = mc.legal_actions(state)
        others = [a for a in legal if a.kind != "pass"]
        state = mc.apply(state, rng.choice(others if others and rng.random() < 0.85 else legal))
    return state

out = {}
for seed in (0, 7, -3, 2**65 + 11):
    order, rng = Rng.from_seed(seed).shuffled(list(range(40)))
    out[f"shuffle {seed}"] = [list(order), rng.state]
for players, seed in ((2, 5), (4, 99)):
    decks = ["egyptian", "celtic", "hellenic", "germanic"][:players]
    state = play(mc.new_game("mitosz", decks=decks, seed=seed, players=players), 150, seed, "build")
    out[f"game {players} {seed}"] = hashlib.sha256(state.to_json().encode()).hexdigest()
json.dump(out, sys.stdout, sort_keys=True)
"""


def _fingerprint(hashseed: str) -> dict[str, object]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    env["PYTHONPATH"] = str(SRC)
    proc = subprocess.run(
        [sys.executable, "-c", FINGERPRINT],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    result: dict[str, object] = json.loads(proc.stdout)
    return result


def test_rng_and_games_are_the_same_under_every_hash_seed() -> None:
    """Shuffles and whole games (their saved JSON) do not depend on ``PYTHONHASHSEED``
    or on the process: string and set hashing never leak into the game."""
    runs = {h: _fingerprint(h) for h in ("0", "4242", "random")}
    first = runs["0"]
    for hashseed, result in runs.items():
        assert result == first, f"PYTHONHASHSEED={hashseed} gives another result"
    # and the same as in this process
    order, rng = Rng.from_seed(7).shuffled(list(range(40)))
    assert first["shuffle 7"] == [list(order), rng.state]
    here = _fingerprint_here()
    assert first == here, "a subprocess plays differently from this process"


def _fingerprint_here() -> dict[str, object]:
    namespace: dict[str, object] = {}
    exec(FINGERPRINT.replace("json.dump(out, sys.stdout, sort_keys=True)", ""), namespace)
    out = namespace["out"]
    assert isinstance(out, dict)
    result: dict[str, object] = json.loads(json.dumps(out))  # lists for tuples, as in JSON
    return result
