"""Hypothesis strategies that mutate real inputs.

Three levels, each a strategy over a corpus of real texts:

- :func:`mutated_text`: character edits (delete, duplicate, repeat, swap and truncate
  slices, insert tokens that matter to JSON, TOML and deck files), and
  :func:`mutated_bytes`: byte edits of the UTF-8 form (invalid sequences, byte-order
  marks, flipped bits);
- :func:`mutated_json` and :func:`mutated_toml`: structural edits of the parsed document
  (change a value's type, delete, add or repeat a key, nest deeper, huge numbers,
  long strings, copy a value from elsewhere, change a ``type`` tag), written back as text;
- :func:`mutated_deck`: line edits of deck files (counts, keys, duplicated lines).

Sizes are bounded: amplifying edits reach a few times the input limits the suite runs
under (:data:`FUZZ_LIMITS`), so that the limits themselves are exercised.
"""

from __future__ import annotations

import copy
import json
import math
import tomllib
from collections.abc import Callable, Sequence
from typing import Any

import tomli_w
from hypothesis import strategies as st

from mitosz_core.kernel.limits import Limits

FUZZ_LIMITS = Limits(json_bytes=1 << 20, toml_bytes=256 << 10)
"""The limits the fuzz suite runs under: the real inputs fit easily, and amplifying
mutations cross them cheaply."""
MAX_GROWTH = 600_000
"""The most characters a single amplifying edit adds."""

Draw = Callable[[st.SearchStrategy[Any]], Any]
Path = tuple[str | int, ...]

TOKENS = (
    "[", "]", "{", "}", '"', "'", "\\", "\n", "\r\n", ",", ":", "=", ".", "#", "-", "+",
    "\x00", "\ufeff", "\ud800", "é", "€", "𝄞", "\u202e", " ", "\t",
    "null", "true", "false", "NaN", "Infinity", "-0", "0", "-1", "1e999", "1.5", "0x1F",
    "2147483648", "9223372036854775808", "18446744073709551616", "9" * 101, "9" * 4301,
    "[" * 70, "{" * 70, '{"a":' * 70, "[" * 5000, '"""', "'''", "\\u", "\\ud800",
    "[[card]]\n", "[set]\n", "[faction]\n", "a" + ".a" * 40 + " = 1\n", "x = " + "[" * 40,
    "type = \"sequence\"\n", "name: \n", "# ", "1979-05-27", "inf", "nan",
)  # fmt: skip
"""Fragments that matter to a JSON, TOML or deck parser."""

BIG_DIGITS = (19, 20, 21, 64, 100, 101, 4300, 4301, 6000)
"""Digit counts of huge numbers: around 64 bits, the number-digits limit, and Python's
own limit on converting a string to an integer."""


# --- text and bytes -------------------------------------------------------------------------


def _slice(draw: Draw, text: str) -> tuple[int, int]:
    start = draw(st.integers(0, len(text)))
    return start, draw(st.integers(start, min(len(text), start + 200)))


def _delete(draw: Draw, text: str) -> str:
    a, b = _slice(draw, text)
    return text[:a] + text[b:]


def _duplicate(draw: Draw, text: str) -> str:
    a, b = _slice(draw, text)
    return text[:b] + text[a:b] + text[b:]


