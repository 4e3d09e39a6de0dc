"""The board picture (``mitosz_core.render``): it parses as SVG, shows every card the
player may see and no card they may not."""

from __future__ import annotations

import functools
import importlib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import mitosz_core as mc
from mitosz_core import render
from tests.play.positions import Position, positions

NS = "{http://www.w3.org/2000/svg}"


@functools.cache
def _positions() -> list[Position]:
    return positions()


def _ids(node: object) -> Iterator[int]:
    """Every card id in an observation (a dict with both ``id`` and ``key``)."""
    if isinstance(node, dict):
        if "id" in node and "key" in node:
            yield node["id"]
        for value in node.values():
            yield from _ids(value)
    elif isinstance(node, list):
        for value in node:
            yield from _ids(value)


def _drawn(svg: str) -> tuple[dict[int, str], list[int]]:
    """The face-up cards of a picture (id to key), and the counts on its piles of backs."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    cards: dict[int, str] = {}
    backs: list[int] = []
    for g in root.iter(f"{NS}g"):
        classes = g.get("class", "").split()
        if "card" in classes:
            cards[int(g.attrib["data-id"])] = g.attrib["data-key"]
        elif "card-back" in classes:
            backs.append(int(g.attrib["data-count"]))
    return cards, backs


def _must_show(obs: dict[str, Any]) -> set[int]:
    """The cards the picture promises to show face up (see the render modules)."""
    want: set[int] = set()
    for p in obs["players"]:
        if obs["ruleset"] == "mitosz":
            want.add(p["high_god"]["id"])
            for slot in p["empire"]:
                want |= set(_ids(slot))
            for slot in p["leaders"]:
                want |= set(_ids(slot))
            want |= set(_ids(p["intrigues"])) | set(_ids(p["opening_reveals"]))
            if p["underworld"]:
                want.add(p["underworld"][-1]["id"])
        else:
            for row in ("battlefield", "infirmary", "sanctuary"):
                want |= set(_ids(p[row]))
            if p["graveyard"]:
                want.add(p["graveyard"][-1]["id"])
        want |= set(_ids(p.get("hand", [])))
    if obs["ruleset"] == "mitosz":
        want |= set(_ids(obs["fight"])) | set(_ids(obs["revealed"]))
        want |= set(_ids(obs["going_to_underworld"]))
        want |= {
            i["card"]["id"] if i["card"] else i["user"]["id"]
            for i in obs["stack"]
            if i["card"] or i["user"]
        }
    return want


def _hidden(state: mc.State[Any], viewer: int | None) -> set[int]:
    """The cards ``viewer`` may not see: every deck, and the other players' hands."""
    out: set[int] = set()
    for i, p in enumerate(state.game.players):
        out |= set(p.deck)
        if i != viewer:
            out |= set(p.hand)
    return out


def test_the_positions_reach_what_they_are_named_for() -> None:
    found = dict(_positions())
    assert found["mitosz-fight"].game.fight is not None
    assert found["mitosz-counter-round"].game.stack
    assert found["mitosz-end"].is_over and found["mythos-end"].is_over
    assert found["mythos-combat"].game.combat is not None


@pytest.mark.parametrize("index", range(10))
def test_every_visible_card_and_no_hidden_card_is_drawn(index: int) -> None:
    name, state = _positions()[index]
    for viewer in (None, *range(state.config.players)):
        svg = render.svg(state, viewer)
        cards, backs = _drawn(svg)
        obs = render.spectator_view(state) if viewer is None else mc.observe(state, viewer)
        missing = _must_show(obs) - cards.keys()
        assert not missing, f"{name}, viewer {viewer}: cards not drawn: {sorted(missing)}"
        assert cards.keys() <= set(_ids(obs)), f"{name}: a card drawn that is not observed"
        leaked = cards.keys() & _hidden(state, viewer) - set(_ids(obs))
        assert not leaked, f"{name}, viewer {viewer}: hidden cards drawn: {sorted(leaked)}"
        for card_id, key in cards.items():
            assert state.game.card(card_id).key == key
        sizes = [len(p.deck) for p in state.game.players]
        sizes += [len(p.hand) for i, p in enumerate(state.game.players) if i != viewer]
        assert sorted(backs) == sorted(sizes), f"{name}: piles of backs {backs}, not {sizes}"


def test_the_picture_of_a_hand_differs_by_viewer() -> None:
    state = dict(_positions())["mitosz-start"]
    for viewer in range(2):
        cards, _ = _drawn(render.svg(state, viewer))
        assert set(state.game.players[viewer].hand) <= cards.keys()
        assert not set(state.game.players[1 - viewer].hand) & cards.keys()


def test_a_state_shows_itself_in_jupyter() -> None:
    state = dict(_positions())["mythos-start"]
    assert state._repr_svg_() == render.svg(state)


def test_roads_carry_their_levels_and_closed_roads_are_marked() -> None:
    state = dict(_positions())["mitosz-end"]
    root = ET.fromstring(render.svg(state, 0))
    roads = [g for g in root.iter(f"{NS}g") if "road" in g.get("class", "").split()]
    obs = mc.observe(state, 0)
    expected = [r for p in obs["players"] for slot in p["empire"] for r in slot["roads"]]
    assert len(roads) == len(expected) > 0
    assert sorted(
        (g.attrib["data-edge"], int(g.attrib["data-level"]), "closed" not in g.attrib["class"])
        for g in roads
    ) == sorted((r["edge"], r["level"], r["open"]) for r in expected)


def test_a_turned_leader_is_drawn_turned() -> None:
    state = dict(_positions())["mitosz-turned-leader"]
    root = ET.fromstring(render.svg(state))
    turned = {slot.card for p in state.game.players for slot in p.leaders if slot.turned}
    drawn = {
        int(g.attrib["data-id"])
        for g in root.iter(f"{NS}g")
        if "turned" in g.get("class", "").split()
    }
    assert turned and drawn == turned
    assert all(
        "rotate(90" in g.attrib["transform"]
        for g in root.iter(f"{NS}g")
        if "turned" in g.get("class", "").split()
    )


def test_a_player_not_in_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no player 5"):
        render.svg(dict(_positions())["mitosz-start"], 5)


def test_the_pettingzoo_env_renders_the_board_as_an_rgb_array() -> None:
    pytest.importorskip("cairosvg")
    pytest.importorskip("PIL")
    pytest.importorskip("pettingzoo")
    pettingzoo = importlib.import_module("mitosz_core.adapters.pettingzoo")
    raster = importlib.import_module("mitosz_core.render.raster")
    env = pettingzoo.env("mythos", render_mode="rgb_array")
    env.reset(seed=3)
    first = env.render()
    assert first.dtype.name == "uint8" and first.ndim == 3 and first.shape[2] == 3
    assert first.shape[0] > 100 and first.shape[1] > 100
    assert (first != first[0, 0]).any()  # not one flat colour: something is drawn
    assert (first == raster.rgb_array(env.state)).all()  # the spectator's picture
    for _ in range(12):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(mask.nonzero()[0][0]))
    assert env.render().shape != first.shape or (env.render() != first).any()
