"""Reading the rule registries (``specs/rules/*.yaml``) and the rulings
(``specs/rulings*.yaml``) shipped with the package.

A wheel carries them in ``mitosz_core/_specs/``; a source checkout reads ``specs/``.
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

from mitosz_core.errors import RegistryError

_PACKAGED = Path(__file__).resolve().parent / "_specs"
_SOURCE = Path(__file__).resolve().parents[2] / "specs"
REGISTRY_FILES = {"mitosz": "mitosz-1.1.2.yaml", "mythos": "mythos.yaml"}
"""The registry file of each ruleset, in ``rules/``."""
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
    """The rules of a registry shipped with the package, by file name."""
    return load_file(registry_dir() / ruleset_file)


MAX_DEPTH = 32
"""The deepest nesting of YAML collections a registry file may have; the registries nest 4
deep. Checked on the parser's events, which PyYAML makes without recursion, before the
document is composed (recursively), so that no file can exhaust the recursion limit,
whatever it is set to."""


def _depth(text: str) -> int:
    """The deepest nesting of collections in the YAML ``text``."""
    depth = deepest = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            deepest = max(deepest, depth)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return deepest


def load_file(path: str | os.PathLike[str]) -> tuple[Rule, ...]:
    """The rules of the registry file at ``path``.

    Raises :class:`~mitosz_core.errors.RegistryError` naming the file (and the rule) when
    it cannot be read, is not YAML (or nests collections deeper than :data:`MAX_DEPTH`),
    or is not a registry: a mapping whose ``rules`` is a list of rules, each with an
    ``id``, ``title``, ``summary`` and ``status``."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
        if _depth(text) > MAX_DEPTH:  # PyYAML composes nested collections recursively
            raise RegistryError(
                source, f"invalid YAML: collections nested too deeply (over {MAX_DEPTH})"
            )
        data = yaml.safe_load(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise RegistryError(source, f"cannot read the file: {exc}") from None
    except yaml.YAMLError as exc:
        raise RegistryError(source, f"invalid YAML: {exc}") from None
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, list):
        raise RegistryError(source, "not a rule registry: expected a mapping with a 'rules' list")
    out: list[Rule] = []
    for index, raw in enumerate(rules, start=1):
        if not isinstance(raw, dict):
            raise RegistryError(source, f"rule #{index} is not a mapping")
        missing = [f for f in ("id", "title", "summary", "status") if f not in raw]
        if missing:
            raise RegistryError(source, f"rule #{index} has no {missing[0]!r}")
        tests = raw.get("tests") or ()
        if not isinstance(tests, list | tuple):
            raise RegistryError(source, f"rule {raw['id']!r}: 'tests' must be a list")
        out.append(
            Rule(
                id=str(raw["id"]),
                title=str(raw["title"]),
                summary=str(raw["summary"]),
                status=str(raw["status"]),
                tests=tuple(str(t) for t in tests),
            )
        )
    return tuple(out)


def coverage(rules: tuple[Rule, ...]) -> dict[str, Counter[str]]:
    """Status counts per chapter, in registry order."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for rule in rules:
        out[rule.chapter][rule.status] += 1
    return dict(out)
