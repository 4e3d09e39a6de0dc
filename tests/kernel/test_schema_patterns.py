"""The card schemas' patterns match whole strings only (issue: Hardening).

Reproducer of an outside fuzzing campaign: the patterns ended in ``$``, which jsonschema
(testing a pattern with :func:`re.search`) also matches before a final newline, so the
serial ``"901\\n"`` passed ``mitosz-core cards validate`` and then crashed ``new_game``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mitosz_core as mc
from mitosz_core.games.mitosz.carddata.effect_schema import END, check_patterns, patterns
from mitosz_core.games.mitosz.carddata.tools import validate_sets
from mitosz_core.games.mythos.carddata import parse_faction


def _schemas(root: Traversable) -> Iterator[Traversable]:
    for entry in root.iterdir():
        if entry.is_dir():
            yield from _schemas(entry)
        elif entry.name.endswith(".schema.json"):
            yield entry


SCHEMAS = {
    s.name: json.loads(s.read_text(encoding="utf-8")) for s in _schemas(files("mitosz_core"))
}
PATTERNS = sorted({p for schema in SCHEMAS.values() for _, p in patterns(schema)})


def test_both_shipped_schemas_are_found_and_have_patterns() -> None:
    cards = {"mitosz-cards-1.schema.json", "mythos-cards-1.schema.json"}
    positions = {"mitosz-position-1.schema.json", "mythos-position-1.schema.json"}
    assert set(SCHEMAS) == cards | positions
    assert len(PATTERNS) >= 6


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_pattern_is_anchored_at_both_ends(name: str) -> None:
    check_patterns(SCHEMAS[name])  # raises for a pattern not of the form ^...END
    for at, pattern in patterns(SCHEMAS[name]):
        assert pattern.startswith("^") and pattern.endswith(END), at


def test_check_patterns_refuses_a_dollar_anchor() -> None:
    with pytest.raises(ValueError, match="must start with"):
        check_patterns({"properties": {"x": {"type": "string", "pattern": "^[0-9]+$"}}})


@pytest.mark.parametrize("pattern", PATTERNS)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_no_pattern_can_match_a_trailing_newline(pattern: str, data: st.DataObject) -> None:
    text = data.draw(st.from_regex(pattern))
    assert re.search(pattern, text), "hypothesis drew a string the pattern refuses"
    assert not text.endswith("\n")
    assert re.search(pattern, text + "\n") is None
    assert re.search(pattern, text + "\r\n") is None


SET = """[set]
symbol = "TST"
name = "Test set"
format = 1

[[card]]
key = "Sky (high god)"
name_en = "Sky"
name_hu = "Ég"
serial = "{serial}"
mythos = "hellenic"
type = "high_god"
spheres = {{ magic = 3, influence = 3, wealth = 3, force = 3 }}
"""


@pytest.mark.parametrize("serial", ["901\\n", "901\\r\\n", "\\n901"])
def test_serial_with_a_newline_fails_validation(tmp_path: Path, serial: str) -> None:
    path = tmp_path / "set.toml"
    path.write_text(SET.format(serial=serial), encoding="utf-8")
    code, text = validate_sets([path])
    assert code == 1 and "'serial'" in text and "is not of the expected form" in text
    with pytest.raises(mc.CardDataError, match="serial"):
        mc.new_game(seed=1, card_sets=[path])


def test_plain_serial_still_validates(tmp_path: Path) -> None:
    path = tmp_path / "set.toml"
    path.write_text(SET.format(serial="901"), encoding="utf-8")
    assert validate_sets([path]) == (0, "ok: 1 cards in 1 sets")


@pytest.mark.parametrize(
    "name",
    ["Sky\\n", "Sky\\nline", "Sky\\u0000", "Sky\\t", " Sky", "Sky #1"],
)
def test_card_names_are_one_line_of_printable_text(tmp_path: Path, name: str) -> None:
    path = tmp_path / "set.toml"
    path.write_text(SET.format(serial="901").replace('"Sky"', f'"{name}"'), encoding="utf-8")
    code, text = validate_sets([path])
    assert code == 1 and "'name_en'" in text


def test_mythos_names_refuse_a_final_newline() -> None:
    source = files("mitosz_core.games.mythos") / "data" / "guardians.toml"
    text = source.read_text(encoding="utf-8")
    assert parse_faction(text, "guardians.toml")[1]
    changed = text.replace('name_en = "Guardians"', 'name_en = "Guardians\\n"', 1)
    assert changed != text
    with pytest.raises(mc.CardDataError, match="name_en"):
        parse_faction(changed, "guardians.toml")
