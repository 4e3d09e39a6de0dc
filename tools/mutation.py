"""A sampled mutation run over the Mítosz rules modules, with mutmut.

For each module of ``src/mitosz_core/games/mitosz/rules`` (and ``rules/fights``) a seeded
sample of its functions is chosen, and mutmut runs every mutant of those functions.
Tests are selected by rule id: the registry's rule ids (``specs/rules/mitosz-1.1.2.yaml``)
that a sampled module names (``6.2.4.1``, ``8.rune``, ``G1``, ...) pick the tests of
``tests/mitosz`` the registry lists for them, and among those mutmut runs, for each
mutant, the tests that reach the mutated function (its own per-mutant selection, recorded
in its stats run). The run happens in a scratch copy of the repository, so the project's
files and configuration are never touched. It is not part of CI; ``nox -s mutation``
runs it (about an hour on 2 cores with the defaults).

Usage::

    python tools/mutation.py [--functions N] [--seed S] [--modules a,b] [--max-children C]
    python tools/mutation.py --only-functions precedence.rank,fights.army.resolve_troop

``--only-functions`` names the functions to mutate (each ``module.function``, the module
dotted from the rules package) in place of a sample: every mutant of each, with the tests
of the rule ids their modules name. ``--changed A..B`` names them by a range of commits:
every function of the rules modules that the commits changed and that still exists (by
its module and name today), as the run over the rule functions of a rules round does::

    python tools/mutation.py --changed 791d457^..d6dca9b --rst docs/figures/mutation.inc

``--summary DIR`` runs nothing: it reads the results of the scratch copy ``DIR`` of an
earlier run (which the run prints), also one stopped before its end, and prints its
score (and writes its table with ``--rst``).

The score is printed at the end: killed / (killed + survived), and the surviving mutants
by name (``mutmut show NAME`` in the scratch copy shows each diff).
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "src" / "mitosz_core" / "games" / "mitosz" / "rules"
PACKAGE = "mitosz_core.games.mitosz.rules"
REGISTRY = ROOT / "specs" / "rules" / "mitosz-1.1.2.yaml"
CONFIG = """
[tool.mutmut]
source_paths = ["src"]
only_mutate = {only}
pytest_add_cli_args_test_selection = {tests}
also_copy = ["tests", "specs"]
"""
"""mutmut's settings, added to the scratch copy's ``pyproject.toml`` only."""


def mentions(text: str, rule: str) -> bool:
    """Whether ``text`` names the rule id ``rule`` (``5.2``, ``8.rune``, ``G1``, also in a
    ruling's name such as ``R-5.9-transitive``), not a longer id it begins or ends
    (``5.2.1``, ``8.monster.4``, ``15.2``)."""
    return re.search(rf"(?<![\w.]){re.escape(rule)}(?!\w|\.\w)", text) is not None


def rule_tests(paths: list[Path]) -> list[str]:
    """The registry's tests of every rule id the modules at ``paths`` name."""
    rules = yaml.safe_load(REGISTRY.read_text(encoding="utf-8"))["rules"]
    listed = {str(rule["id"]): rule.get("tests") or [] for rule in rules}
    texts = [path.read_text(encoding="utf-8") for path in paths]
    named = {rule for rule in listed if any(mentions(text, rule) for text in texts)}
    tests = {test for rule in named for test in listed[rule]}
    return sorted(t for t in tests if t.startswith("tests/mitosz/"))


def modules(only: set[str] | None) -> list[Path]:
    found = sorted(p for p in RULES.rglob("*.py") if p.name != "__init__.py")
    return [p for p in found if only is None or p.stem in only]


def dotted(path: Path) -> str:
    rel = path.relative_to(RULES).with_suffix("")
    return ".".join((PACKAGE, *rel.parts))


def functions(path: Path) -> list[str]:
    """The module-level functions of ``path`` (mutmut names their mutants
    ``<module>.x_<function>__mutmut_<n>``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def sample(count: int, seed: int, only: set[str] | None) -> list[str]:
    """mutmut name patterns: ``count`` functions per module, chosen with ``seed``."""
    rng = random.Random(seed)
    patterns = []
    for path in modules(only):
        names = functions(path)
        for name in rng.sample(names, min(count, len(names))):
            patterns.append(f"{dotted(path)}.x_{name}__mutmut_*")
    return patterns


def chosen(names: list[str]) -> tuple[list[Path], list[str]]:
    """The modules and mutmut name patterns of the functions ``names``, each
    ``module.function`` with the module dotted from the rules package
    (``precedence.rank``, ``fights.army.resolve_troop``)."""
    paths: list[Path] = []
    patterns = []
    for name in names:
        module, _, function = name.rpartition(".")
        path = RULES.joinpath(*module.split(".")).with_suffix(".py")
        if not module or not path.is_file() or function not in functions(path):
            raise SystemExit(f"{name}: no such function in the rules modules")
        if path not in paths:
            paths.append(path)
        patterns.append(f"{dotted(path)}.x_{function}__mutmut_*")
    return sorted(paths), patterns


def changed(revisions: str) -> list[str]:
    """The rules functions (``module.function``) that the commits ``revisions`` (``A..B``)
    changed, by the lines of B they touch, that exist under the same name today."""
    diff = subprocess.run(
        ["git", "diff", "-U0", revisions, "--", str(RULES.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    touched: dict[str, set[int]] = {}
    current = ""
    for line in diff.splitlines():
        if line.startswith("+++ "):
            current = line[6:] if line != "+++ /dev/null" else ""
        hunk = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line)
        if hunk and current:
            start, count = int(hunk.group(1)), int(hunk.group(2) or 1)
            touched.setdefault(current, set()).update(range(start, start + max(count, 1)))
    end = revisions.split("..")[-1] or "HEAD"
    found: list[str] = []
    for path, lines in touched.items():
        text = subprocess.run(
            ["git", "show", f"{end}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        module = ".".join(Path(path).relative_to(RULES.relative_to(ROOT)).with_suffix("").parts)
        for node in ast.parse(text).body:
            last = node.end_lineno or node.lineno
            if isinstance(node, ast.FunctionDef) and lines & set(range(node.lineno, last + 1)):
                found.append(_today(module, node.name))
    kept = [name for name in dict.fromkeys(found) if name]
    gone = len(set(found)) - len(kept)
    if gone:
        print(f"{gone} changed function(s) no longer exist under their names", file=sys.stderr)
    return kept


def _today(module: str, function: str) -> str:
    """``module.function`` as it is named today: in the same module, or in the one
    module that has a function of that name now (it moved); ``""`` if neither."""
    here = RULES.joinpath(*module.split(".")).with_suffix(".py")
    if here.is_file() and function in functions(here):
        return f"{module}.{function}"
    homes = [p for p in modules(None) if function in functions(p)]
    if len(homes) == 1:
        return f"{dotted(homes[0])[len(PACKAGE) + 1 :]}.{function}"
    return ""


def tally(work: Path, patterns: list[str]) -> tuple[Counter[str], list[str]]:
    """The results of the scratch copy ``work`` for the mutants of ``patterns``: counts
    by status, and the surviving mutants' names."""
    results = subprocess.run(
        ["mutmut", "results", "--all", "true"], cwd=work, capture_output=True, text=True
    ).stdout
    counts: Counter[str] = Counter()
    survivors = []
    for line in results.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if not any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns):
            continue  # a mutant of the same modules outside the sample: never run
        counts[status] += 1
        if status == "survived":
            survivors.append(name)
    return counts, survivors


