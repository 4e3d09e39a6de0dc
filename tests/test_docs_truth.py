"""What the docs say about the project is kept true by a test.

- Every command that ``mitosz-core --help`` lists is named in the quickstart.
- The supported Pythons the quickstart names are ``pyproject.toml``'s.
- Which commands take ``--ruleset`` is what the README and the quickstart say.
- Every Python example of a hand-written page runs in the Sphinx doctest build
  (``doctest`` or ``testcode``); a ``code-block:: python`` is allowed only for an example
  meant to fail, which says so on its first line (``# expect: mypy --strict fails: ...``)
  and is checked here to fail that way. No Python hides in a plain ``::`` block.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from mitosz_core.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SKIPPED = {"_build", "generated", "_ext", "_vendor", "examples", "figures"}
EXPECT = re.compile(r"^# expect: mypy --strict fails: (?P<message>.+)$")
PYTHON_HINTS = re.compile(r"^\s*(import |from \S+ import |\w+ = mc\.|mc\.\w+\()", re.MULTILINE)


def expectation(text: str) -> re.Match[str] | None:
    """The ``# expect:`` line that opens an example meant to fail."""
    return EXPECT.match(text.split("\n", 1)[0])


def pages() -> list[Path]:
    return [
        p
        for p in sorted(DOCS.rglob("*.rst"))
        if not SKIPPED & set(p.relative_to(DOCS).parts) and p.name != "changelog.rst"
    ]


@dataclass(frozen=True)
class Literal:
    """A block of literal text of a page: how it was introduced, where, and its text."""

    page: str
    line: int
    directive: str
    options: tuple[str, ...]
    text: str


def literals(page: Path) -> list[Literal]:
    """The ``code-block`` and ``::`` blocks of ``page``."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Literal] = []
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith(".. code-block::"):
            directive = stripped
        elif stripped.endswith("::") and not stripped.startswith(".."):
            directive = "::"
        else:
            continue
        indent = len(line) - len(line.lstrip())
        options: list[str] = []
        body: list[str] = []
        for following in lines[index + 1 :]:
            if following.strip() and len(following) - len(following.lstrip()) <= indent:
                break
            if not body and following.strip().startswith(":") and directive != "::":
                options.append(following.strip())
                continue
            body.append(following)
        text = "\n".join(b[indent + 3 :] if b.strip() else "" for b in body).strip("\n")
        found.append(Literal(page.name, index + 1, directive, tuple(options), text))
    return found


def all_literals() -> list[Literal]:
    return [lit for page in pages() for lit in literals(page)]


def commands_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_the_quickstart_names_every_command_of_the_help() -> None:
    text = (DOCS / "quickstart.rst").read_text(encoding="utf-8")
    commands = commands_of(build_parser())
    assert len(commands) >= 10
    missing = [name for name in commands if f"``mitosz-core {name}" not in text]
    assert not missing, f"commands of --help not in the quickstart: {missing}"


def test_the_quickstart_names_the_supported_pythons() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = [
        c.rsplit(":: ", 1)[1]
        for c in project["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]
    text = (DOCS / "quickstart.rst").read_text(encoding="utf-8")
    named = re.search(r"runs on CPython ([\d., and]+)", text)
    assert named is not None
    assert re.findall(r"3\.\d+", named.group(1)) == declared
    assert f'requires-python = "{project["requires-python"]}"' in text


def test_the_commands_that_take_ruleset_are_those_the_docs_name() -> None:
    """The README and the quickstart say: every command but replay, render and serve."""
    without = sorted(
        name
        for name, parser in commands_of(build_parser()).items()
        if not any("--ruleset" in a.option_strings for a in parser._actions)
        and not any(
            "--ruleset" in a.option_strings
            for sub in commands_of(parser).values()
            for a in sub._actions
        )
    )
    assert without == ["render", "replay", "serve"]
    for doc in (ROOT / "README.md", DOCS / "quickstart.rst"):
        text = " ".join(doc.read_text(encoding="utf-8").split())
        assert re.search(
            r"but `{1,2}replay`{1,2}, `{1,2}render`{1,2} and `{1,2}serve`{1,2} takes", text
        ), doc


def test_every_python_example_runs_in_the_doctest_build() -> None:
    """A ``code-block:: python`` is not run by Sphinx; only an example meant to fail may
    be one, and it says how it fails. A ``::`` block holding Python is not run either."""
    unchecked = [
        f"{lit.page}:{lit.line}"
        for lit in all_literals()
        if (lit.directive == ".. code-block:: python" and not expectation(lit.text))
        or (lit.directive == "::" and PYTHON_HINTS.search(lit.text))
    ]
    assert not unchecked, f"Python examples that no build runs: {unchecked}"


FAILING = [
    lit
    for lit in all_literals()
    if lit.directive == ".. code-block:: python" and expectation(lit.text)
]


def test_there_is_an_example_meant_to_fail() -> None:
    assert FAILING, "the check below would check nothing"


@pytest.mark.parametrize("example", FAILING, ids=lambda lit: f"{lit.page}:{lit.line}")
def test_an_example_meant_to_fail_fails_as_it_says(example: Literal, tmp_path: Path) -> None:
    match = expectation(example.text)
    assert match is not None
    script = tmp_path / "example.py"
    script.write_text(example.text + "\n", encoding="utf-8")
    found = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert found.returncode == 1, found.stdout + found.stderr
    errors = [line for line in found.stdout.splitlines() if ": error: " in line]
    assert len(errors) == 1, found.stdout
    assert match.group("message") in errors[0], found.stdout
