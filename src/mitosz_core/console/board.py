"""The board as text for the terminal (Rich), drawn from one player's observation only:
what :func:`~mitosz_core.observe` gives the player, so no hidden card is shown.

Mítosz: per player power (of 12) and its hold, the spheres with their maxima, the
empire grid (north up; each people with its roads, ``N2`` a road north of level 2,
``E1x`` a closed one, and its location or building), the leader row (turned leaders
marked) with items, the intrigues, the hand (the viewer's own, with card text) and the
piles; then the fight with its lines and levels, and the pending stack of a counter
round. MYTHOS: life and aura, the three rows of five slots with the attached cards, the
hand and piles, the fight.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

JsonDict = dict[str, Any]

VICTORY_POWER = 12
"""The power a Mítosz player needs to win (1.1.1)."""


def board(obs: JsonDict, cards: Mapping[str, Any], viewer: int | None) -> RenderableType:
    """The whole board, the viewer's side last (nearest to them)."""
    players = list(range(len(obs["players"])))
    if viewer is not None:
        players = [p for p in players if p != viewer] + [viewer]
    draw = _mitosz_player if obs["ruleset"] == "mitosz" else _mythos_player
    parts: list[RenderableType] = [Text(headline(obs, viewer), style="bold")]
    parts += [draw(obs, cards, i, viewer) for i in players]
    if obs["ruleset"] == "mitosz":
        parts += _mitosz_shared(obs)
    elif obs["combat"] is not None:
        parts.append(_mythos_combat(obs))
    return Group(*parts)


def headline(obs: JsonDict, viewer: int | None) -> str:
    you = "" if viewer is None else f" (you are P{viewer})"
    if obs["over"]:
        result = "a draw" if obs["winner"] is None else f"P{obs['winner']} wins"
        return f"Game over in turn {obs['turn']} ({obs['ending'] or 'the rules'}): {result}{you}"
    deciding = "" if obs["to_act"] is None else f", P{obs['to_act']} to decide"
    return f"Turn {obs['turn']}: P{obs['active']}'s turn, {obs['phase']}{deciding}{you}"


def card_text(d: Any) -> str:
    """One line about a printed card: its type, level or attack and life, cost, text."""
    if d is None:
        return ""
    parts = [d.type.value.replace("_", " ")]
    kind = getattr(d, "kind", None)
    if kind is not None:
        parts[0] += f" ({kind.value})"
    level = getattr(d, "level", 0)
    if level or getattr(d, "level_modifier", False):
        parts.append(f"level {level:+d}" if d.level_modifier else f"level {level}")
    if getattr(d, "attack", 0) or getattr(d, "life", 0):
        parts.append(f"attack {d.attack}, life {d.life}")
    cost = d.cost
    if isinstance(cost, tuple):
        if any(cost):
            parts.append("cost " + "/".join(str(n) for n in cost) + " (m/i/w/f)")
    elif cost:
        parts.append(f"cost {cost}")
    power = getattr(d, "power", 0)
    if power:
        parts.append(f"power {power}")
    text = " ".join(d.text_en.split())
    return "; ".join(parts) + (f". {text}" if text else "")


def _hand(p: JsonDict, cards: Mapping[str, Any]) -> RenderableType:
    if "hand" not in p:
        return Text(f"hand: {p['hand_size']} cards (hidden)")
    table = Table(title="your hand", title_justify="left", show_header=False, box=None)
    table.add_column(style="bold")
    table.add_column()
    for card in p["hand"]:
        table.add_row(card["name"], card_text(cards.get(card["key"])))
    return table if p["hand"] else Text("your hand: empty")


# Mítosz --------------------------------------------------------------------------------


def _roads(slot: JsonDict) -> str:
    return " ".join(
        f"{r['edge'][0].upper()}{r['level']}{'' if r['open'] else 'x'}" for r in slot["roads"]
    )


def _empire(p: JsonDict) -> RenderableType:
    if not p["empire"]:
        return Text("empire: no people yet")
    xs = [s["x"] for s in p["empire"]]
    ys = [s["y"] for s in p["empire"]]
    at = {(s["x"], s["y"]): s for s in p["empire"]}
    grid = Table(show_header=False, box=None, padding=(0, 1))
    for _ in range(min(xs), max(xs) + 1):
        grid.add_column()
    for y in range(max(ys), min(ys) - 1, -1):
        row: list[RenderableType] = []
        for x in range(min(xs), max(xs) + 1):
            slot = at.get((x, y))
            if slot is None:
                row.append(Text("·", style="dim"))
                continue
            cell = Text(slot["people"]["name"], style="bold")
            cell.append(f" ({x},{y})\n", style="dim")
            cell.append(_roads(slot))
            for extra in (slot["location"], slot["building"]):
                if extra is not None:
                    cell.append(f"\n@ {extra['name']}", style="green")
            row.append(cell)
        grid.add_row(*row)
    return Group(Text("empire (north up; roads: edge, level, x = closed):"), grid)