def table(command: str, functions_: int, tests: int, counts: Counter[str]) -> str:
    """A run's summary as the list-table ``docs/reliability.rst`` shows."""
    killed, survived = counts["killed"], counts["survived"]
    tried = killed + survived
    rows = [
        ("command", f"``{command}``"),
        ("functions", f"{functions_}, with {tests} tests chosen by rule id"),
        ("mutants", f"{sum(counts.values()):,}, of which {tried:,} were run to a verdict"),
        ("killed", f"{killed:,}"),
        ("survived", f"{survived:,}"),
        ("not run yet", f"{counts['not checked']:,} (the run was stopped before them)"),
        ("no test reaches them", f"{counts['no tests']:,}"),
        ("timeouts", f"{counts['timeout']:,}"),
        ("score", f"{100 * killed / tried:.1f}% killed" if tried else "none run"),
    ]
    lines = [".. list-table::", "   :header-rows: 0", "   :widths: 30 70", ""]
    for name, value in rows:
        lines += [f"   * - {name}", f"     - {value}"]
    return "\n".join(lines) + "\n"


def _described(args: argparse.Namespace) -> list[str]:
    """The options that chose a run's mutants, as they were given."""
    if args.changed:
        return [f"--changed {args.changed}"]
    if args.only_functions:
        return [f"--only-functions {args.only_functions}"]
    out = [f"--functions {args.functions}", f"--seed {args.seed}"]
    return out + ([f"--modules {args.modules}"] if args.modules else [])


