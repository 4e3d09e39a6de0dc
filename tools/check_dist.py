"""Check a built sdist and wheel against the source tree.

Usage: python tools/check_dist.py DIST_DIR

``DIST_DIR`` holds the ``.tar.gz`` and the ``.whl`` that ``python -m build`` made (the
wheel built from the sdist). The check fails, naming each missing file, when:

- the sdist holds a symbolic link, or lacks a file of ``src/mitosz_core/`` or a file the
  wheel's ``force-include`` table of ``pyproject.toml`` names (so a wheel built from the
  sdist could not have it);
- the wheel lacks a file of ``src/mitosz_core/`` or a ``force-include`` target.
"""

from __future__ import annotations

import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "mitosz_core"


def package_files() -> Iterator[str]:
    """The package's files, relative to ``src/`` (caches left out)."""
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path.relative_to(ROOT / "src").as_posix()


def force_included() -> dict[str, str]:
    """Source file -> wheel path of every file the ``force-include`` table names."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table: dict[str, str] = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    out: dict[str, str] = {}
    for source, target in table.items():
        path = ROOT / source
        if path.is_dir():
            for file in sorted(p for p in path.rglob("*") if p.is_file()):
                inner = file.relative_to(path).as_posix()
                out[file.relative_to(ROOT).as_posix()] = f"{target}/{inner}"
        else:
            out[source] = target
    return out


def check(dist: Path) -> list[str]:
    """Every problem with the sdist and the wheel in ``dist``, one line each."""
    problems: list[str] = []
    sdists = sorted(dist.glob("*.tar.gz"))
    wheels = sorted(dist.glob("*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        return [f"{dist}: expected one sdist and one wheel, found {len(sdists)} and {len(wheels)}"]
    extra = force_included()
    with tarfile.open(sdists[0]) as sdist:
        members = sdist.getmembers()
        prefix = members[0].name.split("/", 1)[0]
        names = {m.name.removeprefix(f"{prefix}/") for m in members}
        problems += [f"sdist: {m.name} is a link" for m in members if m.issym() or m.islnk()]
    wanted_in_sdist = ["pyproject.toml", "README.md", *extra]
    wanted_in_sdist += [f"src/{name}" for name in package_files()]
    problems += [f"sdist: {name} is missing" for name in wanted_in_sdist if name not in names]
    with zipfile.ZipFile(wheels[0]) as wheel:
        in_wheel = set(wheel.namelist())
    wanted_in_wheel = [*package_files(), *extra.values()]
    problems += [f"wheel: {name} is missing" for name in wanted_in_wheel if name not in in_wheel]
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/check_dist.py DIST_DIR", file=sys.stderr)
        return 2
    problems = check(Path(argv[0]))
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"sdist and wheel in {argv[0]} hold every package and registry file")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
