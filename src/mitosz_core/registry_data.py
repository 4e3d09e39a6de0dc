"""Reading the rule registry (``specs/rules/*.yaml``) shipped with the package."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

_PACKAGED = Path(__file__).resolve().parent / "_specs" / "rules"
_SOURCE = Path(__file__).resolve().parents[2] / "specs" / "rules"


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    summary: str
    status: str
    tests: tuple[str, ...]

    @property
    def chapter(self) -> str:
        head = self.id.split(".")[0]
        return "golden rules" if self.id.startswith("G") else head


def registry_dir() -> Path:
    """Where the registry files are: packaged in a wheel, or ``specs/`` of a checkout."""
    for path in (_PACKAGED, _SOURCE):
        if path.is_dir():
            return path
    raise FileNotFoundError("the rule registry (specs/rules) is not installed")


def load(ruleset_file: str = "mitosz-1.1.2.yaml") -> tuple[Rule, ...]:
    data = yaml.safe_load((registry_dir() / ruleset_file).read_text(encoding="utf-8"))
    return tuple(
        Rule(
            id=str(r["id"]),
            title=str(r["title"]),
            summary=str(r["summary"]),
            status=str(r["status"]),
            tests=tuple(r.get("tests") or ()),
        )
        for r in data["rules"]
    )


def coverage(rules: tuple[Rule, ...]) -> dict[str, Counter[str]]:
    """Status counts per chapter, in registry order."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for rule in rules:
        out[rule.chapter][rule.status] += 1
    return dict(out)
