"""What the package declares and ships: no links in the tree, one location per data file,
every registry and rulings file in the wheel, and the Python versions that are tested.

(Building the sdist and the wheel, and playing from the installed wheel, is the ``dist``
step of ``nox -s ci``: ``tools/check_dist.py``.)"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from mitosz_core import registry_data

ROOT = Path(__file__).resolve().parents[1]
TREES = ("src", "specs", "docs", "tools", "tests", ".ci")


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def declared_minors() -> list[int]:
    found = [
        re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", c)
        for c in pyproject()["project"]["classifiers"]
    ]
    return sorted(int(m.group(1)) for m in found if m)


def _installed(path: Path) -> bool:
    """Whether ``path`` was installed or generated, not written: bytecode caches and the
    npm packages of ``tools/mermaid`` (git-ignored, so no sdist holds them)."""
    return "__pycache__" in path.parts or "node_modules" in path.parts


def test_the_tree_holds_no_symbolic_link() -> None:
    links = [
        str(p.relative_to(ROOT))
        for tree in TREES
        for p in (ROOT / tree).rglob("*")
        if p.is_symlink() and not _installed(p)
    ]
    assert links == []


def test_the_card_schemas_live_in_the_package_only() -> None:
    names = [
        p.name for tree in TREES for p in (ROOT / tree).rglob("*.schema.json") if not _installed(p)
    ]
    assert sorted(names) == [
        "mitosz-cards-1.schema.json",
        "mitosz-position-1.schema.json",
        "mythos-cards-1.schema.json",
        "mythos-position-1.schema.json",
    ]
    assert (ROOT / "src/mitosz_core/schemas/mitosz-cards-1.schema.json").is_file()


def test_the_wheel_includes_every_registry_and_rulings_file() -> None:
    table = pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert table["specs/rules"] == "mitosz_core/_specs/rules"
    rulings = sorted(p.name for p in (ROOT / "specs").glob("rulings*.yaml"))
    assert rulings == sorted(registry_data.RULINGS_FILES)
    for name in rulings:
        assert table[f"specs/{name}"] == f"mitosz_core/_specs/{name}"
    assert all(path.is_file() for path in registry_data.rulings_files())
    registries = sorted(p.name for p in (ROOT / "specs" / "rules").glob("*.yaml"))
    assert registries == sorted(registry_data.REGISTRY_FILES.values())


def test_requires_python_and_the_classifiers_name_the_same_versions() -> None:
    minors = declared_minors()
    assert minors == list(range(minors[0], minors[-1] + 1))
    spec = pyproject()["project"]["requires-python"]
    assert spec == f">=3.{minors[0]},<3.{minors[-1] + 1}"


def test_this_interpreter_is_a_declared_version() -> None:
    assert sys.implementation.name == "cpython"
    assert sys.version_info[:2] in [(3, minor) for minor in declared_minors()]
