"""Reading the rule registries (``specs/rules/*.yaml``) and the rulings
(``specs/rulings*.yaml``) shipped with the package.

A wheel carries them in ``mitosz_core/_specs/``; a source checkout reads ``specs/``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

_PACKAGED = Path(__file__).resolve().parent / "_specs"
_SOURCE = Path(__file__).resolve().parents[2] / "specs"
RULINGS_FILES = ("rulings.yaml", "rulings-mythos.yaml")
"""The rulings of Mítosz and of MYTHOS."""


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


def specs_dir() -> Path:
    """Where the registries and rulings are: packaged in a wheel, or ``specs/`` of a
    checkout."""
    for path in (_PACKAGED, _SOURCE):
        if (path / "rules").is_dir():
            return path
    raise FileNotFoundError("the rule registry (specs/rules) is not installed")


def registry_dir() -> Path:
    """The directory of the rule registries (``rules/`` of :func:`specs_dir`)."""
    return specs_dir() / "rules"


def rulings_files() -> tuple[Path, ...]:
    """The rulings files (:data:`RULINGS_FILES`) in :func:`specs_dir`."""
    return tuple(specs_dir() / name for name in RULINGS_FILES)


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