def _mitosz_player(
    obs: JsonDict, cards: Mapping[str, Any], i: int, viewer: int | None
) -> RenderableType:
    p = obs["players"][i]
    hold = (
        "" if p["holding_since_turn"] is None else f", holding since turn {p['holding_since_turn']}"
    )
    spheres = ", ".join(
        f"{name} {value}/{p['sphere_maxima'][name]}" for name, value in p["spheres"].items()
    )
    top = p["underworld"][-1]["name"] if p["underworld"] else "-"
    lines: list[RenderableType] = [
        Text(f"high god {p['high_god']['name']}; spheres: {spheres}"),
        _empire(p),
    ]
    leaders = [
        f"{s['leader']['name']} (level {s['level']}{', turned' if s['turned'] else ''})"
        + (f" with {', '.join(c['name'] for c in s['items'])}" if s["items"] else "")
        for s in p["leaders"]
    ]
    lines.append(Text("leaders: " + ("; ".join(leaders) or "none")))
    if p["intrigues"]:
        lines.append(Text("intrigues: " + ", ".join(c["name"] for c in p["intrigues"])))
    lines.append(_hand(p, cards))
    lines.append(
        Text(
            f"deck {p['deck_size']}, underworld {len(p['underworld'])} (top: {top}), "
            f"oblivion {len(p['oblivion'])}"
        )
    )
    who = "you" if i == viewer else f"P{i}"
    title = f"{who}: power {p['power']} of {VICTORY_POWER}{hold}"
    style = "green" if obs["active"] == i and not obs["over"] else "white"
    return Panel(Group(*lines), title=title, title_align="left", border_style=style)


def _mitosz_shared(obs: JsonDict) -> list[RenderableType]:
    out: list[RenderableType] = []
    fight = obs["fight"]
    if fight is not None:
        lines = []
        for name, army in (("attack", fight["attack"]), ("defend", fight["defend"])):
            cells = []
            for k, commander in enumerate(army):
                line = ("front", "support", "reserve")[k] if k < 3 else f"line {k}"
                side = 0 if name == "attack" else 1
                troops = [
                    t["name"] for t in fight["troops"] if t["side"] == side and t["line"] == line
                ]
                who = "-" if commander is None else commander["name"]
                cells.append(f"{line}: {who}" + (f" + {', '.join(troops)}" if troops else ""))
            lines.append(f"{name}: " + "; ".join(cells))
        levels = (
            ""
            if fight["levels"] is None
            else f", levels {fight['levels'][0]} : {fight['levels'][1]}"
        )
        where = "" if fight["people"] is None else f" on {fight['people']['name']}"
        road = "" if fight["road"] is None else f" by its {fight['road']} road"
        outcome = "" if fight["outcome"] is None else f", {fight['outcome']}"
        sides = f"P{fight['attacker']} attacks P{fight['defender']}"
        title = f"{fight['kind']}: {sides}{where}{road}{levels}{outcome}"
        out.append(Panel("\n".join(lines), title=title, title_align="left", border_style="red"))
    if obs["stack"]:
        items = []
        for item in reversed(obs["stack"]):
            shown = item["card"] or item["user"]
            what = item["kind"] + (f" {item['maneuver']}" if item["maneuver"] is not None else "")
            name = "" if shown is None else f" {shown['name']}"
            target = "" if item["target"] is None else f" on {item['target']['name']}"
            off = " (neutralised)" if item["neutralized"] else ""
            items.append(f"P{item['player']}: {what}{name}{target}{off}")
        out.append(Panel("\n".join(items), title="pending, last on top", title_align="left"))
    if obs["revealed"]:
        out.append(Text("revealed: " + ", ".join(c["name"] for c in obs["revealed"])))
    return out


# MYTHOS --------------------------------------------------------------------------------


def _slot_text(slot: JsonDict) -> Text:
    text = Text(slot["card"]["name"], style="bold")
    if "attack" in slot:
        hurt = f", {slot['damage']} damage" if slot["damage"] else ""
        text.append(f"\n{slot['attack']}/{slot['life']} (max {slot['max_life']}){hurt}")
        marks = [m for m in ("mobilized", "attacked") if slot[m]]
        if marks:
            text.append("\n" + ", ".join(marks), style="dim")
    if slot["attached"] is not None:
        text.append(f"\n+ {slot['attached']['name']}", style="green")
    return text


def _mythos_player(
    obs: JsonDict, cards: Mapping[str, Any], i: int, viewer: int | None
) -> RenderableType:
    p = obs["players"][i]
    rows = Table(show_header=False, box=None, padding=(0, 1), expand=True)
    rows.add_column(style="dim")
    for _ in range(5):
        rows.add_column(ratio=1)
    for row in ("battlefield", "infirmary", "sanctuary"):
        cells: list[RenderableType] = [_slot_text(s) for s in p[row]]
        cells += [Text("·", style="dim")] * (5 - len(cells))
        rows.add_row(row, *cells[:5])
    top = p["graveyard"][-1]["name"] if p["graveyard"] else "-"
    lines: list[RenderableType] = [
        rows,
        _hand(p, cards),
        Text(f"deck {p['deck_size']}, graveyard {len(p['graveyard'])} (top: {top})"),
    ]
    who = "you" if i == viewer else f"P{i}"
    title = f"{who}: life {p['life']}, aura {p['aura']} (cap {p['aura_cap']})"
    style = "green" if obs["active"] == i and not obs["over"] else "white"
    return Panel(Group(*lines), title=title, title_align="left", border_style=style)


def _mythos_combat(obs: JsonDict) -> RenderableType:
    names = {
        s["card"]["id"]: s["card"]["name"]
        for p in obs["players"]
        for row in ("battlefield", "infirmary", "sanctuary")
        for s in p[row]
    }
    combat = obs["combat"]
    attackers = ", ".join(names.get(a, f"#{a}") for a in combat["attackers"]) or "-"
    blocks = "; ".join(f"{names.get(b, b)} blocks {names.get(a, a)}" for b, a in combat["blocks"])
    return Panel(
        f"attacking: {attackers}\n{blocks or 'no blocks yet'}",
        title="fight",
        title_align="left",
        border_style="red",
    )
