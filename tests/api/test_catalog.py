"""The catalogue the docs' action and observation references are generated from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mitosz_core as mc
from mitosz_core.kernel import catalog
from mitosz_core.kernel.registry import get

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_every_action_class_is_listed_with_an_example_that_reads_back(ruleset: str) -> None:
    entries = catalog.actions(ruleset)
    assert [e.cls for e in entries] == list(get(ruleset).action_types)
    for entry in entries:
        assert isinstance(entry.example, entry.cls)
        assert json.loads(entry.json)["type"] == entry.kind
        assert mc.action_from_json(ruleset, entry.json) == entry.example
        assert mc.action_from_json(ruleset, entry.short_json) == entry.example
        required = {f.name for f in entry.fields if f.default is None}
        assert set(json.loads(entry.short_json)) == {"type", *required}
        assert entry.summary, entry.kind


def test_a_summons_fields_and_short_form() -> None:
    summon = next(e for e in catalog.actions("mitosz") if e.kind == "summon")
    assert [(f.name, f.type, f.default) for f in summon.fields] == [
        ("card", "int", None),
        ("target", "int | None", "null"),
        ("substitute", "tuple[Sphere, Sphere] | None", "null"),
        ("pay_with", "int | None", "null"),
    ]
    assert summon.short_json == '{"type":"summon","card":3}'


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_the_observation_fields_are_those_observe_returns(ruleset: str) -> None:
    fields = {f.path: f for f in catalog.observation_fields(ruleset, seeds=[1])}
    view = mc.observe(mc.new_game(ruleset, seed=1), 0)
    assert set(view) <= set(fields)
    assert set(view["players"][0]) <= {
        path.removeprefix("players[].") for path in fields if path.startswith("players[].")
    }
    assert fields["players[].hand[]"].types == (catalog.CARD,)
    assert "null" in fields["winner"].types and "integer" in fields["turn"].types
    kinds = {"integer", "string", "boolean", "null", "list", "object", catalog.CARD}
    assert all(set(f.types) <= kinds for f in fields.values())


def test_readme_and_index_do_not_call_the_rulesets_unfinished() -> None:
    for page in (ROOT / "README.md", ROOT / "docs" / "index.rst"):
        text = page.read_text(encoding="utf-8").lower()
        for phrase in ("planned", "being implemented", "not yet implemented"):
            assert phrase not in text, (page.name, phrase)
