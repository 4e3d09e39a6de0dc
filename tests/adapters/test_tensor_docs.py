"""The docs' tensor tables ("Using the engine for AI research") are the tensors'
layouts, field by field: a change of a layout (a size of the action space it follows,
say) that the page does not follow fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the adapters need the extra mitosz-core[rl]")

from mitosz_core.adapters.candidates import encoding
from mitosz_core.adapters.tensors.layout import layout, shape

PAGE = Path(__file__).resolve().parents[2] / "docs" / "ai.rst"


def _table(ruleset: str, title: str) -> str:
    head = (
        f"{title} tensors: observation {shape(ruleset)[0]}, "
        f"information state {shape(ruleset, True)[0]} values"
    )
    lines = [head, "~" * 72, "", ".. list-table::", "   :header-rows: 1", "   :widths: 20 10 70"]
    lines += ["", "   * - Field", "     - Values", "     - Meaning"]
    for field in layout(ruleset, True):
        lines += [f"   * - ``{field.name}``", f"     - {field.size}", f"     - {field.doc}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("ruleset", "title"), [("mitosz", "Mítosz"), ("mythos", "MYTHOS")])
def test_the_page_prints_each_tensor_layout_as_it_is(ruleset: str, title: str) -> None:
    assert _table(ruleset, title) in PAGE.read_text(encoding="utf-8")


def _candidate_table(ruleset: str, title: str) -> str:
    enc = encoding(ruleset)
    head = f"{title} candidates: K = {enc.size}, F = {enc.width} values a row"
    lines = [head, "~" * 72, "", ".. list-table::", "   :header-rows: 1", "   :widths: 20 10 70"]
    lines += ["", "   * - Field", "     - Values", "     - Meaning"]
    for field in enc.fields:
        lines += [f"   * - ``{field.name}``", f"     - {field.size}", f"     - {field.doc}"]
    lines += ["", f"Each named card of a {title} candidate row:", ""]
    lines += [".. list-table::", "   :header-rows: 1", "   :widths: 20 10 70"]
    lines += ["", "   * - Field", "     - Values", "     - Meaning"]
    for field in enc.facts.fields:
        lines += [f"   * - ``{field.name}``", f"     - {field.size}", f"     - {field.doc}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("ruleset", "title"), [("mitosz", "Mítosz"), ("mythos", "MYTHOS")])
def test_the_page_prints_each_candidate_row_layout_as_it_is(ruleset: str, title: str) -> None:
    assert _candidate_table(ruleset, title) in PAGE.read_text(encoding="utf-8")
