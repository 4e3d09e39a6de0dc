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
copyright = "mitosz-core developers"  # noqa: A001
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

exclude_patterns = ["_build", "_ext", "check_docs.py"]
templates_path: list[str] = []

html_theme = "furo"
html_title = "mitosz-core"

# Type hints go into the parameter descriptions, where they are cross-referenced.
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented"
autodoc_member_order = "bysource"
autodoc_class_signature = "separated"
autodoc_preserve_defaults = True
autodoc_default_options = {"members": True}

napoleon_google_docstring = True
napoleon_numpy_docstring = False

doctest_global_setup = "import mitosz_core as mc"

nitpicky = True
# No intersphinx (the build runs without network), so names from the standard library
# and from typing cannot resolve. Only those are ignored here; every project name must
# resolve. ``G`` and ``T`` are the type variables of the generic kernel classes.
nitpick_ignore = [
    ("py:class", "G"),
    ("py:class", "T"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "enum.StrEnum"),
]

# The generated rule reference links these modules with :mod: (they have API pages);
# other implementing modules are shown as literal text.
mitosz_documented_modules = [
    "mitosz_core.errors",
    "mitosz_core.rulesets.mitosz.actions",
    "mitosz_core.rulesets.mitosz.cards",
]
