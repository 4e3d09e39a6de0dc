"""The picture of a MYTHOS board, drawn from one player's observation.

Only what :func:`~mitosz_core.observe` gives the player is drawn: per player life and
aura (with its cap), the three rows of five slots (battlefield, infirmary, sanctuary),
each slot's card with the card attached to it drawn beside it (a unit with its artifact,
a place with its upgrade), a unit's attack, life and damage and whether it is mobilised
or has attacked; the hand (face up for the viewer, as backs with a count for the
others), the deck count and the graveyard (its count and top card); and the fight when
one is on (attackers and blocks).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from mitosz_core.games.mythos.cards import CardDef
from mitosz_core.render._svg import CARD_H, CARD_W, Canvas

JsonDict = dict[str, Any]

WIDTH = 1120
ROWS = ("battlefield", "infirmary", "sanctuary")
SLOTS = 5
"""Slots in a row (02.1)."""
SLOT_W = CARD_W + 14
TAB = 17
"""The height of the tab of a card attached to a slot's card."""
ROW_H = CARD_H + TAB + 8


def draw(obs: JsonDict, cards: Mapping[str, CardDef], viewer: int | None) -> str:
    """The SVG of ``obs`` seen by ``viewer`` (``None`` for a spectator)."""
    who = "a spectator" if viewer is None else f"player {viewer}"
    canvas = Canvas(WIDTH, 100, f"MYTHOS, turn {obs['turn']}, as {who} sees it")
    if obs["over"]:
        result = "a draw" if obs["winner"] is None else f"P{obs['winner']} wins"
        head = f"Round {obs['round']}: game over ({obs['ending'] or 'the rules'}), {result}"
    else:
        deciding = "" if obs["to_act"] is None else f", P{obs['to_act']} to decide"
        head = (
            f"Round {obs['round']}, turn {obs['turn']}, P{obs['active']}'s turn, "
            f"{obs['phase']}{deciding}"
        )
    canvas.label(canvas.root, 12, 26, head, **{"class": "title"})
    y = 38
    players = list(range(len(obs["players"])))
    if viewer is not None:
        players = [p for p in players if p != viewer] + [viewer]
    for i in players:
        y = _player(canvas, obs, cards, i, viewer, y) + 10
    if obs["combat"] is not None:
        y = _combat(canvas, obs, y) + 10
    canvas.resize(WIDTH, y + 10)
    return canvas.text()


def _lines(d: CardDef | None, slot: JsonDict | None = None) -> tuple[str, ...]:
    if d is None:
        return ()
    kind = d.type.value if d.kind is None else d.kind.value
    out = [f"{kind}, cost {d.cost}"]
    if slot is not None and "attack" in slot:
        hurt = f", hurt {slot['damage']}" if slot["damage"] else ""
        out.append(f"atk {slot['attack']}, life {slot['life']}/{slot['max_life']}{hurt}")
        marks = [m for m in ("mobilized", "attacked") if slot[m]]
        if marks:
            out.append(", ".join(marks))
    elif slot is None and d.attack:
        out.append(f"atk {d.attack}, life {d.life}")
    return tuple(out)


def _player(
    canvas: Canvas,
    obs: JsonDict,
    cards: Mapping[str, CardDef],
    i: int,
    viewer: int | None,
    top: int,
) -> int:
    p = obs["players"][i]
    mine = "mine" if i == viewer else ""
    panel = canvas.group(**{"class": "player", "data-player": i})
    frame = ET.SubElement(panel, "rect")
    x0, y = 12, top + 8
    canvas.label(
        panel,
        x0 + 8,
        y + 14,
        f"P{i}: life {p['life']}, aura {p['aura']} (cap {p['aura_cap']}); deck "
        f"{p['deck_size']}, hand {p['hand_size']}, graveyard {len(p['graveyard'])}",
        **{"class": "title"},
    )
    y += 24
    for row in ROWS:
        g = canvas.group(panel, **{"class": "row", "data-row": row})
        canvas.label(g, x0 + 8, y + 30, row, **{"class": "label"})
        for k in range(SLOTS):
            sx = x0 + 80 + k * SLOT_W
            canvas.rect(
                g, sx - 2, y - 2, CARD_W + 4, ROW_H - 6, rx=6, fill="none", stroke="#d6ccb4"
            )
        for k, slot in enumerate(p[row][:SLOTS]):
            sx = x0 + 80 + k * SLOT_W
            card = slot["card"]
            canvas.card(g, sx, y, card, _lines(cards.get(card["key"]), slot), classes=mine)
            if slot["attached"] is not None:
                canvas.card(
                    g, sx, y + CARD_H + 1, slot["attached"], (), classes="attached " + mine, h=TAB
                )
        y += ROW_H
    # hand and piles at the right
    rx = x0 + 80 + SLOTS * SLOT_W + 6
    ry = top + 32
    canvas.label(panel, rx, ry + 10, "hand", **{"class": "label"})
    ry += 14
    if "hand" in p:
        for k, card in enumerate(p["hand"]):
            canvas.card(
                panel,
                rx + (k % 2) * 92,
                ry + (k // 2) * 44,
                card,
                _lines(cards.get(card["key"]))[:1],
                classes="hand " + mine,
                w=88,
                h=40,
            )
        ry += ((len(p["hand"]) + 1) // 2) * 44
    else:
        canvas.backs(panel, rx, ry + 4, p["hand_size"], "hand")
        ry += CARD_H + 8
    canvas.backs(panel, rx, ry + 6, p["deck_size"], "deck")
    if p["graveyard"]:
        canvas.label(panel, rx + 56, ry + 14, "graveyard top", **{"class": "label"})
        canvas.card(panel, rx + 56, ry + 18, p["graveyard"][-1], (), w=88, h=40)
    ry += CARD_H + 12
    bottom = max(y, ry) + 6
    active = " active" if obs["active"] == i and not obs["over"] else ""
    for name, value in {
        "x": x0,
        "y": top,
        "width": WIDTH - 2 * x0,
        "height": bottom - top,
        "rx": 8,
        "class": "panel" + active,
    }.items():
        frame.set(name, str(value))
    return bottom


def _combat(canvas: Canvas, obs: JsonDict, y: int) -> int:
    names = {
        s["card"]["id"]: s["card"]["name"] for p in obs["players"] for row in ROWS for s in p[row]
    }
    combat = obs["combat"]
    g = canvas.group(**{"class": "fight"})
    canvas.rect(g, 12, y, WIDTH - 24, 48, rx=8, **{"class": "fight"})
    attackers = ", ".join(names.get(a, f"#{a}") for a in combat["attackers"]) or "-"
    blocks = "; ".join(f"{names.get(b, b)} blocks {names.get(a, a)}" for b, a in combat["blocks"])
    canvas.label(g, 22, y + 18, f"fight: attacking {attackers}", **{"class": "title"})
    canvas.label(g, 22, y + 38, blocks or "no blocks yet")
    return y + 48
