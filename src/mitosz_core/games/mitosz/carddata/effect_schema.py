"""The JSON Schema of maneuvers in card files, derived from the effect language.

The effect language's dataclasses are the single source of truth: this module walks their
annotations and writes the ``$defs`` that the card schema's ``maneuver`` refers to, in the
card-file form (sphere tables for costs, ``"8+"`` strings for number tests, omitted fields
for defaults). ``tools/gen_card_schema.py`` writes them into the schema file, and a test
fails when the file is stale.

Every ``pattern`` of the schema must match a whole string: the jsonschema library tests a
pattern with :func:`re.search`, where ``$`` also matches before a final newline (so
``"^[0-9]+$"`` would accept ``"901\n"``). Patterns therefore end in :data:`END` (which
means the same in Python and in the ECMA-262 dialect JSON Schema names), and
:func:`regenerated` refuses a schema with any other pattern.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterator
from typing import Any, Union

from mitosz_core.games.mitosz.effects import language as lang
from mitosz_core.games.mitosz.terms import SPHERES
from mitosz_core.kernel.sources import docstring, type_hints
from mitosz_core.kernel.tagged import Tagged

SPHERE_TABLE = {
    "type": "object",
    "description": "sphere points by sphere; omitted spheres are 0",
    "properties": {
        s: {"type": "integer", "minimum": 0, "maximum": 9}
        for s in ("magic", "influence", "wealth", "force")
    },
    "additionalProperties": False,
}
END = r"(?![\s\S])"
"""The end of the string, and only there: no character follows. (Python's ``\\Z`` is not
ECMA-262, and ``$`` matches before a final newline in Python.)"""


def full_match(body: str) -> str:
    """A ``pattern`` that matches exactly the strings ``body`` matches as a whole."""
    return f"^(?:{body}){END}"


NUMBER_TEST = {
    "type": "string",
    "pattern": full_match("[0-9][+-]?"),
    "description": "a card-number test (4.2.3): 4, 8+ or 3-",
}
_BASES = {lang.Effect: "effect", lang.Target: "target", lang.Condition: "condition"}
_UNIONS = {
    lang.AnyEffect: lang.Effect,
    lang.AnyTarget: lang.Target,
    lang.AnyCondition: lang.Condition,
}


def maneuver_defs() -> dict[str, Any]:
    """Every ``$defs`` entry the maneuver format needs, keyed by name."""
    defs: dict[str, Any] = {"spheres": SPHERE_TABLE, "number_test": NUMBER_TEST}
    _object(lang.Maneuver, "maneuver", defs)
    _object(lang.Cards, "cards", defs)
    _object(lang.SummonCondition, "summon_condition", defs)
    for base, name in _BASES.items():
        kinds = sorted(_kinds(base), key=lambda c: c.kind)
        for cls in kinds:
            _object(cls, f"{name}_{cls.kind}", defs, tag=cls.kind)
        defs[name] = {"oneOf": [{"$ref": f"#/$defs/{name}_{c.kind}"} for c in kinds]}
    return dict(sorted(defs.items()))


def _kinds(base: type) -> list[type[Tagged]]:
    table = lang.TAGGED[base]
    return list(table.values())


def _object(cls: type, name: str, defs: dict[str, Any], tag: str | None = None) -> None:
    if name in defs:
        return
    defs[name] = {}  # reserve against recursion
    hints = type_hints(cls)
    properties: dict[str, Any] = {}
    required: list[str] = []
    if tag is not None:
        properties["type"] = {"const": tag}
        required.append("type")
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        properties[f.name] = _schema(hints[f.name], defs)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    body: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        body["required"] = required
    body["additionalProperties"] = False
    doc = (docstring(cls) or "").strip().split("\n\n")[0].replace("\n", " ")
    if doc:
        body["description"] = " ".join(doc.split())
    defs[name] = body


def _schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    if tp in _UNIONS:
        return {"$ref": f"#/$defs/{_BASES[_UNIONS[tp]]}"}
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(members) == 1:
            return _schema(members[0], defs)  # an omitted field is None
        raise TypeError(f"no card-file form for {tp!r}")
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema(args[0], defs)}
        if args == (int, int, int, int):
            return {"$ref": "#/$defs/spheres"}
        raise TypeError(f"no card-file form for {tp!r}")
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is str:
        return {"type": "string"}
    if tp is lang.NumberTest:
        return {"$ref": "#/$defs/number_test"}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"enum": [m.value for m in tp]}
    if isinstance(tp, type) and issubclass(tp, Tagged):
        for base, name in _BASES.items():
            if issubclass(tp, base):
                return {"$ref": f"#/$defs/{name}"}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        known = {lang.Cards: "cards", lang.ManeuverStep: "maneuver_step"}
        if tp not in known:
            raise TypeError(f"no card-file form for {tp!r}")
        _object(tp, known[tp], defs)
        return {"$ref": f"#/$defs/{known[tp]}"}
    raise TypeError(f"no card-file form for {tp!r}")


def to_codec_form(raw: Any) -> Any:
    """A maneuver table of a card file in the codec's exact form: sphere tables become
    4-tuples (as lists) and number tests become objects."""

    if isinstance(raw, list):
        return [to_codec_form(v) for v in raw]
    if not isinstance(raw, dict):
        return raw
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("cost", "per") and isinstance(value, dict):
            out[key] = [value.get(sphere.value, 0) for sphere in SPHERES]
        elif key == "test" and isinstance(value, str):
            direction = 1 if value.endswith("+") else -1 if value.endswith("-") else 0
            out[key] = {"number": int(value.rstrip("+-")), "direction": direction}
        else:
            out[key] = to_codec_form(value)
    return out


def regenerated(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with its maneuver ``$defs`` and maneuver-related card fields written
    from the language."""
    defs = dict(schema["$defs"])
    defs.update(maneuver_defs())
    card = dict(defs["card"])
    properties = dict(card["properties"])
    properties["maneuvers"] = {
        "type": "array",
        "items": {"$ref": "#/$defs/maneuver"},
        "description": "the card's maneuvers (chapter 4): bound maneuvers, or a free "
        "maneuver's or a fate's own",
    }
    properties["users"] = {
        "type": "array",
        "items": {"$ref": "#/$defs/cards"},
        "description": "who may use a free maneuver, one selector per icon group (3.9)",
    }
    properties["rounds"] = {
        "type": "integer",
        "minimum": 1,
        "maximum": 9,
        "description": "a fate's duration in rounds (3.7)",
    }
    properties["summoning"] = {
        "$ref": "#/$defs/summon_condition",
        "description": "a further condition of summoning the card (6.3.4)",
    }
    card["properties"] = properties
    defs["card"] = card
    out = {**schema, "$defs": dict(sorted(defs.items()))}
    check_patterns(out)
    return out


def patterns(schema: Any, where: str = "#") -> Iterator[tuple[str, str]]:
    """Every ``pattern`` in a schema, with the JSON pointer of its keyword."""
    stack: list[tuple[Any, str]] = [(schema, where)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, dict):
            pattern = node.get("pattern")
            if isinstance(pattern, str):
                yield f"{at}/pattern", pattern
            stack.extend((v, f"{at}/{k}") for k, v in node.items() if k != "pattern")
        elif isinstance(node, list):
            stack.extend((v, f"{at}/{i}") for i, v in enumerate(node))


def check_patterns(schema: Any) -> None:
    """Refuse a schema with a pattern that does not match whole strings only (one that
    does not start with ``^`` and end with :data:`END`)."""
    for at, pattern in patterns(schema):
        if not (pattern.startswith("^") and pattern.endswith(END)):
            raise ValueError(
                f"{at}: the pattern {pattern!r} must start with ^ and end with {END} "
                "(with $, re.search also accepts a final newline)"
            )
