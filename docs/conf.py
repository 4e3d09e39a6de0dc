"""Sphinx configuration of the mitosz-core documentation.

Built in CI (``nox -s docs``) with ``sphinx-build -W --keep-going -n``: every warning
fails the build and every cross-reference must resolve.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(DOCS / "_ext"))

project = "mitosz-core"
author = "mitosz-core developers"
copyright = "mitosz-core developers"
release = "0.1.0"
version = "0.1"
language = "en"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "sphinxcontrib.mermaid",
    "mitosz_docs",
]

# ``:setting:`16 MiB```: a number that is chosen (a limit, a budget), not measured. It
# renders as plain text; docs/check_docs.py lets it stand in a hand-written page, where a
# measured figure must come from a fragment its benchmark writes (docs/figures/*.inc).
rst_prolog = """
.. role:: setting
"""

# The two generated fragments are pulled into hand-written pages with ``.. include::``.
exclude_patterns = [
    "_build",
    "_ext",
    "_vendor",
    "generated/rulings.rst",
    "generated/machine-mitosz.rst",
    "generated/rulings-mythos.rst",
    "generated/machine-mythos.rst",
    "generated/card-language.rst",
    "generated/card-pool.rst",
    "generated/actions.rst",
    "generated/keyword-actions.rst",
    "generated/observation-mitosz.rst",
    "generated/observation-mythos.rst",
    "generated/actionspace-mitosz.rst",
    "generated/actionspace-mythos.rst",
]
templates_path: list[str] = []
# Mermaid is served from the site itself (copied from the npm package at each build by
# mitosz_docs.vendor_mermaid), so an offline reader sees the diagrams.
html_static_path = ["_vendor"]
mermaid_use_local = "mermaid/mermaid.esm.min.mjs"

html_theme = "furo"
html_title = "mitosz-core"

# Type hints go into the parameter descriptions, where they are cross-referenced.
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_member_order = "bysource"
autodoc_class_signature = "separated"
autodoc_preserve_defaults = True

napoleon_google_docstring = True
napoleon_numpy_docstring = False

smartquotes = False  # show rule text exactly as the registry has it

# ``_EXAMPLES``: the folder of the example files, where the pages that read them run
# their examples (a hidden ``testsetup`` changes into it, ``testcleanup`` back).
doctest_global_setup = f"""
import os
from pathlib import Path

import mitosz_core as mc

_EXAMPLES = Path({str(DOCS / "examples")!r})
"""

nitpicky = True
# Only names that genuinely cannot resolve are ignored; every project name must resolve.
nitpick_ignore = [
    # jsonschema's error type, in the signatures of the bounded schema checks.
    ("py:class", "jsonschema.exceptions.ValidationError"),
    # The rulesets' game data, named by the position builders' return types.
    ("py:class", "mitosz_core.games.mitosz.state.Game"),
    ("py:class", "mitosz_core.games.mythos.state.Game"),
    # The type variables of the generic kernel classes (State[G], Rng.shuffled's T).
    ("py:class", "mitosz_core.kernel.state.G"),
    ("py:class", "mitosz_core.kernel.rng.T"),
    ("py:class", "mitosz_core.kernel.steps.G"),
    ("py:class", "mitosz_core.kernel.ruleset.G"),
    # Standard library: no intersphinx, because the build runs without network. Sequence
    # is used today; the other abstract collections are listed so that a new signature
    # using them does not break the build.
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "os.PathLike"),
    # The rulesets' game data (State.game) are internal and change with the rules; the
    # typed faces name them so that mypy checks user code, and what a player may read of
    # them is documented as the observation (observation.rst).
    ("py:class", "mitosz_core.games.mitosz.state.Game"),
    ("py:class", "mitosz_core.games.mythos.state.Game"),
]

# The generated rule reference links these modules with :mod: (they have API pages);
# other implementing modules are shown as literal text.
mitosz_documented_modules = [
    "mitosz_core.errors",
    "mitosz_core.games.mitosz.actions",
    "mitosz_core.games.mitosz.cards",
]
