"""Card files are parsed and schema-checked at most once per process (the file cache,
keyed by resolved path and content hash), and the card schemas are valid schemas."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from jsonschema import Draft202012Validator

import mitosz_core as mc
from mitosz_core.filecache import FileCache
from mitosz_core.games.mitosz.carddata import loader, schema
from mitosz_core.games.mythos import carddata as mythos_data
from mitosz_core.games.mythos.cards import Faction
from mitosz_core.kernel.registry import get
from tests.kernel.test_decks import IMP_SET

T = TypeVar("T")

HOPLITE_SET = """
[set]
symbol = "TST"
name = "Test"
format = 1

[[card]]
key = "Test Hoplite"
name_en = "Test Hoplite"
name_hu = "Teszt hoplita"
serial = "9991"
mythos = "hellenic"
type = "people"
level = 1
power = 1
roads = [{ edge = "north", level = 1 }]
"""


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, calls: Counter[str]) -> None:
    """Replace ``module.name`` (a ``parse(text, source)`` function) by one that counts
    its calls by file name."""
    original: Callable[[str, str], Any] = getattr(module, name)

    def wrapper(text: str, source: str) -> Any:
        calls[Path(source).name] += 1
        return original(text, source)

    monkeypatch.setattr(module, name, wrapper)


def test_each_mitosz_card_file_is_parsed_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: Counter[str] = Counter()
    counting(monkeypatch, loader, "parse_set", calls)
    monkeypatch.setattr(loader, "SET_FILES", FileCache())
    card_set = tmp_path / "hoplites.toml"
    card_set.write_text(HOPLITE_SET, encoding="utf-8")
    other_spelling = tmp_path / "." / "hoplites.toml"
    for path in (card_set, card_set, str(card_set), other_spelling):
        assert "Test Hoplite" in (get("mitosz").with_card_sets([path]).card_pool() or {})
        assert not mc.new_game(seed=1, card_sets=[path]).is_over
    assert calls == Counter(
        {
            "hellenic.toml": 1,
            "celtic.toml": 1,
            "germanic.toml": 1,
            "egyptian.toml": 1,
            "hoplites.toml": 1,
        }
    )
    card_set.write_text(HOPLITE_SET.replace("power = 1", "power = 2"), encoding="utf-8")
    mc.new_game(seed=1, card_sets=[card_set])
    assert calls["hoplites.toml"] == 2  # new text, parsed anew
    assert calls["hellenic.toml"] == 1


def test_a_card_file_that_fails_is_not_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(loader, "SET_FILES", FileCache())
    bad = tmp_path / "bad.toml"
    bad.write_text(HOPLITE_SET.replace('roads = [{ edge = "north", level = 1 }]\n', ""))
    for _ in range(2):
        with pytest.raises(mc.CardDataError, match="needs at least one road"):
            mc.new_game(seed=1, card_sets=[bad])
    assert len(loader.SET_FILES) == 4  # the built-in sets only


def test_each_mythos_card_file_is_parsed_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: Counter[str] = Counter()
    counting(monkeypatch, mythos_data, "parse_cards", calls)
    monkeypatch.setattr(mythos_data, "CARD_FILES", FileCache())
    for _ in range(2):
        assert set(mythos_data.load_factions()) == set(Faction)
    assert calls == Counter({"guardians.toml": 1, "chaos.toml": 1})
    card_set = tmp_path / "imps.toml"
    card_set.write_text(IMP_SET, encoding="utf-8")
    for _ in range(3):
        mc.new_game("mythos", seed=1, card_sets=[card_set])
    assert calls["imps.toml"] == 1


def test_the_file_cache_keeps_at_most_its_size(tmp_path: Path) -> None:
    cache: FileCache[str] = FileCache(size=2)
    files = [tmp_path / f"{i}.txt" for i in range(3)]
    for i, f in enumerate(files):
        f.write_text(f"text {i}", encoding="utf-8")
    parsed: list[str] = []

    def parse(text: str, source: str) -> str:
        parsed.append(text)
        return text.upper()

    assert [cache.load(f, parse) for f in files] == ["TEXT 0", "TEXT 1", "TEXT 2"]
    assert len(cache) == 2
    cache.load(files[2], parse)
    cache.load(files[0], parse)  # the least recently used went first
    assert parsed == ["text 0", "text 1", "text 2", "text 0"]


@pytest.mark.parametrize(
    "card_schema", [schema.card_schema, mythos_data.card_schema], ids=["mitosz", "mythos"]
)
def test_the_card_schemas_are_valid_draft_2020_12_schemas(
    card_schema: Callable[[], dict[str, Any]],
) -> None:
    Draft202012Validator.check_schema(card_schema())
