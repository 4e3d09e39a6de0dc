"""Check that the installed ``mitosz_core`` is the compiled build.

Usage: python tools/check_compiled.py

Run with the interpreter of an environment where the compiled wheel is installed
(``nox -s compiled`` does). The check fails, naming each module, when a module that the
mypyc build hook of ``pyproject.toml`` compiles (its ``include`` list, less ``exclude``)
is not loaded from an extension module, or when ``mitosz_core`` is imported from this
source tree rather than from the installed wheel.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"


def compiled_modules() -> Iterator[str]:
    """The dotted names of the modules the build hook compiles."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    excluded = {SOURCE.parent / path for path in hook.get("exclude", [])}
    for entry in hook["include"]:
        path = ROOT / entry
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if file in excluded or any(parent in excluded for parent in file.parents):
                continue
            parts = file.relative_to(SOURCE).with_suffix("").parts
            yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def check() -> list[str]:
    """Every problem found, one line each."""
    package = importlib.import_module("mitosz_core")
    where = Path(package.__file__ or "").resolve()
    if SOURCE in where.parents:
        return [f"mitosz_core is imported from the source tree ({where}), not the wheel"]
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    problems = []
    names = list(compiled_modules())
    for name in names:
        module = importlib.import_module(name)
        if not (module.__file__ or "").endswith(suffixes):
            problems.append(f"{name} is not compiled: {module.__file__}")
    if not names:
        problems.append("the build hook compiles no module")
    return problems


def main() -> int:
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"mitosz_core is the compiled build: {len(list(compiled_modules()))} modules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
