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

The slowest tests of the selection (:data:`LEFT_OUT`: random whole games, which reach
nearly every rules function and take most of the time of each mutant's run) are left out
of each mutant's run, and run afterwards on each survivor alone: ``mutmut apply`` writes
the mutant into the scratch copy's source, the left-out tests run on it, the source is put
back. A survivor they kill counts as killed ("killed afterwards" in the table); the
results are kept in ``DIR/rechecked.json``, and ``--recheck DIR`` does this step alone for
an earlier run's scratch copy. ``--all-tests`` leaves nothing out.

``--rerun DIR`` runs the survivors of an earlier run's scratch copy ``DIR`` (those the
left-out tests did not kill either) again, in a new scratch copy, against the tests of
:data:`WIDE` (every rules test, not only those chosen by rule id: the wiring's in
``tests/architecture``, the kernel's, the golden playthroughs' and the properties'); mutmut
still runs, for each mutant, the tests that reach its function. mutmut picks the mutant
of each call as it is made, so a mutant of a function that ran while the rules were
imported (the step tables and the wiring are built then) never took effect in a run:
those are applied to the source instead and run against :data:`AT_IMPORT`. Its table
counts those survivors only.

The score is printed at the end: killed / (killed + survived), and the surviving mutants
by name (``mutmut show NAME`` in the scratch copy shows each diff).
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

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
pytest_add_cli_args = {deselect}
also_copy = ["tests", "specs"]
"""
"""mutmut's settings, added to the scratch copy's ``pyproject.toml`` only."""

LEFT_OUT = (
    "tests/mitosz/test_ch6_game_flow.py::test_random_games_end_by_the_rules",
    "tests/mitosz/test_fight_turns.py"
    "::test_nobody_makes_two_deeds_in_a_row_in_a_combat_round_of_random_games",
)
"""The tests left out of each mutant's run and run on each survivor afterwards: random
whole games of 2, 3 and 4 players, about two thirds of the selection's time."""
WIDE = ["tests/mitosz", "tests/golden", "tests/properties", "tests/architecture", "tests/kernel"]
"""The tests of a ``--rerun``: every test of the rules, their wiring, the kernel they run
on, the golden playthroughs and the properties (the slow ones of :data:`LEFT_OUT` still
left out; they were run on the survivors already)."""
AT_IMPORT = ("tests/architecture", "tests/golden/test_action_indices.py", "tests/mitosz")
"""The tests a ``--rerun`` runs on each mutant of a function the rules call while they are
imported (:func:`import_time_functions`), applied to the source: mutmut chooses the mutant
of a call when it is made, and these calls were made before, so under mutmut such mutants
never take effect."""
NOT_UNDER_MUTMUT = ("tests/mitosz/test_rule_code.py", "tests/properties/test_pickling.py")
"""Tests of :data:`WIDE` that cannot run on mutmut's copy of the source: the first reads
the rules' source files, where mutmut keeps every mutant of a function beside it; the
second pickles functions, which mutmut has renamed."""
RECHECKED = "rechecked.json"
"""The file of a scratch copy that keeps which survivors the left-out tests killed."""


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


def left_over(work: Path) -> list[str]:
    """The survivors of the scratch copy ``work`` that its left-out tests did not kill."""
    _, survivors = tally(work, ["*"])
    kept = work / RECHECKED
    rechecked: dict[str, bool] = json.loads(kept.read_text()) if kept.is_file() else {}
    return [name for name in survivors if not rechecked.get(name)]


def import_time_functions() -> set[str]:
    """The rules functions (``module.function``, dotted from the rules package) that run
    while ``mitosz_core.mitosz`` is imported: the engine's step tables and wiring are
    built then."""
    probe = (
        "import sys\n"
        "seen = set()\n"
        "def note(frame, event, arg):\n"
        "    if event == 'call':\n"
        "        seen.add((frame.f_globals.get('__name__', ''), frame.f_code.co_name))\n"
        "sys.setprofile(note)\n"
        "import mitosz_core.mitosz\n"
        "sys.setprofile(None)\n"
        "print('\\n'.join(f'{m}.{f}' for m, f in sorted(seen)))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env
    ).stdout
    prefix = PACKAGE + "."
    return {line[len(prefix) :] for line in out.splitlines() if line.startswith(prefix)}


def function_of(mutant: str) -> str:
    """``module.function`` (dotted from the rules package) of a mutant's name."""
    module, _, rest = mutant.partition(".x_")
    return f"{module[len(PACKAGE) + 1 :]}.{rest.rpartition('__mutmut_')[0]}"


def mutmut_settings(work: Path) -> dict[str, Any]:
    """The mutmut settings the scratch copy ``work`` was run with."""
    settings = tomllib.loads((work / "pyproject.toml").read_text(encoding="utf-8"))
    found: dict[str, Any] = settings["tool"]["mutmut"]
    return found


def mutated_paths(work: Path) -> list[Path]:
    """The source files the scratch copy ``work`` mutated, as paths of this repository."""
    return [ROOT / path for path in mutmut_settings(work)["only_mutate"]]


def source_of(work: Path, mutant: str) -> Path:
    """The source file of the scratch copy ``work`` that holds ``mutant``'s function."""
    module = mutant.partition(".x_")[0]
    return work.joinpath("src", *module.split(".")).with_suffix(".py")


def recheck(work: Path, survivors: list[str], left_out: tuple[str, ...]) -> dict[str, bool]:
    """Whether the ``left_out`` tests kill each survivor of the scratch copy ``work``,
    each applied alone to its source and put back after (kept in :data:`RECHECKED`, so a
    survivor is checked once)."""
    kept = work / RECHECKED
    found: dict[str, bool] = json.loads(kept.read_text()) if kept.is_file() else {}
    env = {**os.environ, "PYTHONPATH": f"{work / 'src'}{os.pathsep}{work}"}
    for name in survivors:
        if name in found or not left_out:
            continue
        path = source_of(work, name)
        original = path.read_bytes()
        try:
            subprocess.run(["mutmut", "apply", name], cwd=work, check=True, capture_output=True)
            run = subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *left_out],
                cwd=work,
                env=env,
                capture_output=True,
                check=False,
            )
        finally:
            path.write_bytes(original)
        found[name] = run.returncode != 0
        kept.write_text(json.dumps(found, indent=1, sort_keys=True), encoding="utf-8")
        verdict = "killed" if found[name] else "survived"
        print(f"{verdict} applied, by {len(left_out)} test paths: {name}", flush=True)
    return found


