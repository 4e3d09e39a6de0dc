"""A small SVG builder on :mod:`xml.etree.ElementTree` (which escapes every text and
attribute), shared by the pictures of both rulesets.

Every card drawn face up is a ``<g class="card">`` carrying ``data-key`` (its key) and
``data-id`` (its card id); every card drawn face down is a ``<g class="card-back">``
carrying only ``data-count``. Tests and tools find the cards of a picture by these.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"

CARD_W, CARD_H = 112, 62
"""The size of a card drawn on the board."""

STYLE = """
text { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 11px; fill: #222; }
.title { font-size: 15px; font-weight: bold; }
.label { font-size: 10px; fill: #555; }
.small { font-size: 9px; }
.card rect.face { fill: #fffdf5; stroke: #6b5b3e; stroke-width: 1.2; }
.card.mine rect.face { fill: #f3f8ff; }
.card.turned rect.face { fill: #eee7d6; }
.card-back rect { fill: #7a5230; stroke: #3b2714; stroke-width: 1.2; }
.card-back text { fill: #fff; }
.road circle { fill: #e9dcb8; stroke: #8a6d3b; stroke-width: 1.5; }
.road.closed circle { fill: #f6d4d4; stroke: #b03030; stroke-dasharray: 2 2; }
.dial-bg { fill: none; stroke: #ddd; stroke-width: 6; }
.dial { fill: none; stroke-width: 6; }
.panel { fill: #faf7ef; stroke: #c8bda3; }
.panel.active { stroke: #2a7a2a; stroke-width: 2.5; }
rect.fight { fill: #fff1f0; stroke: #b03030; }
"""


class Canvas:
    """An SVG document being drawn; :meth:`text` returns the finished SVG."""

    def __init__(self, width: int, height: int, title: str) -> None:
        self.root = ET.Element(
            "svg",
            {
                "xmlns": SVG_NS,
                "width": str(width),
                "height": str(height),
                "viewBox": f"0 0 {width} {height}",
            },
        )
        ET.SubElement(self.root, "title").text = title
        ET.SubElement(self.root, "style").text = STYLE
        ET.SubElement(self.root, "rect", _attrs(width=width, height=height, fill="#f4efe2"))

    def resize(self, width: int, height: int) -> None:
        self.root.set("width", str(width))
        self.root.set("height", str(height))
        self.root.set("viewBox", f"0 0 {width} {height}")
        self.root[2].set("width", str(width))
        self.root[2].set("height", str(height))

    def group(self, parent: ET.Element | None = None, /, **attrs: object) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, "g", _attrs(**attrs))

    def rect(
        self, parent: ET.Element, x: float, y: float, w: float, h: float, **attrs: object
    ) -> None:
        ET.SubElement(parent, "rect", _attrs(x=x, y=y, width=w, height=h, **attrs))

    def line(
        self, parent: ET.Element, x1: float, y1: float, x2: float, y2: float, **attrs: object
    ) -> None:
        ET.SubElement(parent, "line", _attrs(x1=x1, y1=y1, x2=x2, y2=y2, **attrs))

    def label(self, parent: ET.Element, x: float, y: float, text: str, **attrs: object) -> None:
        ET.SubElement(parent, "text", _attrs(x=x, y=y, **attrs)).text = text

    def card(
        self,
        parent: ET.Element,
        x: float,
        y: float,
        view: Mapping[str, Any],
        lines: tuple[str, ...] = (),
        *,
        classes: str = "",
        turned: bool = False,
        w: int = CARD_W,
        h: int = CARD_H,
    ) -> ET.Element:
        """A face-up card: its name, then ``lines`` below it. A turned card is drawn
        rotated a quarter turn, its top where an upright card's top would be."""
        attrs: dict[str, object] = {
            "class": " ".join(["card", *classes.split(), *(["turned"] if turned else [])]),
            "data-key": view["key"],
            "data-id": view["id"],
        }
        if turned:
            y += (w - h) / 2
            attrs["transform"] = f"rotate(90 {x + w / 2} {y + h / 2})"
        g = self.group(parent, **attrs)
        ET.SubElement(g, "title").text = view["key"]
        self.rect(g, x, y, w, h, rx=5, **{"class": "face"})
        self.label(g, x + 5, y + 14, _fit(view["name"], w), **{"font-weight": "bold"})
        for i, line in enumerate(lines[:3]):
            self.label(g, x + 5, y + 28 + 12 * i, _fit(line, w), **{"class": "small"})
        return g

    def backs(self, parent: ET.Element, x: float, y: float, count: int, what: str) -> None:
        """``count`` face-down cards, drawn as one pile with the count on it."""
        g = self.group(parent, **{"class": "card-back", "data-count": count})
        for i in range(min(count, 3)):
            self.rect(g, x + 3 * i, y - 3 * i, 44, CARD_H, rx=5)
        self.label(g, x + 8, y + 28 - 3 * min(count - 1, 2), str(count), **{"font-size": 14})
        self.label(g, x + 4, y + 46 - 3 * min(count - 1, 2), what, **{"class": "small"})

    def dial(
        self,
        parent: ET.Element,
        cx: float,
        cy: float,
        value: int,
        maximum: int,
        name: str,
        color: str,
    ) -> None:
        """A sphere as a dial: a ring filled ``value / maximum`` of the way round."""
        g = self.group(parent, **{"class": "sphere", "data-sphere": name})
        r = 17
        ET.SubElement(g, "circle", _attrs(cx=cx, cy=cy, r=r, **{"class": "dial-bg"}))
        share = 0.0 if maximum <= 0 else max(0.0, min(1.0, value / maximum))
        if share >= 1.0:
            ET.SubElement(g, "circle", _attrs(cx=cx, cy=cy, r=r, stroke=color, **{"class": "dial"}))
        elif share > 0:
            end = 2 * math.pi * share
            x2, y2 = cx + r * math.sin(end), cy - r * math.cos(end)
            large = 1 if share > 0.5 else 0
            path = f"M {cx:.1f} {cy - r:.1f} A {r} {r} 0 {large} 1 {x2:.1f} {y2:.1f}"
            ET.SubElement(g, "path", _attrs(d=path, stroke=color, **{"class": "dial"}))
        self.label(g, cx, cy + 4, f"{value}/{maximum}", **{"text-anchor": "middle"})
        self.label(g, cx, cy + r + 13, name, **{"text-anchor": "middle", "class": "label"})

    def text(self) -> str:
        ET.indent(self.root)
        return ET.tostring(self.root, encoding="unicode") + "\n"


def _attrs(**attrs: object) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in attrs.items():
        key = name.replace("_", "-") if not name.startswith("data-") else name
        out[key] = f"{value:g}" if isinstance(value, float) else str(value)
    return out


def _fit(text: str, width: int) -> str:
    """``text`` cut to what fits a card ``width`` pixels wide at the card font."""
    room = max(4, int((width - 8) / 6.2))
    return text if len(text) <= room else text[: room - 1] + "…"
