"""Limits on untrusted input, checked before anything is parsed.

Saved states, actions and action logs (JSON) and card files (TOML) may come from anyone.
Before a text is handed to ``json`` or ``tomllib``, and before anything recurses
over it, its size and shape are checked against :class:`Limits`, so that no input can
exhaust the recursion limit, the memory or the time of the process; an input beyond a
limit is rejected with the loader's own error (a :class:`~mitosz_core.errors.DecodeError`
or a :class:`~mitosz_core.errors.CardDataError`) saying which limit and where.

The checks here are cheap scans of the text: the nesting depth of brackets (strings and
comments skipped), the number of JSON values, the parts of a TOML key, the digits of a
number. The limits are far above what real data needs (see the field notes) and can be
changed for a block of code with :func:`use_limits`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from itertools import accumulate
from pathlib import Path
from typing import Any

from mitosz_core.errors import CardDataError

MIB = 1 << 20


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits every loader checks. The defaults are generous multiples of real data."""

    json_bytes: int = 16 * MIB
    """Largest JSON text (a saved state, an action, an action log), in bytes of UTF-8. A
    saved 4-player Mítosz game of 640 decisions is 165 KB."""
    json_depth: int = 64
    """Deepest nesting of JSON arrays and objects; a saved state nests 13 deep."""
    json_values: int = 1 << 19
    """Most values in one JSON text (arrays, objects, strings, numbers, ``true``,
    ``false`` and ``null``; an object's keys aside). Parsed, a value takes tens of bytes
    however short its text (``[]`` is two), so a text within ``json_bytes`` could take
    many times its size; this bounds it. At the ``json_bytes`` limit it allows a value
    every 32 bytes on average."""
    toml_bytes: int = 1 * MIB
    """Largest card file, in bytes of UTF-8; the built-in files are 14 to 20 KB."""
    toml_depth: int = 32
    """Deepest nesting of TOML tables and arrays in a card file (the document is depth
    0); the built-in files nest 10 deep."""
    toml_key_parts: int = 32
    """Most parts of one dotted TOML key or table header (``a.b.c`` has 3); the built-in
    files use 3."""
    number_digits: int = 100
    """Most digits of one number literal in JSON or TOML; real data uses at most 20 (a
    64-bit seed)."""
    position_bytes: int = 1 * MIB
    """Largest position file (TOML or JSON), in bytes of UTF-8, and no more than the
    limit of its format; the example ``judge.toml`` is under 1 KB, a 4-player position
    with full decks about 20 KB. A position is far smaller than a saved game, so its
    limit is lower."""
    deck_bytes: int = 1 * MIB
    """Largest deck file, in bytes of UTF-8; a deck of the built-in sets is under 2 KB.
    A larger file is not read whole."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"Limits.{f.name} must be a positive integer, got {value!r}")


DEFAULT_LIMITS = Limits()
"""The limits in force unless :func:`use_limits` changes them."""

_CURRENT: ContextVar[Limits] = ContextVar("mitosz_core_limits", default=DEFAULT_LIMITS)


def current_limits() -> Limits:
    """The limits in force in this thread or task."""
    return _CURRENT.get()


@contextmanager
def use_limits(limits: Limits | None = None, /, **changes: int) -> Iterator[Limits]:
    """Put other limits in force for the ``with`` block.

    The limits in force become ``limits`` (by default, the ones in force already) with
    ``changes``, in this thread or task only, until the block ends::

        with use_limits(json_bytes=256 * MIB):
            state = State.from_json(huge_text)
    """
    token = _CURRENT.set(dataclasses.replace(limits or _CURRENT.get(), **changes))
    try:
        yield _CURRENT.get()
    finally:
        _CURRENT.reset(token)


@dataclass(frozen=True, slots=True)
class TextProblem:
    """Why a text is refused before parsing, and where: ``line`` and ``column`` count
    from 1."""

    line: int
    column: int
    problem: str

    def __str__(self) -> str:
        return f"{self.problem} (line {self.line}, column {self.column})"


def size_problem(text: str | bytes, limit: int, what: str) -> str | None:
    """A sentence if ``text`` is longer than ``limit`` bytes of UTF-8, else ``None``."""
    if utf8_size(text, limit) > limit:
        return f"{what} is longer than the limit of {limit} bytes"
    return None


def utf8_size(text: str | bytes, limit: int) -> int:
    """The length of ``text`` in bytes of UTF-8, exact up to ``limit`` (a text that is
    certainly longer is not encoded just to be measured)."""
    if isinstance(text, bytes | bytearray):
        return len(text)
    if len(text) > limit or text.isascii():
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


def read_card_text(file: Path | Traversable) -> str:
    """The UTF-8 text of a card file of either ruleset, read no further than the size
    limit in force (:func:`current_limits`); a larger file is a
    :class:`~mitosz_core.errors.CardDataError`. Raises ``OSError`` and
    ``UnicodeDecodeError`` as reading does."""
    limit = current_limits().toml_bytes
    data = read_limited(file, limit)
    too_big = size_problem(data, limit, "the file")
    if too_big is not None:
        raise CardDataError(str(file), None, None, too_big)
    return data.decode("utf-8")


def read_limited(file: str | Path | Traversable, limit: int) -> bytes:
    """The bytes of ``file``, reading at most ``limit + 1`` of them (so that a huge file
    is never read whole only to be refused); raises ``OSError`` as reading does."""
    path = file if isinstance(file, Traversable) else Path(file)
    with path.open("rb") as handle:
        data: bytes = handle.read(limit + 1)
    return data


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _at(text: str, offset: int, problem: str) -> TextProblem:
    return TextProblem(*_position(text, offset), problem)


# --- JSON ---------------------------------------------------------------------------------

_STRING = r'"[^"\\]*(?:\\[\s\S]?[^"\\]*)*(?:"|\Z)'
"""A JSON string; one that is not closed runs to the end of the text, so the match never
fails (a failing match retried at every later quote would take quadratic time)."""
_JSON_STRING = re.compile(_STRING)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_EMPTY = r"\[[ \t\n\r]*\]|\{[ \t\n\r]*\}"
"""An empty array or object (a value with no first element), JSON's whitespace inside."""
_NO_SPACE = str.maketrans("", "", " \t\n\r")
_JSON_TOKEN = re.compile(rf"{_STRING}|{_EMPTY}|[\[\]{{}},]|[0-9]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_text_problem(text: str, limits: Limits) -> TextProblem | None:
    """The first place where ``text`` nests deeper than ``limits.json_depth``, has a
    number of more than ``limits.number_digits`` digits, or holds more values than
    ``limits.json_values``; ``None`` if there is none.

    Strings are skipped, so brackets, commas and digits inside them do not count. The
    values are counted from the text, before anything is parsed: the first value, then
    one more after each comma and at the start of each array or object that is not
    empty (its first element). The common case (no problem) runs at the speed of the
    regular-expression engine; only a text with a problem is walked token by token, to
    say where it is.
    """
    stripped = _JSON_STRING.sub('""', text)
    values = 1 + stripped.count(",") + stripped.count("[") + stripped.count("{")
    if values > limits.json_values:  # an empty array or object has no first element
        compact = stripped.translate(_NO_SPACE)
        values -= compact.count("[]") + compact.count("{}")
        del compact
    too_many = values > limits.json_values
    if not too_many:
        brackets = _NOT_BRACKET.sub("", stripped)
        too_deep = bool(brackets) and max(accumulate(map(_DELTA.__getitem__, brackets))) > (
            limits.json_depth
        )
        del brackets
        too_long = re.search(f"[0-9]{{{limits.number_digits + 1}}}", stripped) is not None
        if not (too_deep or too_long):
            return None
    del stripped
    found = _json_walk(text, limits)
    if found is None and too_many:  # pragma: no cover - the walk counts the same values
        return TextProblem(1, 1, _values(limits.json_values))
    return found


def _json_walk(text: str, limits: Limits) -> TextProblem | None:
    """The first problem of ``text``, found token by token (see :func:`json_text_problem`)."""
    depth, values = 0, 1
    for token in _JSON_TOKEN.finditer(text):
        value = token.group()
        first = value[0]
        if first in "[{":
            depth += 1
            if depth > limits.json_depth:
                return _at(text, token.start(), _deep(limits.json_depth, "arrays and objects"))
            if len(value) > 1:  # an empty array or object
                depth -= 1
                continue
        elif first in "]}":
            depth -= 1
            continue
        elif first == '"':
            continue
        elif first != ",":
            if len(value) > limits.number_digits:
                return _at(text, token.start(), _digits(len(value), limits.number_digits))
            continue
        values += 1  # a comma, or an array or object that is not empty: one value more
        if values > limits.json_values:
            return _at(text, token.end(), _values(limits.json_values))
    return None  # pragma: no cover - the fast scan and this walk see the same tokens


def _deep(limit: int, what: str) -> str:
    return f"{what} nested deeper than the limit of {limit}"


def _values(limit: int) -> str:
    return f"more JSON values than the limit of {limit} (json_values)"


def _digits(count: int, limit: int) -> str:
    return f"a number of {count} digits, more than the limit of {limit}"


# --- TOML ---------------------------------------------------------------------------------

_TOML_TOKEN = re.compile(
    r"""
    (?P<ml_basic>\"\"\")
    |(?P<ml_literal>''')
    |(?P<basic>"(?:[^"\\\n]|\\.)*")
    |(?P<literal>'[^'\n]*')
    |(?P<open_quote>["'])
    |(?P<comment>\#[^\n]*)
    |(?P<newline>\n)
    |(?P<bracket>[\[\]{}])
    |(?P<mark>[=,.])
    |(?P<word>[^\s"'\#\[\]{}=,.]+)
    |(?P<space>[^\S\n]+)
    """,
    re.VERBOSE,
)
_ML_BASIC_REST = re.compile(r'(?:[^"\\]|\\[\s\S]|"(?!""))*"""(?:"{1,2}(?!"))?')
_ML_LITERAL_END = re.compile(r"'''(?:'{1,2}(?!'))?")
_BASED_NUMBER = re.compile(r"[+-]?0[xob]")


def toml_text_problem(text: str, limits: Limits) -> TextProblem | None:
    """The first place where ``text`` nests arrays and inline tables deeper than
    ``limits.toml_depth``, has a key of more than ``limits.toml_key_parts`` parts, or a
    number of more than ``limits.number_digits`` digits; ``None`` if there is none.

    A small TOML lexer: strings and comments are skipped, and it tracks whether a word is
    a key (before ``=``, in a table header) or a value. It stops at the first string
    that is not closed, leaving the syntax error to the parser.
    """
    stack: list[str] = []
    in_key = True
    at_line_start = True
    in_header = False
    parts = 0
    pos = 0
    end = len(text)
    while pos < end:
        token = _TOML_TOKEN.match(text, pos)
        if token is None:  # pragma: no cover - the word class takes any other character
            return None
        kind = token.lastgroup
        value = token.group()
        start, pos = pos, token.end()
        if kind in ("space", "comment"):
            continue
        if kind == "ml_basic" or kind == "ml_literal":
            closing = (
                _ML_BASIC_REST.match(text, pos)
                if kind == "ml_basic"
                else _ML_LITERAL_END.search(text, pos)
            )
            if closing is None:
                return None  # not closed: the parser reports it
            pos = closing.end()
            kind = "string"
        elif kind in ("basic", "literal"):
            kind = "string"
        elif kind == "open_quote":
            return None  # a string not closed on its line: the parser reports it
        if kind == "newline":
            if not stack:
                in_key, at_line_start, parts = True, True, 0
            continue
        line_start, at_line_start = at_line_start, False
        if kind == "string" or kind == "word":
            if in_key:
                parts += 1
                if parts > limits.toml_key_parts:
                    return _at(
                        text,
                        start,
                        f"a key of more parts than the limit of {limits.toml_key_parts}",
                    )
            elif kind == "word":
                found = _number_problem(value, limits)
                if found is not None:
                    return _at(text, start, found)
        elif value == "=":
            in_key = False
        elif value == ",":
            if stack and stack[-1] == "{":
                in_key, parts = True, 0
        elif value == "[" and line_start and not stack and in_key and parts == 0:
            in_header = True
            if text.startswith("[", pos):
                pos += 1
        elif value == "]" and in_header:
            in_header, in_key = False, False
            if text.startswith("]", pos):
                pos += 1
        elif value in ("[", "{"):
            stack.append(value)
            if len(stack) > limits.toml_depth:
                return _at(text, start, _deep(limits.toml_depth, "arrays and inline tables"))
            in_key, parts = value == "{", 0
        elif value in ("]", "}"):
            if stack:
                stack.pop()
            in_key = False
    return None


def _number_problem(word: str, limits: Limits) -> str | None:
    if len(word) <= limits.number_digits or _BASED_NUMBER.match(word):
        return None  # hexadecimal, octal and binary numbers convert in linear time
    digits = sum(c.isdigit() for c in word)
    return _digits(digits, limits.number_digits) if digits > limits.number_digits else None


def document_depth_problem(document: Any, limit: int) -> tuple[tuple[str | int, ...], str] | None:
    """The path of the first value nested more than ``limit`` tables and arrays deep in a
    parsed document (the document itself is depth 0), and a sentence; ``None`` if none.
    Iterative, so it is safe on any document."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict | list) and len(path) > limit:
            return path, f"tables and arrays nested deeper than the limit of {limit}"
        if isinstance(value, dict):
            stack.extend((v, (*path, k)) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, (*path, i)) for i, v in reversed(list(enumerate(value))))
    return None
