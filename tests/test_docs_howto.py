"""The how-to pages run as written: each ``$ mitosz-core ...`` line of a ``console``
block is run in a copy of ``docs/examples/`` and must exit 0 and print the lines shown
under it, and each ``testcode`` block (which the Sphinx doctest builder also runs) is run
in the same folder, in page order, so the commands see the files it writes."""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mitosz_core.cli import main

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = ("howto-cards.rst",)


@dataclass(frozen=True)
class Block:
    """A directive's block of a page: its kind (``console`` or ``testcode``), its line
    and its lines, dedented."""

    kind: str
    line: int
    lines: tuple[str, ...]


def blocks(page: Path) -> Iterator[Block]:
    """The ``code-block:: console`` and ``testcode`` blocks of ``page``, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped == ".. code-block:: console":
            kind = "console"
        elif stripped.startswith(".. testcode::"):
            kind = "testcode"
        else:
            continue
        body: list[str] = []
        for following in lines[index + 1 :]:
            if following.strip() and not following.startswith(" "):
                break
            body.append(following)
        text = [b[3:] if b.startswith("   ") else b.strip() for b in body]
        while text and not text[0].strip():
            text.pop(0)
        while text and not text[-1].strip():
            text.pop()
        yield Block(kind, index + 1, tuple(text))


def commands(block: Block) -> Iterator[tuple[list[str], list[str]]]:
    """Each command of a console block (without its ``$ mitosz-core``) and the output
    lines shown under it."""
    current: list[str] | None = None
    shown: list[str] = []
    for line in block.lines:
        if line.startswith("$ "):
            if current is not None:
                yield current, shown
            words = shlex.split(line[2:])
            assert words[0] == "mitosz-core", f"line {block.line}: not a mitosz-core command"
            current, shown = words[1:], []
        elif line.strip():
            shown.append(line)
    if current is not None:
        yield current, shown


@pytest.mark.parametrize("name", PAGES)
def test_a_how_to_page_runs_as_written(name: str, tmp_path: Path) -> None:
    work = tmp_path / "examples"
    shutil.copytree(DOCS / "examples", work)
    home = Path.cwd()
    os.chdir(work)
    ran = 0
    try:
        namespace: dict[str, object] = {"Path": Path}
        for block in blocks(DOCS / name):
            if block.kind == "testcode":
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile("\n".join(block.lines), f"{name}:{block.line}", "exec"), namespace)
                ran += 1
                continue
            for argv, shown in commands(block):
                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    code = main(argv)
                printed = (out.getvalue() + err.getvalue()).splitlines()
                assert code == 0, (argv, printed)
                missing = [s for s in shown if s not in printed]
                assert not missing, f"{name}:{block.line}: {argv} did not print {missing}"
                ran += 1
    finally:
        os.chdir(home)
    assert ran >= 4
