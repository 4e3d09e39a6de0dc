"""No input inside the documented limits exhausts time or memory (issue 33, item 2).

The schema checks used to collect and sort every ``jsonschema`` error before reporting
the first: a card set of invalid effects of 0.2 MB took 28 s and 1.3 GB, and a list of
subtypes mixing numbers and strings made ``uniqueItems`` compare every pair. The inputs
here are the worst the campaign and the work on this issue found, built in the test.

- **Bounded work, by count.** The checks stop after the first errors
  (:data:`~mitosz_core.kernel.schemacheck.MAX_REPORTED_ERRORS`): the number of schema
  errors made does not grow with the number of problems in a file, and ``uniqueItems``
  makes no pairwise comparisons.
- **Memory, by ``tracemalloc``.** Parsing and checking the worst inputs stays within
  200 MB at the documented limits. In CI each input is measured at an eighth of its
  limit, against an eighth of the budget (the cost is linear in the size, which the
  test checks between a sixteenth and an eighth), so the full limits stay within the
  whole budget; a failure prints the peak it measured.
- **JSON values, counted before parsing.** A value takes Python tens of bytes however
  short its text: 16 MiB of nested arrays used to take about 500 MB before it was
  refused. The JSON text is refused beyond ``json_values`` before anything is built, at
  the cost of about one copy of it; within the limit, the costliest values found stay
  within the budget.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema._utils
import pytest
from jsonschema.exceptions import ValidationError

import mitosz_core as mc
from mitosz_core.errors import RegistryError
from mitosz_core.games.mitosz.carddata.loader import parse_set
from mitosz_core.games.mythos.carddata import parse_cards
from mitosz_core.kernel.decks import MAX_DECK_PROBLEMS, read_deck, read_deck_file
from mitosz_core.kernel.limits import DEFAULT_LIMITS
from mitosz_core.kernel.position_files import read_position_file
from mitosz_core.kernel.schemacheck import MAX_REPORTED_ERRORS
from mitosz_core.registry_data import load_file

BUDGET = 200 * 2**20
"""The memory parsing and checking any input within the limits may take, in bytes."""
SCALE = 8
"""CI measures each input at 1/SCALE of its limit, against 1/SCALE of the budget."""

HEAD = '[set]\nsymbol = "X"\nname = "X"\nformat = 1\n'
CARD = (
    '[[card]]\nname_en = "C{i}"\nname_hu = "C"\nserial = "1"\nmythos = "hellenic"\n'
    'type = "intrigue"\n'
)
BAD_EFFECT = '{ type = "draw", count = "x" }, '


def invalid_effects(size: int) -> str:
    """A Mítosz card set of about ``size`` bytes: one card whose maneuver is a sequence
    of invalid effects (each fails every branch of the effect's ``oneOf``)."""
    count = max(1, (size - 200) // len(BAD_EFFECT))
    return (
        HEAD
        + CARD.format(i=0)
        + '[[card.maneuvers]]\nname = "m"\ntiming = "action"\n'
        + '[card.maneuvers.effect]\ntype = "sequence"\neffects = ['
        + BAD_EFFECT * count
        + "]\n"
    )


def unknown_fields(size: int) -> str:
    """A Mítosz card set of about ``size`` bytes of cards, each with an unknown field."""
    card = CARD + "bogus = 1\n"
    return HEAD + "".join(card.format(i=i) for i in range(max(1, size // len(card))))


def mixed_subtypes(size: int) -> str:
    """A Mítosz card whose subtypes mix numbers and strings (``uniqueItems`` could not
    sort them and compared every pair)."""
    items = ", ".join(f'"{i}"' if i % 2 else str(i) for i in range(max(2, size // 7)))
    return HEAD + CARD.format(i=0) + f"subtypes = [{items}]\n"


def nested_effects(breadth: int, depth: int) -> str:
    """Sequences of sequences, ``depth`` deep, each of ``breadth`` invalid effects."""
    inner = '{ type = "draw", count = "x" }'
    for _ in range(depth):
        inner = '{ type = "sequence", effects = [' + ", ".join([inner] * breadth) + "] }"
    return (
        HEAD + CARD.format(i=0) + '[[card.maneuvers]]\nname = "m"\ntiming = "action"\n'
        f"effect = {inner}\n"
    )


def mythos_cards(size: int) -> str:
    """A MYTHOS card file of about ``size`` bytes of cards that are all wrong."""
    head = '[faction]\nkey = "chaos"\nname_en = "C"\nname_de = "C"\nformat = 1\n'
    card = '[[card]]\nkey = "K{i}"\ntype = "unit"\ncount = "x"\nbogus = 1\n'
    return head + "".join(card.format(i=i) for i in range(max(1, size // len(card))))


def position_players(size: int) -> dict[str, Any]:
    """A Mítosz position document of about ``size`` bytes as JSON: far too many players,
    each of them wrong."""
    player = {"high_god": 5, "bogus": [1, "x"]}
    count = max(5, size // len(json.dumps(player)))
    return {"format": "mitosz-position-1", "players": [player] * count}


def toml_players(size: int) -> str:
    player = '[[players]]\nhigh_god = 5\nbogus = [1, "x"]\n'
    return 'format = "mitosz-position-1"\n' + player * max(5, size // len(player))


def nested_arrays(size: int) -> str:
    """A JSON text of about ``size`` bytes: arrays nested just within the depth limit,
    side by side."""
    depth = DEFAULT_LIMITS.json_depth - 1
    group = "[" * depth + "]" * depth
    return "[" + ",".join([group] * (size // (len(group) + 1) - 1)) + "]"


def empty_arrays(size: int) -> str:
    """A JSON text of about ``size`` bytes of empty arrays."""
    return "[" + ",".join(["[]"] * (size // 3 - 1)) + "]"


def distinct_keys(values: int) -> str:
    """A JSON object of ``values`` values: a member of a new key for each (each key is a
    string of its own, the costliest value found)."""
    return "{" + ",".join(f'"k{i}":0' for i in range(values - 1)) + "}"


def objects_of_arrays(values: int) -> str:
    """A JSON array of ``values`` values: objects holding an empty array."""
    return "[" + ",".join(['{"a":[]}'] * ((values - 1) // 2)) + "]"


class Counter:
    """Counts calls of a function while installed with ``pytest.MonkeyPatch``."""

    def __init__(self) -> None:
        self.calls = 0

    def wrap(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return function(*args, **kwargs)

        return counted


def errors_made(monkeypatch: pytest.MonkeyPatch, run: Callable[[], object]) -> int:
    """How many ``jsonschema`` errors ``run`` makes (it must end in a library error)."""
    counter = Counter()
    with monkeypatch.context() as patch:
        patch.setattr(ValidationError, "__init__", counter.wrap(ValidationError.__init__))
        with pytest.raises(mc.MitoszError):
            run()
    return counter.calls


def _card_set(text: str) -> Callable[[], object]:
    return lambda: parse_set(text, "worst.toml")


def _faction(text: str) -> Callable[[], object]:
    return lambda: parse_cards(text, "worst.toml")


def _position(tmp_path: Path, name: str, text: str) -> Callable[[], object]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return lambda: read_position_file(path, "mitosz-position-1.schema.json", "mitosz")


@pytest.mark.parametrize(
    ("build", "check"),
    [
        (invalid_effects, _card_set),
        (unknown_fields, _card_set),
        (mythos_cards, _faction),
    ],
    ids=["invalid-effects", "unknown-fields", "mythos-cards"],
)
def test_card_checks_stop_after_the_first_errors(
    monkeypatch: pytest.MonkeyPatch,
    build: Callable[[int], str],
    check: Callable[[str], Callable[[], object]],
) -> None:
    small = errors_made(monkeypatch, check(build(4_000)))
    large = errors_made(monkeypatch, check(build(40_000)))
    assert large == small, (small, large)
    assert large <= 4 * MAX_REPORTED_ERRORS * 40  # at most one per branch of a oneOf


def test_nested_branches_add_one_error_per_level(monkeypatch: pytest.MonkeyPatch) -> None:
    narrow = errors_made(monkeypatch, _card_set(nested_effects(1, 6)))
    wide = errors_made(monkeypatch, _card_set(nested_effects(3, 6)))
    assert wide == narrow, (narrow, wide)


def test_position_checks_stop_after_the_first_errors(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name, build in (
        ("p.json", lambda n: json.dumps(position_players(n))),
        ("p.toml", toml_players),
    ):
        small = errors_made(monkeypatch, _position(tmp_path, name, build(4_000)))
        large = errors_made(monkeypatch, _position(tmp_path, name, build(80_000)))
        assert large == small <= MAX_REPORTED_ERRORS, (name, small, large)


def test_unique_items_makes_no_pairwise_comparisons(monkeypatch: pytest.MonkeyPatch) -> None:
    counter = Counter()
    monkeypatch.setattr(jsonschema._utils, "equal", counter.wrap(jsonschema._utils.equal))
    with pytest.raises(mc.CardDataError, match="subtypes"):
        parse_set(mixed_subtypes(20_000), "worst.toml")
    assert counter.calls < 3_000  # there are 2,857 items; every pair would be 4 million


def traced(run: Callable[[], object]) -> int:
    """The peak memory ``run`` allocates, by ``tracemalloc`` (it must end in a library
    error)."""
    tracemalloc.start()
    try:
        with pytest.raises(mc.MitoszError):
            run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _worst(tmp_path: Path) -> dict[str, tuple[int, Callable[[int], Callable[[], object]]]]:
    toml, position = DEFAULT_LIMITS.toml_bytes, DEFAULT_LIMITS.position_bytes
    return {
        "invalid-effects": (toml, lambda n: _card_set(invalid_effects(n))),
        "unknown-fields": (toml, lambda n: _card_set(unknown_fields(n))),
        "mixed-subtypes": (toml, lambda n: _card_set(mixed_subtypes(n))),
        "mythos-cards": (toml, lambda n: _faction(mythos_cards(n))),
        "position-json": (
            position,
            lambda n: _position(tmp_path, "p.json", json.dumps(position_players(n))),
        ),
        "position-toml": (position, lambda n: _position(tmp_path, "p.toml", toml_players(n))),
    }


@pytest.mark.parametrize(
    "name",
    [
        "invalid-effects",
        "unknown-fields",
        "mixed-subtypes",
        "mythos-cards",
        "position-json",
        "position-toml",
    ],
)
def test_worst_inputs_stay_within_the_memory_budget(tmp_path: Path, name: str) -> None:
    limit, make = _worst(tmp_path)[name]
    half = traced(make(limit // (2 * SCALE)))
    full = traced(make(limit // SCALE))
    assert full < BUDGET // SCALE, f"{name}: {full / 2**20:.1f} MiB at 1/{SCALE} of the limit"
    assert full < 3 * half + 2**20, f"{name}: {half} -> {full} bytes is not linear"


@pytest.mark.parametrize("build", [nested_arrays, empty_arrays], ids=["nested", "empty"])
def test_a_saved_state_of_arrays_is_refused_before_it_is_built(
    build: Callable[[int], str],
) -> None:
    text = build(DEFAULT_LIMITS.json_bytes)
    assert DEFAULT_LIMITS.json_bytes - 256 < len(text) <= DEFAULT_LIMITS.json_bytes
    limit = DEFAULT_LIMITS.json_values
    tracemalloc.start()
    try:
        with pytest.raises(mc.DecodeError, match=rf"limit of {limit} \(json_values\)"):
            mc.State.from_json(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * len(text), f"{peak / 2**20:.1f} MiB for {len(text) / 2**20:.1f} MiB"


@pytest.mark.parametrize("build", [distinct_keys, objects_of_arrays], ids=["keys", "objects"])
def test_json_within_its_value_limit_stays_within_the_memory_budget(
    build: Callable[[int], str],
) -> None:
    values = DEFAULT_LIMITS.json_values // SCALE
    with mc.use_limits(json_values=values):
        full = traced(lambda: mc.State.from_json(build(values)))
        with pytest.raises(mc.DecodeError, match="json_values"):
            mc.State.from_json(build(values + 2))
    assert full < BUDGET // SCALE, f"{full / 2**20:.1f} MiB at 1/{SCALE} of json_values"


def test_position_files_have_their_own_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(" " * DEFAULT_LIMITS.position_bytes + "{}", encoding="utf-8")
    with pytest.raises(mc.DecodeError, match="longer than the limit of 1048576"):
        read_position_file(path, "mitosz-position-1.schema.json", "mitosz")


def test_a_deck_file_is_not_read_beyond_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text("4 Athenians\n" * (DEFAULT_LIMITS.deck_bytes // 12 + 1), encoding="utf-8")
    deck, problems = read_deck_file(path)
    assert deck is None and len(problems) == 1
    assert "longer than the limit of 1048576 bytes" in str(problems[0])


def test_a_deck_text_reports_a_bounded_number_of_problems() -> None:
    deck, problems = read_deck("x\n" * 50_000, "bad.txt")
    assert deck is None and len(problems) == MAX_DECK_PROBLEMS + 1
    assert f"stopped after {MAX_DECK_PROBLEMS} problems" in str(problems[-1])


def test_a_deeply_nested_registry_file_is_a_registry_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("rules: " + "[" * 5_000 + "]" * 5_000 + "\n", encoding="utf-8")
    with pytest.raises(RegistryError, match=r"deep\.yaml: .*nested too deeply"):
        load_file(path)
