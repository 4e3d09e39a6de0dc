"""Input limits (issue: Hardening): reproducers of an outside fuzzing campaign.

Deep nesting, huge numbers, long dotted keys and oversized inputs used to end in a
``RecursionError``, a plain ``ValueError`` or gigabytes of memory; each is now refused
with the library's own error, naming the limit and where, before anything is parsed.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core.games.mitosz.carddata import load_set, load_sets
from mitosz_core.games.mitosz.carddata.builtin import builtin_set_paths
from mitosz_core.games.mitosz.carddata.loader import parse_set
from mitosz_core.games.mitosz.carddata.tools import validate_sets
from mitosz_core.games.mitosz.engine import RULESET
from mitosz_core.games.mythos.carddata import load_factions, parse_faction
from mitosz_core.kernel.limits import (
    DEFAULT_LIMITS,
    MIB,
    Limits,
    current_limits,
    json_text_problem,
    toml_text_problem,
    use_limits,
)

DEEP_JSON = "[" * 5000
DEEP_TOML = "a = " + "[" * 1000 + "]" * 1000 + "\n"
SET_HEADER = '[set]\nsymbol = "TST"\nname = "Test set"\nformat = 1\n'
FACTION_HEADER = (
    '[faction]\nkey = "guardians"\nname_en = "Guardians"\nname_de = "Wächter"\nformat = 1\n'
)
MANEUVER_CARD = """
[[card]]
name_en = "Deep"
name_hu = "Mély"
serial = "901"
mythos = "hellenic"
type = "maneuver"
subtypes = ["rite"]
users = [{{ types = ["leader"] }}]

