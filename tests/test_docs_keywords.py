"""The architecture page's walkthrough "How to add a keyword" stays true: the files it
names exist and name the worked example's keyword (the rune), the keyword's module it
names is the one that declares it, and the modules under ``src/`` it names are exactly
those whose code names the rune, read with ``ast`` (so a new mention anywhere in the
package's code, or a stale line in the walkthrough, fails here)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mitosz_core.games.mitosz.rules.keywords import KEYWORDS
from mitosz_core.games.mitosz.rules.keywords.rune import RUNE

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
WALKTHROUGH = ROOT / "docs" / "architecture-keywords.inc"
NAMED = re.compile(r"^- ``([^`]+)``", re.MULTILINE)
WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
"""The words of an identifier: ``AttachRune`` is ``Attach`` and ``Rune``, ``RUNE`` one
word, ``runes_on`` ``runes`` and ``on`` (so ``prune`` is no rune)."""
RULE_ID = re.compile(r"(?:R-)?[0-9]+\.[a-z_]+[-.\w]*")
"""A rule or ruling id, such as ``8.rune`` or ``R-8.rune``: it cites the rule and is no
code of the keyword."""


def keyword_words() -> frozenset[str]:
    return frozenset({RUNE.name, f"{RUNE.name}s"})


def named_files() -> list[str]:
    return NAMED.findall(WALKTHROUGH.read_text(encoding="utf-8"))


def names_keyword(identifier: str) -> bool:
    """Whether an identifier (or a dotted module path) has the keyword as a word."""
    words = {w.lower() for part in re.split(r"[._]", identifier) for w in WORDS.findall(part)}
    return bool(words & keyword_words())


def string_names_keyword(text: str) -> bool:
    """Whether a string constant names the keyword, rule ids aside."""
    words = re.findall(r"[a-z]+", RULE_ID.sub(" ", text).lower())
    return bool(set(words) & keyword_words())


def _docstrings(tree: ast.AST) -> set[int]:
    """The string constants that stand alone as statements: module, class and function
    docstrings and the attribute docstrings after an assignment."""
    found: set[int] = set()
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            for stmt in body if isinstance(body, list) else ():
                if (
                    isinstance(stmt, ast.Expr)
                    and isinstance(stmt.value, ast.Constant)
                    and isinstance(stmt.value.value, str)
                ):
                    found.add(id(stmt.value))
    return found


def mentions(source: str) -> Iterator[str]:
    """What in ``source``'s code names the keyword: identifiers, attribute and argument
    names, imported modules and names, and string constants that are not docstrings."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.Attribute):
            names.append(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.arg | ast.keyword):  # a parameter, a keyword argument
            names.append(node.arg or "")
        elif isinstance(node, ast.alias):
            names += [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.append(node.module)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and string_names_keyword(node.value)
        ):
            yield repr(node.value)
        yield from (n for n in names if n and names_keyword(n))


def modules_naming_the_keyword() -> set[str]:
    return {
        path.relative_to(ROOT).as_posix()
        for path in sorted(SRC.rglob("*.py"))
        if any(mentions(path.read_text(encoding="utf-8")))
    }


def test_the_walkthrough_names_files() -> None:
    files = named_files()
    assert len(files) >= 4
    assert len(set(files)) == len(files)


def test_every_named_file_exists_and_holds_the_keyword() -> None:
    for name in named_files():
        path = ROOT / name
        assert path.is_file(), f"{name} does not exist"
        text = path.read_text(encoding="utf-8")
        assert re.search(rf"\b{RUNE.name}", text, re.IGNORECASE), f"{name} has no {RUNE.name}"


def test_the_named_module_declares_the_keyword() -> None:
    module = next(n for n in named_files() if n.endswith(f"keywords/{RUNE.name}.py"))
    assert RUNE in KEYWORDS
    assert f"{RUNE.name.upper()} = Keyword(" in (ROOT / module).read_text(encoding="utf-8")
    assert RUNE.__class__.__module__.endswith("keywords.keyword")


def test_the_named_modules_are_those_whose_code_names_the_keyword() -> None:
    """The walkthrough's ``src/`` modules are exactly the ones whose code names the rune,
    so its count of the files a keyword touches is the true one."""
    listed = {n for n in named_files() if n.startswith("src/") and n.endswith(".py")}
    found = modules_naming_the_keyword()
    assert found - listed == set(), "these name the rune but the walkthrough omits them"
    assert listed - found == set(), "the walkthrough lists these, but their code names no rune"


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ("from a.keywords.rune import focused", True),  # the module imported
        ("x = AttachRune(1, 2, 3)", True),
        ("x = item.rune", True),  # an attribute
        ("def runes_on(): pass", True),
        ("f(rune=1)", True),  # a keyword argument
        ("k = Kind.RUNE", True),
        ("s = 'attach the rune'", True),  # a string the player reads
        ("s = 'rune'", True),
        ("x = prune(s)", False),  # another word that holds the letters
        ("rules = ('8.rune', 'R-8.rune')", False),  # rule ids cite it
        ('"""A rune (8.rune)."""', False),  # a docstring
        ("x = 1  # a rune", False),  # a comment
        ('def f() -> None:\n    """The runes."""', False),
    ],
)
def test_the_scan_sees_code_and_not_docs(source: str, named: bool) -> None:
    assert any(mentions(source)) is named
