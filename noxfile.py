"""Developer and CI sessions.

``nox -s ci`` is the whole test suite as CI runs it: lint, typecheck, the rule-registry
check, the tests (fast Hypothesis profile), the docs (warnings as errors) and the
packaging check (sdist, wheel built from it, installed in a fresh environment), in one
environment on the oldest supported Python, then the engine's tests on every other
CPython of this machine (``tests-3.X`` sessions, :data:`ENGINE_TESTS`), and last the
engine's tests and the state machine properties on the compiled wheel (``compiled``: the
mypyc build, installed in a fresh environment, :data:`COMPILED_TESTS`). nox prints each
session's time at the end.

The supported versions are the ``Programming Language :: Python :: 3.X`` classifiers of
``pyproject.toml``. Interpreters are looked up on ``PATH``; where pyenv manages them,
every CPython >= 3.11 that pyenv has installed is made visible, not only the active one.
Nothing is downloaded: a missing interpreter is skipped locally and fails on CI (nox's
default when ``CI`` is set).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import tempfile
import tomllib
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
OLDEST = (3, 11)
"""The oldest CPython the project supports."""
_MINORS = range(OLDEST[1], 40)
"""The minor versions of Python 3 to look for on the machine."""

nox.options.default_venv_backend = "venv"
nox.options.download_python = "never"
nox.options.sessions = ["ci"]
nox.options.reuse_existing_virtualenvs = True

ALL = ".[test,typecheck,lint,docs,dist,bench,rl,ray,png,web]"

ENGINE_TESTS = (
    "tests/golden",
    "tests/kernel",
    "tests/api",
    "tests/properties/test_rng.py",
    "tests/test_card_files.py",
    "tests/test_cli.py",
    "tests/test_cli_failures.py",
)
"""What CI runs on every other interpreter (``tests-3.X``, notified by ``ci``): the
golden playthroughs first (they prove the same games, action indices and state digests on
each interpreter), the kernel (random generator, JSON, copies, the machine), the public
API (new games, saved states, replay), the card files and the command line. The rule
chapters' scenario tests (``tests/mitosz``, ``tests/mythos``), the bots and play tools,
the docs, packaging, adapter, fuzzing and property suites do not depend on the
interpreter's minor version and run once, in ``ci``, and again on the compiled wheel;
``nox -s tests-3.12`` run by hand runs the whole suite."""

RULE_TESTS = ("tests/mitosz", "tests/mythos", "tests/ai", "tests/play")
"""The rule chapters' scenario tests, the AI interface and the play tools: run in ``ci``
and on the compiled wheel, whose modules they exercise."""

COMPILED_TESTS = (
    *ENGINE_TESTS,
    *RULE_TESTS,
    "tests/properties/test_game_machine.py",
    "tests/properties/test_mythos_machine.py",
    "tests/properties/test_referee.py",
    "tests/properties/test_pickling.py",
    "tests/properties/test_saved_states.py",
    "tests/properties/test_action_types.py",
)
"""What CI runs on the compiled wheel (``compiled``, notified by ``ci``): the engine's
tests and the state machine properties, which play random games through the compiled
modules and check every rule invariant at each decision; ``nox -s compiled`` run by
hand runs the whole suite."""


def _declared_pythons() -> tuple[str, ...]:
    """The Python versions that ``pyproject.toml``'s classifiers declare, oldest first."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = []
    for classifier in project["classifiers"]:
        match = re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", classifier)
        if match:
            found.append(int(match.group(1)))
    return tuple(f"3.{minor}" for minor in sorted(found))