[[card.maneuvers]]
name = "Deep"
timing = "rite"
effect = {effect}
"""


def _sequences(depth: int) -> str:
    effect = '{ type = "draw", count = 1 }'
    for _ in range(depth):
        effect = f'{{ type = "sequence", effects = [{effect}] }}'
    return effect


def _write(tmp_path: Path, text: str, name: str = "set.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- deep nesting ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "load",
    [
        mc.State.from_json,
        lambda text: mc.action_from_json("mitosz", text),
        lambda text: mc.action_from_json("mythos", text),
        lambda text: mc.actions_from_json("mitosz", text),
        lambda text: mc.actions_from_json("mythos", text),
    ],
    ids=["state", "action-mitosz", "action-mythos", "log-mitosz", "log-mythos"],
)
def test_json_nested_5000_deep_is_a_decode_error(load: Any) -> None:
    with pytest.raises(mc.DecodeError, match=r"nested deeper than the limit of 64 \(line 1"):
        load(DEEP_JSON)
    with pytest.raises(mc.DecodeError, match="nested deeper than the limit"):
        load(DEEP_JSON.encode())


def test_json_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"type": "pass", "note": "[" * 5000})
    with pytest.raises(mc.DecodeError, match="unknown field 'note'"):
        mc.action_from_json("mitosz", text)


def test_json_at_the_depth_limit_parses_and_one_more_level_is_refused() -> None:
    limit = DEFAULT_LIMITS.json_depth
    assert json_text_problem("[" * limit + "]" * limit, DEFAULT_LIMITS) is None
    problem = json_text_problem("[" * (limit + 1) + "]" * (limit + 1), DEFAULT_LIMITS)
    assert problem is not None and (problem.line, problem.column) == (1, limit + 1)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("[1,2,3]", 4),
        ('{"a": [ ], "b": "x,y,[1]", "c": {}}', 4),  # empty ones have no first element
        ("[[[]],[{}]]", 5),
        ("7", 1),
    ],
)
def test_json_values_are_counted_before_parsing(text: str, values: int) -> None:
    """One value more than ``json_values`` is refused; commas and brackets in strings do
    not count, nor does an empty array or object count an element."""
    assert json_text_problem(text, replace(DEFAULT_LIMITS, json_values=values)) is None
    if values > 1:
        problem = json_text_problem(text, replace(DEFAULT_LIMITS, json_values=values - 1))
        assert problem is not None and "limit of" in problem.problem


def test_too_many_json_values_names_the_limit_and_where_it_is_passed() -> None:
    with use_limits(json_values=5):  # a list, two objects, two strings
        assert mc.actions_from_json("mitosz", '[{"type":"pass"},{"type":"pass"}]')
        with pytest.raises(
            mc.DecodeError,
            match=r"more JSON values than the limit of 5 \(json_values\) \(line 1, column 10\)",
        ):
            mc.State.from_json("[1,2,3,4,5]")


@pytest.mark.parametrize("load", [parse_set, parse_faction], ids=["mitosz", "mythos"])
def test_toml_nested_1000_deep_is_a_card_data_error(load: Any) -> None:
    with pytest.raises(mc.CardDataError, match=r"x\.toml:1: arrays and inline tables nested"):
        load(DEEP_TOML, "x.toml")


def test_toml_nested_1000_deep_through_validate_and_new_game(tmp_path: Path) -> None:
    path = _write(tmp_path, SET_HEADER + DEEP_TOML)
    code, text = validate_sets([path])
    assert code == 1 and "nested deeper than the limit of 32" in text
    with pytest.raises(mc.CardDataError, match="nested deeper than the limit of 32"):
        mc.new_game(seed=1, card_sets=[path])
    faction = _write(tmp_path, FACTION_HEADER + DEEP_TOML, "faction.toml")
    with pytest.raises(mc.CardDataError, match="nested deeper than the limit of 32"):
        load_factions([faction])


def test_toml_brackets_in_strings_and_comments_do_not_count() -> None:
    text = SET_HEADER + 'x = "[[[[" # ' + "[" * 100 + "\ny = '''\n" + "{" * 100 + "'''\n"
    with pytest.raises(mc.CardDataError, match="missing required field 'card'"):
        parse_set(text, "x.toml")  # parsed, and refused by the schema


def test_maneuver_of_100_nested_sequences_is_refused_before_the_schema() -> None:
    text = SET_HEADER + MANEUVER_CARD.format(effect=_sequences(100))
    with pytest.raises(mc.CardDataError, match="nested deeper than the limit of 32"):
        parse_set(text, "x.toml")


def test_maneuver_nested_past_the_document_limit_names_the_card_and_field() -> None:
    text = SET_HEADER + MANEUVER_CARD.format(effect=_sequences(14))
    with pytest.raises(mc.CardDataError) as caught:
        parse_set(text, "x.toml")
    assert caught.value.card == "Deep"
    assert caught.value.field is not None and caught.value.field.startswith(
        "maneuvers[0].effect.effects[0].effects[0]"
    )
    assert "tables and arrays nested deeper than the limit of 32" in caught.value.problem


def test_maneuver_of_12_nested_sequences_still_loads() -> None:
    text = SET_HEADER + MANEUVER_CARD.format(effect=_sequences(12))
    (card,) = parse_set(text, "x.toml").cards
    assert card.maneuvers[0].effect.kind == "sequence"


def _with_deep_effect(depth: int) -> str:
    data = json.loads(mc.new_game(seed=1).to_json())
    effect: dict[str, Any] = {"type": "draw", "count": 1}
    for _ in range(depth):
        effect = {"type": "sequence", "effects": [effect]}
    card = next(c for c in data["state"]["game"]["cards"] if c["maneuvers"])
    card["maneuvers"][0]["effect"] = effect
    return json.dumps(data)


def test_saved_state_with_an_effect_nested_350_deep_is_a_decode_error() -> None:
    with pytest.raises(mc.DecodeError, match="nested deeper than the limit of 64"):
        mc.State.from_json(_with_deep_effect(350))


def test_decoder_refuses_data_nested_past_its_budget_without_recursing() -> None:
    data = json.loads(_with_deep_effect(350))
    with pytest.raises(mc.DecodeError, match="nested deeper than the decoder's depth limit"):
        RULESET.decoder().decode(RULESET.game_type, data["state"]["game"], "$.state.game")


# --- big numbers ------------------------------------------------------------------------------


def test_json_integer_of_4301_digits_is_a_decode_error() -> None:
    text = '{"type": "discard", "card": ' + "9" * 4301 + "}"
    with pytest.raises(mc.DecodeError, match="a number of 4301 digits"):
        mc.action_from_json("mitosz", text)
    state = mc.new_game(seed=1).to_json().replace('"turn":1', '"turn":' + "1" * 4301)
    with pytest.raises(mc.DecodeError, match="a number of 4301 digits"):
        mc.State.from_json(state)


def test_digits_inside_json_strings_do_not_count() -> None:
    with pytest.raises(mc.DecodeError, match=r"\$\.card: expected an integer"):
        mc.action_from_json("mitosz", json.dumps({"type": "discard", "card": "9" * 5000}))


@pytest.mark.parametrize("load", [parse_set, parse_faction], ids=["mitosz", "mythos"])
@pytest.mark.parametrize("number", ["9" * 4301, "9_" * 4300 + "9", "-" + "1" * 200])
def test_toml_integer_of_too_many_digits_is_a_card_data_error(load: Any, number: str) -> None:
    with pytest.raises(mc.CardDataError, match=r"x\.toml:2: a number of \d+ digits"):
        load(f"\nvalue = {number}\n", "x.toml")


def test_json_nan_and_infinity_are_refused() -> None:
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(mc.DecodeError, match=f"{constant} is not a JSON number"):
            mc.action_from_json("mitosz", '{"type": "discard", "card": ' + constant + "}")


# --- long keys and sizes ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "a" + ".a" * 20_000 + " = 1\n",  # 40 KB: took 4 s and 1.6 GB in tomllib
        "[a" + ".a" * 20_000 + "]\n",
        "[[a" + ".a" * 20_000 + "]]\n",
        'x = { "a"' + '."a"' * 20_000 + " = 1 }\n",
    ],
    ids=["key", "table", "array-of-tables", "inline-quoted"],
)
def test_toml_dotted_key_of_20000_parts_is_refused_before_parsing(text: str) -> None:
    with pytest.raises(mc.CardDataError, match="a key of more parts than the limit of 32"):
        parse_set(text, "x.toml")
    with pytest.raises(mc.CardDataError, match="a key of more parts than the limit of 32"):
        parse_faction(text, "x.toml")


def test_toml_key_of_32_parts_passes_the_scan() -> None:
    assert toml_text_problem("a" + ".a" * 31 + " = 1\n", DEFAULT_LIMITS) is None
    assert toml_text_problem("a" + ".a" * 32 + " = 1\n", DEFAULT_LIMITS) is not None
    # dots in values (floats, dates) and in quoted keys are not key parts
    assert toml_text_problem("x = [" + "1.5, " * 100 + "]\n", DEFAULT_LIMITS) is None
    assert toml_text_problem('"' + "a." * 100 + '" = 1\n', DEFAULT_LIMITS) is None


def test_oversized_card_file_is_refused_without_being_read_whole(tmp_path: Path) -> None:
    path = _write(tmp_path, SET_HEADER + "# " + "x" * (DEFAULT_LIMITS.toml_bytes + 1) + "\n")
    with pytest.raises(mc.CardDataError, match="longer than the limit of 1048576 bytes"):
        load_set(path)
    with pytest.raises(mc.CardDataError, match="longer than the limit of 1048576 bytes"):
        load_factions([path])
    with pytest.raises(mc.CardDataError, match="longer than the limit of 1048576 bytes"):
        parse_set(path.read_text(encoding="utf-8"), str(path))


def test_oversized_json_is_refused_and_the_limit_can_be_raised() -> None:
    text = mc.new_game(seed=1).to_json()
    size = len(text.encode())
    with use_limits(json_bytes=size - 1):
        with pytest.raises(mc.DecodeError, match="longer than the limit of"):
            mc.State.from_json(text)
        with pytest.raises(mc.DecodeError, match="longer than the limit of"):
            mc.State.from_json(text.encode())
    with use_limits(json_bytes=size):
        assert mc.State.from_json(text).to_json() == text
    assert current_limits() == DEFAULT_LIMITS


def test_size_limit_counts_utf8_bytes() -> None:
    text = json.dumps({"type": "pass", "note": "é" * 100}, ensure_ascii=False)
    with (
        use_limits(json_bytes=len(text) + 50),  # enough characters, too few bytes
        pytest.raises(mc.DecodeError, match="longer than the limit of"),
    ):
        mc.action_from_json("mitosz", text)


def test_limits_are_positive_integers() -> None:
    with pytest.raises(ValueError, match="json_depth must be a positive integer"):
        Limits(json_depth=0)
    with pytest.raises(ValueError, match="toml_bytes must be a positive integer"):
        Limits(toml_bytes=True)
    assert Limits().json_bytes == 16 * MIB


def test_the_built_in_data_is_far_inside_the_limits() -> None:
    with use_limits(toml_bytes=64 * 1024, toml_depth=12, toml_key_parts=4, number_digits=20):
        assert len(load_sets(builtin_set_paths())) > 0
        assert len(load_factions()) == 2
    state = mc.new_game(seed=1, players=4)
    with use_limits(json_depth=16, number_digits=20):
        assert mc.State.from_json(state.to_json()) == state


# --- duplicated keys --------------------------------------------------------------------------


def test_duplicated_key_in_an_action_is_refused() -> None:
    with pytest.raises(mc.DecodeError, match=r"^\$: the key 'card' appears more than once"):
        mc.action_from_json("mitosz", '{"type": "discard", "card": 1, "card": 2}')


def test_duplicated_key_in_a_saved_state_names_its_path() -> None:
    text = mc.new_game(seed=1).to_json()
    doubled = text.replace('"turn":1,', '"turn":1,"turn":2,', 1)
    assert doubled != text
    with pytest.raises(mc.DecodeError, match=r"^\$\.state: the key 'turn' appears more than"):
        mc.State.from_json(doubled)


def test_duplicated_key_in_an_action_log_names_its_entry() -> None:
    text = '[{"type": "pass"}, {"type": "discard", "card": 1, "card": 1}]'
    with pytest.raises(mc.DecodeError, match=r"^\$\[1\]: the key 'card' appears more than once"):
        mc.actions_from_json("mitosz", text)