def scratch(paths: list[Path], tests: list[str]) -> Path:
    work = Path(tempfile.mkdtemp(prefix="mitosz-mutation-"))
    for part in ("src", "tests", "specs"):
        shutil.copytree(ROOT / part, work / part, ignore=shutil.ignore_patterns("__pycache__"))
    only = [str(p.relative_to(ROOT)) for p in paths]
    config = CONFIG.format(only=json.dumps(only), tests=json.dumps(tests))
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(pyproject + config, encoding="utf-8")
    return work


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--functions", type=int, default=3, help="functions per module")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--modules", default="", help="module names, comma-separated")
    parser.add_argument("--max-children", type=int, default=2)
    parser.add_argument(
        "--only-functions",
        default="",
        help="module.function names, comma-separated (e.g. fights.army.resolve_troop): "
        "every mutant of just these, in place of a sample",
    )
    parser.add_argument(
        "--changed",
        default="",
        help="A..B: every rules function the commits changed (see the module doc)",
    )
    parser.add_argument("--summary", type=Path, help="only read the results of this scratch copy")
    parser.add_argument("--rst", type=Path, help="write the run's summary table here")
    parser.add_argument("--list", action="store_true", help="only list the functions chosen")
    args = parser.parse_args(argv)
    only = {m for m in args.modules.split(",") if m} or None
    named = [f for f in args.only_functions.split(",") if f]
    if args.changed:
        named += changed(args.changed)
    if named:
        paths, patterns = chosen(named)
    else:
        paths, patterns = modules(only), sample(args.functions, args.seed, only)
    tests = rule_tests(paths)
    if args.list:
        print("\n".join(p.removesuffix("__mutmut_*") for p in patterns))
        print(f"{len(patterns)} functions, {len(tests)} tests by rule id")
        return 0
    if args.summary is not None:
        work = args.summary
        settings = tomllib.loads((work / "pyproject.toml").read_text(encoding="utf-8"))
        tests = settings["tool"]["mutmut"]["pytest_add_cli_args_test_selection"]  # as run
    else:
        work = scratch(paths, tests)
        print(
            f"{len(paths)} modules, {len(patterns)} functions, {len(tests)} tests by "
            f"rule id; scratch copy {work}",
            flush=True,
        )
        subprocess.run(
            ["mutmut", "run", "--max-children", str(args.max_children), *patterns],
            cwd=work,
            check=False,
        )
    counts, survivors = tally(work, patterns)
    killed, survived = counts["killed"], counts["survived"]
    tried = killed + survived
    print(dict(counts))
    if args.rst is not None:
        command = " ".join(["python tools/mutation.py", *_described(args)])
        args.rst.write_text(table(command, len(patterns), len(tests), counts), encoding="utf-8")
    if tried:
        print(f"score: {killed}/{tried} killed = {100 * killed / tried:.1f}%")
    for name in survivors:
        print(f"survived: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
