"""The architecture page's walkthrough "How to add a keyword" stays true: every file it
names exists and holds the worked example's keyword (the rune), and the keyword's
module it names is the one that declares it."""

from __future__ import annotations

import re
from pathlib import Path

from mitosz_core.games.mitosz.rules.keywords import KEYWORDS
from mitosz_core.games.mitosz.rules.keywords.rune import RUNE

ROOT = Path(__file__).resolve().parent.parent
WALKTHROUGH = ROOT / "docs" / "architecture-keywords.inc"
NAMED = re.compile(r"^- ``([^`]+)``", re.MULTILINE)


def named_files() -> list[str]:
    return NAMED.findall(WALKTHROUGH.read_text(encoding="utf-8"))


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
