"""The observation types: every observation of random games is a value of its ruleset's
typed dictionary (checked field by field at run time), every field is documented, and
the typed faces export every type."""

from __future__ import annotations

import copy
import random
import typing

import pytest

import mitosz_core as mc
import mitosz_core.mitosz as mitosz
import mitosz_core.mythos as mythos
from mitosz_core.kernel import catalog
from mitosz_core.render import spectator_view

FACES = {"mitosz": mitosz, "mythos": mythos}


@pytest.mark.parametrize(
    ("ruleset", "players", "seeds"),
    [("mitosz", 2, range(2)), ("mitosz", 4, range(1)), ("mythos", 2, range(3))],
)
def test_every_observation_is_a_value_of_the_type(ruleset: str, players: int, seeds: range) -> None:
    seen = 0
    for seed in seeds:
        state = mc.new_game(ruleset, seed=100 + seed, players=players)
        rng = random.Random(seed)
        while True:
            for player in range(players):
                assert catalog.observation_problems(ruleset, mc.observe(state, player)) == ()
                seen += 1
            assert catalog.observation_problems(ruleset, spectator_view(state)) == ()
            if state.is_over:
                break
            state = mc.apply(state, rng.choice(mc.legal_actions(state)))
    assert seen > 100


def test_the_check_finds_a_misspelled_a_missing_and_a_mistyped_field() -> None:
    good = mc.observe(mc.new_game("mitosz", seed=5), 0)
    bad = copy.deepcopy(good)
    bad["players"][0]["powr"] = bad["players"][0].pop("power")
    bad["turn"] = "1"
    bad["players"][1]["leaders"] = [{"leader": None}]
    found = catalog.observation_problems("mitosz", bad)
    assert "$.players[0]: no field 'power' (PlayerObservation)" in found
    assert "$.players[0]: unknown field 'powr' (PlayerObservation)" in found
    assert "$.turn: expected int, got '1'" in found
    assert "$.players[1].leaders[0]: no field 'turned' (LeaderView)" in found
    assert "$.players[1].leaders[0].leader: expected an object (CardView), got None" in found
    other = mc.observe(mc.new_game("mythos", seed=5), 0)
    other["over"] = 0
    assert catalog.observation_problems("mythos", other) == ("$.over: expected bool, got 0",)


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_every_field_of_every_type_is_documented(ruleset: str) -> None:
    kinds = catalog.observation_types(ruleset)
    assert kinds[0].cls is FACES[ruleset].Observation
    assert [(k.name, f.name) for k in kinds for f in k.fields if not f.doc] == []
    assert all(k.doc for k in kinds)


@pytest.mark.parametrize("ruleset", ["mitosz", "mythos"])
def test_the_typed_face_exports_every_observation_type(ruleset: str) -> None:
    face = FACES[ruleset]
    for kind in catalog.observation_types(ruleset):
        assert kind.name in face.__all__
        assert getattr(face, kind.name) is kind.cls


def test_the_hand_is_only_in_the_observers_entry_and_typed_as_not_required() -> None:
    assert mitosz.PlayerObservation.__optional_keys__ == frozenset({"hand"})
    assert mythos.PlayerObservation.__optional_keys__ == frozenset({"hand"})
    seen = mitosz.observe(mitosz.new_game(seed=2), 1)
    assert ["hand" in p for p in seen["players"]] == [False, True]
    assert typing.get_type_hints(mitosz.Observation)["players"] == list[mitosz.PlayerObservation]
