"""Developer and CI sessions.

``nox -s ci`` is the whole test suite as CI runs it: lint, typecheck, the rule-registry
check, the tests (fast Hypothesis profile) and the docs (warnings as errors), in one
environment so that everything is installed once.
"""

from __future__ import annotations

import os

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["ci"]
nox.options.reuse_existing_virtualenvs = True

ALL = ".[test,typecheck,lint,docs]"


def _lint(session: nox.Session) -> None:
    session.run("ruff", "check", "src", "tests", "tools", "noxfile.py", "docs")
    session.run("ruff", "format", "--check", "src", "tests", "tools", "noxfile.py", "docs")


def _typecheck(session: nox.Session) -> None:
    session.run("mypy", "--strict", "src", "tests", "tools", "docs/_ext", "docs/check_docs.py")


def _registry(session: nox.Session) -> None:
    session.run("python", "tools/check_registry.py")


def _tests(session: nox.Session, *args: str) -> None:
    session.run("pytest", "-q", *args, env={"HYPOTHESIS_PROFILE": "ci"})


def _docs(session: nox.Session) -> None:
    session.run(
        "sphinx-build", "-W", "--keep-going", "-n", "-b", "html", "docs", "docs/_build/html"
    )
    session.run("sphinx-build", "-W", "-b", "doctest", "docs", "docs/_build/doctest")
    session.run("python", "docs/check_docs.py")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install("-e", ".[lint]")
    _lint(session)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on src, tests and tools."""
    session.install("-e", ".[test,typecheck]")
    _typecheck(session)


@nox.session
def tests(session: nox.Session) -> None:
    """pytest with the fast, derandomised Hypothesis profile."""
    session.install("-e", ".[test]")
    _tests(session, *session.posargs)


@nox.session
def properties(session: nox.Session) -> None:
    """The stateful property suite with the deep Hypothesis profile, and its reach
    report (``tests/properties/reach.py``): prints the machine states and rule ids
    reached, and fails if a state of the Mítosz or the MYTHOS machine is never reached
    (about 20 minutes on 2 cores; ``MITOSZ_DEEP_EXAMPLES`` sets the examples per test)."""
    session.install("-e", ".[test]")
    session.run(
        "pytest",
        "-q",
        "tests/properties",
        *session.posargs,
        env={
            "HYPOTHESIS_PROFILE": "deep",
            "MITOSZ_REACH_REPORT": "reach-report.json",
            "MITOSZ_REACH_REQUIRE": "1",
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
def registry(session: nox.Session) -> None:
    """Check the rule registry against the tests' rule markers."""
    session.install("-e", ".[test]")
    _registry(session)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx site with warnings as errors, and run its doctests."""
    session.install("-e", ".[docs]")
    _docs(session)


@nox.session
def bench(session: nox.Session) -> None:
    """Random-playout throughput."""
    session.install("-e", ".")
    session.run("mitosz-core", "bench", *session.posargs)


@nox.session
def ci(session: nox.Session) -> None:
    """Everything CI checks: lint, typecheck, registry, tests and docs."""
    session.install("-e", ALL)
    _lint(session)
    _typecheck(session)
    _registry(session)
    _tests(session)
    _docs(session)