def _pyenv_versions() -> None:
    """Let interpreter discovery see every CPython >= 3.11 installed by pyenv.

    pyenv's shims run only the active versions; ``PYENV_VERSION`` lists several (as
    ``pyenv shell 3.11.7 3.12.1`` does). The active version stays first, so ``python3``
    means what it meant before. Nothing changes where pyenv is absent or
    ``PYENV_VERSION`` is already set."""
    if "PYENV_VERSION" in os.environ or shutil.which("pyenv") is None:
        return
    try:
        active = subprocess.run(
            ["pyenv", "version-name"], capture_output=True, text=True, check=True
        ).stdout.strip()
        installed = subprocess.run(
            ["pyenv", "versions", "--bare", "--skip-aliases"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return
    wanted = [active] if active and active != "system" else []
    for name in installed:
        match = re.fullmatch(r"3\.(\d+)\.\d+", name)
        if match and int(match.group(1)) >= OLDEST[1] and name not in wanted:
            wanted.append(name)
    if wanted:
        os.environ["PYENV_VERSION"] = ":".join(wanted)


def _present_pythons() -> tuple[str, ...]:
    """The ``python3.X`` (X >= 11) interpreters on ``PATH`` that run."""
    found = []
    for minor in _MINORS:
        exe = shutil.which(f"python3.{minor}")
        if exe is None:
            continue
        try:
            subprocess.run([exe, "-c", ""], capture_output=True, check=True)
        except (OSError, subprocess.CalledProcessError):
            continue
        found.append(f"3.{minor}")
    return tuple(found)


_pyenv_versions()
DECLARED = _declared_pythons()
"""The supported Python versions (pyproject classifiers), oldest first."""
PYTHONS = tuple(sorted({*DECLARED, *_present_pythons()}, key=lambda v: int(v.split(".")[1])))
"""Every version the tests run on: the declared ones and any newer one on the machine."""
CI_PYTHON = DECLARED[0]
"""The interpreter of the ``ci`` session: the oldest supported one."""


def _lint(session: nox.Session) -> None:
    paths = ("src", "tests", "tools", "benchmarks", "noxfile.py", "docs")
    session.run("ruff", "check", *paths)
    session.run("ruff", "format", "--check", *paths)


def _typecheck(session: nox.Session) -> None:
    session.run(
        "mypy", "--strict", "src", "tests", "tools", "benchmarks", "docs/_ext", "docs/check_docs.py"
    )


def _registry(session: nox.Session) -> None:
    session.run("python", "tools/check_registry.py")


def _tests(session: nox.Session, *args: str, mermaid: bool = False) -> None:
    env = {"HYPOTHESIS_PROFILE": "ci"}
    if mermaid:  # the diagram parse check and the browser test must run, not be skipped
        env["MITOSZ_REQUIRE_MERMAID"] = "1"
        env["MITOSZ_REQUIRE_BROWSER"] = "1"
    session.run("pytest", "-q", "-n", "auto", *args, env=env)  # a worker per core


def _mermaid(session: nox.Session) -> None:
    """Install Mermaid and its parser's DOM from the npm registry into tools/mermaid
    (package-lock.json pins them): the docs bundle it, a test parses each diagram."""
    session.run("npm", "ci", "--prefix", "tools/mermaid", "--no-audit", "--no-fund", external=True)


def _docs(session: nox.Session) -> None:
    session.run(
        "sphinx-build", "-W", "--keep-going", "-n", "-b", "html", "docs", "docs/_build/html"
    )
    session.run("sphinx-build", "-W", "-b", "doctest", "docs", "docs/_build/doctest")
    session.run("python", "docs/check_docs.py")


def _dist(session: nox.Session) -> None:
    """Build the sdist and, from it, the wheel (``python -m build``); check what they
    hold (``tools/check_dist.py``); install the wheel in a fresh environment and play a
    Mítosz and a MYTHOS game from it, outside the source tree, then replay, draw and
    simulate from it."""
    work = Path(session.create_tmp()).resolve()
    dist = work / "dist"
    env = work / "wheel-env"
    for old in (dist, env):
        shutil.rmtree(old, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(dist), ".")
    session.run("python", "tools/check_dist.py", str(dist))
    wheel = next(dist.glob("*.whl"))
    session.run("python", "-m", "venv", str(env))
    python = str(env / "bin" / "python")
    script = str(env / "bin" / "mitosz-core")
    session.run(python, "-m", "pip", "install", "--quiet", str(wheel), external=True)
    with session.chdir(work):
        session.run(script, "demo", "--seed", "1", external=True, silent=True)
        session.run(
            script, "demo", "--ruleset", "mythos", "--seed", "1", external=True, silent=True
        )
        session.run(script, "rules", "--ruleset", "mythos", external=True, silent=True)
        session.run(script, "cards", "show", "Zeus (high god)", external=True, silent=True)
        # the play-watch-simulate commands (docs/play.rst) from the fresh install too
        game = str(Path(__file__).resolve().parent / "docs" / "figures" / "game-mythos.json")
        session.run(script, "replay", game, "--json", "--to", "1", external=True, silent=True)
        session.run(script, "render", game, "-o", "board.svg", external=True, silent=True)
        session.run(
            script, "simulate", "--ruleset", "mythos", "--games", "2", "--bots", "heuristic",
            "random", external=True, silent=True,
        )  # fmt: skip


def _supported(session: nox.Session) -> None:
    if session.python not in DECLARED:
        session.error(
            f"Python {session.python} is on this machine but not supported by pyproject.toml"
            " (requires-python and the classifiers): declare it to test it"
        )


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install("-e", ".[lint]")
    _lint(session)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on src, tests, tools and benchmarks."""
    session.install("-e", ".[test,typecheck,bench,rl]")
    _typecheck(session)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """pytest with the fast, derandomised Hypothesis profile, on each supported CPython
    (``nox -s tests-3.12`` for one)."""
    _supported(session)
    session.install("-e", ".[test,typecheck,bench,rl]")  # mypy: the typed-API check
    _tests(session, *session.posargs)


@nox.session
def properties(session: nox.Session) -> None:
    """The stateful property suite with the deep Hypothesis profile, and its reach
    report (``tests/properties/reach.py``): prints the machine states and rule ids
    reached, fails if a state of the Mítosz or the MYTHOS machine is never reached, and
    writes the table of the run (time included) that ``docs/reliability.rst`` shows,
    ``docs/figures/properties.inc`` (``MITOSZ_DEEP_EXAMPLES`` sets the examples per test)."""
    session.install("-e", ".[test,rl]")  # rl: the adapters' properties run too
    session.run(
        "pytest",
        "-q",
        "tests/properties",
        *session.posargs,
        env={
            "HYPOTHESIS_PROFILE": "deep",
            "MITOSZ_REACH_REPORT": "reach-report.json",
            "MITOSZ_REACH_REQUIRE": "1",
            "MITOSZ_REACH_RST": "docs/figures/properties.inc",
        },
    )


@nox.session
def fuzz(session: nox.Session) -> None:
    """The long fuzz run of every loader (``tests/fuzz``, see docs/reliability.rst):
    ``MITOSZ_FUZZ_MINUTES`` (default 60) shared among the loaders; prints inputs tried,
    errors by class and failures per loader, writes them to ``fuzz-report.json`` and each
    failing input to ``fuzz-failures/``, and fails if any input failed. Arguments go to
    pytest, e.g. ``nox -s fuzz -- -k replay`` (the other loaders' shares are then not run)."""
    session.install("-e", ".[test]")
    session.run(
        "pytest",
        "-q",
        "tests/fuzz/test_loaders.py",
        *session.posargs,
        env={
            "MITOSZ_FUZZ_MINUTES": os.environ.get("MITOSZ_FUZZ_MINUTES", "60"),
            "MITOSZ_FUZZ_REPORT": "fuzz-report.json",
            "MITOSZ_FUZZ_FAILURES": "fuzz-failures",
        },
    )


@nox.session
def soak(session: nox.Session) -> None:
    """The soak (``tools/soak.py``, see docs/reliability.rst): 10,000 random games of
    Mítosz for 2 to 4 players and MYTHOS on two processes, the validator after every
    step and illegal actions from other games tried (under half an hour on 2 cores);
    writes ``docs/figures/soak.inc``, the table of ``docs/reliability.rst``. Arguments go
    to the tool, e.g. ``nox -s soak -- --minutes 5``."""
    session.install("-e", ".")
    session.run(
        "python", "tools/soak.py", "--report", "soak-report.json",
        "--rst", "docs/figures/soak.inc", *session.posargs,
    )  # fmt: skip


@nox.session
def mutation(session: nox.Session) -> None:
    """A sampled mutation run over the Mítosz rules modules with mutmut (not in CI; about
    an hour on 2 cores): 3 functions per module, tests selected by rule id, then per
    mutant by mutmut; the slowest tests (random whole games) run on the survivors only.
    Arguments go to ``tools/mutation.py``, e.g.
    ``nox -s mutation -- --functions 2 --modules turn,victory`` for a short sample, or
    ``nox -s mutation -- --changed A..B`` for every rules function a range of commits
    changed (``docs/reliability.rst``, "Mutation testing")."""
    session.install("-e", ".[test]", "mutmut>=3.8")
    session.run("python", "tools/mutation.py", *session.posargs)


@nox.session
def registry(session: nox.Session) -> None:
    """Check the rule registry against the tests' rule markers."""
    session.install("-e", ".[test,bench,rl]")
    _registry(session)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx site with warnings as errors, and run its doctests."""
    session.install("-e", ".[docs]")
    _mermaid(session)
    _docs(session)


@nox.session
def dist(session: nox.Session) -> None:
    """Build sdist and wheel, check them, and play games from the installed wheel."""
    session.install(".[dist]")
    _dist(session)


COMPILED_EXTRAS = "test,typecheck,bench,rl,png"
"""The extras the compiled wheel is tested with: those of the ``tests`` sessions, and the
board pictures as PNG, as ``ci`` has them."""


def _compiled_wheel(session: nox.Session, work: Path) -> Path:
    """Build the compiled wheel (the mypyc build hook of ``pyproject.toml``) from a fresh
    sdist into ``work``, and return it. Built from the sdist, the extension modules that
    hatch-mypyc writes beside their sources land in the unpacked sdist, not in ``src/``."""
    dist = work / "compiled-dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.run(
        "python", "-m", "build", "--outdir", str(dist), ".", env={"HATCH_BUILD_HOOKS_ENABLE": "1"}
    )
    return next(dist.glob("*.whl"))


@nox.session(python=CI_PYTHON)
def compiled(session: nox.Session) -> None:
    """The compiled build (mypyc, see docs/performance.rst): build the compiled wheel,
    install it with the test extras in a fresh environment, check that the hot modules
    are extension modules there, and run the whole test suite on it (the tests import
    the installed package). Arguments go to pytest."""
    session.install("build>=1.2")
    work = Path(session.create_tmp()).resolve()
    wheel = _compiled_wheel(session, work)
    env = work / "compiled-env"
    shutil.rmtree(env, ignore_errors=True)
    session.run("python", "-m", "venv", str(env))
    python = str(env / "bin" / "python")
    requirement = f"{wheel}[{COMPILED_EXTRAS}]"
    session.run(python, "-m", "pip", "install", "--quiet", requirement, external=True)
    session.run(python, "tools/check_compiled.py", external=True)
    # the tests' temporary files outside the checkout, as in the other sessions (create_tmp
    # points TMPDIR into .nox/, and mypy would then name a test's files by relative paths)
    variables = {"HYPOTHESIS_PROFILE": "ci", "TMPDIR": tempfile.gettempdir()}
    session.run(
        python, "-m", "pytest", "-q", "-n", "auto", *session.posargs, env=variables, external=True
    )


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark suite (``benchmarks/``): the checkout against the baseline commit,
    interleaved in one run (about 10 minutes on 2 cores; ``nox -s bench -- --quick`` for
    a one-minute smoke run, ``-- --help`` for the options). The checkout is installed as
    a wheel, not editable, as the baseline is."""
    session.install(".[bench]")
    session.run("python", "-m", "benchmarks.run", *session.posargs)


@nox.session
def instructions(session: nox.Session) -> None:
    """The engine's machine instructions per decision (``benchmarks/instructions.py``,
    callgrind: no load on the machine changes them), Mítosz for 2 and 4 players and
    MYTHOS for 2, 3 seeded games each, against the figure kept at the commit where the
    speed work started (``benchmarks/instructions-baseline.json``); writes
    ``docs/figures/instructions.inc``; then where a 2-player decision's time goes, by the
    parts the speed work names, and the ten functions with the most time of their own
    (``benchmarks/profile.py``, cProfile of 8 seeded games): ``docs/figures/profile.inc``.
    Needs valgrind with its headers and a C compiler; a minute or two of one core."""
    session.install(".[bench,rl]")  # rl: the workloads module reads the adapters
    session.run(
        "python", "-m", "benchmarks.instructions", "--engine", "--games", "3",
        "--against", "benchmarks/instructions-baseline.json",
        "--rst", "docs/figures/instructions.inc",
    )  # fmt: skip
    session.run(
        "python", "-m", "benchmarks.profile", "--games", "8", "--own", "10",
        "--rst", "docs/figures/profile.inc",
    )  # fmt: skip


@nox.session
def load(session: nox.Session) -> None:
    """The game server's bounded load test (``benchmarks/server_load.py``): 200 MYTHOS
    tables played at once, every seat a WebSocket client, the server restarted in the
    middle, without board pictures; then 40 tables whose seats ask for the pictures as
    the browser client does. Writes ``docs/figures/server-load.inc`` and
    ``server-load-pictures.inc``, and the docs' screenshot of a game in the browser
    (the browser test with ``MITOSZ_SCREENSHOT``). About 15 minutes on 2 cores."""
    session.install(".[web,test]")
    figures = Path("docs/figures")
    session.run(
        "python", "-m", "benchmarks.server_load", "--tables", "200", "--restart-after", "30",
        "--rst", str(figures / "server-load.inc"),
    )  # fmt: skip
    session.run(
        "python", "-m", "benchmarks.server_load", "--tables", "40", "--pictures",
        "--restart-after", "30", "--rst", str(figures / "server-load-pictures.inc"),
    )  # fmt: skip
    shot = {"MITOSZ_SCREENSHOT": str(figures / "server-game.png"), "MITOSZ_REQUIRE_BROWSER": "1"}
    session.run("pytest", "-q", "tests/web/test_browser.py", env=shot)


@nox.session
def strength(session: nox.Session) -> None:
    """Bot strength (``benchmarks/strength.py``): heuristic against random and search
    against heuristic, 400 games a match with seats and decks swapped, 95% Wilson
    intervals, for both rulesets (about an hour and a quarter on 2 cores); writes
    ``docs/figures/strength.inc``. Arguments go to the script, e.g. ``-- --games 40``.
    Then OpenSpiel's ``ISMCTSBot`` and ``MCTSBot`` against a uniform random player
    through the adapter (``benchmarks/openspiel_strength.py``: 200 games a match, seats
    alternating, deck pairs rotating, 95% Wilson intervals), writing
    ``docs/figures/strength-openspiel.inc``; that script takes its arguments from the
    environment variable ``OPENSPIEL_STRENGTH_ARGS``, e.g. ``--games 20 --simulations 2``."""
    session.install(".[rl]")
    session.run(
        "python",
        "-m",
        "benchmarks.strength",
        "--rst",
        "docs/figures/strength.inc",
        *session.posargs,
    )
    session.run(
        "python",
        "-m",
        "benchmarks.openspiel_strength",
        "--rst",
        "docs/figures/strength-openspiel.inc",
        *shlex.split(os.environ.get("OPENSPIEL_STRENGTH_ARGS", "")),
    )


@nox.session
def learn(session: nox.Session) -> None:
    """An off-the-shelf learner learns (``mitosz_core.adapters.learn``, see
    docs/howto-train.rst): the learn extra's smoke test, then sb3-contrib's MaskablePPO
    trained through the Gymnasium wrapper against the random bot, then the heuristic one,
    and evaluated over 200 games against the random bot, for both rulesets on two
    processes (about half an hour on 2 cores); writes ``docs/figures/learn.inc``. The extra
    (torch) is not in CI's install: its smoke run is here. Arguments go to the script,
    e.g. ``-- --random-steps 4096 --heuristic-steps 0 --games 20`` for a short look."""
    session.install(".[learn,test]")
    session.run("pytest", "-q", "-m", "single_interpreter", "tests/adapters/test_learn.py")
    session.run(
        "python",
        "-m",
        "mitosz_core.adapters.learn",
        "--rst",
        "docs/figures/learn.inc",
        *session.posargs,
    )


@nox.session
def figures(session: nox.Session) -> None:
    """The board pictures and the simulation tables of the built-in decks on the docs
    page ``play.rst`` (``docs/figures.py``; a few minutes on 2 cores). Arguments go to
    the script, e.g. ``-- --games 100``."""
    session.install(".", "pexpect")
    session.run("python", "docs/figures.py", *session.posargs)


@nox.session(python=CI_PYTHON)
def ci(session: nox.Session) -> None:
    """Everything CI checks: lint, typecheck, registry, tests, docs and the packaging
    check on the oldest supported Python, then the tests on every other one and on the
    compiled wheel."""
    session.install("-e", ALL)
    _lint(session)
    _typecheck(session)
    _registry(session)
    _mermaid(session)
    _tests(session, mermaid=True)
    session.run("python", "tools/soak.py", "--games", "40", "--workers", "2")  # short soak
    _docs(session)
    _dist(session)
    for version in PYTHONS:
        if version != CI_PYTHON:
            session.notify(f"tests-{version}", posargs=ENGINE_TESTS)
    session.notify("compiled", posargs=COMPILED_TESTS)
