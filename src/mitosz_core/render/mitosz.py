"""The picture of a Mítosz board, drawn from one player's observation.

Only what :func:`~mitosz_core.observe` gives the player is drawn, so no hidden card can
appear: per player a panel with the high god and the four spheres as dials (value and
maximum), power (and the turn a hold began), the empire grid with its roads (each road's
level; a closed road dashed red), every people's location or building, the leader row
(a turned leader drawn turned) with each leader's items, the intrigues, the hand (face
up for the viewer, as backs with a count for the others), the deck, underworld (with its
top card) and oblivion counts; below them the fight, when one is on (kind, sides, lines,
troops and levels), the pending stack of a counter round and the cards revealed.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from mitosz_core.games.mitosz.cards import CardDef
from mitosz_core.games.mitosz.rules.levels import VICTORY_POWER
from mitosz_core.render._svg import CARD_H, CARD_W, Canvas

JsonDict = dict[str, Any]

WIDTH = 1180
SPHERE_COLORS = {
    "magic": "#6a3fb5",
    "influence": "#2a7ab0",
    "wealth": "#c9a227",
    "force": "#b03030",
}
CELL_W, CELL_H = CARD_W + 36, CARD_H + 34
"""An empire cell: the people card and room for its roads."""
TAB = 18
"""The height a location or building adds to its people's card."""
LINES = ("front", "support", "reserve")
"""The lines of an army, in the order of the fight's ``attack`` and ``defend`` (7.3.4)."""
ROAD = 15
"""The room for a road's badge beside its card."""


def draw(obs: JsonDict, cards: Mapping[str, CardDef], viewer: int | None) -> str:
    """The SVG of ``obs`` (an observation; for a spectator, one with no hand and no
    private choice), seen by ``viewer`` (``None`` for a spectator)."""
    who = "a spectator" if viewer is None else f"player {viewer}"
    title = f"Mítosz, turn {obs['turn']}, as {who} sees it"
    canvas = Canvas(WIDTH, 100, title)
    y = 10
    canvas.label(canvas.root, 12, y + 16, _headline(obs, viewer), **{"class": "title"})
    y += 28
    players = list(range(len(obs["players"])))
    if viewer is not None:  # the viewer's own side at the bottom, as at the table
        players = [p for p in players if p != viewer] + [viewer]
    for i in players:
        y = _player(canvas, obs, cards, i, viewer, y) + 10
    y = _shared(canvas, obs, cards, y)
    canvas.resize(WIDTH, y + 10)
    return canvas.text()


def _headline(obs: JsonDict, viewer: int | None) -> str:
    if obs["over"]:
        result = "a draw" if obs["winner"] is None else f"P{obs['winner']} wins"
        return f"Turn {obs['turn']}: game over ({obs['ending'] or 'the rules'}), {result}"
    deciding = "" if obs["to_act"] is None else f", P{obs['to_act']} to decide"
    return f"Turn {obs['turn']}, P{obs['active']}'s turn, {obs['phase']}{deciding}"


