"""Check the documentation sources and the built HTML site.

Run after ``sphinx-build -b html docs docs/_build/html``::

    python docs/check_docs.py

Fails (exit status 1, one line per problem) when:

- a page under ``docs/`` (other than ``_build/``, ``generated/`` and ``_ext/``) cannot be
  reached from ``index`` through toctrees, or a toctree names a page that does not exist;
- a rule of a registry in ``specs/rules/`` is missing from its generated rule page, or is
  rendered there without its summary;
- a built page loads a script from another host (the site must work offline: Mermaid is
  bundled), or a page with a diagram does not load the bundled Mermaid;
- a hand-written page (not ``changelog.rst``, which is history) quotes a measurement typed
  by hand: a number with a unit of time, memory or speed (``12 ms``, ``3 minutes``,
  ``175 MB``, ``2 times faster``, ``900 decisions a second``). Measured figures live in
  fragments that the benchmark and strength sessions write (``docs/figures/*.inc``,
  pulled in with ``.. include::``), so they cannot drift from the code that measured
  them. A number that is a setting or a limit, not a measurement (a documented input
  limit, a time budget given to a command), is written with the ``:setting:`` role
  (``:setting:`16 MiB```), which renders as plain text and tells this check that the
  figure is chosen, not measured. Rule numbers, counts and percentages (such as 95%
  Wilson intervals) carry no such unit and are not figures.

``python docs/check_docs.py --source-only`` runs only the checks of the sources (the
toctrees and the figures), without a built site.
"""

from __future__ import annotations

import fnmatch
import html
import posixpath
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
HTML = DOCS / "_build" / "html"
SKIPPED_DIRS = frozenset({"_build", "generated", "_ext", "_vendor"})
ROOT_DOC = "index"
SUMMARY_PREFIX = 40


@dataclass(frozen=True)
class RulePage:
    """A registry and the built page that must render it."""

    registry: str
    page: str
    label_prefix: str


RULE_PAGES = (
    RulePage("specs/rules/mitosz-1.1.2.yaml", "generated/rules-mitosz.html", "rule-"),
    RulePage("specs/rules/mythos.yaml", "generated/rules-mythos.html", "rule-mythos-"),
)

_TOCTREE = re.compile(r"^(?P<indent>[ \t]*)\.\. toctree::[ \t]*$")
_OPTION = re.compile(r"^:[\w-]+:")
_TITLED = re.compile(r"^.*\S\s*<(?P<target>[^<>]+)>$")


# --- toctree reachability ------------------------------------------------------------------


def source_pages() -> dict[str, Path]:
    """Hand-written pages by docname (path under docs/ without ``.rst``)."""
    pages: dict[str, Path] = {}
    for path in sorted(DOCS.rglob("*.rst")):
        relative = path.relative_to(DOCS)
        if relative.parts[0] in SKIPPED_DIRS:
            continue
        pages[relative.with_suffix("").as_posix()] = path
    return pages


def toctree_entries(docname: str, source: str) -> tuple[list[str], list[str]]:
    """The docnames a page's toctrees name, and its glob patterns, resolved to docs/."""
    entries: list[str] = []
    globs: list[str] = []
    base = posixpath.dirname(docname)
    lines = source.splitlines()
    for index, line in enumerate(lines):
        match = _TOCTREE.match(line)
        if match is None:
            continue
        indent = len(match.group("indent"))
        body: list[str] = []
        for following in lines[index + 1 :]:
            if following.strip() and len(following) - len(following.lstrip()) <= indent:
                break
            body.append(following.strip())
        is_glob = ":glob:" in body
        for item in body:
            if not item or _OPTION.match(item) or item == "self" or "://" in item:
                continue
            titled = _TITLED.match(item)
            target = titled.group("target") if titled else item
            target = target.removesuffix(".rst")
            if target.startswith("/"):
                resolved = target.lstrip("/")
            else:
                resolved = posixpath.normpath(posixpath.join(base, target))
            if is_glob and any(c in resolved for c in "*?["):
                globs.append(resolved)
            else:
                entries.append(resolved)
    return entries, globs


def toctree_problems() -> list[str]:
    pages = source_pages()
    known = set(pages)
    known.update(
        path.relative_to(DOCS).with_suffix("").as_posix()
        for path in (DOCS / "generated").glob("*.rst")
    )
    problems: list[str] = []
    if ROOT_DOC not in pages:
        return [f"docs/{ROOT_DOC}.rst does not exist"]
    reached = {ROOT_DOC}
    queue = [ROOT_DOC]
    while queue:
        docname = queue.pop()
        path = pages.get(docname)
        if path is None:
            continue
        entries, globs = toctree_entries(docname, path.read_text(encoding="utf-8"))
        for pattern in globs:
            entries.extend(sorted(d for d in known if fnmatch.fnmatchcase(d, pattern)))
        for entry in entries:
            if entry not in known:
                problems.append(
                    f"docs/{docname}.rst: toctree names {entry!r}, which does not exist"
                )
            elif entry not in reached:
                reached.add(entry)
                queue.append(entry)
    for docname in sorted(set(pages) - reached):
        problems.append(f"docs/{docname}.rst is not in any toctree reachable from index")
    return problems


# --- measurement figures typed by hand -------------------------------------------------

