"""Kernel values: the persistent log, the RNG, the codec."""

from __future__ import annotations

import pytest

from mitosz_core.errors import DecodeError
from mitosz_core.games.mitosz.actions import Pass, Regain
from mitosz_core.games.mitosz.cards import Sphere
from mitosz_core.games.mitosz.engine import ACTION_TYPES
from mitosz_core.kernel.action import Decision, Log
from mitosz_core.kernel.codec import Decoder, encode
from mitosz_core.kernel.rng import Rng


def test_log_appends_share_their_tail_and_compare_iteratively() -> None:
    a = Log.EMPTY
    for i in range(20_000):
        a = a.append(Decision(i % 2, Pass()))
    b = Log.of(list(a))
    assert a == b and hash(a) == hash(b)
    assert len(a) == 20_000
    c = a.append(Decision(0, Pass()))
    assert len(a) == 20_000 and len(c) == 20_001
    assert a != c


def test_rng_known_values_pin_the_algorithm() -> None:
    value, nxt = Rng.from_seed(0).next64()
    assert value == 0xE220A8397B1DCDAF  # SplitMix64 from state 0
    assert nxt == Rng(0x9E3779B97F4A7C15)


def test_rng_below_and_shuffle() -> None:
    rng = Rng.from_seed(42)
    seen = set()
    for _ in range(500):
        v, rng = rng.below(6)
        seen.add(v)
    assert seen == set(range(6))
    out, _ = Rng.from_seed(1).shuffled(range(30))
    assert sorted(out) == list(range(30))
    with pytest.raises(ValueError, match="positive"):
        rng.below(0)


def test_codec_round_trips_enums_and_optional_tuples() -> None:
    decoder = Decoder({cls.kind: cls for cls in ACTION_TYPES})
    action = Regain(Sphere.WEALTH)
    assert decoder.action(encode(action)) == action
    with pytest.raises(DecodeError, match=r"\$\.sphere: expected one of"):
        decoder.action({"type": "regain", "sphere": "gold"})
    with pytest.raises(DecodeError, match="unknown field 'extra'"):
        decoder.action({"type": "pass", "extra": 1})
    with pytest.raises(DecodeError, match="missing field 'sphere'"):
        decoder.action({"type": "regain"})
    with pytest.raises(DecodeError, match="expected an integer, got a boolean"):
        decoder.action({"type": "discard", "card": True})
