"""The fuzz harness itself: it tells library errors from failures, and its structural
mutations write the inputs they claim to (repeated keys, huge numbers, deep nesting)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from tests.fuzz import harness
from tests.fuzz.mutations import (
    FUZZ_LIMITS,
    REPEAT,
    Raw,
    dump_json,
    mutated_json,
    mutated_text,
    mutated_toml,
)
from tests.fuzz.targets import same_json


def _loader(value: str) -> str:
    if value == "library":
        raise mc.DecodeError("$", "refused")
    if value == "crash":
        raise KeyError("boom")
    if value == "known":
        raise ValueError("left to other work")
    return value


def _known(exc: BaseException) -> str | None:
    return "other work" if isinstance(exc, ValueError) else None


TARGET = harness.Target("harness/self test", st.just("ok"), _loader, known=_known)


def test_outcomes_are_told_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(harness.ENV_FAILURES, str(tmp_path))
    for value in ("ok", "library", "known"):
        harness.exercise(TARGET, value, collect=False)
    with pytest.raises(KeyError, match="boom"):
        harness.exercise(TARGET, "crash", collect=False)
    harness.exercise(TARGET, "crash", collect=True)
    figures = harness.FIGURES.pop(TARGET.name)
    assert (figures.tried, figures.valid) == (5, 1)
    assert figures.errors == {"DecodeError": 1}
    assert figures.known == {"other work": 1}
    assert figures.failures == {"KeyError: 'boom'": 2}
    saved = sorted(p.name for p in tmp_path.iterdir())
    assert [name.split(".")[-1] for name in saved] == ["input", "txt"]
    assert all(name.startswith("harness-self-test-") for name in saved)


def test_a_failing_check_is_a_failure() -> None:
    def check(value: object, result: object) -> None:
        raise harness.CheckFailed("wrong")

    target = harness.Target("harness-check", st.just("ok"), _loader, check)
    with pytest.raises(harness.CheckFailed):
        harness.exercise(target, "ok", collect=False)
    assert harness.FIGURES.pop(target.name).failures == {"CheckFailed: wrong": 1}


def test_dump_writes_repeated_keys_and_raw_numbers_the_library_refuses() -> None:
    text = dump_json({"type": "discard", "card": 1, f"{REPEAT}2{REPEAT}card": Raw("9" * 500)})
    assert text == '{"type":"discard","card":1,"card":' + "9" * 500 + "}"
    with pytest.raises(mc.DecodeError, match="digits"):
        mc.action_from_json("mitosz", text)
    with pytest.raises(mc.DecodeError, match="appears more than once"):
        mc.action_from_json("mitosz", dump_json({"a": 1, f"{REPEAT}1{REPEAT}a": 2}))


def test_same_json_compares_types_exactly() -> None:
    assert same_json({"a": [1, "x", None]}, json.loads('{"a": [1, "x", null]}'))
    assert not same_json({"a": True}, {"a": 1})
    assert not same_json([1.0], [1])
    assert not same_json({"a": 1}, {"b": 1})


CORPUS = ('{"type": "discard", "card": 3}', '[{"type": "pass"}, {"type": "regain"}]')


@settings(max_examples=50, deadline=None)
@given(mutated_json(CORPUS, ("pass", "discard")))
def test_structural_json_mutations_stay_within_the_fuzz_limits_or_near(text: str) -> None:
    assert len(text) <= 2 * FUZZ_LIMITS.json_bytes


@settings(max_examples=30, deadline=None)
@given(mutated_toml(['a = 1\n[t]\nb = "x"\nc = [1, 2]\n']))
def test_structural_toml_mutations_write_toml(text: str) -> None:
    assert isinstance(text, str)


@pytest.mark.filterwarnings("ignore:Generating overly large repr")
@pytest.mark.parametrize(
    ("strategy", "found"),
    [
        (mutated_text(CORPUS), lambda t: t not in CORPUS),
        (mutated_json(CORPUS), lambda t: "9" * 101 in t),
        (mutated_json(CORPUS), lambda t: "[[[[[[[[[[" in t),
        (mutated_json(CORPUS), lambda t: t.count('"type"') > t.count("{")),
        (mutated_json(CORPUS, ("pass", "discard")), lambda t: '"type":"pass","card"' in t),
    ],
    ids=["changed", "huge-number", "nested", "repeated-key", "retagged"],
)
def test_mutations_produce_each_kind_of_input(
    strategy: st.SearchStrategy[str], found: Callable[[str], bool]
) -> None:
    quick = settings(max_examples=2000, deadline=None, phases=[Phase.generate])
    assert found(find(strategy, found, settings=quick))