def _repeat(draw: Draw, text: str) -> str:
    a, b = _slice(draw, text)
    piece: str = text[a:b] or draw(st.sampled_from(TOKENS))
    times: int = draw(st.sampled_from((2, 10, 100, 1000, MAX_GROWTH // len(piece))))
    return text[:b] + piece * max(1, min(times, MAX_GROWTH // len(piece))) + text[b:]


def _insert(draw: Draw, text: str) -> str:
    at = draw(st.integers(0, len(text)))
    token: str = draw(st.sampled_from(TOKENS) | st.text(max_size=8))
    return text[:at] + token + text[at:]


def _replace_char(draw: Draw, text: str) -> str:
    if not text:
        return text
    at = draw(st.integers(0, len(text) - 1))
    char: str = draw(st.characters())
    return text[:at] + char + text[at + 1 :]


def _swap(draw: Draw, text: str) -> str:
    a, b = _slice(draw, text)
    c, d = _slice(draw, text)
    if b <= c:
        return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
    return text


def _truncate(draw: Draw, text: str) -> str:
    return text[: draw(st.integers(0, len(text)))]


TEXT_EDITS = (_delete, _duplicate, _repeat, _insert, _replace_char, _swap, _truncate)


@st.composite
def mutated_text(draw: Draw, corpus: Sequence[str], edits: int = 4) -> str:
    """A text of ``corpus`` with 1 to ``edits`` character edits."""
    text: str = draw(st.sampled_from(corpus))
    for _ in range(draw(st.integers(1, edits))):
        text = draw(st.sampled_from(TEXT_EDITS))(draw, text)
    return text


BYTE_SNIPPETS = (
    b"\xff", b"\xfe", b"\xc3", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
    b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00", b"\x00\x00\xfe\xff", b"\x80",
)  # fmt: skip
"""Invalid UTF-8, surrogates, byte-order marks and NUL bytes."""


@st.composite
def mutated_bytes(draw: Draw, corpus: Sequence[str]) -> bytes:
    """The UTF-8 form of a text of ``corpus`` with byte edits."""
    data = bytearray(draw(st.sampled_from(corpus)).encode("utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(("snippet", "flip", "cut", "utf16")))
        if kind == "snippet":
            data[at:at] = draw(st.sampled_from(BYTE_SNIPPETS))
        elif kind == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "cut":
            del data[at:]
        elif kind == "utf16":
            data = bytearray(data.decode("utf-8", "replace").encode("utf-16"))
    return bytes(data)


# --- document trees -------------------------------------------------------------------------


class Raw(str):
    """A value written into JSON text verbatim (a number of any length)."""


REPEAT = "\x00repeat\x00"
"""A key ``REPEAT + n + REPEAT + key`` is written as ``key``: a repeated key (a dict
cannot hold one, and later edits keep working on a plain dict)."""


def paths(tree: Any) -> list[Path]:
    """Every path in a document, the root first (iterative)."""
    out: list[Path] = []
    stack: list[tuple[Any, Path]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        out.append(path)
        if isinstance(node, dict):
            stack.extend((v, (*path, k)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, (*path, i)) for i, v in enumerate(node))
    return out


def _get(tree: Any, path: Path) -> Any:
    for part in path:
        tree = tree[part]
    return tree


def _put(tree: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    _get(tree, path[:-1])[path[-1]] = value
    return tree


def _other_value(draw: Draw, toml: bool) -> Any:
    scalars: list[Any] = [
        True, False, 0, -1, 1, 2**31, 2**63, 2**64, -(2**64), 1.5, -0.0, 1e308,
        "", "x", "x" * 10_000, "é\u0000\n", "\ufffd", "8+", "+2",
    ]  # fmt: skip
    if not toml:
        scalars.extend((None, "\ud800"))
    return draw(
        st.sampled_from(scalars)
        | st.just([])
        | st.just({})
        | st.lists(st.sampled_from(scalars), max_size=3)
        | st.dictionaries(st.sampled_from(("a", "type", "card", "key")), st.sampled_from(scalars))
    )


def _edit_tree(draw: Draw, tree: Any, tags: Sequence[str], toml: bool) -> Any:
    """One structural edit of a document (it is edited in place and returned)."""
    everywhere = paths(tree)
    path: Path = draw(st.sampled_from(everywhere))
    node = _get(tree, path)
    edit = draw(
        st.sampled_from(
            ("retype", "delete", "add", "duplicate", "nest", "big", "long", "copy", "tag", "int")
        )
    )
    if edit == "retype":
        return _put(tree, path, _other_value(draw, toml))
    if edit == "delete" and path:
        parent = _get(tree, path[:-1])
        del parent[path[-1]]
        return tree
    if edit == "add" and isinstance(node, dict):
        node[draw(st.sampled_from(("extra", "type", "_legal", "x" * 300, "")))] = _other_value(
            draw, toml
        )
        return tree
    if edit == "add" and isinstance(node, list):
        at = draw(st.integers(0, len(node)))
        node.insert(at, copy.deepcopy(node[at - 1]) if node else _other_value(draw, toml))
        return tree
    if edit == "duplicate" and isinstance(node, dict) and node and not toml:
        key = draw(st.sampled_from(sorted(node)))
        node[f"{REPEAT}{len(node)}{REPEAT}{key}"] = _other_value(draw, toml)
        return tree
    if edit == "nest":
        depth = draw(st.sampled_from((1, 2, 10, 40, 70, 150)))
        for _ in range(depth):
            node = [node] if draw(st.booleans()) or toml else {"a": node}
        return _put(tree, path, node)
    if edit == "big" and not isinstance(node, dict | list):
        digits = draw(st.sampled_from(BIG_DIGITS))
        sign = draw(st.sampled_from(("", "-")))
        return _put(tree, path, _huge(sign + "9" * digits, toml))
    if edit == "long" and not isinstance(node, dict | list):
        size = draw(st.sampled_from((1_000, 100_000, MAX_GROWTH)))
        return _put(tree, path, draw(st.sampled_from(("x", "é", "[", "\\", "\n"))) * size)
    if edit == "copy":
        source = draw(st.sampled_from(everywhere))
        if source[: len(path)] != path:  # not from inside itself
            return _put(tree, path, copy.deepcopy(_get(tree, source)))
    if edit == "tag" and isinstance(node, dict) and tags:
        node["type"] = draw(st.sampled_from(tags))
        return tree
    if edit == "int" and isinstance(node, int) and not isinstance(node, bool):
        delta = draw(st.sampled_from((1, -1, 2, -node - 1, 10**6, 2**64 - node)))
        return _put(tree, path, node + delta)
    return _put(tree, path, _other_value(draw, toml))


HUGE: dict[int, str] = {
    7_770_000_000_000_000_000_000 + i: sign + "9" * digits
    for i, (sign, digits) in enumerate((s, d) for s in ("", "-") for d in BIG_DIGITS)
}
"""Placeholders of huge TOML numbers (TOML is written from integers, and Python would not
convert a 4301-digit one to text), replaced by their digits after writing."""
_MARKERS = {digits: marker for marker, digits in HUGE.items()}


def _huge(digits: str, toml: bool) -> Any:
    return _MARKERS[digits] if toml else Raw(digits)


def dump_json(value: Any) -> str:
    """JSON text of a document with :class:`Raw` numbers and :data:`REPEAT` keys."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{_key(k)}:{dump_json(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump_json(v) for v in value) + "]"
    if isinstance(value, float) and not math.isfinite(value):
        return "1e999"
    return json.dumps(value)


def _key(key: str) -> str:
    if key.startswith(REPEAT):
        key = key.split(REPEAT, 2)[2]
    return json.dumps(key)


def tags_of(texts: Sequence[str]) -> tuple[str, ...]:
    """Every ``"type"`` tag in a corpus of JSON texts."""
    found: set[str] = set()
    for text in texts:
        for path in paths(data := json.loads(text)):
            node = _get(data, path)
            if isinstance(node, dict) and isinstance(node.get("type"), str):
                found.add(node["type"])
    return tuple(sorted(found))


@st.composite
def mutated_json(draw: Draw, corpus: Sequence[str], tags: Sequence[str] = ()) -> str:
    """A JSON text of ``corpus`` with 1 to 3 structural edits."""
    tree = json.loads(draw(st.sampled_from(corpus)))
    for _ in range(draw(st.integers(1, 3))):
        tree = _edit_tree(draw, tree, tags, toml=False)
    return dump_json(tree)


@st.composite
def mutated_toml(draw: Draw, corpus: Sequence[str], tags: Sequence[str] = ()) -> str:
    """A TOML text of ``corpus`` with 1 to 3 structural edits (written with tomli-w;
    an edit it cannot write is dropped)."""
    text = draw(st.sampled_from(corpus))
    tree = tomllib.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        edited = _edit_tree(draw, copy.deepcopy(tree), tags, toml=True)
        try:
            tomli_w.dumps(edited if isinstance(edited, dict) else {"value": edited})
        except (TypeError, ValueError):
            continue
        tree = edited
    out = tomli_w.dumps(tree if isinstance(tree, dict) else {"value": tree})
    for marker, digits in HUGE.items():
        out = out.replace(str(marker), digits)
    return out


# --- deck files -----------------------------------------------------------------------------

COUNTS = ("0", "-1", "1", "4", "5", "60", "+1", "1.0", "0x4", "٣", "", "9" * 30, "9" * 4301)
"""Counts a deck line may carry: out of range, not whole numbers, other digits, huge."""


@st.composite
def mutated_deck(draw: Draw, corpus: Sequence[str], keys: Sequence[str]) -> str:
    """A deck file of ``corpus`` with 1 to 4 line edits; ``keys`` are card keys to use."""
    lines = draw(st.sampled_from(corpus)).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, max(0, len(lines) - 1)))
        edit = draw(st.sampled_from(("count", "key", "duplicate", "delete", "name", "text")))
        line = lines[at] if lines else ""
        count, _, key = line.partition(" ")
        if edit == "count":
            lines[at : at + 1] = [f"{draw(st.sampled_from(COUNTS))} {key}"]
        elif edit == "key":
            other = draw(st.sampled_from(keys) | st.sampled_from(("", "#", key.upper(), key[:-1])))
            lines[at : at + 1] = [f"{count} {other}"]
        elif edit == "duplicate":
            lines.insert(at, line)
        elif edit == "delete" and lines:
            del lines[at]
        elif edit == "name":
            lines.insert(at, draw(st.sampled_from(("name:", "name: x", "NAME: y", "name:  "))))
        else:
            lines.insert(at, draw(mutated_text([line or "1 x"], edits=2)))
    end: str = draw(st.sampled_from(("\n", "", "\r\n")))
    return "\n".join(lines) + end
