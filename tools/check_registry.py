"""Check (or sync) the rule registries in ``specs/rules/`` against the test suite.

Fails when:
- a rule marked ``implemented`` or ``partial`` lists no test;
- a listed test does not exist, or does not carry ``@pytest.mark.rule`` with that id;
- a test names a rule id that no registry has;
- a test marked with a rule id is missing from that rule's ``tests`` list;
- a ruling in ``specs/rulings*.yaml`` is pinned by no test (``@pytest.mark.ruling``) or
  names an unknown rule.

``--write`` rewrites each rule's ``tests`` list from the markers instead of checking it.

Usage: python tools/check_registry.py [--write]
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs" / "rules"
RULINGS = sorted((ROOT / "specs").glob("rulings*.yaml"))
STATUSES = {"implemented", "partial", "planned", "not-applicable"}


def tracked_tests() -> list[str]:
    """The test files git tracks: work not yet committed never reaches the registry."""
    proc = subprocess.run(
        ["git", "ls-files", "tests"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:  # not a git checkout: every test file
        return ["tests"]
    return [f for f in proc.stdout.split() if Path(f).name.startswith("test_")]


def collect() -> dict[str, list[str]]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "map.json"
        env = dict(os.environ, MITOSZ_RULE_MAP=str(out))
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "--collect-only",
                "-q",
                "-p",
                "no:cacheprovider",
                *tracked_tests(),
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0 or not out.exists():
            sys.stderr.write(proc.stdout + proc.stderr)
            raise SystemExit("test collection failed")
        data: dict[str, list[str]] = json.loads(out.read_text(encoding="utf-8"))
        return data


def main(argv: list[str]) -> int:
    write = "--write" in argv
    tests = collect()
    by_rule: dict[str, list[str]] = defaultdict(list)
    for node, ids in tests.items():
        for rid in ids:
            by_rule[rid].append(node)
    problems: list[str] = []
    known: set[str] = set()
    for path in [*sorted(SPECS.glob("*.yaml")), *RULINGS]:
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        is_rulings = path in RULINGS
        for rule in data["rulings" if is_rulings else "rules"]:
            rid = rule["id"]
            known.add(rid)
            if is_rulings:
                rule = {**rule, "status": "implemented"}
                if rule["rule"] not in known:
                    problems.append(f"{path.name}: {rid}: unknown rule {rule['rule']!r}")
            if rule["status"] not in STATUSES:
                problems.append(f"{path.name}: {rid}: unknown status {rule['status']!r}")
            marked = sorted(by_rule.get(rid, []))
            listed = rule.get("tests") or []
            if write:
                continue
            for node in listed:
                if node not in tests:
                    problems.append(f"{path.name}: {rid}: listed test {node} does not exist")
                elif rid not in tests[node]:
                    problems.append(f"{path.name}: {rid}: {node} has no rule({rid!r}) marker")
            for node in marked:
                if node not in listed:
                    problems.append(f"{path.name}: {rid}: {node} is marked but not listed")
            if rule["status"] in {"implemented", "partial"} and not listed:
                if is_rulings:
                    problems.append(f"{path.name}: {rid}: a ruling must be pinned by a test")
                    continue
                problems.append(f"{path.name}: {rid} is {rule['status']} but lists no test")
        if write:
            text = _rewrite(text, data, by_rule)
            path.write_text(text, encoding="utf-8")
    for rid, nodes in sorted(by_rule.items()):
        if rid not in known:
            problems.append(f"unknown rule id {rid!r} named by {nodes[0]}")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} registry problem(s)")
        return 1
    print(f"registry ok: {len(known)} rules, {len(tests)} tests")
    return 0


def _rewrite(text: str, data: dict[str, object], by_rule: dict[str, list[str]]) -> str:
    """Replace each ``tests:`` line of the YAML text, keeping everything else as written."""
    out: list[str] = []
    current: str | None = None
    for line in text.splitlines():
        m = re.match(r'^  - id: "?([^"]+)"?$', line)
        if m:
            current = m.group(1)
        if current is not None and re.match(r"^    tests:", line):
            nodes = sorted(by_rule.get(current, []))
            if nodes:
                out.append("    tests:")
                out.extend(f'      - "{n}"' for n in nodes)
            else:
                out.append("    tests: []")
            continue
        if current is not None and re.match(r"^      - ", line):
            continue  # an old test entry
        out.append(line)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