HISTORY_PAGES = frozenset({"changelog"})
"""Pages that record the past: their figures are of their day and stay as written."""

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_UNIT = (
    r"(?:ms|µs|us|ns|s|secs?|seconds?|CPU[- ]seconds?|min|minutes?|hours?"
    r"|[KMGT]i?B|bytes"
    r"|times (?:faster|slower|as fast|as slow|the)|x (?:faster|slower|the)"
    r"|(?:decisions|games|plies|states|moves|mutants) (?:a|per) (?:second|minute)"
    r"|(?:decisions|games|plies|states|moves)/s)"
)
_FIGURE = re.compile(
    rf"(?<![\w.:/-]){_NUMBER}(?:\s*(?:to|-|–)\s*{_NUMBER})?(?:\s|\u00a0|-)?{_UNIT}(?![\w/])"
)
"""A number (or a range of two) followed by a unit of time, memory or speed."""
_SETTING = re.compile(r":setting:`[^`]*`")
"""The escape for a chosen number (a limit, a budget): it is not a measurement."""


def figures_in(source: str) -> list[tuple[int, str]]:
    """The hand-typed measurement figures of a page's source: (line number, figure)."""
    found: list[tuple[int, str]] = []
    for number, line in enumerate(source.splitlines(), start=1):
        for match in _FIGURE.finditer(_SETTING.sub("", line)):
            found.append((number, match.group(0)))
    return found


def figure_problems(pages: dict[str, Path] | None = None) -> list[str]:
    """One problem per measurement figure typed by hand into a hand-written page."""
    problems: list[str] = []
    for docname, path in sorted((pages or source_pages()).items()):
        if docname in HISTORY_PAGES:
            continue
        for line, figure in figures_in(path.read_text(encoding="utf-8")):
            problems.append(
                f"docs/{docname}.rst:{line}: the figure {figure!r} is typed by hand: include "
                "it from a fragment its benchmark writes (docs/figures/*.inc), or mark a "
                "setting with :setting:`...`"
            )
    return problems


# --- rule summaries in the built HTML -----------------------------------------------------


def html_id(label: str) -> str:
    """The HTML id docutils gives a label (its ``make_id``, for ASCII labels)."""
    ident = re.sub(r"[^a-z0-9]+", "-", label.lower())
    return re.sub(r"^[-0-9]+|-+$", "", ident)


def plain(markup: str) -> str:
    """Text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", markup)).split())


def load_rules(path: Path) -> list[dict[str, Any]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, list):
        raise SystemExit(f"{path}: expected a 'rules' list")
    return [r for r in rules if isinstance(r, dict)]


def rule_problems(page: RulePage) -> list[str]:
    built = HTML / page.page
    if not built.is_file():
        return [f"{built.relative_to(ROOT)} does not exist: build the HTML docs first"]
    markup = built.read_text(encoding="utf-8")
    rules = load_rules(ROOT / page.registry)
    problems: list[str] = []
    anchors: list[tuple[int, str]] = []
    for rule in rules:
        rid = str(rule.get("id"))
        position = markup.find(f'id="{html_id(page.label_prefix + rid)}"')
        if position < 0:
            problems.append(f"{page.page}: rule {rid} of {page.registry} is not rendered")
        else:
            anchors.append((position, rid))
    anchors.sort()
    segments: dict[str, str] = {}
    for (start, rid), (end, _) in zip(anchors, [*anchors[1:], (len(markup), "")], strict=True):
        segments[rid] = plain(markup[start:end])
    for rule in rules:
        rid = str(rule.get("id"))
        summary = " ".join(str(rule.get("summary") or "").split())
        if rid not in segments:
            continue
        if not summary:
            problems.append(f"{page.registry}: rule {rid} has no summary")
        elif summary[:SUMMARY_PREFIX] not in segments[rid]:
            problems.append(
                f"{page.page}: rule {rid} is rendered without its summary "
                f"{summary[:SUMMARY_PREFIX]!r}"
            )
    return problems


_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.DOTALL)
_REMOTE_SRC = re.compile(r"\bsrc=[\"']?(?:https?:)?//")
_REMOTE_IMPORT = re.compile(r"\bimport\b[^;\n]*[\"'](?:https?:)?//")


def loads_remote_script(source: str) -> bool:
    """Whether an HTML page loads a script from another host: a ``<script src>`` or an
    ``import`` inside a script that names a URL with a host."""
    return any(
        _REMOTE_SRC.search(attributes) or _REMOTE_IMPORT.search(body)
        for attributes, body in _SCRIPT.findall(source)
    )


BUNDLED_MERMAID = "_static/mermaid/mermaid.esm.min.mjs"


def offline_problems() -> list[str]:
    """Pages that load a script from another host, or draw diagrams without Mermaid."""
    problems = []
    for page in sorted(HTML.rglob("*.html")):
        source = page.read_text(encoding="utf-8")
        name = page.relative_to(HTML)
        if loads_remote_script(source):
            problems.append(f"{name} loads a script from another host")
        if 'class="mermaid"' in source and BUNDLED_MERMAID not in source:
            problems.append(f"{name} draws diagrams but does not load {BUNDLED_MERMAID}")
    if not (HTML / BUNDLED_MERMAID).is_file():
        problems.append(f"{BUNDLED_MERMAID} is not in the built site")
    return problems


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    problems = toctree_problems()
    problems.extend(figure_problems())
    if "--source-only" not in arguments:
        problems.extend(offline_problems())
        for page in RULE_PAGES:
            problems.extend(rule_problems(page))
    if problems:
        print("docs check failed:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"docs check passed: {len(source_pages())} pages, {len(RULE_PAGES)} rule pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