def table(
    command: str,
    chosen_: tuple[str, str],
    counts: Counter[str],
    afterwards: str = "by the tests left out of each mutant's run",
) -> str:
    """A run's summary as the list-table ``docs/reliability.rst`` shows; ``chosen_`` is the
    row that says which mutants and tests it ran (its name and its text), ``afterwards``
    what killed the mutants counted as killed afterwards."""
    killed, survived = counts["killed"] + counts["killed afterwards"], counts["survived"]
    tried = killed + survived
    rows = [
        ("command", f"``{command}``"),
        chosen_,
        ("mutants", f"{sum(counts.values()):,}, of which {tried:,} were run to a verdict"),
        ("killed", f"{killed:,}"),
        (
            "of which afterwards",
            f"{counts['killed afterwards']:,} ({afterwards})",
        ),
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
    every = ["--all-tests"] if args.all_tests else []
    if args.changed:
        return [f"--changed {args.changed}", *every]
    if args.only_functions:
        return [f"--only-functions {args.only_functions}", *every]
    out = [f"--functions {args.functions}", f"--seed {args.seed}"]
    out += [f"--modules {args.modules}"] if args.modules else []
    return out + every


def scratch(paths: list[Path], tests: list[str], left_out: tuple[str, ...]) -> Path:
    work = Path(tempfile.mkdtemp(prefix="mitosz-mutation-"))
    for part in ("src", "tests", "specs"):
        shutil.copytree(ROOT / part, work / part, ignore=shutil.ignore_patterns("__pycache__"))
    only = [str(p.relative_to(ROOT)) for p in paths]
    deselect = [arg for test in left_out for arg in ("--deselect", test)]
    config = CONFIG.format(
        only=json.dumps(only), tests=json.dumps(tests), deselect=json.dumps(deselect)
    )
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
    parser.add_argument(
        "--recheck", type=Path, help="only run the left-out tests on this scratch copy's survivors"
    )
    parser.add_argument(
        "--all-tests", action="store_true", help="leave no test out of each mutant's run"
    )
    parser.add_argument(
        "--rerun", type=Path, help="run this scratch copy's survivors again against WIDE tests"
    )
    parser.add_argument("--rst", type=Path, help="write the run's summary table here")
    parser.add_argument("--list", action="store_true", help="only list the functions chosen")
    args = parser.parse_args(argv)
    only = {m for m in args.modules.split(",") if m} or None
    named = [f for f in args.only_functions.split(",") if f]
    if args.changed:
        named += changed(args.changed)
    if args.rerun:
        return rerun(args)
    if named:
        paths, patterns = chosen(named)
    else:
        paths, patterns = modules(only), sample(args.functions, args.seed, only)
    tests = rule_tests(paths)
    if args.list:
        print("\n".join(p.removesuffix("__mutmut_*") for p in patterns))
        print(f"{len(patterns)} functions, {len(tests)} tests by rule id")
        return 0
    left_out = () if args.all_tests else LEFT_OUT
    earlier = args.summary or args.recheck
    if earlier is not None:
        work = earlier
        settings = mutmut_settings(work)
        tests = settings["pytest_add_cli_args_test_selection"]  # as run
        deselected = settings.get("pytest_add_cli_args", [])[1::2]
        left_out = tuple(deselected)
    else:
        work = scratch(paths, tests, left_out)
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
    if args.summary is None:
        rechecked = recheck(work, survivors, left_out)
    else:
        kept = work / RECHECKED
        rechecked = json.loads(kept.read_text()) if kept.is_file() else {}
    afterwards = [name for name in survivors if rechecked.get(name)]
    counts["survived"] -= len(afterwards)
    counts["killed afterwards"] += len(afterwards)
    survivors = [name for name in survivors if not rechecked.get(name)]
    killed, survived = counts["killed"] + counts["killed afterwards"], counts["survived"]
    tried = killed + survived
    print(dict(counts))
    if args.rst is not None:
        command = " ".join(["python tools/mutation.py", *_described(args)])
        what = ("functions", f"{len(patterns)}, with {len(tests)} tests chosen by rule id")
        args.rst.write_text(table(command, what, counts), encoding="utf-8")
    if tried:
        print(f"score: {killed}/{tried} killed = {100 * killed / tried:.1f}%")
    for name in survivors:
        print(f"survived: {name}")
    return 0


def rerun(args: argparse.Namespace) -> int:
    """``--rerun DIR``: DIR's survivors again, in a new scratch copy, against :data:`WIDE`
    under mutmut, or, for a function run at import, applied to the source against
    :data:`AT_IMPORT`."""
    names = left_over(args.rerun)
    at_import = import_time_functions()
    applied = [name for name in names if function_of(name) in at_import]
    others = [name for name in names if name not in applied]
    work = scratch(mutated_paths(args.rerun), WIDE, (*LEFT_OUT, *NOT_UNDER_MUTMUT))
    print(f"{len(names)} survivors ({len(applied)} run at import); scratch copy {work}")
    # mutmut makes the mutants of every mutated file when it starts, the applied ones too
    subprocess.run(
        ["mutmut", "run", "--max-children", str(args.max_children), *(others or names[:1])],
        cwd=work,
        check=False,
    )
    counts, survivors = tally(work, others) if others else (Counter[str](), [])
    killed = recheck(work, applied, AT_IMPORT)
    counts["killed afterwards"] += sum(killed[name] for name in applied)
    counts["survived"] += sum(not killed[name] for name in applied)
    survivors += [name for name in applied if not killed[name]]
    print(dict(counts))
    if args.rst is not None:
        what = ("survivors", f"{len(names)} of a run, with the tests of {', '.join(WIDE)}")
        note = "functions run at import, their mutants applied to the source"
        args.rst.write_text(
            table(f"python tools/mutation.py --rerun {args.rerun.name}", what, counts, note),
            encoding="utf-8",
        )
    for name in survivors:
        print(f"survived: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
