"""The docs check (``docs/check_docs.py``) fails on a measurement figure typed by hand
into a hand-written page, and lets through what is not one: a figure included from a
generated fragment, a setting marked ``:setting:``, rule numbers, counts, percentages and
95% Wilson intervals, and the changelog's history."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _check_docs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_docs", DOCS / "check_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("check_docs", module)
    spec.loader.exec_module(module)
    return module


check_docs = _check_docs()


def _problems(tmp_path: Path, pages: dict[str, str]) -> list[str]:
    paths = {}
    for docname, text in pages.items():
        path = tmp_path / f"{docname}.rst"
        path.write_text(text, encoding="utf-8")
        paths[docname] = path
    result: list[str] = check_docs.figure_problems(paths)
    return result


@pytest.mark.parametrize(
    "sentence",
    [
        "A game takes about 7 seconds of CPU.",
        "Making the environment takes 34 to 39 ms.",
        "The tensor takes about 15 µs in a game's own loop.",
        "It allocates 175 MB once.",
        "Construction: 1.3 ms, 162 KiB.",
        "The run took 18 minutes in all.",
        "at about 5 s of processor time a game",
        "It reached 1.3 to 1.7 times the pure build's decisions a second.",
        "about 0.56 mutants a second",
        "A game costs about 0.6 CPU-seconds.",
    ],
)
def test_a_hand_typed_figure_fails_naming_page_and_line(tmp_path: Path, sentence: str) -> None:
    problems = _problems(tmp_path, {"speed": f"Speed\n=====\n\n{sentence}\n"})
    assert problems
    assert all(p.startswith("docs/speed.rst:4: the figure ") for p in problems)


def test_a_figure_inside_an_included_fragment_passes(tmp_path: Path) -> None:
    (tmp_path / "figures").mkdir()
    (tmp_path / "figures" / "speed.inc").write_text("Made in 1.3 ms, 162 KiB.\n", "utf-8")
    page = "Speed\n=====\n\nMeasured by the benchmark:\n\n.. include:: figures/speed.inc\n"
    assert _problems(tmp_path, {"speed": page}) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Rule 6.1.4 and rule 12.3 decide it; see R-MITOSZ-0042.",
        "Files over :setting:`16 MiB` are refused (TOML :setting:`256 KiB`).",
        "``nox -s soak -- --minutes 5`` plays as many games as fit in :setting:`5 minutes`.",
        "400 games, 94.8% [92.1, 96.5] wins, target 75% (> 65%).",
        "10,000 decisions in 3 rounds by 2 players, 45,777,955 indices, 64 slots.",
        "Python 3.11 to 3.13; version 0.1.0 at commit a7fd240.",
        "It counts the minutes column of the table.",
    ],
)
def test_what_is_not_a_measurement_passes(tmp_path: Path, sentence: str) -> None:
    assert _problems(tmp_path, {"page": f"Page\n====\n\n{sentence}\n"}) == []


def test_the_changelog_is_history_and_is_not_checked(tmp_path: Path) -> None:
    assert _problems(tmp_path, {"changelog": "Then a game took 7 seconds.\n"}) == []


def test_the_hand_written_pages_quote_no_hand_typed_figure() -> None:
    assert check_docs.figure_problems() == []