def _lines(d: CardDef | None) -> tuple[str, ...]:
    """The short lines printed under a card's name: type and level, cost, power."""
    if d is None:
        return ()
    head = d.type.value.replace("_", " ")
    if d.level or d.level_modifier:
        head += f", level {d.level:+d}" if d.level_modifier else f", level {d.level}"
    out = [head]
    cost = "/".join(str(n) for n in d.cost)
    if any(d.cost):
        out.append(f"cost {cost}")
    if d.power:
        out.append(f"power {d.power}")
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
    frame = ET.SubElement(panel, "rect")  # sized once the panel's height is known
    x0, y = 12, top + 8
    hold = (
        "" if p["holding_since_turn"] is None else f", holding since turn {p['holding_since_turn']}"
    )
    canvas.label(
        panel,
        x0 + 8,
        y + 14,
        f"P{i}: power {p['power']} of {VICTORY_POWER}{hold}; deck {p['deck_size']}, "
        f"hand {p['hand_size']}, underworld {len(p['underworld'])}, "
        f"oblivion {len(p['oblivion'])}",
        **{"class": "title"},
    )
    y += 24
    # the high god and the spheres
    god = p["high_god"]
    canvas.card(panel, x0 + 8, y, god, ("high god",), classes=mine)
    for k, (name, value) in enumerate(p["spheres"].items()):
        canvas.dial(
            panel,
            x0 + 30 + 50 * (k % 2),
            y + CARD_H + 30 + 52 * (k // 2),
            value,
            p["sphere_maxima"][name],
            name,
            SPHERE_COLORS.get(name, "#555"),
        )
    left_bottom = y + CARD_H + 30 + 52 + 34
    # the empire grid
    gx = x0 + 150
    empire_bottom = _empire(canvas, panel, p["empire"], cards, gx, y, mine)
    # the leader row, intrigues, hand and piles at the right
    rx = max(gx + 3 * CELL_W, _empire_right(p["empire"], gx)) + 20
    ry = y
    canvas.label(panel, rx, ry + 10, "leaders", **{"class": "label"})
    ry += 14
    lx = rx
    for slot in p["leaders"]:
        leader = slot["leader"]
        canvas.card(
            panel,
            lx,
            ry,
            leader,
            (f"level {slot['level']}", *_lines(cards.get(leader["key"]))[1:]),
            classes=mine,
            turned=slot["turned"],
        )
        iy = ry + (CARD_W if slot["turned"] else CARD_H) + 4
        for item in slot["items"]:
            canvas.card(panel, lx, iy, item, (), classes=mine, h=20)
            iy += 22
        lx += CARD_W + 12
    if not p["leaders"]:
        canvas.label(panel, rx, ry + 20, "(none)", **{"class": "label"})
    ry += CARD_H + 4 + 22 * max([len(s["items"]) for s in p["leaders"]] or [0]) + 14
    if any(s["turned"] for s in p["leaders"]):
        ry += CARD_W - CARD_H
    canvas.label(panel, rx, ry + 10, "intrigues", **{"class": "label"})
    ry += 14
    for k, intrigue in enumerate(p["intrigues"]):
        canvas.card(panel, rx + k * (CARD_W + 8), ry, intrigue, ("intrigue",), classes=mine, h=34)
    ry += 40 if p["intrigues"] else 14
    # hand
    canvas.label(panel, rx, ry + 10, "hand", **{"class": "label"})
    ry += 14
    if "hand" in p:
        per_row = max(1, (WIDTH - rx - 20) // (CARD_W + 6))
        for k, card in enumerate(p["hand"]):
            canvas.card(
                panel,
                rx + (k % per_row) * (CARD_W + 6),
                ry + (k // per_row) * (CARD_H + 6),
                card,
                _lines(cards.get(card["key"])),
                classes="hand " + mine,
            )
        ry += ((len(p["hand"]) + per_row - 1) // per_row) * (CARD_H + 6)
    else:
        canvas.backs(panel, rx, ry + 4, p["hand_size"], "hand")
        ry += CARD_H + 8
    # piles
    px = rx
    canvas.backs(panel, px, ry + 6, p["deck_size"], "deck")
    px += 60
    canvas.label(panel, px, ry + 18, f"underworld {len(p['underworld'])}", **{"class": "label"})
    if p["underworld"]:
        canvas.card(panel, px, ry + 22, p["underworld"][-1], ("underworld top",), h=40)
    px += CARD_W + 12
    canvas.label(panel, px, ry + 18, f"oblivion {len(p['oblivion'])}", **{"class": "label"})
    if p["opening_reveals"]:
        px += 80
        canvas.label(panel, px, ry + 18, "revealed at the start", **{"class": "label"})
        for k, card in enumerate(p["opening_reveals"]):
            canvas.card(panel, px + k * (CARD_W + 6), ry + 22, card, (), h=40)
    ry += 70
    bottom = max(left_bottom, empire_bottom, ry) + 8
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


def _empire_right(empire: list[JsonDict], gx: int) -> int:
    if not empire:
        return gx
    xs: list[int] = [slot["x"] for slot in empire]
    return gx + (max(xs) - min(xs) + 1) * CELL_W


def _empire(
    canvas: Canvas,
    panel: ET.Element,
    empire: list[JsonDict],
    cards: Mapping[str, CardDef],
    gx: int,
    top: int,
    mine: str,
) -> int:
    """Draw the empire grid (north up); returns its bottom. A people's location and
    building are tabs at the foot of its card."""
    canvas.label(panel, gx, top + 10, "empire", **{"class": "label"})
    if not empire:
        canvas.label(panel, gx, top + 30, "(no people yet)", **{"class": "label"})
        return top + 40
    xs: list[int] = [slot["x"] for slot in empire]
    ys: list[int] = [slot["y"] for slot in empire]
    min_x, max_y = min(xs), max(ys)
    tabs = max(len(_extras(slot)) for slot in empire)
    cell_h = CELL_H + TAB * tabs
    grid = canvas.group(panel, **{"class": "empire"})
    for slot in empire:
        cx = gx + (slot["x"] - min_x) * CELL_W + ROAD
        cy = top + 14 + (max_y - slot["y"]) * cell_h + ROAD
        extras = _extras(slot)
        h = CARD_H + TAB * len(extras)
        people = slot["people"]
        canvas.card(grid, cx, cy, people, _lines(cards.get(people["key"]))[:2], classes=mine, h=h)
        for k, extra in enumerate(extras):
            canvas.card(
                grid,
                cx + 4,
                cy + CARD_H - 4 + TAB * k,
                extra,
                (),
                classes=mine,
                w=CARD_W - 8,
                h=TAB - 2,
            )
        for road in slot["roads"]:
            _road(canvas, grid, cx, cy, h, road)
    return top + 14 + (max_y - min(ys) + 1) * cell_h + 8


def _extras(slot: JsonDict) -> list[JsonDict]:
    """The location and the building on a people, those it has."""
    return [c for c in (slot["location"], slot["building"]) if c is not None]


def _road(
    canvas: Canvas, parent: ET.Element, cx: float, cy: float, h: float, road: JsonDict
) -> None:
    """A road out of the card at (cx, cy): a badge with the road's level beside the edge;
    a closed road's badge is red and dashed, with a cross."""
    mid_x, mid_y = cx + CARD_W / 2, cy + h / 2
    centres = {
        "north": (mid_x, cy - 8),
        "south": (mid_x, cy + h + 8),
        "east": (cx + CARD_W + 8, mid_y),
        "west": (cx - 8, mid_y),
    }
    x, y = centres[road["edge"]]
    g = canvas.group(
        parent,
        **{
            "class": "road" + ("" if road["open"] else " closed"),
            "data-edge": road["edge"],
            "data-level": road["level"],
        },
    )
    ET.SubElement(g, "circle", {"cx": f"{x:g}", "cy": f"{y:g}", "r": "7"})
    label = str(road["level"]) if road["open"] else f"{road['level']}x"
    canvas.label(g, x, y + 3.5, label, **{"text-anchor": "middle", "class": "small"})


def _shared(canvas: Canvas, obs: JsonDict, cards: Mapping[str, CardDef], y: int) -> int:
    """The fight, the pending stack, the cards revealed and those going to the
    underworld: what belongs to no player's side."""
    fight = obs["fight"]
    if fight is not None:
        y = _fight(canvas, fight, y) + 10
    if obs["stack"]:
        g = canvas.group(**{"class": "stack"})
        canvas.label(g, 14, y + 14, "pending (counter round), last on top:", **{"class": "title"})
        y += 22
        for k, item in enumerate(reversed(obs["stack"])):
            shown = item["card"] or item["user"]
            what = item["kind"] + (f" {item['maneuver']}" if item["maneuver"] is not None else "")
            if item["target"] is not None:
                what += f" on {item['target']['name']}"
            if item["neutralized"]:
                what += " (neutralised)"
            if shown is not None:
                canvas.card(
                    g, 14 + k * (CARD_W + 8), y, shown, (f"P{item['player']}: {what}",), h=40
                )
            else:
                canvas.label(g, 14 + k * (CARD_W + 8), y + 20, f"P{item['player']}: {what}")
        y += 48
    extra = [("revealed", c) for c in obs["revealed"]]
    extra += [
        (f"to P{b['owner']}'s underworld", c)
        for b in obs["going_to_underworld"]
        for c in b["cards"]
    ]
    if extra:
        g = canvas.group(**{"class": "revealed"})
        for k, (why, card) in enumerate(extra):
            canvas.card(g, 14 + k * (CARD_W + 8), y, card, (why,), h=40)
        y += 48
    choice = obs["choice"]
    if choice is not None:
        text = f"P{choice['player']} chooses {choice['count']} ({choice['purpose']})"
        if isinstance(choice["options"], list):
            text += ": " + ", ".join(c["name"] for c in choice["options"])
        canvas.label(canvas.root, 14, y + 14, text)
        y += 20
    return y


def _fight(canvas: Canvas, fight: JsonDict, y: int) -> int:
    g = canvas.group(**{"class": "fight"})
    frame = ET.SubElement(g, "rect")
    levels = fight["levels"]
    level_text = "" if levels is None else f"; levels {levels[0]} : {levels[1]}"
    where = "" if fight["people"] is None else f" on {fight['people']['name']}"
    road = "" if fight["road"] is None else f" by its {fight['road']} road"
    outcome = "" if fight["outcome"] is None else f"; {fight['outcome']}"
    canvas.label(
        g,
        22,
        y + 18,
        f"{fight['kind']}: P{fight['attacker']} attacks P{fight['defender']}{where}{road}"
        f"{level_text}{outcome}",
        **{"class": "title"},
    )
    top = y
    y += 28
    for side, (name, lines) in enumerate(
        (("attack", fight["attack"]), ("defend", fight["defend"]))
    ):
        canvas.label(g, 22, y + 14, name, **{"class": "label"})
        x = 80
        for k, commander in enumerate(lines):
            line = LINES[k] if k < len(LINES) else f"line {k}"
            if commander is None:
                canvas.label(g, x, y + 14, f"{line}: -", **{"class": "small"})
            else:
                canvas.card(g, x, y, commander, (f"{line} line",), h=40)
            troops = [t for t in fight["troops"] if t["side"] == side and t["line"] == line]
            for j, troop in enumerate(troops):
                canvas.card(g, x, y + 44 + 22 * j, troop, (), h=20)
            x += CARD_W + 10
        deepest = max(
            [
                sum(1 for t in fight["troops"] if t["side"] == side and t["line"] == ln)
                for ln in LINES
            ]
        )
        y += 44 + 22 * deepest + 8
    for name, value in {"x": 12, "y": top, "width": WIDTH - 24, "height": y - top, "rx": 8}.items():
        frame.set(name, str(value))
    frame.set("class", "fight")
    return y
