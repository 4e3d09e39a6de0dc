"""``python -m benchmarks.adapters --rst DIR`` writes the docs fragments that
``docs/ai.rst`` includes, each headed by the command that wrote it, with a row per
ruleset (and per action encoding for the cost table)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from benchmarks import adapters

ARGS = ["--games", "1", "--rounds", "1", "--decisions", "3"]


def test_the_adapter_benchmark_writes_the_fragments_the_docs_include(tmp_path: Path) -> None:
    adapters.main([*ARGS, "--rst", str(tmp_path)])
    command = "python -m benchmarks.adapters " + " ".join([*ARGS, "--rst", str(tmp_path)])
    cost = (tmp_path / "adapters-cost.inc").read_text(encoding="utf-8")
    overhead = (tmp_path / "adapters-overhead.inc").read_text(encoding="utf-8")
    for fragment in (cost, overhead):
        assert fragment.startswith(f".. Written by {command}\n")
        assert ".. list-table::" in fragment
    assert cost.count("   * - Mítosz, ") == 2 and cost.count("   * - MYTHOS, ") == 2
    assert "   * - Mítosz\n" in overhead and "   * - MYTHOS\n" in overhead
    docs = Path(__file__).resolve().parents[2] / "docs" / "ai.rst"
    page = docs.read_text(encoding="utf-8")
    assert ".. include:: figures/adapters-cost.inc" in page
    assert ".. include:: figures/adapters-overhead.inc" in page
